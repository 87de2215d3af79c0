// The table screen: the seat's view drawn by board.js, the player's selection and staged
// melds, the moves sent as intents, and the cards' motion between two views.

import { code, isWild, kind, KIND_RANK } from "./cards.js";
import { _, format } from "./i18n.js";
import { checkWords } from "./proof.js";
import {
  actionBar, chairName, fitHand, handRow, meldRow, piles, places, scoreTable, seatBox,
} from "./board.js";
import { button, el, lessMotion, toast } from "./ui.js";

/**
 * @typedef {import("./main.js").State} State
 * @typedef {import("./board.js").Staged} Staged
 * @typedef {{send: (message: Record<string, unknown>) => void,
 *            intent: (what: {move?: string, plan?: string[]}) => number,
 *            leave: () => void}} Actions
 */

/** How long a press must last to select every card of its rank (milliseconds). */
const HOLD_MS = 450;
/** Card motion (milliseconds): one card's slide, and the gap between two dealt cards. */
const SLIDE_MS = 260;
const DEAL_GAP_MS = 35;

export class Table {
  /**
   * @param {HTMLElement} screen
   * @param {State} state
   * @param {Actions} actions
   */
  constructor(screen, state, actions) {
    this.screen = screen;
    this.state = state;
    this.actions = actions;
    /** @type {Set<number>} */
    this.selected = new Set();
    /** @type {Staged[]} */
    this.staged = [];
    /** @type {number | null} */
    this.target = null;
    /** @type {number | null} the ref of the plan or move waiting for its answer */
    this.pending = null;
    this.hand = -1;
    this.moves = -1;
    /** @type {any} the hand_over this player has asked to go on from */
    this.asked = null;
    /** @type {string | null} where new cards come from in the next drawing */
    this.from = null;
    this.clockAt = performance.now();
    this.keys = (/** @type {KeyboardEvent} */ event) => this.key(event);
    document.addEventListener("keydown", this.keys);
    this.ticker = setInterval(() => this.tick(), 1000);
    this.resize = new ResizeObserver(() => {
      const hand = document.getElementById("hand");
      if (hand) fitHand(hand);
    });
  }

  /** Stop listening (another screen takes over). */
  destroy() {
    document.removeEventListener("keydown", this.keys);
    clearInterval(this.ticker);
    this.resize.disconnect();
  }

  /** @returns {any} */
  get view() {
    return this.state.view;
  }

  /** @returns {boolean} */
  get myTurn() {
    return this.view.mover === this.state.chair && this.view.phase !== "ended";
  }

  /** @returns {string[]} */
  get legal() {
    return this.myTurn ? this.view.legal_moves : [];
  }

  /**
   * A move was played at the table: the next drawing slides its cards from where they
   * came from.
   * @param {any} event
   */
  event(event) {
    if (event.move.startsWith("draw")) this.from = "stock";
    else if (event.move.startsWith("take")) this.from = "pile";
    else if (event.seat !== this.state.chair) this.from = `seat-${event.seat}`;
    this.clockAt = performance.now();
  }

  /**
   * The answer to a move or plan this table sent.
   * @param {any} answer
   */
  answered(answer) {
    if (answer.ref !== this.pending) return;
    this.pending = null;
    if (answer.type === "result") {
      this.staged = [];
      this.selected.clear();
      this.target = null;
    }
    this.update();
  }

