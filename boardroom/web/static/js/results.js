// @ts-check
// Results: the game's own panels (static/js/games/<name>.js: rankings, charts, the reveal),
// the kind's downloads, and a replay with a slider through the whole game.
import { h, fill, panel } from "./dom.js";
import { t, setNameForms } from "./i18n.js";
import { progressPanel } from "./term.js";
import { call, download, secretFor, projectorSecret, keepSecret, goOn, Socket, setFileStem } from "./api.js";
import { hostKey } from "./classes.js";
import { confirmation } from "./confirm.js";
import { topbar, banner } from "./shell.js";
import { Board } from "./board.js";
import { mmss } from "./clock.js";
import { kindModule, kindInfo } from "./kinds.js";

async function seatSecret(gameId) {
  return secretFor(gameId) || projectorSecret(gameId);
}

export default async function results(root) {
  const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
  const bar = topbar(t("r.title"));
  const main = h("main", { class: "stack" });
  fill(root, bar.el, main);
  let secret;
  let seat;
  try {
    secret = await seatSecret(gameId);
    seat = await call("GET", `/api/games/${encodeURIComponent(gameId)}`, undefined, secret);
  } catch (err) {
    fill(main, banner(err.message, true));
    return;
  }
  // Play again: a pupil or the wall reading the results follows to its own seat in the new game.
  if (seat.role !== "host") new Socket(gameId, secret, { onGoesOn: () => goOn(gameId, secret).catch((err) => main.prepend(banner(err.message, true))) });
  const view = seat.view;
  setFileStem(seat.file_stem);
  setNameForms(view.name_forms);
  bar.setWho(`${t(`game.${seat.game}`)} · ${seat.code}`);
  const back = h("a", { class: "button", href: `/play/${gameId}`, text: t("r.back") });
  const again = seat.role === "host" ? againPanel(gameId, secret) : null;
  if (view.phase !== "ended") main.append(banner(t("r.not_over")));
  main.append(h("div", { class: "row" }, back, again && again.button));
  if (again) main.append(again.confirm); // (append() would write a null as the text «null»)
  // A pupil's own line of the class page first, when this game was a lesson of a class.
  const mine = seat.role !== "host" ? await progressPanel(gameId, secret).catch(() => null) : null;
  if (mine) main.append(mine);
  const kind = await kindModule(seat.game);
  kind.results(main, view);
  const report = await reportPanel(gameId, secret);
  if (report) main.append(report);
  const { downloads } = await kindInfo(seat.game);
  if (downloads.length) main.append(downloadsPanel(gameId, secret, downloads));
  if (again) main.append(again.el);
  main.append(await replayPanel(gameId, secret, kind.replay));
}

// --- the per-pupil report: a table on a wide screen, a card a pupil on a narrow one ---------------

async function reportPanel(gameId, secret) {
  const report = await call("GET", `/api/web/games/${encodeURIComponent(gameId)}/report`, undefined, secret);
  if (!report.rows.length) return null;
  const head = h("tr", {}, report.columns.map((name, i) => h("th", { scope: "col", class: report.numeric[i] ? "num" : null, text: name })));
  const rows = report.rows.map((row) => h("tr", {}, row.map((cell, i) => h(i === 0 || (i === 1 && report.numeric[0]) ? "th" : "td", {
    scope: i === 0 || (i === 1 && report.numeric[0]) ? "row" : null,
    class: report.numeric[i] ? "num" : null,
    dataset: { label: report.columns[i] },
    text: cell === "" ? "—" : cell,
  }))));
  const table = h("table", { class: "grid report cards" }, h("thead", {}, head), h("tbody", {}, rows));
  const el = panel(t("r.report"), table, h("small", { class: "muted", text: t("r.report_help") }));
  el.dataset.panel = "report";
  return el;
}

// --- play again (the host): the same settings and class, after a confirmation ---------------

