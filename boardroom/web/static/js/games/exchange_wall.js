// @ts-check
// Exchange Draughts: the projector — the lobby, the game fitted to 1280x720, the year end, the
// reveal at the end, and the big moments over it.
import { everyTick, left, mmss } from "../clock.js";
import { fill, h, panel, table } from "../dom.js";
import { keepFitted } from "../fit.js";
import { num, t } from "../i18n.js";
import { bigMoments, newEvents, wallLobby } from "../wall.js";
import { debriefParts } from "./exchange_debrief.js";
import { meetingOutcomes } from "./exchange_meetings.js";
import { phaseText } from "./exchange_panels.js";
import { results, wallNetwork } from "./exchange_results.js";
import { names, swatch } from "./exchange_words.js";
// --- the wall screen (projector) ------------------------------------------------------------------

/** The projector: the lobby before the start, the game fitted to the screen, the results and
 * the reveal at the end, big moments over it for a few seconds. */
export function wallScreen(ctx, boardP, market, tape, meetings) {
  const lobby = wallLobby(ctx, { line: (role) => (role.firms && role.firms.length ? h("small", { text: ` · ${t("join.directs", { firms: role.firms.join(", ") })}` }) : null) });
  const moments = bigMoments();
  const fresh = newEvents();
  const phase = h("div", { class: "wall-phase", dataset: { role: "wall-phase" } });
  const countdown = h("div", { class: "wall-countdown", dataset: { role: "wall-countdown" } });
  const yearEnd = yearEndPanel();
  // the trades under the board, in the room the square board leaves in its column
  const running = h("div", { class: "proj hidden" }, h("div", { class: "proj-board" }, boardP.el, yearEnd.el, tape.el),
    h("div", { class: "proj-side" }, h("section", { class: "panel wall-status" }, phase, countdown), market.el, meetings.el));
  const finished = h("div", { class: "wall-results hidden", dataset: { role: "wall-results" } });
  const veil = h("div", { class: "x-veil hidden", role: "status", dataset: { role: "pause-veil" } }, h("div", { class: "x-veil-text", text: t("wall.paused") }));
  const el = h("main", { class: "wall x-wall" }, lobby.el, running, finished, moments.el, veil);
  const fit = keepFitted(el);
  let view = null;
  let shownResults = false;
  everyTick(() => {
    if (!view) return;
    phase.textContent = phaseText(view);
    const rest = view.paused ? null : left(view.deadline);
    countdown.textContent = rest === null ? "" : mmss(rest);
  });
  return {
    el,
    update(v) {
      view = v;
      const before = !v.started && v.phase !== "ended";
      const over = v.phase === "ended";
      lobby.show(before);
      running.classList.toggle("hidden", before || over);
      finished.classList.toggle("hidden", !over);
      if (over && !shownResults && v.results) {
        shownResults = true;
        const main = h("div", { class: "wall-results-grid" });
        results(main, v, { wall: true });
        // The teacher clicks on the wall between the results, the network and the debrief.
        const parts = debriefParts(v, { wall: true });
        const pages = [["results", t("d.back"), main], ["network", t("r.network"), h("div", { class: "x-page hidden" }, wallNetwork(v))]];
        // the debrief on two screens: the eight firms' prices, then the moments and the wealth
        if (parts) pages.push(["debrief", t("d.show"), h("div", { class: "x-debrief hidden", dataset: { role: "wall-debrief" } }, parts.prices)],
          ["moments", t("d.moments"), h("div", { class: "x-debrief x-debrief-talk hidden", dataset: { role: "wall-moments" } }, parts.moments, parts.wealth)]);
        const tabs = h("div", { class: "x-wall-tabs" }, pages.map(([name, label, page]) => h("button", {
          type: "button", class: name === "results" ? "primary" : "", dataset: { action: name }, text: label,
          onclick: (/** @type {Event} */ event) => {
            for (const [, , other] of pages) other.classList.toggle("hidden", other !== page);
            for (const b of tabs.children) b.classList.toggle("primary", b === event.currentTarget);
          },
        })));
        fill(finished, tabs, pages.map(([, , page]) => page));
      }
      veil.classList.toggle("hidden", !(v.paused && v.started && !over));
      yearEnd.update(v);
      boardP.el.classList.toggle("hidden", v.phase === "dividends");
      const events = fresh(v.events);
      for (const e of events) {
        const big = bigMoment(e, v);
        if (big) moments.show(big[0], big[1]);
      }
      if (events.some((e) => e.type === "meeting_closed")) moments.show(t("x.outcomes"), meetingsMoment(v));
      fit();
    },
  };
}

