// @ts-check
// /play/{game}: the seat's screen — host console, player or team screen, or projector —
// chosen by the seat the secret opens. The secret lives in the link's #fragment and this
// browser's storage, so closing the page and opening the link again gives the same seat.
import { h, fill, panel } from "./dom.js";
import { t } from "./i18n.js";
import { call, secretFor, projectorSecret, commandId, goOn, Socket, ApiError } from "./api.js";
import { topbar, banner } from "./shell.js";
import { startClock } from "./clock.js";
import { kindModule } from "./kinds.js";
import { fitWall } from "./fit.js";
import { loadRoom } from "./room.js";
import { handoverPanel } from "./handover.js";

export default async function play(root) {
  const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
  const hash = new URLSearchParams(location.hash.slice(1));
  const wantsProjector = hash.get("role") === "projector";
  const bar = topbar("");
  let secret;
  try {
    secret = wantsProjector && !hash.get("secret") ? await projectorSecret(gameId) : secretFor(gameId);
  } catch (err) {
    fill(root, bar.el, banner(err.message, true));
    return;
  }
  if (!secret) {
    fill(root, bar.el, h("main", {}, panel(t("play.no_seat"), h("p", { text: t("play.no_seat_help") }), h("a", { class: "button primary", href: "/join", text: t("join.title") }))));
    return;
  }
  let me;
  try {
    me = await call("GET", `/api/web/games/${encodeURIComponent(gameId)}/me`, undefined, secret);
  } catch (err) {
    if (wantsProjector && err instanceof ApiError && err.code === "unknown_seat") localStorage.removeItem(`br:projector:${gameId}`);
    fill(root, bar.el, h("main", {}, panel(t("play.no_seat"), h("p", { class: "error", text: err.message }), h("a", { class: "button", href: "/join", text: t("join.title") }))));
    return;
  }
  const status = h("div", { class: "hidden" });
  // Play again: this seat follows to its own seat in the new game (no code typed).
  const follow = async () => {
    fill(status, banner(t("play.goes_on")));
    status.classList.remove("hidden");
    try {
      await goOn(gameId, secret);
    } catch (err) {
      fill(status, banner(t("play.goes_on_failed", { reason: err.message }), true));
    }
  };
  if (me.next) {
    fill(root, bar.el, status);
    await follow();
    return;
  }
  if (me.role === "projector") document.body.classList.add("projector");
  document.title = `Boardroom · ${me.code}`;
  const roleText = me.role === "host" ? t("seat.host") : me.role === "projector" ? t("seat.projector") : me.name;
  bar.setWho(`${roleText} · ${t(`game.${me.game}`)} · ${me.code}`);
  startClock(gameId);
  const ctx = {
    gameId, secret, me, role: me.role, bar, view: null,
    async send(command) {
      const reply = await call("POST", `/api/games/${encodeURIComponent(gameId)}/commands`, { command: { ...command, id: commandId() } }, secret);
      return reply;
    },
  };
  fill(root, bar.el, status);
  // the console and the wall show links for phones: the room's address first (room.js)
  const roomAsked = me.role === "host" || me.role === "projector" ? loadRoom() : null;
  [ctx.kind] = await Promise.all([kindModule(me.game), roomAsked]);
  const screen = ctx.kind.mount(root, ctx);
  // The host's console (never the wall): this console and the saved classes on another device.
  if (me.role === "host") (root.querySelector("main") || root).append(handoverPanel({ gameId, secret }));
  root.dataset.role = me.role;
  if (me.role === "projector") fitWall(root); // every kind's wall: one fit (fit.js)
  root.dataset.seat = me.seat;
  new Socket(gameId, secret, {
    onView(view, version) {
      root.dataset.version = String(version);
      screen.update(view, version);
    },
    onLobby(frame) { screen.lobby?.(frame); },
    onGoesOn: follow,
    onStatus(state, detail) {
      bar.setConn(state === "denied" ? "offline" : state);
      if (state === "denied") fill(status, banner(t("play.denied", { reason: detail?.message || detail?.code || "" }), true));
      status.classList.toggle("hidden", state !== "denied" && state !== "offline");
      if (state === "offline") fill(status, banner(t("play.reconnecting")));
    },
  });
}
