// @ts-check
// A class tournament: the pupil's phone (waiting room → this round's board → the result and the
// standings → the next board), the teacher's console (code, start, the boards, a stuck board's
// result), and the wall (tournament_wall.js). The boards themselves are Russian draughts games:
// the phone shows the pupil's board page in a frame, opened by the pupil's own secret.
import { h, fill, panel, field, options } from "../dom.js";
import { t } from "../i18n.js";
import { call, commandId } from "../api.js";
import { mountWall } from "./tournament_wall.js";
import { mountConsole } from "./tournament_console.js";
import { mountSimul } from "./tournament_simul.js";
import { points, who, roundText, standingsTable } from "./tournament_table.js";

/** The pupil's result on their board, in words. */
function myResult(board) {
  return board.result === 2 ? t("tn.you_won") : board.result === 1 ? t("tn.you_drew") : t("tn.you_lost");
}

/** The pupil's finished games, each linked to the coach's review (opened by the same secret). */
function myGames(/** @type {any} */ v, /** @type {string} */ secret) {
  const rows = [];
  for (const r of v.rounds || []) {
    for (const b of r.boards) {
      if (b.result === null || !b.game_id || (b.white !== v.you && b.black !== v.you)) continue;
      const white = b.white === v.you;
      const scored = white ? b.result : 2 - b.result;
      const href = `/coach/${encodeURIComponent(b.game_id)}#secret=${encodeURIComponent(secret)}`;
      rows.push(h("li", { dataset: { game: b.game_id } },
        h("span", { text: t("tn.my_game", { round: r.round, name: who(white ? b.black_name : b.white_name, white ? b.black : b.white), points: points(scored) }) }),
        h("a", { class: "button small", dataset: { action: "coach" }, href, text: t("coach.open") })));
    }
  }
  return rows.length ? panel(t("tn.my_games"), h("ul", { class: "tn-games", dataset: { role: "my-games" } }, rows)) : null;
}

// --- the pupil's phone -----------------------------------------------------------------------

function phone(root, ctx) {
  const head = h("div", { class: "tn-head", dataset: { role: "tn-head" } });
  const body = h("div", { class: "stack tn-body" });
  const main = h("main", { class: "stack tn-phone" }, head, body);
  root.append(main);
  let frameFor = "";
  let entering = false;
  return {
    update(/** @type {any} */ v) {
      ctx.view = v;
      const entered = v.pupils.some((/** @type {any} */ p) => p.id === v.you);
      if (!entered && !entering && v.actions && v.actions.enter) { // (late: a Swiss's next round)
        entering = true;
        ctx.send({ type: "enter", name: ctx.me.name }).catch((/** @type {any} */ err) => console.warn(err));
      }
      const board = v.my_board;
      const playing = v.phase === "playing" && board && board.game_id && board.result === null;
      if (playing) {
        ctx.bar.setPhase(roundText(v));
        fill(head, h("p", { class: "tn-vs", dataset: { role: "my-board" } },
          t("tn.board_line", { board: board.board, colour: t(`tn.as_${board.color}`), name: who(board.opponent, board.teacher ? "teacher" : "") })));
        if (frameFor !== board.game_id) {
          frameFor = board.game_id;
          const src = `/play/${encodeURIComponent(board.game_id)}#secret=${encodeURIComponent(ctx.secret)}`;
          fill(body, h("iframe", { class: "tn-board", src, title: t("tn.your_board"), dataset: { game: board.game_id } }));
        }
        return;
      }
      frameFor = "";
      ctx.bar.setPhase(v.phase === "gathering" ? t("tn.gathering") : v.phase === "over" ? t(v.format === "simul" ? "sm.over" : "tn.over") : roundText(v));
      if (v.phase === "gathering") {
        const here = v.pupils.filter((/** @type {any} */ p) => !p.withdrawn);
        fill(head, h("h2", { text: v.title }));
        fill(body, panel(t("tn.waiting_title"),
          h("p", { class: "banner", dataset: { role: "waiting" }, text: t("tn.teacher_starts") }),
          h("p", { text: t("tn.joined", { n: here.length }) }),
          h("ul", { class: "tn-names", dataset: { role: "joined" } }, here.map((/** @type {any} */ p) =>
            h("li", { class: p.id === v.you ? "me" : "", text: p.name })))));
        return;
      }
      const mine = (v.standings || []).find((/** @type {any} */ s) => s.id === v.you);
      const games = myGames(v, ctx.secret);
      if (v.phase === "over") {
        const simul = v.format === "simul";
        fill(head, h("h2", { text: v.title }));
        fill(body, panel(simul ? t("sm.results") : t("tn.final"),
          simul && board && board.result !== null ? h("p", { class: "banner", dataset: { role: "my-result" }, text: myResult(board) }) : null,
          mine ? h("p", { class: "banner", dataset: { role: "my-place" }, text: t("tn.your_place", { place: mine.place, points: points(mine.points) }) }) : null,
          standingsTable(v)), games);
        return;
      }
      const me = v.pupils.find((/** @type {any} */ p) => p.id === v.you);
      const simul = v.format === "simul";
      const waiting = me && me.withdrawn ? t("tn.you_withdrawn") : simul && board && board.result !== null ? t("sm.results_when_all") : !board && me ? t("tn.from_next_round", { n: v.current + 1 })
        : board && board.result !== null ? (v.current < v.planned_rounds ? t("tn.next_when_all", { n: v.current + 1 }) : t("tn.last_when_all")) : t("tn.boards_coming");
      fill(head, h("h2", { text: roundText(v) }));
      fill(body,
        board && board.result !== null ? h("p", { class: "banner", dataset: { role: "my-result" }, text: myResult(board) }) : null,
        h("p", { class: "muted", dataset: { role: "next-round" }, text: waiting }),
        games,
        panel(t("tn.standings"), standingsTable(v)));
    },
  };
}