function againPanel(gameId, secret) {
  const error = h("div", { class: "error", role: "alert" });
  const againError = h("div", { class: "error", role: "alert" });
  const again = h("button", { type: "button", class: "primary", dataset: { action: "play-again" }, text: t("r.again"), "aria-expanded": "false", onclick: () => sure.open() });
  const sure = confirmation({
    role: "play-again-confirm", question: t("r.again_confirm"), yes: t("r.again_yes"), no: t("r.again_no"),
    yesAction: "play-again-yes", noAction: "play-again-no", yesClass: "primary", opener: again, extra: againError,
    onYes: async (yes) => {
      yes.disabled = true;
      againError.textContent = "";
      try {
        const made = await call("POST", `/api/web/games/${encodeURIComponent(gameId)}/again`, undefined, secret);
        keepSecret(made.game_id, made.host_secret);
        location.assign(`/play/${made.game_id}#secret=${encodeURIComponent(made.host_secret)}`);
      } catch (err) {
        againError.textContent = err.message;
        yes.disabled = false;
      }
    },
  });
  const confirm = sure.el;
  // The players' names kept as a class for this browser's host key (the start page lists it).
  const className = h("input", { type: "text", name: "class-name", maxlength: "60", "aria-label": t("kept.class_name"), placeholder: t("kept.class_name") });
  const saved = h("div", { class: "ok", dataset: { role: "class-saved" } });
  const save = h("button", { type: "button", dataset: { action: "save-class" }, text: t("r.save_class"), onclick: async () => {
    error.textContent = "";
    saved.textContent = "";
    try {
      if (!className.value.trim()) throw new Error(t("kept.need_name"));
      const body = { name: className.value, game: { id: gameId, secret } };
      const kept = await call("POST", "/api/web/classes", body, await hostKey());
      saved.textContent = t("kept.class_saved", { name: kept.name, n: kept.names.length });
    } catch (err) {
      error.textContent = err.message;
    }
  } });
  // The button and its question at the top of the page; keeping the class, further down.
  const el = panel(t("r.save_class"), h("div", { class: "row" }, className, save), saved, error);
  el.dataset.panel = "keep-class";
  return { button: again, confirm: h("div", { dataset: { role: "again" } }, confirm), el };
}

// --- replay -----------------------------------------------------------------------------------

function downloadsPanel(gameId, secret, downloads) {
  const error = h("div", { class: "error" });
  const buttons = downloads.map(({ name }) => h("button", { type: "button", dataset: { action: name.split(".")[0] }, text: t(`r.${name.replace(".", "_")}`), onclick: async () => {
    error.textContent = "";
    // the server names the file (the game's title or kind, code and day)
    try { await download(`/api/web/games/${gameId}/${name}`, secret, `${gameId}-${name}`); } catch (err) { error.textContent = err.message; }
  } }));
  return panel(t("r.downloads"), h("div", { class: "row" }, buttons), h("small", { class: "muted", text: t("r.downloads_help") }), error);
}

async function replayPanel(gameId, secret, replay) {
  const data = await call("GET", `/api/web/games/${gameId}/replay`, undefined, secret);
  const frames = replay.frames ? replay.frames(data.frames) : data.frames;
  const board = new Board({ named: replay.named });
  const slider = h("input", { type: "range", min: "0", max: String(Math.max(0, frames.length - 1)), value: String(Math.max(0, frames.length - 1)), name: "replay", "aria-label": t("a11y.replay_slider") });
  const caption = h("div", { dataset: { role: "replay-caption" } });
  const extra = h("div", { class: "scroll-x" });
  const play = h("button", { type: "button", class: "small", text: "▶" });
  let timer = null;
  const show = () => {
    const frame = frames[Number(slider.value)];
    if (!frame) return;
    replay.show(board, extra, frame);
    const what = frame.event.type === "setup" ? t("r.setup") : replay.describe(frame.event, frame.view);
    fill(caption, h("b", { text: `${Number(slider.value) + 1}/${frames.length}` }), ` · ${mmss(frame.at)} · `, what);
  };
  slider.addEventListener("input", show);
  play.addEventListener("click", () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = "▶"; return; }
    if (Number(slider.value) >= frames.length - 1) slider.value = "0";
    play.textContent = "⏸";
    timer = setInterval(() => {
      if (Number(slider.value) >= frames.length - 1) { clearInterval(timer); timer = null; play.textContent = "▶"; return; }
      slider.value = String(Number(slider.value) + 1);
      show();
    }, 700);
  });
  const step = (d) => h("button", { type: "button", class: "small", text: d < 0 ? "◀" : "▶▶", onclick: () => {
    slider.value = String(Math.min(frames.length - 1, Math.max(0, Number(slider.value) + d)));
    show();
  } });
  show();
  const el = panel(t("r.replay"), h("div", { class: "cols" }, board.el, h("div", { class: "stack" },
    h("div", { class: "replay-controls" }, step(-1), play, step(1)), slider, caption, extra)));
  el.dataset.panel = "replay";
  return el;
}
