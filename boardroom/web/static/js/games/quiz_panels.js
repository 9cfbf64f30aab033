// @ts-check
// Quiz Draughts: what every screen shares (phone, console, wall) — the teams and members of the
// view, the board with the pieces' labels, the scores, the question's timer, the log and the notice.
import { countdownVoice } from "../announce.js";
import { Board, TEAM_HUES, flipButton, pathOf } from "../board.js";
import { everyTick, left, mmss } from "../clock.js";
import { logPanel } from "../controls.js";
import { fill, h, panel } from "../dom.js";
import { t } from "../i18n.js";
import { errorLine } from "../shell.js";
import { fitLabels, pieceLabels } from "./quiz_labels.js";
export function teamIds(view) {
  return Object.keys(view.teams || {});
}

export function hueOf(view, teamId) {
  return TEAM_HUES[Math.max(0, teamIds(view).indexOf(teamId))];
}

export function memberIndex(view) {
  const index = {};
  for (const [tid, team] of Object.entries(view.teams || {})) {
    for (const m of team.members) index[m.id] = { ...m, team: tid, teamName: team.name, color: team.color };
  }
  return index;
}

function labelsOf(view) {
  const members = Object.values(view.teams || {}).flatMap((team) => team.members);
  const labels = pieceLabels(members.map((m) => m.name));
  const out = {};
  members.forEach((m, i) => { out[m.id] = labels[i]; });
  return out;
}

/** The member whose man reached the far row and won (shown crowned), if the round ended so. */
export function winningMember(view) {
  if (view.end_reason !== "reached_far_row") return null;
  const events = view.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if ((e.type === "moved" || e.type === "move_ended") && e.member) return e.member;
  }
  return null;
}

/** The quiz pieces: each member by name, the taken ones of the capture in progress kept in view. */
export function quizPieces(view) {
  const pieces = [];
  const labels = labelsOf(view);
  const crowned = winningMember(view);
  for (const [tid, team] of Object.entries(view.teams || {})) {
    for (const m of team.members) {
      if (!m.square) continue;
      const role = m.captain ? ` (${t("q.captain")})` : m.guest ? ` (${t("q.guest")})` : "";
      pieces.push({ square: m.square, label: labels[m.id], title: `${m.name}${role} — ${team.name}`, side: team.color, hue: hueOf(view, tid), king: m.king || m.id === crowned, id: m.id });
    }
  }
  const duel = view.duel;
  if (duel) {
    const members = memberIndex(view);
    for (const jump of duel.jumps) {
      const m = members[jump.member];
      if (jump.result === "taken" && m) {
        pieces.push({ square: jump.square, label: labels[m.id], title: m.name, side: m.color, hue: hueOf(view, m.team), king: m.king, id: m.id });
      }
    }
  }
  return pieces;
}

function lastMove(view) {
  const events = view.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (e.type === "move_ended" || (e.type === "moved" && !events.slice(i + 1).some((x) => x.type === "capture_started"))) return e.move;
    if (e.type === "game_started") break;
  }
  return null;
}

export function duelMarks(view) {
  const duel = view.duel;
  if (!duel) return {};
  const route = pathOf(duel.move);
  return {
    path: route,
    taken: duel.jumps.filter((j) => j.result === "taken").map((j) => j.square),
    pending: duel.jumps[duel.jump] && !duel.jumps[duel.jump].result ? [duel.jumps[duel.jump].square] : [],
  };
}

