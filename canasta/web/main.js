// The browser client's start: read the server's config and the player's language, ask for
// a name, connect, and show the lobby, the chair map or the table as the messages say.

import { _, format, matchLanguage, say, useLanguage } from "./i18n.js";
import { Connection, keepToken, savedToken } from "./net.js";
import { DealWitness } from "./proof.js";
import { applyLobbyChanges, showLobby, showName, showChairs, showTables } from "./lobby.js";
import { Table } from "./table.js";
import { toast } from "./ui.js";

/**
 * @typedef {import("./i18n.js").Config} Config
 * @typedef {import("./net.js").Message} Message
 * @typedef {{config: Config, conn: Connection | null, name: string,
 *            tables: any[], more: number, table: any | null, chair: number | null, nextDeal: boolean,
 *            view: any | null, clock: any | null, handOver: any | null,
 *            witness: DealWitness | null, dealCheck: import("./proof.js").DealCheck | null,
 *            code: string | null, tryChair: number, tableAt: number,
 *            look: import("./cards.js").Look}} State
 */

const NAME = "canasta.name";
const LANGUAGE = "canasta.language";
const LOOK = "canasta.look";
/** The protocol version this tab was loaded again for (see `newerPage`). */
const RELOADED = "canasta.reloaded-for";

/** @param {string} key @returns {string | null} */
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** @param {string} key @param {string} value */
function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing is kept in a browser that keeps nothing; the game still plays.
  }
}

/** @type {State} */
let state;
/** @type {Table | null} */
let table = null;

/** Draw the screen the state calls for. */
export function render() {
  const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
  paint(state.config, state.look.theme);
  if (state.conn === null) {
    drop();
    showName(screen, state, connect);
    return;
  }
  if (state.table !== null && state.view !== null && !state.nextDeal) {
    if (table === null) {
      table = new Table(screen, state, actions);
    }
    table.update();
    if (!performance.getEntriesByName("canasta-table").length) performance.mark("canasta-table");
    return;
  }
  drop();
  if (state.table !== null) showChairs(screen, state, actions);
  else showLobby(screen, state, actions);
}

/**
 * The server was upgraded while this page was open: load the page again, which brings the
 * client that speaks its protocol (once per version, so a server that keeps refusing is
 * said in words instead); false when it was tried already.
 * @param {number} version the server's protocol version
 * @returns {boolean}
 */
function newerPage(version) {
  try {
    if (sessionStorage.getItem(RELOADED) === String(version)) return false;
    sessionStorage.setItem(RELOADED, String(version));
  } catch {
    return false;
  }
  location.reload();
  return true;
}

/** The table screen is gone: its keys and clock stop. */
function drop() {
  table?.destroy();
  table = null;
}

/**
 * The felt's colours of the theme `name` (the desktop's themes).
 * @param {Config} config
 * @param {string} name
 */
function paint(config, name) {
  const theme = config.themes[name] ?? config.themes.green;
  if (!theme) return;
  const root = document.documentElement.style;
  for (const key of ["felt", "felt_edge", "accent", "text", "text_dim", "button", "button_text", "glow"]) {
    const value = theme[key];
    if (value) root.setProperty(`--${key.replace("_", "-")}`, value);
  }
}

/** What the screens may ask for. */
const actions = {
  /** @param {Record<string, unknown>} message */
  send(message) {
    if (state.conn === null || !state.conn.send(message)) toast(_("Not connected to the server."));
  },
  /** @param {{move?: string, plan?: string[]}} what */
  intent(what) {
    return state.conn?.intent(what) ?? 0;
  },
  leave() {
    actions.send({ type: "leave" });
    keepToken(null);
    Object.assign(state, { table: null, chair: null, view: null, handOver: null, nextDeal: false });
    history.replaceState(null, "", "/");
    actions.send({ type: "lobby" });
    render();
  },
  /** @param {import("./cards.js").Look} look */
  setLook(look) {
    state.look = look;
    store(LOOK, JSON.stringify(look));
    render();
  },
};

/**
 * Connect as `name` (kept in this browser).
 * @param {string} name
 */
function connect(name) {
  store(NAME, name);
  state.name = name;
  const conn = new Connection(state.config.protocol, name);
  state.conn = conn;
  conn.onStatus = (status) => {
    const line = /** @type {HTMLElement} */ (document.getElementById("status"));
    line.textContent =
      status === "connected" ? "" : status === "reconnecting" ? _("Reconnecting…")
        : status === "connecting" ? _("Connecting…") : _("Not connected to the server.");
    document.body.dataset.status = status;
  };
  conn.listen(receive);
  conn.open();
  render();
}

