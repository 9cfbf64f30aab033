// @ts-check
// Russian draughts: the player's screen (the shared board, both clocks, resign and draw),
// the host's console, the projector, the results with the PDN, and the replay.
import { h, fill, panel, field, options, table, cardTable } from "../dom.js";
import { t } from "../i18n.js";
import { Board, flipButton } from "../board.js";
import { mmss, everyTick, gameNow } from "../clock.js";
import { errorLine } from "../shell.js";
import { countdownVoice } from "../announce.js";
import { lobbyPanel } from "../lobby.js";
import { paramInput } from "../forms.js";
import { controlsPanel } from "../controls.js";
import { confirmation } from "../confirm.js";
import { lobbyFirst } from "../wall.js";
import { call, commandId } from "../api.js";

const SIDES = ["white", "black"];

/** "W:Wa1,Kc3:Bb6" → the board's pieces (unnamed, coloured by side). */
export function piecesOf(fen) {
  const pieces = [];
  for (const part of String(fen || "").split(":").slice(1)) {
    const side = part[0] === "W" ? "white" : "black";
    for (const item of part.slice(1).split(",").filter(Boolean)) {
      const king = item[0] === "K";
      const square = king ? item.slice(1) : item;
      pieces.push({ square, label: "", title: t(`color.${side}`), side, hue: side === "white" ? "#9e9e9e" : "#212121", king, id: "" });
    }
  }
  return pieces;
}

