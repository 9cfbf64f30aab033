// @ts-check
// Exchange Draughts: the player screen, the host console and the projector — one view each,
// straight from the seat's projection (nothing here can show what the view does not hold).
import { h, s, fill, field, panel, options, table, cardTable } from "../dom.js";
import { t, num, money } from "../i18n.js";
import { Board, FIRM_HUES, flipButton } from "../board.js";
import { countdownVoice } from "../announce.js";
import { left, mmss, everyTick } from "../clock.js";
import { lineChart, barChart } from "../charts.js";
import { errorLine } from "../shell.js";
import { lobbyPanel } from "../lobby.js";
import { paramInput, getPath, setPath, lines } from "../forms.js";
import { controlsPanel, logPanel } from "../controls.js";
import { ROBOT_KINDS, ROBOT_LEVELS, robotSelect } from "../robots.js";
import { call, commandId } from "../api.js";
import { wallLobby, bigMoments, newEvents } from "../wall.js";
import { keepFitted } from "../fit.js";
import { playerLayout } from "./exchange_player.js";
import { FIRMS, names, swatch, firmLabel, keyed, secret, hiddenNote, rank, holdingsText, worth } from "./exchange_words.js";
import { accountCards, ordersPanel } from "./exchange_money.js";
import { debriefParts } from "./exchange_debrief.js";

// Exchange Draughts' own styles (the wall's layout and pause veil).
if (!document.querySelector("link[data-style=exchange]")) {
  document.head.append(h("link", { rel: "stylesheet", href: "/static/css/exchange.css", dataset: { style: "exchange" } }));
}

const PLAYER_HUES = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457", "#283593", "#9e9d24"];

function fraction(text) {
  const [a, b] = String(text).split("/");
  return b === undefined ? Number(a) : Number(a) / Number(b);
}

function lastOf(events, type) {
  for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].type === type) return events[i];
  return null;
}

/** The pieces of an exchange view, for the board. */
export function exchangePieces(view) {
  const pieces = [];
  for (const [n, firm] of Object.entries(view.firms || {})) {
    for (const p of firm.pieces || []) {
      pieces.push({ square: p.square, label: p.id, title: `${t("firm.n", { n })} · ${p.id}`, side: firm.color, hue: FIRM_HUES[n], king: p.king, id: p.id });
    }
  }
  return pieces;
}

export function phaseText(view) {
  if (view.phase === "ended") return t("phase.ended");
  if (!view.started) return t("phase.setup");
  const phase = view.opening && view.phase === "exchange" ? t("phase.opening") : t(`phase.${view.phase}`);
  const year = view.year ? t("x.year_of", { year: view.year, years: view.years }) : "";
  const waits = view.waiting_for_host ? ` · ${t("x.waiting_host", { phase: nextPhaseText(view) })}` : "";
  if (view.phase === "setup" && waits) return waits.slice(3);
  return `${year}${year ? " · " : ""}${phase}${view.paused ? ` · ${t("x.paused")}` : ""}${waits}`;
}

/** The phase the game waits for the host's "continue" to open (the view's waiting_for_host). */
export function nextPhaseText(view) {
  const next = view.waiting_for_host?.next;
  if (!next) return "";
  if (next === "exchange" && !view.year) return t("phase.opening");
  return t(`phase.${next}`);
}

// --- the board panel -------------------------------------------------------------------

function boardPanel(ctx, big) {
  const error = errorLine();
  let view = null;
  const board = new Board({
    big,
    toolsApart: true,
    ownAlert: ctx.role !== "host", // the player's page has its turn alert (sound on by default)
    onMove: async (move) => {
      error.clear();
      try {
        await ctx.send({ type: "move", firm: view.on_call.firm, move });
      } catch (err) {
        error.show(err);
        throw err;
      }
    },
  });
  const who = h("div", { class: "who", dataset: { role: "on-call" } });
  const why = h("div", { class: "muted", dataset: { role: "why" } });
  const minClock = h("span", { class: "clock", dataset: { role: "min-clock" } });
  const maxClock = h("span", { class: "clock", dataset: { role: "max-clock" } });
  const bar = h("div", { class: "bar" }, h("span"));
  const count = h("span", { class: "muted" });
  const pass = h("button", { type: "button", class: "small", text: t("x.pass"), dataset: { action: "pass" } });
  pass.addEventListener("click", async () => {
    error.clear();
    try { await ctx.send({ type: "pass", firm: view.on_call.firm }); } catch (err) { error.show(err); }
  });
  const callBox = h("div", { class: "call" }, who, why, h("div", { class: "clocks" }, minClock, maxClock, count), bar,
    h("div", { class: "row" }, ctx.role === "projector" ? null : pass, big ? null : flipButton(board)), error.el);
  const el = panel(t("x.board"), board.el, callBox, board.tools);
  el.dataset.panel = "board";

  const moveVoice = countdownVoice((s) => t("a11y.clock_left", { who: who.textContent, s }));
  everyTick(() => {
    if (!view) return;
    const boardPhase = view.phase === "board" && view.on_call && !view.paused;
    if (!boardPhase) moveVoice.watch(null);
    minClock.classList.toggle("hidden", !boardPhase);
    maxClock.classList.toggle("hidden", !boardPhase);
    bar.classList.toggle("hidden", !boardPhase);
    if (!boardPhase) return;
    const wait = left(view.move_not_before);
    if (wait && wait > 0) {
      minClock.className = "clock wait";
      minClock.textContent = t("x.min_wait", { s: Math.ceil(wait) });
    } else {
      minClock.className = "clock go";
      minClock.textContent = t("x.min_ok");
    }
    const rest = left(view.deadline);
    moveVoice.watch(rest);
    const span = (view.ruleset.move_max_s || 300) * (view.ruleset.time_scale || 1);
    maxClock.className = `clock ${rest !== null && rest < span * 0.2 ? "late" : ""}`;
    maxClock.textContent = t("x.max_left", { t: mmss(rest) });
    bar.firstChild.style.width = `${rest === null ? 0 : Math.min(100, (100 * rest) / span)}%`;
  });

  return {
    el,
    update(v) {
      if (view && view !== v) error.clear(); // a refusal's sentence goes with the next change
      view = v;
      const n = names(v);
      const events = v.events || [];
      const call = v.on_call;
      const act = v.actions || {};
      const interactive = Boolean(act.move);
      const last = lastOf(events, "moved");
      board.update({ pieces: exchangePieces(v), legal: interactive ? act.move.moves : [], last: last ? last.move : null, interactive, toMove: call ? call.color : null });
      pass.classList.toggle("hidden", !act.pass);
      count.textContent = v.phase === "board" ? t("x.moves_count", { n: v.moves_this_year, of: v.moves_per_year }) : "";
      if (v.phase !== "board" || !call) {
        who.textContent = v.board_result ? t("x.board_won", { color: t(`color.${v.board_result.winner}`) }) : phaseText(v);
        why.textContent = "";
        board.setTurn(who.textContent);
        return;
      }
      const director = v.firms[String(call.firm)].director;
      who.replaceChildren(firmLabel(call.firm), ` (${t(`color.${call.color}`)}) — ${n.player(director)}`);
      if (interactive && ctx.role !== "host") who.append(" ", h("span", { class: "pill good", text: t("x.your_call") }));
      const reasons = [];
      if (call.takeover === 1) reasons.push(t("x.takeover1"));
      if (call.takeover === 2) reasons.push(t("x.takeover2"));
      if (call.must_move) reasons.push(t("x.must_move"));
      let i = events.length - 1;
      const passes = [];
      while (i >= 0 && events[i].type !== "moved") {
        const e = events[i];
        if (e.type === "passed") passes.unshift(t(e.forced ? "x.passed_forced" : "x.passed", { firm: e.firm, reason: t(`reason.${e.reason}`) }));
        if (e.type === "timed_out") passes.unshift(t("x.timed_out", { firm: e.firm, taker: e.takeover_firm }));
        i -= 1;
      }
      why.textContent = [...passes.slice(-4), ...reasons].join(" · ");
      board.setTurn(who.textContent);
    },
  };
}

