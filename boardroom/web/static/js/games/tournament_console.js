// @ts-check
// The teacher's console of a class event: the code and the QR; who has joined and «Начать
// турнир»; the round's boards live — the two names, the moves played, both clocks, whose turn,
// the time since the last move (a board idle for IDLE_S is marked) — read as one small summary
// per board (GET /api/web/events/{id}/summary, every POLL_MS; the clocks tick in between), not a
// socket per board; a board's result asked first in the page and undone while the round is open;
// «Закончить тур» asked in the page; pupils renamed and withdrawn; the standings and downloads.
// A simul's console is tournament_simul.js (it borrows the join box, the asker and the downloads).
import { h, fill, panel, table } from "../dom.js";
import { t } from "../i18n.js";
import { call, download } from "../api.js";
import { mmss } from "../clock.js";
import { confirmation } from "../confirm.js";
import { roomNotice, roomText, roomQr } from "../room.js";
import { errorLine } from "../shell.js";
import { resultText, who, standingsTable } from "./tournament_table.js";

const POLL_MS = 2000;

export function joinBox(ctx) {
  const path = `/join/${ctx.me.code}`;
  return panel(t("tn.join_title"),
    h("div", { class: "tn-join" },
      roomQr(path, { class: "tn-qr", alt: t("lobby.qr") }),
      h("div", {},
        h("div", { class: "tn-code", dataset: { role: "code" }, text: ctx.me.code }),
        roomText(path, { class: "tn-url-line" }),
        roomNotice(),
        h("a", { class: "button", href: `/play/${ctx.gameId}#role=projector`, target: "_blank", text: t("tn.open_wall") }))));
}

export function downloads(ctx) {
  const error = errorLine();
  const get = (/** @type {string} */ path, /** @type {string} */ name) => async () => {
    error.clear();
    try { await download(path, ctx.secret, name); } catch (err) { error.show(err); }
  };
  const id = encodeURIComponent(ctx.gameId);
  return h("div", { class: "row", dataset: { role: "downloads" } },
    h("button", { type: "button", class: "small", onclick: get(`/api/web/games/${id}/crosstable`, `${ctx.gameId}-crosstable.csv`), text: t("tn.crosstable_csv") }),
    h("button", { type: "button", class: "small", onclick: get(`/api/web/games/${id}/xlsx`, `${ctx.gameId}-crosstable.xlsx`), text: t("tn.crosstable_xlsx") }),
    h("button", { type: "button", class: "small", onclick: get(`/api/web/events/${id}/games.pdn`, `${ctx.gameId}-games.pdn`), text: t("tn.all_pdn") }),
    error.el);
}

/**
 * The one question open at a time, kept outside what each frame redraws (a frame from another
 * board must not close the question the teacher is answering).
 */
export function asker() {
  const slot = h("div", { class: "tn-ask", dataset: { role: "ask" } });
  const error = errorLine();
  return {
    el: h("div", { class: "tn-top" }, slot, error.el),
    /** @param {{role: string, question: string, help?: string, yes: string, yesClass?: string, body?: HTMLElement, send: () => Promise<unknown>}} o */
    ask(o) {
      error.clear();
      const box = confirmation({
        role: o.role, question: o.question, help: o.help, yes: o.yes, no: t("tn.ask_no"),
        yesAction: `${o.role}-yes`, noAction: `${o.role}-no`, yesClass: o.yesClass, body: o.body, extra: error.el,
        onYes: async (yes) => {
          yes.disabled = true;
          try { await o.send(); box.close(); fill(slot); } catch (err) { yes.disabled = false; error.show(err); }
        },
      });
      fill(slot, box.el);
      box.open();
      box.el.scrollIntoView({ block: "nearest" });
    },
    clear() { fill(slot); error.clear(); },
  };
}

/** «Аня — Боря»: the board's pupils in the question. */
function pair(/** @type {any} */ b) {
  return `${who(b.white_name)} — ${who(b.black_name)}`;
}

