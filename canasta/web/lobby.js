// The screens before a hand: the player's name, the lobby (open tables, a new table, a
// join code) and a table's chair map (ready, start, the link to share).

import { _, format, language, ngettext, say } from "./i18n.js";
import { preload } from "./cards.js";
import { button, el, toast } from "./ui.js";

/**
 * @typedef {import("./main.js").State} State
 * @typedef {{send: (message: Record<string, unknown>) => void, leave: () => void,
 *            setLook: (look: import("./cards.js").Look) => void}} Actions
 */

const LEVELS = /** @type {const} */ (["easy", "medium", "hard"]);
/** @type {{players: number, public: boolean, level: string, quick: boolean, clock: boolean}} */
const choice = { players: 2, public: true, level: "medium", quick: false, clock: false };

/**
 * The name screen.
 * @param {HTMLElement} screen
 * @param {State} state
 * @param {(name: string) => void} connect
 */
export function showName(screen, state, connect) {
  const input = el("input", {
    id: "name", type: "text", maxlength: 24, autocomplete: "nickname", required: true,
    value: state.name, enterkeyhint: "go",
  });
  const form = el("form", { class: "card-panel name-form" }, [
    el("h1", { text: _("Canasta") }),
    el("label", { for: "name", text: _("Your name") }),
    input,
    el("button", { type: "submit", class: "primary", text: _("Play online") }),
  ]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    performance.mark("canasta-name");
    if (name) connect(name);
  });
  screen.replaceChildren(form);
  screen.dataset.screen = "name";
  input.focus();
  if (!performance.getEntriesByName("canasta-ready").length) performance.mark("canasta-ready");
}

/**
 * The lobby: a new table, a join code, the open public tables.
 * @param {HTMLElement} screen
 * @param {State} state
 * @param {Actions} actions
 */
export function showLobby(screen, state, actions) {
  const create = (/** @type {number} */ players) => {
    choice.players = players;
    /** @type {Record<string, unknown>} */
    const message = {
      type: "create", players, public: choice.public, level: choice.level, quick: choice.quick, chair: 0,
    };
    if (choice.clock) message.clock = { move_seconds: 30.0, bank_seconds: 120.0 };
    actions.send(message);
  };
  const toggle = (/** @type {string} */ id, /** @type {string} */ label, /** @type {() => void} */ flip) =>
    button(label, () => {
      flip();
      showLobby(screen, state, actions);
      /** @type {HTMLElement | null} */ (document.getElementById(id))?.focus();
    }, { class: "chip", id });
  const level = el("select", { id: "level", "aria-label": _("Computer level") });
  for (const name of LEVELS) {
    level.append(el("option", { value: name, text: format(_("Computer: {level}"), { level: _(name) }),
                                 selected: name === choice.level }));
  }
  level.addEventListener("change", () => (choice.level = level.value));
  const codeInput = el("input", {
    id: "code", type: "text", maxlength: state.config.code.length + 4, autocomplete: "off",
    autocapitalize: "characters", spellcheck: "false", "aria-label": _("Join code"),
    placeholder: _("Join code"),
  });
  const join = el("form", { class: "join-form" }, [
    codeInput, el("button", { type: "submit", text: _("Join") }),
  ]);
  join.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    if (!code) {
      toast(_("Type the table's join code first."));
      return;
    }
    state.code = code;
    state.tryChair = 0;
    actions.send({ type: "join", code, chair: 0 });
  });
  screen.replaceChildren(
    el("section", { class: "card-panel lobby" }, [
      el("h1", { text: _("Lobby") }),
      el("div", { class: "row wrap" }, [
        button(_("New table: 2 players"), () => create(2), { class: "primary", id: "new2" }),
        button(_("New table: 4 players"), () => create(4), { class: "primary", id: "new4" }),
      ]),
      el("div", { class: "row wrap" }, [
        toggle("private", choice.public ? _("Private: off") : _("Private: on"), () => (choice.public = !choice.public)),
        toggle("quick", choice.quick ? _("Game: one hand") : _("Game: to 5,000"), () => (choice.quick = !choice.quick)),
        toggle("clock", choice.clock ? format(_("Clock: {move} s + {bank} s bank"), { move: 30, bank: 120 })
          : _("Turn clock: off"), () => (choice.clock = !choice.clock)),
        level,
      ]),
      join,
      el("div", { class: "row" }, [
        el("h2", { text: _("Open tables") }),
        button(_("Refresh"), () => actions.send({ type: "lobby" }), { class: "chip" }),
      ]),
      el("ul", { class: "tables", id: "tables" }, tableRows(state, actions)),
      looks(state, actions),
    ]),
  );
  screen.dataset.screen = "lobby";
}

