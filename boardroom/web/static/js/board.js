// @ts-check
// The board every page shares: 8×8, numbered or named pieces coloured by firm or team,
// click-or-drag (and tap) moves with the legal destinations shown, captures entered hop by hop
// with the taken pieces marked until the move ends, the last move highlighted.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

const FILES = "abcdefgh";

export function squareName(file, rank) {
  return FILES[file] + String(rank + 1);
}

function coords(square) {
  return [FILES.indexOf(square[0]), Number(square.slice(1)) - 1];
}

/** "c3:e5:g7" → ["c3", "e5", "g7"]; "c3-d4" → ["c3", "d4"]. */
export function pathOf(move) {
  return String(move).toLowerCase().split(/[-:x]/).filter(Boolean);
}

/** The squares strictly between two squares on one diagonal. */
function between(a, b) {
  const [fa, ra] = coords(a);
  const [fb, rb] = coords(b);
  const df = Math.sign(fb - fa);
  const dr = Math.sign(rb - ra);
  const out = [];
  if (Math.abs(fb - fa) !== Math.abs(rb - ra)) return out;
  for (let f = fa + df, r = ra + dr; f !== fb; f += df, r += dr) out.push(squareName(f, r));
  return out;
}

/** The pieces a path jumps over (the first occupied square between each pair of hops). */
export function takenAlong(path, occupied) {
  const taken = [];
  for (let i = 1; i < path.length; i += 1) {
    const hit = between(path[i - 1], path[i]).find((sq) => occupied.has(sq) && !taken.includes(sq));
    if (hit) taken.push(hit);
  }
  return taken;
}

