// The table's parts drawn from one seat's view: the other seats, the melds of both sides,
// the stock and the pile, the hand, and the hand's scores.

import { artUrl, cardName, isWild, kind, shortName, sorted } from "./cards.js";
import { _, format, ngettext } from "./i18n.js";
import { button, el } from "./ui.js";

/**
 * @typedef {import("./cards.js").Look} Look
 * @typedef {{text: string, cards: number[], kind: number}} Staged
 */

/** The plural names of the kinds, as the catalogue writes them (canasta.engine.cards). */
export const KIND_NAME = ["4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens", "Kings",
  "Aces", "black 3s", "red 3s", "2s", "jokers"];

/**
 * One card's picture (a face, or the back for null).
 * @param {number | null} card
 * @param {Look} look
 * @param {string} [label] its accessible name (none: hidden from screen readers)
 * @returns {HTMLImageElement}
 */
export function cardImage(card, look, label) {
  const image = el("img", {
    src: artUrl(card, look), class: "card", draggable: "false", decoding: "async",
    alt: label ?? "", "data-card": card ?? undefined,
  });
  if (label === undefined) image.setAttribute("aria-hidden", "true");
  return image;
}

/**
 * The player's name for a chair.
 * @param {any} table
 * @param {number} chair
 * @param {number} mine
 * @returns {string}
 */
export function chairName(table, chair, mine) {
  if (chair === mine) return _("You");
  const name = table.chairs[chair]?.name;
  return name ?? format(_("Computer (chair {n})"), { n: chair + 1 });
}

/**
 * The seats around the table, the player's own last.
 * @param {number} mine
 * @param {number} players
 * @returns {{chair: number, place: string}[]}
 */
export function places(mine, players) {
  if (players === 2) return [{ chair: 1 - mine, place: "top" }];
  return [
    { chair: (mine + 1) % 4, place: "left" },
    { chair: (mine + 2) % 4, place: "top" },
    { chair: (mine + 3) % 4, place: "right" },
  ];
}

/**
 * Another seat's box: name, cards in hand, the clock when it is to move.
 * @param {any} view
 * @param {any} table
 * @param {number} chair
 * @param {string} place
 * @param {number} mine
 * @param {string} clock the clock's line for this seat, or ""
 * @param {number} since seconds since the table's chair map came
 * @returns {HTMLElement}
 */
export function seatBox(view, table, chair, place, mine, clock, since) {
  const size = view.hand_sizes[chair] ?? 0;
  const info = table.chairs[chair] ?? {};
  const state = info.away ? ` · ${_("away")}` : "";
  const grace = typeof info.takeover_in === "number" && info.name
    ? format(_("{name}: the computer takes over in {n} s"), { name: info.name, n: Math.max(0, Math.ceil(info.takeover_in - since)) })
    : "";
  return el("div", {
    class: `seat ${place}${view.mover === chair ? " to-move" : ""}`, "data-seat": chair,
    id: `seat-${chair}`,
  }, [
    el("span", { class: "seat-name", text: chairName(table, chair, mine) + state }),
    el("span", { class: "seat-cards", text: format(ngettext("{n} card", "{n} cards", size), { n: size }) }),
    clock ? el("span", { class: "clock", text: clock }) : null,
    grace ? el("span", { class: "clock grace", text: grace }) : null,
  ]);
}

/**
 * One side's melds (and red threes); the player's side also shows the staged moves and
 * its melds are buttons (tap to lay off on it).
 * @param {any} view
 * @param {number} side
 * @param {boolean} ours
 * @param {Look} look
 * @param {Staged[]} staged
 * @param {number | null} target the meld kind chosen to lay off on
 * @param {(kind: number) => void} choose
 * @returns {HTMLElement}
 */
export function meldRow(view, side, ours, look, staged, target, choose) {
  /** @type {Map<number, number[]>} */
  const melds = new Map();
  for (const [kind, cards] of Object.entries(view.melds[side] ?? {})) melds.set(Number(kind), [...cards]);
  /** @type {Map<number, number[]>} */
  const planned = new Map();
  if (ours) {
    for (const move of staged) planned.set(move.kind, [...(planned.get(move.kind) ?? []), ...move.cards]);
  }
  const kinds = [...new Set([...melds.keys(), ...planned.keys()])].sort((a, b) => b - a);
  const groups = kinds.map((kind) => {
    const cards = melds.get(kind) ?? [];
    const extra = planned.get(kind) ?? [];
    const all = [...cards, ...extra];
    const natural = all.every((c) => !isWild(c));
    const badge = all.length >= 7 ? (natural ? _("NATURAL") : _("MIXED")) : "";
    const label = `${_(KIND_NAME[kind] ?? "")}: ${all.map(shortName).join(" ")}${badge ? ` (${badge})` : ""}`;
    const pictures = all.map((card) => {
      const image = cardImage(card, look);
      if (extra.includes(card)) image.classList.add("planned");
      return image;
    });
    const attributes = {
      class: `meld${all.length >= 7 ? (natural ? " canasta natural" : " canasta mixed") : ""}${target === kind ? " target" : ""}`,
      "data-kind": kind, "aria-label": label,
    };
    const group = ours
      ? el("button", { ...attributes, type: "button", "aria-pressed": String(target === kind) }, pictures)
      : el("div", { ...attributes, role: "img" }, pictures);
    if (ours) group.addEventListener("click", () => choose(kind));
    if (badge) group.append(el("span", { class: "badge", text: badge }));
    return group;
  });
  const threes = (view.red_threes[side] ?? []).map((/** @type {number} */ card) => cardImage(card, look, cardName(card)));
  const title = ours ? (view.hand_sizes.length === 4 ? _("Our melds") : _("Your melds")) : _("Their melds");
  return el("section", { class: `melds ${ours ? "ours" : "theirs"}`, "aria-label": title }, [
    threes.length ? el("div", { class: "threes", "aria-label": _("Red threes") }, threes) : null,
    ...groups,
  ]);
}

