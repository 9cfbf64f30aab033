// @ts-check
// Exchange Draughts: the host's console — the lobby, the controls, every account, the orders and
// the log beside the shared panels, and the switch that hides secret ownership.
import { controlsPanel } from "../controls.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { lobbyPanel } from "../lobby.js";
import { exchangeLog } from "./exchange_log.js";
import { ordersPanel } from "./exchange_money.js";
import { accountsPanel } from "./exchange_panels.js";
/** The host console's switch: hidden ownership off by default (safe on a projector). */
function secretSwitch(layout) {
  const box = h("input", { type: "checkbox", name: "show-hidden", dataset: { action: "show-hidden" } });
  const sync = () => {
    layout.classList.toggle("secrets-off", !box.checked);
    layout.classList.toggle("secrets-on", box.checked);
  };
  box.addEventListener("change", sync);
  sync();
  return h("label", { class: "switch" }, box, h("span", { text: t("x.show_hidden") }),
    h("small", { class: "muted", text: t("x.show_hidden_help") }));
}

/** The host's screen over the shared panels: {el, lobby}; its own panels join `parts`. */
export function consoleScreen(ctx, { board: boardP, market, tape, meetings, ended }, parts) {
  const lobby = lobbyPanel(ctx);
  const controls = controlsPanel(ctx);
  const accounts = accountsPanel(ctx);
  const orders = ordersPanel(ctx);
  const log = exchangeLog(ctx);
  parts.push(lobby, controls, accounts, orders, log);
  const layout = h("main", { class: "stack" }, ended, controls.el, lobby.el,
    h("div", { class: "cols" }, h("div", { class: "stack" }, boardP.el, meetings.el, log.el),
      h("div", { class: "stack" }, accounts.el, market.el, orders.el, tape.el)));
  controls.el.append(secretSwitch(layout));
  return { el: layout, lobby };
}
