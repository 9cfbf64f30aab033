// @ts-check
// A puzzle lesson: the wall (the position, who moves, the countdown, how many answered; then the
// reveal: every move tried as an arrow with its count, the solution with the pieces it takes, who
// found it), the pupil's phone (the board filling the screen: a move in two taps), and the
// teacher's console (start, reveal, next, hide names, end). The rules are the server's
// (boardroom/games/puzzles); the board is board.js, the wall's lists fit.js.
import { h, s, fill, panel, field, table } from "../dom.js";
import { t } from "../i18n.js";
import { Board, pathOf, takenAlong } from "../board.js";
import { mmss, everyTick, gameNow } from "../clock.js";
import { errorLine } from "../shell.js";
import { lobbyPanel } from "../lobby.js";
import { keepFitted } from "../fit.js";
import { roomQr, roomText } from "../room.js";
import { call, commandId } from "../api.js";
import { piecesOf } from "./russian.js";

/** Seconds left on the open puzzle (null: no countdown running). */
function secondsLeft(/** @type {any} */ v) {
  const now = gameNow();
  if (v.phase !== "asking" || v.deadline === null || now === null) return null;
  return Math.max(0, v.deadline - now);
}

function heading(/** @type {any} */ v) {
  return v.index < 0 ? v.title : t("pz.puzzle_of", { n: v.index + 1, of: v.count });
}

function toMoveText(/** @type {any} */ v) {
  return v.puzzle ? t(`pz.to_move.${v.puzzle.to_move}`) : "";
}

/** The centre of a square in the board's 8×8 box (as the board shows it: flipped or not). */
function centre(/** @type {string} */ square, /** @type {boolean} */ flipped) {
  const file = "abcdefgh".indexOf(square[0]);
  const rank = Number(square.slice(1)) - 1;
  return flipped ? [7 - file + 0.5, rank + 0.5] : [file + 0.5, 7 - rank + 0.5];
}

/** The reveal's arrows over the board: one a move tried, as wide as its share, green when it
 * solves the puzzle, its count in a disc at its end. */
