// @ts-check
// A simul's console (the class event's format "simul"): the teacher plays one colour on every
// board at once. Before the start: the code and the QR, who has joined, robots seated for absent
// pupils, «Начать сеанс». Then the boards as a mosaic of small live boards (one summary per board,
// GET /api/web/events/{id}/summary every POLL_MS: position, whose turn, the time since the last
// move, the result), the board to answer first highlighted (the teacher's turn, the pupil moved
// longest ago: the server's `first`); a click opens a board big beside the mosaic — the Russian
// draughts player page itself in a frame, opened by the console's own secret, which the server
// seated on the teacher's side of every board — to move on it. Results per board on the tiles;
// «Закончить сеанс» (asked in the page: boards still played are draws); the table and downloads.
import { h, fill, panel } from "../dom.js";
import { t } from "../i18n.js";
import { call } from "../api.js";
import { mmss } from "../clock.js";
import { errorLine } from "../shell.js";
import { asker, downloads, joinBox } from "./tournament_console.js";
import { miniBoard } from "./tournament_wall.js";
import { resultText, who, standingsTable } from "./tournament_table.js";

const POLL_MS = 1500;

/** The pupil's name on a board (the teacher sits on the other side). */
function pupilOf(/** @type {any} */ b, /** @type {string} */ teacher) {
  const side = teacher === "white" ? "black" : "white";
  const pupil = b[side];
  return pupil === null || pupil === undefined ? who(pupil, b[`${side}_id`]) : pupil;
}

/** A finished board in words, from the pupil's side: who won. */
function outcome(/** @type {number} */ result, /** @type {string} */ teacher) {
  if (result === 1) return t("sm.draw");
  const teacherWon = (result === 2) === (teacher === "white");
  return teacherWon ? t("sm.teacher_won") : t("sm.pupil_won");
}

/** What a tile says under its board: the result, or whose move and for how long. */
function status(/** @type {any} */ s, /** @type {string} */ teacher, /** @type {number} */ aged) {
  if (s.result !== null && s.result !== undefined) return `${resultText(s.result)} · ${outcome(s.result, teacher)}`;
  if (s.phase !== "play") return t("tn.boards_coming");
  const since = s.since_move === null ? "" : ` · ${mmss(s.since_move + aged)}`;
  return (s.to_move === teacher ? t("sm.your_move") : t("sm.their_move")) + since;
}

