// @ts-check
// Optional sound and vibration for the board: a short tone and buzz when it becomes your move,
// a double one on a capture. Off until the person turns it on (the choice is kept in this
// browser); the sound is made on the spot (Web Audio), nothing is downloaded.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "br:feedback";
let audio = /** @type {AudioContext | null} */ (null);

export function feedbackOn() {
  return localStorage.getItem(KEY) === "on";
}

function tone(frequency, start, length) {
  if (!audio) return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, audio.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + start + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(audio.currentTime + start);
  osc.stop(audio.currentTime + start + length + 0.02);
}

function wakeAudio() {
  const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!audio && Ctx) audio = new Ctx();
  audio?.resume?.().catch(() => {});
}

/** "your-move" or "capture": a tone and a buzz when the person asked for them. */
export function signal(what) {
  if (!feedbackOn()) return;
  document.documentElement.dataset.lastSignal = what; // what tests (and curious people) can see
  if (what === "capture") {
    tone(660, 0, 0.12);
    tone(440, 0.15, 0.18);
    navigator.vibrate?.([60, 40, 60]);
  } else {
    tone(880, 0, 0.15);
    navigator.vibrate?.(80);
  }
}

/** The switch: "Sound and vibration", pressed or not (the name stays, the state is aria-pressed). */
export function feedbackSwitch() {
  const button = h("button", { type: "button", class: "small toggle", dataset: { action: "feedback" }, text: t("board.feedback") });
  const show = () => button.setAttribute("aria-pressed", String(feedbackOn()));
  button.addEventListener("click", () => {
    localStorage.setItem(KEY, feedbackOn() ? "off" : "on");
    if (feedbackOn()) wakeAudio();
    show();
  });
  show();
  return button;
}

// a page opened with the switch on gets its sound at the first touch or key (browsers start
// audio only after a gesture)
for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, () => { if (feedbackOn()) wakeAudio(); }, { once: true, capture: true });
}
