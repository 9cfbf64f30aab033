// @ts-check
// The class tournament on the wall (projector): before the start the code, the QR and who has
// joined; during a round the standings (place, name, points, Buchholz, SB, playing now) beside a
// mosaic of the boards in play; at the end the podium and the crosstable. Everything fits the
// screen: the table's rows and the mosaic's boards are sized from the screen, never scrolled.
import { h, s, fill, table } from "../dom.js";
import { t } from "../i18n.js";
import { call } from "../api.js";
import { roomQr, roomText } from "../room.js";
import { piecesOf } from "./russian.js";
import { points, resultText, roundText, who, standingsTable } from "./tournament_table.js";

const POLL_MS = 2000;

/** A small board drawn from a FEN: dark squares, men and kings, the last move's squares. */
export function miniBoard(fen, last) {
  const squares = [];
  const marked = new Set(String(last || "").split(/[-:]/).filter(Boolean));
  for (let rank = 8; rank >= 1; rank--) {
    for (let file = 0; file < 8; file++) {
      const dark = (file + rank) % 2 === 1;
      const name = `${"abcdefgh"[file]}${rank}`;
      squares.push(s("rect", { x: file, y: 8 - rank, width: 1, height: 1, fill: marked.has(name) ? "#c9a227" : dark ? "#6b4f32" : "#e8d7b5" }));
    }
  }
  const pieces = piecesOf(fen).map((p) => {
    const x = "abcdefgh".indexOf(p.square[0]) + 0.5;
    const y = 8 - Number(p.square.slice(1)) + 0.5;
    const white = p.side === "white";
    return s("g", {},
      s("circle", { cx: x, cy: y, r: 0.38, fill: white ? "#f5f5f5" : "#1b1b1b", stroke: white ? "#555" : "#ddd", "stroke-width": 0.05 }),
      p.king ? s("circle", { cx: x, cy: y, r: 0.17, fill: "none", stroke: white ? "#b8860b" : "#ffd54f", "stroke-width": 0.08 }) : null);
  });
  return s("svg", { viewBox: "0 0 8 8", class: "tn-mini", role: "img", "aria-hidden": "true" }, squares, pieces);
}

function tile(/** @type {any} */ b) {
  return h("figure", { class: `tn-tile${b.result !== null ? " done" : ""}`, dataset: { board: String(b.board) } },
    h("figcaption", { class: "tn-tile-top" }, h("b", { text: `${b.board}` }), " ", h("span", { class: "tn-black", text: who(b.black, b.black_id) })),
    b.position ? miniBoard(b.position, b.last) : h("div", { class: "tn-mini" }),
    h("figcaption", { class: "tn-tile-bottom" }, h("span", { class: "tn-white", text: who(b.white, b.white_id) }),
      h("b", { class: "tn-tile-result", text: resultText(b.result) })));
}

/** The standings in one or two columns (above fifteen pupils), rows sized to the screen. */
function standings(/** @type {any} */ v) {
  const lines = v.standings || [];
  const columns = lines.length > 15 ? 2 : 1;
  const per = Math.ceil(lines.length / columns) || 1;
  const parts = [];
  for (let c = 0; c < columns; c++) {
    parts.push(standingsTable({ ...v, standings: lines.slice(c * per, (c + 1) * per) }, { playing: v.phase === "playing", compact: columns > 1, short: true }));
  }
  const el = h("div", { class: `tn-table cols-${columns}`, dataset: { role: "wall-standings" } }, parts);
  el.style.setProperty("--rows", String(per + 1));
  return el;
}

function podium(/** @type {any} */ v) {
  const top = (v.standings || []).slice(0, 3);
  const order = [top[1], top[0], top[2]].filter(Boolean);
  return h("div", { class: "tn-podium", dataset: { role: "podium" } }, order.map((/** @type {any} */ p) =>
    h("div", { class: `tn-step place-${p.place}` }, h("div", { class: "tn-step-name", text: p.name }),
      h("div", { class: "tn-step-points", text: points(p.points) }), h("div", { class: "tn-step-place", text: String(p.place) }))));
}