/**
 * The stock and the discard pile.
 * @param {any} view
 * @param {Look} look
 * @param {{draw: () => void, take: () => void}} act
 * @returns {HTMLElement}
 */
export function piles(view, look, act) {
  const top = view.pile.length ? view.pile[view.pile.length - 1] : null;
  const frozen = view.pile_freezers > 0;
  const blocked = top !== null && kind(top) === 11;
  const stock = el("button", {
    type: "button", class: "stock", id: "stock",
    "aria-label": `${_("The stock")}: ${format(ngettext("{n} card", "{n} cards", view.stock_size), { n: view.stock_size })}`,
  }, [
    view.stock_size ? cardImage(null, look) : el("span", { class: "empty-slot" }),
    el("span", { class: "count", text: String(view.stock_size) }),
  ]);
  stock.addEventListener("click", act.draw);
  const pileLabel = top === null ? _("The discard pile is empty.")
    : `${_("Take the pile")}: ${cardName(top)} · ${format(ngettext("{n} card", "{n} cards", view.pile.length), { n: view.pile.length })}`;
  const pile = el("button", { type: "button", class: "pile", id: "pile", "aria-label": pileLabel }, [
    top === null ? el("span", { class: "empty-slot" }) : cardImage(top, look),
    el("span", { class: "count", text: String(view.pile.length) }),
    frozen ? el("span", { class: "badge frozen", text: _("FROZEN") }) : null,
    blocked ? el("span", { class: "badge blocked", text: _("BLOCKED") }) : null,
  ]);
  pile.addEventListener("click", act.take);
  return el("div", { class: "piles" }, [stock, pile]);
}

/**
 * The player's hand (the cards not staged), each a toggle button.
 * @param {number[]} cards
 * @param {Set<number>} selected
 * @param {Look} look
 * @returns {HTMLElement}
 */
export function handRow(cards, selected, look) {
  const buttons = sorted(cards).map((card) => el("button", {
    type: "button", class: "card-button", "data-card": card, "aria-label": cardName(card),
    "aria-pressed": String(selected.has(card)),
  }, [cardImage(card, look)]));
  return el("div", { class: "hand", id: "hand", role: "group", "aria-label": _("Your cards") }, buttons);
}

/**
 * Lay the hand's cards out: as much overlap as the row's width needs, never hiding more
 * than a card's corner nor leaving less than 44 px to tap; more rows when one is not
 * enough.
 * @param {HTMLElement} hand
 */
export function fitHand(hand) {
  const cards = /** @type {HTMLElement[]} */ ([...hand.children]);
  if (!cards.length) return;
  const width = hand.clientWidth;
  const cardWidth = cards[0]?.offsetWidth || 60; // its layout width: a moving card is scaled
  const least = Math.max(44, cardWidth * 0.3);
  const most = cardWidth + 6;
  const perRow = Math.max(1, Math.floor((width - cardWidth) / least) + 1);
  const rows = Math.ceil(cards.length / perRow);
  const inRow = Math.ceil(cards.length / rows);
  const step = inRow > 1 ? Math.min(most, (width - cardWidth) / (inRow - 1)) : most;
  hand.style.setProperty("--rows", String(rows));
  cards.forEach((card, i) => {
    const row = Math.floor(i / inRow);
    const column = i % inRow;
    card.style.setProperty("--x", `${column * step}px`);
    card.style.setProperty("--row", String(row));
    card.style.zIndex = String(i + 1);
  });
  hand.style.setProperty("--hand-width", `${(inRow - 1) * step + cardWidth}px`);
}

/**
 * The hand's scores, side by side, with the game totals.
 * @param {any} over the hand_over message
 * @param {number} mySide
 * @returns {HTMLElement}
 */
export function scoreTable(over, mySide) {
  const sides = [mySide, 1 - mySide];
  const rows = /** @type {[string, string][]} */ ([
    [_("Cards melded"), "melded"], [_("Canasta bonuses"), "canasta_bonus"],
    [_("Red threes"), "red_three_points"], [_("Going out"), "going_out"],
    [_("Cards left in hand"), "in_hand"], [_("This hand"), "total"],
  ]);
  const cell = (/** @type {string} */ text, /** @type {string} */ tag = "td") => el(/** @type {"td"} */ (tag), { text });
  const body = rows.map(([label, key]) => el("tr", {}, [
    cell(label, "th"), ...sides.map((s) => cell(String(over.sides[s]?.[key] ?? 0))),
  ]));
  body.push(el("tr", { class: "total" }, [
    cell(_("Game total"), "th"), ...sides.map((s) => cell(String(over.totals[s] ?? 0))),
  ]));
  return el("table", { class: "scores", id: "scores" }, [
    el("thead", {}, [el("tr", {}, [cell("", "th"), cell(_("Us"), "th"), cell(_("Them"), "th")])]),
    el("tbody", {}, body),
  ]);
}

/**
 * The buttons a player needs this turn (each disabled when it cannot be used now).
 * @param {{[name: string]: [string, boolean, () => void, string?]}} list label, usable, action, key
 * @returns {HTMLElement}
 */
export function actionBar(list) {
  const buttons = Object.entries(list).map(([id, [label, usable, action, key]]) => button(label, action, {
    id: `act-${id}`, disabled: !usable, "aria-keyshortcuts": key, class: usable ? "act ready" : "act",
  }));
  return el("div", { class: "actions", id: "actions" }, buttons);
}
