// @ts-check
// The board every page shares: 8×8, numbered or named pieces coloured by firm or team.
// For every student: the board is one Tab stop (roving tabindex over its 64 squares), arrow keys
// move between squares, Enter or Space picks a piece and drops it, every square is named with
// its state in the page's language ("b4, можно пойти"); clicks, touches and drags (the piece
// follows the pointer) make the same moves. Under it a field takes moves typed in Russian
// notation (c3-d4, c3:e5:g7, x for captures, c3:g7 shortened) completed from the legal moves, the
// legal moves as buttons, and the position in words and as FEN. The last move and whose turn it
// is are said once in the page's live region (announce.js). Captures are entered hop by hop with
// the taken pieces marked until the move ends. The board never works out the rules itself: the
// legal moves come from the view's actions.
import { announce } from "./announce.js";
import { feedbackSwitch, signal } from "./board-feedback.js";
import { FILES, coords, matchMove, pathOf, squareName, takenAlong } from "./board_notation.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

let boards = 0;

const ARROWS = /** @type {Record<string, [number, number]>} */ ({
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
});

export class Board {
  /**
   * options.onMove(moveText) → Promise (resolved when sent); options.big for the projector;
   * options.named for pieces named by people; options.toolsApart: the page places board.tools.
   */
  constructor(options = {}) {
    this.options = options;
    this.id = `board${(boards += 1)}`;
    this.flipped = Boolean(options.flipped);
    this.pieces = [];
    this.legal = [];
    this.selection = [];
    this.pending = null;
    this.last = [];
    this.lastText = null;
    this.toMove = null;
    this.fen = null;
    this.marks = { path: [], taken: [], pending: [] };
    this.interactive = false;
    this.focusSquare = null;
    this.drag = null;
    this.noClick = false;
    this.updates = 0;
    this.said = null;
    this.turn = "";
    this.cells = new Map();
    this.hintId = `${this.id}-hint`;
    this.grid = h("div", {
      class: ["board", options.big && "big", options.named && "named"], role: "grid", id: this.id,
      "aria-label": t("board.label"), "aria-describedby": `${this.id}-keys ${this.hintId}`,
    });
    this.grid.addEventListener("keydown", (e) => this.keyDown(e));
    this.grid.addEventListener("click", (e) => this.clicked(e));
    this.grid.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.grid.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.grid.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.grid.addEventListener("pointercancel", () => this.dropDrag());
    this.grid.addEventListener("focusin", (e) => {
      const square = /** @type {HTMLElement} */ (e.target).dataset?.square;
      if (square) this.setRoving(square);
    });
    this.status = h("div", { class: "board-hint", id: this.hintId });
    const keys = h("div", { class: "sr-only", id: `${this.id}-keys`, text: t("board.keys_help") });
    this.entry = options.big ? null : this.moveEntry();
    this.text = options.big ? null : this.textView();
    // options.ownAlert: the page signals the turn itself (the exchange player's turn alert)
    this.feedback = options.big || !options.onMove || options.ownAlert ? null : feedbackSwitch();
    // the typed move, the legal moves, the sound switch and the text view: under the board, or
    // where the page puts them (options.toolsApart: the page appends board.tools itself)
    this.tools = options.big ? null : h("div", { class: "board-more" }, this.entry ? this.entry.el : null,
      h("div", { class: "row board-tools" }, this.feedback, this.text ? this.text.el : null));
    this.el = h("div", { class: "board-wrap" }, this.grid, keys, this.status, options.toolsApart ? null : this.tools);
    this.build();
    this.render();
  }

  flip() {
    const had = this.grid.contains(document.activeElement);
    this.flipped = !this.flipped;
    this.build();
    this.render();
    if (had && this.focusSquare) this.cells.get(this.focusSquare)?.focus();
  }

