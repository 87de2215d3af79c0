"""File formats for positions (and, later, game records), validated with pydantic."""
