// @ts-check
// Exchange Draughts: the results page — rankings, charts, who really controlled each firm and
// the ownership network (the wall shows the last two too), and the replay's frame.
import { FIRM_HUES } from "../board.js";
import { barChart, lineChart } from "../charts.js";
import { cardTable, fill, h, panel, s, table } from "../dom.js";
import { money, num, t } from "../i18n.js";
import { debriefParts } from "./exchange_debrief.js";
import { describe } from "./exchange_log.js";
import { exchangePieces } from "./exchange_panels.js";
import { FIRMS, names } from "./exchange_words.js";
const PLAYER_HUES = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457", "#283593", "#9e9d24"];

function fraction(text) {
  const [a, b] = String(text).split("/");
  return b === undefined ? Number(a) : Number(a) / Number(b);
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
export function wallNetwork(view) {
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