/** The teacher's console: a simul's (the mosaic of boards to play on) or the event's. */
function hostScreen(root, ctx) {
  /** @type {any} */
  let screen = null;
  return {
    update(/** @type {any} */ v) {
      if (!screen) screen = v.settings.format === "simul" ? mountSimul(root, ctx) : mountConsole(root, ctx);
      screen.update(v);
    },
  };
}

/** The seat's screen: the wall (projector), the teacher's console, or the pupil's phone. */
export function mount(root, ctx) {
  if (!document.querySelector("link[data-style=tournament]")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/css/tournament.css", dataset: { style: "tournament" } }));
  }
  if (ctx.role === "projector") return mountWall(root, ctx);
  if (ctx.role === "host") return hostScreen(root, ctx);
  return phone(root, ctx);
}

// --- the start page's form ---------------------------------------------------------------------

/** The event's settings: title, format, rounds, minutes a side, the robot's level. */
export function startForm(presets) {
  const title = h("input", { type: "text", name: "tn-title", maxlength: "80", value: t("tn.default_title") });
  const format = options(h("select", { name: "tn-format" }), (presets.formats || ["auto"]).map((/** @type {string} */ f) => [f, t(`tn.format.${f}`)]));
  const rounds = h("input", { type: "number", name: "tn-rounds", min: "1", max: "15", value: String(presets.rounds || 5) });
  const minutes = h("input", { type: "number", name: "tn-minutes", min: "1", max: "180", value: String(presets.minutes || 10) });
  const robot = options(h("select", { name: "tn-robot" }), (presets.levels || []).map((/** @type {string} */ l) => [l, t(`rd.level.${l}`)]));
  robot.value = presets.robot || "casual";
  const takebacks = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", name: "tn-takebacks" }));
  const teacher = options(h("select", { name: "tn-teacher" }), (presets.colours || ["white", "black"]).map((/** @type {string} */ c) => [c, t(`sm.colour.${c}`)]));
  teacher.value = presets.teacher || "white";
  const teacherField = field(t("sm.teacher_colour"), teacher, t("sm.teacher_help"));
  const simulOnly = () => teacherField.classList.toggle("hidden", format.value !== "simul");
  format.addEventListener("change", simulOnly);
  simulOnly();
  const el = h("div", { class: "stack" }, panel(t("tn.settings"), h("div", { class: "form-grid" },
    field(t("tn.title"), title), field(t("tn.format"), format, t("tn.format_help")),
    field(t("tn.rounds"), rounds, t("tn.rounds_help")), field(t("tn.minutes"), minutes), field(t("tn.robot_level"), robot, t("tn.robot_help")),
    field(t("tn.takebacks"), takebacks, t("tn.takebacks_help")), teacherField)));
  return {
    el,
    setup: () => ({
      game: "tournament", title: title.value.trim() || t("tn.default_title"), format: format.value,
      rounds: Number(rounds.value) || 5, minutes: Number(minutes.value) || 10, robot: robot.value,
      takebacks: takebacks.checked, teacher: teacher.value,
    }),
    robots: () => 0,
    robotChoice: () => ({}),
    robotRoles: () => [],
    setNames: () => {},
    setRules: () => {},
  };
}

// --- the join page, the lobby, the results -----------------------------------------------------

/** The join page asks only the name: the server gives the next free seat. */
export const autoSeat = true;
export const joinTexts = { pick: "tn.join_pick", nameHelp: "tn.name_help" };

export function seatLine() {
  return h("small", { text: "" });
}

/** After joining: the pupil enters the event under the name typed. */
export async function joined(seat, typed) {
  if (!typed) return;
  try {
    await call("POST", `/api/games/${encodeURIComponent(seat.game_id)}/commands`, { command: { type: "enter", name: typed, id: commandId() } }, seat.secret);
  } catch (err) {
    console.warn(err);
  }
}

export function nameFor() {
  return null;
}

export function roleLabel(view, role) {
  const pupil = (view.pupils || []).find((/** @type {any} */ p) => p.id === role);
  return pupil ? pupil.name : t("tn.pupil");
}

export function results(main, view) {
  main.append(panel(t("tn.standings"), standingsTable(view)));
}

export const replay = {
  named: false,
  show(/** @type {any} */ board, /** @type {HTMLElement} */ extra, /** @type {any} */ frame) {
    fill(extra, h("p", { text: t("tn.round_of", { n: frame.view.current || 0, of: frame.view.planned_rounds || 0 }) }));
  },
  describe: (/** @type {any} */ event) => t(`tn.ev.${event.type}`),
};
