"""How to play written for the rules in use: every sentence that differs between tables is
built here from the rule set, one function per rule idea, so the pages never describe
Classic at a table that plays otherwise.

Each function returns words in the language in use. Where a sentence states an option of
the rule set that is on, it is the option's own line from ``OPTION_HELP`` (the words the
settings show), so an idea is worded once. The rules are those of docs/rules.md (the
section in each function's docstring) and :mod:`canasta.engine.rules`.
"""

from __future__ import annotations

from dataclasses import replace

from canasta.engine.options import OPTION_HELP
from canasta.engine.refusals import MESSAGES, Code
from canasta.engine.rules import RuleSet
from canasta.i18n import N_, _, ngettext, number
from canasta.scenes.howto_pages import PAGES, Page


def draw_rule(rules: RuleSet) -> str:
    """How a turn starts: one card or two from the stock, or the pile (docs/rules.md#drawing)."""
    if rules.stock_draw_count == 2:
        return _("Start by drawing the top two cards of the stock, or by taking the whole "
                 "discard pile.")  # fmt: skip
    return _("Start by drawing the top card of the stock, or by taking the whole discard pile.")


def discard_rule(rules: RuleSet) -> str:
    """What may be discarded (docs/rules.md#discarding): empty when wild cards may be."""
    return "" if rules.wild_discard_allowed else _(MESSAGES[Code.WILD_DISCARD])


def wild_cap_rule(rules: RuleSet) -> str:
    """The cap on wild cards in one meld, or that there is none (docs/rules.md#melds)."""
    if rules.max_wilds_per_meld is None:
        return _("This table sets no other limit on wild cards in a meld.")
    cap = rules.max_wilds_per_meld
    return ngettext("A meld holds at most {n} wild card.", "A meld holds at most {n} wild cards.",
                    cap).format(n=number(cap))  # fmt: skip


def black_threes_rule(rules: RuleSet) -> str:
    """When black threes may be melded (docs/rules.md#black-threes)."""
    if rules.black_threes_last:
        return _("Black threes can be melded only as your very last play, going out with no "
                 "discard after them: three or four of them, without wild cards.")  # fmt: skip
    return _("Black threes can be melded only in the turn you go out, three or four of them, "
             "without wild cards.")  # fmt: skip


def take_pile_rule(rules: RuleSet) -> str:
    """What takes the discard pile (docs/rules.md#taking-the-pile, docs/rules.md#frozen-pile)."""
    if rules.take_onto_meld_needs_natural:
        ways = _("To take the pile, meld its top card at once: with a natural pair of its rank "
                 "from your hand, or by adding it, with one natural card of its rank from your "
                 "hand, to your side's meld of that rank.")  # fmt: skip
    else:
        ways = _("To take the pile, meld its top card at once: with a natural pair of its rank "
                 "from your hand, or by adding it to your side's meld of that rank.")  # fmt: skip
    said = [ways]
    if rules.take_with_natural_and_wild and not rules.pile_always_frozen:
        said.append(_("While the pile is not frozen, one natural card and a wild card from your "
                      "hand also take it."))  # fmt: skip
    if rules.pile_always_frozen:
        said.append(_(OPTION_HELP["pile_always_frozen"]))
    else:
        said.append(_("The pile is frozen while a wild card or a red three is in it (shown "
                      "turned sideways), and for a side that has not melded yet: then only a "
                      "natural pair takes it."))  # fmt: skip
    return " ".join(said)


def red_three_rule(rules: RuleSet) -> str:
    """Red threes: laid out, replaced, and their points (docs/rules.md#red-threes)."""
    if rules.red_three_from_pile_replaced:
        found = _(OPTION_HELP["red_three_from_pile_replaced"])
    else:
        found = _("A red three found in a taken pile is laid out with no replacement.")
    points = _(
        "Each is worth {each} points, all four {all}; a side that has melded nothing "
        "when the hand ends loses them instead: {each} each, {penalty} for all four."
    )
    return " ".join((
        _("A red three is never held: it is laid out beside your melds as soon as you get it, "
          "and you draw a card to replace it."),
        found,
        points.format(each=number(rules.red_three_bonus), all=number(rules.all_red_threes_bonus),
                      penalty=number(rules.all_red_threes_penalty)),
    ))  # fmt: skip


def going_out_rule(rules: RuleSet) -> str:
    """When a side may go out, and the bonuses (docs/rules.md#going-out,
    docs/rules.md#concealed, docs/rules.md#asking-your-partner)."""
    need = rules.canastas_to_go_out
    said = [
        _("Your side may go out once it has a canasta.") if need == 1 else
        ngettext("Your side may go out once it has {n} canasta.",
                 "Your side may go out once it has {n} canastas.", need).format(n=number(need)),
        _("Go out by melding all your cards, or all but one and discarding the last. The hand "
          "then ends for everyone and is scored."),
    ]  # fmt: skip
    if rules.concealed_bonus > rules.going_out_bonus:
        said.append(_("Going out earns {out} points, or {concealed} when you meld your whole "
                      "hand in one turn without having melded before (going out concealed)."
                      ).format(out=number(rules.going_out_bonus),
                               concealed=number(rules.concealed_bonus)))  # fmt: skip
    else:
        said.append(_("Going out earns {out} points; going out concealed earns nothing more at "
                      "this table.").format(out=number(rules.going_out_bonus)))  # fmt: skip
    if rules.concealed_no_partner_layoff and rules.players == 4:
        said.append(_(OPTION_HELP["concealed_no_partner_layoff"]))
    if rules.asks_permission:
        said.append(_('You may ask your partner "may I go out?" first; the answer binds you for '
                      "that turn."))  # fmt: skip
        if rules.partner_always_agrees:
            said.append(_(OPTION_HELP["partner_always_agrees"]))
    return " ".join(said)