function crosstable(/** @type {any} */ v) {
  const lines = v.standings || [];
  const robot = (v.crosstable[0] || []).length > lines.length;
  const heads = ["", t("tn.name"), ...lines.map((/** @type {any} */ _, /** @type {number} */ i) => String(i + 1)), ...(robot ? [t(v.format === "simul" ? "tn.teacher_short" : "tn.robot_short")] : []), t("tn.points"), t("tn.buchholz"), t("tn.sb")];
  const rows = lines.map((/** @type {any} */ p, /** @type {number} */ i) => [String(p.place), p.name, ...v.crosstable[i], points(p.points), points(p.buchholz), points(p.sb)]);
  const el = table(heads, rows, "tn-cross");
  el.dataset.role = "crosstable";
  el.style.setProperty("--rows", String(lines.length + 1));
  return el;
}

/** The columns that give the mosaic's boards the most room in its box (a tile is a board and
 * its two names over and under it, each up to two lines of `line` px). */
function bestColumns(count, box, line) {
  let best = 1;
  let size = 0;
  for (let cols = 1; cols <= Math.max(1, count); cols++) {
    const rows = Math.ceil(count / cols);
    const side = Math.min(box.width / cols, box.height / rows - 4 * line);
    // a tile narrower than a long word of a name (11 of the wall's letters) would cut it
    if (side > size && box.width / cols >= 9 * line) { size = side; best = cols; }
  }
  // many boards: a line a board (the board, its two names beside it) gives them more room
  const row = Math.min(box.height / Math.max(1, count) - line / 3, box.width - 12 * line);
  return row > size ? { cols: 1, lines: true } : { cols: best, lines: false };
}

export function mountWall(root, ctx) {
  const el = h("div", { class: "tn-wall", dataset: { panel: "tn-wall" } });
  root.append(el);
  // the wall takes the rest of the screen below the top bar, whatever the bar's height
  const size = () => { el.style.height = `${Math.max(200, window.innerHeight - el.getBoundingClientRect().top)}px`; };
  window.addEventListener("resize", size);
  const mosaic = h("div", { class: "tn-mosaic", dataset: { role: "mosaic" } });
  let timer = /** @type {number | null} */ (null);
  let shown = "";

  async function poll() {
    try {
      const reply = await call("GET", `/api/web/events/${encodeURIComponent(ctx.gameId)}/boards`, undefined, ctx.secret);
      const key = JSON.stringify(reply.boards);
      if (key === shown) return;
      shown = key;
      const count = reply.boards.length;
      const { cols, lines } = bestColumns(count, mosaic.getBoundingClientRect(), 1.2 * parseFloat(getComputedStyle(mosaic).fontSize));
      mosaic.classList.toggle("lines", lines);
      mosaic.style.setProperty("--cols", String(cols));
      mosaic.style.setProperty("--tile-rows", String(Math.ceil(count / cols)));
      fill(mosaic, reply.boards.map(tile));
    } catch (err) {
      console.warn(err);
    }
  }
  function polling(on) {
    if (on && timer === null) { poll(); timer = window.setInterval(poll, POLL_MS); }
    if (!on && timer !== null) { window.clearInterval(timer); timer = null; }
  }

  return {
    update(/** @type {any} */ v) {
      ctx.view = v;
      size();
      ctx.bar.setPhase(v.phase === "gathering" ? t("tn.gathering") : v.phase === "over" ? t(v.format === "simul" ? "sm.over" : "tn.over") : roundText(v));
      const title = h("h1", { class: "tn-wall-title", text: v.phase === "playing" ? `${v.title} · ${roundText(v)}` : v.title });
      if (v.phase === "gathering") {
        polling(false);
        const path = `/join/${ctx.me.code}`;
        fill(el, h("div", { class: "tn-wall-lobby" },
          h("div", { class: "tn-wall-join" }, title, h("p", { text: t("tn.wall_how") }),
            h("div", { class: "tn-code big", dataset: { role: "code" }, text: ctx.me.code }),
            roomText(path, { class: "tn-url" }),
            roomQr(path, { class: "tn-wall-qr", alt: t("lobby.qr") })),
          h("div", { class: "tn-wall-people" }, h("h2", { text: t("tn.joined", { n: v.pupils.length }) }),
            h("ul", { class: "tn-names big", dataset: { role: "joined" } }, v.pupils.map((/** @type {any} */ p) => h("li", { text: p.name }))))));
        return;
      }
      if (v.phase === "over") {
        polling(false);
        fill(el, h("div", { class: "tn-wall-end" }, title, podium(v), crosstable(v)));
        return;
      }
      polling(true);
      fill(el, h("div", { class: "tn-wall-play" }, title, h("div", { class: `tn-wall-cols${(v.standings || []).length > 15 ? " wide" : ""}` }, standings(v), mosaic)));
      shown = "";
      poll();
    },
  };
}