export function mountSimul(root, ctx) {
  const ask = asker();
  const error = errorLine();
  const join = h("div", { class: "tn-join-box" }, joinBox(ctx));
  const state = h("div", { class: "stack" });
  const mosaic = h("div", { class: "sm-mosaic", dataset: { role: "simul-mosaic" } });
  const bigHead = h("div", { class: "sm-big-head", dataset: { role: "open-board-head" } });
  const bigSlot = h("div", { class: "sm-big-slot" }, h("p", { class: "muted", text: t("sm.pick") }));
  const big = h("section", { class: "sm-big", dataset: { role: "open-board" } }, bigHead, bigSlot);
  const head = h("div", { class: "sm-head" });
  const play = h("div", { class: "sm-play" }, h("section", { class: "sm-left" }, head, mosaic), big);
  const table = h("section", { class: "panel" });
  root.append(h("main", { class: "stack tn-console sm-console" }, join, h("div", { class: "tn-top" }, error.el), ask.el, state));
  /** @type {any[]} */
  let boards = [];
  /** @type {number | null} */
  let first = null;
  let open = 0;
  let openGame = "";
  let fetched = Date.now();
  let teacher = "white";
  /** @type {any} */
  let act = {};
  let round = 1;
  let timer = /** @type {number | null} */ (null);

  function openBoard(/** @type {number} */ n) {
    const s = boards.find((b) => b.board === n);
    if (!s || !s.game_id) return;
    open = n;
    const sitIn = act.sit_in && act.sit_in.boards.includes(n) ? h("button", { type: "button", class: "small", dataset: { action: "sit-in" }, text: t("sm.sit_in"),
      onclick: () => ask.ask({ role: "confirm-sit-in", question: t("sm.sit_in_sure", { name: pupilOf(s, teacher), board: n }), help: t("sm.sit_in_help"), yes: t("sm.sit_in_yes"), yesClass: "primary",
        send: () => ctx.send({ type: "sit_in", round, board: n }) }) }) : null;
    fill(bigHead, h("b", { text: t("sm.board_title", { board: n, name: pupilOf(s, teacher) }) }),
      h("span", { class: "row" }, sitIn,
        h("button", { type: "button", class: "small", dataset: { action: "next-board" }, text: t("sm.to_first"), onclick: () => { if (first !== null) openBoard(first); } })));
    if (openGame !== s.game_id) {
      openGame = s.game_id;
      const src = `/play/${encodeURIComponent(s.game_id)}#secret=${encodeURIComponent(ctx.secret)}`;
      fill(bigSlot, h("iframe", { class: "sm-frame", src, title: t("sm.board_title", { board: n, name: pupilOf(s, teacher) }), dataset: { game: s.game_id, board: String(n) } }));
    }
    paint();
  }

  function paint() {
    const aged = (Date.now() - fetched) / 1000;
    const waiting = boards.filter((b) => b.result === null && b.phase === "play" && b.to_move === teacher).length;
    fill(mosaic, boards.map((s) => h("button", {
      type: "button",
      class: `sm-tile${s.board === first ? " first" : ""}${s.board === open ? " open" : ""}${s.result !== null ? " done" : ""}`,
      dataset: { board: String(s.board), action: "open-board", ...(s.board === first ? { first: "1" } : {}) },
      "aria-pressed": String(s.board === open),
      onclick: () => openBoard(s.board),
    },
    h("span", { class: "sm-tile-top" }, h("b", { text: String(s.board) }), h("span", { class: "sm-name", text: pupilOf(s, teacher) })),
    s.position ? miniBoard(s.position, s.last) : h("span", { class: "tn-mini" }),
    h("span", { class: "sm-tile-state", dataset: { role: "tile-state" } }, status(s, teacher, aged)),
    s.sat_in && s.result === null ? h("span", { class: "sm-sat-in", text: t("sm.robot_plays_on") }) : null,
    s.board === first ? h("span", { class: "sm-first-tag", text: t("sm.answer_first") }) : null)));
    const playing = boards.some((b) => b.result === null);
    const count = playing ? h("span", { class: "muted", dataset: { role: "waiting-count" }, text: t("sm.waiting", { n: waiting }) }) : null;
    const heading = state.querySelector("[data-role=simul-count]");
    if (heading) fill(heading, count);
  }

  async function poll() {
    try {
      const reply = await call("GET", `/api/web/events/${encodeURIComponent(ctx.gameId)}/summary`, undefined, ctx.secret);
      const key = JSON.stringify([reply.boards, reply.first]);
      fetched = Date.now();
      if (key !== JSON.stringify([boards, first])) {
        boards = reply.boards;
        first = reply.first === undefined ? null : reply.first;
        if (!open && boards.length) openBoard(first ?? boards[0].board);
      }
      paint();
    } catch (err) { console.warn(err); }
  }
  function live(/** @type {boolean} */ on) {
    if (on && timer === null) timer = window.setInterval(poll, POLL_MS);
    if (!on && timer !== null) { window.clearInterval(timer); timer = null; }
  }
  window.setInterval(() => { if (timer !== null) paint(); }, 1000); // the times tick between polls

  return {
    update(/** @type {any} */ v) {
      ctx.view = v;
      act = v.actions || {};
      round = v.current || 1;
      teacher = v.settings.teacher || "white";
      ctx.bar.setPhase(v.phase === "gathering" ? t("tn.gathering") : v.phase === "over" ? t("sm.over") : t("sm.title"));
      join.classList.toggle("hidden", v.phase !== "gathering"); // a simul takes nobody late
      const colour = h("p", { class: "banner", dataset: { role: "teacher-colour" }, text: t("sm.plays_as", { colour: t(`tn.as_${teacher}`) }) });
      if (v.phase === "gathering") {
        live(false);
        const send = (/** @type {any} */ command) => async () => {
          error.clear();
          try { await ctx.send(command); } catch (err) { error.show(err); }
        };
        const here = v.pupils.filter((/** @type {any} */ p) => !p.withdrawn);
        const robots = here.filter((/** @type {any} */ p) => p.robot).length;
        fill(state, panel(t("tn.joined", { n: here.length }), colour,
          h("ul", { class: "tn-names", dataset: { role: "joined" } }, here.map((/** @type {any} */ p) =>
            h("li", { class: p.robot ? "robot" : "", text: p.robot ? `${p.name} · ${t("sm.robot_tag")}` : p.name }))),
          here.length < 1 ? h("p", { class: "muted", text: t("sm.need_one") }) : null,
          h("div", { class: "row" },
            act.add_robot ? h("button", { type: "button", dataset: { action: "add-robot" }, text: t("sm.add_robot"), onclick: send({ type: "add_robot", name: t("sm.robot_name", { n: robots + 1 }) }) }) : null,
            act.start ? h("button", { type: "button", class: "primary", dataset: { action: "start" }, text: t("sm.start"), onclick: send({ type: "start" }) }) : null),
          h("p", { class: "muted", text: t("sm.robot_help") })));
        return;
      }
      const end = act.end_round ? h("button", { type: "button", dataset: { action: "end-simul" }, text: t("sm.end"),
        onclick: () => ask.ask({ role: "confirm-end-simul", question: t("sm.end_sure"), help: t("sm.end_help"), yes: t("sm.end_yes"),
          send: () => ctx.send({ type: "end_round", round: v.current }) }) }) : null;
      fill(head, h("h2", { text: v.phase === "over" ? t("sm.over") : t("sm.boards") }),
        h("span", { dataset: { role: "simul-count" } }), end);
      // built once: a frame moved in the page would load again (the open board stays as it is)
      if (!state.contains(play)) {
        fill(state, play, table);
        play.scrollIntoView({ block: "start" });
      }
      fill(table, h("h2", { text: v.phase === "over" ? t("sm.results") : t("tn.standings") }),
        standingsTable(v, { playing: v.phase === "playing" }), downloads(ctx));
      live(v.phase === "playing");
      if (open) openBoard(open); // the open board's actions follow the view
      poll();
    },
  };
}
