// @ts-check
// The one in-page confirmation for what a person cannot undo (end the game, resign, start a new
// game): the button that asks opens a question in the page — a sentence, a line of help, «Да…» and
// «Нет» — never the browser's confirm(). «Нет» (and Esc) closes it and changes nothing; the caller's
// `onYes` acts (and closes it, or keeps it open to show an error there).
import { h } from "./dom.js";

/**
 * @typedef {object} ConfirmOptions
 * @property {string} role the box's data-role (tests and styles find it by it)
 * @property {string} question the sentence that asks
 * @property {string} [help] a line under it: what will happen
 * @property {string} yes the label of the button that does it
 * @property {string} no the label of the button that keeps things as they are
 * @property {string} yesAction the «yes» button's data-action
 * @property {string} noAction the «no» button's data-action
 * @property {(yes: HTMLButtonElement) => unknown} onYes what «yes» does
 * @property {HTMLElement} [opener] the button that opens it (its aria-expanded follows the box)
 * @property {string} [yesClass] the «yes» button's class ("danger" unless told)
 * @property {HTMLElement} [body] between the question and the buttons: a choice it needs, say
 * @property {HTMLElement} [extra] under the buttons: an error line, say
 */

/**
 * @param {ConfirmOptions} o
 * @returns {{ el: HTMLElement, open: () => void, close: () => void, isOpen: () => boolean }}
 */
export function confirmation(o) {
  const yes = /** @type {HTMLButtonElement} */ (h("button", {
    type: "button", class: o.yesClass ?? "danger", dataset: { action: o.yesAction }, text: o.yes,
    onclick: () => o.onYes(yes),
  }));
  const no = /** @type {HTMLButtonElement} */ (h("button", { type: "button", dataset: { action: o.noAction }, text: o.no, onclick: () => close() }));
  const el = h("div", {
    class: "confirm hidden", role: "alertdialog", "aria-label": o.question, dataset: { role: o.role },
    onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === "Escape") close(); },
  },
  h("b", { text: o.question }), o.help ? h("span", { class: "muted", text: o.help }) : null,
  o.body || null, h("span", { class: "row" }, yes, no), o.extra || null);
  function set(/** @type {boolean} */ open) {
    el.classList.toggle("hidden", !open);
    if (o.opener) o.opener.setAttribute("aria-expanded", String(open));
  }
  function close() {
    const had = el.contains(document.activeElement);
    set(false);
    if (had && o.opener) o.opener.focus();
  }
  return {
    el,
    open() {
      yes.disabled = false;
      set(true);
      no.focus(); // the safe answer is the one a stray Enter gives
    },
    close,
    isOpen: () => !el.classList.contains("hidden"),
  };
}
