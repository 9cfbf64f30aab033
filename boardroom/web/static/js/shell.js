// @ts-check
// The top bar every page has: the name, the seat, the phase and its countdown, the language.
import { h, fill } from "./dom.js";
import { t, langSwitch } from "./i18n.js";

export function topbar(title) {
  const who = h("span", { class: "who" });
  const phase = h("span", { class: "phase" });
  const countdown = h("span", { class: "countdown hidden", dataset: { role: "countdown" } });
  const conn = h("span", { class: "conn", title: t("conn.unknown") });
  // framed by the class event's phone page (same origin only), whose own bar says it all
  const framed = window.self !== window.top;
  const bar = h("header", { class: ["topbar", framed && "framed"] }, skipLink(),
    h("a", { class: "brand", href: "/", style: { color: "#fff", textDecoration: "none" }, text: "Boardroom" }),
    // the page's one heading: what this page is (and whose seat)
    h("h1", { class: "page-title" }, h("span", { class: "who", text: title || "" }), who),
    h("span", { class: "spacer" }), phase, countdown, conn, langSwitch());
  return {
    el: bar,
    setWho(text) { who.textContent = text; },
    setPhase(text) { phase.textContent = text; },
    setCountdown(text) {
      countdown.classList.toggle("hidden", !text);
      countdown.textContent = text || "";
    },
    setConn(state) {
      conn.className = `conn ${state}`;
      conn.title = t(`conn.${state}`);
      conn.dataset.state = state;
    },
  };
}

/**
 * The first thing Tab reaches: straight to the board where the page has one (then Enter, and the
 * board's square has the focus), else to the page's main content.
 */
function skipLink() {
  const link = h("a", { class: "skip", href: "#main", text: t("a11y.skip_main") });
  const target = () => /** @type {HTMLElement | null} */ (document.querySelector(".board [role=gridcell][tabindex='0']"));
  link.addEventListener("focus", () => { link.textContent = target() ? t("a11y.skip_board") : t("a11y.skip_main"); });
  link.addEventListener("click", (event) => {
    const to = target() || document.querySelector("main");
    if (!to) return;
    event.preventDefault();
    if (!to.hasAttribute("tabindex")) to.setAttribute("tabindex", "-1");
    to.focus();
  });
  return link;
}

export function banner(text, bad) {
  return h("div", { class: ["banner", bad && "bad"], text });
}

/** A place for a command's error: show(err) writes the sentence, clear() empties it. */
export function errorLine() {
  const el = h("div", { class: "error", role: "alert" });
  return {
    el,
    show(err) {
      el.classList.remove("ok");
      el.textContent = err ? (err.message || String(err)) : "";
    },
    ok(text) {
      el.classList.add("ok");
      el.textContent = text;
    },
    clear() { el.textContent = ""; },
  };
}

export function page(root, ...children) {
  fill(root, ...children);
}
