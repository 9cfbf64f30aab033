// @ts-check
// The debrief («Разбор игры») of an exchange game, from the view's `debrief` (games/exchange/
// debrief.py): three moments in a sentence each, each firm's price over the years with its
// dividends, takeovers and meetings marked, wealth by player, directors over time — charts drawn
// here (charts.js), the same figures as CSV files.
import { h, s, panel, table } from "../dom.js";
import { t, num, currentLang } from "../i18n.js";
import { fileName } from "../api.js";
import { lineChart } from "../charts.js";
import { FIRM_HUES } from "../board.js";

const FIRMS = [1, 2, 3, 4, 5, 6, 7, 8];
const HUES = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457", "#283593", "#9e9d24"];
/** The marks on a firm's price line, one glyph per kind (explained under the charts). */
const GLYPH = { dividend: "●", takeover: "★", meeting: "◆" };

function who(view, pid) {
  if (!pid) return t("x.nobody");
  if (pid === "state") return t("acc.state");
  return (view.players || {})[pid] || pid;
}

/** When something happened, as a sentence says it: years count from 1, the opening has no year. */
function inYear(year) {
  return year ? t("d.in_year", { year }) : t("d.in_opening");
}

function pointLabel(label) {
  if (label.start) return t("x.start");
  if (label.final) return t("r.final");
  return label.year ? t("x.year_short", { year: label.year }) : t("x.opening_short");
}

/** The three moments as sentences: [kind, text]. */
export function momentTexts(view, d) {
  return d.moments.map((m) => {
    if (m.kind === "price_move") {
      if (!m.firm) return [m.kind, t("d.no_price_move")];
      const why = (m.why || []).map((x) => t(`d.why_${x.kind}`, { when: inYear(x.year), name: who(view, x.director) })).join(", ");
      const when = m.year ? t("d.when_year", { year: m.year }) : t("d.when_opening");
      return [m.kind, t(m.to > m.from ? "d.price_rose" : "d.price_fell", { firm: m.firm, from: num(m.from), to: num(m.to), when })
        + (why ? ` ${t("d.around_then", { list: why })}` : "")];
    }
    if (m.kind === "takeovers") {
      if (!m.count) return [m.kind, t("d.no_takeovers")];
      const list = m.list.map((x) => t("d.takeover_of", { firm: x.firm, when: inYear(x.year), name: who(view, x.director), was: who(view, x.previous) })).join("; ");
      return [m.kind, `${t("d.takeovers", { n: m.count })} ${list}.`];
    }
    if (!m.trade) return [m.kind, t("d.richest_no_trade", { name: who(view, m.player) })];
    const x = m.trade;
    return [m.kind, t(x.side === "buy" ? "d.richest_bought" : "d.richest_sold", { name: who(view, m.player), qty: x.qty, firm: x.stock, price: num(x.price), when: inYear(x.year) })];
  });
}

/** One firm's price line with its marks. */
function firmChart(d, f, font = 0) {
  const labels = d.prices.labels.map(pointLabel);
  const points = d.prices.firms[String(f)];
  const chart = lineChart(labels, [{ name: t("firm.n", { n: f }), color: FIRM_HUES[f], points }], { label: t("d.price_of", { firm: f }), width: 320, height: font ? 200 : 150, thick: true, font });
  const svg = chart.querySelector("svg");
  const marks = d.markers.filter((m) => m.firm === f);
  // A mark sits on the close after the year-end or meeting it follows (its year's session).
  for (const m of marks) {
    const i = d.prices.labels.findIndex((l) => !l.start && l.year === m.year);
    const dot = svg && i >= 0 ? [...svg.querySelectorAll("circle")][i] : null;
    if (!dot || !svg) continue;
    const same = marks.filter((o) => o.year === m.year);
    const stack = same.indexOf(m);
    const size = font || 15; // the marks side by side, never one over another
    svg.append(s("text", { x: Number(dot.getAttribute("cx")) - 1.1 * size * stack, y: Number(dot.getAttribute("cy")) - 8, "text-anchor": "middle", class: `mark mark-${m.kind}`, "font-size": String(size), fill: m.kind === "takeover" ? "#f9a825" : m.kind === "meeting" ? "#4fc3f7" : "#66bb6a", "data-mark": m.kind, text: GLYPH[m.kind] },
      s("title", { text: t(`d.mark_${m.kind}`) })));
  }
  return h("div", { class: "debrief-firm", dataset: { firm: String(f) } }, chart);
}