// --- money: my accounts (player) / every account (host) -----------------------------------

function accountsPanel(ctx) {
  const body = h("div", { class: ctx.role === "host" ? "scroll-x" : "" });
  const el = panel(ctx.role === "host" ? t("x.all_accounts") : t("x.my_money"), body);
  el.dataset.panel = "accounts";
  const render = keyed((v) => {
    if (ctx.role !== "host") { fill(body, accountCards(v)); return; } // the host: every account, a table
    const n = names(v);
    const accounts = v.accounts || {};
    const order = Object.keys(accounts).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, undefined, { numeric: true }));
    const rows = order.map((acc) => {
      const a = accounts[acc];
      const firm = acc.startsWith("firm:") ? v.firms[acc.slice(5)] : null;
      return [
        h("span", {}, acc.startsWith("firm:") ? firmLabel(Number(acc.slice(5))) : n.account(acc)),
        h("span", { class: "num", text: num(a.cash) }),
        h("span", { class: "num", text: num(a.reserved) }),
        h("span", { class: "wrap", text: holdingsText(a.holdings, a.reserved_shares) }),
        firm && firm.tax_due ? h("span", { class: "num", text: num(firm.tax_due) }) : "",
        h("span", { class: "num", text: num(a.worth ?? worth(a, v.prices)) }),
      ];
    });
    fill(body, hiddenNote(),
      secret(true, table([t("x.account"), t("x.cash"), t("x.reserved"), t("x.holdings"), t("x.tax_due"), t("x.worth")], rows, "accounts")),
      secret(true, h("p", { class: "muted", text: t("x.officials", { names: (v.officials || []).map(n.player).join(", ") || "—" }) })));
  });
  return { el, update: (v) => render([v.accounts, v.prices, v.officials, v.players], v) };
}

/** The host console's switch: hidden ownership off by default (safe on a projector). */
function secretSwitch(layout) {
  const box = h("input", { type: "checkbox", name: "show-hidden", dataset: { action: "show-hidden" } });
  const sync = () => {
    layout.classList.toggle("secrets-off", !box.checked);
    layout.classList.toggle("secrets-on", box.checked);
  };
  box.addEventListener("change", sync);
  sync();
  return h("label", { class: "switch" }, box, h("span", { text: t("x.show_hidden") }),
    h("small", { class: "muted", text: t("x.show_hidden_help") }));
}

// --- the market: prices, books, chart -------------------------------------------------------

function closesByYear(v) {
  const labels = [t("x.start")];
  const series = FIRMS.map(() => [v.ruleset.nominal_price]);
  for (const e of v.events || []) {
    if (e.type === "session_closed") {
      labels.push(e.year ? t("x.year_short", { year: e.year }) : t("x.opening_short"));
      FIRMS.forEach((f, i) => series[i].push(e.closes[String(f)] ?? null));
    }
  }
  if (v.phase === "exchange") {
    labels.push(t("x.now"));
    FIRMS.forEach((f, i) => series[i].push(v.prices[String(f)]));
  }
  return { labels, series };
}

function marketPanel(ctx, big) {
  const prices = h("div", { class: "scroll-x" });
  const depth = h("div", { class: "scroll-x" });
  const chart = h("div");
  const stock = options(h("select", { name: "book-stock" }), FIRMS.map((f) => [f, t("firm.n", { n: f })]));
  const el = panel(t("x.market"), prices, big ? null : h("h3", { text: t("x.book") }), big ? null : field(t("x.stock"), stock), depth,
    h("div", { dataset: { role: "price-chart" } }, h("h3", { text: t("x.price_chart") }), chart));
  el.dataset.panel = "market";
  let view = null;
  const renderDepth = () => {
    const v = view;
    const stocks = big ? FIRMS.filter((f) => { const b = v.book[String(f)]; return b.bids.length || b.asks.length; }) : [Number(stock.value)];
    if (big) return; // the wall shows the best bid and ask in the prices table
    fill(depth, stocks.map((f) => bookTable(f, v.book[String(f)], big)));
  };
  stock.addEventListener("change", renderDepth);
  const renderPrices = keyed((v) => {
    const n = names(v);
    const heads = big ? [t("x.stock"), t("x.price"), t("x.change"), t("x.director"), t("x.payout"), t("x.last_dividend")]
      : [t("x.stock"), t("x.last"), t("x.close"), t("x.director"), t("x.payout")];
    const dividends = big ? lastDividends(v) : {};
    if (!big) {
      fill(prices, firmList(v, n));
    } else fill(prices, table(heads,
      FIRMS.map((f) => {
        if (big) return wallPriceRow(v, f, n, dividends);
        const firm = v.firms[String(f)];
        const last = v.prices[String(f)];
        const close = v.closes[String(f)];
        const arrow = last > close ? "▲" : last < close ? "▼" : "";
        return [firmLabel(f), h("b", { class: last > close ? "bid" : last < close ? "ask" : "", text: `${last} ${arrow}` }), String(close),
          h("span", { class: "wrap", text: n.player(firm.director) }), `${firm.payout}%`];
      }), "prices"));
    const { labels, series } = closesByYear(v);
    fill(chart, lineChart(labels, FIRMS.map((f, i) => ({ name: t("firm.n", { n: f }), color: FIRM_HUES[f], points: series[i] })),
      { label: t("x.price_chart"), thick: big }));
  });
  return {
    el,
    update(v) {
      view = v;
      renderPrices([v.prices, v.closes, v.players, FIRMS.map((f) => [v.firms[String(f)].director, v.firms[String(f)].payout]), v.phase, (v.events || []).filter((e) => e.type === "session_closed" || e.type === "dividend_paid").length], v);
      renderDepth();
    },
  };
}

