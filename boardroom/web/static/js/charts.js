// @ts-check
// Small inline-SVG charts (no library): lines over labelled steps, and bars.
import { h, s } from "./dom.js";
import { num } from "./i18n.js";

/**
 * series: [{name, color, points: [number|null, …]}] over labels (x steps).
 * Returns an element holding the SVG and a legend.
 */
export function lineChart(labels, series, opts = {}) {
  const width = opts.width || 560;
  const height = opts.height || 220;
  // opts.font: the labels' size in the drawing's units (a wall's charts are read from afar);
  // the margins and how many step labels fit follow it
  const font = opts.font || 0;
  const pad = font ? { l: 10, r: font * 0.8, t: font * 0.9, b: font + 8 } : { l: 40, r: 12, t: 10, b: 24 };
  const values = series.flatMap((x) => x.points).filter((v) => v !== null && v !== undefined && Number.isFinite(v));
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 1;
  if (opts.zero) lo = Math.min(0, lo);
  if (hi === lo) { hi += 1; lo = Math.max(0, lo - 1); }
  // Gridlines on round values (steps of 1, 2 or 5 × 10^k), each labelled with its own value.
  const ticks = niceTicks(lo, hi);
  lo = ticks[0];
  hi = ticks[ticks.length - 1];
  const chars = (/** @type {string} */ text) => String(text).length * 0.62 * font;
  if (font) pad.l = Math.max(...ticks.map((v) => chars(num(v)))) + 10;
  const n = Math.max(labels.length, 1);
  const x = (i) => pad.l + (n === 1 ? (width - pad.l - pad.r) / 2 : (i * (width - pad.l - pad.r)) / (n - 1));
  const y = (v) => pad.t + (1 - (v - lo) / (hi - lo)) * (height - pad.t - pad.b);
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": opts.label || "", "font-size": font || null });
  for (const v of ticks) {
    svg.append(s("line", { x1: pad.l, x2: width - pad.r, y1: y(v), y2: y(v), stroke: "#8884", "stroke-width": 1 }));
    svg.append(s("text", { x: pad.l - 4, y: y(v) + (font ? font * 0.35 : 4), "text-anchor": "end", "data-tick": String(v), text: num(v) }));
  }
  const widest = font ? Math.max(...labels.map(chars)) + font : 0;
  const every = Math.max(1, Math.ceil(labels.length / 10), Math.ceil((labels.length * widest) / (width - pad.l - pad.r)));
  labels.forEach((label, i) => {
    const last = i === labels.length - 1;
    // the last label always; the one before it only when they do not touch
    if ((i % every === 0 && (last || labels.length - 1 - i >= every)) || last)
      svg.append(s("text", { x: x(i), y: height - 6, "text-anchor": last && font ? "end" : i === 0 && font ? "start" : "middle", text: label }));
  });
  for (const line of series) {
    let d = "";
    line.points.forEach((v, i) => {
      if (v === null || v === undefined || !Number.isFinite(v)) return;
      d += `${d ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    });
    if (d) svg.append(s("path", { d, fill: "none", stroke: line.color, "stroke-width": opts.thick ? 3.5 : 2.2, "stroke-linejoin": "round" }));
    line.points.forEach((v, i) => {
      if (v === null || v === undefined || !Number.isFinite(v)) return;
      svg.append(s("circle", { cx: x(i), cy: y(v), r: 2.8, fill: line.color }, s("title", { text: `${line.name}: ${v}` })));
    });
  }
  return h("figure", { class: "chart-wrap", style: { margin: "0" } }, svg, legend(series));
}

/** bars: [{name, value, color}] — horizontal bars with their values. */
export function barChart(bars, opts = {}) {
  const width = opts.width || 560;
  const row = 26;
  const height = bars.length * row + 8;
  const labelW = opts.labelWidth || 150;
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": opts.label || "" });
  bars.forEach((bar, i) => {
    const w = (Math.abs(bar.value) / max) * (width - labelW - 70);
    const top = 4 + i * row;
    svg.append(s("text", { x: labelW - 6, y: top + 16, "text-anchor": "end", text: truncate(bar.name, 22) }, s("title", { text: bar.name })));
    svg.append(s("rect", { x: labelW, y: top + 3, width: Math.max(1, w), height: row - 8, rx: 3, fill: bar.color || "#1565c0" }));
    svg.append(s("text", { x: labelW + w + 6, y: top + 16, text: opts.format ? opts.format(bar.value) : String(bar.value) }));
  });
  return svg;
}

export function legend(series) {
  return h("div", { class: "legend" }, series.map((x) => h("span", {},
    h("span", { class: "swatch", style: { background: x.color, borderColor: x.color } }), x.name)));
}

/** Round gridline values covering [lo, hi]: 3 to 6 of them, a step of 1, 2 or 5 × 10^k.
 * niceTicks(9.2, 10.1) → [9, 9.5, 10, 10.5]; niceTicks(0, 43) → [0, 10, 20, 30, 40, 50]. */
export function niceTicks(lo, hi) {
  const raw = (hi - lo) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((x) => x >= raw) || 10 * power;
  const first = Math.floor(lo / step + 1e-9) * step;
  const out = [];
  for (let v = first; v < hi + step - 1e-9; v += step) out.push(Number(v.toFixed(10)));
  if (out.length < 2) out.push(Number((first + step).toFixed(10)));
  return out;
}

function truncate(text, n) {
  const str = String(text);
  return str.length > n ? `${str.slice(0, n - 1)}…` : str;
}