function resultCell(ctx, ask, act, round, /** @type {any} */ b) {
  if (b.result !== null) {
    const undo = act.undo_result && act.undo_result.boards.includes(b.board);
    return h("span", { class: "row" }, h("b", { text: resultText(b.result) }),
      b.by_teacher ? h("small", { class: "muted", text: t("tn.by_teacher") }) : null,
      undo ? h("button", { type: "button", class: "small", dataset: { action: "undo-result" }, text: t("tn.undo"),
        onclick: () => ask.ask({ role: "confirm-undo", question: t("tn.undo_sure", { board: b.board }), help: t("tn.undo_help"), yes: t("tn.undo_yes"), yesClass: "primary",
          send: () => ctx.send({ type: "undo_result", round, board: b.board }) }) }) : null);
  }
  if (!act.result) return t("tn.playing");
  return h("span", { class: "row" }, [2, 1, 0].map((result) => h("button", {
    type: "button", class: "small", dataset: { action: `result-${result}` }, text: resultText(result),
    onclick: () => ask.ask({
      role: "confirm-result", question: t("tn.result_sure", { result: resultText(result), board: b.board }),
      help: `${pair(b)}. ${t("tn.result_help")}`, yes: t("tn.result_yes", { result: resultText(result) }), yesClass: "primary",
      send: () => ctx.send({ type: "result", round, board: b.board, result }),
    }),
  })));
}

/** The live cells of a board's row, painted from its summary and the seconds since it came. */
function paintRow(/** @type {HTMLElement} */ row, /** @type {any} */ s, /** @type {number} */ aged) {
  const cell = (/** @type {string} */ role) => /** @type {HTMLElement} */ (row.querySelector(`[data-role=${role}]`));
  const playing = s.phase === "play" && s.result === null;
  const clock = (/** @type {string} */ side) => {
    const left = s.clock ? s.clock[side] : null;
    if (left === null || left === undefined) return "–";
    return mmss(playing && s.to_move === side ? Math.max(0, left - aged) : left);
  };
  cell("moves").textContent = s.phase ? String(s.moves) : "–";
  cell("clock-white").textContent = clock("white");
  cell("clock-black").textContent = clock("black");
  cell("turn").textContent = playing && s.to_move ? t(`tn.turn_${s.to_move}`) : "";
  const since = playing && s.since_move !== null ? s.since_move + aged : null;
  const idle = since !== null && since >= s.idle_s;
  fill(cell("since"), since === null ? "" : mmss(since), idle ? h("span", { class: "tn-idle-tag", text: t("tn.idle") }) : null);
  row.classList.toggle("idle", idle);
  row.querySelectorAll("[data-side]").forEach((el) => el.classList.toggle("to-move", playing && el.getAttribute("data-side") === s.to_move));
}

function pupilsPanel(ctx, ask, /** @type {any} */ v) {
  const act = v.actions || {};
  if (!act.rename) return null;
  const rows = v.pupils.map((/** @type {any} */ p, /** @type {number} */ i) => [String(i + 1),
    h("span", {}, p.name, p.withdrawn ? h("small", { class: "muted", text: ` · ${t("tn.withdrawn")}` }) : null),
    h("span", { class: "row" },
      h("button", { type: "button", class: "small", dataset: { action: "rename", pupil: p.id }, text: t("tn.rename"), onclick: () => {
        const input = /** @type {HTMLInputElement} */ (h("input", { type: "text", name: "tn-rename", maxlength: "40", value: p.name }));
        ask.ask({ role: "confirm-rename", question: t("tn.rename_sure", { name: p.name }), yes: t("tn.rename_yes"), yesClass: "primary", body: input,
          send: () => ctx.send({ type: "rename", pupil: p.id, name: input.value }) });
        input.focus();
      } }),
      !p.withdrawn && act.withdraw && act.withdraw.pupils.includes(p.id) ? h("button", { type: "button", class: "small", dataset: { action: "withdraw", pupil: p.id }, text: t("tn.withdraw"),
        onclick: () => ask.ask({ role: "confirm-withdraw", question: t("tn.withdraw_sure", { name: p.name }), help: t(v.format === "round_robin" ? "tn.withdraw_help_rr" : "tn.withdraw_help"),
          yes: t("tn.withdraw_yes"), send: () => ctx.send({ type: "withdraw", pupil: p.id }) }) }) : null)]);
  return h("details", { class: "panel tn-pupils", dataset: { role: "pupils" } },
    h("summary", { text: t("tn.pupils_title", { n: v.pupils.length }) }),
    table(["№", t("tn.name"), ""], rows, "tn-pupil-list"));
}

