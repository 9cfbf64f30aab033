// Results and the reveal: rankings, charts, the ownership network year by year, PDN and CSV
// downloads — and a replay with a slider through the whole game.
import { h, s, fill, panel, table } from "./dom.js";
import { t, num } from "./i18n.js";
import { call, download, secretFor } from "./api.js";
import { topbar, banner } from "./shell.js";
import { Board, FIRM_HUES, TEAM_HUES } from "./board.js";
import { lineChart, barChart } from "./charts.js";
import { mmss } from "./clock.js";
import * as exchange from "./exchange.js";
import * as quiz from "./quiz.js";

const FIRMS = [1, 2, 3, 4, 5, 6, 7, 8];
const PLAYER_HUES = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457", "#283593", "#9e9d24"];

function fraction(text) {
  const [a, b] = String(text).split("/");
  return b === undefined ? Number(a) : Number(a) / Number(b);
}

async function seatSecret(gameId) {
  const own = secretFor(gameId);
  if (own) return own;
  const key = `br:projector:${gameId}`;
  const kept = localStorage.getItem(key);
  if (kept) return kept;
  const joined = await call("POST", "/api/join", { game_id: gameId, name: t("lobby.projector_seat"), role: "projector" });
  localStorage.setItem(key, joined.secret);
  return joined.secret;
}

export default async function results(root) {
  const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
  const bar = topbar(t("r.title"));
  const main = h("main", { class: "stack" });
  fill(root, bar.el, main);
  let secret;
  let seat;
  try {
    secret = await seatSecret(gameId);
    seat = await call("GET", `/api/games/${encodeURIComponent(gameId)}`, undefined, secret);
  } catch (err) {
    fill(main, banner(err.message, true));
    return;
  }
  const view = seat.view;
  bar.setWho(`${t(`game.${seat.game}`)} · ${seat.code}`);
  const back = h("a", { class: "button", href: `/play/${gameId}`, text: t("r.back") });
  if (view.phase !== "ended") main.append(banner(t("r.not_over")), h("div", { class: "row" }, back));
  else main.append(h("div", { class: "row" }, back));
  if (seat.game === "exchange") exchangeResults(main, view, gameId, secret);
  else quizResults(main, view);
  main.append(await replayPanel(gameId, secret, seat.game));
}

// --- exchange ---------------------------------------------------------------------------------

