"""Online play: the protocol, the server (``canasta serve``) and the client library.

Imports the engine, the computer players and persistence; never pygame.
"""