/** Every firm as a line a phone shows whole: name and colour, the last price against the close,
 * the director, the payout share (its full name, as on the wall). */
function firmList(v, n) {
  return h("ul", { class: "x-firms", dataset: { role: "prices" } }, FIRMS.map((f) => {
    const firm = v.firms[String(f)];
    const last = v.prices[String(f)];
    const close = v.closes[String(f)];
    const arrow = last > close ? "▲" : last < close ? "▼" : "";
    return h("li", { dataset: { firm: String(f) } },
      h("span", { class: "x-firm-name" }, firmLabel(f)),
      h("b", { class: ["x-firm-price", last > close ? "bid" : last < close ? "ask" : ""], text: `${last} ${arrow}`, title: t("x.last") }),
      h("small", { class: "x-firm-close", text: t("x.close_at", { p: close }) }),
      h("span", { class: "x-firm-director" }, h("small", { class: "muted", text: `${t("x.director")}: ` }), h("span", { class: "x-name", text: n.player(firm.director) })),
      h("small", { class: "x-firm-payout", text: t("x.payout_share", { p: firm.payout }) }));
  }));
}

/** Each firm's dividend per share at the last year end that paid out (firm → amount), and that year. */
export function lastDividends(v) {
  let year = 0;
  let paidYear = 0;
  /** @type {Record<string, number>} */
  let out = {};
  for (const e of v.events || []) {
    if (e.type === "phase_changed") year = e.year;
    if (e.type !== "dividend_paid") continue;
    if (year !== paidYear) { out = {}; paidYear = year; }
    out[String(e.firm)] = e.per_share || 0;
  }
  return out;
}

/** A firm's row on the wall: name, price, change since the last close, director, the payout
 * share, last year's dividend per share — every cell whole. */
function wallPriceRow(v, f, n, dividends) {
  const firm = v.firms[String(f)];
  const last = v.prices[String(f)];
  const change = last - v.closes[String(f)];
  const cls = change > 0 ? "up" : change < 0 ? "down" : "";
  const d = dividends[String(f)];
  return [h("span", { class: "x-firm" }, swatch(f), t("firm.n", { n: f })), h("b", { text: String(last) }),
    h("span", { class: ["x-change", cls], text: change > 0 ? `▲ +${change}` : change < 0 ? `▼ ${change}` : "0" }),
    h("span", { class: "wrap", text: n.player(firm.director) }), `${firm.payout} %`, d === undefined ? "—" : num(d)];
}

function bookTable(stock, book, big) {
  const rows = [];
  const depth = Math.max(book.bids.length, book.asks.length, 1);
  for (let i = 0; i < Math.min(depth, big ? 4 : 6); i += 1) {
    const bid = book.bids[i];
    const ask = book.asks[i];
    rows.push([bid ? String(bid[1]) : "", h("span", { class: "bid", text: bid ? String(bid[0]) : "" }),
      h("span", { class: "ask", text: ask ? String(ask[0]) : "" }), ask ? String(ask[1]) : ""]);
  }
  return h("div", {}, big ? h("b", {}, firmLabel(stock)) : null,
    table([t("x.bid_qty"), t("x.bid"), t("x.ask"), t("x.ask_qty")], rows, "book"));
}

// --- order entry, open orders ---------------------------------------------------------------

export { names };
export { fillReport, orderText } from "./exchange_money.js";

// --- the tape ---------------------------------------------------------------------------------

function tapePanel(ctx, big) {
  const list = h("ul", { class: "log", dataset: big ? { role: "tape", fit: "" } : { role: "tape" } });
  const el = panel(t("x.tape"), h("div", { class: big ? "" : "scroll" }, list));
  el.dataset.panel = "tape";
  const render = keyed((v) => {
    const n = names(v);
    const trades = (v.events || []).filter((e) => e.type === "trade").slice(-(big ? 16 : 40)).reverse();
    fill(list, trades.length ? trades.map((e) => {
      const who = e.buyer ? t("x.tape_who", { buyer: n.account(e.buyer), seller: n.account(e.seller) })
        : e.side ? t(e.side === "buy" ? "x.you_bought" : "x.you_sold", { account: n.account(e.account) }) : "";
      return h("li", {}, h("time", { text: mmss(e.at) }), h("span", {}, firmLabel(e.stock)), " ", h("b", { text: `${e.qty} × ${e.price}` }),
        who ? secret(ctx.role === "host" && Boolean(e.buyer), h("span", { text: ` — ${who}` })) : "");
    }) : h("li", { class: "muted", text: t("x.no_trades") }));
  });
  return { el, update: (v) => render([(v.events || []).filter((e) => e.type === "trade").length, v.players], v) };
}

// --- meetings -----------------------------------------------------------------------------------