  /** Draw the table again from the state (keeping each card's place for its motion). */
  update() {
    const view = this.view;
    const before = this.positions();
    if (view.hand_number !== this.hand) {
      this.hand = view.hand_number;
      this.staged = [];
      this.selected.clear();
      this.from = "deal";
    }
    if (view.move_count !== this.moves) {
      this.moves = view.move_count;
      this.clockAt = performance.now();
      if (!this.myTurn) this.staged = [];
    }
    const inHand = new Set(view.hand);
    for (const card of [...this.selected]) if (!inHand.has(card)) this.selected.delete(card);
    const staged = new Set(this.staged.flatMap((m) => m.cards));
    const table = this.state.table;
    const mine = this.state.chair ?? 0;
    const mySide = mine % 2;
    const seats = places(mine, view.hand_sizes.length).map(({ chair, place }) =>
      seatBox(view, table, chair, place, mine, this.clockLine(chair),
              (performance.now() - this.state.tableAt) / 1000));
    const board = el("section", {
      class: `table players-${view.hand_sizes.length}`, id: "table", "aria-label": _("Canasta"),
      "data-phase": view.phase, "data-mover": view.mover, "data-moves": view.move_count,
      "data-hand": view.hand_number, "data-turn": this.myTurn ? "mine" : "theirs",
      "data-pending": String(this.pending !== null),
      // The seat's own legal moves (its view's): what a tool driving the page may play.
      "data-legal": this.legal.join("|"),
    }, [
      el("div", { class: "seats" }, seats),
      meldRow(view, 1 - mySide, false, this.state.look, [], null, () => {}),
      piles(view, this.state.look, { draw: () => this.draw(), take: () => this.take() }),
      meldRow(view, mySide, true, this.state.look, this.staged, this.target, (k) => this.choose(k)),
      el("p", { class: "turn", id: "turn", text: this.turnLine() }),
      el("div", { class: "scoreline", id: "scoreline", text: this.scoreLine(mySide) }),
      handRow(view.hand.filter((/** @type {number} */ c) => !staged.has(c)), this.selected, this.state.look),
      this.buttons(),
      this.state.handOver ? this.overlay(mySide) : null,
    ]);
    this.screen.replaceChildren(board);
    this.say(this.turnLine(false));
    this.screen.dataset.screen = "table";
    document.body.dataset.theme = this.state.look.theme;
    const hand = /** @type {HTMLElement} */ (document.getElementById("hand"));
    this.wireHand(hand);
    fitHand(hand);
    this.resize.disconnect();
    this.resize.observe(hand);
    this.animate(before);
  }

  // Drawing helpers ---------------------------------------------------------------------------

  /** @param {number} chair @returns {string} the clock's line for `chair`, or "" */
  clockLine(chair) {
    const clock = this.state.clock;
    if (!clock || clock.seat !== chair || this.view.phase === "ended") return "";
    const gone = (performance.now() - this.clockAt) / 1000;
    const move = Math.max(0, clock.move_left - gone);
    const bank = Math.max(0, clock.bank_left - Math.max(0, gone - clock.move_left));
    return format(_("{who}: {move} s (bank {bank} s)"), {
      who: chairName(this.state.table, chair, this.state.chair ?? 0),
      move: Math.ceil(move), bank: Math.ceil(bank),
    });
  }

  /**
   * Tell a screen reader `line` when it is new (the page's lasting live region).
   * @param {string} line
   */
  say(line) {
    const region = document.getElementById("said");
    if (region && region.textContent !== line) region.textContent = line;
  }

  /**
   * Who is to move, in words.
   * @param {boolean} [withClock] with the turn clock's seconds (not for a screen reader,
   *   which would read every second)
   * @returns {string}
   */
  turnLine(withClock = true) {
    const view = this.view;
    const mine = this.state.chair ?? 0;
    if (view.phase === "ended") return _("The hand is over");
    const who = chairName(this.state.table, view.mover, mine);
    const clock = withClock ? this.clockLine(view.mover) : "";
    if (view.phase === "answer") {
      if (view.mover === mine) {
        const n = view.hand_sizes[view.turn] ?? 0;
        return format(_("Partner ({n} card) asks: may I go out?"), { n });
      }
      return format(_("{who} is answering: may {asker} go out?"), {
        who, asker: chairName(this.state.table, view.turn, mine),
      });
    }
    if (view.mover !== mine) return format(_("{who} is playing…"), { who }) + (clock ? ` ${clock}` : "");
    const line = view.phase === "draw" ? _("Your turn: draw from the stock or take the pile.")
      : _("Your turn: meld, lay off, then discard.");
    return line + (clock ? ` ${clock}` : "");
  }

  /** @param {number} mySide @returns {string} the game's score before this hand */
  scoreLine(mySide) {
    const scores = this.view.side_scores;
    return `${format(_("Us {points}"), { points: scores[mySide] ?? 0 })} · ${format(_("Them {points}"), { points: scores[1 - mySide] ?? 0 })}`;
  }

