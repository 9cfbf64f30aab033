// @ts-check
// A question's pictures, sounds and videos on a quiz screen. Each file is fetched by the
// game's own random media id with the seat's secret (never in a URL) and shown from a blob
// URL; the host plays and pauses sounds and videos on every screen (the view's `playing`).
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { gameNow } from "../clock.js";

/** @type {Map<string, Promise<string>>} media id → object URL */
const urls = new Map();

/** The object URL of a media file the seat may see (fetched once per page). */
export function mediaUrl(ctx, id) {
  let url = urls.get(id);
  if (!url) {
    const path = `/api/web/games/${encodeURIComponent(ctx.gameId)}/media/${encodeURIComponent(id)}`;
    url = fetch(path, { headers: { Authorization: `Bearer ${ctx.secret}` } })
      .then((reply) => (reply.ok ? reply.blob() : Promise.reject(new Error(`media ${reply.status}`))))
      .then((blob) => URL.createObjectURL(blob));
    url.catch(() => urls.delete(id));
    urls.set(id, url);
  }
  return url;
}

/**
 * The media of the question on screen. `update(list, playing, options)` rebuilds only when
 * the list changes (a sound keeps playing across re-renders) and follows `playing`.
 * Options: host (controls that play on every screen, the file names, a missing file said),
 * big (the projector), send (the host's commands).
 */
export function mediaArea(ctx, role) {
  const el = h("div", { class: "quiz-media", dataset: { role } });
  /** @type {Map<string, HTMLMediaElement>} */
  let players = new Map();
  let shown = "";
  let lastPlaying = "";
  const host = ctx.role === "host";
  const wall = ctx.role === "projector";

  function build(list, send) {
    players = new Map();
    fill(el, list.map((item) => {
      if (host && item.held === false) {
        return h("div", { class: "media-missing", dataset: { media: item.id }, text: t("qm.missing", { file: item.ref || "" }) });
      }
      if (item.kind === "image") {
        const img = h("img", { alt: t("qm.picture"), dataset: { media: item.id, kind: "image" } });
        mediaUrl(ctx, item.id).then((src) => { img.src = src; }, () => img.replaceWith(h("div", { class: "media-missing", text: t("qm.unavailable") })));
        return img;
      }
      if (item.kind === "audio" || item.kind === "video") {
        const player = /** @type {HTMLMediaElement} */ (h(item.kind, {
          dataset: { media: item.id, kind: item.kind }, preload: "auto",
          controls: host ? true : null, playsinline: item.kind === "video" ? true : null,
        }));
        // Phones show the video silently and never play the sound: the room hears the wall.
        if (!wall && !host) player.muted = true;
        mediaUrl(ctx, item.id).then((src) => { player.src = src; follow(); }, () => {});
        players.set(item.id, player);
        const parts = [item.kind === "audio" && !host ? h("div", { class: "media-sound", text: t("qm.sound") }) : null, player];
        if (host) {
          parts.push(h("div", { class: "row" },
            h("button", { type: "button", class: "small primary", dataset: { action: "media-play", media: item.id }, text: t("qm.play_on_screen"),
              onclick: () => send({ type: "play_media", media: item.id, playing: true, position: player.currentTime || 0 }) }),
            h("button", { type: "button", class: "small", dataset: { action: "media-pause", media: item.id }, text: t("qm.pause_on_screen"),
              onclick: () => send({ type: "play_media", media: item.id, playing: false, position: player.currentTime || 0 }) })));
        }
        if (host && item.ref) parts.push(h("small", { class: "muted", text: item.ref }));
        return h("div", { class: ["media-player", item.kind === "audio" && "audio"] }, parts);
      }
      return null;
    }));
  }

  /** @type {any} */
  let playing = null;
  function follow() {
    if (host) return; // the host's own player is a preview: it plays what the host clicks
    for (const [id, player] of players) {
      const on = playing && playing.media === id && playing.playing;
      player.dataset.playing = on ? "true" : "false";
      if (on) {
        const now = gameNow();
        const at = playing.position + (now === null ? 0 : Math.max(0, now - playing.at));
        if (Math.abs((player.currentTime || 0) - at) > 1.5 && Number.isFinite(at)) {
          try { player.currentTime = at; } catch { /* not loaded yet */ }
        }
        if (player.paused && player.src) {
          player.play().catch(() => { if (wall) el.dataset.blocked = "true"; });
        }
      } else if (!player.paused) {
        player.pause();
      }
    }
  }
  if (wall) {
    // A projector's browser may refuse sound until someone clicks the page once.
    document.addEventListener("click", () => { delete el.dataset.blocked; follow(); });
  }

  return {
    el,
    /** @param {any[]} list @param {any} nowPlaying @param {(c: any) => void} [send] */
    update(list, nowPlaying, send) {
      const key = JSON.stringify(list.map((m) => [m.id, m.held]));
      if (key !== shown) {
        shown = key;
        build(list, send || (() => {}));
        el.classList.toggle("hidden", list.length === 0);
      }
      const playKey = JSON.stringify(nowPlaying);
      if (playKey !== lastPlaying || nowPlaying?.playing) {
        lastPlaying = playKey;
        playing = nowPlaying;
        follow();
      }
    },
  };
}