  /**
   * state: {pieces: [{square, label, title, side, hue, king, id}], legal: [moves], last: "c3-d4",
   *         marks: {path, taken, pending}, interactive, toMove: "white" | "black", fen}
   */
  update(state) {
    const legal = (state.legal || []).map(String);
    const changedLegal = legal.join(",") !== this.legal.join(",");
    const wasInteractive = this.interactive;
    this.pieces = state.pieces || [];
    this.legal = legal;
    this.lastText = state.last ? String(state.last) : null;
    this.last = state.last ? pathOf(state.last) : [];
    this.marks = { path: [], taken: [], pending: [], ...(state.marks || {}) };
    this.interactive = Boolean(state.interactive) && legal.length > 0;
    this.toMove = state.toMove || null;
    this.fen = state.fen || null;
    if (changedLegal || !this.interactive) this.selection = [];
    this.pending = null;
    this.updates += 1;
    if (this.feedback && this.updates > 1 && this.interactive && !wasInteractive) signal("your-move");
    this.render();
    this.scheduleSaying();
  }

  /** Whose turn it is, in the page's words (said with the last move, once). */
  setTurn(text) {
    this.turn = String(text || "").trim();
    this.scheduleSaying();
  }

  scheduleSaying() {
    if (this.saying) return;
    this.saying = true;
    queueMicrotask(() => {
      this.saying = false;
      const key = `${this.lastText || ""}|${this.turn}`;
      const first = this.said === null;
      if (key === this.said) return;
      const moved = this.said !== null && this.lastText && this.said.split("|")[0] !== this.lastText;
      this.said = key;
      if (first) return; // the page just opened: nothing happened yet
      if (this.feedback && moved && this.lastText && this.lastText.includes(":")) signal("capture");
      const parts = [this.lastText && moved ? t("board.said_move", { move: this.lastText }) : "", this.turn];
      announce(parts.filter(Boolean).join(" "));
    });
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

  // --- the squares ----------------------------------------------------------------------

  /** The square shown at a row and column of the screen (row 0 at the top). */
  at(row, col) {
    const rank = this.flipped ? row : 7 - row;
    const file = this.flipped ? 7 - col : col;
    return squareName(file, rank);
  }

  /** Eight rows of eight squares, made once (and again on a flip): focus stays on its square. */
  build() {
    this.cells = new Map();
    const rows = [];
    for (let row = 0; row < 8; row += 1) {
      const cells = [];
      for (let col = 0; col < 8; col += 1) {
        const square = this.at(row, col);
        const [file, rank] = coords(square);
        const dark = (file + rank) % 2 === 0;
        const cell = h("div", { class: ["sq", dark ? "dark" : "light"], role: "gridcell", dataset: { square, row: String(row), col: String(col) }, tabindex: "-1" });
        // the coordinates are drawn by CSS (the square's name says them already)
        if (col === 0) cell.append(h("span", { class: "coord rank", "aria-hidden": "true", dataset: { c: String(rank + 1) } }));
        if (row === 7) cell.append(h("span", { class: "coord file", "aria-hidden": "true", dataset: { c: FILES[file] } }));
        this.cells.set(square, cell);
        cells.push(cell);
      }
      rows.push(h("div", { class: "board-row", role: "row" }, cells));
    }
    fill(this.grid, rows);
  }

  /** The square that takes the board's one Tab stop. */
  setRoving(square) {
    if (!this.cells.has(square)) return;
    if (this.focusSquare && this.focusSquare !== square) this.cells.get(this.focusSquare)?.setAttribute("tabindex", "-1");
    this.focusSquare = square;
    this.cells.get(square).setAttribute("tabindex", "0");
  }

  /** Where Tab lands when the focus is elsewhere: the piece picked, else one that can move. */
  restingSquare() {
    if (this.selection.length) return this.selection[this.selection.length - 1];
    const first = this.legal.length ? pathOf(this.legal[0])[0] : null;
    if (this.interactive && first) return first;
    return this.focusSquare || (this.last.length ? this.last[this.last.length - 1] : this.at(7, 0));
  }

  focusOn(square) {
    this.setRoving(square);
    this.cells.get(square)?.focus();
  }

  // --- input ------------------------------------------------------------------------------

  keyDown(event) {
    const cell = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest?.("[data-square]"));
    if (!cell) return;
    const square = cell.dataset.square;
    const arrow = ARROWS[event.key];
    if (arrow || event.key === "Home" || event.key === "End") {
      event.preventDefault();
      let row = Number(cell.dataset.row);
      let col = Number(cell.dataset.col);
      if (arrow) {
        row = Math.min(7, Math.max(0, row + arrow[0]));
        col = Math.min(7, Math.max(0, col + arrow[1]));
      } else if (event.ctrlKey) {
        row = event.key === "Home" ? 0 : 7;
        col = event.key === "Home" ? 0 : 7;
      } else {
        col = event.key === "Home" ? 0 : 7;
      }
      this.focusOn(this.at(row, col));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.press(square, true);
    } else if (event.key === "Escape" && this.selection.length && !this.pending) {
      event.preventDefault();
      this.selection = [];
      this.render();
    }
  }

