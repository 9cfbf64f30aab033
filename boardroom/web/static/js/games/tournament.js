// @ts-check
// A class tournament: the pupil's phone (waiting room → this round's board → the result and the
// standings → the next board), the teacher's console (code, start, the boards, a stuck board's
// result), and the wall (tournament_wall.js). The boards themselves are Russian draughts games:
// the phone shows the pupil's board page in a frame, opened by the pupil's own secret.
import { h, fill, panel, field, options, table } from "../dom.js";
import { t } from "../i18n.js";
import { call, commandId, download } from "../api.js";
import { roomNotice, roomText, roomQr } from "../room.js";
import { errorLine } from "../shell.js";
import { mountWall } from "./tournament_wall.js";
import { points, resultText, who, standingsTable } from "./tournament_table.js";

/** The pupil's result on their board, in words. */
function myResult(board) {
  return board.result === 2 ? t("tn.you_won") : board.result === 1 ? t("tn.you_drew") : t("tn.you_lost");
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
      if (v.phase === "gathering" && !entered && !entering && v.actions && v.actions.enter) {
        entering = true;
        ctx.send({ type: "enter", name: ctx.me.name }).catch((/** @type {any} */ err) => console.warn(err));
      }
      const board = v.my_board;
      const playing = v.phase === "playing" && board && board.game_id && board.result === null;
      if (playing) {
        ctx.bar.setPhase(t("tn.round_of", { n: v.current, of: v.planned_rounds }));
        fill(head, h("p", { class: "tn-vs", dataset: { role: "my-board" } },
          t("tn.board_line", { board: board.board, colour: t(`tn.as_${board.color}`), name: who(board.opponent) })));
        if (frameFor !== board.game_id) {
          frameFor = board.game_id;
          const src = `/play/${encodeURIComponent(board.game_id)}#secret=${encodeURIComponent(ctx.secret)}`;
          fill(body, h("iframe", { class: "tn-board", src, title: t("tn.your_board"), dataset: { game: board.game_id } }));
        }
        return;
      }
      frameFor = "";
      ctx.bar.setPhase(v.phase === "gathering" ? t("tn.gathering") : v.phase === "over" ? t("tn.over") : t("tn.round_of", { n: v.current, of: v.planned_rounds }));
      if (v.phase === "gathering") {
        fill(head, h("h2", { text: v.title }));
        fill(body, panel(t("tn.waiting_title"),
          h("p", { class: "banner", dataset: { role: "waiting" }, text: t("tn.teacher_starts") }),
          h("p", { text: t("tn.joined", { n: v.pupils.length }) }),
          h("ul", { class: "tn-names", dataset: { role: "joined" } }, v.pupils.map((/** @type {any} */ p) =>
            h("li", { class: p.id === v.you ? "me" : "", text: p.name })))));
        return;
      }
      const mine = (v.standings || []).find((/** @type {any} */ s) => s.id === v.you);
      if (v.phase === "over") {
        fill(head, h("h2", { text: v.title }));
        fill(body, panel(t("tn.final"),
          mine ? h("p", { class: "banner", dataset: { role: "my-place" }, text: t("tn.your_place", { place: mine.place, points: points(mine.points) }) }) : null,
          standingsTable(v)));
        return;
      }
      fill(head, h("h2", { text: t("tn.round_of", { n: v.current, of: v.planned_rounds }) }));
      fill(body,
        board && board.result !== null ? h("p", { class: "banner", dataset: { role: "my-result" }, text: myResult(board) }) : null,
        h("p", { class: "muted", dataset: { role: "next-round" }, text: board && board.result !== null ? (v.current < v.planned_rounds ? t("tn.next_when_all", { n: v.current + 1 }) : t("tn.last_when_all")) : t("tn.boards_coming") }),
        panel(t("tn.standings"), standingsTable(v)));
    },
  };
}

// --- the teacher's console -------------------------------------------------------------------

function joinBox(ctx) {
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

function resultButtons(ctx, round, board, error) {
  const send = (/** @type {number} */ result) => async () => {
    error.clear();
    try { await ctx.send({ type: "result", round, board: board.board, result }); } catch (err) { error.show(err); }
  };
  return h("div", { class: "row" },
    [2, 1, 0].map((result) => h("button", { type: "button", class: "small", onclick: send(result), text: resultText(result) })));
}

function console_(root, ctx) {
  const error = errorLine();
  const state = h("div", { class: "stack" });
  root.append(h("main", { class: "stack" }, joinBox(ctx), error.el, state));
  return {
    update(/** @type {any} */ v) {
      ctx.view = v;
      const act = v.actions || {};
      ctx.bar.setPhase(v.phase === "gathering" ? t("tn.gathering") : v.phase === "over" ? t("tn.over") : t("tn.round_of", { n: v.current, of: v.planned_rounds }));
      const start = act.start ? h("button", { type: "button", class: "primary", dataset: { action: "start" }, text: t("tn.start"), onclick: async () => {
        error.clear();
        try { await ctx.send({ type: "start" }); } catch (err) { error.show(err); }
      } }) : null;
      const parts = [];
      if (v.phase === "gathering") {
        parts.push(panel(t("tn.joined", { n: v.pupils.length }),
          h("ul", { class: "tn-names", dataset: { role: "joined" } }, v.pupils.map((/** @type {any} */ p) => h("li", { text: p.name }))),
          v.pupils.length < 2 ? h("p", { class: "muted", text: t("tn.need_two") }) : null, start));
      }
      const current = v.rounds.length ? v.rounds[v.rounds.length - 1] : null;
      if (current && v.phase === "playing") {
        const rows = current.boards.map((/** @type {any} */ b) => [String(b.board), who(b.white_name), who(b.black_name),
          b.result === null ? (act.result ? resultButtons(ctx, current.round, b, error) : t("tn.playing")) : resultText(b.result)]);
        const end = act.end_round ? h("button", { type: "button", dataset: { action: "end-round" }, text: t("tn.end_round"), onclick: async () => {
          error.clear();
          if (!confirm(t("tn.end_round_sure"))) return;
          try { await ctx.send({ type: "end_round", round: current.round }); } catch (err) { error.show(err); }
        } }) : null;
        parts.push(panel(t("tn.round_of", { n: v.current, of: v.planned_rounds }), table([t("tn.board"), t("tn.white"), t("tn.black"), t("tn.result")], rows, "tn-boards"), end));
      }
      if (v.phase !== "gathering") {
        parts.push(panel(t("tn.standings"), standingsTable(v, { playing: v.phase === "playing" }), downloads(ctx)));
      }
      fill(state, parts);
    },
  };
}

function downloads(ctx) {
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

/** The seat's screen: the wall (projector), the teacher's console, or the pupil's phone. */
export function mount(root, ctx) {
  if (!document.querySelector("link[data-style=tournament]")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/css/tournament.css", dataset: { style: "tournament" } }));
  }
  if (ctx.role === "projector") return mountWall(root, ctx);
  if (ctx.role === "host") return console_(root, ctx);
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
  const el = h("div", { class: "stack" }, panel(t("tn.settings"), h("div", { class: "form-grid" },
    field(t("tn.title"), title), field(t("tn.format"), format, t("tn.format_help")),
    field(t("tn.rounds"), rounds, t("tn.rounds_help")), field(t("tn.minutes"), minutes), field(t("tn.robot_level"), robot, t("tn.robot_help")))));
  return {
    el,
    setup: () => ({
      game: "tournament", title: title.value.trim() || t("tn.default_title"), format: format.value,
      rounds: Number(rounds.value) || 5, minutes: Number(minutes.value) || 10, robot: robot.value,
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
