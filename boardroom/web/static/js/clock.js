// @ts-check
// The game clock: seconds since the game was created, as the server counts them.
import { call } from "./api.js";

let offset = null;
const tickers = new Set();

/** Learn the server's game time (half the round trip counted as the way back). */
export async function syncClock(gameId) {
  const sent = performance.now();
  const reply = await call("GET", `/api/web/clock/${encodeURIComponent(gameId)}`);
  const back = performance.now();
  offset = reply.game_time - (sent + back) / 2000;
}

/** Game seconds now (null until synchronised). */
export function gameNow() {
  return offset === null ? null : performance.now() / 1000 + offset;
}

/** Seconds left until a game-time deadline (never negative), or null. */
export function left(deadline) {
  const now = gameNow();
  if (deadline === null || deadline === undefined || now === null) return null;
  return Math.max(0, deadline - now);
}

/** 75 → "1:15"; 5.2 → "0:06". */
export function mmss(seconds) {
  if (seconds === null || seconds === undefined) return "–";
  const whole = Math.ceil(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** Call fn four times a second (countdowns). */
export function everyTick(fn) {
  tickers.add(fn);
  return () => tickers.delete(fn);
}

setInterval(() => {
  for (const fn of tickers) {
    try { fn(); } catch (err) { console.error(err); }
  }
}, 250);

export function startClock(gameId) {
  syncClock(gameId).catch(() => {});
  setInterval(() => syncClock(gameId).catch(() => {}), 30000);
}