function arrows(/** @type {any} */ reveal, /** @type {boolean} */ flipped) {
  const total = reveal.tried.reduce((/** @type {number} */ n, /** @type {any} */ m) => n + m.count, 0) || 1;
  const best = reveal.best.filter((/** @type {string} */ m) => !reveal.tried.some((/** @type {any} */ x) => x.move === m))
    .map((/** @type {string} */ move) => ({ move, count: 0, correct: true }));
  const lines = [...reveal.tried].reverse().concat(best).map((/** @type {any} */ m) => {
    const points = pathOf(m.move).map((sq) => centre(sq, flipped));
    // the count sits on the last leg, short of its end: the piece played out stays in view
    const [from, to] = [points[points.length - 2], points[points.length - 1]];
    const end = [from[0] + 0.55 * (to[0] - from[0]), from[1] + 0.55 * (to[1] - from[1])];
    const width = 0.12 + 0.22 * (m.count / total);
    const colour = m.correct ? "#2e7d32" : "#c62828";
    return s("g", { class: m.correct ? "pz-arrow good" : "pz-arrow bad", "data-move": m.move, "data-count": String(m.count) },
      s("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke: colour, "stroke-width": width,
        "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.85, "marker-end": `url(#pz-head-${m.correct ? "good" : "bad"})` }),
      m.count ? s("circle", { cx: end[0], cy: end[1], r: 0.3, fill: colour, stroke: "#fff", "stroke-width": 0.05 }) : null,
      m.count ? s("text", { x: end[0], y: end[1] + 0.12, "text-anchor": "middle", "font-size": 0.36, "font-weight": 700, fill: "#fff", text: String(m.count) }) : null);
  });
  const head = (/** @type {string} */ id, /** @type {string} */ colour) => s("marker", { id, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 2.4, markerHeight: 2.4, orient: "auto-start-reverse" },
    s("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: colour }));
  return s("svg", { class: "pz-arrows", viewBox: "0 0 8 8", "aria-hidden": "true", "data-role": "arrows" },
    s("defs", {}, head("pz-head-good", "#2e7d32"), head("pz-head-bad", "#c62828")), lines);
}

const PLAY_OUT_MS = 1500;

/** The pieces after a move along `path` taking `taken` (a man reaching the far row crowned). */
function playedOut(/** @type {any[]} */ pieces, /** @type {string[]} */ path, /** @type {string[]} */ taken) {
  if (path.length < 2) return pieces;
  const end = path[path.length - 1];
  return pieces.filter((p) => !taken.includes(p.square)).map((p) => {
    if (p.square !== path[0]) return p;
    const crowned = p.king || end[1] === (p.side === "white" ? "8" : "1");
    return { ...p, square: end, king: crowned };
  });
}

/** The board of a puzzle: the position, the pupil's legal moves, the reveal's marks and arrows. */
function puzzleBoard(/** @type {any} */ ctx, /** @type {boolean} */ big) {
  const error = errorLine();
  const board = new Board({
    big, toolsApart: true, jump: true,
    onMove: async (/** @type {string} */ move) => {
      error.clear();
      try { await ctx.send({ type: "answer", move }); } catch (err) { error.show(err); throw err; }
    },
  });
  board.grid.classList.add("pz-board");
  let key = "";
  let playing = 0;
  return {
    el: h("div", { class: "pz-board-box" }, board.el, error.el),
    board,
    update(/** @type {any} */ v) {
      const flipped = Boolean(v.puzzle && v.puzzle.to_move === "black");
      if (board.flipped !== flipped) board.flip();
      const act = v.actions || {};
      const reveal = v.reveal;
      const pieces = v.puzzle ? piecesOf(v.puzzle.fen) : [];
      const best = reveal ? reveal.best[0] : null;
      const path = best ? pathOf(best) : [];
      const taken = best ? takenAlong(path, new Map(pieces.map((p) => [p.square, p]))) : [];
      const mine = v.my_answer ? v.my_answer.move : null;
      const shown = JSON.stringify([v.puzzle, act.answer, reveal, mine, v.phase]);
      if (shown === key) return;
      key = shown;
      board.update({ pieces, legal: act.answer ? act.answer.moves : [], last: reveal ? best : mine, interactive: Boolean(act.answer),
        toMove: v.puzzle ? v.puzzle.to_move : null, fen: v.puzzle ? v.puzzle.fen : null, marks: { path: path.slice(1), taken } });
      board.grid.querySelector(".pz-arrows")?.remove();
      window.clearTimeout(playing);
      if (!reveal || !big) return;
      board.grid.append(arrows(reveal, flipped));
      // the solution played out: a moment later its piece stands where it ends, the pieces it
      // takes gone (their squares still marked)
      const after = playedOut(pieces, path, taken);
      playing = window.setTimeout(() => board.update({ pieces: after, legal: [], last: best, interactive: false,
        toMove: v.puzzle.to_move, fen: v.puzzle.fen, marks: { path: path.slice(1), taken } }), PLAY_OUT_MS);
    },
  };
}

function countdown(/** @type {any} */ get) {
  const el = h("div", { class: "pz-count", dataset: { role: "pz-countdown" } });
  const draw = () => {
    const v = get();
    if (!v) return;
    const left = secondsLeft(v);
    el.textContent = left === null ? (v.phase === "asking" ? "…" : "") : mmss(left);
    el.classList.toggle("low", left !== null && left <= 5);
  };
  everyTick(draw);
  return { el, draw };
}

/** The reveal in words: each move tried with its count, the solution, who found it. */
function revealLines(/** @type {any} */ v, /** @type {boolean} */ big) {
  const r = v.reveal;
  const total = r.tried.reduce((/** @type {number} */ n, /** @type {any} */ m) => n + m.count, 0);
  const tried = h("ul", { class: "pz-tried", dataset: { role: "tried", fit: big ? "" : undefined } },
    r.tried.map((/** @type {any} */ m) => h("li", { class: m.correct ? "good" : "bad", dataset: { move: m.move } },
      h("b", { text: m.move }), " ", h("span", { class: "pz-bar", style: { width: `${Math.round(100 * m.count / (total || 1))}%` } }), " ",
      h("span", { text: t("pz.times", { n: m.count }) }))));
  const found = r.found.length
    ? h("ul", { class: "pz-found", dataset: { role: "found", fit: big ? "" : undefined } }, r.found.map((/** @type {any} */ f) =>
      h("li", { class: "pz-line3" }, h("span", { class: "pz-name", text: f.name }), h("span", { text: t("pz.found_line", { s: f.used.toFixed(1), points: f.points }) }))))
    : h("p", { dataset: { role: "found" }, text: t("pz.found_count", { n: r.found_count }) });
  return h("div", { class: "stack pz-reveal" },
    h("p", { class: "pz-solution", dataset: { role: "solution" } }, t("pz.solution"), " ", h("b", { text: r.best.join(t("pz.or")) })),
    r.played ? h("p", { class: "pz-played", dataset: { role: "played" }, text: t("pz.played", { move: r.played }) }) : null,
    tried.children.length ? tried : h("p", { text: t("pz.nobody_answered") }),
    h("h3", { text: t("pz.found_it") }), found);
}

// --- the wall ------------------------------------------------------------------------------------

function gathering(/** @type {any} */ ctx, /** @type {any} */ v) {
  const joinPath = `/join/${ctx.me.code}`;
  return h("section", { class: "pz-gather", dataset: { panel: "wall-lobby" } },
    h("div", { class: "wall-join" }, h("h1", { class: "wall-title", text: v.title }),
      h("p", { class: "wall-how", text: t("wall.how") }),
      h("div", { class: "wall-code", dataset: { role: "wall-code" }, text: ctx.me.code }),
      roomText(joinPath, { class: "wall-url" }), roomQr(joinPath, { class: "wall-qr", alt: t("lobby.qr") })),
    h("div", { class: "wall-people panel" }, h("h2", { text: t("pz.entered", { n: v.pupils.length }) }),
      h("ul", { class: "wall-names", dataset: { role: "wall-names", fit: "" } }, v.pupils.map((/** @type {any} */ p) => h("li", { class: "here", text: p.name })))));
}

function mountWall(/** @type {HTMLElement} */ root, /** @type {any} */ ctx) {
  let view = /** @type {any} */ (null);
  const board = puzzleBoard(ctx, true);
  const clock = countdown(() => view);
  const head = h("div", { class: "pz-head" });
  const side = h("div", { class: "pz-side stack panel" });
  const screen = h("div", { class: "pz-wall" }, h("div", { class: "pz-left" }, board.el), h("div", { class: "pz-right stack" }, head, clock.el, side));
  const lobby = h("div", { class: "pz-lobby" });
  const main = h("main", { class: "wall-frame pz-frame" }, lobby, screen);
  root.append(main);
  const refit = keepFitted(main);
  let lobbyKey = "";
  return {
    update(/** @type {any} */ v) {
      view = v;
      ctx.view = v;
      ctx.bar.setPhase(t(`pz.phase.${v.phase}`));
      const before = v.phase === "gathering";
      screen.classList.toggle("hidden", before);
      const key = JSON.stringify([before, v.pupils]);
      if (key !== lobbyKey) { lobbyKey = key; fill(lobby, before ? gathering(ctx, v) : null); }
      if (before) { refit(); return; }
      board.update(v);
      fill(head, h("h1", { class: "pz-title", dataset: { role: "heading" }, text: heading(v) }),
        v.puzzle && v.puzzle.title ? h("p", { class: "pz-caption", text: v.puzzle.title }) : null,
        h("p", { class: "pz-to-move", dataset: { role: "to-move" }, text: toMoveText(v) }));
      clock.draw();
      if (v.phase === "over") fill(side, h("h2", { text: t("pz.over") }), standingsList(v, true));
      else if (v.reveal) fill(side, revealLines(v, true));
      else fill(side, h("p", { class: "pz-answered", dataset: { role: "answered" }, text: t("pz.answered", { n: v.answered, of: v.pupils.length }) }),
        v.phase === "closed" ? h("p", { class: "pz-closed", text: t(`pz.closed.${v.closed_by}`) }) : null);
      refit();
    },
    lobby() {},
  };
}

function standingsList(/** @type {any} */ v, /** @type {boolean} */ big) {
  return h("ul", { class: "pz-standings", dataset: { role: "standings", fit: big ? "" : undefined } }, (v.standings || []).map((/** @type {any} */ r) =>
    h("li", { class: "pz-line3" }, h("span", { text: `${r.place}.` }), h("span", { class: "pz-name", text: r.name }),
      h("span", { text: t("pz.standing", { solved: r.solved, points: r.points }) }))));
}

// --- the phone -----------------------------------------------------------------------------------

function mountPhone(/** @type {HTMLElement} */ root, /** @type {any} */ ctx) {
  let view = /** @type {any} */ (null);
  const board = puzzleBoard(ctx, false);
  const clock = countdown(() => view);
  const line = h("div", { class: "pz-line" });
  const status = h("div", { class: "pz-status", dataset: { role: "status" } });
  const more = h("details", { class: "pz-more" }, h("summary", { text: t("pz.type_move") }), board.board.tools);
  const main = h("main", { class: "pz-phone" }, h("div", { class: "pz-top" }, line, clock.el), board.el, status, more);
  root.append(main);
  let entering = false;
  return {
    update(/** @type {any} */ v) {
      view = v;
      ctx.view = v;
      ctx.bar.setPhase(t(`pz.phase.${v.phase}`));
      const act = v.actions || {};
      if (act.enter && !entering && ctx.me.name) {
        entering = true;
        ctx.send({ type: "enter", name: ctx.me.name }).catch((/** @type {any} */ err) => console.warn(err));
      }
      fill(line, h("b", { text: heading(v) }), " ", h("span", { dataset: { role: "to-move" }, text: toMoveText(v) }));
      clock.draw();
      board.update(v);
      const mine = v.my_answer;
      const total = v.my_results || { solved: 0, points: 0 };
      let text = "";
      if (v.phase === "gathering") text = t("pz.wait_start");
      else if (v.phase === "over") text = t("pz.my_total", { solved: total.solved, points: total.points });
      else if (v.reveal && mine) text = mine.correct ? t("pz.right", { points: mine.points }) : t("pz.wrong", { move: v.reveal.best.join(t("pz.or")) });
      else if (v.reveal) text = t("pz.solution_was", { move: v.reveal.best.join(t("pz.or")) });
      else if (mine) text = t("pz.sent", { move: mine.move });
      else if (act.answer) text = t("pz.your_move");
      else text = t("pz.time_over");
      fill(status, h("p", { class: mine && v.reveal ? (mine.correct ? "pill good" : "pill bad") : "", text }),
        v.phase !== "gathering" ? h("small", { dataset: { role: "my-total" }, text: t("pz.my_total", { solved: total.solved, points: total.points }) }) : null);
    },
    lobby() {},
  };
}

// --- the teacher's console -----------------------------------------------------------------------

function mountConsole(/** @type {HTMLElement} */ root, /** @type {any} */ ctx) {
  let view = /** @type {any} */ (null);
  const error = errorLine();
  const lobby = lobbyPanel(ctx);
  const board = puzzleBoard(ctx, false);
  const clock = countdown(() => view);
  const send = async (/** @type {any} */ command) => {
    error.clear();
    try { await ctx.send(command); } catch (err) { error.show(err); }
  };
  const buttons = {
    start: h("button", { type: "button", class: "primary", dataset: { action: "start" }, text: t("pz.start"), onclick: () => send({ type: "start" }) }),
    reveal: h("button", { type: "button", class: "primary", dataset: { action: "reveal" }, text: t("pz.reveal"), onclick: () => send({ type: "reveal" }) }),
    next: h("button", { type: "button", class: "primary", dataset: { action: "next" }, text: t("pz.next"), onclick: () => send({ type: "next" }) }),
    hide_names: h("button", { type: "button", class: "toggle", dataset: { action: "hide-names" }, text: t("pz.hide_names"), onclick: () => send({ type: "hide_names", hidden: !view.hidden }) }),
    end_game: h("button", { type: "button", class: "danger", dataset: { action: "end" }, text: t("pz.end"), onclick: () => send({ type: "end_game" }) }),
  };
  const state = h("div", { class: "stack", dataset: { role: "console-state" } });
  const wall = h("a", { class: "button", href: `/play/${ctx.gameId}#role=projector`, target: "_blank", text: t("pz.open_wall") });
  const main = h("main", { class: "stack pz-console" },
    panel(t("pz.console"), h("div", { class: "row" }, Object.values(buttons), wall), error.el, h("div", { class: "row" }, clock.el), state),
    lobby.el, h("div", { class: "cols" }, panel(t("pz.position"), board.el), panel(t("pz.standings"), h("div", { dataset: { role: "console-standings" } }))));
  root.append(main);
  return {
    update(/** @type {any} */ v) {
      view = v;
      ctx.view = v;
      ctx.bar.setPhase(t(`pz.phase.${v.phase}`));
      const act = v.actions || {};
      for (const [type, button] of Object.entries(buttons)) button.classList.toggle("hidden", !act[type]);
      buttons.next.textContent = act.next && act.next.last ? t("pz.finish") : t("pz.next");
      buttons.hide_names.setAttribute("aria-pressed", String(Boolean(v.hidden)));
      lobby.update?.(v);
      board.update(v);
      clock.draw();
      fill(state, h("h2", { text: heading(v) }), h("p", { text: toMoveText(v) }),
        v.phase === "asking" || v.phase === "closed" ? h("p", { dataset: { role: "answered" }, text: t("pz.answered", { n: v.answered, of: v.pupils.length }) }) : null,
        v.who_answered && v.who_answered.length && !v.reveal ? h("p", { class: "muted", text: v.who_answered.join(", ") }) : null,
        v.reveal ? revealLines(v, false) : null);
      const rows = (v.standings || []).map((/** @type {any} */ r) => [String(r.place), r.name || "", String(r.solved), String(r.tried), String(r.points)]);
      fill(/** @type {HTMLElement} */ (main.querySelector("[data-role=console-standings]")),
        table([t("pz.place"), t("pz.name"), t("pz.solved"), t("pz.tried"), t("pz.points")], rows));
    },
    lobby(/** @type {any} */ frame) { lobby.lobby(frame); },
  };
}

/** The seat's screen: the wall, the console, or the pupil's phone. */
export function mount(/** @type {HTMLElement} */ root, /** @type {any} */ ctx) {
  if (!document.querySelector("link[data-style=puzzles]")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/css/puzzles.css", dataset: { style: "puzzles" } }));
  }
  if (ctx.role === "projector") return mountWall(root, ctx);
  if (ctx.role === "host") return mountConsole(root, ctx);
  return mountPhone(root, ctx);
}

// --- the start page ------------------------------------------------------------------------------

/** Games named by their links (each with its #secret=…). */
function linked(/** @type {string} */ text) {
  return text.split(/\s+/).filter(Boolean).map((link) => {
    const url = new URL(link, location.origin);
    const secret = new URLSearchParams(url.hash.slice(1)).get("secret") || "";
    return { game_id: decodeURIComponent(url.pathname.split("/").filter(Boolean).pop() || ""), secret };
  });
}

/** The games this browser made (their host secrets kept by the start page): the teacher's own
 * class games; the server keeps the finished Russian draughts games and events among them. */
function keptGames() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) || "";
    if (key.startsWith("br:secret:")) out.push({ game_id: key.slice("br:secret:".length), secret: localStorage.getItem(key) || "" });
  }
  return out.slice(-60);
}

