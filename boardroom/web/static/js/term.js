// @ts-check
// The class page (/class/{id}): one row a pupil across the lessons, sortable; a pupil's own
// page (/class/{id}/pupil/{pupil}) with their games; the term as xlsx; two spellings merged.
// Read with this browser's host key (the start page's). And `progressCard`: a pupil's own
// line on their phone after a lesson (docs/term.md).
import { h, fill, panel, options, field } from "./dom.js";
import { t, num } from "./i18n.js";
import { call, download } from "./api.js";
import { topbar, banner, errorLine } from "./shell.js";
import { hostKey } from "./classes.js";

/** @typedef {{pupil: string, name: string, lessons: number, games: Record<string, {game_id: string, place: number, of: number}[]>, event_points: number, rating: {rating: number, rd: number, games: number}, mistakes: {game_id: string, at: number, mistakes: number}[], puzzles_solved: number}} Row */

/** @type {[string, (r: Row) => string | number][]} */
const COLUMNS = [
  ["name", (/** @type {Row} */ r) => r.name],
  ["lessons", (/** @type {Row} */ r) => r.lessons],
  ["games", (/** @type {Row} */ r) => Object.values(r.games).reduce((n, g) => n + g.length, 0)],
  ["event_points", (/** @type {Row} */ r) => r.event_points],
  ["rating", (/** @type {Row} */ r) => r.rating.rating],
  ["mistakes", (/** @type {Row} */ r) => (r.mistakes.length ? mistakesPerGame(r) : -1)],
  ["puzzles", (/** @type {Row} */ r) => r.puzzles_solved],
];

export default async function classPage(root) {
  const parts = location.pathname.split("/").map(decodeURIComponent);
  const listId = parts[2] || "";
  const pupilId = parts[3] === "pupil" ? parts[4] || "" : "";
  const bar = topbar(t("term.title"));
  const main = h("main", { class: "stack term" });
  fill(root, bar.el, main);
  let key;
  try {
    key = await hostKey();
    const path = `/api/web/classes/${encodeURIComponent(listId)}`;
    if (pupilId) await pupilPage(main, bar, path, pupilId, key);
    else await classTable(main, bar, path, key);
  } catch (err) {
    fill(main, banner(err.message, true));
  }
}

async function classTable(main, bar, path, key) {
  const term = await call("GET", `${path}/term`, undefined, key);
  bar.setWho(`· ${term.class.name}`);
  /** @type {Row[]} */
  const rows = term.rows;
  let sortBy = "name";
  let down = false;
  const body = h("tbody");
  const heads = COLUMNS.map(([name]) => {
    const button = h("button", { type: "button", class: "sort", dataset: { sort: name }, text: t(`term.col.${name}`),
      onclick: () => { down = sortBy === name ? !down : name !== "name"; sortBy = name; draw(); } });
    return h("th", { scope: "col", class: name === "name" ? null : "num" }, button);
  });
  const draw = () => {
    const value = COLUMNS.find(([name]) => name === sortBy)[1];
    const sorted = [...rows].sort((a, b) => {
      const x = value(a), y = value(b);
      const cmp = typeof x === "string" ? x.localeCompare(String(y)) : Number(x) - Number(y);
      return (down ? -cmp : cmp) || a.name.localeCompare(b.name);
    });
    for (const th of heads) {
      const name = th.querySelector("button").dataset.sort;
      th.setAttribute("aria-sort", name === sortBy ? (down ? "descending" : "ascending") : "none");
    }
    fill(body, ...sorted.map((row) => h("tr", { dataset: { pupil: row.pupil } },
      h("th", { scope: "row" }, h("a", { href: `${location.pathname.replace(/\/$/, "")}/pupil/${encodeURIComponent(row.pupil)}`, text: row.name })),
      h("td", { class: "num", text: String(row.lessons) }),
      h("td", {}, gamesText(row)),
      h("td", { class: "num", text: String(row.event_points) }),
      h("td", { class: "num", title: `± ${Math.round(row.rating.rd)}`, text: row.rating.games ? String(Math.round(row.rating.rating)) : "—" }),
      h("td", { class: "num" }, mistakesLine(row)),
      h("td", { class: "num", text: row.puzzles_solved ? String(row.puzzles_solved) : "—" }))));
  };
  draw();
  const xlsx = h("button", { type: "button", dataset: { action: "xlsx" }, text: t("term.xlsx"),
    onclick: () => download(`${path}/term.xlsx`, key, `${term.class.name}.xlsx`).catch((err) => main.prepend(banner(err.message, true))) });
  main.append(
    panel(t("term.heading", { name: term.class.name, n: term.lessons }),
      h("table", { class: "grid term-table" }, h("thead", {}, h("tr", {}, heads)), body),
      h("small", { class: "help", text: t("term.help") }),
      h("div", { class: "row" }, xlsx)),
    mergePanel(path, key, term.pupils));
}

