"""The server's own words: every lobby error, refusal and notice the server sends, by code.

The server speaks English: it sends each ``error``, ``refusal`` and ``notice`` with its
``code``, the ``details`` the sentence names (numbers, a player's name, a reason) and the
English ``message`` built from the template below (other clients read that). The game's
window reads the code instead and shows :data:`WORDS`'s template from the player's own
catalogue, filled with the same details (:func:`say`), so a German player reads German
whatever the server's language. A code the window does not know (a newer server) shows the
server's English message.

The engine's refusals keep their own table (:data:`canasta.engine.refusals.MESSAGES`);
the server sends their details too, and :func:`say` rebuilds them the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from canasta.engine.refusals import Code, Refusal
from canasta.engine.speech import N_, _

#: Details that are themselves sentences of the catalogue (a reason, a storage problem):
#: they are translated too. Every other detail (a name, a number) is shown as sent.
WORD_DETAILS = frozenset({"why"})

#: The server's words by code (English templates marked for the catalogue; each names its
#: details in braces). docs/protocol/index.md#the-servers-words lists the codes and details.
WORDS: dict[str, str] = {
    # Errors: a message the server could not take, or a lobby request it refused.
    "too_big": N_("The server read no more than {limit} bytes of a message: it was too big."),
    "bad_json": N_("The server could not read a message: it was not JSON."),
    "bad_message": N_("The server could not read a message ({where})."),
    "rate_limited": N_("Too many messages at once: the server skipped one. Slow down."),
    "internal": N_("The server could not do that; try again."),
    "hello_first": N_("The connection must say hello to the server first."),
    "hello_twice": N_("The connection said hello to the server twice."),
    "version": N_(
        "the server is a newer version of Canasta (protocol {server}, this game "
        "{yours}): update Canasta"
    ),  # fmt: skip
    # (said for code "version" when the server's protocol is the older one)
    "version_older": N_(
        "the server is an older version of Canasta (protocol {server}, this "
        "game {yours}): its host needs to update it"
    ),  # fmt: skip
    # Refused at the door, or shown out (see canasta.net.door).
    "server_full": N_("The server is full; try again in a few minutes."),
    "address_full": N_(
        "Too many connections from your address (at most {limit}): close some and try again."
    ),  # fmt: skip
    "idle": N_(
        "Closed after {seconds} seconds without a table or the lobby: connect again to play."
    ),  # fmt: skip
    "too_fast": N_("Too many new connections from your address: wait a moment and try again."),
    "code_wait": N_("Too many wrong join codes: wait {seconds} seconds before trying again."),
    "codes": N_("Too many wrong join codes: the server closed the connection."),
    "bad_token": N_("your seat there is gone: that game is over or its table was closed"),
    # TRANSLATORS: {why} is one of the name rules, e.g. "a name has 1 to 24 characters".
    "bad_name": N_("That name cannot be used: {why}."),
    "not_seated": N_("Sit at a table first."),
    "already_seated": N_("Leave your table first."),
    "no_table": N_("There is no such table (it may have closed)."),
    "started": N_("That table's game has started."),
    "closed": N_("That table was closed."),
    "no_chair": N_("That table has chairs 1 to {chairs}."),
    "chair_taken": N_("Chair {chair} is taken: pick a free one."),
    "chair_busy": N_(
        "Chair {chair} is still held by its player: it can be taken over only "
        "once a computer plays it."
    ),  # fmt: skip
    "full": N_("Every chair at that table is taken."),
    # (said for code "seat_back" to a person waiting for a chair whose person came back)
    "seat_back": N_(
        "{name} came back to chair {chair}, so you do not take it over: pick another chair."
    ),  # fmt: skip
    "not_host": N_("Only the table's host can start the game."),
    "not_ready": N_("Not everyone is ready yet: chair {chairs}."),
    "bad_preset": N_("The server has no rules preset named {preset}."),
    # TRANSLATORS: {why} is a storage problem, e.g. "the disk is full".
    "storage": N_("The server cannot save ({why}): nothing was changed. Try again later."),
    # Refusals of an intent, besides the engine's own (by their rule codes).
    "not_started": N_("No hand is being played at this table."),
    "not_your_turn": N_("It is not your turn: chair {chair} is to move."),
    "duplicate": N_("That move was already sent once; it is played only once."),
    "bad_move": N_("The server could not read that move ({why})."),
    "not_over": N_("The hand is not over yet."),
    # Notices: something every player at the table should read.
    "storage_wait": N_(
        "The server cannot save ({why}): moves wait until it can save them again."
    ),  # fmt: skip
    "storage_ok": N_("The server can save again."),
    "record_waits": N_(
        "The server cannot save the finished game ({why}): it is kept in "
        "memory and saved when it can."
    ),  # fmt: skip
    "computer": N_(
        "{name} has been away too long: a computer player plays the chair until they come back."
    ),  # fmt: skip
    "left": N_(
        "{name} left the table: a computer player plays the chair, and anyone in the "
        "lobby may take it over."
    ),  # fmt: skip
    # (said to the person who asked for a chair while a hand is in play, and as the
    # refusal of anything but Leave until then)
    "next_deal": N_(
        "You take chair {chair} over at the next deal: a computer player plays it until "
        "this hand is over, and its cards are not shown to you before then."
    ),  # fmt: skip
    "sits_next": N_("{name} takes chair {chair} over at the next deal."),
}

#: The reasons the server gives for storage and names (translated as details).
REASONS = (
    N_("the disk is full"),
    N_("the data folder is read-only"),
    N_("the data folder cannot be opened"),
    N_("a name has 1 to 24 characters"),
    N_("a name has printable characters only"),
)


def english(code: str, **details: Any) -> str:
    """The server's English sentence for ``code`` with ``details`` (what it sends as the
    ``message``).

    Raises:
        KeyError: for a code not in :data:`WORDS` or a detail its template names but
            ``details`` lacks (a bug in the server, caught by the tests).
    """
    return WORDS[code].format(**details)


def say(code: str, details: Mapping[str, Any], fallback: str) -> str:
    """What the player reads for a server's ``code``: its template from the player's
    catalogue filled with ``details`` (those in :data:`WORD_DETAILS` translated as well),
    an engine refusal's own message, or ``fallback`` (the server's English message) for a
    code or details this game does not know."""
    if code == "version" and details.get("server", 0) < details.get("yours", 0):
        code = "version_older"
    template = WORDS.get(code)
    if template is None:
        try:
            return Refusal(Code(code), dict(details)).message()
        except (ValueError, KeyError, IndexError, TypeError):
            return fallback
    words = {k: _(v) if k in WORD_DETAILS and isinstance(v, str) else v
             for k, v in details.items()}  # fmt: skip
    if not set(re.findall(r"{(\w+)}", template)) <= set(words):
        return fallback
    try:
        return _(template).format(**words)
    except (KeyError, IndexError, ValueError):
        return fallback


__all__ = ["REASONS", "WORDS", "english", "say"]
