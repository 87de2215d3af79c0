// Verified deals in the browser: the same shuffle and the same checks as the desktop's
// (canasta.engine.fair and canasta.net.proof; read their descriptions). An online hand is
// shuffled from a secret 32-byte seed; its first view carries SHA-256(seed ‖ salt) and its
// end reveals seed and salt. The seat checks, with nothing but what it saw: the commitment,
// that the salt names its table and hand, the cards it was dealt (hand, first card of the
// pile, red threes laid out) and every card it drew from the stock at its place.
//
// SHA-256 comes from @noble/hashes (vendored by scripts/vendor_web.py): a page on a plain
// http:// LAN address is not a secure context and has no SubtleCrypto.

import { kind } from "./cards.js";
import { _, format } from "./i18n.js";
import { sha256 } from "./vendor/noble_hashes/sha2.js";

/** The seed's length in bytes (canasta.engine.fair.SEED_BYTES). */
export const SEED_BYTES = 32;
/** The cards of a deck (canasta.engine.cards.DECK_SIZE). */
export const DECK_SIZE = 108;
const UTF8 = new TextEncoder();
/** The label that starts every block of the shuffle's stream (canasta.engine.fair). */
const STREAM_LABEL = UTF8.encode("canasta-deal-v1");
/** Bytes per draw, and the draws' range: a 32-bit big-endian number. */
const DRAW = 4;
const SPAN = 2 ** 32;
/** Kinds (canasta.engine.cards): the red three, and the wild cards from the two on. */
const RED_THREE = 12;
const WILD = 13;

/**
 * What a failed check says, by code (the catalogue's msgids of canasta.net.proof.PROBLEMS).
 * @type {Record<string, string>}
 */
export const PROBLEMS = {
  no_reveal: "the server did not reveal the deal's seed",
  commitment: "the revealed seed does not match the commitment sent at the deal",
  salt: "the revealed seed belongs to another table or hand",
  cards: "the revealed seed does not give the cards this seat was dealt",
  draws: "the revealed seed does not give the cards this seat drew from the stock",
};

/** A seed that is not 32 bytes written as 64 hexadecimal digits. */
export class SeedError extends Error {}

/**
 * The seed's bytes.
 * @param {unknown} seed 64 hexadecimal digits
 * @returns {Uint8Array}
 * @throws {SeedError} for anything else
 */