function gamesText(/** @type {Row} */ row) {
  const kinds = Object.entries(row.games);
  if (!kinds.length) return "—";
  return kinds.map(([kind, games]) => `${t(`game.${kind}`)}: ${games.map((g) => `${g.place}/${g.of}`).join(", ")}`).join("; ");
}

function mistakesPerGame(/** @type {Row} */ row) {
  return row.mistakes.reduce((n, m) => n + m.mistakes, 0) / row.mistakes.length;
}

/** The coach's mistakes game by game, oldest first ("3 → 1 → 0"), and their mean. */
function mistakesLine(/** @type {Row} */ row) {
  if (!row.mistakes.length) return "—";
  return h("span", { title: t("term.mistakes_help") },
    h("span", { class: "trend", text: row.mistakes.map((m) => m.mistakes).join(" → ") }),
    ` (${num(Math.round(mistakesPerGame(row) * 10) / 10)})`);
}

function mergePanel(path, key, pupils) {
  const from = h("select", { name: "merge-from" });
  const into = h("select", { name: "merge-into" });
  const pairs = pupils.map((p) => [p.id, p.spellings.length ? `${p.name} (${p.spellings.join(", ")})` : p.name]);
  options(from, pairs);
  options(into, pairs);
  if (pairs.length > 1) from.value = pairs[pairs.length - 1][0]; // a typed spelling comes last
  const status = errorLine();
  const go = h("button", { type: "button", dataset: { action: "merge" }, text: t("term.merge"), onclick: async () => {
    status.clear();
    try {
      await call("POST", `${path}/merge`, { from: from.value, into: into.value }, key);
      location.reload();
    } catch (err) { status.show(err); }
  } });
  const el = panel(t("term.merge_title"), h("small", { class: "help", text: t("term.merge_help") }),
    h("div", { class: "row" }, field(t("term.merge_from"), from), field(t("term.merge_into"), into), go), status.el);
  el.dataset.panel = "merge";
  return el;
}

async function pupilPage(main, bar, path, pupilId, key) {
  const got = await call("GET", `${path}/pupils/${encodeURIComponent(pupilId)}`, undefined, key);
  bar.setWho(`· ${got.class.name}`);
  const back = h("a", { class: "button", href: `/class/${encodeURIComponent(got.class.id)}`, text: t("term.back") });
  const rows = got.games.map((g) => h("tr", {},
    h("td", { text: new Date(g.at * 1000).toLocaleDateString() }),
    h("td", { text: t(`game.${g.kind}`) }),
    h("td", { class: "num", text: g.place ? `${g.place}/${g.of}` : g.score !== undefined ? t(`term.score.${g.score}`) : "—" }),
    h("td", {}, h("a", { href: g.replay, text: t("term.replay") }), g.review ? " · " : null,
      g.review ? h("a", { href: g.review, text: t("term.review") }) : null)));
  main.append(progressCard(got.row, t("term.theirs", { name: got.row.name })), panel(t("term.games"),
    h("table", { class: "grid" }, h("thead", {}, h("tr", {},
      ["term.day", "term.kind", "term.result", "term.links"].map((k) => h("th", { scope: "col", text: t(k) })))),
    h("tbody", {}, rows))), back);
}

/** A pupil's own line of the class page, as a card (their phone, their own page). */
export function progressCard(/** @type {Row} */ row, title = t("term.mine", { name: row.name })) {
  const line = (label, value) => h("div", { class: "progress-line" }, h("span", { text: label }), h("strong", {}, value));
  const el = panel(title,
    line(t("term.col.lessons"), String(row.lessons)),
    line(t("term.col.games"), gamesText(row)),
    line(t("term.col.event_points"), String(row.event_points)),
    line(t("term.col.rating"), row.rating.games ? `${Math.round(row.rating.rating)} ± ${Math.round(row.rating.rd)}` : "—"),
    line(t("term.col.mistakes"), mistakesLine(row)),
    line(t("term.col.puzzles"), row.puzzles_solved ? String(row.puzzles_solved) : "—"));
  el.dataset.panel = "progress";
  return el;
}

/** On a pupil's results page: their own line, when the game was a lesson of a class. */
export async function progressPanel(gameId, secret) {
  const got = await call("GET", `/api/web/games/${encodeURIComponent(gameId)}/progress`, undefined, secret);
  return got.row ? progressCard(got.row) : null;
}
