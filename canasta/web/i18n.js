// The words a player reads: the game's own gettext catalogue, compiled for the browser by
// the server (/i18n/LANG.json), and the server's sentences rebuilt from their codes.

/**
 * @typedef {{language: string, messages: Record<string, string | string[]>,
 *            plural: Record<string, number>}} Catalogue
 * @typedef {{protocol: number, languages: Record<string, string>,
 *            words: Record<string, string>, refusals: Record<string, string>,
 *            reasons: string[], code: {length: number, alphabet: string},
 *            cards_dealt: Record<string, Record<string, number>>,
 *            styles: Record<string, string>, palettes: Record<string, string>,
 *            decks: Record<string, string>,
 *            themes: Record<string, Record<string, string>>}} Config
 * @typedef {Record<string, string | number>} Details
 */

/** @type {Catalogue} */
let catalogue = { language: "en", messages: {}, plural: { one: 0, other: 1 } };
/** @type {Intl.PluralRules} */
let rules = new Intl.PluralRules("en");

/** Details that are sentences of the catalogue themselves (as canasta.net.server_words). */
const WORD_DETAILS = new Set(["why"]);

/**
 * Load the catalogue of `code` and speak it from now on.
 * @param {string} code a language code of the config ("de", "pt_BR" ...)
 * @returns {Promise<void>}
 */
export async function useLanguage(code) {
  const answer = await fetch(`/i18n/${encodeURIComponent(code)}.json`);
  if (!answer.ok) throw new Error(`no catalogue for ${code}`);
  catalogue = /** @type {Catalogue} */ (await answer.json());
  rules = new Intl.PluralRules(code.replace("_", "-"));
  document.documentElement.lang = code.replace("_", "-");
}

/** @returns {string} the language in use */
export function language() {
  return catalogue.language;
}

/**
 * The translation of `message` (English, the catalogue's key).
 * @param {string} message
 * @returns {string}
 */
export function _(message) {
  const found = catalogue.messages[message];
  return typeof found === "string" ? found : message;
}

/**
 * The translation of `message` in the context `context`.
 * @param {string} context
 * @param {string} message
 * @returns {string}
 */
export function pgettext(context, message) {
  const found = catalogue.messages[`${context}\u0004${message}`];
  return typeof found === "string" ? found : message;
}

/**
 * The form of `singular` / `plural` for the count `n`.
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @returns {string}
 */
export function ngettext(singular, plural, n) {
  const found = catalogue.messages[singular];
  if (Array.isArray(found)) {
    const index = catalogue.plural[rules.select(n)] ?? 0;
    return found[index] ?? found[found.length - 1] ?? singular;
  }
  return n === 1 ? singular : plural;
}

/**
 * `template` with each `{name}` (or `{name:g}`) replaced by its detail; a name it lacks
 * is left as written.
 * @param {string} template
 * @param {Details} [details]
 * @returns {string}
 */
export function format(template, details = {}) {
  return template.replace(/\{(\w+)(?::[^}]*)?\}/g, (whole, name) =>
    name in details ? String(details[name]) : whole,
  );
}

/**
 * What the player reads for a server's error, refusal or notice: its template from the
 * player's catalogue filled with the details, or the server's English sentence for a code
 * this client does not know (as canasta.net.server_words.say).
 * @param {import("./i18n.js").Config} config
 * @param {string} code
 * @param {Details} details
 * @param {string} fallback
 * @returns {string}
 */
export function say(config, code, details, fallback) {
  let key = code;
  if (code === "version" && Number(details.server ?? 0) < Number(details.yours ?? 0)) {
    key = "version_older";
  }
  const template = config.words[key] ?? config.refusals[key];
  if (template === undefined) return fallback;
  /** @type {Details} */
  const words = {};
  const refusal = !(key in config.words);
  for (const [name, value] of Object.entries(details)) {
    words[name] = typeof value === "string" && (refusal || WORD_DETAILS.has(name)) ? _(value) : value;
  }
  if (typeof details.needed === "number") {
    words.needed_text = format(ngettext("{n} canasta", "{n} canastas", details.needed), {
      n: details.needed,
    });
  }
  const names = [...template.matchAll(/\{(\w+)/g)].map((m) => m[1]);
  if (!names.every((name) => name !== undefined && name in words)) return fallback;
  return format(_(template), words);
}

/**
 * The game's language for the browser's languages ("pt-BR" and any "pt" read pt_BR).
 * @param {readonly string[]} tags the browser's languages, best first
 * @param {Record<string, string>} known the languages the game speaks
 * @returns {string}
 */
export function matchLanguage(tags, known) {
  for (const tag of tags) {
    const base = tag.replace("-", "_");
    if (base in known) return base;
    const lang = (base.split("_")[0] ?? "").toLowerCase();
    if (lang === "pt") return "pt_BR";
    if (lang in known) return lang;
  }
  return "en";
}
