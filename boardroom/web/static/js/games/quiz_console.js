// @ts-check
// Quiz Draughts: the host's console — the lobby, the start, the devices and the roster beside the
// shared panels (pause, resume and the end are the duel panel's, beside the timer).
import * as lobbyModule from "../lobby.js";
import { call } from "../api.js";
import { controlsPanel } from "../controls.js";
import { field, fill, h, options, panel } from "../dom.js";
import { t } from "../i18n.js";
import { errorLine } from "../shell.js";
import { quizLog } from "./quiz_panels.js";
const { lobbyPanel } = lobbyModule;
/** The host hands a team's answering to another of its devices (or lets the next one claim it). */
function devicesPanel(ctx) {
  const error = errorLine();
  const box = h("div", { class: "stack" });
  const el = panel(t("q.devices"), h("small", { class: "help", text: t("q.devices_help") }), box, error.el);
  el.dataset.panel = "devices";
  /** @type {any} */
  let seats = [];
  /** @type {any} */
  let view = null;
  let shownKey = "";
  async function refresh() {
    try {
      const lobby = await call("GET", `/api/games/${ctx.gameId}/lobby`, undefined, ctx.secret);
      seats = lobby.seats.filter((s) => !s.robot && s.role !== "projector");
      render();
    } catch (err) { error.show(err); }
  }
  function render() {
    if (!view) return;
    const act = view.actions || {};
    el.classList.toggle("hidden", !act.hand_answering);
    const key = JSON.stringify([seats, view.answerers]);
    if (key === shownKey) return;
    shownKey = key;
    fill(box, Object.entries(view.teams).map(([tid, team]) => {
      const mine = seats.filter((s) => s.role === tid);
      const holder = (view.answerers || {})[tid] || "";
      const pick = options(h("select", { name: `answering-${tid}`, dataset: { role: `answering-${tid}` } }),
        [["", t("q.first_claims")], ...mine.map((s) => [s.seat, s.name])], false);
      pick.value = holder;
      pick.addEventListener("change", async () => {
        error.clear();
        try { await ctx.send({ type: "hand_answering", team: tid, to: pick.value || null }); } catch (err) { error.show(err); }
      });
      return field(t("q.answers_for", { team: team.name }), pick);
    }));
  }
  refresh();
  return {
    el,
    update(v) { view = v; render(); },
    lobby() { refresh(); },
  };
}

function rosterPanel() {
  const box = h("div");
  const el = panel(t("q.teams"), box);
  let shown = null;
  return {
    el,
    update(v) {
      const key = JSON.stringify(v.teams);
      if (key === shown) return;
      shown = key;
      fill(box, Object.entries(v.teams).map(([tid, team]) => h("div", {},
        h("h3", { text: `${team.name} — ${t(`color.${team.color}`)}` }),
        h("ul", { class: "log" }, team.members.map((m) => h("li", { dataset: { member: m.id } },
          h("b", { text: m.name }), m.captain ? ` · ${t("q.captain")}` : "", m.guest ? ` · ${t("q.guest")}` : "",
          ` · ${m.square || t("q.out")}`))))));
    },
  };
}

/** The host's screen over the shared panels: {el, lobby, devices}; its own panels join `parts`. */
export function consoleScreen(ctx, { board, scores, duel, notice, ended }, parts) {
  const lobby = lobbyPanel(ctx);
  const controls = controlsPanel(ctx, false);
  // Pause, resume and the end are the console's, beside the timer: one of each on the page.
  for (const button of controls.el.querySelectorAll("[data-action=pause], [data-action=resume], [data-action=end-game]")) button.remove();
  const log = quizLog();
  const roster = rosterPanel();
  const devices = devicesPanel(ctx);
  // Only "start" is left of the shared controls: the panel shows while it is offered.
  const startOnly = { update(v) { controls.el.classList.toggle("hidden", !(v.actions || {}).start); } };
  parts.push(lobby, controls, startOnly, log, roster, devices);
  const layout = h("main", { class: "stack" }, ended, notice.el, controls.el, lobby.el,
    h("div", { class: "cols" }, h("div", { class: "stack" }, duel.el, scores.el, devices.el, roster.el), h("div", { class: "stack" }, board.el, log.el)));
  return { el: layout, lobby, devices };
}
