// @ts-check
// Quiz Draughts: the name on each piece, chosen by the piece's measured width at the size it is
// drawn — the surname, else a shortened surname ("Преображ."), else the initials — so that no
// round piece ever cuts a name; the captain's crown sits above the label (never over it) and
// its height is counted in.

/** The shortest shortened surname: three letters and a dot. */
const SHORT_MIN = 3;
/** Font sizes tried before a shorter word: the piece's own, then a little smaller. */
const SCALES = [1, 0.88];
/** The initials may shrink further; never below this many pixels. */
const INITIALS_SCALES = [1, 0.88, 0.76, 0.66];
const MIN_PX = 7.5;

/**
 * The words a member's piece may show, best first: the surname (the last word), the surname
 * shortened letter by letter (two letters off at least: «Орл.» says no more than «Орлов»)
 * to three letters and a dot, then the initials. A surname two
 * members share is left out (their initials, then a number, tell them apart).
 * @param {string[]} names
 * @returns {string[][]}
 */
export function labelChoices(names) {
  const words = names.map((name) => String(name).trim().split(/\s+/).filter(Boolean));
  const surnames = words.map((w) => w[w.length - 1] || "?");
  const initials = words.map((w) => w.map((x) => [...x][0].toUpperCase()).join("").slice(0, 3) || "?");
  return words.map((_, i) => {
    const out = [];
    const surname = surnames[i];
    if (surnames.filter((s) => s === surname).length === 1) {
      out.push(surname);
      const letters = [...surname];
      for (let n = letters.length - 2; n >= SHORT_MIN; n -= 1) out.push(`${letters.slice(0, n).join("")}.`);
    }
    const shared = initials.filter((x) => x === initials[i]).length > 1;
    out.push(shared ? `${initials[i].slice(0, 2)}${initials.slice(0, i + 1).filter((x) => x === initials[i]).length}` : initials[i]);
    return out;
  });
}

/** @type {CanvasRenderingContext2D | null} */
let pen = null;

/** @param {string} font @param {string} text */
function widthOf(font, text) {
  pen = pen || /** @type {HTMLCanvasElement} */ (document.createElement("canvas")).getContext("2d");
  if (!pen) return text.length * 10;
  pen.font = font;
  return pen.measureText(text).width;
}

/**
 * The word and size that fit a round face of inner radius `r`: the label (under a crown
 * `crownH` high, if any) centred, every corner of their box inside the circle.
 * @param {string[]} choices @param {CSSStyleDeclaration} style @param {number} r @param {number} crownH
 * @returns {{text: string, px: number}}
 */
export function fitChoice(choices, style, r, crownH) {
  const base = parseFloat(style.fontSize) || 12;
  const lineShare = (parseFloat(style.lineHeight) || base * 1.1) / base;
  const padding = 2 * (parseFloat(style.paddingLeft) || 0);
  const fits = (/** @type {string} */ text, /** @type {number} */ px) => {
    const font = `${style.fontStyle} ${style.fontWeight} ${px}px ${style.fontFamily}`;
    const half = (lineShare * px + crownH) / 2;
    const room = 2 * Math.sqrt(Math.max(0, r * r - half * half)) - 1;
    return widthOf(font, text) + padding <= room;
  };
  const last = choices.length - 1;
  for (let i = 0; i < last; i += 1) {
    for (const scale of SCALES) {
      const px = base * scale;
      if (px >= Math.min(base, MIN_PX) && fits(choices[i], px)) return { text: choices[i], px };
    }
  }
  let px = base;
  for (const scale of INITIALS_SCALES) {
    px = Math.max(Math.min(base, MIN_PX), base * scale);
    if (fits(choices[last], px)) break;
  }
  return { text: choices[last], px };
}

/**
 * Keeps every piece's label on a board fitted: after each render (pieces are made anew) and
 * each resize. `choicesOf(id)` gives a member's words, best first.
 * @param {HTMLElement} grid @param {(id: string) => string[] | undefined} choicesOf
 */
export function fitLabels(grid, choicesOf) {
  const fitAll = () => {
    for (const piece of grid.querySelectorAll(".piece[data-piece]")) fitPiece(/** @type {HTMLElement} */ (piece), choicesOf);
  };
  new MutationObserver(fitAll).observe(grid, { childList: true, subtree: true });
  new ResizeObserver(fitAll).observe(grid);
  // A font that arrives later (the page's own, after the first paint) changes every width:
  // "ready" resolves at once when nothing is loading yet, so each finished load fits again.
  document.fonts?.ready.then(fitAll);
  document.fonts?.addEventListener("loadingdone", fitAll);
  fitAll();
}

/** @param {HTMLElement} piece @param {(id: string) => string[] | undefined} choicesOf */
function fitPiece(piece, choicesOf) {
  const choices = choicesOf(piece.dataset.piece || "");
  const label = /** @type {HTMLElement | null} */ (piece.querySelector(".plabel"));
  if (!choices || !choices.length || !label || !piece.isConnected || !piece.clientWidth) return;
  label.style.fontSize = "";
  const crown = piece.querySelector(".crown");
  const gap = crown ? parseFloat(getComputedStyle(piece).rowGap) || 0 : 0;
  const crownH = crown ? crown.getBoundingClientRect().height + gap : 0;
  const r = piece.clientWidth / 2;
  const style = getComputedStyle(label);
  // The canvas's measure can differ from the page's own rendering by a pixel or two: the
  // rendered box is checked, and a word that does not fit gives way to the next shorter one.
  for (let from = 0; from < choices.length; from += 1) {
    label.style.fontSize = "";
    const { text, px } = fitChoice(choices.slice(from), style, r, crownH);
    if (label.dataset.text !== text) label.dataset.text = text;
    label.style.fontSize = `${px}px`;
    from = choices.indexOf(text, from);
    if (from === choices.length - 1 || rendersInside(label, r, crownH)) return;
  }
}

/** Whether the label's rendered box (under the crown) lies inside a face of inner radius `r`.
 * @param {HTMLElement} label @param {number} r @param {number} crownH */
function rendersInside(label, r, crownH) {
  const box = label.getBoundingClientRect();
  const half = (box.height + crownH) / 2;
  return box.width <= 2 * Math.sqrt(Math.max(0, r * r - half * half)) - 1;
}