export function boardPanel(ctx, big) {
  const error = errorLine();
  const board = new Board({
    big,
    named: true,
    toolsApart: true,
    onMove: async (move) => {
      error.clear();
      try { await ctx.send({ type: "move", move }); } catch (err) { error.show(err); throw err; }
    },
  });
  board.el.classList.add("quiz-board");
  fitLabels(board.grid);
  const who = h("div", { class: "who", dataset: { role: "to-move" } });
  let seenKey = "";
  const el = panel(t("x.board"), board.el, h("div", { class: "call" }, who, big ? null : h("div", { class: "row" }, flipButton(board)), error.el), board.tools);
  el.dataset.panel = "board";
  return {
    el,
    update(v) {
      const act = v.actions || {};
      const mine = Boolean(act.move);
      const legal = mine ? act.move.moves : [];
      const key = JSON.stringify([(v.events || []).length, v.to_move, v.phase, Boolean(v.duel)]);
      if (key !== seenKey) { if (seenKey) error.clear(); seenKey = key; } // a refused move is stale
      board.update({ pieces: quizPieces(v), legal, last: lastMove(v), marks: duelMarks(v), interactive: mine, toMove: v.teams[v.to_move]?.color });
      const team = v.teams[v.to_move];
      if (v.phase === "ended") who.textContent = v.winner ? t("q.winner", { team: v.teams[v.winner].name }) : t("q.no_winner");
      else if (v.phase === "setup") who.textContent = t("phase.setup");
      else if (v.duel) who.textContent = t("q.duel_on");
      else if (team) {
        who.replaceChildren(h("span", { class: "swatch", style: { borderColor: hueOf(v, v.to_move) } }), t("q.to_move", { team: team.name }));
        if (v.to_move === ctx.role) who.append(" ", h("span", { class: "pill good", text: t("q.your_move") }));
      }
      board.setTurn(who.textContent);
    },
  };
}

export function scoresPanel(ctx) {
  const box = h("div", { class: "scores", dataset: { role: "scores" } });
  const el = panel(t("q.scores"), box);
  el.dataset.panel = "scores";
  return {
    el,
    update(v) {
      fill(box, Object.entries(v.teams).map(([tid, team]) => {
        const card = h("div", { class: "score", dataset: { team: tid } },
          h("div", { class: "team-name", text: `${team.name}${tid === ctx.role ? ` (${t("q.you")})` : ""}` }),
          h("div", { class: "big-number", text: String(team.score) }),
          h("small", { style: { color: "#fff" }, text: t("q.score_parts", { earlier: team.earlier, points: team.points }) }));
        card.style.background = hueOf(v, tid);
        return card;
      }));
    },
  };
}

/** The latest `question_asked` event: the answer's time limit as the round gave it. */
function askedLimit(v) {
  const events = v.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].type === "question_asked") return events[i].limit;
  return null;
}

/** The timer, the countdown bar, and (for the host) pause/resume and skip beside them. */
export function timerRow(ctx, send) {
  const clock = h("div", { class: "big-number", dataset: { role: "timer" } });
  const fillBar = h("div", { class: "fill" });
  const bar = h("div", { class: "countdown", dataset: { role: "countdown" } }, fillBar);
  const buttons = h("div", { class: "row timer-buttons" });
  const el = h("div", { class: "timer-row" }, h("div", { class: "timer-line" }, clock, buttons), bar);
  /** @type {any} */
  let view = null;
  let shownKey = "";
  const voice = countdownVoice((s) => t("a11y.time_left", { s }));
  function tick() {
    const v = view;
    const duel = v && v.duel;
    const limit = v ? askedLimit(v) : null;
    if (!duel || !duel.question || duel.step !== "answer") {
      clock.textContent = v && v.paused ? t("x.paused") : "";
      bar.classList.add("hidden");
      voice.watch(null);
      return;
    }
    if (v.paused) {
      clock.textContent = duel.remaining === null || duel.remaining === undefined ? t("x.paused") : t("q.paused_left", { time: mmss(duel.remaining) });
      bar.classList.toggle("hidden", !limit || duel.remaining === null);
      if (limit && duel.remaining !== null) fillBar.style.width = `${Math.max(0, Math.min(100, (100 * duel.remaining) / limit))}%`;
      el.dataset.state = "paused";
      voice.watch(null);
      return;
    }
    const rest = duel.deadline === null ? null : left(duel.deadline);
    if (ctx.role !== "projector") voice.watch(rest);
    clock.textContent = rest === null ? "" : mmss(rest);
    bar.classList.toggle("hidden", rest === null || !limit);
    if (rest !== null && limit) {
      const share = Math.max(0, Math.min(1, rest / limit));
      fillBar.style.width = `${100 * share}%`;
      el.dataset.state = share < 0.25 ? "low" : "running";
    }
  }
  everyTick(tick);
  return {
    el,
    update(v) {
      view = v;
      tick();
      if (ctx.role !== "host") return;
      const act = v.actions || {};
      const key = JSON.stringify([Boolean(act.pause), Boolean(act.resume), Boolean(act.skip_question)]);
      if (key === shownKey) return;
      shownKey = key;
      fill(buttons,
        act.pause ? h("button", { type: "button", dataset: { action: "pause" }, text: t("host.pause"), onclick: () => send({ type: "pause" }) }) : null,
        act.resume ? h("button", { type: "button", class: "primary", dataset: { action: "resume" }, text: t("host.resume"), onclick: () => send({ type: "resume" }) }) : null,
        act.skip_question ? h("button", { type: "button", dataset: { action: "skip" }, text: t("q.skip"), onclick: () => send({ type: "skip_question" }) }) : null);
    },
  };
}

