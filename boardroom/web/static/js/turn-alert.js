// @ts-check
// "Your move" that cannot be missed: a buzz, a short tone (made on the spot by Web Audio,
// nothing downloaded) and, while the page is in the background, a flashing tab title. On by
// default; one tap mutes it, and the choice is kept in this browser.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "br:turn-alert";
let audio = /** @type {AudioContext | null} */ (null);

/** True unless the person muted the alert on this browser. */
export function alertOn() {
  return localStorage.getItem(KEY) !== "off";
}

function wakeAudio() {
  const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  try {
    if (!audio && Ctx) audio = new Ctx();
    audio?.resume?.().catch(() => {});
  } catch {
    audio = null;
  }
}

function beep() {
  if (!audio || audio.state !== "running") return; // browsers allow sound only after a touch
  const now = audio.currentTime;
  for (const [freq, start] of [[784, 0], [1047, 0.16]]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + 0.14);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + start);
    osc.stop(now + start + 0.16);
  }
}

let flashing = 0;
let savedTitle = "";

function stopFlash() {
  if (!flashing) return;
  clearInterval(flashing);
  flashing = 0;
  document.title = savedTitle;
}

/** Flash the tab title with `text` until the page is seen again (or stop() is called). */
function flashTitle(text) {
  if (!document.hidden || flashing) return;
  savedTitle = document.title;
  let on = false;
  flashing = window.setInterval(() => {
    on = !on;
    document.title = on ? `● ${text}` : savedTitle;
  }, 900);
}

document.addEventListener("visibilitychange", () => { if (!document.hidden) stopFlash(); });
for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, () => { if (alertOn()) wakeAudio(); }, { capture: true, passive: true });
}

/** The turn began: buzz, tone and (in the background) the title — unless muted. */
export function turnBegins(text) {
  document.documentElement.dataset.lastAlert = "turn";
  if (!alertOn()) return;
  try { navigator.vibrate?.([200, 100, 200]); } catch { /* not allowed here */ }
  beep();
  flashTitle(text);
}

/** The turn is over (moved, passed, timed out): the title stops flashing. */
export function turnEnds() {
  stopFlash();
}

/** The mute button: a real toggle (aria-pressed = the alert is on), remembered. */
export function alertSwitch() {
  const button = h("button", { type: "button", class: "small toggle x-mute", dataset: { action: "turn-alert" } });
  const show = () => {
    const on = alertOn();
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? t("x.alert_on") : t("x.alert_off");
    button.title = on ? t("x.alert_mute") : t("x.alert_unmute");
  };
  button.addEventListener("click", () => {
    localStorage.setItem(KEY, alertOn() ? "off" : "on");
    if (alertOn()) wakeAudio();
    show();
  });
  show();
  return button;
}
