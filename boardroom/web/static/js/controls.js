// @ts-check
// The host's controls every game shares: start, pause, resume, end the phase, end the game,
// extend the deadline — each shown when the view's actions list it.
import { h, fill, panel } from "./dom.js";
import { t } from "./i18n.js";
import { errorLine } from "./shell.js";
import { confirmation } from "./confirm.js";

export function controlsPanel(ctx, hasExtend = true) {
  const error = errorLine();
  const seconds = h("input", { type: "number", name: "extend-seconds", "aria-label": t("a11y.extend_seconds"), min: "1", value: "60" });
  const button = (action, label, command, cls) => h("button", {
    type: "button", class: cls || "", dataset: { action }, text: label,
    onclick: async () => {
      error.clear();
      try { await ctx.send(typeof command === "function" ? command() : command); } catch (err) { error.show(err); }
    },
  });
  const buttons = {
    start: button("start", t("host.start"), { type: "start" }, "primary"),
    continue: button("continue", t("host.continue"), { type: "continue" }, "primary"),
    pause: button("pause", t("host.pause"), { type: "pause" }),
    resume: button("resume", t("host.resume"), { type: "resume" }),
    end_phase: button("end-phase", t("host.end_phase"), { type: "end_phase" }),
    end_game: h("button", { type: "button", class: "danger", dataset: { action: "end-game" }, text: t("host.end_game"),
      "aria-expanded": "false", onclick: () => ask(true) }),
  };
  // Ending the game cannot be undone: it asks first (and stays apart from "end the phase").
  const sure = confirmation({
    role: "end-game-confirm", question: t("host.end_game_sure"), help: t("host.end_game_help"),
    yes: t("host.end_game_yes"), no: t("host.end_game_no"), yesAction: "end-game-confirm", noAction: "end-game-cancel",
    opener: buttons.end_game,
    onYes: async () => {
      error.clear();
      try { await ctx.send({ type: "end_game" }); } catch (err) { error.show(err); }
    },
  });
  const confirmBox = sure.el;
  function ask(open) {
    if (open) sure.open(); else sure.close();
  }
  // An extension names the phase and year it is meant for: late, it is refused, not misplaced.
  let shown = /** @type {any} */ (null);
  const extend = button("extend", t("host.extend"), () => ({
    type: "extend", seconds: Math.max(1, Math.round(Number(seconds.value) || 60)),
    ...(shown && shown.year !== undefined ? { phase: shown.phase, year: shown.year } : {}),
  }));
  const el = panel(t("host.controls"), h("div", { class: "row" }, Object.values(buttons),
    hasExtend ? h("span", { class: "row" }, seconds, extend) : null), confirmBox, error.el);
  el.dataset.panel = "controls";
  return {
    el,
    update(v) {
      shown = v;
      const act = v.actions || {};
      const next = act.continue && act.continue.next;
      if (next) buttons.continue.textContent = t("host.continue_to", { phase: next === "exchange" && !v.year ? t("phase.opening") : t(`phase.${next}`) });
      for (const [type, button] of Object.entries(buttons)) button.classList.toggle("hidden", !act[type]);
      if (!act.end_game) ask(false);
      if (extend.parentElement) extend.parentElement.classList.toggle("hidden", !act.extend);
    },
  };
}

/**
 * The game's log panel, newest first: `rows(events, view)` makes the kind's <li> lines; they
 * are redrawn only when new events arrive.
 * @param {(events: any[], view: any) => Node[]} rows
 */
export function logPanel(rows) {
  const list = h("ul", { class: "log" });
  const el = panel(t("x.log"), h("div", { class: "scroll" }, list));
  el.dataset.panel = "log";
  let count = -1;
  return {
    el,
    /** @param {any} v */
    update(v) {
      const events = v.events || [];
      if (events.length === count) return;
      count = events.length;
      fill(list, rows(events, v));
    },
  };
}
