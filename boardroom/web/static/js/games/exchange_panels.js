// @ts-check
// Exchange Draughts: the panels every screen shares (phone, console, wall) — the board with the
// firm on call, the accounts, the market and the tape — and the phase line, from the seat's view.
import { countdownVoice } from "../announce.js";
import { Board, FIRM_HUES, flipButton } from "../board.js";
import { lineChart } from "../charts.js";
import { everyTick, left, mmss } from "../clock.js";
import { field, fill, h, options, panel, table } from "../dom.js";
import { num, t } from "../i18n.js";
import { errorLine } from "../shell.js";
import { accountCards } from "./exchange_money.js";
import { FIRMS, firmLabel, hiddenNote, holdingsText, keyed, names, rank, secret, swatch, worth } from "./exchange_words.js";
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

export function boardPanel(ctx, big) {
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

export function accountsPanel(ctx) {
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

export function marketPanel(ctx, big) {
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

// --- the tape ---------------------------------------------------------------------------------

export function tapePanel(ctx, big) {
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