/** The lesson's title, seconds a puzzle and its puzzles: the built-in set, pasted FEN/PDN (solved
 * by the engine on the server), or «из наших партий» (the coach's hints in games named by their
 * links). */
export function startForm(/** @type {any} */ presets) {
  const title = h("input", { type: "text", name: "pz-title", maxlength: "80", value: t("pz.default_title") });
  const seconds = h("input", { type: "number", name: "pz-seconds", min: "5", max: "600", value: String(presets.seconds || 30) });
  const source = /** @type {HTMLSelectElement} */ (h("select", { name: "pz-source" },
    ["builtin", "text", "games"].map((k) => h("option", { value: k, text: t(`pz.source.${k}`) }))));
  const text = /** @type {HTMLTextAreaElement} */ (h("textarea", { name: "pz-text", rows: "5", placeholder: "W:Wc3,h2:Bd4,f6,g3" }));
  const games = /** @type {HTMLTextAreaElement} */ (h("textarea", { name: "pz-games", rows: "3", placeholder: t("pz.games_help") }));
  const el = h("div", { class: "stack" }, panel(t("pz.settings"), h("div", { class: "form-grid" },
    field(t("pz.title"), title), field(t("pz.seconds"), seconds), field(t("pz.source"), source),
    field(t("pz.text"), text, t("pz.text_help")), field(t("pz.games"), games, t("pz.games_help")))));
  const puzzles = async () => {
    if (source.value === "text") return (await call("POST", "/api/web/puzzles/prepare", { text: text.value })).puzzles;
    if (source.value === "games") {
      const named = games.value.trim() ? linked(games.value) : keptGames();
      return (await call("POST", "/api/web/puzzles/from-games", { games: named })).puzzles;
    }
    return presets.builtin;
  };
  return {
    el,
    setup: async () => ({ game: "puzzles", title: title.value.trim() || t("pz.default_title"), seconds: Number(seconds.value) || 30, puzzles: await puzzles() }),
    robots: () => 0,
    robotChoice: () => ({}),
    robotRoles: () => [],
    setNames: () => {},
    setRules: () => {},
  };
}

// --- the join page, the lobby, the results -------------------------------------------------------

export const autoSeat = true;
export const joinTexts = { pick: "pz.join_pick", nameHelp: "pz.name_help" };

export function seatLine() {
  return h("small", { text: "" });
}

/** After joining: the pupil enters the lesson under the name typed. */
export async function joined(/** @type {any} */ seat, /** @type {string} */ typed) {
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

export function roleLabel(/** @type {any} */ view, /** @type {string} */ role) {
  const pupil = (view.pupils || []).find((/** @type {any} */ p) => p.id === role);
  return pupil ? pupil.name : t("pz.pupil");
}

export function results(/** @type {HTMLElement} */ main, /** @type {any} */ view) {
  main.append(panel(t("pz.standings"), standingsList(view, false)));
}

export const replay = {
  named: false,
  show(/** @type {any} */ board, /** @type {HTMLElement} */ extra, /** @type {any} */ frame) {
    const v = frame.view;
    board.update({ pieces: v.puzzle ? piecesOf(v.puzzle.fen) : [], interactive: false, fen: v.puzzle ? v.puzzle.fen : null });
    fill(extra, h("p", { text: heading(v) }));
  },
  describe: (/** @type {any} */ event) => t(`pz.ev.${event.type}`),
};