/** @param {Message} message */
function receive(message) {
  const s = state;
  switch (message.type) {
    case "welcome":
      if (s.table === null) {
        if (s.code !== null && savedToken() === null) {
          s.tryChair = 0;
          actions.send({ type: "join", code: s.code, chair: 0 });
        }
        actions.send({ type: "lobby" });
      }
      break;
    case "lobby":
      s.tables = message.tables;
      s.more = message.more ?? 0;
      render();
      // The figures script reads when the lobby's list and the first table were drawn.
      if (!performance.getEntriesByName("canasta-lobby").length) performance.mark("canasta-lobby");
      return;
    case "lobby_changes":
      s.tables = applyLobbyChanges(s.tables, { tables: message.tables ?? [], gone: message.gone ?? [] });
      s.more = message.more ?? 0;
      if (!showTables(/** @type {HTMLElement} */ (document.getElementById("screen")), s, actions)) render();
      return;
    case "seated":
      Object.assign(s, { table: message.table, chair: message.chair, nextDeal: message.next_deal });
      s.tableAt = performance.now();
      s.code = null;
      if (message.table.code) history.replaceState(null, "", `/t/${message.table.code}`);
      break;
    case "table":
      s.table = message.table;
      s.tableAt = performance.now();
      break;
    case "view":
      s.view = message.view;
      s.clock = message.clock ?? null;
      if (message.view.phase !== "ended") s.handOver = null;
      witness(message);
      break;
    case "event":
      if (message.view) s.view = message.view;
      s.clock = message.clock ?? null;
      if (s.chair !== null) s.witness?.sawEvent(/** @type {any} */ (message), s.chair);
      table?.event(message);
      break;
    case "hand_over":
      s.handOver = message;
      s.dealCheck = s.witness?.check(message.deal) ?? null;
      break;
    case "result":
      table?.answered(message);
      return;
    case "refusal":
      table?.answered(message);
      toast(say(s.config, message.code, message.details ?? {}, message.message));
      return;
    case "notice":
      toast(say(s.config, message.code, message.details ?? {}, message.message));
      return;
    case "error":
      if (s.code !== null && (message.code === "chair_taken" || message.code === "chair_busy")) {
        s.tryChair += 1;
        if (s.tryChair < 4) {
          actions.send({ type: "join", code: s.code, chair: s.tryChair });
          return;
        }
      }
      if (message.code === "bad_token") {
        // The seat is gone (the game is over, the table closed): the lobby, quietly.
        Object.assign(s, { table: null, chair: null, view: null });
        if (s.code !== null) {
          s.tryChair = 0;
          actions.send({ type: "join", code: s.code, chair: 0 });
        }
        actions.send({ type: "lobby" });
        break;
      }
      if (message.code === "version" && Number(message.details?.server) > s.config.protocol
          && newerPage(Number(message.details?.server))) {
        return;
      }
      if (message.code === "seat_back") Object.assign(s, { table: null, chair: null, nextDeal: false });
      s.code = null;
      toast(say(s.config, message.code, message.details ?? {}, message.message));
      break;
    default:
      return;
  }
  render();
}

/**
 * Keep what this seat sees of a deal, to check it when its seed is revealed (a new table
 * starts a new witness; a preset this page does not know leaves nothing to check by).
 * @param {Message} message a "view"
 */
function witness(message) {
  const s = state;
  if (!message.deal || s.table === null) return;
  if (s.witness === null || s.witness.tableId !== s.table.id) {
    const dealt = s.config.cards_dealt[s.table.preset]?.[String(s.table.players)];
    if (dealt === undefined) {
      s.witness = null;
      return;
    }
    s.witness = new DealWitness(s.table.players, dealt, s.table.id);
  }
  s.witness.sawView(/** @type {any} */ (message));
}

/** Start: the config, the language, the look, then the name screen or the connection. */
async function start() {
  const answer = await fetch("/config.json");
  const config = /** @type {Config} */ (await answer.json());
  const chosen = stored(LANGUAGE);
  const code = chosen && chosen in config.languages ? chosen
    : matchLanguage(navigator.languages ?? [navigator.language], config.languages);
  await useLanguage(code);
  /** @type {import("./cards.js").Look} */
  let look = { style: "modern", palette: "standard", deck: "crimson-lattice", theme: "green" };
  try {
    look = { ...look, ...JSON.parse(stored(LOOK) ?? "{}") };
  } catch {
    // A look that cannot be read: the default one.
  }
  const link = location.pathname.match(/^\/t\/([A-Za-z0-9]+)\/?$/);
  state = {
    config, conn: null, name: stored(NAME) ?? "", tables: [], more: 0, table: null, chair: null,
    nextDeal: false, view: null, clock: null, handOver: null, witness: null, dealCheck: null,
    code: link ? (link[1] ?? "").toUpperCase() : null, tryChair: 0, tableAt: 0, look,
  };
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("language"));
  select.setAttribute("aria-label", _("Language"));
  for (const [value, title] of Object.entries(config.languages)) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = title;
    option.selected = value === code;
    select.append(option);
  }
  select.addEventListener("change", async () => {
    store(LANGUAGE, select.value);
    await useLanguage(select.value);
    select.setAttribute("aria-label", _("Language"));
    drop();
    render();
  });
  document.title = _("Canasta");
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") state.conn?.wake();
  });
  window.addEventListener("online", () => state.conn?.wake());
  if (state.name && (savedToken() !== null || state.code !== null)) connect(state.name);
  else render();
}

start().catch((error) => toast(format(_("The page could not start: {why}"), { why: String(error) })));