  /** @returns {HTMLElement} the action buttons, usable or not as the view says */
  buttons() {
    const legal = this.legal;
    const phase = this.view.phase;
    const play = this.myTurn && phase === "play" && this.pending === null;
    const n = this.selected.size;
    const has = (/** @type {string} */ head) => legal.some((m) => m === head || m.startsWith(`${head} `));
    /** @type {{[name: string]: [string, boolean, () => void, string?]}} */
    const list = {
      draw: [_("Draw"), has("draw"), () => this.draw(), "S"],
      take: [_("Take the pile"), has("take"), () => this.take(), "D"],
      meld: [_("Meld"), play && n >= 3, () => this.meld(), "M"],
      layoff: [_("Lay off"), play && n >= 1, () => this.layoff(), "L"],
      discard: [_("Discard"), play && n === 1, () => this.discard(), "Enter"],
      out: [_("Go out"), play && (this.staged.length > 0 || n === 1), () => this.goOut(), "F"],
      reset: [_("Reset the turn"), this.staged.length > 0 || n > 0 || this.target !== null, () => this.reset(), "U"],
    };
    if (has("ask")) list.ask = [_("Ask partner"), true, () => this.send("ask"), "A"];
    if (has("yes")) list.yes = [_("Yes — go out!"), true, () => this.send("yes"), "Y"];
    if (has("no")) list.no = [_("No — give me one turn."), true, () => this.send("no"), "N"];
    if (has("decline")) list.decline = [_("Decline the pile, ending the hand"), true, () => this.send("decline")];
    return actionBar(list);
  }

  /** @param {number} mySide @returns {HTMLElement} the hand's scores and what comes next */
  overlay(mySide) {
    const over = this.state.handOver;
    let title = format(_("Hand {n} scores"), { n: over.hand_number });
    let result = "";
    if (over.game_over) {
      title = _("Game over");
      result = over.winner === null ? _("A tie: the game is shared.")
        : over.winner === mySide ? _("You win!") : _("They win.");
    }
    // Whether the deal was the one promised at its start (a failure is said loudly, white
    // on red, as on the desktop's scoreboard).
    const proof = this.state.dealCheck;
    return el("div", { class: "overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": "over-title" }, [
      el("div", { class: "card-panel" }, [
        el("h2", { id: "over-title", text: title }),
        proof ? el("p", {
          id: "deal-proof", class: proof.verified ? "deal-proof" : "deal-proof warning",
          role: proof.verified ? undefined : "alert", text: checkWords(proof),
        }) : null,
        result ? el("p", { class: "result", id: "result", text: result }) : null,
        scoreTable(over, mySide),
        this.asked === over ? el("p", { class: "note", text: _("Waiting for the other players to go on…") }) : null,
        el("div", { class: "row wrap" }, [
          button(over.game_over ? _("Rematch") : _("Next hand"), () => {
            this.asked = over;
            this.actions.send({ type: "next" });
            this.update();
          }, { class: "primary", id: "next", disabled: this.asked === over }),
          button(_("Lobby"), () => this.actions.leave(), { id: "to-lobby" }),
        ]),
      ]),
    ]);
  }

  // Input ---------------------------------------------------------------------------------

  /**
   * Tap a card to select it; press and hold to select every card of its rank.
   * @param {HTMLElement} hand
   */
  wireHand(hand) {
    /** @type {number | undefined} */
    let timer;
    let held = false;
    hand.addEventListener("pointerdown", (event) => {
      const target = /** @type {HTMLElement} */ (event.target).closest(".card-button");
      if (!(target instanceof HTMLElement)) return;
      held = false;
      const card = Number(target.dataset.card);
      timer = window.setTimeout(() => {
        held = true;
        this.selectRank(card);
      }, HOLD_MS);
    });
    const cancel = () => clearTimeout(timer);
    hand.addEventListener("pointerup", cancel);
    hand.addEventListener("pointercancel", cancel);
    hand.addEventListener("pointerleave", cancel);
    hand.addEventListener("contextmenu", (event) => event.preventDefault());
    hand.addEventListener("click", (event) => {
      const target = /** @type {HTMLElement} */ (event.target).closest(".card-button");
      if (!(target instanceof HTMLElement)) return;
      if (held) {
        held = false;
        return;
      }
      const card = Number(target.dataset.card);
      if (this.selected.has(card)) this.selected.delete(card);
      else this.selected.add(card);
      this.refreshSelection(card);
    });
  }

  /** @param {number} card select every card of its kind (or unselect them all) */
  selectRank(card) {
    const k = kind(card);
    const same = this.view.hand.filter((/** @type {number} */ c) => kind(c) === k);
    const all = same.every((/** @type {number} */ c) => this.selected.has(c));
    for (const c of same) {
      if (all) this.selected.delete(c);
      else this.selected.add(c);
    }
    this.refreshSelection(card);
  }

  /** @param {number} [focus] the card to keep the focus on */
  refreshSelection(focus) {
    this.update();
    if (focus !== undefined) {
      /** @type {HTMLElement | null} */ (document.querySelector(`#hand [data-card="${focus}"]`))?.focus();
    }
  }