function meetingsPanel(ctx) {
  const error = errorLine();
  const body = h("div");
  const wall = ctx.role === "projector";
  const outcomes = h("ul", { class: "log", dataset: wall ? { role: "outcomes", fit: "" } : { role: "outcomes" } });
  const el = panel(t("x.meetings"), body, error.el, h("h3", { text: t("x.outcomes") }), outcomes);
  el.dataset.panel = "meetings";
  const send = async (command) => {
    error.clear();
    try {
      await ctx.send(command);
      error.ok(t("x.done"));
    } catch (err) { error.show(err); }
  };
  // What a person has chosen but not sent yet survives a new view (the ballot is rebuilt).
  /** @type {Map<string, string>} */
  const drafts = new Map();
  const render = keyed((v) => {
    const n = names(v);
    const parts = [];
    const min = v.ruleset.meeting_call_min_shares;
    if (v.phase !== "meetings") drafts.clear();
    const calls = (v.events || []).filter((e) => e.type === "meeting_called" && e.at >= yearStart(v));
    if (calls.length) parts.push(h("p", {}, t("x.calls_filed", { firms: [...new Set(calls.map((e) => e.firm))].join(", ") })));
    if (wall) { fill(body); fill(outcomes, wallMeetingLines(v, calls)); return; }
    if ((v.phase === "exchange" && !v.opening) || v.phase === "meeting_calls") {
      if (v.phase === "meeting_calls") parts.push(h("p", { class: "muted", text: t("x.call_window") }));
      const can = ((v.actions || {}).call_meeting || { firms: [] }).firms;
      parts.push(h("p", { class: "muted", text: t("x.call_rule", { n: min }) }));
      parts.push(h("div", { class: "row" }, can.length ? can.map((f) => h("button", {
        type: "button", class: "small", dataset: { action: "call-meeting", firm: String(f) },
        onclick: () => send({ type: "call_meeting", firm: f }),
      }, t("x.call_meeting", { n: f }))) : h("span", { class: "muted", text: t("x.cannot_call") })));
    } else if (v.phase === "meetings" && ctx.role === "projector") {
      parts.push(h("p", { class: "wall-say", text: t("x.meetings_running") }));
    } else if (v.phase === "meetings" && ctx.role !== "host" && !(v.actions || {}).vote) {
      parts.push(h("p", { class: "muted", text: v.waiting_for_host || v.paused ? t("x.meetings_closed") : t("x.not_shareholder") }));
    } else if (v.phase === "meetings") {
      const firms = ctx.role === "host" ? FIRMS : v.actions.vote.firms;
      if (!firms.length) parts.push(h("p", { class: "muted", text: t("x.not_shareholder") }));
      for (const f of firms) parts.push(meetingBox(ctx, v, f, send, drafts));
    } else {
      parts.push(h("p", { class: "muted", text: t("x.meetings_when") }));
    }
    fill(body, parts);
    const closed = (v.events || []).filter((e) => e.type === "meeting_closed").slice(-16).reverse();
    fill(outcomes, closed.length ? closed.map((e) => h("li", { dataset: { firm: String(e.firm) } },
      h("time", { text: mmss(e.at) }), firmLabel(e.firm), " ",
      e.director !== e.previous ? h("b", { text: t("x.new_director", { name: n.player(e.director), was: n.player(e.previous) }) })
        : t("x.kept_director", { name: n.player(e.director) }),
      ` · ${t("x.payout_is", { p: e.payout })}`,
      e.tally ? h("small", { text: ` (${Object.entries(e.tally).map(([p, c]) => `${n.player(p)}: ${c}`).join(", ")})` }) : null))
      : h("li", { class: "muted", text: t("x.no_outcomes") }));
  });
  let seen = null;
  return {
    el,
    update: (v) => {
      if (seen && seen !== v) error.clear(); // "done" or a refusal goes with the next change
      seen = v;
      render([v.phase, v.opening, v.year, v.meetings, v.waiting_for_host, v.paused, v.actions, v.accounts && Object.fromEntries(Object.entries(v.accounts).map(([a, x]) => [a, x.holdings])),
      (v.events || []).filter((e) => ["meeting_called", "meeting_closed", "nominated", "voted"].includes(e.type)).length, v.players], v);
    },
  };
}

/** The last meetings' outcomes as the wall shows them: only the firms where something happened
 * (a vote, a new director, a changed payout), with the votes; one line for the rest. */
export function meetingOutcomes(v) {
  const events = v.events || [];
  let payout = Object.fromEntries(FIRMS.map((f) => [f, v.ruleset.payout]));
  let last = [];
  let round = [];
  let called = new Set();
  for (const e of events) {
    if (e.type === "meeting_called") called.add(e.firm);
    if (e.type !== "meeting_closed") {
      if (round.length) { last = round; round = []; called = new Set(); }
      continue;
    }
    const changed = e.payout !== payout[e.firm];
    payout = { ...payout, [e.firm]: e.payout };
    if (e.director !== e.previous || changed || called.has(e.firm) || Object.keys(e.tally || {}).length) round.push({ ...e, changed });
    else round.push(null);
  }
  if (round.length) last = round;
  return { happened: last.filter(Boolean), held: last.length > 0, quiet: last.filter((x) => !x).length };
}

/** The wall's meetings panel, one list the panel cuts to what fits: the calls filed, the rule or
 * "meetings are on", then the last meetings' outcomes — no line for one seat. */
function wallMeetingLines(v, calls) {
  const lines = [];
  if (calls.length && ["exchange", "meeting_calls", "meetings"].includes(v.phase)) lines.push(h("li", { text: t("x.calls_filed", { firms: [...new Set(calls.map((e) => e.firm))].join(", ") }) }));
  if ((v.phase === "exchange" && !v.opening) || v.phase === "meeting_calls") lines.push(h("li", { class: "muted", text: t("x.call_rule", { n: v.ruleset.meeting_call_min_shares }) }));
  if (v.phase === "meetings") lines.push(h("li", { text: t("x.meetings_running") }));
  return [...lines, ...meetingOutcomeLines(v, lines.length > 0)];
}

function meetingOutcomeLines(v, others = false) {
  const n = names(v);
  const { happened, held, quiet } = meetingOutcomes(v);
  if (!held) return others ? [] : [h("li", { class: "muted", text: t("x.no_outcomes") })];
  const lines = happened.map((e) => h("li", { dataset: { firm: String(e.firm) } }, firmLabel(e.firm), " ",
    e.director !== e.previous ? h("b", { text: t("x.new_director", { name: n.player(e.director), was: n.player(e.previous) }) })
      : t("x.kept_director", { name: n.player(e.director) }),
    ` · ${t("x.payout_is", { p: e.payout })}`,
    Object.keys(e.tally || {}).length ? h("span", { text: ` (${Object.entries(e.tally).map(([p, c]) => t("x.votes_for", { name: n.player(p), n: c })).join(", ")})` }) : null));
  if (quiet) lines.push(h("li", { class: "muted", dataset: { role: "no-other-meetings" }, text: happened.length ? t("x.no_other_meetings") : t("x.no_meetings_this_year") }));
  return lines;
}

function yearStart(v) {
  const events = v.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].type === "phase_changed" && events[i].phase === "board") return events[i].at;
  }
  return 0;
}