function colour(side) {
  const word = t(`color.${side}`);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The player's name, or the colour when the host named nobody. */
function nameOf(view, side) {
  const player = (view.players || {})[side];
  return player && player.name ? player.name : colour(side);
}

/** "Anna (white)" — a side as the pages name it ("White" alone when nobody is named). */
function sideName(view, side) {
  const player = (view.players || {})[side];
  return player && player.name ? `${player.name} (${t(`color.${side}`)})` : colour(side);
}

/** Who won and why, in words. */
export function resultText(view) {
  const who = view.winner ? t("rd.winner", { name: sideName(view, view.winner) }) : t("rd.draw");
  return view.end_reason ? `${who} · ${t(`rd.reason.${view.end_reason}`)}` : who;
}

/** A side's time left now: its clock at the start of its turn, less the time since. */
function timeLeft(view, side) {
  const clock = view.clock || {};
  const base = (clock.left || {})[side];
  if (base === null || base === undefined) return null;
  const now = gameNow();
  if (clock.running !== side || now === null) return base;
  return Math.max(0, base - (now - clock.since));
}

function clocksPanel(ctx) {
  const cards = Object.fromEntries(SIDES.map((side) => [side, h("div", { class: "score", dataset: { clock: side } })]));
  const perMove = h("div", { class: "muted", dataset: { role: "per-move" } });
  const el = h("div", { class: "stack" }, h("div", { class: "clocks" }, SIDES.map((side) => cards[side])), perMove);
  let view = null;
  // the running clocks are read out at 60, 30 and 10 s left, not every second
  const voices = Object.fromEntries(SIDES.map((side) => [side, countdownVoice((s) => t("a11y.clock_left", { who: sideName(view, side), s }))]));
  const moveVoice = countdownVoice((s) => t("a11y.time_left", { s }));
  const draw = () => {
    if (!view) return;
    for (const side of SIDES) {
      const left = timeLeft(view, side);
      voices[side].watch(view.phase === "play" && view.clock.running === side ? left : null);
      const you = side === ctx.role ? ` ${t("rd.you")}` : "";
      const robot = view.players[side].robot ? ` · ${t("rd.robot", { level: t(`rd.level.${view.players[side].robot}`) })}` : "";
      fill(cards[side], h("div", { text: `${sideName(view, side)}${you}${robot}` }),
        h("div", { class: "big-number", dataset: { role: "time" }, text: left === null ? t("rd.no_clock") : mmss(left) }));
      cards[side].classList.toggle("running", view.clock.running === side);
      cards[side].style.background = view.clock.running === side ? "#2e7d32" : "#546e7a";
    }
    const deadline = view.clock.deadline;
    const now = gameNow();
    perMove.textContent = view.ruleset.move_s && deadline !== null && now !== null
      ? t("rd.per_move", { time: mmss(Math.max(0, deadline - now)) }) : "";
    moveVoice.watch(view.phase === "play" && view.ruleset.move_s && deadline !== null && now !== null ? deadline - now : null);
  };
  everyTick(draw);
  return { el, update(v) { view = v; draw(); } };
}

function lastMove(view) {
  const moves = view.moves || [];
  return moves.length ? moves[moves.length - 1] : null;
}

function boardPanel(ctx, big, clocks) {
  const error = errorLine();
  const board = new Board({
    big,
    flipped: ctx.role === "black",
    toolsApart: true,
    onMove: async (move) => {
      error.clear();
      try { await ctx.send({ type: "move", move }); } catch (err) { error.show(err); throw err; }
    },
  });
  const who = h("div", { class: "who", dataset: { role: "to-move" } });
  const send = async (command) => {
    error.clear();
    try { await ctx.send(command); } catch (err) { error.show(err); }
  };
  const buttons = {
    offer_draw: h("button", { type: "button", dataset: { action: "offer-draw" }, text: t("rd.offer_draw"), onclick: () => send({ type: "offer_draw" }) }),
    accept_draw: h("button", { type: "button", class: "good", dataset: { action: "accept-draw" }, text: t("rd.accept_draw"), onclick: () => send({ type: "accept_draw" }) }),
    decline_draw: h("button", { type: "button", dataset: { action: "decline-draw" }, text: t("rd.decline_draw"), onclick: () => send({ type: "decline_draw" }) }),
    resign: h("button", { type: "button", class: "danger", dataset: { action: "resign" }, text: t("rd.resign"), "aria-expanded": "false", onclick: () => resign.open() }),
    // takebacks, when the host allowed them (boardroom/games/russian/takebacks.py)
    request_takeback: h("button", { type: "button", dataset: { action: "request-takeback" }, text: t("rd.request_takeback"), onclick: () => send({ type: "request_takeback" }) }),
    accept_takeback: h("button", { type: "button", class: "good", dataset: { action: "accept-takeback" }, text: t("rd.accept_takeback"), onclick: () => send({ type: "accept_takeback" }) }),
    decline_takeback: h("button", { type: "button", dataset: { action: "decline-takeback" }, text: t("rd.decline_takeback"), onclick: () => send({ type: "decline_takeback" }) }),
  };
  // Resigning cannot be undone: it asks first (the button sits beside «Предложить ничью»).
  const resign = confirmation({
    role: "resign-confirm", question: t("rd.resign_sure"), help: t("rd.resign_help"), yes: t("rd.resign_yes"), no: t("rd.resign_no"),
    yesAction: "resign-confirm", noAction: "resign-cancel", opener: buttons.resign,
    onYes: async () => { resign.close(); await send({ type: "resign" }); },
  });
  const offer = h("div", { class: "pill warn hidden", dataset: { role: "draw-offer" } });
  const takeback = h("div", { class: "pill warn hidden", dataset: { role: "takeback" } });
  // both clocks above the board: in the first screen on a phone and a laptop, never below the fold
  const el = panel(t("x.board"), big ? null : clocks.el, board.el, h("div", { class: "call" }, who, offer, takeback,
    h("div", { class: "row" }, Object.values(buttons), big ? null : flipButton(board)), resign.el, error.el), board.tools);
  el.dataset.panel = "board";
  return {
    el,
    update(v) {
      const act = v.actions || {};
      board.update({ pieces: piecesOf(v.position), legal: act.move ? act.move.moves : [], last: lastMove(v), interactive: Boolean(act.move), toMove: v.to_move, fen: v.position });
      clocks.update(v);
      for (const [type, button] of Object.entries(buttons)) button.classList.toggle("hidden", !act[type]);
      if (!act.resign && resign.isOpen()) resign.close();
      offer.classList.toggle("hidden", !v.draw_offer);
      offer.textContent = v.draw_offer ? t("rd.draw_offered_by", { name: nameOf(v, v.draw_offer) }) : "";
      takeback.classList.toggle("hidden", !v.takeback);
      takeback.textContent = v.takeback ? t("rd.takeback_asked_by", { name: nameOf(v, v.takeback.by) }) : "";
      if (v.phase === "ended") who.textContent = resultText(v);
      else if (v.phase === "setup") who.textContent = t("phase.setup");
      else {
        who.replaceChildren(t("rd.to_move", { name: sideName(v, v.to_move) }));
        if (v.to_move === ctx.role) who.append(" ", h("span", { class: "pill good", text: t("rd.your_move") }));
      }
      board.setTurn(who.textContent);
    },
  };
}

export function describe(e, v) {
  const name = (side) => nameOf(v, side);
  switch (e.type) {
    // a replay frame keeps no "by": the side that moved is the one not to move after it
    case "moved": return t("rdev.moved", { name: name(e.by || (String(v.position)[0] === "W" ? "black" : "white")), move: e.move });
    case "resigned": case "draw_offered": case "draw_declined": case "draw_accepted": return t(`rdev.${e.type}`, { name: name(e.by) });
    case "takeback_requested": case "takeback_declined": case "takeback_accepted": return t(`rdev.${e.type}`, { name: e.by === "host" ? t("seat.host") : name(e.by) });
    case "renamed": return t("rdev.renamed", { side: colour(e.side), name: e.name });
    case "game_ended": return resultText({ ...v, winner: e.winner, end_reason: e.reason });
    default: return t(`rdev.${e.type}`);
  }
}

/** The moves as a score sheet: one row a move number, white's move then black's. */
function sheetRows(view) {
  const moves = view.moves || [];
  const blackFirst = String(view.start || "W")[0] === "B";
  const plies = blackFirst ? ["…", ...moves] : moves;
  const rows = [];
  for (let i = 0; i < plies.length; i += 2) rows.push([String(i / 2 + 1), plies[i], plies[i + 1] || ""]);
  return rows;
}

function movesPanel() {
  const box = h("div", { class: "scroll", dataset: { role: "moves" } });
  const note = h("p", { class: "muted", dataset: { role: "moves-note" } });
  const el = panel(t("rd.moves"), box, note);
  el.dataset.panel = "moves";
  let shown = null;
  return {
    el,
    update(v) {
      const key = JSON.stringify([v.moves, v.phase, v.players]);
      if (key === shown) return;
      shown = key;
      const rows = sheetRows(v);
      fill(box, rows.length ? table(["", nameOf(v, "white"), nameOf(v, "black")], rows) : h("p", { class: "muted", text: t("rd.no_moves_yet") }));
      // on the wall: the last moves that fit, whole (fit.js), never a scroll box
      const sheet = box.querySelector("tbody");
      if (sheet) sheet.dataset.fit = "end";
      note.textContent = v.phase === "ended" ? resultText(v) : "";
      box.scrollTop = box.scrollHeight;
    },
  };
}

export function mount(root, ctx) {
  const big = ctx.role === "projector";
  const clocks = clocksPanel(ctx);
  const board = boardPanel(ctx, big, clocks);
  const moves = movesPanel();
  const parts = [board, moves];
  const ended = h("div", { class: "banner hidden", dataset: { role: "ended" } }, h("span", { dataset: { role: "ended-text" } }), " ",
    h("a", { class: "button primary", href: `/results/${ctx.gameId}`, text: t("x.see_results") }), " ",
    h("a", { class: "button primary", dataset: { action: "coach" }, href: coachLink(ctx.gameId, big), text: t("coach.open") }));
  let lobby = null;
  let wall = null;
  let layout;
  if (big) {
    wall = lobbyFirst(ctx, h("div", { class: "proj rd-proj" }, h("div", {}, board.el), h("div", { class: "stack rd-wall" }, ended, panel(t("rd.clocks"), clocks.el), moves.el)));
    layout = wall.el;
  } else if (ctx.role === "host") {
    lobby = lobbyPanel(ctx);
    const controls = controlsPanel(ctx, false);
    parts.push(lobby, controls);
    layout = h("main", { class: "stack" }, ended, controls.el, lobby.el, h("div", { class: "cols" }, board.el, moves.el));
  } else {
    layout = h("main", { class: "stack rd-play" }, ended, h("div", { class: "cols" }, board.el, moves.el));
  }
  root.append(layout);
  return {
    update(v) {
      ctx.view = v;
      ctx.bar.setPhase(v.phase === "play" ? t("rd.phase.play") : t(`phase.${v.phase}`));
      for (const part of parts) part.update(v);
      wall?.update(v);
      ended.classList.toggle("hidden", v.phase !== "ended");
      ended.querySelector("[data-role=ended-text]").textContent = v.phase === "ended" ? resultText(v) : "";
    },
    lobby(frame) { lobby?.lobby(frame); },
  };
}

// --- the start page's form ---------------------------------------------------------------------

/** @type {[string, string][]} */
const PARAMS = [["minutes", "float?"], ["increment_s", "float"], ["move_s", "float?"], ["takebacks", "bool"]];

/** The start page's part for a new game: the two players (a person or the robot at a level), the clock. */
export function startForm(presets) {
  /** @type {[string, ReturnType<typeof paramInput>][]} */
  const params = PARAMS.map(([name, kind]) => [name, paramInput("russian", name, kind, "rd-")]);
  for (const [name, input] of params) input.set(presets[name]);
  const levels = presets.levels || [];
  const sides = SIDES.map((side) => {
    // a person's side is named by the person who takes it (the join page asks); a robot's here
    const name = h("input", { type: "text", name: `${side}-name`, maxlength: "40", placeholder: t("rd.named_on_join"), value: side === "black" ? t("rd.default_black") : "" });
    const player = options(h("select", { name: `${side}-player` }),
      [["person", t("rd.person")], ...levels.map((level) => [level, t("rd.robot", { level: t(`rd.level.${level}`) })])]);
    if (side === "black") player.value = levels.includes("casual") ? "casual" : "person";
    return { side, name, player };
  });
  const el = h("div", { class: "stack" },
    panel(t("rd.players"), h("div", { class: "form-grid" }, sides.map(({ side, name, player }) => h("div", {},
      field(t(`rd.name_${side}`), name), field(t("rd.played_by"), player))))),
    panel(t("start.rules"), h("div", { class: "form-grid" }, params.map(([, input]) => input.wrap))));
  const setup = () => {
    const ruleset = {};
    for (const [name, input] of params) ruleset[name] = input.get();
    const out = { game: "russian", ruleset };
    for (const { side, name, player } of sides) {
      const named = name.value.trim().slice(0, 40);
      out[side] = named ? { name: named } : {};
      if (player.value !== "person") out[side].robot = player.value;
    }
    return out;
  };
  const isRobot = (setup, side) => Boolean(setup[side] && setup[side].robot);
  return {
    el,
    setup,
    robots: () => sides.filter(({ player }) => player.value !== "person").length,
    // the robot's level is the side's, in the setup: nothing more to choose
    robotChoice: () => ({}),
    // the robot sides last: the start page seats robots in the last roles of this list
    robotRoles: (setup) => [...SIDES.filter((side) => !isRobot(setup, side)), ...SIDES.filter((side) => isRobot(setup, side))],
    // A class list picked on the start page names the sides (its first two names).
    setNames: (names) => { sides.forEach(({ name }, i) => { if (names[i]) name.value = names[i]; }); },
    setRules: (ruleset) => { for (const [name, input] of params) input.set(name in ruleset ? ruleset[name] : presets[name]); },
  };
}

// --- the join page and the lobby -----------------------------------------------------------------

export const joinTexts = { pick: "rd.pick_side", nameHelp: "rd.name_help" };

/** The line under a side on the join page: its colour. */
export function seatLine(role) {
  return h("small", { text: t(`color.${role.color}`) });
}

/** After taking a side before the start: the side is called what the person typed (the
 * host's name for it may be a placeholder such as «Ученик»). A refusal leaves it as it was. */
export async function joined(seat, typed, role) {
  if (!typed || (role && role.name === typed)) return;
  try {
    await call("POST", `/api/games/${encodeURIComponent(seat.game_id)}/commands`, { command: { type: "rename", name: typed, id: commandId() } }, seat.secret);
  } catch (err) {
    console.warn(err);
  }
}

/** The name the host gave the side, offered to the person taking it. */
export function nameFor(role) {
  return role.name || null;
}

/** A seat as the host's lobby names it: the player and the colour. */
export function roleLabel(view, role) {
  return SIDES.includes(role) ? sideName(view, role) : role;
}

// --- the results page --------------------------------------------------------------------------

export function results(main, view) {
  main.append(panel(t("rd.result_title"),
    h("p", {}, h("b", { dataset: { role: "winner" }, text: view.phase === "ended" ? resultText(view) : t("r.not_over") })),
    cardTable([t("rd.side"), t("rd.player"), t("rd.points")], SIDES.map((side) => [
      t(`color.${side}`), nameOf(view, side), view.phase !== "ended" ? "–" : view.winner === side ? "2" : view.winner ? "0" : "1",
    ])),
    h("p", { class: "muted", dataset: { role: "moves-count" }, text: t("rd.moves_count", { n: (view.moves || []).length }) }),
    view.phase === "ended" ? h("a", { class: "button primary", dataset: { action: "coach" }, href: coachLink(decodeURIComponent(location.pathname.split("/")[2] || ""), false), text: t("coach.open") }) : null));
}

/** The coach's review of the game (static/js/games/russian_coach.js); the wall keeps its projector seat. */
function coachLink(gameId, wall) {
  return `/coach/${encodeURIComponent(gameId)}${wall ? "#role=projector" : ""}`;
}

export const replay = {
  named: false,
  show(board, extra, frame) {
    const v = frame.view;
    board.update({ pieces: piecesOf(v.position), last: frame.event.type === "moved" ? frame.event.move : null, interactive: false, fen: v.position });
    fill(extra, h("div", { class: "row" }, SIDES.map((side) => h("span", { class: "pill", text: sideName(v, side) }))));
  },
  describe: (event, v) => describe(event, { ...v, players: v.players || {} }),
};
