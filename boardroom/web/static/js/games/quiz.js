// @ts-check
// Quiz Draughts: the kind's entry — the seat's screen (mount: the team's phone in quiz_phone.js,
// the host's console in quiz_console.js, the wall in quiz_wall_screen.js, over the panels of
// quiz_panels.js and quiz_duel.js), the join page's lines, and the start form, results and
// replay re-exported from their modules.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { consoleScreen } from "./quiz_console.js";
import { duelPanel } from "./quiz_duel.js";
import { boardPanel, noticeLine, scoresPanel } from "./quiz_panels.js";
import { teamScreen } from "./quiz_phone.js";
import { wallScreen } from "./quiz_wall_screen.js";

// The quiz's own styles (pieces' labels, the wall's question, the console's rows).
if (!document.querySelector("link[data-style=quiz]")) {
  document.head.append(h("link", { rel: "stylesheet", href: "/static/css/quiz.css", dataset: { style: "quiz" } }));
}

export function mount(root, ctx) {
  root.classList.add("quiz-root");
  const big = ctx.role === "projector";
  const board = boardPanel(ctx, big);
  const scores = scoresPanel(ctx);
  const duel = duelPanel(ctx);
  const notice = noticeLine();
  /** @type {{update(v: any): void}[]} */
  const parts = [board, scores, duel, notice];
  const ended = h("div", { class: "banner hidden", dataset: { role: "ended" } }, h("span", { dataset: { role: "ended-text" } }), " ",
    h("a", { class: "button primary", href: `/results/${ctx.gameId}`, text: t("x.see_results") }));
  let lobby = null;
  let wall = null;
  let devices = null;
  let layout;
  if (big) {
    wall = wallScreen(ctx, { board, scores, duel, notice }, parts);
    layout = wall.el;
  } else if (ctx.role === "host") {
    const host = consoleScreen(ctx, { board, scores, duel, notice, ended }, parts);
    lobby = host.lobby;
    devices = host.devices;
    layout = host.el;
  } else {
    layout = teamScreen({ board, scores, duel, notice, ended }, parts);
  }
  root.append(layout);
  return {
    update(v) {
      ctx.view = v;
      const phase = v.phase === "ended" ? t("phase.ended") : v.phase === "setup" ? t("phase.setup") : t(`q.phase.${v.phase}`);
      ctx.bar.setPhase(`${phase}${v.paused ? ` · ${t("x.paused")}` : ""}`);
      for (const part of parts) part.update(v);
      wall?.update(v);
      ended.classList.toggle("hidden", v.phase !== "ended");
      ended.querySelector("[data-role=ended-text]").textContent = v.winner ? t("q.winner", { team: v.teams[v.winner].name }) : t("q.no_winner");
      root.dataset.question = v.duel && v.duel.question ? "out" : "none";
      root.dataset.phase = v.phase;
    },
    lobby(frame) { lobby?.lobby(frame); devices?.lobby(); },
  };
}

// --- the join page and the lobby -----------------------------------------------------------------

/** What the join page says: pick a team; the name is the person's own. */
export const joinTexts = { pick: "join.pick_team", nameHelp: "join.name_help_quiz" };

/** The line under a team's name on the join page: its members, and who has joined. */
export function seatLine(role) {
  return h("small", { text: t("join.members", { n: role.members.length, people: role.people }) });
}

/** A team member gives their own name. */
export function nameFor() {
  return null;
}

/** A seat as the host's lobby names it: the team and its colour. */
export function roleLabel(view, role) {
  const team = (view.teams || {})[role];
  return team ? `${team.name} (${t(`color.${team.color}`)})` : role;
}

// --- what the pages and the tests take from the kind's entry ---------------------------------------

export { teamIds, quizPieces, duelMarks, describe } from "./quiz_panels.js";
export { startForm } from "./quiz_start.js";
export { results, replayFrames, replay } from "./quiz_results.js";