function wealthChart(view, d, font = 0) {
  const labels = d.wealth.labels.map(pointLabel);
  const series = Object.entries(d.wealth.players).map(([pid, points], i) => ({ name: who(view, pid), color: HUES[i % HUES.length], points }));
  return lineChart(labels, series, { label: t("d.wealth"), width: 560, height: 220, thick: true, font });
}

function directorsTable(view, d) {
  const records = d.directors;
  return table([t("x.stock"), ...records.map((r) => (r.final ? t("r.final") : r.year ? t("x.year_short", { year: r.year }) : t("x.start")))],
    FIRMS.map((f) => [t("firm.n", { n: f }), ...records.map((r, i) => {
      const name = who(view, r.directors[String(f)]);
      const changed = i > 0 && records[i - 1].directors[String(f)] !== r.directors[String(f)];
      return h(changed ? "b" : "span", { class: "wrap", text: name });
    })]), "directors");
}

/** One CSV line the way the reader's Excel opens it (as the server's CSVs, web/sheets.py): in
 * Russian `;` between cells and a decimal comma, in English `,` and a point; text that a
 * spreadsheet would run as a formula starts with `'`. */
export function csvLine(cells, lang = currentLang()) {
  const ru = lang === "ru";
  return cells.map((c) => {
    let text = typeof c === "number" ? (ru ? String(c).replace(".", ",") : String(c)) : String(c ?? "");
    if (typeof c !== "number" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }).join(ru ? ";" : ",");
}

/** The figures as CSV text: prices, wealth, directors, marks — one file each. */
export function debriefCsv(view, d) {
  const line = (cells) => csvLine(cells);
  const labels = d.prices.labels.map(pointLabel);
  return {
    prices: [line([t("x.stock"), ...labels]), ...FIRMS.map((f) => line([t("firm.n", { n: f }), ...d.prices.firms[String(f)]]))].join("\n"),
    wealth: [line([t("r.player"), ...d.wealth.labels.map(pointLabel)]), ...Object.entries(d.wealth.players).map(([pid, w]) => line([who(view, pid), ...w]))].join("\n"),
    directors: [line([t("x.stock"), ...d.directors.map((r) => (r.final ? t("r.final") : String(r.year)))]),
      ...FIRMS.map((f) => line([t("firm.n", { n: f }), ...d.directors.map((r) => who(view, r.directors[String(f)]))]))].join("\n"),
    marks: [line([t("d.csv_year"), t("x.stock"), t("d.csv_kind"), t("d.csv_detail")]),
      ...d.markers.map((m) => line([m.year, m.firm, t(`d.mark_${m.kind}`), m.kind === "dividend" ? m.per_share : m.kind === "takeover" ? `${who(view, m.previous)} → ${who(view, m.director)}` : ""]))].join("\n"),
  };
}

function downloads(view, d) {
  const files = debriefCsv(view, d);
  return h("p", { class: "row", dataset: { role: "debrief-csv" } }, Object.entries(files).map(([name, text]) => h("a", {
    class: "button", download: fileName(`debrief-${name}`, "csv"), href: URL.createObjectURL(new Blob(["\ufeff", text], { type: "text/csv;charset=utf-8" })),
    text: t(`d.csv_${name}`),
  })));
}

/** The debrief panels: {moments, prices, wealth, directors, files} (the wall lays them out its
 * way; opts.wall: its charts labelled for the wall). */
export function debriefParts(view, opts = {}) {
  const d = view.debrief;
  // the wall's charts: labels of 20 units, about the wall's least size where they are drawn
  const font = opts.wall ? 20 : 0;
  if (!d) return null;
  const moments = panel(t("d.moments"), h("ol", { class: "debrief-moments" }, momentTexts(view, d).map(([kind, text]) => h("li", { dataset: { moment: kind }, text }))));
  moments.dataset.panel = "debrief-moments";
  const prices = panel(t("d.prices"), h("div", { class: "debrief-firms" }, FIRMS.map((f) => firmChart(d, f, font))),
    h("p", { class: "muted debrief-key", text: t("d.marks_key") }));
  prices.dataset.panel = "debrief-prices";
  const wealth = panel(t("d.wealth"), wealthChart(view, d, font));
  wealth.dataset.panel = "debrief-wealth";
  const directors = panel(t("d.directors"), directorsTable(view, d));
  directors.dataset.panel = "debrief-directors";
  return { moments, prices, wealth, directors, files: () => downloads(view, d) };
}
