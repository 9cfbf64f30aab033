// @ts-check
// Each page is the same shell; this picks the page's module.
import { initI18n, t } from "./i18n.js";
import { h, fill, focusableScrollers } from "./dom.js";

const PAGES = {
  start: () => import("./start.js"),
  join: () => import("./join.js"),
  play: () => import("./play.js"),
  results: () => import("./results.js"),
  coach: () => import("./games/russian_coach.js"),
  class: () => import("./term.js"),
};

async function boot() {
  await initI18n();
  const root = document.getElementById("app");
  const name = document.documentElement.dataset.page;
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      focusableScrollers(root, (heading) => t("a11y.scroll_region", { name: heading }));
    });
  }).observe(root, { childList: true, subtree: true });
  try {
    const module = await PAGES[name]();
    await module.default(root);
  } catch (err) {
    console.error(err);
    fill(root, h("div", { class: "banner bad", text: `${t("error.page")}: ${err.message || err}` }));
  }
}

boot();
