// @ts-check
// The teacher's key on another device: a teacher's code (8 characters, and a QR code of a link
// with it) made on the console or the start page opens, in another browser, this browser's
// saved classes and the chosen games' consoles: once, within minutes. The code is made on
// request and shown only here (never on the wall); the start page has the place to type it.
import { h, fill, panel } from "./dom.js";
import { t, currentLang } from "./i18n.js";
import { call, keepSecret } from "./api.js";
import { errorLine } from "./shell.js";
import { hostKey, takeHostKey } from "./classes.js";

const MAX_GAMES = 50;

/** The games this browser keeps a secret for (a player's seats too: the server carries
 * only those whose secret is the host's), but `except`. */
function keptGames(except) {
  const games = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const name = localStorage.key(i) || "";
    if (!name.startsWith("br:secret:")) continue;
    const id = name.slice("br:secret:".length);
    const secret = localStorage.getItem(name);
    if (id && secret && id !== except) games.push({ id, secret });
  }
  return games;
}

/**
 * «Another device»: make a teacher's code. `current`: the console's game ({gameId, secret}),
 * always carried; null on the start page. The other games kept in this browser are carried
 * when the box is ticked (ticked on the start page).
 */
export function handoverPanel(current) {
  const error = errorLine();
  const others = keptGames(current ? current.gameId : null);
  const all = h("input", { type: "checkbox", name: "carry-all", checked: !current });
  const shown = h("div", { class: "stack", dataset: { role: "teacher-code-box" } });
  const make = h("button", { type: "button", class: "primary", dataset: { action: "make-teacher-code" }, text: t("handover.make"), onclick: async () => {
    error.clear();
    make.disabled = true;
    try {
      const games = [...(current ? [{ id: current.gameId, secret: current.secret }] : []), ...(all.checked ? others : [])];
      const made = await call("POST", "/api/web/handover", { games: games.slice(0, MAX_GAMES) }, await hostKey());
      showCode(made);
    } catch (err) { error.show(err); }
    make.disabled = false;
  } });
  const hide = h("button", { type: "button", dataset: { action: "hide-teacher-code" }, text: t("handover.hide"), onclick: () => fill(shown) });

  let gone = 0;
  function showCode(made) {
    clearTimeout(gone);  // a code is shown no longer than it lives
    gone = setTimeout(() => fill(shown), made.expires_in * 1000);
    const until = new Date(Date.now() + made.expires_in * 1000)
      .toLocaleTimeString(currentLang(), { hour: "2-digit", minute: "2-digit" });
    fill(shown, h("div", { class: "row handover-code" },
      h("img", { class: "qr", alt: t("handover.qr"), src: made.qr, width: "220", height: "220", dataset: { role: "teacher-qr" } }),
      h("div", { class: "stack" },
        h("div", { class: "muted", text: t("handover.code") }),
        h("div", { class: "code", dataset: { role: "teacher-code" }, text: made.code }),
        h("b", { text: t("handover.carries", { n: made.games.length }) }),
        h("small", { class: "help", text: t("handover.valid", { time: until }) }),
        h("small", { class: "help", text: t("handover.not_on_wall") }),
        h("div", { class: "row" }, hide))));
  }

  const el = panel(t("handover.title"), h("p", { class: "help", text: t(current ? "handover.help" : "handover.help_start") }),
    h("div", { class: "stack" },
      others.length ? h("label", { class: "row" }, all, t(current ? "handover.carry_others" : "handover.carry_kept", { n: others.length })) : null,
      h("div", { class: "row" }, make)),
    error.el, shown);
  el.dataset.panel = "handover";
  return el;
}

/**
 * The start page's «I am the teacher: open from another device»: type the code (or open the QR
 * code's link, `/#teacher=CODE`); the key and the games are kept in this browser, `taken()`
 * is told (the saved classes appear), and each game's console is a link. `fromLink()`, once
 * the panel is on the page: take the code of the QR code's link, if the page was opened by one.
 */
export function takePanel(taken) {
  const error = errorLine();
  const code = h("input", { type: "text", name: "teacher-code", maxlength: "12", placeholder: "ABCD-EFGH",
    autocapitalize: "characters", autocomplete: "off", spellcheck: "false", "aria-label": t("handover.code") });
  const go = h("button", { type: "submit", dataset: { action: "take-teacher-code" }, text: t("handover.open") });
  const result = h("div", { class: "stack", dataset: { role: "taken" } });
  const form = h("form", { class: "row" }, code, go);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.clear();
    if (!code.value.trim()) { code.focus(); return; }
    go.disabled = true;
    try {
      const got = await call("POST", "/api/web/handover/take", { code: code.value });
      takeHostKey(got.key);
      for (const game of got.games) keepSecret(game.id, game.secret);
      code.value = "";
      fill(result, h("div", { class: "error ok", text: t("handover.taken", { n: got.games.length }) }),
        got.games.length ? h("ul", { class: "carried" }, got.games.map((game) => h("li", {},
          h("a", { class: "button", href: `/play/${encodeURIComponent(game.id)}`, dataset: { role: "carried-game", game: game.id },
            text: t("handover.console", { game: t(`game.${game.game}`), code: game.code }) })))) : null);
      await taken();
    } catch (err) { error.show(err); }
    go.disabled = false;
  });
  const el = panel(t("handover.take_title"), h("p", { class: "help", text: t("handover.take_help") }),
    form, error.el, result);
  el.dataset.panel = "teacher-code";
  return {
    el,
    fromLink() {
      const linked = new URLSearchParams(location.hash.slice(1)).get("teacher");
      if (!linked) return;
      history.replaceState(null, "", location.pathname + location.search);
      code.value = linked;
      form.requestSubmit();
    },
  };
}
