// @ts-check
// The wall screen's shared pieces, for every game kind's projector: the lobby before the
// start (the join code in large letters, the QR of the join link made by the server, the names
// as people join) and big moments (a few seconds of large type over the screen).
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";
import { roomQr, roomText } from "./room.js";

const POLL_MS = 2000;

/**
 * The projector lobby. opts.line(role) → a node under a seat's name (a kind's own detail, e.g.
 * a team's members); opts.title → the heading. Returns {el, extra, show(on)}: `extra` is a box
 * a kind may fill; show(false) stops the polling (the game started).
 */
export function wallLobby(ctx, opts = {}) {
  const joinPath = `/join/${ctx.me.code}`;
  const names = h("ul", { class: "wall-names", dataset: { role: "wall-names" } });
  const count = h("p", { class: "wall-count", dataset: { role: "wall-count" } });
  const extra = h("div", { class: "wall-extra" });
  const el = h("section", { class: "wall-lobby", dataset: { panel: "wall-lobby" } },
    h("div", { class: "wall-join" },
      h("h1", { class: "wall-title", text: opts.title || t(`game.${ctx.me.game}`) }),
      h("p", { class: "wall-how", text: t("wall.how") }),
      h("div", { class: "wall-code", dataset: { role: "wall-code" }, "aria-label": t("lobby.code"), text: ctx.me.code }),
      roomText(joinPath, { class: "wall-url" }),
      roomQr(joinPath, { class: "wall-qr", alt: t("lobby.qr") })),
    h("div", { class: "wall-people" }, h("h2", { text: t("wall.joined") }), count, names, extra));
  // a kind's own way in (the quiz's team codes) in place of the game's code
  const joinBox = el.querySelector(".wall-join");
  if (opts.join && joinBox && joinBox.firstChild) joinBox.replaceChildren(joinBox.firstChild, opts.join);
  let timer = /** @type {number | null} */ (null);
  let shownKey = "";

  async function poll() {
    try {
      const info = await call("GET", `/api/web/join/${encodeURIComponent(ctx.me.code)}`);
      const key = JSON.stringify(info.roles);
      if (key !== shownKey) {
        shownKey = key;
        render(info.roles);
      }
    } catch (err) {
      console.warn(err);
    }
  }

  function render(roles) {
    const here = roles.filter((r) => r.people > 0 || r.robot);
    count.textContent = t("wall.count", { n: here.length, of: roles.length });
    fill(names, roles.map((role) => h("li", { class: role.people > 0 || role.robot ? "here" : "waiting", dataset: { seat: role.role } },
      h("span", { class: "wall-name", text: role.name }),
      role.robot ? h("small", { text: ` · ${t("seat.robot")}` }) : null,
      opts.line ? opts.line(role) : null)));
  }

  function show(on) {
    el.classList.toggle("hidden", !on);
    if (on && timer === null) {
      poll();
      timer = window.setInterval(poll, POLL_MS);
    } else if (!on && timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
  }

  return { el, extra, show };
}

/** Big moments: moment.show(title, detail) puts them over the screen for a few seconds. */
export function bigMoments(seconds = 5) {
  const title = h("div", { class: "moment-title" });
  const detail = h("div", { class: "moment-detail" });
  const el = h("div", { class: "moment hidden", role: "status", dataset: { role: "moment" } }, title, detail);
  /** @type {[string, string][]} */
  const queue = [];
  let busy = false;
  const next = () => {
    const item = queue.shift();
    if (!item) { busy = false; el.classList.add("hidden"); return; }
    busy = true;
    title.textContent = item[0];
    detail.textContent = item[1];
    el.classList.remove("hidden");
    window.setTimeout(next, seconds * 1000);
  };
  return {
    el,
    show(head, text = "") {
      queue.push([head, text]);
      if (queue.length > 3) queue.shift();
      if (!busy) next();
    },
  };
}

/**
 * Which events are new since the screen first showed the game (history is not replayed on a
 * reload or a reconnect): feed(events) → the events not seen before.
 */
export function newEvents() {
  let seen = -1;
  return (events) => {
    const list = events || [];
    if (seen < 0 || list.length < seen) {
      seen = list.length;
      return [];
    }
    const fresh = list.slice(seen);
    seen = list.length;
    return fresh;
  };
}

/**
 * A kind's projector with the shared lobby before the start: frame.el holds both; call
 * frame.update(view) on every view (the lobby shows while the view's phase is "setup").
 */
export function lobbyFirst(ctx, screen, opts = {}) {
  const lobby = wallLobby(ctx, opts);
  const el = h("main", { class: "wall-frame" }, lobby.el, screen);
  return {
    el,
    lobby,
    update(view) {
      const before = view.phase === "setup";
      lobby.show(before);
      screen.classList.toggle("hidden", before);
    },
  };
}
