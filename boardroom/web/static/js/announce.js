// @ts-check
// The page's one small polite live region: what a screen reader should hear without asking —
// the last move and whose turn it is (once), and a countdown only when it crosses a threshold.
// The rest of the page is not a live region (a clock ticking every second would drown it).
import { h } from "./dom.js";

/** Seconds at which a countdown is read out. */
export const THRESHOLDS = [60, 30, 10];

let region = /** @type {HTMLElement | null} */ (null);
let lastText = "";

function theRegion() {
  if (region && region.isConnected) return region;
  region = h("div", { class: "sr-only", role: "status", "aria-live": "polite", "aria-atomic": "true", dataset: { role: "announcer" } });
  document.body.append(region);
  return region;
}

/**
 * Say a text once in the live region. The same text twice in a row is said again only when
 * `again` is set (a region whose text does not change is not read out again).
 */
export function announce(text, again = false) {
  const el = theRegion();
  if (!text || (text === lastText && !again)) return;
  lastText = text;
  // a fresh text node: screen readers read a changed region's new content
  el.replaceChildren(document.createTextNode(text));
}

/**
 * A countdown's watcher: watch(seconds) after each tick; says(threshold) is announced when the
 * time left crosses one of the thresholds going down (60, 30, 10 s), never between them; a
 * countdown that starts below a threshold is not announced for it. A new deadline (the time
 * going up) starts over.
 */
export function countdownVoice(says, thresholds = THRESHOLDS) {
  let previous = /** @type {number | null} */ (null);
  return {
    watch(seconds) {
      if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) {
        previous = null;
        return;
      }
      if (previous !== null && seconds <= previous) {
        const crossed = thresholds.filter((limit) => previous > limit && seconds <= limit);
        if (crossed.length) announce(says(Math.min(...crossed)), true);
      }
      previous = seconds;
    },
    reset() { previous = null; },
  };
}
