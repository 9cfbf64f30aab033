// @ts-check
// The server's HTTP API and the seat's WebSocket.
import { currentLang, t, setNameForms } from "./i18n.js";

export class ApiError extends Error {
  constructor(code, message, details) {
    super(message);
    this.code = code;
    this.details = details || {};
  }
}

/** JSON over HTTP; the seat's secret (if any) goes in the Authorization header, never the URL. */
export async function call(method, path, body, secret, raw) {
  /** @type {Record<string, string>} */
  const headers = { "Accept-Language": currentLang() };
  if (secret) headers.Authorization = `Bearer ${secret}`;
  let payload;
  if (raw !== undefined) payload = raw;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let reply;
  try {
    reply = await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
  } catch (err) {
    throw new ApiError("offline", String(err));
  }
  const type = reply.headers.get("content-type") || "";
  const data = type.includes("json") ? await reply.json() : await reply.text();
  if (!reply.ok) {
    const error = (data && data.error) || { code: `http_${reply.status}`, message: String(data).slice(0, 200) };
    const { code, message, ...details } = error;
    throw new ApiError(code, message, details);
  }
  return data;
}

// --- the start page's creation ticket: bank uploads carry it, the game made consumes it ---

/** @type {string | null} */
let draftTicket = null;

/** The creation ticket, asked for on first use (a question bank upload). */
export async function draft() {
  if (!draftTicket) draftTicket = (await call("POST", "/api/web/draft")).draft;
  return /** @type {string} */ (draftTicket);
}

/** The ticket given so far (null if none was needed), for the game being made. */
export function draftGiven() {
  return draftTicket;
}

/** A question bank upload for the game being made, with the ticket (a fresh one when the old has expired). */
export async function uploadBank(path, raw) {
  try {
    return await call("POST", path, undefined, await draft(), raw);
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "no_draft") throw err;
    draftTicket = null;
    return await call("POST", path, undefined, await draft(), raw);
  }
}

/** A file the seat may download (fetched with its secret, saved through a blob link). */
/** The file name the server gave (RFC 6266 `filename*`, in any alphabet), or "". */
export function servedName(disposition) {
  const found = /filename\*=UTF-8''([^;]+)/i.exec(disposition || "");
  if (!found) return "";
  try { return decodeURIComponent(found[1]); } catch { return ""; }
}

let stem = "";

/** Name the game's downloads made in the page: the server's stem (title or kind, code, day). */
export function setFileStem(value) {
  stem = value || "";
}

/** A file of the game made in the page: `<stem>-<what>.<ext>` (the stem the server gave). */
export function fileName(what, ext) {
  return `${stem ? `${stem}-` : ""}${what}.${ext}`;
}

