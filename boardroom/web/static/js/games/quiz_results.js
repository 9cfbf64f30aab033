// @ts-check
// Quiz Draughts: the results page — the winner and scores, every question asked, the replay.
import { TEAM_HUES } from "../board.js";
import { barChart } from "../charts.js";
import { cardTable, fill, h, panel } from "../dom.js";
import { t } from "../i18n.js";
import { fitLabels } from "./quiz_labels.js";
import { describe, duelMarks, memberIndex, quizPieces } from "./quiz_panels.js";
// --- the results page --------------------------------------------------------------------------

/** The results page's panels for a quiz final: the winner and scores, then the record. */
export function results(main, view) {
  const winner = view.winner ? t("q.winner", { team: view.teams[view.winner].name }) : t("q.no_winner");
  const ids = Object.keys(view.teams);
  main.append(panel(t("q.result_title"), h("p", {}, h("b", { dataset: { role: "winner" }, text: winner }), view.end_reason ? ` · ${t(`q.reason.${view.end_reason}`)}` : ""),
    cardTable([t("q.team"), t("q.earlier"), t("q.round_points"), t("q.total"), t("q.left_on_board")], ids.map((id) => {
      const team = view.teams[id];
      return [h("b", { text: team.name }), String(team.earlier), String(team.points), String(team.score), String(team.members.filter((m) => m.square).length)];
    })),
    barChart(ids.map((id, i) => ({ name: view.teams[id].name, value: view.teams[id].score, color: TEAM_HUES[i] })), { label: t("q.scores") })));
  main.append(recordPanel(view));
}

/** Every question asked: who answered, the answer given, the verdict and who gave it. */
function recordPanel(view) {
  const members = memberIndex(view);
  const rows = (view.record || []).map((entry, i) => {
    const q = entry.question;
    const given = entry.given ? (entry.given.hidden ? t("q.given_hidden") : entry.given.text ?? (q.choices || [])[entry.given.choice] ?? "") : "—";
    const verdicts = entry.verdicts.map((v) => h("div", { class: v.undone ? "undone" : "", dataset: { verdict: v.undone ? "undone" : v.correct ? "right" : "wrong" } },
      v.by === "clock" ? t("q.timed_out") : t(v.correct ? "q.right" : "q.wrong"), " · ", t(`q.judge.${v.by}`), v.undone ? ` · ${t("q.undone")}` : ""));
    if (entry.skipped) verdicts.push(h("div", { text: t("q.skipped") }));
    const who = members[entry.member];
    return [String(i + 1),
      h("div", {}, q.category ? h("small", { class: "muted", text: `${q.category}${q.points !== null && q.points !== undefined ? ` · ${t("q.points_n", { n: q.points })}` : ""}` }) : null, h("div", { text: q.text || "—" })),
      q.answer !== undefined ? q.answer : "—",
      `${who ? who.name : ""} («${(view.teams[entry.team] || {}).name || entry.team}»)`,
      given, h("div", {}, verdicts)];
  });
  const el = panel(t("q.record"), rows.length
    ? h("div", { class: "record-table" }, cardTable(["№", t("q.record_question"), t("q.record_answer"), t("q.record_answering"), t("q.record_given"), t("q.record_verdict")], rows))
    : h("p", { class: "muted", text: t("q.record_none") }));
  el.dataset.panel = "record";
  return el;
}

/** The replay's frames without the judgements the host undid (and the undo itself). */
export function replayFrames(frames) {
  const kept = [];
  /** @type {number[]} */
  const judged = [];
  for (const frame of frames) {
    const type = frame.event.type;
    if (type === "judgement_undone" && judged.length) {
      kept.length = /** @type {number} */ (judged.pop());
      continue;
    }
    if (type === "judged") judged.push(kept.length);
    kept.push(frame);
  }
  return kept;
}

const fitted = new WeakSet();

/** A replay frame on the results page: the board with the duel, the question and its verdict. */
export const replay = {
  named: true,
  frames: replayFrames,
  show(board, extra, frame) {
    board.el.classList.add("quiz-board");
    const v = frame.view;
    if (!fitted.has(board.grid)) {
      fitted.add(board.grid);
      fitLabels(board.grid);
    }
    const move = frame.event.move || null;
    board.update({ pieces: quizPieces(v), last: frame.event.type === "move_ended" ? move : null, marks: duelMarks(v), interactive: false });
    const q = v.duel && v.duel.question;
    const last = frame.event.type === "judged" ? v.last_judgement : null;
    fill(extra, h("div", { class: "row" }, Object.values(v.teams || {}).map((team) => h("span", { class: "pill", text: `${team.name}: ${team.score}` }))),
      q ? h("div", { class: "question", dataset: { role: "replay-question" }, text: q.text }) : null,
      last && last.question ? h("div", { dataset: { role: "replay-verdict" } }, h("b", { text: last.by === "clock" ? t("q.timed_out") : t(last.correct ? "q.right" : "q.wrong") }), " · ",
        h("span", { text: last.question.text }), " — ", h("span", { class: "answer", text: t("q.answer_is", { answer: last.question.answer }) })) : null);
  },
  describe: (event, v) => describe(event, { ...v, teams: v.teams || {} }),
};