/** Keep a field's unsent choice across re-renders: restore it if still offered, note changes. */
function drafted(drafts, input) {
  const kept = drafts.get(input.name);
  const offered = input.tagName !== "SELECT" || [...input.options].some((o) => o.value === kept);
  if (kept !== undefined && offered) input.value = kept;
  input.addEventListener("input", () => drafts.set(input.name, input.value));
  return input;
}

function meetingBox(ctx, v, firm, send, drafts) {
  const n = names(v);
  const key = String(firm);
  const candidates = v.meetings.candidates[key] || [];
  const myVotes = (ctx.role === "host" ? v.meetings.votes : v.meetings.my_votes)?.[key] || {};
  const accounts = v.accounts || {};
  const voters = Object.keys(accounts).filter((a) => ((accounts[a].holdings || {})[key] || 0) > 0
    && (ctx.role !== "host" || a === "state" || (a.startsWith("firm:") && !v.firms[a.slice(5)].director)));
  // No silent default: the nominee and each vote start at "choose…", the button waits for a choice.
  const choose = ["", t("x.choose_person")];
  const nominee = options(h("select", { name: `nominee-${firm}`, "aria-label": t("x.nominee_for", { n: firm }) }),
    [choose, ...Object.keys(v.players).filter((p) => !candidates.includes(p)).map((p) => [p, n.player(p)])]);
  const nominate = h("button", { type: "button", class: "small", dataset: { action: "nominate", firm: key }, disabled: true,
    text: t("x.nominate"), onclick: () => send({ type: "nominate", firm, candidate: nominee.value }) });
  nominee.addEventListener("change", () => { nominate.disabled = !nominee.value; });
  drafted(drafts, nominee);
  nominate.disabled = !nominee.value;
  const rows = voters.map((holder) => {
    const director = options(h("select", { name: `vote-${firm}-${holder}`, "aria-label": t("x.vote_director", { holder: n.account(holder) }) }),
      [choose, ...candidates.map((p) => [p, n.player(p)])]);
    const payout = h("input", { type: "number", name: `payout-${firm}-${holder}`, "aria-label": t("a11y.vote_payout", { holder: n.account(holder), firm }), min: "0", max: "100", inputmode: "numeric", value: String(v.firms[key].payout) });
    const cast = myVotes[holder];
    if (cast) { director.value = cast.director; payout.value = String(cast.payout); }
    drafted(drafts, director);
    drafted(drafts, payout);
    const vote = h("button", { type: "button", class: "small primary", dataset: { action: "vote", firm: key, holder }, text: cast ? t("x.revote") : t("x.vote"),
      disabled: !director.value, onclick: () => send({ type: "vote", firm, holder, director: director.value, payout: Math.round(Number(payout.value)) }) });
    director.addEventListener("change", () => { vote.disabled = !director.value; });
    return h("div", { class: "x-ballot", dataset: { ballot: holder } },
      h("b", { text: t("x.votes_of", { holder: n.account(holder), n: accounts[holder].holdings[key] }) }),
      field(t("x.director"), director), field(t("x.payout_field"), payout), vote,
      cast ? h("span", { class: "pill good", text: t("x.voted_for", { name: n.player(cast.director), p: cast.payout }) }) : null);
  });
  return h("div", { class: "panel tight x-meeting", dataset: { meeting: key } },
    h("b", {}, firmLabel(firm), ` — ${t("x.director")}: `, h("span", { class: "x-name", text: n.player(v.firms[key].director) })),
    h("div", { class: "muted", text: t("x.candidates", { names: candidates.map(n.player).join(", ") }) }),
    h("div", { class: "row x-nominate" }, nominee, nominate),
    rows.length ? rows : h("div", { class: "muted", text: t("x.no_votes_here") }));
}

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