export function describe(e, v) {
  const members = memberIndex(v);
  const name = (id) => (members[id] ? members[id].name : id);
  const team = (id) => (v.teams[id] ? v.teams[id].name : id);
  switch (e.type) {
    case "game_started": return t("qev.game_started", { team: team(e.first) });
    case "moved": return t("qev.moved", { name: name(e.member), move: e.move });
    case "capture_started": return t("qev.capture_started", { name: name(e.member), move: e.move });
    case "question_asked": return t("qev.question_asked", { name: name(e.member) });
    case "answer_given": return e.hidden ? t("qev.answer_hidden", { team: team(e.team) }) : t("qev.answer_given", { team: team(e.team), text: e.text ?? e.choice });
    case "judged": return e.by === "clock" ? t("qev.judged_clock") : t(e.correct ? "qev.judged_right" : "qev.judged_wrong");
    case "piece_taken": return t("qev.piece_taken", { name: name(e.member) });
    case "capture_repelled": return t("qev.capture_repelled", { name: name(e.member) });
    case "points_awarded": return t("qev.points_awarded", { team: team(e.team), points: e.points });
    case "move_ended": return e.move ? t("qev.move_ended", { move: e.move }) : t("qev.move_ended_none");
    case "game_ended": return e.winner ? t("qev.game_ended", { team: team(e.winner) }) : t("q.no_winner");
    case "answering_set": return e.device ? t("qev.answering_set", { team: team(e.team) }) : t("qev.answering_free", { team: team(e.team) });
    case "media_played": return t(e.playing ? "qev.media_played" : "qev.media_paused");
    default: return t(`qev.${e.type}`);
  }
}

export function quizLog() {
  return logPanel((events, v) => events.slice(-60).reverse().map((e) => h("li", { dataset: { type: e.type } }, h("time", { text: mmss(e.at) }), describe(e, v))));
}

/** A short notice of what just happened that a glance could miss: time ran out, a verdict undone. */
export function noticeLine() {
  const el = h("div", { class: "quiz-notice hidden", role: "status", dataset: { role: "notice" } });
  let seen = -1;
  let timer = 0;
  return {
    el,
    update(v) {
      const events = v.events || [];
      if (seen < 0) { seen = events.length; return; } // nothing from before this page opened
      const fresh = events.slice(seen);
      seen = events.length;
      const shown = fresh.filter((e) => (e.type === "judged" && e.by === "clock") || e.type === "judgement_undone").pop();
      if (!shown) {
        if (fresh.length) el.classList.add("hidden"); // the game moved on: the notice is stale
        return;
      }
      el.textContent = shown.type === "judgement_undone" ? t("q.notice_undone") : t("q.notice_timeout");
      el.dataset.kind = shown.type === "judgement_undone" ? "undone" : "timeout";
      el.classList.remove("hidden");
      clearTimeout(timer);
      timer = window.setTimeout(() => el.classList.add("hidden"), 8000);
    },
  };
}
