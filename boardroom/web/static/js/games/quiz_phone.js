// @ts-check
// Quiz Draughts: the team's phone — the task first (the question while one is out, the board
// otherwise), the scores and the log.
import { h } from "../dom.js";
import { quizLog } from "./quiz_panels.js";
/** The team's screen over the shared panels; its own parts join `parts`. */
export function teamScreen({ board, scores, duel, notice, ended }, parts) {
  const log = quizLog();
  const task = h("div", { class: "stack", dataset: { role: "task" } }, board.el, duel.el);
  // The team's task first: the question while one is out, the board otherwise.
  const taskFirst = { update(v) {
    const first = v.duel && v.duel.question ? duel.el : board.el;
    if (task.firstElementChild !== first) task.prepend(first);
  } };
  parts.push(log, taskFirst);
  return h("main", { class: "stack" }, ended, notice.el,
    h("div", { class: "cols" }, task, h("div", { class: "stack" }, scores.el, log.el)));
}