function exchangeLog(ctx) {
  const host = ctx.role === "host";
  return logPanel((events, v) => logLines(events, v).slice(-60).reverse().map((line) => secret(host && SECRET_EVENTS.has(line.type),
    h("li", { dataset: { type: line.type } }, h("time", { text: mmss(line.at) }), line.text))));
}

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
  let controls = null;
  const ended = h("div", { class: "banner hidden", dataset: { role: "ended" } }, t("x.game_over"), " ",
    h("a", { class: "button primary", href: `/results/${ctx.gameId}`, text: t("x.see_results") }));
  let wall = null;
  if (big) {
    wall = wallScreen(ctx, boardP, market, tape, meetings);
    layout = wall.el;
  } else if (ctx.role === "host") {
    lobby = lobbyPanel(ctx);
    controls = controlsPanel(ctx);
    const accounts = accountsPanel(ctx);
    const orders = ordersPanel(ctx);
    const log = exchangeLog(ctx);
    parts.push(lobby, controls, accounts, orders, log);
    layout = h("main", { class: "stack" }, ended, controls.el, lobby.el,
      h("div", { class: "cols" }, h("div", { class: "stack" }, boardP.el, meetings.el, log.el),
        h("div", { class: "stack" }, accounts.el, market.el, orders.el, tape.el)));
    controls.el.append(secretSwitch(layout));
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

// --- the wall screen (projector) ------------------------------------------------------------------

/** The projector: the lobby before the start, the game fitted to the screen, the results and
 * the reveal at the end, big moments over it for a few seconds. */
function wallScreen(ctx, boardP, market, tape, meetings) {
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

// --- the start page's form ---------------------------------------------------------------------

/** @type {[string, string | string[]][]} */
const EXCHANGE_PARAMS = [
  ["years", "int"], ["moves_per_year", "int"], ["move_min_s", "int"], ["move_max_s", "int"],
  ["session_s", "int"], ["opening_session", "bool"], ["wait_for_host", "bool"], ["meeting_call_min_shares", "int"],
  ["meeting_call_window_s", "int"], ["meeting_s", "int"], ["time_scale", "float"],
  ["player_cash", "int"], ["firm_cash", "int"], ["state_cash", "int"], ["shares_per_firm", "int"],
  ["initial_holdings.state", "int"], ["initial_holdings.director", "int"], ["nominal_price", "int"],
  ["income_man", "int"], ["income_king", "int"], ["capture_man", "int"], ["capture_king", "int"],
  ["capture_paid_by", ["market", "victim"]], ["value_man", "int"], ["value_king", "int"],
  ["tax_rate", "int"], ["payout", "int"], ["privatization_lot", "int"],
  ["privatization_price", ["nominal", "book"]], ["official_salary", "int"],
  ["board_win_bonus", "int"],
];

/** What a teacher sets for a lesson (the rest is under "Advanced"); the durations shown in real time. */
const MAIN_PARAMS = ["years", "session_s", "move_max_s", "meeting_s", "wait_for_host"];
const TIMED = ["move_min_s", "move_max_s", "session_s", "meeting_call_window_s", "meeting_s"];

/** The first directors the server deals when none are named (setup.default_directors): the
 * first half of the list (rounded up) directs the white firms 1–4 in turn, the rest the black
 * firms 5–8 — nobody both colours, nobody taking over their own late move. */
export function defaultDirectors(ids) {
  const half = Math.ceil(ids.length / 2);
  const white = ids.slice(0, half);
  const black = ids.slice(half);
  /** @type {Record<number, string>} */
  const out = {};
  for (let firm = 1; firm <= 8; firm += 1) {
    const [group, first] = firm <= 4 ? [white, 1] : [black, 5];
    if (group.length) out[firm] = group[(firm - first) % group.length];
  }
  return out;
}

/** The start page's part for a new exchange game: {el, setup(), robots(), robotChoice(), robotRoles(setup)}. */
export function startForm(presets) {
  const preset = options(h("select", { name: "preset" }), Object.keys(presets).map((p) => [p, t(`preset.${p}`)]));
  preset.value = presets.classroom ? "classroom" : "demo";
  const presetHelp = h("small", { class: "help" });
  /** @type {[string, ReturnType<typeof paramInput>][]} */
  const xParams = EXCHANGE_PARAMS.map(([name, kind]) => [name, paramInput("exchange", name, kind)]);
  const input = Object.fromEntries(xParams);
  // The durations that matter, in the real time they last (× the time scale).
  const reals = TIMED.map((name) => {
    const out = h("small", { class: "real", dataset: { real: name } });
    input[name].wrap.append(out);
    return [name, out];
  });
  const showReal = () => {
    const scale = Number(input.time_scale.get()) || 1;
    for (const [name, out] of reals) out.textContent = t("start.real_time", { s: Math.round(Number(input[name].get()) * scale) });
  };
  input.time_scale.wrap.addEventListener("input", showReal);
  for (const [name] of reals) input[name].wrap.addEventListener("input", showReal);
  const loadPreset = () => {
    const values = presets[preset.value];
    for (const [name, field] of xParams) field.set(getPath(values, name));
    presetHelp.textContent = t(`preset.${preset.value}.help`);
    showReal();
  };
  preset.addEventListener("change", loadPreset);
  loadPreset();
  const players = h("textarea", { name: "players", rows: "6" });
  players.value = [1, 2, 3, 4].map((n) => t("start.player_n", { n })).join("\n");
  const xRobots = h("input", { type: "number", name: "robots", min: "0", value: "0" });
  const xRobotKind = robotSelect("robot-kind", ROBOT_KINDS, "robot.kind", "mixed");
  const xRobotLevel = robotSelect("robot-level", ROBOT_LEVELS, "robot.level", "club");
  const directors = h("div", { class: "form-grid" });
  const officials = h("div", { class: "row" });
  const advanced = h("textarea", { name: "advanced", rows: "4", placeholder: '{"placement": {"1": ["c3"], "5": ["d4"]}}' });
  const seed = h("input", { type: "number", name: "seed", value: String(Math.floor(Math.random() * 1e6)) });
  const directorSelects = [];
  let chosenByHand = false;
  const refreshRoster = () => {
    const names = lines(players.value);
    const pairs = [["", t("start.no_director")], ...names.map((name, i) => [`p${i + 1}`, name])];
    if (!directorSelects.length) {
      for (let firm = 1; firm <= 8; firm += 1) {
        const select = h("select", { name: `director-${firm}` });
        select.addEventListener("change", () => { chosenByHand = true; });
        directorSelects.push(select);
        directors.append(field(t("firm.n", { n: firm }), select));
      }
    }
    // Until the host picks by hand, every edit of the list deals the firms again (nobody
    // both colours); a hand-picked choice stays while its player is on the list.
    const dealt = defaultDirectors(names.map((_, i) => `p${i + 1}`));
    directorSelects.forEach((select, i) => {
      const had = select.value;
      options(select, pairs, false);
      const keep = chosenByHand && pairs.some(([v]) => v === had);
      select.value = keep ? had : (dealt[i + 1] || "");
    });
    const checked = new Set([...officials.querySelectorAll("input:checked")].map((x) => x.value));
    fill(officials, names.map((name, i) => h("label", { class: "row" },
      h("input", { type: "checkbox", value: `p${i + 1}`, name: "official", checked: checked.has(`p${i + 1}`) }),
      h("span", { text: name }))));
    xRobots.max = String(names.length);
  };
  players.addEventListener("input", refreshRoster);
  refreshRoster();

  const exchangeForm = h("div", { class: "stack" },
    panel(t("start.rules"), field(t("start.preset"), preset, ""), presetHelp,
      h("h3", { text: t("start.main_parameters") }),
      h("div", { class: "form-grid", dataset: { role: "main-params" } }, MAIN_PARAMS.map((name) => input[name].wrap)),
      h("details", { dataset: { role: "advanced" } }, h("summary", { text: t("start.advanced") }),
        h("div", { class: "form-grid" }, xParams.filter(([name]) => !MAIN_PARAMS.includes(name)).map(([, field]) => field.wrap)),
        field(t("start.advanced_json"), advanced, t("start.advanced_help")), field(t("start.seed"), seed))),
    panel(t("start.players"), field(t("start.players_names"), players, t("start.players_help")),
      h("div", { class: "form-grid" }, field(t("start.robots"), xRobots, t("start.robots_help")),
        field(t("start.robot_kind"), xRobotKind, t("start.robot_kind_help")),
        field(t("start.robot_level"), xRobotLevel)),
      h("h3", { text: t("start.directors") }), h("small", { class: "help", text: t("start.directors_help") }), directors,
      h("h3", { text: t("start.officials") }), h("small", { class: "help", text: t("start.officials_help") }), officials));


  const el = exchangeForm;
  const exchangeSetup = () => {
    const base = presets[preset.value];
    const ruleset = { preset: preset.value };
    for (const [name, input] of xParams) {
      const value = input.get();
      if (JSON.stringify(value) !== JSON.stringify(getPath(base, name))) {
        if (name.startsWith("initial_holdings.")) {
          ruleset.initial_holdings = { ...base.initial_holdings, ...(ruleset.initial_holdings || {}) };
        }
        setPath(ruleset, name, value);
      }
    }
    if (advanced.value.trim()) {
      let extra;
      try { extra = JSON.parse(advanced.value); } catch (err) { throw new Error(t("start.advanced_bad", { error: err.message })); }
      Object.assign(ruleset, extra);
    }
    const names = lines(players.value);
    const directorMap = {};
    directorSelects.forEach((select, i) => { if (select.value) directorMap[String(i + 1)] = select.value; });
    return {
      game: "exchange",
      seed: Number(seed.value) || 0,
      ruleset,
      players: names.map((name, i) => ({ id: `p${i + 1}`, name: name.slice(0, 40) })),
      directors: directorMap,
      officials: [...officials.querySelectorAll("input:checked")].map((x) => x.value),
    };
  };
  const robotChoice = () => ({ kind: xRobotKind.value, level: xRobotLevel.value });
  // A class list picked on the start page names the players; a named preset sets the rules.
  const setNames = (names) => { players.value = names.join("\n"); refreshRoster(); };
  const setRules = (ruleset) => {
    if (ruleset.preset in presets) preset.value = ruleset.preset;
    loadPreset();
    for (const [name, field] of xParams) {
      const value = getPath(ruleset, name);
      if (value !== undefined) field.set(value);
    }
    showReal();
  };
  return { el, setup: exchangeSetup, robots: () => Number(xRobots.value) || 0, robotChoice, robotRoles: (setup) => setup.players.map((p) => p.id), setNames, setRules };
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

// --- the results page --------------------------------------------------------------------------

/** The results page's panels for an exchange game: rankings, charts, the reveal. */
export function results(main, view, opts = {}) {
  const n = names(view);
  const res = view.results;
  if (res) {
    const board = res.board && res.board.winner ? t("x.board_won", { color: t(`color.${res.board.winner}`) }) : t("r.board_undecided");
    main.append(panel(t("r.wealth_ranking"),
      h("p", {}, h("b", { text: board }), " · ", t(`r.reason.${res.reason}`)),
      h("div", { class: "scroll-x" }, cardTable([t("r.rank"), t("r.player"), t("r.wealth"), t("r.start_worth"), t("r.gain"), t("r.gain_rank")], res.players.map((p) => [
        String(p.rank), h("b", { text: p.name }), num(p.wealth), num(p.start ?? view.ruleset.player_cash),
        h("span", { dataset: { gain: p.player }, text: `${p.gain > 0 ? "+" : ""}${num(p.gain)}` }), String(p.gain_rank),
      ]), "podium")),
      h("p", { class: "muted", text: t("r.gain_help") }),
      opts.wall ? null : h("h3", { text: t("r.firms") }),
      opts.wall ? null : h("div", { class: "scroll-x" }, cardTable([t("r.rank"), t("x.stock"), t("r.value"), t("r.per_share"), t("x.director")], res.firms.map((f) => [
        String(f.rank), h("span", {}, t("firm.n", { n: f.firm })), money(fraction(f.value)), money(fraction(f.per_share)), n.player(f.director),
      ]))),
      h("p", { class: "muted", text: t("r.state_wealth", { n: num(res.state.wealth) }) })));
    if (opts.wall) { main.append(...wallReveal(view, res.reveal)); return; }
    main.append(panel(t("r.charts"),
      h("h3", { text: t("r.wealth_by_player") }),
      barChart(res.players.map((p, i) => ({ name: p.name, value: p.wealth, color: PLAYER_HUES[i % PLAYER_HUES.length] })), { label: t("r.wealth_by_player") }),
      h("h3", { text: t("r.prices_by_year") }), pricesChart(view),
      h("h3", { text: t("r.dividends") }), dividendsChart(view)));
    main.append(revealPanel(view, res.reveal));
    const parts = debriefParts(view);
    if (parts) {
      main.append(h("h2", { class: "debrief-title", dataset: { role: "debrief" }, text: t("d.title") }), parts.moments, parts.prices, parts.wealth, parts.directors,
        panel(t("r.downloads"), parts.files()));
    }
  }
}

function pricesChart(view) {
  const labels = [t("x.start")];
  const series = FIRMS.map(() => [view.ruleset.nominal_price]);
  for (const e of view.events || []) {
    if (e.type === "session_closed") {
      labels.push(e.year ? t("x.year_short", { year: e.year }) : t("x.opening_short"));
      FIRMS.forEach((f, i) => series[i].push(e.closes[String(f)] ?? null));
    }
  }
  return lineChart(labels, FIRMS.map((f, i) => ({ name: t("firm.n", { n: f }), color: FIRM_HUES[f], points: series[i] })), { label: t("r.prices_by_year") });
}

function dividendsChart(view) {
  const years = [];
  const byFirm = Object.fromEntries(FIRMS.map((f) => [f, []]));
  let year = 0;
  for (const e of view.events || []) {
    if (e.type === "phase_changed") year = e.year;
    if (e.type === "dividend_paid") {
      if (!years.includes(year)) years.push(year);
      byFirm[e.firm][years.indexOf(year)] = e.per_share;
    }
  }
  if (!years.length) return h("p", { class: "muted", text: t("r.no_dividends") });
  return lineChart(years.map((y) => t("x.year_short", { year: y })),
    FIRMS.map((f) => ({ name: t("firm.n", { n: f }), color: FIRM_HUES[f], points: years.map((_, i) => byFirm[f][i] ?? 0) })), { label: t("r.dividends"), zero: true });
}

/** A firm's control verdict (games/exchange/control.py) as a sentence: who controls, through
 * which firms, or a tie, or nobody. */
export function controlText(c, n) {
  if (!c) return "—";
  const via = (who) => {
    const firms = (c.through || {})[who] || [];
    return firms.length ? ` ${t(firms.length > 1 ? "r.through_many" : "r.through_one", { firms: firms.join(", ") })}` : "";
  };
  if (c.kind === "majority") return `${n.account(c.controller)}${via(c.controller)}`;
  if (c.kind === "tie") return t("r.control_tie", { names: c.leaders.map((p) => n.account(p)).join(" = ") });
  return c.leaders.length ? t("r.control_none_largest", { name: n.account(c.leaders[0], "gen") }) : t("r.control_none");
}

/** The reveal on the wall: who really controlled each firm at the end. */
function wallReveal(view, reveal) {
  const record = reveal[reveal.length - 1];
  const el = panel(t("r.reveal"), controlTable(record, view.ruleset.shares_per_firm, names(view)));
  el.dataset.panel = "reveal";
  return [el];
}

/** The wall's page of the final ownership network, as large as the screen allows. */
function wallNetwork(view) {
  const record = view.results.reveal[view.results.reveal.length - 1];
  const el = panel(t("r.network"), h("div", { class: "network-box" }, network(record, record.control || {}, names(view))));
  el.dataset.panel = "network";
  return el;
}

/** Who directed each firm in public and who really controlled it, with the votes behind them. */
function controlTable(record, shares, n) {
  const ctl = record.control || {};
  return table([t("x.stock"), t("r.public_director"), t("r.real_control"), t("r.their_votes")], FIRMS.map((f) => {
    const c = ctl[String(f)];
    const director = record.directors[String(f)];
    const hidden = c && c.kind === "majority" && c.controller !== director && c.controller !== "state";
    return [h("span", { class: "x-firm" }, t("firm.n", { n: f })), h("span", { class: "wrap", text: n.player(director) }),
      h("b", { class: ["wrap", hidden ? "error" : ""], dataset: { control: c ? c.kind : "none" }, text: controlText(c, n) }),
      c ? `${c.top_votes}/${shares}` : "—"];
  }));
}

function revealPanel(view, reveal) {
  const n = names(view);
  const slider = h("input", { type: "range", min: "0", max: String(reveal.length - 1), value: String(reveal.length - 1), name: "reveal-year", "aria-label": t("a11y.reveal_slider") });
  const label = h("b");
  const graph = h("div", { class: "network-box" });
  const tableBox = h("div", { class: "scroll-x" });
  const shares = view.ruleset.shares_per_firm;
  const draw = () => {
    const record = reveal[Number(slider.value)];
    label.textContent = record.final ? t("r.final") : record.year ? t("x.year_short", { year: record.year }) : t("r.before_start");
    fill(graph, network(record, record.control || {}, n));
    fill(tableBox, controlTable(record, shares, n));
  };
  slider.addEventListener("input", draw);
  draw();
  const el = panel(t("r.reveal"), h("p", { class: "muted", text: t("r.reveal_help") }), h("div", { class: "row" }, label), slider, graph, tableBox);
  el.dataset.panel = "reveal";
  return el;
}

/** The ownership network: people and the State on the left, the firms on the right, each
 * firm labelled with its director and, when somebody else controls it, who — never cut. */
function network(record, ctl, n) {
  const people = Object.keys(record.holdings).filter((a) => !a.startsWith("firm:") && a !== "state");
  for (const d of Object.values(record.directors)) if (d && !people.includes(d)) people.push(d);
  people.sort();
  const firmText = (f) => {
    const director = record.directors[String(f)];
    const c = ctl[String(f)];
    if (!c || (c.kind === "majority" && c.controller === director)) return n.player(director);
    return `${n.player(director)} ⇐ ${controlText(c, n)}`;
  };
  const charW = 9;
  const boxW = Math.max(150, ...[...people, "state"].map((p) => n.account(p).length * charW + 24));
  const labelW = Math.max(...FIRMS.map((f) => firmText(f).length)) * charW;
  const rowH = 34;
  const height = Math.max(people.length + 1, 8) * rowH + 30;
  const px = 10 + boxW / 2;
  const fx = boxW + 220;
  const width = fx + 30 + labelW;
  const pos = {};
  people.forEach((p, i) => { pos[p] = [px, 30 + i * rowH]; });
  pos.state = [px, 30 + people.length * rowH];
  FIRMS.forEach((f, i) => { pos[`firm:${f}`] = [fx, 30 + i * ((height - 50) / 7)]; });
  const svg = s("svg", { class: "network", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("r.reveal") });
  for (const [holder, held] of Object.entries(record.holdings)) {
    for (const [stock, q] of Object.entries(held)) {
      const a = pos[holder];
      const b = pos[`firm:${stock}`];
      if (!a || !b || !q) continue;
      const firmHolder = holder.startsWith("firm:");
      const x1 = firmHolder ? a[0] - 18 : a[0] + boxW / 2;
      const bend = firmHolder ? `C${x1 - 90},${a[1]} ${b[0] - 90},${b[1]} ${b[0] - 18},${b[1]}` : `C${(x1 + b[0]) / 2},${a[1]} ${(x1 + b[0]) / 2},${b[1]} ${b[0] - 18},${b[1]}`;
      svg.append(s("path", { d: `M${x1},${a[1]} ${bend}`, fill: "none", stroke: holder === "state" ? "#9e9e9e" : FIRM_HUES[stock], "stroke-opacity": 0.55, "stroke-width": 1 + q / 2 },
        s("title", { text: `${n.account(holder)} → ${t("firm.n", { n: stock })}: ${q}` })));
    }
  }
  for (const f of FIRMS) {
    const [x, y] = pos[`firm:${f}`];
    svg.append(s("circle", { cx: x, cy: y, r: 16, fill: f <= 4 ? "#fff" : "#222", stroke: FIRM_HUES[f], "stroke-width": 4 }));
    svg.append(s("text", { x, y: y + 5, "text-anchor": "middle", fill: f <= 4 ? "#111" : "#fff", "font-weight": "700", "font-size": "14", text: String(f) }));
    svg.append(s("text", { x: x + 24, y: y + 5, "font-size": "14", fill: "currentColor", "data-firm-label": String(f), text: firmText(f) }));
  }
  for (const p of [...people, "state"]) {
    const [x, y] = pos[p];
    svg.append(s("rect", { x: x - boxW / 2, y: y - 13, width: boxW, height: 26, rx: 6, fill: p === "state" ? "#eceff1" : "#e3f2fd", stroke: "#90a4ae" }));
    svg.append(s("text", { x, y: y + 5, "text-anchor": "middle", "font-size": "14", fill: "#111", text: n.account(p) }));
  }
  return svg;
}

/** A replay frame on the results page: the board, and the prices under it. */
export const replay = {
  named: false,
  show(board, extra, frame) {
    const v = frame.view;
    const move = frame.event.move || null;
    board.update({ pieces: exchangePieces(v), last: frame.event.type === "moved" ? move : null, interactive: false });
    fill(extra, table(FIRMS.map((f) => t("firm.n", { n: f })), [FIRMS.map((f) => String((v.prices || {})[String(f)] ?? ""))]));
  },
  describe: (event, v) => describe(event, v),
};
