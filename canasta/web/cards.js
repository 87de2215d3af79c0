// Cards as the engine numbers them (canasta.engine.cards): identities 0..107, two decks of
// 54 (four suits of thirteen, A 2 3 ... K, then the black and the red joker).

import { _, format, pgettext } from "./i18n.js";

const SUITS = "CDHS";
const RANKS = "A23456789TJQK";
/** The kind's rank character, as the move texts write it (canasta.engine.cards.KIND_RANK). */
export const KIND_RANK = ["4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "3", "3", "2", "JK"];
const NATURAL = "456789TJQKA";
/** @type {Record<string, number>} */
const POINTS = { 4: 5, 5: 5, 6: 5, 7: 5, 8: 10, 9: 10, T: 10, J: 10, Q: 10, K: 10, A: 20, 2: 20 };

/**
 * The two-character code of a card ("QS", "TH", "JK").
 * @param {number} card
 * @returns {string}
 */
export function code(card) {
  const i = card % 54;
  if (i >= 52) return "JK";
  return (RANKS[i % 13] ?? "?") + (SUITS[Math.floor(i / 13)] ?? "?");
}

/**
 * The kind of a card (canasta.engine.cards: 0..10 are 4 to A, 11 the black three, 12 the
 * red three, 13 the two, 14 the joker).
 * @param {number} card
 * @returns {number}
 */
export function kind(card) {
  const c = code(card);
  if (c === "JK") return 14;
  const rank = c[0] ?? "";
  if (rank === "2") return 13;
  if (rank === "3") return c[1] === "D" || c[1] === "H" ? 12 : 11;
  return NATURAL.indexOf(rank);
}

/** @param {number} card @returns {boolean} a two or a joker */
export function isWild(card) {
  return kind(card) >= 13;
}

/** @param {number} card @returns {boolean} */
export function isRed(card) {
  const c = code(card);
  return c === "JK" ? card % 54 === 53 : c[1] === "D" || c[1] === "H";
}

/** @param {number} card @returns {number} its point value (a red three: 100) */
export function points(card) {
  const c = code(card);
  if (c === "JK") return 50;
  if (kind(card) === 12) return 100;
  return POINTS[c[0] ?? ""] ?? 5;
}

/**
 * The face's file name in the art ("QS", "JK-R").
 * @param {number} card
 * @returns {string}
 */
export function faceKey(card) {
  const c = code(card);
  if (c !== "JK") return c;
  return card % 54 === 53 ? "JK-R" : "JK-B";
}

/**
 * The card as a screen reader says it: "queen of spades", "joker".
 * @param {number} card
 * @returns {string}
 */
export function cardName(card) {
  const c = code(card);
  if (c === "JK") return _("Joker");
  const ranks = {
    A: pgettext("card", "ace"), 2: pgettext("card", "two"), 3: pgettext("card", "three"),
    4: pgettext("card", "four"), 5: pgettext("card", "five"), 6: pgettext("card", "six"),
    7: pgettext("card", "seven"), 8: pgettext("card", "eight"), 9: pgettext("card", "nine"),
    T: pgettext("card", "ten"), J: pgettext("card", "jack"), Q: pgettext("card", "queen"),
    K: pgettext("card", "king"),
  };
  const suits = {
    C: pgettext("card", "clubs"), D: pgettext("card", "diamonds"),
    H: pgettext("card", "hearts"), S: pgettext("card", "spades"),
  };
  const rank = ranks[/** @type {keyof typeof ranks} */ (c[0])];
  const suit = suits[/** @type {keyof typeof suits} */ (c[1])];
  // TRANSLATORS: a card's name for a screen reader, e.g. "queen of spades".
  return format(pgettext("card", "{rank} of {suit}"), { rank, suit });
}

/**
 * A card as printed on its corner: "10♦", "K♠", "Joker".
 * @param {number} card
 * @returns {string}
 */
export function shortName(card) {
  const c = code(card);
  if (c === "JK") return _("Joker");
  const symbol = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" }[c[1] ?? "S"];
  return (c[0] === "T" ? "10" : c[0]) + (symbol ?? "");
}

/**
 * The hand's order: by kind (4 to A, then threes, twos, jokers), then suit.
 * @param {number[]} cards
 * @returns {number[]}
 */
export function sorted(cards) {
  return [...cards].sort((a, b) => kind(a) - kind(b) || code(a).localeCompare(code(b)) || a - b);
}

/**
 * @typedef {{style: string, palette: string, deck: string, theme: string}} Look
 */

/**
 * The address of a card's face in the player's look, or of the back.
 * @param {number | null} card null: the back
 * @param {Look} look
 * @returns {string}
 */
export function artUrl(card, look) {
  if (card === null) return `/art/backs/standard/${look.deck}.svg`;
  return `/art/cards/${look.style}/${look.palette}/${faceKey(card)}.svg`;
}

/** @type {Map<string, HTMLImageElement[]>} the pictures already fetched and decoded, by look */
const preloaded = new Map();

/**
 * Fetch and decode every face (54) and the back in `look` ahead of the deal (all of them
 * gzipped are about 30 KB), so the dealt cards slide without waiting for their pictures.
 * @param {Look} look
 */
export function preload(look) {
  const key = `${look.style}/${look.palette}/${look.deck}`;
  if (preloaded.has(key)) return;
  const cards = [...Array(54).keys(), null];
  const images = cards.map((card) => {
    const image = new Image();
    image.src = artUrl(card, look);
    image.decode().catch(() => {});
    return image;
  });
  preloaded.set(key, images);
}
