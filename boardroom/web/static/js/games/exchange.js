// @ts-check
// Exchange Draughts: the kind's entry — the seat's screen (mount: the player's phone in
// exchange_player.js, the host's console in exchange_console.js, the projector in
// exchange_wall.js, over the panels of exchange_panels.js), the join page's lines, and the
// start form, results and replay re-exported from their modules. Each screen reads only the
// seat's projection (nothing here can show what the view does not hold).
import { countdownVoice } from "../announce.js";
import { call, commandId } from "../api.js";
import { everyTick, left, mmss } from "../clock.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { consoleScreen } from "./exchange_console.js";
import { exchangeLog } from "./exchange_log.js";
import { meetingsPanel } from "./exchange_meetings.js";
import { ordersPanel } from "./exchange_money.js";
import { accountsPanel, boardPanel, marketPanel, nextPhaseText, phaseText, tapePanel } from "./exchange_panels.js";
import { playerLayout } from "./exchange_player.js";
import { wallScreen } from "./exchange_wall.js";
import { firmLabel, names } from "./exchange_words.js";
// Exchange Draughts' own styles (the wall's layout and pause veil).
if (!document.querySelector("link[data-style=exchange]")) {
  document.head.append(h("link", { rel: "stylesheet", href: "/static/css/exchange.css", dataset: { style: "exchange" } }));
}

export { names };
export { fillReport, orderText } from "./exchange_money.js";

// --- the screens --------------------------------------------------------------------------------------

/** Build the seat's screen; returns {update(view), lobby(frame)}. */
export function mount(root, ctx) {
  const big = ctx.role === "projector";
  const parts = [];
  const boardP = boardPanel(ctx, big);
  const market = marketPanel(ctx, big);
  const tape = tapePanel(ctx, big);
  const meetings = meetingsPanel(ctx);
  parts.push(boardP, market, tape, meetings);
  let layout;
  let lobby = null;
  const ended = h("div", { class: "banner hidden", dataset: { role: "ended" } }, t("x.game_over"), " ",
    h("a", { class: "button primary", href: `/results/${ctx.gameId}`, text: t("x.see_results") }));
  let wall = null;
  if (big) {
    wall = wallScreen(ctx, boardP, market, tape, meetings);
    layout = wall.el;
  } else if (ctx.role === "host") {
    const host = consoleScreen(ctx, { board: boardP, market, tape, meetings, ended }, parts);
    lobby = host.lobby;
    layout = host.el;
  } else {
    const accounts = accountsPanel(ctx);
    const orders = ordersPanel(ctx);
    const log = exchangeLog(ctx);
    parts.push(accounts, orders, log);
    const player = playerLayout(ctx, { board: boardP, accounts, orders, meetings, market, tape, log, ended }, { names, phaseText, nextPhaseText, firmLabel });
    parts.push(player); // after the panels: the task is chosen once they show the view
    layout = player.el;
  }
  root.append(layout);
  const phaseVoice = countdownVoice((s) => t("a11y.clock_left", { who: phaseText(ctx.view), s }));
  everyTick(() => {
    const v = ctx.view;
    if (!v) return;
    ctx.bar.setPhase(phaseText(v));
    const rest = v.paused ? null : left(v.deadline);
    ctx.bar.setCountdown(rest === null ? "" : mmss(rest));
    phaseVoice.watch(v.phase === "board" ? null : rest); // the board's move clock speaks for itself
  });
  return {
    update(v, version) {
      ctx.view = v;
      ctx.viewVersion = version;
      for (const part of parts) part.update(v);
      wall?.update(v);
      ended.classList.toggle("hidden", v.phase !== "ended" || Boolean(wall));
    },
    lobby(frame) { lobby?.lobby(frame); },
  };
}

// --- the join page and the lobby -----------------------------------------------------------------

/** What the join page says: pick a player; the name is the player's. */
export const joinTexts = { pick: "join.pick_player", nameHelp: "join.name_help" };

/** After taking a player's seat before the start: the player is called what the person typed
 * (the setup's "Player 1" was a placeholder). A refusal leaves the name as it was. */
export async function joined(seat, typed, role) {
  if (!typed || (role && role.name === typed)) return;
  try {
    await call("POST", `/api/games/${encodeURIComponent(seat.game_id)}/commands`, { command: { type: "rename", name: typed, id: commandId() } }, seat.secret);
  } catch (err) {
    console.warn(err);
  }
}

/** The line under a player's name on the join page: the firms they direct. */
export function seatLine(role) {
  return h("small", { text: role.firms.length ? t("join.directs", { firms: role.firms.join(", ") }) : t("join.no_firm") });
}

/** The name a person picking this seat starts with (the player's own). */
export function nameFor(role) {
  return role.name;
}

/** A seat as the host's lobby names it: the player and the firms they direct. */
export function roleLabel(view, role) {
  const firms = Object.entries(view.firms || {}).filter(([, f]) => f.director === role).map(([n]) => n);
  const name = (view.players || {})[role] || role;
  return firms.length ? `${name} — ${t("join.directs", { firms: firms.join(", ") })}` : name;
}

// --- what the pages and the tests take from the kind's entry ---------------------------------------

export { exchangePieces, phaseText, nextPhaseText, lastDividends } from "./exchange_panels.js";
export { meetingOutcomes } from "./exchange_meetings.js";
export { describe, logLines } from "./exchange_log.js";
export { meetingsMoment, dividendsPaid, yearAccounts, bigMoment } from "./exchange_wall.js";
export { defaultDirectors, startForm } from "./exchange_start.js";
export { results, controlText, replay } from "./exchange_results.js";
