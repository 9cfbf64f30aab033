// @ts-check
// Quiz Draughts: the name on each piece. One function decides a member's label from the names
// alone (`pieceLabels`), so a piece reads the same on the phone, the wall, the console and the
// replay; only its type size follows the piece's measured face (`fitLabels`), so no round
// piece ever cuts it. The captain's crown sits above the label (never over it), its height
// counted in. A name is shortened only here, where a piece label must be short.

/** Surnames this long or shorter stay whole on a piece. */
export const WHOLE_MAX = 5;
/** A shortened surname keeps at least this many letters, then a dot («Кон.»). */
const SHORT_MIN = 3;
/** Sizes tried, as shares of the piece's own type size, before the smallest that fits. */
const SCALES = [1, 0.94, 0.88, 0.82, 0.76, 0.7, 0.64, 0.58, 0.52, 0.46, 0.4];

/**
 * Each member's piece label, from every member's name on the board: the surname (the last
 * word) when it has at most WHOLE_MAX letters, else its first three letters and a dot
 * («Константинопольский» → «Кон.»), with more letters where two members would share the
 * label («Кон.» and «Конев» → «Конс.», «Конев»); members of one surname get their initials
 * («КК»), and a number where those are shared too.
 * @param {string[]} names
 * @returns {string[]}
 */
export function pieceLabels(names) {
  const words = names.map((name) => String(name).trim().split(/\s+/).filter(Boolean));
  const surnames = words.map((w) => w[w.length - 1] || "?");
  const initials = words.map((w) => w.map((x) => [...x][0].toUpperCase()).join("").slice(0, 3) || "?");
  const labels = surnames.map((surname, i) => {
    if (surnames.filter((s) => s === surname).length > 1) return initials[i];
    const letters = [...surname];
    if (letters.length <= WHOLE_MAX) return surname;
    for (let n = SHORT_MIN; n <= letters.length - 2; n += 1) {
      const short = `${letters.slice(0, n).join("")}.`;
      const clash = surnames.some((other, j) => j !== i && other !== surname && [...other].slice(0, n).join("") === letters.slice(0, n).join(""));
      if (!clash) return short;
    }
    return surname;
  });
  return labels.map((label, i) => {
    if (labels.filter((x) => x === label).length === 1) return label;
    return `${label.slice(0, 2)}${labels.slice(0, i + 1).filter((x) => x === label).length}`;
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
 * The type size at which `text` fits a round face of inner radius `r`: the label (under a
 * crown `crownH` high, if any) centred, every corner of its box inside the circle.
 * @param {string} text @param {CSSStyleDeclaration} style @param {number} r @param {number} crownH
 * @returns {number}
 */
export function fitSize(text, style, r, crownH) {
  const base = parseFloat(style.fontSize) || 12;
  const lineShare = (parseFloat(style.lineHeight) || base * 1.1) / base;
  const padding = 2 * (parseFloat(style.paddingLeft) || 0);
  const fits = (/** @type {number} */ px) => {
    const font = `${style.fontStyle} ${style.fontWeight} ${px}px ${style.fontFamily}`;
    const half = (lineShare * px + crownH) / 2;
    const room = 2 * Math.sqrt(Math.max(0, r * r - half * half)) - 1;
    return widthOf(font, text) + padding <= room;
  };
  for (const scale of SCALES) if (fits(base * scale)) return base * scale;
  return base * SCALES[SCALES.length - 1];
}

/**
 * Keeps every piece's label fitted on a board: after each render (pieces are made anew) and
 * each resize. The label's words are the piece's own (`pieceLabels`); only its size changes.
 * @param {HTMLElement} grid
 */
export function fitLabels(grid) {
  const fitAll = () => {
    for (const piece of grid.querySelectorAll(".piece[data-piece]")) fitPiece(/** @type {HTMLElement} */ (piece));
  };
  new MutationObserver(fitAll).observe(grid, { childList: true, subtree: true });
  new ResizeObserver(fitAll).observe(grid);
  // A font that arrives later (the page's own, after the first paint) changes every width:
  // "ready" resolves at once when nothing is loading yet, so each finished load fits again.
  document.fonts?.ready.then(fitAll);
  document.fonts?.addEventListener("loadingdone", fitAll);
  fitAll();
}

/** @param {HTMLElement} piece */
function fitPiece(piece) {
  const label = /** @type {HTMLElement | null} */ (piece.querySelector(".plabel"));
  const text = label ? label.dataset.text || "" : "";
  if (!label || !text || !piece.isConnected || !piece.clientWidth) return;
  label.style.fontSize = "";
  const crown = piece.querySelector(".crown");
  const gap = crown ? parseFloat(getComputedStyle(piece).rowGap) || 0 : 0;
  const crownH = crown ? crown.getBoundingClientRect().height + gap : 0;
  const r = piece.clientWidth / 2;
  const style = getComputedStyle(label);
  let px = fitSize(text, style, r, crownH);
  label.style.fontSize = `${px}px`;
  // The canvas's measure can differ from the page's own rendering by a pixel or two: the
  // rendered box is checked, and the size steps down until it lies inside.
  for (let i = 0; i < 6 && !rendersInside(label, r, crownH); i += 1) {
    px *= 0.94;
    label.style.fontSize = `${px}px`;
  }
}

/** Whether the label's rendered box (under the crown) lies inside a face of inner radius `r`.
 * @param {HTMLElement} label @param {number} r @param {number} crownH */
function rendersInside(label, r, crownH) {
  const box = label.getBoundingClientRect();
  const half = (box.height + crownH) / 2;
  return box.width <= 2 * Math.sqrt(Math.max(0, r * r - half * half)) - 1;
}
