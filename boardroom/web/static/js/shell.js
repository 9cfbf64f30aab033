// @ts-check
// The top bar every page has: the name, the seat, the phase and its countdown, the language.
import { h, fill } from "./dom.js";
import { t, langSwitch } from "./i18n.js";

export function topbar(title) {
  const who = h("span", { class: "who" });
  const phase = h("span", { class: "phase" });
  const countdown = h("span", { class: "countdown hidden", dataset: { role: "countdown" } });
  const conn = h("span", { class: "conn", title: t("conn.unknown") });
  const bar = h("header", { class: "topbar" },
    h("a", { class: "brand", href: "/", style: { color: "#fff", textDecoration: "none" }, text: "Boardroom" }),
    h("span", { class: "who", text: title || "" }), who, h("span", { class: "spacer" }), phase, countdown, conn, langSwitch());
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