function exchangeResults(main, view, gameId, secret) {
  const n = exchange.names(view);
  const res = view.results;
  if (res) {
    const board = res.board && res.board.winner ? t("x.board_won", { color: t(`color.${res.board.winner}`) }) : t("r.board_undecided");
    main.append(panel(t("r.rankings"),
      h("p", {}, h("b", { text: board }), " · ", t(`r.reason.${res.reason}`)),
      table([t("r.rank"), t("r.player"), t("r.wealth"), t("r.gain"), t("r.gain_rank")], res.players.map((p) => [
        String(p.rank), h("b", { text: p.name }), num(p.wealth), `${p.gain >= 0 ? "+" : ""}${num(p.gain)}`, String(p.gain_rank),
      ]), "podium"),
      h("h3", { text: t("r.firms") }),
      table([t("r.rank"), t("x.stock"), t("r.value"), t("r.per_share"), t("x.director")], res.firms.map((f) => [
        String(f.rank), h("span", {}, t("firm.n", { n: f.firm })), fraction(f.value).toFixed(2), fraction(f.per_share).toFixed(2), n.player(f.director),
      ])),
      h("p", { class: "muted", text: t("r.state_wealth", { n: num(res.state.wealth) }) })));
    main.append(panel(t("r.charts"),
      h("h3", { text: t("r.wealth_by_player") }),
      barChart(res.players.map((p, i) => ({ name: p.name, value: p.wealth, color: PLAYER_HUES[i % PLAYER_HUES.length] })), { label: t("r.wealth_by_player") }),
      h("h3", { text: t("r.prices_by_year") }), pricesChart(view),
      h("h3", { text: t("r.dividends") }), dividendsChart(view)));
    main.append(revealPanel(view, res.reveal));
  }
  const error = h("div", { class: "error" });
  const dl = (label, path, file, action) => h("button", { type: "button", dataset: { action }, text: label, onclick: async () => {
    error.textContent = "";
    try { await download(path, secret, file); } catch (err) { error.textContent = err.message; }
  } });
  main.append(panel(t("r.downloads"), h("div", { class: "row" },
    dl(t("r.pdn"), `/api/web/games/${gameId}/pdn`, `boardroom-${gameId}.pdn`, "pdn"),
    dl(t("r.trades_csv"), `/api/web/games/${gameId}/trades.csv`, `trades-${gameId}.csv`, "trades"),
    dl(t("r.ledger_csv"), `/api/web/games/${gameId}/ledger.csv`, `ledger-${gameId}.csv`, "ledger")),
  h("small", { class: "muted", text: t("r.downloads_help") }), error));
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

/** Votes each person commands in each firm: own shares plus those of the firms they direct. */
export function control(record, shares) {
  const out = {};
  for (const f of FIRMS) {
    const votes = {};
    for (const [holder, held] of Object.entries(record.holdings || {})) {
      const q = held[String(f)] || 0;
      if (!q) continue;
      let voter = holder;
      if (holder.startsWith("firm:")) voter = record.directors[holder.slice(5)] || "host";
      if (holder === "state") voter = "state";
      votes[voter] = (votes[voter] || 0) + q;
    }
    const people = Object.entries(votes).filter(([v]) => v !== "state" && v !== "host").sort((a, b) => b[1] - a[1]);
    out[f] = { votes, top: people[0] ? people[0][0] : null, topVotes: people[0] ? people[0][1] : 0, majority: people[0] ? people[0][1] * 2 > shares : false };
  }
  return out;
}

function revealPanel(view, reveal) {
  const n = exchange.names(view);
  const slider = h("input", { type: "range", min: "0", max: String(reveal.length - 1), value: String(reveal.length - 1), name: "reveal-year" });
  const label = h("b");
  const graph = h("div");
  const tableBox = h("div", { class: "scroll-x" });
  const shares = view.ruleset.shares_per_firm;
  const draw = () => {
    const record = reveal[Number(slider.value)];
    label.textContent = record.final ? t("r.final") : record.year ? t("x.year_short", { year: record.year }) : t("r.before_start");
    const ctl = control(record, shares);
    fill(graph, network(record, ctl, n));
    fill(tableBox, table([t("x.stock"), t("r.public_director"), t("r.real_control"), t("r.their_votes")], FIRMS.map((f) => {
      const c = ctl[f];
      const director = record.directors[String(f)];
      const hidden = c.top && c.top !== director;
      return [t("firm.n", { n: f }), n.player(director), h("b", { class: hidden ? "error" : "", text: c.top ? n.player(c.top) : "—" }),
        `${c.topVotes}/${shares}${c.majority ? ` (${t("r.majority")})` : ""}`];
    })));
  };
  slider.addEventListener("input", draw);
  draw();
  const el = panel(t("r.reveal"), h("p", { class: "muted", text: t("r.reveal_help") }), h("div", { class: "row" }, label), slider, graph, tableBox);
  el.dataset.panel = "reveal";
  return el;
}

function network(record, ctl, n) {
  const people = Object.keys(record.holdings).filter((a) => !a.startsWith("firm:") && a !== "state");
  for (const d of Object.values(record.directors)) if (d && !people.includes(d)) people.push(d);
  people.sort();
  const width = 640;
  const rowH = 34;
  const height = Math.max(people.length + 1, 8) * rowH + 30;
  const px = 120;
  const fx = 470;
  const pos = {};
  people.forEach((p, i) => { pos[p] = [px, 30 + i * rowH]; });
  pos.state = [px, 30 + people.length * rowH];
  FIRMS.forEach((f, i) => { pos[`firm:${f}`] = [fx, 30 + i * ((height - 50) / 7)]; });
  const svg = s("svg", { class: "network", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "ownership" });
  for (const [holder, held] of Object.entries(record.holdings)) {
    for (const [stock, q] of Object.entries(held)) {
      const a = pos[holder];
      const b = pos[`firm:${stock}`];
      if (!a || !b || !q) continue;
      const firmHolder = holder.startsWith("firm:");
      const x1 = firmHolder ? a[0] - 18 : a[0] + 60;
      const bend = firmHolder ? `C${x1 - 90},${a[1]} ${b[0] - 90},${b[1]} ${b[0] - 18},${b[1]}` : `C${(x1 + b[0]) / 2},${a[1]} ${(x1 + b[0]) / 2},${b[1]} ${b[0] - 18},${b[1]}`;
      svg.append(s("path", { d: `M${x1},${a[1]} ${bend}`, fill: "none", stroke: holder === "state" ? "#9e9e9e" : FIRM_HUES[stock], "stroke-opacity": 0.55, "stroke-width": 1 + q / 2 },
        s("title", { text: `${n.account(holder)} → ${t("firm.n", { n: stock })}: ${q}` })));
    }
  }
  for (const f of FIRMS) {
    const [x, y] = pos[`firm:${f}`];
    const director = record.directors[String(f)];
    const c = ctl[f];
    svg.append(s("circle", { cx: x, cy: y, r: 16, fill: f <= 4 ? "#fff" : "#222", stroke: FIRM_HUES[f], "stroke-width": 4 }));
    svg.append(s("text", { x, y: y + 4, "text-anchor": "middle", fill: f <= 4 ? "#111" : "#fff", "font-weight": "700", text: String(f) }));
    svg.append(s("text", { x: x + 22, y: y + 4, "font-size": "11", fill: "currentColor", text: truncate(`${n.player(director)}${c.top && c.top !== director ? ` ⇐ ${n.player(c.top)}` : ""}`, 22) }));
  }
  for (const p of [...people, "state"]) {
    const [x, y] = pos[p];
    svg.append(s("rect", { x: x - 110, y: y - 12, width: 170, height: 24, rx: 6, fill: p === "state" ? "#eceff1" : "#e3f2fd", stroke: "#90a4ae" }));
    svg.append(s("text", { x: x - 25, y: y + 4, "text-anchor": "middle", "font-size": "12", fill: "#111", text: truncate(n.account(p), 22) }, s("title", { text: n.account(p) })));
  }
  return svg;
}

function truncate(text, k) {
  return text.length > k ? `${text.slice(0, k - 1)}…` : text;
}

// --- quiz -------------------------------------------------------------------------------------

function quizResults(main, view) {
  const winner = view.winner ? t("q.winner", { team: view.teams[view.winner].name }) : t("q.no_winner");
  const ids = Object.keys(view.teams);
  main.append(panel(t("r.rankings"), h("p", {}, h("b", { dataset: { role: "winner" }, text: winner }), view.end_reason ? ` · ${t(`q.reason.${view.end_reason}`)}` : ""),
    table([t("q.team"), t("q.earlier"), t("q.round_points"), t("q.total"), t("q.left_on_board")], ids.map((id) => {
      const team = view.teams[id];
      return [h("b", { text: team.name }), String(team.earlier), String(team.points), String(team.score), String(team.members.filter((m) => m.square).length)];
    })),
    barChart(ids.map((id, i) => ({ name: view.teams[id].name, value: view.teams[id].score, color: TEAM_HUES[i] })), { label: t("q.scores") })));
}

// --- replay -----------------------------------------------------------------------------------

async function replayPanel(gameId, secret, game) {
  const data = await call("GET", `/api/web/games/${gameId}/replay`, undefined, secret);
  const frames = data.frames;
  const board = new Board({ named: game === "quiz" });
  const slider = h("input", { type: "range", min: "0", max: String(Math.max(0, frames.length - 1)), value: String(Math.max(0, frames.length - 1)), name: "replay" });
  const caption = h("div", { dataset: { role: "replay-caption" } });
  const extra = h("div", { class: "scroll-x" });
  const play = h("button", { type: "button", class: "small", text: "▶" });
  let timer = null;
  const show = () => {
    const frame = frames[Number(slider.value)];
    if (!frame) return;
    const v = frame.view;
    const move = frame.event.move || null;
    if (game === "exchange") {
      board.update({ pieces: exchange.exchangePieces(v), last: frame.event.type === "moved" ? move : null, interactive: false });
      fill(extra, table(FIRMS.map((f) => t("firm.n", { n: f })), [FIRMS.map((f) => String((v.prices || {})[String(f)] ?? ""))]));
    } else {
      board.update({ pieces: quiz.quizPieces(v), last: frame.event.type === "move_ended" ? move : null, marks: quiz.duelMarks(v), interactive: false });
      fill(extra, h("div", { class: "row" }, Object.values(v.teams || {}).map((team) => h("span", { class: "pill", text: `${team.name}: ${team.score}` }))));
    }
    const what = frame.event.type === "setup" ? t("r.setup") : game === "exchange" ? exchange.describe(frame.event, v) : quiz.describe(frame.event, { ...v, teams: v.teams || {} });
    fill(caption, h("b", { text: `${Number(slider.value) + 1}/${frames.length}` }), ` · ${mmss(frame.at)} · `, what);
  };
  slider.addEventListener("input", show);
  play.addEventListener("click", () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "▶"; return; }
    if (Number(slider.value) >= frames.length - 1) slider.value = "0";
    play.textContent = "⏸";
    timer = setInterval(() => {
      if (Number(slider.value) >= frames.length - 1) { clearInterval(timer); timer = null; play.textContent = "▶"; return; }
      slider.value = String(Number(slider.value) + 1);
      show();
    }, 700);
  });
  const step = (d) => h("button", { type: "button", class: "small", text: d < 0 ? "◀" : "▶▶", onclick: () => {
    slider.value = String(Math.min(frames.length - 1, Math.max(0, Number(slider.value) + d)));
    show();
  } });
  show();
  const el = panel(t("r.replay"), h("div", { class: "cols" }, board.el, h("div", { class: "stack" },
    h("div", { class: "replay-controls" }, step(-1), play, step(1)), slider, caption, extra)));
  el.dataset.panel = "replay";
  return el;
}
