// @ts-check
// Quiz Draughts on the wall before the start: one card per team, in the team's colour, with the
// team's own code and its QR — scanning it asks only for the pupil's name. The teams' codes are
// the host's: the wall reads them with the host's secret kept in this browser (the wall opened
// from the host's console); a wall without it says where the codes are.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { call } from "../api.js";
import { roomQr, roomText } from "../room.js";
import { TEAM_HUES } from "../board.js";
import { moreSign } from "../fit.js";

/** @param {any} ctx */
export function wallTeams(ctx) {
  const el = h("div", { class: "wall-teams", dataset: { role: "wall-teams" } });
  /** @type {Record<string, string> | null} */
  let codes = null;
  let asked = false;
  let shownKey = "";
  /** @type {any} */
  let view = null;

  async function ask() {
    asked = true;
    const host = localStorage.getItem(`br:secret:${ctx.gameId}`);
    try {
      if (host) codes = (await call("GET", `/api/games/${encodeURIComponent(ctx.gameId)}/lobby`, undefined, host)).team_codes || null;
    } catch {
      codes = null; // not the host's secret (a team's phone): the codes stay on the console
    }
    render();
  }

  function render() {
    const v = view;
    if (!v || !v.teams) return;
    const ids = Object.keys(v.teams);
    const key = JSON.stringify([codes, ids.map((id) => v.teams[id].name)]);
    if (key === shownKey) return;
    shownKey = key;
    if (!codes || !ids.every((id) => codes && codes[id])) {
      fill(el, h("p", { class: "wall-how", dataset: { role: "wall-codes-elsewhere" }, text: t("q.wall_codes_elsewhere") }));
      return;
    }
    const own = codes;
    fill(el, h("p", { class: "wall-how", text: t("q.wall_join_how") }),
      h("div", { class: "wall-team-cards" }, ids.map((id, i) => teamCard(v.teams[id].name, own[id], TEAM_HUES[i] || "#555", id))));
  }

  return {
    el,
    /** @param {any} v */
    update(v) {
      view = v;
      if (v.phase !== "setup") return;
      if (!asked) ask();
      render();
    },
  };
}

/**
 * @param {string} name @param {string} code @param {string} hue @param {string} id
 */
function teamCard(name, code, hue, id) {
  const path = `/join/${code}`;
  const card = h("div", { class: "wall-team", dataset: { team: id } },
    h("div", { class: "wall-team-name", text: name }),
    roomQr(path, { class: "wall-team-qr", alt: t("q.wall_team_qr", { team: name }) }),
    h("div", { class: "wall-team-code", dataset: { role: `wall-team-code-${id}` }, text: code }),
    roomText(path, { class: "wall-url" }));
  card.style.setProperty("--team", hue);
  return card;
}

/** How long the verdict holds the wall (a new question or the round's end ends it sooner). */
export const VERDICT_S = 5;

/**
 * The verdict over the whole wall: right or wrong in large type, the right answer, the points
 * each team won by it; held VERDICT_S seconds, ended sooner by the next question.
 * @param {(events: any[]) => any[]} fresh the events new since the wall opened (wall.js newEvents)
 */
export function verdictScreen(fresh) {
  const title = h("div", { class: "wall-verdict-title", dataset: { role: "verdict-title" } });
  const answer = h("div", { class: "wall-verdict-answer", dataset: { role: "verdict-answer" } });
  const question = h("div", { class: "wall-verdict-question" });
  const points = h("div", { class: "wall-verdict-points", dataset: { role: "verdict-points" } });
  const hold = h("div", { class: "wall-verdict-hold" });
  hold.style.animationDuration = `${VERDICT_S}s`;
  const el = h("section", { class: "wall-verdict hidden", role: "status", dataset: { role: "verdict-screen" } }, title, answer, question, points, hold);
  let timer = /** @type {number | null} */ (null);
  const hide = () => {
    el.classList.add("hidden");
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
  };
  return {
    el,
    /** @param {any} v */
    update(v) {
      const events = fresh(v.events || []);
      if ((v.duel && v.duel.question) || v.phase === "ended") hide();
      const at = events.map((e) => e.type).lastIndexOf("judged");
      const last = v.last_judgement;
      if (at < 0 || !last || !last.question) return;
      const judged = events[at];
      const won = events.slice(at + 1).filter((e) => e.type === "points_awarded");
      const verdict = judged.by === "clock" ? t("q.timed_out") : judged.correct ? t("q.was_right") : t("q.was_wrong");
      el.dataset.verdict = judged.correct ? "right" : "wrong";
      title.textContent = verdict;
      answer.textContent = t("q.answer_is", { answer: last.question.answer });
      question.textContent = last.question.text;
      fill(points, won.map((e) => h("span", { class: "pill", text: `${(v.teams[e.team] || {}).name || e.team}: +${t("q.points_n", { n: e.points })}` })));
      // the animation starts again for each verdict
      hold.classList.remove("run");
      void hold.offsetWidth;
      hold.classList.add("run");
      el.classList.remove("hidden");
      if (timer !== null) window.clearTimeout(timer);
      timer = window.setTimeout(hide, VERDICT_S * 1000);
    },
  };
}

/** How long the wall shows the host's pick lit on the board before the question fills it. */
export const PICK_MS = 1500;
/**
 * SIGame's board on the wall: a row per theme, a cell per question (its price), the asked
 * ones dimmed; when the host asks one, its cell is lit for a moment before the question.
 */
export function boardOfThemes() {
  // as many themes as the panel holds, whole (fit.js), and how many more there are
  const grid = h("div", { class: "theme-grid", dataset: { role: "theme-grid", fit: "" } });
  const more = moreSign((n) => t("q.themes_more", { n }));
  more.dataset.role = "themes-more";
  const el = h("section", { class: "panel theme-board hidden", dataset: { panel: "theme-board" } }, h("h2", { text: t("q.theme_board") }), grid, more);
  let shownKey = "";
  let lit = "";
  let litUntil = 0;
  return {
    el,
    /** @param {any} v */
    update(v) {
      const cells = (v.bank && v.bank.grid) || [];
      el.classList.toggle("hidden", !cells.length || v.phase === "setup");
      const asked = v.duel && v.duel.question ? v.duel.question.id : "";
      if (asked && asked !== lit) {
        lit = asked;
        litUntil = Date.now() + PICK_MS;
      }
      const key = JSON.stringify([cells, asked]);
      if (key === shownKey) return;
      shownKey = key;
      /** @type {Map<string, any[]>} */
      const rows = new Map();
      for (const cell of cells) rows.set(cell.category, [...(rows.get(cell.category) || []), cell]);
      // the themes with questions left first; fit.js keeps as many as the panel holds
      const themes = [...rows.entries()].sort(([, a], [, b]) => Number(a.every((c) => c.used)) - Number(b.every((c) => c.used)));
      // a question without its own price is worth the round's points for a capture
      const price = (/** @type {any} */ cell) => cell.points ?? (v.ruleset && v.ruleset.points_capture) ?? "•";
      fill(grid, themes.map(([theme, list]) => h("div", { class: "theme-row" },
        h("div", { class: "theme-name", text: theme }),
        h("div", { class: "theme-cells" }, [...list].sort((a, b) => (a.points ?? 0) - (b.points ?? 0)).map((cell) => h("div", {
          class: ["theme-cell", cell.used && "used", cell.id === asked && "picked"],
          dataset: { question: cell.id },
          text: String(price(cell)),
        }))))));
    },
    /** Whether the host's pick is still being shown (the question waits behind it). */
    showingPick() {
      return Date.now() < litUntil;
    },
  };
}
