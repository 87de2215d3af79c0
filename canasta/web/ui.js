// Small helpers of every screen: elements built with their text as text (never HTML).

/**
 * A new element: `tag` with `attributes` (class, aria-*, data-*, ...) and `children`
 * (elements, or strings set as text nodes).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | undefined>} [attributes]
 * @param {(Node | string | null | undefined | false)[]} [children]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === "text") node.textContent = String(value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/**
 * A button with `label` (as text) that calls `action`.
 * @param {string} label
 * @param {() => void} action
 * @param {Record<string, string | number | boolean | undefined>} [attributes]
 * @returns {HTMLButtonElement}
 */
export function button(label, action, attributes = {}) {
  const node = el("button", { type: "button", ...attributes, text: label });
  node.addEventListener("click", action);
  return node;
}

/**
 * Show `text` (as text) for a while.
 * @param {string} text
 */
export function toast(text) {
  const box = /** @type {HTMLElement} */ (document.getElementById("toast"));
  box.textContent = text;
  box.hidden = false;
  clearTimeout(Number(box.dataset.timer ?? 0));
  box.dataset.timer = String(setTimeout(() => (box.hidden = true), 6000));
}

/** @returns {boolean} the player asked for less motion */
export function lessMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