export function seedBytes(seed) {
  if (typeof seed !== "string" || !/^[0-9a-fA-F]*$/.test(seed) || seed.length !== 2 * SEED_BYTES) {
    throw new SeedError(`a seed is ${SEED_BYTES} bytes written as hexadecimal digits`);
  }
  const bytes = new Uint8Array(SEED_BYTES);
  for (let i = 0; i < SEED_BYTES; i += 1) bytes[i] = parseInt(seed.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** @param {Uint8Array} bytes @returns {string} lowercase hexadecimal digits */
function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {Uint8Array[]} parts @returns {Uint8Array} the parts one after another */
function joined(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The seed's byte stream: SHA-256 blocks of STREAM_LABEL ‖ seed ‖ 8-byte block number. */
class Stream {
  /** @param {Uint8Array} seed */
  constructor(seed) {
    this.seed = seed;
    this.block = 0;
    this.buffer = new Uint8Array(0);
    this.at = 0;
  }

  /** @returns {number} the next 4 bytes as a big-endian number (0 .. 2^32 - 1) */
  word() {
    if (this.buffer.length - this.at < DRAW) {
      const counter = new Uint8Array(8);
      new DataView(counter.buffer).setBigUint64(0, BigInt(this.block));
      // 32-byte blocks hold whole 4-byte draws: nothing is left over when a block ends.
      this.buffer = joined(this.buffer.subarray(this.at), sha256(joined(STREAM_LABEL, this.seed, counter)));
      this.at = 0;
      this.block += 1;
    }
    const value = new DataView(this.buffer.buffer, this.buffer.byteOffset + this.at, DRAW).getUint32(0);
    this.at += DRAW;
    return value;
  }

  /**
   * A number in 0 .. bound - 1, every one equally likely: a draw at or above the largest
   * multiple of `bound` under 2^32 is thrown away (rejection sampling).
   * @param {number} bound
   * @returns {number}
   */
  below(bound) {
    const limit = SPAN - (SPAN % bound);
    for (;;) {
      const x = this.word();
      if (x < limit) return x % bound;
    }
  }
}

/**
 * The card identities 0 .. size - 1 in the order a hand shuffled with `seed` turns them up
 * (the first to the dealer's left): a Fisher–Yates shuffle drawing from the seed's stream,
 * as canasta.engine.fair.deck_order.
 * @param {string} seed 64 hexadecimal digits
 * @param {number} [size]
 * @returns {number[]}
 * @throws {SeedError} for a seed that is not 32 bytes
 */
export function deckOrder(seed, size = DECK_SIZE) {
  const stream = new Stream(seedBytes(seed));
  const order = Array.from({ length: size }, (_unused, i) => i);
  for (let i = size - 1; i > 0; i -= 1) {
    const j = stream.below(i + 1);
    [order[i], order[j]] = [/** @type {number} */ (order[j]), /** @type {number} */ (order[i])];
  }
  return order;
}

/**
 * The SHA-256 (64 hexadecimal digits) of seed ‖ salt, the salt as UTF-8.
 * @param {string} seed 64 hexadecimal digits
 * @param {string} salt
 * @returns {string}
 * @throws {SeedError} for a seed that is not 32 bytes
 */
export function commitment(seed, salt) {
  return hex(sha256(joined(seedBytes(seed), UTF8.encode(salt))));
}

/**
 * @typedef {{hands: number[][], pile: number[], redThrees: number[][], stock: number[]}} Dealt
 */

/**
 * A hand dealt from `deck` as the engine deals it (canasta.engine.building, "The deal"):
 * `cardsDealt` cards to each seat from the dealer's left, round the table; each seat's red
 * threes laid out and replaced from the stock; the upcard starts the pile, and another is
 * turned on it while it is a wild card or a red three.
 * @param {number} players 2 or 4
 * @param {number} cardsDealt cards dealt to each seat
 * @param {number} dealer the dealing seat
 * @param {number[]} deck the identities in the order they are turned up
 * @returns {Dealt} the stock bottom first (its last card is drawn next)
 */
export function dealHand(players, cardsDealt, dealer, deck) {
  const stock = [...deck].reverse();
  /** @type {number[][]} */
  const hands = Array.from({ length: players }, () => []);
  /** @type {number[][]} */
  const redThrees = [[], []];
  const take = () => /** @type {number} */ (stock.pop());
  const seats = Array.from({ length: players }, (_unused, k) => (dealer + 1 + k) % players);
  for (let round = 0; round < cardsDealt; round += 1) {
    for (const seat of seats) hands[seat]?.push(take());
  }
  for (const seat of seats) {
    const hand = /** @type {number[]} */ (hands[seat]);
    while (hand.some((c) => kind(c) === RED_THREE)) {
      for (const card of hand.filter((c) => kind(c) === RED_THREE)) {
        hand.splice(hand.indexOf(card), 1);
        redThrees[seat % 2]?.push(card);
        if (stock.length) hand.push(take());
      }
    }
  }
  /** @type {number[]} */
  const pile = [];
  for (;;) {
    const card = take();
    pile.push(card);
    const k = kind(card);
    if (k !== RED_THREE && k < WILD) break;
  }
  return { hands, pile, redThrees, stock };
}

/**
 * @param {readonly number[]} cards
 * @returns {number[]} a sorted copy (by identity)
 */
function byNumber(cards) {
  return [...cards].sort((a, b) => a - b);
}

/** @param {unknown} a @param {unknown} b @returns {boolean} the same JSON value */
function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * @typedef {{commitment: string, dealer: number, hand_number: number}} Commitment
 * @typedef {{seed: string, salt: string, commitment: string}} Reveal
 * @typedef {{hand_number: number, verified: boolean, problem: string}} DealCheck
 * @typedef {{seat: number, hand: number[], pile: number[], reds: number[][]}} SeatDeal
 * @typedef {{before: number, count: number, cards: number[]}} Draw
 */

/** What one seat saw of a hand's deal, to check against the seed revealed at its end. */
export class DealWitness {
  /**
   * @param {number} players the table's seats (2 or 4)
   * @param {number} cardsDealt cards dealt to each seat by the table's rules
   * @param {string} tableId the table's id (the salt must name it)
   */
  constructor(players, cardsDealt, tableId) {
    this.players = players;
    this.cardsDealt = cardsDealt;
    this.tableId = tableId;
    /** @type {Commitment | null} */
    this.deal = null;
    /** @type {SeatDeal | null} the seat's hand, the pile and the red threes at the deal */
    this.dealt = null;
    /** @type {Draw[]} the seat's stock draws: stock size before, cards that left it, ours */
    this.draws = [];
    /** @type {number[]} */
    this.lastPile = [];
  }

  /**
   * A whole view (a "view" message): a new hand's commitment starts a new witness.
   * @param {{view: any, deal?: Commitment | null}} message
   */
  sawView(message) {
    const { deal, view } = message;
    if (!deal) return;
    const known = this.deal;
    if (known === null || deal.commitment !== known.commitment || deal.dealer !== known.dealer
        || deal.hand_number !== known.hand_number) {
      this.deal = { commitment: deal.commitment, dealer: deal.dealer, hand_number: deal.hand_number };
      this.dealt = null;
      this.draws = [];
    }
    if (view.move_count === 0 && this.dealt === null) {
      this.dealt = {
        seat: view.seat, hand: byNumber(view.hand), pile: [...view.pile],
        reds: view.red_threes.map(byNumber),
      };
    }
    this.lastPile = [...view.pile];
  }

  /**
   * A move at the table (an "event" message): this seat's stock draws are kept with
   * their place.
   * @param {{seat: number, count?: number, cards?: number[], red_threes?: number[], view?: any}} message
   * @param {number} seat this seat
   */
  sawEvent(message, seat) {
    if (this.deal === null || !message.view) return;
    const count = message.count ?? 0;
    if (message.seat === seat && count > 0) {
      const reds = (message.red_threes ?? []).filter((c) => !this.lastPile.includes(c));
      const before = message.view.stock_size + count;
      this.draws.push({ before, count, cards: byNumber([...(message.cards ?? []), ...reds]) });
    }
    this.lastPile = [...message.view.pile];
  }

  /**
   * The verdict on the hand's revealed seed (null: no commitment was seen, nothing to
   * check).
   * @param {Reveal | null | undefined} reveal the hand_over's `deal`
   * @returns {DealCheck | null}
   */
  check(reveal) {
    const deal = this.deal;
    if (deal === null) return null;
    const number = deal.hand_number;
    const failed = (/** @type {string} */ problem) => ({ hand_number: number, verified: false, problem });
    if (!reveal) return failed("no_reveal");
    /** @type {number[]} */
    let deck;
    try {
      if (typeof reveal.salt !== "string" || commitment(reveal.seed, reveal.salt) !== deal.commitment) {
        return failed("commitment");
      }
      deck = deckOrder(reveal.seed);
    } catch (error) {
      if (error instanceof SeedError) return failed("commitment");
      throw error;
    }
    const colon = reveal.salt.indexOf(":");
    const table = colon < 0 ? reveal.salt : reveal.salt.slice(0, colon);
    const hand = colon < 0 ? "" : reveal.salt.slice(colon + 1);
    if (table !== this.tableId || !hand.endsWith(`:${number}`)) return failed("salt");
    const dealt = dealHand(this.players, this.cardsDealt, deal.dealer % this.players, deck);
    if (this.dealt !== null) {
      const { seat, hand: cards, pile, reds } = this.dealt;
      const mine = dealt.hands[seat];
      if (!mine || !same(byNumber(mine), cards) || !same(dealt.pile, pile)
          || !same(dealt.redThrees.map(byNumber), reds)) {
        return failed("cards");
      }
    }
    const stock = dealt.stock; // bottom first: a draw takes the last cards
    for (const { before, count, cards } of this.draws) {
      if (before - count < 0 || before > stock.length) return failed("draws");
      const place = new Set(stock.slice(before - count, before));
      if (!cards.every((c) => place.has(c))) return failed("draws");
    }
    return { hand_number: number, verified: true, problem: "" };
  }
}

/**
 * The hand summary's line for `check`, in the player's language: "Deal verified", or a
 * warning saying what failed (as canasta.net.proof.check_words).
 * @param {DealCheck} check
 * @returns {string}
 */
export function checkWords(check) {
  if (check.verified) return _("Deal verified");
  const why = _(PROBLEMS[check.problem] ?? PROBLEMS.cards ?? "");
  return format(_("WARNING: this deal is NOT verified: {why}"), { why });
}
