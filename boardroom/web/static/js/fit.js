// @ts-check
// The one fit of every wall (the projector of each kind, started by play.js): the class reads
// it from the back row, so
//   - no text is smaller than the wall's least size: 18 px at 1280×720, growing with the
//     screen (27 px at 1920×1080) — a smaller text is raised to it, SVG labels too;
//   - lists that grow (trades, meeting outcomes, themes) show the lines that fit their panel,
//     whole, newest first, and say how many more there are — never a scroll box, never half a
//     line.
// The pieces' own labels are not raised: their word is chosen by the piece's width
// (quiz_labels.js). Layouts (css/*.css) are made for this least size; this is the floor.

/** The wall's least text size in CSS px at the current screen: 18 px at 1280×720, growing
 * with a bigger wall (27 px at 1920×1080), never less (a phone watching the wall: 18 px). */
export function leastPx() {
  return 18 * Math.max(1, Math.min(window.innerHeight / 720, window.innerWidth / 1280));
}

/** Text that is drawn for the eye but not read as words, or not the wall's own. */
const EXEMPT = ".topbar, .piece, .sr-only, .skip, .board .coord";

/** @param {Element} el */
function ownText(el) {
  for (const node of el.childNodes) if (node.nodeType === 3 && node.textContent && node.textContent.trim()) return true;
  return false;
}

/**
 * Raise every text under root smaller than the least size to it (HTML by its font size, SVG
 * text by its drawn size); whether any size changed since the last time.
 * @param {Element} root
 */
export function floorType(root) {
  const before = [...root.querySelectorAll("[data-fit-px]")].map((el) => /** @type {HTMLElement | SVGElement} */ (el).style.fontSize).join();
  for (const el of root.querySelectorAll("[data-fit-px]")) {
    if (el instanceof SVGElement) el.style.removeProperty("font-size");
    else /** @type {HTMLElement} */ (el).style.removeProperty("font-size");
    el.removeAttribute("data-fit-px");
  }
  const least = leastPx();
  for (const el of root.querySelectorAll("*")) {
    if (!ownText(el) || el.closest(EXEMPT)) continue;
    // SVG: only drawn text (a <title> is read aloud, not drawn)
    if (!(el instanceof HTMLElement || el instanceof SVGGraphicsElement)) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const size = parseFloat(style.fontSize);
    const scale = el instanceof SVGGraphicsElement ? Math.abs(el.getScreenCTM()?.a || 0) : 1;
    if (!scale || size * scale >= least - 0.25) continue;
    el.style.setProperty("font-size", `${(least / scale).toFixed(2)}px`);
    el.setAttribute("data-fit-px", "");
  }
  const after = [...root.querySelectorAll("[data-fit-px]")].map((el) => /** @type {HTMLElement | SVGElement} */ (el).style.fontSize).join();
  return before !== after;
}

/** @type {WeakMap<Element, (n: number) => string>} */
const MORE = new WeakMap();

/**
 * A sign under a fitted list saying how many of its lines are hidden, in words(n).
 * @param {(n: number) => string} words
 */
export function moreSign(words) {
  const el = document.createElement("div");
  el.className = "fit-more hidden";
  el.dataset.fitMore = "";
  MORE.set(el, words);
  return el;
}

/**
 * Show the first lines of each `[data-fit]` list under root that fit inside its panel; hide
 * the rest (the lists are newest first, so the oldest go). A moreSign() in the same panel
 * says how many are hidden.
 * @param {ParentNode} root
 */
export function fitLists(root) {
  for (const list of root.querySelectorAll("[data-fit]")) fitList(/** @type {HTMLElement} */ (list));
}

/** @param {HTMLElement} list */
function fitList(list) {
  const box = /** @type {HTMLElement | null} */ (list.closest(".panel"));
  const more = /** @type {HTMLElement | null} */ (box ? box.querySelector("[data-fit-more]") : null);
  const items = /** @type {HTMLElement[]} */ ([...list.children]);
  for (const li of items) li.style.display = "";
  if (more) more.classList.add("hidden");
  if (!box || !box.offsetParent) return;
  // data-fit="end": a score sheet, newest last — the first lines go
  const order = list.dataset.fit === "end" ? items : [...items].reverse();
  const over = () => box.scrollHeight > box.clientHeight + 0.5
    || (items.length > 0 && box.getBoundingClientRect().bottom > window.innerHeight + 0.5);
  const words = more ? MORE.get(more) || ((/** @type {number} */ n) => `+${n}`) : null;
  let hidden = 0;
  for (const li of order) {
    if (!over()) break;
    li.style.display = "none";
    hidden += 1;
    if (more && words) {
      more.textContent = words(hidden);
      more.classList.remove("hidden");
    }
  }
}

/**
 * The wall's fit, now and after every change of its content or of the window: the type's
 * floor first, then the lists (they depend on the type's size).
 * @param {HTMLElement} root
 */
export function fitWall(root) {
  let queued = false;
  // a drawing that is resized (its panel grew or shrank) draws its labels at another scale
  const sizes = new ResizeObserver(() => later());
  const run = () => {
    queued = false;
    // raising HTML text moves the drawings beside it (a legend grows, its chart shrinks):
    // floor again until every size holds (twice is enough in practice)
    for (let pass = 0; pass < 3 && floorType(root); pass++);
    fitLists(root);
    for (const svg of root.querySelectorAll("svg")) if (svg.parentElement) sizes.observe(svg.parentElement);
  };
  const later = () => {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(run);
  };
  new MutationObserver(later).observe(root, { childList: true, subtree: true, characterData: true });
  sizes.observe(root);
  window.addEventListener("resize", later);
  later();
  return later;
}

/**
 * Fit root's lists now, after every layout change of the window, and whenever asked.
 * @param {HTMLElement} root
 */
export function keepFitted(root) {
  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(() => { queued = false; fitLists(root); });
  };
  // A panel that grows or shrinks (a status line wrapping, a table redrawn) fits its list again.
  const sizes = new ResizeObserver(later);
  return () => {
    for (const list of root.querySelectorAll("[data-fit]")) {
      const box = list.closest(".panel");
      if (box) sizes.observe(box);
    }
    later();
  };
}
