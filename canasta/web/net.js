// The connection to the server: the same protocol as the desktop window's client
// (canasta.net.protocol), over a WebSocket on the page's own address.

/**
 * @typedef {{type: string, [key: string]: any}} Message
 * @typedef {(message: Message) => void} Listener
 * @typedef {(status: "connecting" | "connected" | "reconnecting" | "closed") => void} StatusListener
 */

/** Back-off between reconnection attempts: first, factor, most (milliseconds). */
const BACKOFF = [250, 2, 5000];
const SEAT = "canasta.seat";

/**
 * The seat token kept in this browser, or null.
 * @returns {string | null}
 */
export function savedToken() {
  try {
    const seat = JSON.parse(localStorage.getItem(SEAT) ?? "null");
    return seat && typeof seat.token === "string" ? seat.token : null;
  } catch {
    return null;
  }
}

/**
 * Keep (or forget, with null) the seat token, so a reload takes the chair back.
 * @param {string | null} token
 */
export function keepToken(token) {
  try {
    if (token === null) localStorage.removeItem(SEAT);
    else localStorage.setItem(SEAT, JSON.stringify({ token }));
  } catch {
    // A browser that keeps nothing (private mode) still plays; a reload loses the seat.
  }
}

export class Connection {
  /**
   * @param {number} protocol the protocol version the server announced in /config.json
   * @param {string} name the player's name
   */
  constructor(protocol, name) {
    this.protocol = protocol;
    this.name = name;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {Listener[]} */
    this.listeners = [];
    /** @type {StatusListener | null} */
    this.onStatus = null;
    this.closing = false;
    this.delay = BACKOFF[0] ?? 250;
    this.ref = Date.now();
    this.welcomed = false;
  }

  /** Open the connection and say hello (with the kept seat token, if any). */
  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    this.welcomed = false;
    this.onStatus?.("connecting");
    ws.addEventListener("open", () => {
      const hello = { type: "hello", version: this.protocol, name: this.name };
      const token = savedToken();
      ws.send(JSON.stringify(token ? { ...hello, token } : hello));
    });
    ws.addEventListener("message", (event) => {
      /** @type {Message} */
      let message;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "welcome") {
        this.welcomed = true;
        this.delay = BACKOFF[0] ?? 250;
        this.onStatus?.("connected");
      }
      if (message.type === "seated" && typeof message.token === "string") {
        keepToken(message.token);
      }
      if (message.type === "error" && (message.code === "bad_token" || message.code === "seat_back")) {
        keepToken(null);
      }
      for (const listener of this.listeners) listener(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // A refused hello (a bad name, another protocol version) is not tried again.
      if (this.closing || event.code === 1008) {
        this.onStatus?.("closed");
        return;
      }
      this.onStatus?.("reconnecting");
      const wait = this.delay;
      this.delay = Math.min(BACKOFF[2] ?? 5000, wait * (BACKOFF[1] ?? 2));
      setTimeout(() => this.closing || this.open(), wait);
    });
  }

  /** Come back at once (a phone woke up, the network is back). */
  wake() {
    if (this.ws === null && !this.closing) {
      this.delay = BACKOFF[0] ?? 250;
      this.open();
    }
  }

  /** Close for good. */
  close() {
    this.closing = true;
    this.ws?.close();
  }

  /** @param {Listener} listener */
  listen(listener) {
    this.listeners.push(listener);
  }

  /**
   * Send one message; false when not connected.
   * @param {Record<string, unknown>} message
   * @returns {boolean}
   */
  send(message) {
    if (this.ws === null || this.ws.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /**
   * Send a move (its text form) or a plan of moves; return the intent's ref.
   * @param {{move?: string, plan?: string[]}} what
   * @returns {number}
   */
  intent(what) {
    this.ref += 1;
    this.send({ type: "intent", ref: this.ref, ...what });
    return this.ref;
  }
}
