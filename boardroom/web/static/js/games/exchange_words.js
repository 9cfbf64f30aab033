// @ts-check
// Exchange Draughts' shared words and small helpers: the firms, names of people and accounts
// (never an id), a firm's colour swatch, and re-rendering only what changed.
import { h } from "../dom.js";
import { t, declined } from "../i18n.js";
import { FIRM_HUES } from "../board.js";

export const FIRMS = [1, 2, 3, 4, 5, 6, 7, 8];

export function names(view) {
  const players = view.players || {};
  return {
    player: (pid) => (pid ? players[pid] || pid : t("x.nobody")),
    /** An account's name; `kase` "gen" for the genitive («у государства», «у Ани»). */
    account(acc, kase = "nom") {
      if (!acc) return "?";
      const gen = kase === "gen" ? "_gen" : "";
      if (acc.startsWith("firm:")) return t(`firm.n${gen}`, { n: acc.slice(5) });
      if (acc === "state") return t(`acc.state${gen}`);
      if (acc === "market") return t(`acc.market${gen}`);
      return declined(players[acc] || acc, kase);
    },
  };
}

export function swatch(n) {
  const el = h("span", { class: ["swatch", n <= 4 ? "white" : "black"] });
  el.style.setProperty("--hue", FIRM_HUES[n]);
  return el;
}

export function firmLabel(n) {
  return h("span", { class: "nowrap" }, swatch(n), t("firm.n", { n }));
}

/** Re-render only when what a panel shows has changed (inputs inside keep their state). */
export function keyed(build) {
  let last = null;
  return (key, ...args) => {
    const text = JSON.stringify(key);
    if (text === last) return;
    last = text;
    build(...args);
  };
}

/** Marks what only the host may see (others' holdings, orders, votes): shown on the host
 * console only while "show hidden ownership" is on, so the console is safe to project. */
export function secret(host, el) {
  if (host && el) el.classList.add("secret");
  return el;
}

export function hiddenNote() {
  return h("p", { class: "muted secret-note", text: t("x.hidden_note") });
}

export function rank(acc) {
  if (acc === "state") return 2;
  if (acc.startsWith("firm:")) return 1;
  return 0;
}

export function holdingsText(holdings, reserved) {
  const parts = Object.entries(holdings || {}).filter(([, q]) => q).map(([stock, q]) => {
    const r = (reserved || {})[stock];
    return `${t("firm.n", { n: stock })}: ${q}${r ? ` (${t("x.in_orders", { n: r })})` : ""}`;
  });
  return parts.join(", ") || "—";
}

export function worth(account, prices) {
  let total = account.cash;
  for (const [stock, q] of Object.entries(account.holdings || {})) total += q * (prices[stock] || 0);
  return total;
}
