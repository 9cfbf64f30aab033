// @ts-check
// Exchange Draughts: the event log as people read it (one line per year end), for the phone,
// the console and the results page's replay.
import { mmss } from "../clock.js";
import { logPanel } from "../controls.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { names, secret } from "./exchange_words.js";
// --- the event log ---------------------------------------------------------------------------------

export function describe(e, v) {
  const n = names(v);
  switch (e.type) {
    case "phase_changed": return e.opening || !e.year ? t(e.opening ? "phase.opening" : `phase.${e.phase}`) : t("ev.phase_changed", { phase: t(`phase.${e.phase}`), year: e.year });
    case "moved": return t(e.taken && e.taken.length ? "ev.moved_capture" : "ev.moved", { firm: e.firm, move: e.move, piece: e.piece, n: (e.taken || []).length }) + (e.takeover ? ` (${t("ev.takeover")})` : "") + (e.auto ? ` (${t("ev.auto")})` : "");
    case "passed": return t(e.forced ? "x.passed_forced" : "x.passed", { firm: e.firm, reason: t(`reason.${e.reason}`) });
    case "timed_out": return t("x.timed_out", { firm: e.firm, taker: e.takeover_firm });
    case "trade": return t("ev.trade", { stock: e.stock, qty: e.qty, price: e.price }) + (e.buyer ? ` — ${t("x.tape_who", { buyer: n.account(e.buyer), seller: n.account(e.seller) })}` : "");
    case "order_placed": return t("ev.order_placed", { who: e.account ? n.account(e.account) : t("x.someone"), side: t(`x.${e.side}`), qty: e.qty, stock: e.stock, price: e.price }) + (e.privatization ? ` (${t("ev.privatization")})` : "");
    case "order_cancelled": return t("ev.order_cancelled_named", { stock: e.stock, qty: e.qty });
    case "meeting_called": return t("ev.meeting_called", { firm: e.firm });
    case "nominated": return t("ev.nominated", { firm: e.firm, name: n.player(e.candidate) });
    case "voted": return t("ev.voted", { firm: e.firm, holder: n.account(e.holder), name: n.player(e.director), p: e.payout });
    case "meeting_closed": return t("ev.meeting_closed", { firm: e.firm, name: n.player(e.director), p: e.payout });
    case "dividend_paid": return e.per_share ? t("ev.dividend_paid", { firm: e.firm, d: e.per_share }) : t("ev.dividend_none", { firm: e.firm });
    case "tax_reserved": return t("ev.tax_reserved", { firm: e.firm, amount: e.amount });
    case "renamed": return t("ev.renamed", { name: e.name });
    case "capture_rewarded": return t("ev.capture_rewarded", { firm: e.firm, amount: e.amount });
    case "income_credited": return t("ev.income_credited", { firm: e.firm, amount: e.amount });
    case "taxes_paid": return t("ev.taxes_paid", { firm: e.firm, amount: e.amount });
    case "salary_paid": return t("ev.salary_paid", { name: n.player(e.player), amount: e.amount });
    case "session_closed": return t("ev.session_closed");
    case "board_decided": return t("ev.board_decided", { color: t(`color.${e.winner}`) });
    case "game_ended": return t("ev.game_ended");
    case "extended": return t("ev.extended", { s: e.seconds });
    case "waiting_for_host":
    case "continued": return t(`ev.${e.type}`, { phase: e.next === "exchange" && !e.year ? t("phase.opening") : t(`phase.${e.next}`) });
    case "called": return t("ev.called", { firm: e.firm });
    default: return t(`ev.${e.type}`);
  }
}

/** Events whose host-side lines name who holds, orders, votes or is paid what. */
const SECRET_EVENTS = new Set(["trade", "order_placed", "order_cancelled", "voted", "nominated", "meeting_called", "salary_paid"]);
const YEAR_END = new Set(["income_credited", "tax_reserved", "dividend_paid", "bonus_paid"]);
const QUIET = new Set(["called", "year_closed"]);

/** The log as people read it: one line per year end (income, tax, only the dividends paid,
 * by firm), one line for the taxes paid (by firm), no "calls" or empty lines. */
export function logLines(events, v) {
  const lines = [];
  let year = 0;
  for (let i = 0; i < events.length; i += 1) {
    const e = events[i];
    if (e.type === "phase_changed") year = e.year;
    if (YEAR_END.has(e.type) || e.type === "taxes_paid") {
      const group = [];
      const kinds = e.type === "taxes_paid" ? new Set(["taxes_paid"]) : YEAR_END;
      while (i < events.length && kinds.has(events[i].type)) group.push(events[i++]);
      i -= 1;
      lines.push({ at: e.at, type: e.type === "taxes_paid" ? "taxes" : "year_end", text: e.type === "taxes_paid" ? taxesLine(group) : yearEndLine(group, year || v.year) });
      continue;
    }
    if (QUIET.has(e.type)) continue;
    lines.push({ at: e.at, type: e.type, text: describe(e, v) });
  }
  return lines;
}

function yearEndLine(group, year) {
  const sum = (type) => group.filter((e) => e.type === type).reduce((total, e) => total + (e.amount || 0), 0);
  const paid = group.filter((e) => e.type === "dividend_paid" && e.per_share > 0);
  const dividends = paid.length ? paid.map((e) => t("ev.dividend_of", { firm: e.firm, d: e.per_share })).join(", ") : t("ev.no_dividends");
  return t("ev.year_end", { year, income: sum("income_credited"), tax: sum("tax_reserved"), dividends });
}

function taxesLine(group) {
  const paid = group.filter((e) => e.amount > 0);
  return paid.length ? t("ev.taxes_line", { list: paid.map((e) => t("ev.tax_of", { firm: e.firm, amount: e.amount })).join(", ") }) : t("ev.no_taxes");
}

export function exchangeLog(ctx) {
  const host = ctx.role === "host";
  return logPanel((events, v) => logLines(events, v).slice(-60).reverse().map((line) => secret(host && SECRET_EVENTS.has(line.type),
    h("li", { dataset: { type: line.type } }, h("time", { text: mmss(line.at) }), line.text))));
}