/**
 * The lobby's list with `changes` made (the server's `lobby_changes`): a new array, each
 * changed table in its place, a new one at the end, the gone ones out.
 * @param {any[]} tables
 * @param {{tables?: any[], gone?: string[]}} changes
 * @returns {any[]}
 */
export function applyLobbyChanges(tables, changes) {
  const changed = new Map((changes.tables ?? []).map((t) => [t.id, t]));
  const gone = new Set(changes.gone ?? []);
  const kept = tables.filter((t) => !gone.has(t.id)).map((t) => {
    const now = changed.get(t.id);
    changed.delete(t.id);
    return now ?? t;
  });
  return kept.concat([...changed.values()]);
}

/**
 * Show the lobby's tables anew where the lobby is on screen (the rest of it, a join code
 * being typed, stays as it is); false when another screen shows.
 * @param {HTMLElement} screen
 * @param {State} state
 * @param {Actions} actions
 * @returns {boolean}
 */
export function showTables(screen, state, actions) {
  const list = document.getElementById("tables");
  if (screen.dataset.screen !== "lobby" || list === null) return false;
  list.replaceChildren(...tableRows(state, actions));
  return true;
}

/**
 * The lobby's rows: one per listed table, and a last line counting the tables left out.
 * @param {State} state
 * @param {Actions} actions
 * @returns {HTMLLIElement[]}
 */
function tableRows(state, actions) {
  const rows = state.tables.map((table) => tableRow(table, actions));
  if (state.more > 0) {
    rows.push(el("li", { class: "table-more", id: "tables-more",
                         text: format(ngettext("and {n} more table", "and {n} more tables", state.more),
                                      { n: state.more.toLocaleString(language().replace("_", "-")) }) }));
  }
  return rows;
}

/**
 * The cards' and the felt's look, as the desktop's settings offer it (kept in this
 * browser).
 * @param {State} state
 * @param {Actions} actions
 * @returns {HTMLElement}
 */
function looks(state, actions) {
  const config = state.config;
  const themes = Object.fromEntries(Object.entries(config.themes).map(([k, t]) => [k, t.title ?? k]));
  /** @type {[keyof import("./cards.js").Look, string, Record<string, string>][]} */
  const rows = [
    ["style", _("Card style"), config.styles], ["palette", _("Suit colours"), config.palettes],
    ["deck", _("Deck design"), config.decks], ["theme", _("Table colour"), themes],
  ];
  const fields = rows.map(([key, label, choices]) => {
    const select = el("select", { id: `look-${key}` });
    for (const [value, title] of Object.entries(choices)) {
      select.append(el("option", { value, text: _(title), selected: state.look[key] === value }));
    }
    select.addEventListener("change", () => actions.setLook({ ...state.look, [key]: select.value }));
    return el("label", { class: "look-row" }, [el("span", { text: label }), select]);
  });
  return el("details", { class: "looks" }, [el("summary", { text: _("Table and look") }), ...fields]);
}

/**
 * One open table of the lobby, with a button for each chair anyone may take.
 * @param {any} table
 * @param {Actions} actions
 * @returns {HTMLLIElement}
 */