export async function download(path, secret, filename) {
  /** @type {Record<string, string>} */
  const headers = { "Accept-Language": currentLang() };
  if (secret) headers.Authorization = `Bearer ${secret}`;
  const reply = await fetch(path, { headers });
  if (!reply.ok) throw new ApiError(`http_${reply.status}`, await reply.text());
  const blob = await reply.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = servedName(reply.headers.get("Content-Disposition")) || filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

// --- secrets: in the link's #fragment (never sent to the server) and this browser's storage ---

export function secretFor(gameId) {
  const hash = new URLSearchParams(location.hash.slice(1));
  const fromLink = hash.get("secret");
  if (fromLink) {
    localStorage.setItem(`br:secret:${gameId}`, fromLink);
    return fromLink;
  }
  return localStorage.getItem(`br:secret:${gameId}`);
}

/** This browser's projector seat in the game: joined once, then kept in localStorage. */
export async function projectorSecret(gameId) {
  const key = `br:projector:${gameId}`;
  const kept = localStorage.getItem(key);
  if (kept) return kept;
  const joined = await call("POST", "/api/join", { game_id: gameId, name: t("lobby.projector_seat"), role: "projector" });
  localStorage.setItem(key, joined.secret);
  return joined.secret;
}

export function keepSecret(gameId, secret) {
  localStorage.setItem(`br:secret:${gameId}`, secret);
}

let going = false;

/**
 * Play again: this seat's own place in the game this one went on in. The device proves its
 * seat here with its own secret and gets its seat there (same role, same name) and that
 * seat's secret, kept in this browser like a joined one; then the new game opens.
 */
export async function goOn(gameId, secret) {
  if (going) return;
  going = true;
  try {
    const seat = await call("POST", `/api/games/${encodeURIComponent(gameId)}/follow`, undefined, secret);
    if (seat.role === "projector") {
      localStorage.setItem(`br:projector:${seat.game_id}`, seat.secret);
      location.assign(`/play/${seat.game_id}#role=projector`);
    } else {
      keepSecret(seat.game_id, seat.secret);
      location.assign(`/play/${seat.game_id}#secret=${encodeURIComponent(seat.secret)}`);
    }
  } catch (err) {
    going = false;
    throw err;
  }
}

let counter = 0;

/** A command id unique to this page (the server applies the same id once). */
export function commandId() {
  counter += 1;
  return `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}${counter}`;
}

/**
 * The seat's socket: hello → welcome + views; reconnects by itself (with the last version).
 * handlers: onView(view, version), onLobby(lobby), onStatus("online" | "offline" | "denied", detail),
 * onGoesOn(next): the game went on in game `next` (told now, or in the welcome of a later visit)
 *
 * A view frame's events are those after version `events_from`: 0 for a whole view, else the
 * version of the previous frame, whose events are kept and the new ones appended; such a
 * frame brings only the keys that changed, naming in `kept` those to keep as they were —
 * onView always gets the whole view. A frame that does not follow on asks for a whole one.
 */
export class Socket {
  constructor(gameId, secret, handlers) {
    this.gameId = gameId;
    this.secret = secret;
    this.handlers = handlers;
    this.version = null;
    this.events = null; // the events held, up to version `this.have`
    this.held = null; // the rest of the view held at version `this.have`
    this.have = null;
    this.resyncing = false;
    this.retry = 0;
    this.closed = false;
    this.connect();
    setInterval(() => this.ping(), 20000);
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.gameId)}`);
    this.ws = ws;
    this.events = this.held = this.have = null;
    this.resyncing = false;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", secret: this.secret, version: this.version, lang: currentLang() }));
    };
    ws.onmessage = (message) => {
      let frame;
      try { frame = JSON.parse(message.data); } catch { return; }
      if (frame.type === "welcome") {
        this.retry = 0;
        this.handlers.onStatus?.("online", frame);
        if (frame.next) this.handlers.onGoesOn?.(frame.next);
      } else if (frame.type === "goes_on") {
        this.handlers.onGoesOn?.(frame.next);
      } else if (frame.type === "view") {
        if (this.version === null || frame.version >= this.version) {
          const view = this.merge(frame, ws);
          if (view === null) return;
          this.version = frame.version;
          this.handlers.onView?.(view, frame.version);
        }
      } else if (frame.type === "lobby") {
        this.handlers.onLobby?.(frame);
      } else if (frame.type === "error" && !frame.id) {
        if (["unknown_seat", "unknown_game", "hello_first"].includes(frame.code)) {
          this.closed = true;
          this.handlers.onStatus?.("denied", frame);
        }
      }
    };
    ws.onclose = (event) => {
      if (this.closed) return;
      if (event.code === 4401) {
        this.closed = true;
        this.handlers.onStatus?.("denied", { code: "unknown_seat" });
        return;
      }
      this.handlers.onStatus?.("offline");
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.connect(), 300 * this.retry);
    };
  }

  /** The whole view from a frame and the events held; null (and a resync asked) on a gap. */
  merge(frame, ws) {
    const from = frame.events_from || 0;
    let view = frame.view;
    if (from === 0) {
      this.events = Array.isArray(view.events) ? view.events : null;
      this.resyncing = false;
    } else if (from === this.have && this.held !== null) {
      const kept = {};
      for (const key of frame.kept || []) kept[key] = this.held[key];
      view = { ...kept, ...view };
      this.events = (this.events || []).concat(view.events || []);
    } else {
      this.events = this.held = this.have = null;
      if (!this.resyncing) ws.send(JSON.stringify({ type: "resync" }));
      this.resyncing = true;
      return null;
    }
    this.held = view;
    this.have = frame.version;
    setNameForms(view.name_forms);
    const whole = { ...view, actions: frame.actions || {} };
    return this.events === null ? whole : { ...whole, events: this.events };
  }

  ping() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "ping" }));
  }
}
