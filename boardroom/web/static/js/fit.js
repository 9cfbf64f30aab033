// @ts-check
// Lists on the wall that grow (trades, meeting outcomes, a log) show the newest lines that fit
// their panel, whole — never a scroll box and never half a line.

/**
 * Show the first lines of each `ul[data-fit]` under root that fit inside its panel; hide the
 * rest (the lists are newest first, so the oldest go).
 * @param {ParentNode} root
 */
export function fitLists(root) {
  for (const list of root.querySelectorAll("ul[data-fit]")) fitList(/** @type {HTMLElement} */ (list));
}

/** @param {HTMLElement} list */
function fitList(list) {
  const box = /** @type {HTMLElement | null} */ (list.closest(".panel"));
  const items = /** @type {HTMLElement[]} */ ([...list.children]);
  for (const li of items) li.style.display = "";
  if (!box || !box.offsetParent) return;
  const limit = box.getBoundingClientRect().bottom - parseFloat(getComputedStyle(box).paddingBottom || "0");
  let full = false;
  for (const li of items) {
    full = full || li.getBoundingClientRect().bottom > limit + 0.5;
    if (full) li.style.display = "none";
  }
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
    for (const list of root.querySelectorAll("ul[data-fit]")) {
      const box = list.closest(".panel");
      if (box) sizes.observe(box);
    }
    later();
  };
}
