// @ts-check
// Two message catalogues (static/i18n/ru.json, en.json). A game's pages start in the game's
// language (the server writes it into the shell: `data-game-lang`, with the game's id); a
// person's own RU | EN choice is kept for that game only (`br:lang:<game>`), so a phone set to
// English still opens a Russian game in Russian. Elsewhere (the start page, a game made with
// no language) the last choice `br:lang`, else the language the browser asks for.
import { h } from "./dom.js";

const LANGS = ["ru", "en"];
let lang = "en";
let messages = {};
let fallback = {};
/** People's names in the cases (the server's `name_forms`: {name: {gen, dat, acc, ins, prep}}). */
let nameForms = {};

/** Where this page keeps its person's language choice: per game on a game's pages. */
function choiceKey() {
  const game = document.documentElement.dataset.game;
  return game ? `br:lang:${game}` : "br:lang";
}

/** The person's own choice for this page: for this game, else (no game language) the last. */
function chosenLang() {
  const { game, gameLang } = document.documentElement.dataset;
  const own = game ? localStorage.getItem(choiceKey()) : null;
  return own || (gameLang ? null : localStorage.getItem("br:lang"));
}

export async function initI18n() {
  const stored = chosenLang();
  lang = LANGS.includes(stored) ? stored : (LANGS.includes(document.documentElement.lang) ? document.documentElement.lang : "en");
  document.documentElement.lang = lang;
  const load = async (code) => (await fetch(`/static/i18n/${code}.json`)).json();
  [messages, fallback] = await Promise.all([load(lang), lang === "en" ? Promise.resolve({}) : load("en")]);
}

export function currentLang() {
  return lang;
}

/**
 * The message for key with its placeholders filled (as text; callers put it in textContent).
 * Placeholders, as on the server (boardroom/i18n): {name}; numbers in the page's format;
 * {n, plural, one {# акция} few {# акции} many {# акций} other {# акции}} by the
 * language's plural rules (Intl.PluralRules; "=0 {…}" for an exact value, # is the number);
 * {s, duration} seconds as minutes and seconds; {name:gen} a person's name in a case (gen, dat, acc,
 * ins, prep: the forms the server sent with the names, `setNameForms`; as written without them).
 */
export function t(key, params) {
  return format(messages[key] ?? fallback[key] ?? key, params || {}, lang);
}

/** A message text with its placeholders filled, in language `code` (exported for tests). */
export function format(text, params, code = lang) {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "{") { out += text[i]; continue; }
    const end = closing(text, i);
    if (end < 0) return out + text.slice(i);
    out += placeholder(text.slice(i + 1, end), params, code);
    i = end;
  }
  return out;
}

function placeholder(body, params, code) {
  const [name, kind, ...rest] = body.split(",");
  const [key, kase] = name.trim().split(":").map((part) => part.trim());
  if (!(key in params)) return `{${body}}`;
  const value = params[key];
  switch ((kind || "").trim()) {
    case "": return typeof value === "number" ? num(value, code) : declined(String(value), kase, code);
    case "plural": return plural(value, rest.join(","), params, code);
    case "duration": return duration(value, code);
    default: return String(value);
  }
}

function plural(value, options, params, code) {
  const number = typeof value === "number" ? value : Number(String(value).replace(/\s/g, "").replace(",", "."));
  const branches = {};
  for (let i = 0; i < options.length; i++) {
    const open = options.indexOf("{", i);
    if (open < 0) break;
    const end = closing(options, open);
    if (end < 0) break;
    branches[options.slice(i, open).trim()] = options.slice(open + 1, end);
    i = end;
  }
  const category = new Intl.PluralRules(locale(code)).select(number);
  const chosen = branches[`=${number}`] ?? branches[category] ?? branches.other ?? "";
  return format(chosen.split("#").join(num(number, code)), params, code);
}

/**
 * The case forms of the names a view shows, from the server (`view.name_forms`; Russian only: an
 * English sentence keeps every name as written). Each new set replaces the last.
 * @param {Record<string, Record<string, string>> | undefined} forms
 */
export function setNameForms(forms) {
  nameForms = forms || {};
}

/** `name` in case `kase` (gen, dat, acc, ins, prep) where the server sent its forms, else as written. */
export function declined(name, kase, code = lang) {
  if (!kase || kase === "nom" || code !== "ru") return name;
  return (nameForms[name] || {})[kase] || name;
}

/** Seconds as people say them: "1 мин 30 с", "45 с", "2 min". */
export function duration(seconds, code = lang) {
  const whole = Math.max(0, Math.round(Number(seconds)));
  const min = Math.floor(whole / 60), sec = whole % 60;
  const [m, s] = code === "ru" ? ["мин", "с"] : ["min", "s"];
  if (!min) return `${num(sec, code)}\u00a0${s}`;
  return sec ? `${num(min, code)}\u00a0${m} ${num(sec, code)}\u00a0${s}` : `${num(min, code)}\u00a0${m}`;
}

function closing(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

function locale(code) {
  return code === "ru" ? "ru-RU" : "en-GB";
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
      onclick: () => {
        localStorage.setItem(choiceKey(), code);
        if (!document.documentElement.dataset.gameLang) localStorage.setItem("br:lang", code);
        location.reload();
      },
    })));
}

/** Numbers in the page's language ("1 500", "216,5"). */
export function num(value, code = lang) {
  return new Intl.NumberFormat(locale(code), { maximumFractionDigits: 2 }).format(value);
}

/** Money with two decimals in the page's language ("216,00"). */
export function money(value, code = lang) {
  return new Intl.NumberFormat(locale(code), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}
