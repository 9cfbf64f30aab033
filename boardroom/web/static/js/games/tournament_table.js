// @ts-check
// The class tournament's shared pieces: points as the class writes them, the standings table.
import { cardTable } from "../dom.js";
import { t } from "../i18n.js";

/** Points as every page, CSV and xlsx of Russian draughts writes them: the Russian draughts
 * scale, 2 a win, 1 a draw, 0 a loss — whole numbers (Buchholz and Sonneborn–Berger too). */
export function points(n) {
  return String(n);
}

/** A board's result as the class reads it, white's points first: «2 : 0», «1 : 1», «0 : 2». */
export function resultText(result) {
  return result === 2 ? "2 : 0" : result === 1 ? "1 : 1" : result === 0 ? "0 : 2" : "";
}

/** A name on a board: the pupil's, or the robot's or (a simul, `id` "teacher") the teacher's in
 * the reader's language. */
export function who(name, id) {
  if (name !== null && name !== undefined) return name;
  return id === "teacher" ? t("tn.teacher") : t("tn.robot");
}

/** «Тур 2 из 5», or a simul's name (it has one round). */
export function roundText(/** @type {any} */ v) {
  return v.format === "simul" ? t("sm.title") : t("tn.round_of", { n: v.current, of: v.planned_rounds });
}

/** The standings as a table (place, name, points, Buchholz, SB, playing now). */
export function standingsTable(view, opts = {}) {
  // compact (two columns on the wall): no column for the games in play, a dot after the name
  const now = opts.playing && !opts.compact;
  // a simul: everyone played the teacher, so no tie-break says anything (they are all 0)
  const breaks = view.format !== "simul";
  const rows = (view.standings || []).map((/** @type {any} */ s) => [
    String(s.place), opts.compact && opts.playing && s.in_progress ? `${s.name}\u00a0•` : s.name,
    points(s.points), ...(breaks ? [points(s.buchholz), points(s.sb)] : []),
    ...(now ? [s.in_progress ? t("tn.playing") : ""] : []),
  ]);
  const heads = [opts.short ? "№" : t("tn.place"), t("tn.name"), t("tn.points"), ...(breaks ? [t("tn.buchholz"), t("tn.sb")] : []), ...(now ? [t("tn.now")] : [])];
  const el = cardTable(heads, rows, breaks ? "tn-standings" : "tn-standings simul");
  el.dataset.role = "standings";
  (view.standings || []).forEach((/** @type {any} */ s, /** @type {number} */ i) => {
    const row = el.querySelectorAll("tbody tr")[i];
    if (row instanceof HTMLElement) { row.dataset.pupil = s.id; if (s.id === view.you) row.classList.add("me"); }
  });
  return el;
}