export class Board {
  /**
   * options.onMove(moveText) → Promise (resolved when sent); options.big for the projector.
   */
  constructor(options = {}) {
    this.options = options;
    this.flipped = Boolean(options.flipped);
    this.pieces = [];
    this.legal = [];
    this.selection = [];
    this.pending = null;
    this.last = [];
    this.marks = { path: [], taken: [], pending: [] };
    this.interactive = false;
    this.grid = h("div", { class: ["board", options.big && "big", options.named && "named"], role: "grid", "aria-label": t("board.label") });
    this.grid.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.grid.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.grid.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target.dataset.square) {
        e.preventDefault();
        this.press(e.target.dataset.square);
      }
    });
    this.status = h("div", { class: "board-hint" });
    this.el = h("div", { class: "board-wrap" }, this.grid, this.status);
    this.render();
  }

  flip() {
    this.flipped = !this.flipped;
    this.render();
  }

  /**
   * state: {pieces: [{square, label, title, side, hue, king, id}], legal: [moves], last: "c3-d4",
   *         marks: {path, taken, pending}, interactive}
   */
  update(state) {
    const legal = (state.legal || []).map(String);
    const changedLegal = legal.join(",") !== this.legal.join(",");
    this.pieces = state.pieces || [];
    this.legal = legal;
    this.last = state.last ? pathOf(state.last) : [];
    this.marks = { path: [], taken: [], pending: [], ...(state.marks || {}) };
    this.interactive = Boolean(state.interactive) && legal.length > 0;
    if (changedLegal || !this.interactive) this.selection = [];
    this.pending = null;
    this.render();
  }

  occupied() {
    return new Map(this.pieces.map((p) => [p.square, p]));
  }

  starts() {
    return new Set(this.legal.map((m) => pathOf(m)[0]));
  }

  candidates() {
    const sel = this.selection;
    return this.legal.map((m) => ({ move: m, path: pathOf(m) }))
      .filter(({ path }) => sel.every((sq, i) => path[i] === sq));
  }

  nextHops() {
    const n = this.selection.length;
    if (n === 0) return new Set();
    return new Set(this.candidates().filter(({ path }) => path.length > n).map(({ path }) => path[n]));
  }

  squareAt(event) {
    const el = document.elementFromPoint(event.clientX, event.clientY);
    const cell = el && el.closest ? el.closest("[data-square]") : null;
    return cell && this.grid.contains(cell) ? /** @type {HTMLElement} */ (cell).dataset.square : null;
  }

  pointerDown(event) {
    const square = event.target.closest?.("[data-square]")?.dataset.square;
    if (!square || !this.interactive || this.pending) return;
    this.dragFrom = square;
    this.press(square);
  }

  pointerUp(event) {
    const from = this.dragFrom;
    this.dragFrom = null;
    if (!from || !this.interactive || this.pending) return;
    const square = this.squareAt(event);
    if (square && square !== from && this.nextHops().has(square)) this.press(square);
  }

  press(square) {
    if (!this.interactive || this.pending) return;
    const starts = this.starts();
    if (this.selection.length === 0) {
      if (starts.has(square)) this.selection = [square];
    } else if (this.selection.length === 1 && square === this.selection[0]) {
      this.selection = [];
    } else if (this.nextHops().has(square)) {
      this.selection = [...this.selection, square];
      const candidates = this.candidates();
      const done = candidates.find(({ path }) => path.length === this.selection.length);
      const longer = candidates.some(({ path }) => path.length > this.selection.length);
      if (done && !longer) {
        this.submit(done.move);
        return;
      }
    } else if (starts.has(square) && this.selection.length === 1) {
      this.selection = [square];
    } else if (this.selection.length === 1) {
      this.selection = [];
    }
    this.render();
  }

  async submit(move) {
    this.pending = move;
    this.render();
    try {
      await this.options.onMove?.(move);
    } catch (err) {
      this.pending = null;
      this.selection = [];
      this.render();
    }
  }

  hint() {
    if (this.pending) return t("board.sending", { move: this.pending });
    if (!this.interactive) return "";
    if (this.selection.length === 0) return t("board.pick_piece");
    if (this.selection.length === 1) return t("board.pick_square");
    return t("board.next_hop");
  }

  render() {
    const occupied = this.occupied();
    const path = this.pending ? pathOf(this.pending) : this.selection;
    const moving = path.length > 1 ? occupied.get(path[0]) : null;
    const takenNow = takenAlong(path, occupied);
    const hops = this.pending ? new Set() : this.nextHops();
    const starts = this.interactive && !this.pending && this.selection.length === 0 ? this.starts() : new Set();
    const cells = [];
    for (let row = 0; row < 8; row += 1) {
      for (let col = 0; col < 8; col += 1) {
        const rank = this.flipped ? row : 7 - row;
        const file = this.flipped ? 7 - col : col;
        const square = squareName(file, rank);
        const dark = (file + rank) % 2 === 0;
        if (!dark) {
          const light = h("div", { class: "sq light", "aria-hidden": "true" });
          if (file === (this.flipped ? 7 : 0)) light.append(h("span", { class: "coord rank", text: String(rank + 1) }));
          if (rank === (this.flipped ? 7 : 0)) light.append(h("span", { class: "coord file", text: FILES[file] }));
          cells.push(light);
          continue;
        }
        let piece = occupied.get(square);
        let ghost = false;
        if (moving && square === path[0]) piece = null;
        if (moving && square === path[path.length - 1]) {
          piece = moving;
          ghost = true;
        }
        const classes = ["sq", "dark"];
        if (this.last.includes(square)) classes.push("last");
        if (this.selection[0] === square || (this.pending && path[0] === square)) classes.push("selected");
        if (hops.has(square)) classes.push("dest");
        if (starts.has(square)) classes.push("movable");
        if (takenNow.includes(square) || this.marks.taken.includes(square)) classes.push("taken");
        if (this.marks.path.includes(square)) classes.push("route");
        if (this.marks.pending.includes(square)) classes.push("contested");
        const label = this.labelFor(square, piece);
        const cell = h("div", {
          class: classes, role: "gridcell", dataset: { square }, "aria-label": label,
          tabindex: this.interactive ? "0" : null,
        });
        if (file === (this.flipped ? 7 : 0)) cell.append(h("span", { class: "coord rank", text: String(rank + 1) }));
        if (rank === (this.flipped ? 7 : 0)) cell.append(h("span", { class: "coord file", text: FILES[file] }));
        if (piece) cell.append(this.pieceEl(piece, ghost, takenNow.includes(square) || this.marks.taken.includes(square)));
        cells.push(cell);
      }
    }
    fill(this.grid, cells);
    this.status.textContent = this.hint();
    this.grid.dataset.legal = this.interactive ? this.legal.join(" ") : "";
    this.grid.classList.toggle("interactive", this.interactive);
  }

  labelFor(square, piece) {
    if (!piece) return square;
    return `${square}: ${piece.title || piece.label}${piece.king ? ` (${t("board.king")})` : ""}`;
  }

  pieceEl(piece, ghost, taken) {
    const el = h("div", {
      class: ["piece", piece.side, piece.king && "king", ghost && "ghost", taken && "is-taken"],
      title: piece.title || piece.label,
      dataset: { piece: piece.id || "" },
    }, piece.king ? h("span", { class: "crown", "aria-hidden": "true", text: "♛" }) : null,
    h("span", { class: ["plabel", String(piece.label).length > 4 && "long"], text: piece.label }));
    el.style.setProperty("--hue", piece.hue || "#888");
    return el;
  }
}

/** Colours of the eight firms (white 1–4, black 5–8) and of the two quiz teams. */
export const FIRM_HUES = {
  1: "#e53935", 2: "#fb8c00", 3: "#2e9d3a", 4: "#1e88e5",
  5: "#8e24aa", 6: "#00897b", 7: "#c0a000", 8: "#d81b60",
};
export const TEAM_HUES = ["#1e88e5", "#e53935"];

/** A flip button for a board. */
export function flipButton(board) {
  return h("button", { type: "button", class: "small", text: t("board.flip"), onclick: () => board.flip() });
}
