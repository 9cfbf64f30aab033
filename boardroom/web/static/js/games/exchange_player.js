// @ts-check
// The Exchange player's screen, task first: the top of the screen is what the pupil must do
// now — move their firm (the board, with a turn banner that cannot be missed), trade (the order
// form), vote (the ballot) or wait (what is happening and for how long). Everything else is one
// tap away in tabs (a bar at the bottom of a phone): Board · Exchange · My portfolio · Events.
// On a wide screen every tab shows at once, in columns.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { left, mmss, everyTick } from "../clock.js";
import { turnBegins, turnEnds, alertSwitch } from "../turn-alert.js";

/** @typedef {"move" | "market" | "vote" | "wait"} Task */

const TABS = [["board", "x.tab_board"], ["market", "x.tab_market"], ["portfolio", "x.tab_portfolio"], ["events", "x.tab_events"]];
/** The tab that holds each task's element. */
const TASK_TAB = { move: "board", market: "market", vote: "market", wait: null };

/** What the pupil must do now, from the view's actions (the page infers nothing). */
export function taskOf(v) {
  const act = v.actions || {};
  if (v.phase === "ended" || !v.started || v.paused) return "wait";
  if (act.move) return "move";
  if (act.vote) return "vote";
  if (act.order) return "market";
  return "wait";
}

/** The task and what makes it new: the firm called, the phase waited through. */
function situation(v, task) {
  if (task === "move") return `move:${v.on_call.firm}`;
  if (task === "wait") return `wait:${v.phase}:${v.waiting_for_host ? 1 : 0}:${v.paused ? 1 : 0}`;
  return task;
}

/** What is happening, in a sentence, for a pupil who waits. */
function waitText(v, n, words) {
  if (v.phase === "ended") return t("x.wait_ended");
  if (!v.started) return t("x.wait_start");
  if (v.paused) return t("x.wait_paused");
  if (v.waiting_for_host) return t("x.wait_host", { phase: words.nextPhaseText(v) });
  if (v.phase === "board" && v.on_call) {
    const firm = v.firms[String(v.on_call.firm)];
    return t("x.wait_board", { firm: v.on_call.firm, name: n.player(firm.director) });
  }
  if (v.phase === "meetings") return t("x.wait_meetings");
  return words.phaseText(v);
}

/**
 * The player's layout around the panels: {el, update(view)}.
 * @param {any} ctx
 * @param {{board: any, accounts: any, orders: any, meetings: any, market: any, tape: any, log: any, ended: HTMLElement}} p
 * @param {{names: (v: any) => any, phaseText: (v: any) => string, nextPhaseText: (v: any) => string, firmLabel: (n: number) => HTMLElement}} words
 */
export function playerLayout(ctx, p, words) {
  const panes = {
    board: h("div", { class: "x-pane stack" }, p.board.el),
    market: h("div", { class: "x-pane stack" }, p.meetings.el, p.orders.el, p.market.el, p.tape.el),
    portfolio: h("div", { class: "x-pane stack" }, p.accounts.el),
    events: h("div", { class: "x-pane stack" }, p.log.el),
  };
  const tabs = {};
  for (const [name, key] of TABS) {
    const pane = panes[name];
    pane.id = `x-pane-${name}`;
    pane.dataset.pane = name;
    pane.setAttribute("role", "tabpanel");
    pane.setAttribute("aria-labelledby", `x-tab-${name}`);
    const tab = h("button", { type: "button", role: "tab", id: `x-tab-${name}`, class: "x-tab", "aria-controls": pane.id, dataset: { tab: name } },
      h("span", { class: "x-tab-dot", "aria-hidden": "true" }), h("span", { text: t(key) }));
    tab.addEventListener("click", () => choose(name, true));
    tab.addEventListener("keydown", (event) => {
      const names = TABS.map(([x]) => x);
      const i = names.indexOf(name);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: names.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      const next = names[(to + names.length) % names.length];
      choose(next, true);
      tabs[next].focus();
    });
    tabs[name] = tab;
  }
  const bar = h("nav", { class: "x-tabs", role: "tablist", "aria-label": t("x.tabs") }, Object.values(tabs));
  let current = "board";
  /** @param {string} name @param {boolean} [byHand] */
  function choose(name, byHand = false) {
    current = name;
    for (const [x, tab] of Object.entries(tabs)) {
      const on = x === name;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      panes[x].classList.toggle("x-off", !on);
    }
    if (byHand) window.scrollTo(0, 0);
  }
  choose("board");

  // The turn banner (sticky, above all) and the task line.
  // The banner's words are a button to the board (from any tab), the clock beside them.
  const turnText = h("b", { dataset: { role: "turn-text" } });
  const turnClock = h("span", { class: "clock", dataset: { role: "turn-clock" } });
  const toBoard = h("button", { type: "button", class: "x-turn-go", title: t("x.to_board"), dataset: { action: "to-board" } }, turnText, turnClock);
  toBoard.addEventListener("click", () => { choose("board", true); });
  const turn = h("div", { class: "x-turn hidden", dataset: { role: "turn-banner" } }, toBoard, alertSwitch());
  const taskText = h("span", { dataset: { role: "task-text" } });
  const taskClock = h("span", { class: "clock", dataset: { role: "task-clock" } });
  const task = h("div", { class: "x-task", dataset: { role: "task" } }, taskText, taskClock);

  const el = h("main", { class: "x-player", dataset: { task: "wait" } }, turn, p.ended, task,
    h("div", { class: "x-panes" }, Object.values(panes)), bar);

  /** @type {Task | null} */
  let lastTask = null;
  let lastSituation = "";
  let view = null;
  everyTick(() => {
    if (!view) return;
    const moving = lastTask === "move";
    const rest = view.paused ? null : left(view.deadline);
    turnClock.textContent = moving && rest !== null ? mmss(rest) : "";
    taskClock.textContent = !moving && rest !== null && view.phase !== "ended" ? mmss(rest) : "";
  });
  return {
    el,
    update(v) {
      view = v;
      const n = words.names(v);
      const now = taskOf(v);
      el.dataset.task = now;
      const moving = now === "move";
      turn.classList.toggle("hidden", !moving);
      task.classList.toggle("hidden", moving);
      if (moving) {
        turnText.replaceChildren(t("x.turn_banner", { firm: t("firm.n", { n: v.on_call.firm }) }));
        const rest = left(v.deadline);
        turnClock.textContent = rest === null ? "" : mmss(rest);
      } else {
        taskText.textContent = now === "market" ? t("x.task_market") : now === "vote" ? t("x.task_vote") : waitText(v, n, words);
      }
      for (const [name, tab] of Object.entries(tabs)) tab.classList.toggle("x-due", TASK_TAB[now] === name);
      // A new situation (another task, a call of another firm, a new phase to wait through)
      // opens the task's tab and brings the top of the screen — the task — into view.
      const fresh = situation(v, now);
      if (fresh !== lastSituation) {
        if (moving) turnBegins(t("x.turn_title"));
        else if (lastTask === "move") turnEnds();
        const tab = TASK_TAB[now] || (v.phase === "board" ? "board" : null);
        if (tab) choose(tab);
        if (lastTask !== null || tab) window.scrollTo(0, 0);
        lastSituation = fresh;
      }
      lastTask = now;
    },
  };
}
