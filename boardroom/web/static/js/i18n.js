// @ts-check
// Two message catalogues (static/i18n/ru.json, en.json); Russian when the browser asks for it.
import { h } from "./dom.js";

const LANGS = ["ru", "en"];
let lang = "en";
let messages = {};
let fallback = {};

export async function initI18n() {
  const stored = localStorage.getItem("br:lang");
  lang = LANGS.includes(stored) ? stored : (LANGS.includes(document.documentElement.lang) ? document.documentElement.lang : "en");
  document.documentElement.lang = lang;
  const load = async (code) => (await fetch(`/static/i18n/${code}.json`)).json();
  [messages, fallback] = await Promise.all([load(lang), lang === "en" ? Promise.resolve({}) : load("en")]);
}

export function currentLang() {
  return lang;
}

/** The message for key, with {name} placeholders filled (as text; callers put it in textContent). */
export function t(key, params) {
  let text = messages[key] ?? fallback[key] ?? key;
  if (params) {
    for (const [name, value] of Object.entries(params)) text = text.split(`{${name}}`).join(String(value));
  }
  return text;
}

/** Whether a key exists (for optional explanations). */
export function has(key) {
  return key in messages || key in fallback;
}

/** The RU | EN switch: the choice is kept, the page reloads in it. */
export function langSwitch() {
  return h("span", { class: "lang" }, LANGS.map((code) =>
    h("button", {
      type: "button", class: ["link", code === lang && "on"], text: code.toUpperCase(),
      "aria-pressed": String(code === lang), dataset: { lang: code },
      onclick: () => { localStorage.setItem("br:lang", code); location.reload(); },
    })));
}

/** Numbers in the page's language. */
export function num(value) {
  return new Intl.NumberFormat(lang === "ru" ? "ru-RU" : "en-GB").format(value);
}
