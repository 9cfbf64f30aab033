// @ts-check
// /coach/{game}: the coach's review of a finished Russian draughts game (GET /api/games/{id}/coach),
// on a pupil's phone and on the wall (the projector's seat, #role=projector): the evaluation
// graph with the mistakes marked, the board stepping through the moves with the better move
// shown, and the coach's sentence in the reader's language. "The coach is thinking" while the
// server's worker analyses the game; the page asks again until the review is ready.
import { h, s, fill, panel } from "../dom.js";
import { t, num } from "../i18n.js";
import { call, secretFor, projectorSecret, ApiError } from "../api.js";
import { fitWall } from "../fit.js";
import { topbar, banner } from "../shell.js";
import { Board, pathOf, takenAlong } from "../board.js";
import { piecesOf } from "./russian.js";

const POLL_MS = 1500;
const SHOWN = 600; // the graph shows evaluations up to six men either way
const LABEL_COLOURS = /** @type {Record<string, string>} */ ({ inaccuracy: "#f9a825", mistake: "#ef6c00", blunder: "#c62828" });

export default async function coachPage(root) {
  const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
  const wantsProjector = new URLSearchParams(location.hash.slice(1)).get("role") === "projector";
  const bar = topbar(t("coach.title"));
  const main = h("main", { class: "stack coach" });
  fill(root, bar.el, main);
  let secret;
  let me;
  try {
    secret = (!wantsProjector && secretFor(gameId)) || await projectorSecret(gameId);
    me = await call("GET", `/api/web/games/${encodeURIComponent(gameId)}/me`, undefined, secret);
  } catch (err) {
    fill(main, banner(err.message, true));
    return;
  }
  const wall = me.role === "projector";
  if (wall) {
    document.body.classList.add("projector");
    fitWall(root); // the wall's one fit (fit.js): no text under the wall's least size
  }
  bar.setWho(`${t(`game.${me.game}`)} · ${me.code}`);
  const waiting = h("div", { class: "banner", role: "status", dataset: { role: "coach-thinking" }, text: t("coach.thinking") });
  fill(main, waiting);
  for (;;) {
    let review;
    try {
      review = await call("GET", `/api/games/${encodeURIComponent(gameId)}/coach`, undefined, secret);
    } catch (err) {
      fill(main, banner(err.message, true), h("a", { class: "button", href: `/results/${gameId}`, text: t("r.title") }));
      if (err instanceof ApiError && err.code === "offline") await sleep(POLL_MS);
      else return;
      continue;
    }
    if (review.status === "ready") {
      fill(main, ...show(review, wall, gameId));
      return;
    }
    await sleep(POLL_MS);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The player's name, or the colour when nobody was named. */
function nameOf(review, side) {
  const player = (review.players || {})[side];
  return player && player.name ? player.name : t(`color.${side}`);
}

/** The review's parts: the main sentence, the board with its caption and steps, the graph, the moves. */
function show(review, wall, gameId) {
  const notes = review.notes;
  const board = new Board({ big: wall, flipped: false });
  const caption = h("div", { class: "coach-caption", role: "status", dataset: { role: "coach-caption" } });
  const graph = evaluationGraph(review, (ply) => select(ply));
  const list = movesList(review, (ply) => select(ply));
  const firstMistake = notes.findIndex((n) => n.label === "mistake" || n.label === "blunder");
  const labelled = notes.map((n, i) => (n.label ? i : -1)).filter((i) => i >= 0);
  let ply = review.first_hint ?? (firstMistake >= 0 ? firstMistake : labelled[0] ?? 0);
  const select = (next) => {
    ply = Math.max(0, Math.min(notes.length, next));
    const note = notes[ply];
    const fen = review.positions[ply];
    const pieces = piecesOf(fen);
    const occupied = new Map(pieces.map((p) => [p.square, p]));
    const better = note && note.label && note.better ? pathOf(note.better) : [];
    board.update({ pieces, last: note ? note.move : null, marks: { path: better, taken: takenAlong(better, occupied) }, interactive: false, fen });
    fill(caption, ...captionOf(review, ply));
    graph.mark(ply);
    list.mark(ply);
  };
  const step = (action, text, go) => h("button", { type: "button", dataset: { action }, text, onclick: () => select(go()) });
  const steps = h("div", { class: "row coach-steps" },
    step("coach-prev", `◀ ${t("coach.prev")}`, () => ply - 1),
    step("coach-next", `${t("coach.next")} ▶`, () => ply + 1),
    labelled.length ? step("coach-next-mistake", t("coach.next_mistake"), () => labelled.find((i) => i > ply) ?? labelled[0]) : null);
  const hint = review.first_hint === null ? null : notes[review.first_hint];
  const lead = h("div", { class: "banner coach-lead", dataset: { role: "coach-first-hint" } },
    hint ? `${t("coach.move_of", { n: hint.number, name: nameOf(review, hint.side) })}: ${hint.sentence}` : t("coach.no_hint"));
  const summary = h("p", { class: "muted", dataset: { role: "coach-summary" } }, ["white", "black"].map((side) => summaryOf(review, side)).join(" · "));
  // the phone: the sentence, the graph, the board with the move's words under it; the wall: the
  // board on the left, the words, the graph and the moves beside it (all in the first screen)
  const boardPanel = wall ? panel(t("x.board"), board.el) : panel(t("x.board"), board.el, caption, steps);
  const graphPanel = panel(t("coach.graph"), graph.el);
  const movesPanel = panel(t("rd.moves"), list.el, summary);
  boardPanel.dataset.panel = "coach-board";
  graphPanel.dataset.panel = "coach-graph";
  movesPanel.dataset.panel = "coach-moves";
  const back = h("a", { class: "button", href: `/results/${gameId}`, text: t("r.title") });
  select(ply);
  if (wall) {
    // nobody scrolls a projector: the wall steps by the buttons and the graph's dots, no move list
    const words = panel(t("coach.title"), caption, steps, summary);
    words.dataset.panel = "coach-words";
    return [h("div", { class: "proj coach-wall" }, h("div", {}, boardPanel), h("div", { class: "stack" }, lead, words, graphPanel))];
  }
  return [lead, graphPanel, boardPanel, movesPanel, h("div", { class: "row" }, back)];
}

/** "Аня: неточности 1 · ошибки 2 · грубые ошибки 0". */
function summaryOf(review, side) {
  const count = (label) => review.notes.filter((n) => n.side === side && n.label === label).length;
  return t("coach.summary", { name: nameOf(review, side), i: count("inaccuracy"), m: count("mistake"), b: count("blunder") });
}

/** The caption under the board: the move, its label, the coach's sentence, the better move on the board. */
function captionOf(review, ply) {
  const note = review.notes[ply];
  if (!note) return [h("b", { text: t("coach.final") }), " ", h("span", { text: evalText(review.graph[ply]) })];
  const head = h("b", { text: `${note.number}. ${nameOf(review, note.side)}: ${note.move}` });
  const label = note.label ? h("span", { class: "pill coach-label", dataset: { label: note.label }, style: { background: LABEL_COLOURS[note.label], color: "#fff" }, text: note.label_text }) : null;
  const said = note.sentence ? h("p", { dataset: { role: "coach-sentence" }, text: note.sentence }) : h("p", { class: "muted", text: t("coach.fine") });
  const shown = note.label && note.better ? h("p", { class: "muted", dataset: { role: "coach-better" }, text: t("coach.better_shown", { move: note.better }) }) : null;
  return [h("div", { class: "row" }, head, label), said, shown, h("small", { class: "muted", text: evalText(review.graph[ply]) })];
}

/** White's evaluation in men: "+1,2 в пользу белых". */
function evalText(value) {
  if (Math.abs(value) >= 2000) return t(value > 0 ? "coach.eval_win_white" : "coach.eval_win_black");
  const men = Math.round(value / 10) / 10;
  return t("coach.eval", { value: `${men > 0 ? "+" : ""}${num(men)}` });
}

/** The evaluation graph (white's view, before each move and at the end), its mistakes marked. */
function evaluationGraph(review, onPick) {
  const width = 560;
  const height = 200;
  // room for the labels at the wall's size too (fit.js raises them): the lowest mark's label
  // never meets the move numbers under it
  const pad = { l: 44, r: 12, t: 14, b: 38 };
  const points = review.graph;
  const n = Math.max(points.length - 1, 1);
  const x = (i) => pad.l + (i * (width - pad.l - pad.r)) / n;
  const y = (v) => pad.t + (1 - (Math.max(-SHOWN, Math.min(SHOWN, v)) + SHOWN) / (2 * SHOWN)) * (height - pad.t - pad.b);
  const svg = s("svg", { class: "chart coach-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("coach.graph_label") });
  for (const v of [-SHOWN, -SHOWN / 2, 0, SHOWN / 2, SHOWN]) {
    svg.append(s("line", { x1: pad.l, x2: width - pad.r, y1: y(v), y2: y(v), stroke: v === 0 ? "#8889" : "#8883", "stroke-width": 1 }));
    svg.append(s("text", { x: pad.l - 4, y: y(v) + 4, "text-anchor": "end", text: `${v > 0 ? "+" : ""}${num(v / 100)}` }));
  }
  const every = Math.max(2, Math.ceil(points.length / 10 / 2) * 2);
  for (let i = 0; i < points.length; i += every) svg.append(s("text", { x: x(i), y: height - 6, "text-anchor": "middle", text: String(i / 2 + 1) }));
  const area = `M${x(0)},${y(0)} ${points.map((v, i) => `L${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")} L${x(points.length - 1)},${y(0)} Z`;
  svg.append(s("path", { d: area, fill: "#9e9e9e55", stroke: "none" }));
  svg.append(s("path", { d: points.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(""), fill: "none", stroke: "#1565c0", "stroke-width": 2.2 }));
  const cursor = s("line", { y1: pad.t, y2: height - pad.b, stroke: "#00897b", "stroke-width": 2, "data-role": "coach-cursor" });
  svg.append(cursor);
  review.notes.forEach((note, i) => {
    if (!note.label) return;
    // the mark sits where the evaluation fell: after the move
    const dot = s("circle", { cx: x(i + 1), cy: y(points[i + 1]), r: note.label === "inaccuracy" ? 4.5 : 6.5, fill: LABEL_COLOURS[note.label], stroke: "#fff", "stroke-width": 1.5,
      "data-label": note.label, "data-ply": String(i), style: "cursor:pointer" }, s("title", { text: `${note.number}. ${note.move}: ${note.label_text}` }));
    dot.addEventListener("click", () => onPick(i));
    svg.append(dot);
  });
  svg.addEventListener("click", (e) => {
    if (/** @type {Element} */ (e.target).tagName === "circle") return;
    const box = svg.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * width;
    onPick(Math.round(((at - pad.l) / (width - pad.l - pad.r)) * n));
  });
  const legend = h("div", { class: "legend" }, ["inaccuracy", "mistake", "blunder"].map((label) => h("span", {},
    h("span", { class: "swatch", style: { background: LABEL_COLOURS[label], borderColor: LABEL_COLOURS[label] } }), t(`coach.label.${label}`))));
  return {
    el: h("figure", { class: "chart-wrap", style: { margin: "0" } }, svg, legend),
    mark(ply) {
      cursor.setAttribute("x1", String(x(ply)));
      cursor.setAttribute("x2", String(x(ply)));
    },
  };
}

/** The score sheet: a button a move, the labelled ones coloured. */
function movesList(review, onPick) {
  const buttons = review.notes.map((note, i) => h("button", {
    type: "button", class: ["small", "coach-move"], dataset: { ply: String(i), label: note.label || "" },
    style: note.label ? { borderColor: LABEL_COLOURS[note.label], borderWidth: "3px" } : {},
    title: note.label_text || "", text: `${note.side === "white" ? `${note.number}. ` : ""}${note.move}`, onclick: () => onPick(i),
  }));
  const el = h("div", { class: "coach-moves scroll" }, buttons);
  return {
    el,
    mark(ply) {
      buttons.forEach((b, i) => b.setAttribute("aria-pressed", String(i === ply)));
      // within the list only: the page itself stays where the reader is
      const shown = buttons[ply];
      if (shown) el.scrollTop = Math.max(0, shown.offsetTop - el.clientHeight / 2);
    },
  };
}
