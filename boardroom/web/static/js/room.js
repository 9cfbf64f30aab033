// @ts-check
// The origin every link and QR code a phone follows is built from (GET /api/web/room, asked
// once per page): the server's public_url when it has one; a page opened at a network address
// keeps its own origin; a page opened on this laptop (localhost) uses the room's address —
// the default route's, or the one the teacher picked on the console (kept in localStorage,
// shared with the wall opened beside it). Links are made here with data-room-path, so a new
// pick rewrites every one of them on every open page of this browser.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";

const KEY = "br:room-origin";
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/**
 * @typedef {{url: string, interface: string, default: boolean}} RoomOrigin
 * @typedef {{public_url: string | null, origins: RoomOrigin[], loopback_only: boolean, command?: string}} Room
 */

/** @type {Room | null} */
let room = null;
/** @type {Promise<void> | null} */
let loading = null;

/** Ask the server once (never fails: without an answer, links keep the page's origin). */
export function loadRoom() {
  loading ||= call("GET", "/api/web/room").then((r) => { room = r; }, (err) => { console.warn(err); });
  return loading;
}

/** Whether this page was opened on the machine itself. */
export function onLoopback() {
  return LOOPBACK.includes(location.hostname) || location.hostname.startsWith("127.");
}

/** The origin links are built from now (after loadRoom). */
export function roomOrigin() {
  if (room?.public_url) return room.public_url;
  if (!onLoopback() || !room?.origins.length) return location.origin;
  const urls = room.origins.map((o) => o.url);
  const picked = localStorage.getItem(KEY);
  return picked && urls.includes(picked) ? picked : urls[0];
}

/** The full address of a path (e.g. `/join/ABCD`) for a phone. */
export function roomUrl(path) {
  return roomOrigin() + path;
}

/** The server's QR code of a URL. */
export function qrSrc(url) {
  return `/api/web/qr.svg?data=${encodeURIComponent(url)}`;
}

/** A link a phone follows: href and text the full address (props may give other text). */
export function roomLink(path, props = {}) {
  const url = roomUrl(path);
  const own = "text" in props;
  return h("a", { target: "_blank", rel: "noopener", ...props, href: url, text: own ? props.text : url,
    dataset: { ...(props.dataset || {}), roomPath: path, roomAs: own ? "href" : "href text" } });
}

/** The QR code of a path's full address. */
export function roomQr(path, props = {}) {
  return h("img", { ...props, src: qrSrc(roomUrl(path)), dataset: { ...(props.dataset || {}), roomPath: path, roomAs: "qr" } });
}

/** The address as people type it (no http://), for the wall. */
export function roomText(path, props = {}) {
  return h("div", { ...props, text: bare(roomUrl(path)), dataset: { ...(props.dataset || {}), roomPath: path, roomAs: "bare" } });
}

function bare(url) {
  return url.replace(/^https?:\/\//, "");
}

/** Rewrite every room link of the page (the teacher picked another address). */
export function refreshLinks(root = document) {
  for (const el of root.querySelectorAll("[data-room-path]")) {
    if (!(el instanceof HTMLElement)) continue;
    const url = roomUrl(el.dataset.roomPath || "");
    const as = (el.dataset.roomAs || "").split(" ");
    if (as.includes("href")) el.setAttribute("href", url);
    if (as.includes("text")) el.textContent = url;
    if (as.includes("bare")) el.textContent = bare(url);
    if (as.includes("qr")) el.setAttribute("src", qrSrc(url));
  }
}

// the console beside this wall (same browser) picked another address
window.addEventListener("storage", (event) => { if (event.key === KEY) refreshLinks(); });

function pick(url) {
  localStorage.setItem(KEY, url);
  refreshLinks();
}

/**
 * For the console: what the teacher needs to know about the room's addresses, or null when
 * nothing. The exact command when the server listens on this computer only; no network
 * address at all; several addresses: a choice (kept in this browser).
 */
export function roomNotice() {
  if (!room || room.public_url) return null;
  if (room.loopback_only) {
    return h("p", { class: "banner", dataset: { role: "room-loopback" } },
      t("room.loopback"), " ", h("code", { class: "room-command", text: room.command || "" }));
  }
  if (!onLoopback()) return null;
  if (!room.origins.length) return h("p", { class: "banner", dataset: { role: "room-offline" }, text: t("room.offline") });
  if (room.origins.length < 2) return null;
  const now = roomOrigin();
  return h("fieldset", { class: "room-pick", dataset: { role: "room-pick" } },
    h("legend", { class: "muted", text: t("room.pick") }),
    room.origins.map((o) => h("label", { class: "room-choice" },
      h("input", { type: "radio", name: "room-origin", value: o.url, checked: o.url === now, onchange: () => pick(o.url) }), " ",
      h("span", { class: "room-address", text: bare(o.url) }), " ",
      h("span", { class: "muted", text: t(o.default ? "room.iface_default" : "room.iface", { iface: o.interface || "—" }) }))));
}
