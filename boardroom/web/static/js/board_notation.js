// @ts-check
// The board's notation: square names, a move's path and the squares it jumps, and moves typed
// in Russian notation matched against the legal ones (board.js re-exports them).
export const FILES = "abcdefgh";

export function squareName(file, rank) {
  return FILES[file] + String(rank + 1);
}

export function coords(square) {
  return [FILES.indexOf(square[0]), Number(square.slice(1)) - 1];
}

/** "c3:e5:g7" → ["c3", "e5", "g7"]; "c3-d4" → ["c3", "d4"]. */
export function pathOf(move) {
  return String(move).toLowerCase().split(/[-:x]/).filter(Boolean);
}

/** The squares strictly between two squares on one diagonal. */
function between(a, b) {
  const [fa, ra] = coords(a);
  const [fb, rb] = coords(b);
  const df = Math.sign(fb - fa);
  const dr = Math.sign(rb - ra);
  const out = [];
  if (Math.abs(fb - fa) !== Math.abs(rb - ra)) return out;
  for (let f = fa + df, r = ra + dr; f !== fb; f += df, r += dr) out.push(squareName(f, r));
  return out;
}

/** The pieces a path jumps over (the first occupied square between each pair of hops). */
export function takenAlong(path, occupied) {
  const taken = [];
  for (let i = 1; i < path.length; i += 1) {
    const hit = between(path[i - 1], path[i]).find((sq) => occupied.has(sq) && !taken.includes(sq));
    if (hit) taken.push(hit);
  }
  return taken;
}

const LOOKALIKE = /** @type {Record<string, string>} */ ({ "а": "a", "с": "c", "е": "e", "в": "b" });

/**
 * A typed move as squares: "C3 x E5" → {squares: ["c3", "e5"], capture: true}; null when it is
 * not written as squares joined by "-", ":" or "x" (Cyrillic "х" and look-alike letters too).
 */
export function readMove(text) {
  const plain = String(text).trim().toLowerCase()
    .replace(/[асев]/g, (c) => LOOKALIKE[c])
    .replace(/[x×х]/g, ":")
    .replace(/[—–−]/g, "-")
    .replace(/\s+/g, "");
  if (!/^[a-h][1-8]([-:]?[a-h][1-8])+$/.test(plain)) return null;
  return { squares: plain.match(/[a-h][1-8]/g) || [], capture: plain.includes(":") };
}

/**
 * The legal moves a typed move names: same first and last square, and every square typed in
 * between on the move's way in that order (so "c3:g7" names "c3:e5:g7" when no other capture
 * from c3 ends on g7).
 */
export function matchMove(text, legal) {
  const typed = readMove(text);
  if (!typed) return null;
  const want = typed.squares;
  return legal.filter((move) => {
    const path = pathOf(move);
    if (path[0] !== want[0] || path[path.length - 1] !== want[want.length - 1]) return false;
    let at = 1;
    for (const square of want.slice(1, -1)) {
      while (at < path.length - 1 && path[at] !== square) at += 1;
      if (at >= path.length - 1) return false;
      at += 1;
    }
    return true;
  });
}