  clicked(event) {
    if (this.noClick) return;
    const cell = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest?.("[data-square]"));
    const square = cell?.dataset.square;
    if (!square) return;
    this.setRoving(square);
    this.press(square, false);
  }

  squareAt(event) {
    const el = document.elementFromPoint(event.clientX, event.clientY);
    const cell = el && el.closest ? el.closest("[data-square]") : null;
    return cell && this.grid.contains(cell) ? /** @type {HTMLElement} */ (cell).dataset.square : null;
  }

  /** The square a drag may start from: a piece that can move, or the piece mid-capture. */
  draggable(square) {
    if (!this.interactive || this.pending) return false;
    if (this.selection.length > 1) return square === this.selection[this.selection.length - 1];
    return this.starts().has(square);
  }

  pointerDown(event) {
    const square = event.target.closest?.("[data-square]")?.dataset.square;
    if (event.button !== 0 || !square || !this.draggable(square)) return;
    this.drag = { from: square, x: event.clientX, y: event.clientY, moved: false, floater: null };
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag) return;
    if (!drag.moved) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
      drag.moved = true;
      if (this.selection.length <= 1 && this.selection[0] !== drag.from) this.selection = [drag.from];
      this.render();
      const piece = this.cells.get(drag.from)?.querySelector(".piece");
      if (!piece) { this.drag = null; return; }
      const box = piece.getBoundingClientRect();
      const floater = /** @type {HTMLElement} */ (piece.cloneNode(true));
      floater.classList.add("floating");
      floater.classList.remove("ghost");
      Object.assign(floater.style, { width: `${box.width}px`, height: `${box.height}px` });
      document.body.append(floater);
      piece.classList.add("lifted");
      drag.floater = floater;
      try { this.grid.setPointerCapture(event.pointerId); } catch { /* a synthetic pointer */ }
    }
    const f = drag.floater;
    if (f) f.style.transform = `translate(${event.clientX - f.offsetWidth / 2}px, ${event.clientY - f.offsetHeight / 2}px)`;
  }

  pointerUp(event) {
    const drag = this.drag;
    if (!drag || !drag.moved) { this.drag = null; return; }
    const square = this.squareAt(event);
    this.dropDrag();
    // the click the browser sends after a drag is not a second press
    this.noClick = true;
    setTimeout(() => { this.noClick = false; }, 0);
    if (square && square !== drag.from && this.nextHops().has(square)) this.press(square, false);
    else this.render();
  }

  dropDrag() {
    if (this.drag && this.drag.floater) this.drag.floater.remove();
    this.drag = null;
    this.grid.querySelector(".piece.lifted")?.classList.remove("lifted");
  }

  /** A square chosen (click, touch, drop or key): pick, hop, drop or put back. */
  press(square, byKey) {
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
    } else if (this.options.jump && this.jumpTo(square)) {
      return;
    } else if (starts.has(square) && this.selection.length === 1) {
      this.selection = [square];
    } else if (this.selection.length === 1) {
      this.selection = [];
    }
    this.render();
    // by keyboard the focus goes on to the first square the piece may land on
    const next = [...this.nextHops()][0];
    if (byKey && next) this.focusOn(next);
  }

  /** options.jump: a tap on where a capture ends completes it when only one move ends there
   * (c3 then g7 for c3:e5:g7: a move in two taps). */
  jumpTo(square) {
    const ending = this.candidates().filter(({ path }) => path.length > this.selection.length && path[path.length - 1] === square);
    if (ending.length !== 1) return false;
    this.selection = ending[0].path;
    this.submit(ending[0].move);
    return true;
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

  // --- typed moves --------------------------------------------------------------------------

  moveEntry() {
    const id = `${this.id}-move`;
    const input = h("input", {
      type: "text", id, name: "move", list: `${id}-list`, autocomplete: "off", spellcheck: "false",
      autocapitalize: "none", placeholder: "c3-d4", "aria-describedby": `${id}-help ${id}-said`,
    });
    const list = h("datalist", { id: `${id}-list` });
    const said = h("div", { class: "entry-said", id: `${id}-said`, dataset: { role: "move-said" } });
    const buttons = h("div", { class: "legal-moves", role: "group", "aria-label": t("board.legal_moves"), dataset: { role: "legal-moves" } });
    const form = h("form", { class: "move-entry hidden", dataset: { role: "move-entry" } },
      h("label", { class: "field-label", for: id, text: t("board.entry_label") }),
      h("div", { class: "row" }, input, h("button", { type: "submit", class: "primary small", text: t("board.entry_go") })),
      h("small", { class: "help", id: `${id}-help`, text: t("board.entry_help") }), list, said,
      h("div", { class: "field-label", "aria-hidden": "true", text: t("board.legal_moves") }), buttons);
    const tell = (text) => {
      said.textContent = text;
      announce(text, true);
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const typed = input.value.trim();
      if (!typed) return;
      const found = matchMove(typed, this.legal);
      if (found === null) tell(t("board.entry_bad", { move: typed }));
      else if (found.length === 0) tell(t("board.entry_none", { move: typed, moves: this.legal.join(", ") }));
      else if (found.length > 1) tell(t("board.entry_ambiguous", { move: typed, moves: found.join(", ") }));
      else {
        said.textContent = "";
        input.value = "";
        this.play(found[0]);
      }
    });
    input.addEventListener("input", () => { said.textContent = ""; });
    let shown = null;
    return {
      el: form,
      update: () => {
        form.classList.toggle("hidden", !this.interactive);
        const key = this.interactive ? this.legal.join(" ") : "";
        if (key === shown) return;
        shown = key;
        said.textContent = "";
        const legal = this.interactive ? this.legal : [];
        fill(list, legal.map((move) => h("option", { value: move })));
        fill(buttons, legal.map((move) => h("button", {
          type: "button", class: "small mono", dataset: { move }, text: move, onclick: () => this.play(move),
        })));
      },
    };
  }

  /** A whole move chosen by text or button: sent at once, the focus back on the board. */
  play(move) {
    if (!this.interactive || this.pending || !this.legal.includes(move)) return;
    const path = pathOf(move);
    this.focusOn(path[path.length - 1]);
    this.selection = path;
    this.submit(move);
  }

  // --- the position in words ------------------------------------------------------------------

  textView() {
    const fen = h("code", { dataset: { role: "fen" } });
    const words = h("ul", { class: "board-words", dataset: { role: "position-words" } });
    const last = h("p", { dataset: { role: "position-last" } });
    const el = h("details", { class: "board-text" }, h("summary", { text: t("board.text_view") }),
      h("p", {}, h("span", { text: `${t("board.fen")}: ` }), fen), words, last);
    el.addEventListener("toggle", () => this.text && this.text.update());
    return {
      el,
      update: () => {
        if (!el.open) return;
        const known = this.fen || this.fenOfPieces();
        fen.textContent = known || t("board.fen_unknown");
        fill(words, ["white", "black"].map((side) => h("li", { text: this.sideInWords(side) })));
        last.textContent = this.lastText ? t("board.said_move", { move: this.lastText }) : t("board.no_last");
      },
    };
  }

  /** FEN of the pieces shown ("W:Wa1,Kc3:Bb6"); null when the side to move is not known. */
  fenOfPieces() {
    if (!this.toMove) return null;
    const side = (s) => this.pieces.filter((p) => p.side === s)
      .sort((a, b) => a.square.localeCompare(b.square)).map((p) => `${p.king ? "K" : ""}${p.square}`).join(",");
    return `${this.toMove === "black" ? "B" : "W"}:W${side("white")}:B${side("black")}`;
  }

  sideInWords(side) {
    const mine = this.pieces.filter((p) => p.side === side).sort((a, b) => a.square.localeCompare(b.square));
    const name = t(`board.side.${side}`);
    if (!mine.length) return t("board.side_none", { side: name });
    const list = mine.map((p) => {
      const what = [p.square, p.king ? t("board.king") : "", p.label ? (p.title || p.label) : ""].filter(Boolean);
      return what.join(" ");
    }).join("; ");
    return t("board.side_list", { side: name, n: mine.length, list });
  }

  // --- drawing ------------------------------------------------------------------------------

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
    const starts = this.interactive && !this.pending ? this.starts() : new Set();
    const showStarts = this.selection.length === 0 && !this.pending;
    for (const [square, cell] of this.cells) {
      const dark = cell.classList.contains("dark");
      if (!dark) {
        cell.setAttribute("aria-label", square);
        continue;
      }
      let piece = occupied.get(square);
      let ghost = false;
      if (moving && square === path[0]) piece = null;
      if (moving && square === path[path.length - 1]) {
        piece = moving;
        ghost = true;
      }
      const state = {
        last: this.last.includes(square),
        selected: this.selection[0] === square || (Boolean(this.pending) && path[0] === square),
        dest: hops.has(square),
        movable: showStarts && starts.has(square),
        mine: starts.has(square) || (ghost && this.interactive),
        taken: takenNow.includes(square) || this.marks.taken.includes(square),
        route: this.marks.path.includes(square),
        contested: this.marks.pending.includes(square),
        ghost,
      };
      cell.className = ["sq", "dark", state.last && "last", state.selected && "selected", state.dest && "dest",
        state.movable && "movable", state.taken && "taken", state.route && "route", state.contested && "contested"]
        .filter(Boolean).join(" ");
      cell.setAttribute("aria-label", this.labelFor(square, piece, state));
      if (state.selected) cell.setAttribute("aria-selected", "true");
      else cell.removeAttribute("aria-selected");
      cell.querySelector(".piece")?.remove();
      if (piece) cell.append(this.pieceEl(piece, ghost, state.taken));
    }
    if (!this.grid.contains(document.activeElement) || !this.focusSquare) this.setRoving(this.restingSquare());
    else this.setRoving(this.focusSquare);
    this.status.textContent = this.hint();
    this.grid.dataset.legal = this.interactive ? this.legal.join(" ") : "";
    this.grid.classList.toggle("interactive", this.interactive);
    this.entry?.update();
    this.text?.update();
  }

  /** "a3, ваша шашка, выбрана"; "b4, можно пойти"; "e5, чёрная дамка 7.1, последний ход". */
  labelFor(square, piece, state) {
    const parts = [square];
    if (piece) {
      const kind = piece.king ? "king" : "man";
      const whose = state.mine ? t(`board.piece.mine.${kind}`) : t(`board.piece.${piece.side}.${kind}`);
      const name = piece.label ? piece.title || piece.label : ""; // unnamed pieces: the side says it
      parts.push(name ? `${whose} ${name}` : whose);
    }
    if (state.ghost) parts.push(t("board.state.moving"));
    if (state.selected) parts.push(t("board.state.selected"));
    if (state.dest) parts.push(t("board.state.dest"));
    if (state.taken) parts.push(t("board.state.taken"));
    if (state.route) parts.push(t("board.state.route"));
    if (state.contested) parts.push(t("board.state.contested"));
    if (state.last) parts.push(t("board.state.last"));
    return parts.join(", ");
  }

  pieceEl(piece, ghost, taken) {
    const el = h("div", {
      class: ["piece", piece.side, piece.king && "king", ghost && "ghost", taken && "is-taken"],
      title: piece.title || piece.label, "aria-hidden": "true",
      dataset: { piece: piece.id || "" },
    }, piece.king ? h("span", { class: "crown", "aria-hidden": "true", text: "♛" }) : null,
    // the label is drawn by CSS: the square's name already says it (in full)
    h("span", { class: ["plabel", String(piece.label).length > 4 && "long"], dataset: { text: piece.label } }));
    el.style.setProperty("--hue", piece.hue || "#888");
    return el;
  }
}

/** Colours of the eight firms (white 1–4, black 5–8) and of the two quiz teams. */
export const FIRM_HUES = {
  1: "#e53935", 2: "#fb8c00", 3: "#2e9d3a", 4: "#1e88e5",
  5: "#8e24aa", 6: "#00897b", 7: "#c0a000", 8: "#d81b60",
};
// dark enough for white text on them (team score cards): 5.7:1 and 5.6:1
export const TEAM_HUES = ["#1565c0", "#c62828"];

/** A flip button for a board. */
export function flipButton(board) {
  return h("button", { type: "button", class: "small", text: t("board.flip"), onclick: () => board.flip() });
}

export { squareName, pathOf, takenAlong, readMove, matchMove } from "./board_notation.js";
