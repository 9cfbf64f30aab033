// @ts-check
// Quiz Draughts: the wall (projector) — the shared lobby first, then the board, the duel, the
// scores and the board of themes, with the question and the win full-screen over them.
import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { lobbyFirst, newEvents } from "../wall.js";
import { questionMeta } from "./quiz_duel.js";
import { mediaArea } from "./quiz_media.js";
import { hueOf, memberIndex, timerRow, winningMember } from "./quiz_panels.js";
import { PICK_MS, boardOfThemes, verdictScreen, wallTeams } from "./quiz_wall.js";
/** The wall's big moments: the question full-screen with its countdown, the win with its reason. */
function wallStage(ctx, themes) {
  const media = mediaArea(ctx, "wall-media");
  const meta = h("div", { class: "row question-meta" });
  const text = h("div", { class: "wall-question-text", dataset: { role: "wall-question" } });
  const who = h("div", { class: "wall-answering" });
  const choices = h("ol", { class: "choices wall-choices" });
  const timer = timerRow(ctx, () => {});
  // who takes whom: the duel the question decides, above it
  const capture = h("div", { class: "wall-capture", dataset: { role: "wall-capture" } });
  const question = h("section", { class: "wall-question hidden", dataset: { role: "wall-question-screen" } }, capture, meta, text, media.el, choices, who, timer.el);
  const winText = h("div", { class: "wall-win-title", dataset: { role: "win-title" } });
  const reason = h("div", { class: "wall-win-reason", dataset: { role: "win-reason" } });
  const scores = h("div", { class: "wall-win-scores" });
  const win = h("section", { class: "wall-win hidden", dataset: { role: "win-screen" } }, winText, reason, scores);
  const verdict = verdictScreen(newEvents());
  let shownKey = "";
  return {
    els: [question, win, verdict.el],
    update(v) {
      verdict.update(v);
      themes.update(v);
      const members = memberIndex(v);
      const q = v.duel && v.duel.question;
      // the host's pick lit on the board of themes first, then the question over the wall
      const waiting = Boolean(q) && themes.showingPick();
      question.classList.toggle("hidden", !q || waiting);
      if (waiting) window.setTimeout(() => question.classList.toggle("hidden", !(ctx.view && ctx.view.duel && ctx.view.duel.question)), PICK_MS);
      media.update(q ? q.media || [] : [], v.playing);
      timer.update(v);
      win.classList.toggle("hidden", v.phase !== "ended");
      const key = JSON.stringify([q, v.duel && v.duel.answering, v.phase, v.winner, v.end_reason, v.teams]);
      if (key === shownKey) return;
      shownKey = key;
      if (q) {
        fill(meta, questionMeta(q).childNodes.length ? [...questionMeta(q).childNodes] : []);
        text.textContent = q.text;
        text.dataset.length = q.text.length > 320 ? "long" : q.text.length > 160 ? "medium" : "short";
        fill(choices, (q.choices || []).map((c) => h("li", { text: c })));
        const jump = v.duel.jumps[v.duel.jump];
        const capturer = members[v.duel.member];
        const defender = jump ? members[jump.member] : null;
        capture.textContent = capturer && defender ? t("q.capture", { capturer: capturer.name, defender: defender.name, n: v.duel.jump + 1, of: v.duel.jumps.length }) : "";
        const answering = v.duel.answering ? members[v.duel.answering.member] : null;
        who.textContent = answering ? t("q.answering", { name: answering.name, team: v.teams[v.duel.answering.team].name }) : "";
      }
      if (v.phase === "ended") {
        winText.textContent = v.winner ? t("q.winner", { team: v.teams[v.winner].name }) : t("q.no_winner");
        const crowned = winningMember(v);
        reason.textContent = crowned && members[crowned]
          ? t("q.win_far_row", { name: members[crowned].name })
          : v.end_reason ? t(`q.reason.${v.end_reason}`) : "";
        fill(scores, Object.entries(v.teams).map(([tid, team]) => h("div", { class: "score", style: { background: hueOf(v, tid) } },
          h("div", { class: "team-name", text: team.name }), h("div", { class: "big-number", text: String(team.score) }))));
      }
    },
  };
}

/** The wall's screen over the shared panels: the lobby's {el, update}; its own parts join `parts`. */
export function wallScreen(ctx, { board, scores, duel, notice }, parts) {
  const themes = boardOfThemes();
  const stage = wallStage(ctx, themes);
  const teamsJoin = wallTeams(ctx);
  parts.push(stage, teamsJoin);
  // The shared wall lobby (each team's code and QR, the names) before the start, then the quiz's own wall.
  return lobbyFirst(ctx, h("div", { class: "proj quiz-wall" }, h("div", {}, board.el), h("div", { class: "stack quiz-side" }, notice.el, duel.el, scores.el, themes.el), ...stage.els),
    { join: teamsJoin.el });
}