function tableRow(table, actions) {
  const names = table.chairs.map((/** @type {any} */ c) => c.name ?? _("Computer")).join(" · ");
  const sits = table.chairs.map((/** @type {any} */ chair, /** @type {number} */ i) =>
    chair.open ? button(format(_("Sit {n}"), { n: i + 1 }),
                        () => actions.send({ type: "join", table: table.id, chair: i }), { class: "chip" })
      : null);
  const status = table.status === "lobby" ? _("Open table") : _("playing");
  return el("li", { class: "table-row" }, [
    el("span", { class: "what", text: `${table.preset} · ${table.players} · ${status}` }),
    el("span", { class: "who", text: names }),
    el("span", { class: "sits" }, sits),
  ]);
}

/**
 * A table's chair map before the game (or while waiting for the next deal).
 * @param {HTMLElement} screen
 * @param {State} state
 * @param {Actions} actions
 */
export function showChairs(screen, state, actions) {
  const table = state.table;
  preload(state.look);
  const mine = state.chair ?? -1;
  const chairs = table.chairs.map((/** @type {any} */ chair, /** @type {number} */ i) => {
    const side = format(_("Side {n}"), { n: chair.side + 1 });
    let who = chair.name === null ? _("Computer") : i === mine ? format(_("{name} (you)"), { name: chair.name })
      : chair.name;
    if (chair.name !== null) who += ` · ${chair.ready ? _("ready") : _("not ready")}`;
    if (chair.away) who += ` · ${_("away")}`;
    if (chair.left) who += ` · ${_("left the table")}`;
    if (i === table.host && chair.name !== null) who += ` · ${_("host")}`;
    if (chair.waiting) who += ` · ${format(_("{name} from the next deal"), { name: chair.waiting })}`;
    const line = format(_("Chair {n} · {side} · {who}"), { n: i + 1, side, who });
    const item = el("li", { class: i === mine ? "chair mine" : "chair", "data-chair": i });
    if (chair.open && i !== mine && table.status === "lobby") {
      item.append(button(line, () => actions.send({ type: "join", table: table.id, chair: i }), {
        class: "chair-button", title: _("free: click to sit here"),
      }));
    } else {
      item.append(el("span", { text: line }));
    }
    return item;
  });
  const me = table.chairs[mine];
  const humans = table.chairs.filter((/** @type {any} */ c) => c.name !== null);
  const everyone = humans.every((/** @type {any} */ c) => c.ready);
  const link = table.code ? `${location.origin}/t/${table.code}` : "";
  const waiting = state.nextDeal
    ? el("p", { class: "note", text: say(state.config, "next_deal", { chair: mine + 1 }, "") })
    : null;
  const buttons = state.nextDeal
    ? [button(_("Leave table"), actions.leave)]
    : [
        button(me?.ready ? _("Not ready") : _("I'm ready"),
               () => actions.send({ type: "ready", ready: !me?.ready }), { class: "primary", id: "ready" }),
        mine === table.host
          ? button(_("Start"), () => actions.send({ type: "start" }), { id: "start", disabled: !everyone })
          : null,
        button(_("Leave table"), actions.leave, { id: "leave" }),
      ];
  screen.replaceChildren(
    el("section", { class: "card-panel chairs" }, [
      el("h1", { text: table.public ? _("Public table") : _("Private table") }),
      table.code ? el("p", { class: "code", id: "join-code", text: format(_("Join code: {code}"), { code: table.code }) }) : null,
      link ? el("p", { class: "link" }, [
        el("a", { href: link, id: "table-link", text: link }),
        button(_("Copy link"), () => navigator.clipboard?.writeText(link).then(() => toast(_("Link copied."))),
               { class: "chip" }),
      ]) : null,
      table.players === 4 ? el("p", { class: "note", text: _("Chairs 1 and 3 are partners against chairs 2 and 4.") }) : null,
      el("ul", { class: "chair-map", id: "chairs" }, chairs),
      waiting,
      everyone && mine === table.host && !state.nextDeal
        ? el("p", { class: "note", text: _("Everyone is ready: Start when you like.") }) : null,
      el("div", { class: "row wrap" }, buttons),
    ]),
  );
  screen.dataset.screen = "chairs";
}