export function mountConsole(root, ctx) {
  const ask = asker();
  const error = errorLine();
  const state = h("div", { class: "stack" });
  const join = h("div", { class: "tn-join-box" }, joinBox(ctx));
  root.append(h("main", { class: "stack tn-console" }, join, h("div", { class: "tn-top" }, error.el), ask.el, state));
  /** @type {Map<number, any>} */
  let summaries = new Map();
  let fetched = Date.now();
  let round = 0;
  let timer = /** @type {number | null} */ (null);

  function paint() {
    const aged = (Date.now() - fetched) / 1000;
    state.querySelectorAll("tr[data-board]").forEach((row) => {
      const s = summaries.get(Number(row.getAttribute("data-board")));
      if (s) paintRow(/** @type {HTMLElement} */ (row), s, aged);
    });
  }
  async function poll() {
    try {
      const reply = await call("GET", `/api/web/events/${encodeURIComponent(ctx.gameId)}/summary`, undefined, ctx.secret);
      if (reply.round !== round) return;
      summaries = new Map(reply.boards.map((/** @type {any} */ s) => [s.board, { ...s, idle_s: reply.idle_s }]));
      fetched = Date.now();
      paint();
    } catch (err) { console.warn(err); }
  }
  function live(/** @type {boolean} */ on) {
    if (on && timer === null) timer = window.setInterval(poll, POLL_MS);
    if (!on && timer !== null) { window.clearInterval(timer); timer = null; }
  }

  window.setInterval(() => { if (timer !== null) paint(); }, 1000); // the clocks tick between polls
  return {
    update(/** @type {any} */ v) {
      ctx.view = v;
      const act = v.actions || {};
      ctx.bar.setPhase(v.phase === "gathering" ? t("tn.gathering") : v.phase === "over" ? t("tn.over") : t("tn.round_of", { n: v.current, of: v.planned_rounds }));
      join.classList.toggle("compact", v.phase !== "gathering");
      const parts = [];
      if (v.phase === "gathering") {
        const start = act.start ? h("button", { type: "button", class: "primary", dataset: { action: "start" }, text: t("tn.start"), onclick: async () => {
          error.clear();
          try { await ctx.send({ type: "start" }); } catch (err) { error.show(err); }
        } }) : null;
        const here = v.pupils.filter((/** @type {any} */ p) => !p.withdrawn);
        parts.push(panel(t("tn.joined", { n: here.length }),
          h("ul", { class: "tn-names", dataset: { role: "joined" } }, here.map((/** @type {any} */ p) => h("li", { text: p.name }))),
          here.length < 2 ? h("p", { class: "muted", text: t("tn.need_two") }) : null, start));
      }
      const current = v.rounds.length ? v.rounds[v.rounds.length - 1] : null;
      if (current && v.phase === "playing") {
        if (current.round !== round) { round = current.round; summaries = new Map(); }
        const rows = current.boards.map((/** @type {any} */ b) => h("tr", { dataset: { board: String(b.board) }, class: b.result === null ? "" : "done" },
          h("td", { text: String(b.board) }),
          h("td", { dataset: { side: "white" }, text: who(b.white_name) }),
          h("td", { dataset: { side: "black" }, text: who(b.black_name) }),
          h("td", { class: "num", dataset: { role: "moves" } }),
          h("td", { class: "num", dataset: { role: "clock-white" } }),
          h("td", { class: "num", dataset: { role: "clock-black" } }),
          h("td", { dataset: { role: "turn" } }),
          h("td", { class: "num", dataset: { role: "since" } }),
          h("td", { dataset: { role: "result" } }, resultCell(ctx, ask, act, current.round, b))));
        const heads = ["tn.board", "tn.white", "tn.black", "tn.moves", "tn.clock_white", "tn.clock_black", "tn.turn", "tn.since_move", "tn.result"];
        const boards = h("table", { class: "grid tn-boards tn-live" },
          h("thead", {}, h("tr", {}, heads.map((key) => h("th", { text: t(key) })))), h("tbody", {}, rows));
        const end = act.end_round ? h("button", { type: "button", dataset: { action: "end-round" }, text: t("tn.end_round"),
          onclick: () => ask.ask({ role: "confirm-end-round", question: t("tn.end_round_sure"), help: t("tn.end_round_help"), yes: t("tn.end_round_yes"),
            send: () => ctx.send({ type: "end_round", round: current.round }) }) }) : null;
        parts.push(panel(t("tn.round_of", { n: v.current, of: v.planned_rounds }), boards, end));
      }
      const pupils = pupilsPanel(ctx, ask, v);
      const wasOpen = state.querySelector("details[data-role=pupils]")?.hasAttribute("open");
      if (pupils && wasOpen) pupils.setAttribute("open", "");
      if (v.phase !== "gathering") {
        parts.push(panel(t("tn.standings"), standingsTable(v, { playing: v.phase === "playing" }), downloads(ctx)));
      }
      parts.push(pupils);
      fill(state, parts);
      live(v.phase === "playing");
      if (v.phase === "playing") { paint(); poll(); }
    },
  };
}