/** The meetings in one moment: the firms where something happened, then "no other meetings". */
export function meetingsMoment(v) {
  const n = names(v);
  const { happened, quiet } = meetingOutcomes(v);
  const parts = happened.map((e) => `${t("firm.n", { n: e.firm })}: ${e.director !== e.previous
    ? t("x.new_director", { name: n.player(e.director), was: n.player(e.previous) })
    : t("x.kept_director", { name: n.player(e.director) })} · ${t("x.payout_is", { p: e.payout })}`);
  if (quiet) parts.push(happened.length ? t("x.no_other_meetings") : t("x.no_meetings_this_year"));
  return parts.join("; ");
}

/** What a firm's dividend_paid event moved to its shareholders in all — the ledger's sum, not
 * the declared dividend (⌊D/S⌋ a share; the rest stays with the firm): the view's public `paid`,
 * or the sum of the payments of an event the host sees whole. */
export function dividendsPaid(e) {
  if (typeof e.paid === "number") return e.paid;
  return Object.values(e.payments || {}).reduce((sum, a) => sum + Number(a), 0);
}

/** The last year end's accounts per firm, from its dividend_paid events (public: earnings, tax,
 * the dividend declared, paid a share and paid in all):
 * {year, rows: [{firm, earnings, tax, dividend, per_share, paid}]}. */
export function yearAccounts(v) {
  let year = 0;
  let out = { year: 0, rows: [] };
  for (const e of v.events || []) {
    if (e.type === "phase_changed") year = e.year;
    if (e.type !== "dividend_paid") continue;
    if (out.year !== year) out = { year, rows: [] };
    out.rows.push({ firm: e.firm, earnings: e.earnings, tax: e.tax, dividend: e.dividend, per_share: e.per_share, paid: dividendsPaid(e) });
  }
  return out;
}

/** The year end on the wall, in the board's place until the host continues: each firm's
 * earnings, tax, dividend and dividend a share, and what the State takes in taxes. */
function yearEndPanel() {
  const body = h("div");
  const el = panel("", body);
  el.dataset.panel = "year-end";
  el.classList.add("x-year-end");
  let key = "";
  return {
    el,
    update(v) {
      const on = v.phase === "dividends";
      el.classList.toggle("hidden", !on);
      if (!on) return;
      const acc = yearAccounts(v);
      if (JSON.stringify(acc) === key) return;
      key = JSON.stringify(acc);
      const taxes = acc.rows.reduce((sum, r) => sum + r.tax, 0);
      const declared = acc.rows.reduce((sum, r) => sum + r.dividend, 0);
      const paid = acc.rows.reduce((sum, r) => sum + r.paid, 0);
      fill(body, h("h2", { text: t("x.year_end_title", { year: acc.year }) }),
        // declared (D) and paid a share (⌊D/S⌋); what was paid in all, in the sentence under it
        table([t("x.stock"), t("x.earnings"), t("x.tax"), t("x.dividend_total"), t("x.dividend_per_share")], acc.rows.map((r) => [
          h("span", { class: "x-firm" }, swatch(r.firm), t("firm.n", { n: r.firm })), num(r.earnings), num(r.tax), num(r.dividend),
          h("b", { text: num(r.per_share) })]), "year-end"),
        h("p", { class: "x-year-sum", dataset: { role: "year-sum" }, text: t("x.year_end_sum", { taxes: num(taxes), dividends: num(paid), declared: num(declared) }) }));
    },
  };
}

/** The events worth a few seconds of large type on the wall: [title, detail] or null
 * (the meetings get one moment together: meetingsMoment). */
export function bigMoment(e, v) {
  switch (e.type) {
    case "timed_out": return [t("wall.takeover", { firm: e.takeover_firm }), t("wall.takeover_detail", { firm: e.firm, taker: e.takeover_firm })];
    case "board_decided": return [t("x.board_won", { color: t(`color.${e.winner}`) }), t("wall.board_decided")];
    case "game_ended": return [t("x.game_over"), t("wall.results_follow")];
    default: return null;
  }
}
