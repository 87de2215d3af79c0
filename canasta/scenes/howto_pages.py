"""The pages of "How to play": the rules in this project's words, with the cards to draw.

Figures name cards by code (``7H``, ``JK``; ``JKR`` for the red joker); the screen draws
them with the deck in use. The rules are those of docs/rules.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta.i18n import N_
from canasta.scenes.table.keys import key_help


@dataclass(frozen=True)
class Figure:
    """Cards drawn in an overlapping row with a caption; ``crosswise`` is the index of a
    card drawn turned sideways (a wild card buried in a frozen pile), -1 for none;
    ``face_down`` draws backs (the stock)."""

    caption: str
    cards: tuple[str, ...]
    crosswise: int = -1
    face_down: bool = False


@dataclass(frozen=True)
class Page:
    """One page: a title, a paragraph (``\\n`` starts a new one), figures, and a table of
    ``(left, right)`` rows; ``said``: the text and the table are already in the language
    in use (written from the rules by :mod:`canasta.scenes.howto_rules`), not catalogue
    keys. The pages whose words depend on the rules hold no text here."""

    title: str
    text: str
    figures: tuple[Figure, ...] = ()
    table: tuple[tuple[str, str], ...] = ()
    said: bool = False


#: How many of the table's keys (:func:`key_help`, in its order) the first Keys page
#: lists: the hand, the piles and Tab; the second lists melds, plan, partner and turn.
KEYS_ON_FIRST_PAGE = 9

#: Playing online: hosting, joining, codes and chairs; the clock and dropped connections.
ONLINE_PAGES: tuple[Page, ...] = (
    Page(
        N_("Playing online"),
        N_("Home, then Play online: type the server's address (a friend's machine: its "
        "address and port, e.g. 192.168.1.20:8765) and your name, then Connect. The lobby "
        "lists the open tables and keeps the list up to date by itself.\n"
        "To host, choose the table's options (private or not, the rules, the computer "
        "players' level, the turn clock, one hand or a whole game), then make a table for 2 "
        "or 4 players. A private table is not listed: tell your friends its join code, shown "
        "above the chairs. With four players the chair decides the partnership (chairs 1 and 3 "
        "against 2 and 4): click a free chair in the chair map to move there. When everyone "
        "has clicked I'm ready, the host clicks Start; computer players take the empty "
        "chairs.\n"
        "To join, click a free chair (Sit 2) in the list of tables, or type a friend's code "
        "and click Join. In a game already playing, a chair a computer plays because its "
        "player left can be taken over the same way: between hands at once, during a hand "
        "from the next deal (the computer plays on until then). Its own player takes it "
        "back at once."),
    ),
    Page(
        N_("Online: the clock and dropped connections"),
        N_("With a turn clock, each move has its seconds, and a time bank pays for slower "
        "moves; the line under the table counts both down. When both run out, the computer "
        "plays that turn for you, and the line says so.\n"
        "If your connection drops, the game reconnects by itself and gives you your seat "
        "back just as it was. Meanwhile the others see you as away; after the grace period "
        "(a minute, unless the server says otherwise) a computer player plays your chair "
        "until you come back. If the window was closed, Play online offers Rejoin your "
        "table.\n"
        "Leave gives your chair to a computer player, and anyone in the lobby may then take "
        "it over. The server decides every move, so a move sent stands: there is no Reset "
        "online, and no hint."),
    ),
)  # fmt: skip

PAGES: tuple[Page, ...] = (
    Page(
        N_("The aim"),
        N_("Lay down melds, sets of three or more cards of one rank, and grow them into "
        "canastas: melds of seven cards or more. Each hand, a side scores what it melded "
        "and its bonuses, less the cards left in its hands.\n"
        "A full game ends with the hand in which a side reaches 5,000 points; a quick game "
        "is a single hand. Two players play head to head; four play as two sides, "
        "partners sitting opposite each other."),
        (
            Figure(N_("A natural canasta: no wild card, 500 points"),
                   ("KH", "KS", "KD", "KC", "KH", "KS", "KD")),
            Figure(N_("A mixed canasta: wild cards in it, 300 points"),
                   ("9H", "9S", "9D", "9C", "9H", "2C", "JK")),
        ),
    ),
    Page(
        N_("Your turn"),
        "",  # written from the rules: canasta.scenes.howto_rules
        (
            Figure(N_("The stock"), ("AC", "AC", "AC"), face_down=True),
            Figure(N_("The discard pile: its top card is the one you may use"), ("5D", "TS", "8H")),
        ),
    ),
    Page(
        N_("Melds and wild cards"),
        "",  # written from the rules: canasta.scenes.howto_rules
        (
            Figure(N_("Three natural sevens"), ("7H", "7C", "7S")),
            Figure(N_("Two queens and a wild two"), ("QD", "QS", "2H")),
            Figure(N_("Too many wild cards: refused"), ("5C", "2D", "JKR")),
        ),
    ),
    Page(
        N_("Card values and the opening minimum"),
        N_("Each card melded counts its value. A side's first melds of a hand must together be "
        "worth at least the opening minimum, which rises with the side's total score at the "
        "start of the hand. Cards taken from the pile wait beside the table until the "
        "minimum is met."),
        (Figure(N_("Joker 50 · two and ace 20 · king to eight 10 · seven to four 5"),
                ("JK", "2S", "AH", "KC", "8D", "7S", "4H")),),
        (),  # written from the rules: canasta.scenes.howto_rules
    ),
    Page(
        N_("Taking the pile"),
        "",  # written from the rules: canasta.scenes.howto_rules
        (
            Figure(N_(
                "Frozen: a wild two lies in the pile"
            ), ("6C", "2D", "JS", "9H"), crosswise=1),
            Figure(N_("Blocked: a black three on top"), ("8D", "QC", "3S")),
        ),
    ),
    Page(
        N_("Threes"),
        "",  # written from the rules: canasta.scenes.howto_rules
        (
            Figure(N_("Red threes: 100 points each"), ("3H", "3D")),
            Figure(N_("Black threes, melded only when going out"), ("3C", "3S", "3C")),
        ),
    ),
    Page(
        N_("Going out"),
        "",  # written from the rules: canasta.scenes.howto_rules
        (Figure(N_("A canasta on the table: now your side may go out"),
                ("AS", "AH", "AD", "AC", "AS", "AH", "2S")),),
    ),
    # The keys on two pages: on one, 21 rows read at 8 to 9 px lines in an 800 x 600
    # window.
    Page(
        N_("Keys: your hand and the piles"),
        N_("Every action works from the keyboard; F1 or ? at the table shows these keys."),
        (),
        key_help()[:KEYS_ON_FIRST_PAGE],
    ),
    Page(
        N_("Keys: melds, your partner and the turn"),
        N_("Every button at the table has its key too."),
        (),
        key_help()[KEYS_ON_FIRST_PAGE:],
    ),
    Page(
        N_("Scoring"),
        N_("When the hand ends, each side adds up these items. The scoreboard shows every item "
        "for both sides and the running totals."),
        (),
        (),  # written from the rules: canasta.scenes.howto_rules
    ),
    *ONLINE_PAGES,
)  # fmt: skip

#: The first of the pages on playing online (the lobby's How to play opens there).
ONLINE_PAGE = len(PAGES) - len(ONLINE_PAGES)