  /** @param {number} k choose (or unchoose) our meld of kind `k` to lay off on */
  choose(k) {
    this.target = this.target === k ? null : k;
    if (this.selected.size && this.myTurn && this.view.phase === "play") {
      this.layoff();
      return;
    }
    this.update();
  }

  /** @param {KeyboardEvent} event the desktop's keys */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const focus = document.activeElement;
    if (focus instanceof HTMLInputElement || focus instanceof HTMLSelectElement) return;
    // Space lifts or lowers a focused card (its button's own key); Enter discards, as on
    // the desktop, unless the focus is on another button.
    const onButton = focus instanceof HTMLButtonElement && !focus.classList.contains("card-button");
    const keyName = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    /** @type {Record<string, () => void>} */
    const keys = {
      s: () => this.draw(), d: () => this.take(), l: () => this.layoff(),
      m: () => (this.target !== null ? this.layoff() : this.meld()),
      g: () => this.playStaged(), f: () => this.goOut(), u: () => this.reset(), Backspace: () => this.reset(),
      Home: () => this.step(-999), End: () => this.step(999),
      a: () => this.legal.includes("ask") && this.send("ask"),
      y: () => this.legal.includes("yes") && this.send("yes"),
      n: () => this.legal.includes("no") && this.send("no"),
      Escape: () => this.clear(),
      ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1),
    };
    if (keyName === "Enter" && !onButton) {
      event.preventDefault();
      this.discard();
      return;
    }
    const action = keys[keyName];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  /** Play the staged melds and lay-offs now, before the discard (the desktop's G). */
  playStaged() {
    if (!this.myTurn || this.view.phase !== "play" || !this.staged.length || this.pending !== null) return;
    this.pending = this.actions.intent({ plan: this.staged.map((m) => m.text) });
  }

  /** @param {number} by move the focus along the hand */
  step(by) {
    const cards = /** @type {HTMLElement[]} */ ([...document.querySelectorAll("#hand .card-button")]);
    if (!cards.length) return;
    const at = cards.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const next = at < 0 ? 0 : Math.min(cards.length - 1, Math.max(0, at + by));
    cards[next]?.focus();
  }

  // Moves ---------------------------------------------------------------------------------

  /** @param {string} move send one move (text form) */
  send(move) {
    if (this.pending !== null) return;
    this.pending = this.actions.intent({ move });
  }

  draw() {
    if (this.legal.includes("draw")) this.send("draw");
  }

  /** Take the pile with the selected cards (none: the one way the rules leave, if one). */
  take() {
    const takes = this.legal.filter((m) => m === "take" || m.startsWith("take "));
    if (!takes.length) return;
    const picked = [...this.selected];
    if (picked.length) {
      this.send(["take", ...picked.map(code)].join(" "));
    } else if (takes.length === 1 || takes.includes("take")) {
      this.send(takes.includes("take") ? "take" : /** @type {string} */ (takes[0]));
    } else {
      toast(_("Select the cards to take the pile with."));
    }
  }

  /** Stage a meld of the selected cards (played with the turn's discard or going out). */
  meld() {
    if (!this.myTurn || this.view.phase !== "play") return;
    const cards = [...this.selected];
    if (cards.length < 3) {
      toast(format(_("A meld needs at least 3 cards; you chose {count}."), { count: cards.length }));
      return;
    }
    const naturals = cards.filter((c) => !isWild(c)).map(kind);
    const k = naturals[0] ?? -1;
    if (k < 0 || naturals.some((n) => n !== k)) {
      toast(_("A meld holds one rank only (plus wild cards)."));
      return;
    }
    this.staged.push({ text: ["meld", ...cards.map(code)].join(" "), cards, kind: k });
    this.selected.clear();
    this.update();
  }

  /** Stage a lay-off of the selected cards on the chosen meld (or their rank's). */
  layoff() {
    if (!this.myTurn || this.view.phase !== "play") return;
    const cards = [...this.selected];
    if (!cards.length) {
      toast(_("Select the cards to lay off first."));
      return;
    }
    const naturals = cards.filter((c) => !isWild(c)).map(kind);
    const side = (this.state.chair ?? 0) % 2;
    const own = new Set([...Object.keys(this.view.melds[side] ?? {}).map(Number), ...this.staged.map((m) => m.kind)]);
    const k = this.target ?? naturals[0] ?? null;
    if (k === null || !own.has(k)) {
      toast(_("Tap one of your melds to lay off on."));
      return;
    }
    this.staged.push({ text: [`layoff ${KIND_RANK[k]}`, ...cards.map(code)].join(" "), cards, kind: k });
    this.selected.clear();
    this.target = null;
    this.update();
  }

  /** Discard the one selected card, after the staged melds (as one plan). */
  discard() {
    if (!this.myTurn || this.view.phase !== "play") return;
    const cards = [...this.selected];
    if (cards.length !== 1) {
      toast(_("Select the card to discard first."));
      return;
    }
    this.finish(`discard ${code(/** @type {number} */ (cards[0]))}`);
  }

  /** Go out: the staged melds, and the selected card as the last discard (if one). */
  goOut() {
    if (!this.myTurn || this.view.phase !== "play") return;
    const cards = [...this.selected];
    const last = cards.length === 1 ? `discard ${code(/** @type {number} */ (cards[0]))}` : null;
    if (!this.staged.length && last === null) {
      toast(_("Meld first, or select the card to go out with."));
      return;
    }
    this.finish(last);
  }

  /** @param {string | null} last the discard that ends the turn, if any */
  finish(last) {
    if (this.pending !== null) return;
    const plan = [...this.staged.map((m) => m.text), ...(last ? [last] : [])];
    if (plan.length === 1 && last !== null) this.pending = this.actions.intent({ move: last });
    else this.pending = this.actions.intent({ plan });
  }

  /** Put the staged melds back in the hand. */
  reset() {
    if (!this.staged.length && !this.selected.size && this.target === null) return;
    this.staged = [];
    this.clear();
    toast(_("Turn reset."));
  }

  clear() {
    this.selected.clear();
    this.target = null;
    this.update();
  }

  tick() {
    const table = this.state.table;
    if (table.chairs.some((/** @type {any} */ c) => typeof c.takeover_in === "number")) {
      this.update();
      return;
    }
    if (!this.state.clock) return;
    const turn = document.getElementById("turn");
    if (turn) turn.textContent = this.turnLine();
    for (const box of document.querySelectorAll(".seat")) {
      const chair = Number(/** @type {HTMLElement} */ (box).dataset.seat);
      const line = box.querySelector(".clock");
      if (line) line.textContent = this.clockLine(chair);
    }
  }

  // Motion --------------------------------------------------------------------------------

  /** @returns {Map<string, DOMRect>} where each card and part is now */
  positions() {
    /** @type {Map<string, DOMRect>} */
    const found = new Map();
    for (const node of this.screen.querySelectorAll("[data-card]")) {
      const card = /** @type {HTMLElement} */ (node);
      if (card.tagName === "IMG" && card.closest(".card-button")) continue;
      found.set(`card-${card.dataset.card}`, card.getBoundingClientRect());
    }
    for (const id of ["stock", "pile", "seat-0", "seat-1", "seat-2", "seat-3"]) {
      const part = document.getElementById(id);
      if (part) found.set(id, part.getBoundingClientRect());
    }
    return found;
  }

  /**
   * Slide every card from where it was to where it is (new ones from the stock, the pile
   * or the seat that played them; a new hand's from the stock one after another).
   * @param {Map<string, DOMRect>} before
   */
  animate(before) {
    const from = this.from;
    this.from = null;
    if (lessMotion()) return;
    const source = from === "deal" ? document.getElementById("stock")?.getBoundingClientRect()
      : from ? before.get(from) ?? document.getElementById(from)?.getBoundingClientRect() : undefined;
    let dealt = 0;
    for (const node of this.screen.querySelectorAll("[data-card]")) {
      const card = /** @type {HTMLElement} */ (node);
      if (card.tagName === "IMG" && card.closest(".card-button")) continue;
      const now = card.getBoundingClientRect();
      const was = from === "deal" ? undefined : before.get(`card-${card.dataset.card}`);
      const origin = was ?? source;
      if (!origin) continue;
      const dx = origin.left - now.left;
      const dy = origin.top - now.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      const delay = from === "deal" && card.classList.contains("card-button") ? dealt++ * DEAL_GAP_MS : 0;
      // A card that comes face down from the stock turns over on its way.
      const flip = !was && (from === "deal" || from === "stock");
      const start = `translate(${dx}px, ${dy}px)${flip ? " scaleX(0.05)" : ""}`;
      card.animate(
        flip
          ? [{ transform: start }, { transform: `translate(${dx / 2}px, ${dy / 2}px) scaleX(1)`, offset: 0.5 },
            { transform: "translate(0, 0)" }]
          : [{ transform: start }, { transform: "translate(0, 0)" }],
        { duration: SLIDE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      );
    }
  }
}