def empty_stock_rule(rules: RuleSet) -> str:
    """What happens when the stock runs out (docs/rules.md#red-threes,
    docs/rules.md#empty-stock)."""
    if rules.empty_stock == "ends":
        said = [_("When the stock runs out, the hand ends and is scored as it stands.")]
    elif rules.empty_stock == "play_on":
        said = [_("When the stock runs out, play goes on while each player in turn can take "
                  "the pile: take it, or click the empty stock to decline it, which ends the "
                  "hand.")]  # fmt: skip
    else:
        said = [_("When the stock runs out, take the pile, or click the empty stock to end the "
                  "hand.")]  # fmt: skip
        if rules.empty_stock == "forced_take":
            said.append(_("A top card that fits your side's meld must be taken."))
    if rules.red_three_last_card_ends:
        said.append(_(OPTION_HELP["red_three_last_card_ends"]))
    return " ".join(said)


def tie_rule(rules: RuleSet) -> str:
    """A full game that ends level (docs/rules.md#game-end): empty when it is shared."""
    if rules.tie_plays_another_hand and not rules.quick_game:
        return _(OPTION_HELP["tie_plays_another_hand"])
    return ""


def opening_rows(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """The opening minimum's table: (side's total, minimum) rows (docs/rules.md#opening-minimum)."""
    rows = []
    low: int | None = None
    for bound, minimum in rules.opening_minimums:
        if low is None:
            left = _("Side's total below {n}").format(n=number(bound))
        else:
            left = _("{low} to {high}").format(low=number(low), high=number(bound - 5))
        rows.append((left, number(minimum)))
        low = bound
    top = _("{n} and more").format(n=number(low or 0))
    return (*rows, (top, number(rules.opening_minimum_top)))


def scoring_rows(rules: RuleSet) -> tuple[tuple[str, str], ...]:
    """The scoring page's table of items and their points (docs/rules.md#scoring)."""
    each, four = number(rules.red_three_bonus), number(rules.all_red_threes_bonus)
    penalty = number(rules.all_red_threes_penalty)
    return (
        (_("Cards melded"), _("their values")),
        (_("Natural canasta"), number(rules.natural_canasta_bonus)),
        (_("Mixed canasta"), number(rules.mixed_canasta_bonus)),
        (_("Red three"), _("{each} each (all four: {all})").format(each=each, all=four)),
        (_("Red three, side with no meld"),
         _("minus {each} each (all four: minus {all})").format(each=each, all=penalty)),
        (_("Going out"), number(rules.going_out_bonus)),
        (_("Going out concealed"), number(rules.concealed_bonus)),
        (_("Cards left in hand"), _("minus their values")),
    )  # fmt: skip


def _paragraphs(*parts: str) -> str:
    return "\n".join(part for part in parts if part)


def rules_pages(rules: RuleSet, rules_name: str) -> tuple[Page, ...]:
    """The pages of How to play for ``rules`` (named ``rules_name``, in the player's words):
    :data:`PAGES` with every sentence that depends on the rules written from ``rules``.
    The pages returned hold words already in the language in use (``Page.said``)."""
    join = " ".join
    text = {
        N_("The aim"): _paragraphs(_("Rules: {preset}").format(preset=rules_name),
                                   _(PAGES[0].text), tie_rule(rules)),
        N_("Your turn"): _paragraphs(
            join((draw_rule(rules), _("Then lay down melds or add cards to your side's melds, if "
                  "you want to. End the turn by discarding one card face up on the pile."),
                  discard_rule(rules))).strip(),
            _("Click the stock to draw. To take the pile, select the cards from your hand that "
              "meld with its top card and click the pile. Select one card and click the pile "
              "to discard it.")),
        N_("Melds and wild cards"): _paragraphs(
            join((_("A meld needs at least two natural cards of one rank. Jokers and twos are "
                    "wild: they join any meld, but a meld never holds more wild cards than "
                    "natural ones."), wild_cap_rule(rules),
                  _("A side has one meld of each rank; more cards of that rank are added to "
                    "it."))),
            join((_("Threes never form ordinary melds: red threes are laid out by themselves."),
                  black_threes_rule(rules)))),
        N_("Taking the pile"): join((take_pile_rule(rules),
                                     _("A black three on top blocks the pile for the next "
                                       "player."))),
        N_("Threes"): _paragraphs(
            red_three_rule(rules),
            join((_("A black three discarded blocks the pile for one turn."),
                  black_threes_rule(rules))),
            _("The red threes are 3\u2665 and 3\u2666, the black threes 3\u2663 and 3\u2660, "
              "whatever colours the suits have: with four-colour suits (Settings, Suit colours) "
              "the 3\u2666 is drawn in the diamonds' colour.")),
        N_("Going out"): _paragraphs(going_out_rule(rules), empty_stock_rule(rules)),
    }  # fmt: skip
    tables = {
        N_("Card values and the opening minimum"): opening_rows(rules),
        N_("Scoring"): scoring_rows(rules),
    }
    pages = []
    for page in PAGES:
        if page.title in text or page.title in tables:
            page = replace(page, text=text.get(page.title, _(page.text)),
                           table=tables.get(page.title, tuple((_(left), _(right))
                                                              for left, right in page.table)),
                           said=True)  # fmt: skip
        pages.append(page)
    return tuple(pages)
