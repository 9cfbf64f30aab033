// @ts-check
// Quiz Draughts: the team screen, the host's console and the wall (projector).
import { h, fill, panel, field, options, table, cardTable } from "../dom.js";
import { t, currentLang } from "../i18n.js";
import { barChart } from "../charts.js";
import { Board, TEAM_HUES, flipButton, pathOf } from "../board.js";
import { countdownVoice } from "../announce.js";
import { left, mmss, everyTick } from "../clock.js";
import { errorLine } from "../shell.js";
import * as lobbyModule from "../lobby.js";
import { paramInput, lines, parseMember } from "../forms.js";
import { call, uploadBank } from "../api.js";
import { controlsPanel, logPanel } from "../controls.js";
import { ROBOT_LEVELS, robotSelect } from "../robots.js";
import { lobbyFirst, newEvents } from "../wall.js";
import { mediaArea } from "./quiz_media.js";
import { pieceLabels, fitLabels } from "./quiz_labels.js";
import { confirmation } from "../confirm.js";
import { wallTeams, verdictScreen, boardOfThemes, PICK_MS } from "./quiz_wall.js";

const { lobbyPanel } = lobbyModule;

// The quiz's own styles (pieces' labels, the wall's question, the console's rows).
if (!document.querySelector("link[data-style=quiz]")) {
  document.head.append(h("link", { rel: "stylesheet", href: "/static/css/quiz.css", dataset: { style: "quiz" } }));
}

export function teamIds(view) {
  return Object.keys(view.teams || {});
}

function hueOf(view, teamId) {
  return TEAM_HUES[Math.max(0, teamIds(view).indexOf(teamId))];
}

function memberIndex(view) {
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
function winningMember(view) {
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

function boardPanel(ctx, big) {
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

function scoresPanel(ctx) {
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
function timerRow(ctx, send) {
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

function duelPanel(ctx) {
  const error = errorLine();
  const send = async (command) => {
    error.clear();
    try { await ctx.send(command); } catch (err) { error.show(err); }
  };
  const body = h("div", { class: "stack" });
  const timer = timerRow(ctx, send);
  const media = mediaArea(ctx, "question-media");
  const last = h("div", { dataset: { role: "last-judgement" } });
  const lastMedia = mediaArea(ctx, "answer-media");
  const host = ctx.role === "host";
  const asker = host ? askPanel(ctx, send) : null;
  const ender = host ? endControl(ctx, send) : null;
  const el = panel(host ? t("q.duel_console") : t("q.duel"), timer.el, body, asker ? asker.el : null, error.el, last, lastMedia.el, ender ? ender.el : null);
  el.dataset.panel = "duel";
  let shownKey = null;
  return {
    el,
    update(v) {
      timer.update(v);
      el.dataset.on = v.duel ? "yes" : "no";
      const q = v.duel && v.duel.question;
      asker?.update(v);
      ender?.update(v);
      const key = JSON.stringify([v.duel, v.phase, v.paused, v.actions, v.last_judgement, v.answerers, v.bank && v.bank.left]);
      if (key !== shownKey) {
        if (shownKey !== null) error.clear(); // a refusal is about the state it was sent in
        shownKey = key;
        renderDuel(ctx, v, body, send, media.el);
        renderLast(v, last);
      }
      // After the render: a sound moved with its question keeps (or resumes) its state.
      media.update(q ? q.media || [] : [], v.playing, send);
      const lastQ = !q && v.last_judgement && v.last_judgement.question;
      lastMedia.update(lastQ ? (lastQ.media || []).filter((m) => m.part === "answer") : [], v.playing, send);
    },
  };
}

function renderDuel(ctx, v, body, send, mediaSlot) {
  const duel = v.duel;
  const members = memberIndex(v);
  const host = ctx.role === "host";
  const act = v.actions || {};
  const parts = [];
  if (!duel) {
    parts.push(h("p", { class: "muted", text: v.phase === "ended" ? t("q.over") : t("q.no_duel") }));
  } else {
    const capturer = members[duel.member];
    const jump = duel.jumps[duel.jump];
    const defender = jump ? members[jump.member] : null;
    parts.push(h("p", {}, t("q.capture", { capturer: capturer ? capturer.name : "?", defender: defender ? defender.name : "?", n: duel.jump + 1, of: duel.jumps.length })));
    parts.push(h("ol", { class: "jumps" }, duel.jumps.map((j) => h("li", { dataset: { result: j.result || "" } },
      `${members[j.member] ? members[j.member].name : j.member} (${j.square}) — ${j.result ? t(`q.${j.result}`) : t("q.pending")}`))));
    const q = duel.question;
    if (q) {
      const answering = duel.answering ? members[duel.answering.member] : null;
      parts.push(questionMeta(q));
      parts.push(h("div", { class: "question", dataset: { role: "question" }, text: q.text }));
      parts.push(mediaSlot);
      if (answering) parts.push(h("p", { class: "muted", dataset: { role: "answering" }, text: t("q.answering", { name: answering.name, team: v.teams[duel.answering.team].name }) }));
      if (host) {
        parts.push(h("div", { class: "answer", dataset: { role: "answer" }, text: t("q.answer_is", { answer: q.answer }) }));
        if (q.accept && q.accept.length) parts.push(h("div", { class: "muted", text: t("q.accept", { list: q.accept.join("; ") }) }));
        if (q.host_text) parts.push(h("div", { class: "muted", text: t("q.host_text", { text: q.host_text }) }));
        if (q.comment) parts.push(h("div", { class: "muted", text: q.comment }));
      }
      const given = duel.given;
      if (given && !given.hidden) {
        const text = given.text ?? (given.choice !== undefined ? q.choices[given.choice] : "");
        parts.push(h("p", {}, t("q.given"), " ", h("b", { dataset: { role: "given" }, text })));
      } else if (given && given.hidden) {
        parts.push(h("p", { class: "muted", text: t("q.given_hidden") }));
      }
      const mine = Boolean(act.answer) && act.answer.team === ctx.role;
      const device = mine ? act.answer.device : null;
      const otherDevice = mine && device && ctx.me && device !== ctx.me.seat;
      if (mine && !otherDevice) parts.push(answerForm(q, send, act.answer.max_chars));
      else {
        if (otherDevice) parts.push(h("p", { class: "pill warn", dataset: { role: "other-device" }, text: t("q.other_device_answers") }));
        if (q.choices && q.choices.length) parts.push(h("ol", { class: "choices" }, q.choices.map((c) => h("li", { text: c }))));
      }
      if (act.judge) {
        parts.push(h("div", { class: "judge" },
          h("button", { type: "button", class: "good", dataset: { action: "judge-right" }, text: t("q.right"), onclick: () => send({ type: "judge", correct: true }) }),
          h("button", { type: "button", class: "bad", dataset: { action: "judge-wrong" }, text: t("q.wrong"), onclick: () => send({ type: "judge", correct: false }) })));
      }
    } else if (!act.ask) {
      parts.push(h("p", { class: "muted", text: t("q.waiting_question") }));
    }
  }
  const answering = Boolean(act.answer) && act.answer.team === ctx.role;
  if (!host && ctx.role !== "projector" && v.teams[ctx.role] && !answering) parts.push(deviceLine(ctx, v, send));
  if (host) {
    parts.push(h("div", { class: "row" },
      h("button", { type: "button", class: "small", dataset: { action: "undo" }, disabled: !act.undo_judgement, text: t("q.undo", { n: v.undo_available || 0 }), onclick: () => send({ type: "undo_judgement" }) })));
  }
  fill(body, parts);
}

/** Which device of the team answers, and a button to answer from this one while none does. */
function deviceLine(ctx, v, send) {
  const act = v.actions || {};
  const holder = (v.answerers || {})[ctx.role];
  if (!v.ruleset || !v.ruleset.one_device_answers || v.phase === "ended") return null;
  if (holder && ctx.me && holder === ctx.me.seat) return h("p", { class: "pill good", dataset: { role: "answering-device" }, text: t("q.this_device_answers") });
  if (holder) return h("p", { class: "muted", dataset: { role: "answering-device" }, text: t("q.other_device_answers") });
  return act.claim_answering ? h("div", { class: "row" }, h("small", { class: "muted", text: t("q.claim_help") }),
    h("button", { type: "button", class: "small", dataset: { action: "claim-answering" }, text: t("q.claim"), onclick: () => send({ type: "claim_answering" }) })) : null;
}

/** A question's category and points, as a line above it. */
function questionMeta(q) {
  const bits = [];
  if (q.category) bits.push(h("span", { class: "pill", dataset: { role: "category" }, text: q.category }));
  if (q.points !== null && q.points !== undefined) bits.push(h("span", { class: "pill", dataset: { role: "points" }, text: t("q.points_n", { n: q.points }) }));
  return h("div", { class: "row question-meta" }, bits);
}

/** The host chooses what to ask: a category, a question of it (or the next), with a preview. */
function askPanel(ctx, send) {
  const category = h("select", { name: "ask-category", dataset: { role: "ask-category" } });
  const question = h("select", { name: "ask-question", dataset: { role: "ask-question" } });
  const preview = h("div", { class: "panel tight ask-preview", dataset: { role: "preview" } });
  const left = h("p", { class: "muted" });
  const ask = h("button", { type: "button", class: "primary", dataset: { action: "ask" }, text: t("q.ask") });
  const el = h("div", { class: "stack ask-panel hidden", dataset: { role: "ask-panel" } }, left,
    h("div", { class: "form-grid" }, field(t("q.ask_category"), category), field(t("q.ask_question"), question)), preview, ask);
  /** @type {any} */
  let view = null;
  let shownKey = "";
  const chosen = () => {
    const qs = (view && view.bank.questions) || [];
    const pool = category.value ? qs.filter((q) => q.category === category.value) : qs;
    return question.value ? qs.find((q) => q.id === question.value) : pool[0];
  };
  function showPreview() {
    const q = chosen();
    if (!q) { fill(preview, h("p", { class: "muted", text: t("q.bank_empty") })); return; }
    fill(preview, h("small", { class: "muted", text: question.value ? t("q.preview_this") : t("q.preview_next") }), questionMeta(q),
      h("div", { class: "question", text: q.text || "—" }),
      h("div", { class: "answer", text: t("q.answer_is", { answer: q.answer }) }),
      (q.media || []).length ? h("small", { class: "muted", text: t("q.preview_media", { list: q.media.map((m) => t(`qm.kind.${m.kind}`)).join(", ") }) }) : null);
  }
  function refillQuestions() {
    const qs = ((view && view.bank.questions) || []).filter((q) => !category.value || q.category === category.value);
    options(question, [["", t("q.next_question")], ...qs.map((q) => [q.id, `${q.points !== null && q.points !== undefined ? `${q.points} · ` : ""}${(q.text || "—").slice(0, 70)}`])], false);
    showPreview();
  }
  category.addEventListener("change", refillQuestions);
  question.addEventListener("change", showPreview);
  ask.addEventListener("click", () => {
    if (question.value) send({ type: "ask", question: question.value });
    else if (category.value) send({ type: "ask", category: category.value });
    else send({ type: "ask" });
  });
  return {
    el,
    update(v) {
      view = v;
      const act = v.actions || {};
      el.classList.toggle("hidden", !act.ask);
      if (!act.ask) return;
      const key = JSON.stringify([v.bank.left, act.ask.categories]);
      if (key === shownKey) return;
      shownKey = key;
      left.textContent = t("q.bank_left", { n: v.bank.left, of: v.bank.size });
      const counts = v.bank.categories || {};
      const keep = category.value;
      options(category, [["", t("q.any_category")], ...act.ask.categories.map((c) => [c, `${c} (${counts[c]})`])], false);
      if (act.ask.categories.includes(keep)) category.value = keep;
      refillQuestions();
    },
  };
}

/** One "end the round" button; the round ends only after a confirmation naming the winner. */
function endControl(ctx, send) {
  const winner = h("select", { name: "winner" });
  const open = h("button", { type: "button", class: "small danger", dataset: { action: "end-round" }, text: t("q.end_round"), "aria-expanded": "false", onclick: () => sure.open() });
  const sure = confirmation({
    role: "end-confirm", question: t("q.end_sure"), body: field(t("q.end_with"), winner),
    yes: t("q.end_yes"), no: t("q.end_no"), yesAction: "end-confirm", noAction: "end-cancel", opener: open,
    onYes: () => {
      const command = { type: "end_game" };
      if (winner.value === "none") command.winner = null;
      else if (winner.value) command.winner = winner.value;
      sure.close();
      send(command);
    },
  });
  const confirm = sure.el;
  const el = h("div", { class: "stack end-control" }, open, confirm);
  let shownKey = "";
  return {
    el,
    update(v) {
      const act = v.actions || {};
      el.classList.toggle("hidden", !act.end_game);
      const key = JSON.stringify(Object.entries(v.teams).map(([id, team]) => [id, team.name]));
      if (key === shownKey) return;
      shownKey = key;
      options(winner, [["", t("q.leader")], ...Object.entries(v.teams).map(([tid, team]) => [tid, team.name]), ["none", t("q.nobody")]], false);
    },
  };
}

/** The host hands a team's answering to another of its devices (or lets the next one claim it). */
function devicesPanel(ctx) {
  const error = errorLine();
  const box = h("div", { class: "stack" });
  const el = panel(t("q.devices"), h("small", { class: "help", text: t("q.devices_help") }), box, error.el);
  el.dataset.panel = "devices";
  /** @type {any} */
  let seats = [];
  /** @type {any} */
  let view = null;
  let shownKey = "";
  async function refresh() {
    try {
      const lobby = await call("GET", `/api/games/${ctx.gameId}/lobby`, undefined, ctx.secret);
      seats = lobby.seats.filter((s) => !s.robot && s.role !== "projector");
      render();
    } catch (err) { error.show(err); }
  }
  function render() {
    if (!view) return;
    const act = view.actions || {};
    el.classList.toggle("hidden", !act.hand_answering);
    const key = JSON.stringify([seats, view.answerers]);
    if (key === shownKey) return;
    shownKey = key;
    fill(box, Object.entries(view.teams).map(([tid, team]) => {
      const mine = seats.filter((s) => s.role === tid);
      const holder = (view.answerers || {})[tid] || "";
      const pick = options(h("select", { name: `answering-${tid}`, dataset: { role: `answering-${tid}` } }),
        [["", t("q.first_claims")], ...mine.map((s) => [s.seat, s.name])], false);
      pick.value = holder;
      pick.addEventListener("change", async () => {
        error.clear();
        try { await ctx.send({ type: "hand_answering", team: tid, to: pick.value || null }); } catch (err) { error.show(err); }
      });
      return field(t("q.answers_for", { team: team.name }), pick);
    }));
  }
  refresh();
  return {
    el,
    update(v) { view = v; render(); },
    lobby() { refresh(); },
  };
}

function answerForm(q, send, maxChars) {
  if (q.choices && q.choices.length) {
    return h("div", { class: "choices", dataset: { role: "choices" } }, q.choices.map((c, i) => h("button", {
      type: "button", class: "primary", text: c, dataset: { choice: String(i) }, onclick: () => send({ type: "answer", choice: i }),
    })));
  }
  const input = h("input", { type: "text", name: "answer", "aria-label": t("a11y.answer"), maxlength: String(maxChars || 500), autocomplete: "off" });
  const form = h("form", { class: "row", dataset: { role: "answer-form" } }, input, h("button", { type: "submit", class: "primary", text: t("q.send_answer") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) send({ type: "answer", text: input.value.trim() });
  });
  setTimeout(() => input.focus(), 0);
  return h("div", {}, h("p", { class: "pill warn", text: t("q.your_turn_answer") }), form);
}

/** The last verdict — shown until the next question is asked (then it is stale). */
function renderLast(v, box) {
  const last = v.last_judgement;
  const asking = v.duel && v.duel.question;
  if (!last || !last.question || asking) { fill(box); return; }
  const q = last.question;
  const verdict = last.by === "clock" ? t("q.timed_out") : last.correct ? t("q.was_right") : t("q.was_wrong");
  fill(box, h("div", { class: "panel tight" },
    h("b", { class: last.correct ? "ok" : "error", dataset: { role: "verdict" }, text: verdict }),
    h("div", { text: q.text }), h("div", { class: "answer", text: t("q.answer_is", { answer: q.answer }) }),
    last.given && (last.given.text !== undefined) ? h("small", { class: "muted", text: t("q.they_said", { text: last.given.text }) }) : null));
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

function quizLog() {
  return logPanel((events, v) => events.slice(-60).reverse().map((e) => h("li", { dataset: { type: e.type } }, h("time", { text: mmss(e.at) }), describe(e, v))));
}

function rosterPanel() {
  const box = h("div");
  const el = panel(t("q.teams"), box);
  let shown = null;
  return {
    el,
    update(v) {
      const key = JSON.stringify(v.teams);
      if (key === shown) return;
      shown = key;
      fill(box, Object.entries(v.teams).map(([tid, team]) => h("div", {},
        h("h3", { text: `${team.name} — ${t(`color.${team.color}`)}` }),
        h("ul", { class: "log" }, team.members.map((m) => h("li", { dataset: { member: m.id } },
          h("b", { text: m.name }), m.captain ? ` · ${t("q.captain")}` : "", m.guest ? ` · ${t("q.guest")}` : "",
          ` · ${m.square || t("q.out")}`))))));
    },
  };
}

/** A short notice of what just happened that a glance could miss: time ran out, a verdict undone. */
function noticeLine() {
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

/** The wall's big moments: the question full-screen with its countdown, the win with its reason. */
function wallStage(ctx, themes) {
  const media = mediaArea(ctx, "wall-media");
  const meta = h("div", { class: "row question-meta" });
  const text = h("div", { class: "wall-question-text", dataset: { role: "wall-question" } });
  const who = h("div", { class: "wall-answering" });
  const choices = h("ol", { class: "choices wall-choices" });
  const timer = timerRow(ctx, () => {});
  // who takes whom: the duel the question decides, above it
  const capture = h("div", { class: "wall-capture", dataset: { role: "wall-capture" } });
  const question = h("section", { class: "wall-question hidden", dataset: { role: "wall-question-screen" } }, capture, meta, text, media.el, choices, who, timer.el);
  const winText = h("div", { class: "wall-win-title", dataset: { role: "win-title" } });
  const reason = h("div", { class: "wall-win-reason", dataset: { role: "win-reason" } });
  const scores = h("div", { class: "wall-win-scores" });
  const win = h("section", { class: "wall-win hidden", dataset: { role: "win-screen" } }, winText, reason, scores);
  const verdict = verdictScreen(newEvents());
  let shownKey = "";
  return {
    els: [question, win, verdict.el],
    update(v) {
      verdict.update(v);
      themes.update(v);
      const members = memberIndex(v);
      const q = v.duel && v.duel.question;
      // the host's pick lit on the board of themes first, then the question over the wall
      const waiting = Boolean(q) && themes.showingPick();
      question.classList.toggle("hidden", !q || waiting);
      if (waiting) window.setTimeout(() => question.classList.toggle("hidden", !(ctx.view && ctx.view.duel && ctx.view.duel.question)), PICK_MS);
      media.update(q ? q.media || [] : [], v.playing);
      timer.update(v);
      win.classList.toggle("hidden", v.phase !== "ended");
      const key = JSON.stringify([q, v.duel && v.duel.answering, v.phase, v.winner, v.end_reason, v.teams]);
      if (key === shownKey) return;
      shownKey = key;
      if (q) {
        fill(meta, questionMeta(q).childNodes.length ? [...questionMeta(q).childNodes] : []);
        text.textContent = q.text;
        text.dataset.length = q.text.length > 320 ? "long" : q.text.length > 160 ? "medium" : "short";
        fill(choices, (q.choices || []).map((c) => h("li", { text: c })));
        const jump = v.duel.jumps[v.duel.jump];
        const capturer = members[v.duel.member];
        const defender = jump ? members[jump.member] : null;
        capture.textContent = capturer && defender ? t("q.capture", { capturer: capturer.name, defender: defender.name, n: v.duel.jump + 1, of: v.duel.jumps.length }) : "";
        const answering = v.duel.answering ? members[v.duel.answering.member] : null;
        who.textContent = answering ? t("q.answering", { name: answering.name, team: v.teams[v.duel.answering.team].name }) : "";
      }
      if (v.phase === "ended") {
        winText.textContent = v.winner ? t("q.winner", { team: v.teams[v.winner].name }) : t("q.no_winner");
        const crowned = winningMember(v);
        reason.textContent = crowned && members[crowned]
          ? t("q.win_far_row", { name: members[crowned].name })
          : v.end_reason ? t(`q.reason.${v.end_reason}`) : "";
        fill(scores, Object.entries(v.teams).map(([tid, team]) => h("div", { class: "score", style: { background: hueOf(v, tid) } },
          h("div", { class: "team-name", text: team.name }), h("div", { class: "big-number", text: String(team.score) }))));
      }
    },
  };
}

export function mount(root, ctx) {
  root.classList.add("quiz-root");
  const big = ctx.role === "projector";
  const board = boardPanel(ctx, big);
  const scores = scoresPanel(ctx);
  const duel = duelPanel(ctx);
  const notice = noticeLine();
  /** @type {{update(v: any): void}[]} */
  const parts = [board, scores, duel, notice];
  const ended = h("div", { class: "banner hidden", dataset: { role: "ended" } }, h("span", { dataset: { role: "ended-text" } }), " ",
    h("a", { class: "button primary", href: `/results/${ctx.gameId}`, text: t("x.see_results") }));
  let lobby = null;
  let wall = null;
  let devices = null;
  let layout;
  if (big) {
    const themes = boardOfThemes();
    const stage = wallStage(ctx, themes);
    const teamsJoin = wallTeams(ctx);
    parts.push(stage, teamsJoin);
    // The shared wall lobby (each team's code and QR, the names) before the start, then the quiz's own wall.
    wall = lobbyFirst(ctx, h("div", { class: "proj quiz-wall" }, h("div", {}, board.el), h("div", { class: "stack quiz-side" }, notice.el, duel.el, scores.el, themes.el), ...stage.els),
      { join: teamsJoin.el });
    layout = wall.el;
  } else if (ctx.role === "host") {
    lobby = lobbyPanel(ctx);
    const controls = controlsPanel(ctx, false);
    // Pause, resume and the end are the console's, beside the timer: one of each on the page.
    for (const button of controls.el.querySelectorAll("[data-action=pause], [data-action=resume], [data-action=end-game]")) button.remove();
    const log = quizLog();
    const roster = rosterPanel();
    devices = devicesPanel(ctx);
    // Only "start" is left of the shared controls: the panel shows while it is offered.
    const startOnly = { update(v) { controls.el.classList.toggle("hidden", !(v.actions || {}).start); } };
    parts.push(lobby, controls, startOnly, log, roster, devices);
    layout = h("main", { class: "stack" }, ended, notice.el, controls.el, lobby.el,
      h("div", { class: "cols" }, h("div", { class: "stack" }, duel.el, scores.el, devices.el, roster.el), h("div", { class: "stack" }, board.el, log.el)));
  } else {
    const log = quizLog();
    const task = h("div", { class: "stack", dataset: { role: "task" } }, board.el, duel.el);
    // The team's task first: the question while one is out, the board otherwise.
    const taskFirst = { update(v) {
      const first = v.duel && v.duel.question ? duel.el : board.el;
      if (task.firstElementChild !== first) task.prepend(first);
    } };
    parts.push(log, taskFirst);
    layout = h("main", { class: "stack" }, ended, notice.el,
      h("div", { class: "cols" }, task, h("div", { class: "stack" }, scores.el, log.el)));
  }
  root.append(layout);
  return {
    update(v) {
      ctx.view = v;
      const phase = v.phase === "ended" ? t("phase.ended") : v.phase === "setup" ? t("phase.setup") : t(`q.phase.${v.phase}`);
      ctx.bar.setPhase(`${phase}${v.paused ? ` · ${t("x.paused")}` : ""}`);
      for (const part of parts) part.update(v);
      wall?.update(v);
      ended.classList.toggle("hidden", v.phase !== "ended");
      ended.querySelector("[data-role=ended-text]").textContent = v.winner ? t("q.winner", { team: v.teams[v.winner].name }) : t("q.no_winner");
      root.dataset.question = v.duel && v.duel.question ? "out" : "none";
      root.dataset.phase = v.phase;
    },
    lobby(frame) { lobby?.lobby(frame); devices?.lobby(); },
  };
}

// --- the start page's form ---------------------------------------------------------------------

/** @type {[string, string | string[]][]} */
const QUIZ_PARAMS = [
  ["duel", ["defender", "attacker", "none"]], ["answer_s", "float?"], ["time_scale", "float"],
  ["points_capture", "float"], ["points_repel", "float"], ["points_win", "float"],
  ["captain_is_king", "bool"], ["men_capture_backward", "bool"], ["promotion", ["win", "king"]],
  ["auto_judge_choices", "bool"], ["question_order", ["bank", "shuffled"]],
];

/** The start page's part for a new quiz final: {el, setup(), robots(), robotChoice(), robotRoles(setup)}. */
export function startForm(presets) {
  /** @type {[string, ReturnType<typeof paramInput>][]} */
  const qParams = QUIZ_PARAMS.map(([name, kind]) => [name, paramInput("quiz", name, kind, "q-")]);
  for (const [name, input] of qParams) input.set(presets[name]);
  const teams = [0, 1].map((i) => {
    const name = h("input", { type: "text", name: `team-${i}-name`, maxlength: "40", value: t(`start.team_${i}`) });
    const score = h("input", { type: "number", name: `team-${i}-score`, value: "0", step: "any" });
    const members = h("textarea", { name: `team-${i}-members`, rows: "8" });
    members.value = Array.from({ length: 8 }, (_, k) => (k === 1 ? "*" : "") + t("start.member_n", { team: i === 0 ? "A" : "B", n: k + 1 })).join("\n");
    return { name, score, members };
  });
  const qRobots = h("input", { type: "number", name: "quiz-robots", min: "0", max: "2", value: "0" });
  const qRobotLevel = robotSelect("quiz-robot-level", ROBOT_LEVELS, "robot.level", "club");
  const qRobotAccuracy = h("input", { type: "number", name: "quiz-robot-accuracy", min: "0", max: "100", step: "5", value: "60" });
  const bankFile = h("input", { type: "file", name: "bank", multiple: true, accept: ".csv,.json,.yaml,.yml,.siq" });
  const bankStatus = h("div", { class: "muted", dataset: { role: "bank-status" } });
  // SIGame prices as the questions' points: the host's choice; changing it reads the files again.
  const bankPrices = h("input", { type: "checkbox", name: "bank-prices" });
  let questions = defaultQuestions();
  bankStatus.textContent = t("start.bank_default", { n: questions.length });
  const readBank = async () => {
    const files = [...bankFile.files];
    if (!files.length) return;
    bankStatus.className = "muted";
    bankStatus.textContent = t("start.bank_reading");
    const lang = currentLang();
    try {
      const sent = await Promise.all(files.map(async (file) => ({ name: file.name, data: base64(await file.arrayBuffer()) })));
      const reply = await uploadBank(`/api/web/bank?format=files${bankPrices.checked ? "&prices=1" : ""}`, JSON.stringify({ files: sent }));
      questions = reply.questions;
      const preview = reply.preview;
      const skipped = preview.skipped.map((/** @type {any} */ item) => item.text[lang] || item.text.en);
      bankStatus.className = "ok";
      fill(bankStatus, h("div", { text: preview.lines[lang][0], dataset: { role: "bank-summary" } }),
        h("ul", { dataset: { role: "bank-categories" } }, preview.lines[lang].slice(1).map((/** @type {string} */ line) => h("li", { text: line }))),
        skipped.length ? h("details", { dataset: { role: "bank-skipped" } }, h("summary", { text: t("start.bank_skipped") }),
          h("ul", {}, skipped.slice(0, 50).map((/** @type {string} */ line) => h("li", { text: line })))) : null);
    } catch (err) {
      const texts = (err.details.texts || {})[lang];
      bankStatus.className = "error";
      fill(bankStatus, h("div", { text: texts ? texts.message : err.message, dataset: { role: "bank-error" } }),
        h("ul", {}, ((texts && texts.problems) || err.details.problems || []).slice(0, 20).map((/** @type {string} */ p) => h("li", { text: p }))));
    }
  };
  bankFile.addEventListener("change", readBank);
  bankPrices.addEventListener("change", readBank);
  const quizForm = h("div", { class: "stack" },
    panel(t("start.rules"), h("div", { class: "form-grid" }, qParams.map(([, input]) => input.wrap))),
    panel(t("start.teams"), h("small", { class: "help", text: t("start.members_help") }),
      h("div", { class: "form-grid" }, teams.map((team, i) => h("div", {},
        field(t("start.team_name", { n: i + 1 }), team.name), field(t("start.team_score"), team.score, t("start.team_score_help")),
        field(t("start.members"), team.members)))),
      h("div", { class: "form-grid" }, field(t("start.quiz_robots"), qRobots, t("start.quiz_robots_help")),
        field(t("start.robot_level"), qRobotLevel),
        field(t("start.quiz_robot_accuracy"), qRobotAccuracy, t("start.quiz_robot_accuracy_help")))),
    panel(t("start.bank"), field(t("start.bank_file"), bankFile, t("start.bank_help")),
      field(t("start.bank_prices"), bankPrices, t("start.bank_prices_help")), bankStatus));


  const el = quizForm;
  const quizSetup = () => {
    const ruleset = {};
    for (const [name, input] of qParams) {
      const value = input.get();
      if (JSON.stringify(value) !== JSON.stringify(presets[name])) ruleset[name] = value;
    }
    return {
      game: "quiz",
      seed: Math.floor(Math.random() * 1e6),
      ruleset,
      teams: teams.map((team, i) => ({
        id: i === 0 ? "A" : "B",
        name: team.name.value.trim().slice(0, 40) || (i === 0 ? "A" : "B"),
        score: Number(team.score.value) || 0,
        members: lines(team.members.value).map((line, k) => ({ id: `${i === 0 ? "a" : "b"}${k + 1}`, ...parseMember(line) })),
      })),
      questions,
    };
  };

  const robotChoice = () => ({
    level: qRobotLevel.value,
    accuracy: Math.min(100, Math.max(0, Number(qRobotAccuracy.value) || 0)) / 100,
  });
  // A class list picked on the start page: its names dealt to the two teams in turn.
  const setNames = (names) => {
    teams.forEach((team, i) => { team.members.value = names.filter((_, k) => k % 2 === i).join("\n"); });
  };
  const setRules = (ruleset) => {
    for (const [name, input] of qParams) input.set(name in ruleset ? ruleset[name] : presets[name]);
  };
  return { el, setup: quizSetup, robots: () => Number(qRobots.value) || 0, robotChoice, robotRoles: (setup) => setup.teams.map((team) => team.id), setNames, setRules };
}

function defaultQuestions() {
  const list = JSON.parse(t("demo.questions"));
  return list.map(([text, answer], i) => ({ id: `d${i + 1}`, text, answer }));
}

// --- the join page and the lobby -----------------------------------------------------------------

/** What the join page says: pick a team; the name is the person's own. */
export const joinTexts = { pick: "join.pick_team", nameHelp: "join.name_help_quiz" };

/** The line under a team's name on the join page: its members, and who has joined. */
export function seatLine(role) {
  return h("small", { text: t("join.members", { n: role.members.length, people: role.people }) });
}

/** A team member gives their own name. */
export function nameFor() {
  return null;
}

/** A seat as the host's lobby names it: the team and its colour. */
export function roleLabel(view, role) {
  const team = (view.teams || {})[role];
  return team ? `${team.name} (${t(`color.${team.color}`)})` : role;
}

// --- the results page --------------------------------------------------------------------------

/** The results page's panels for a quiz final: the winner and scores, then the record. */
export function results(main, view) {
  const winner = view.winner ? t("q.winner", { team: view.teams[view.winner].name }) : t("q.no_winner");
  const ids = Object.keys(view.teams);
  main.append(panel(t("q.result_title"), h("p", {}, h("b", { dataset: { role: "winner" }, text: winner }), view.end_reason ? ` · ${t(`q.reason.${view.end_reason}`)}` : ""),
    cardTable([t("q.team"), t("q.earlier"), t("q.round_points"), t("q.total"), t("q.left_on_board")], ids.map((id) => {
      const team = view.teams[id];
      return [h("b", { text: team.name }), String(team.earlier), String(team.points), String(team.score), String(team.members.filter((m) => m.square).length)];
    })),
    barChart(ids.map((id, i) => ({ name: view.teams[id].name, value: view.teams[id].score, color: TEAM_HUES[i] })), { label: t("q.scores") })));
  main.append(recordPanel(view));
}

/** Every question asked: who answered, the answer given, the verdict and who gave it. */
function recordPanel(view) {
  const members = memberIndex(view);
  const rows = (view.record || []).map((entry, i) => {
    const q = entry.question;
    const given = entry.given ? (entry.given.hidden ? t("q.given_hidden") : entry.given.text ?? (q.choices || [])[entry.given.choice] ?? "") : "—";
    const verdicts = entry.verdicts.map((v) => h("div", { class: v.undone ? "undone" : "", dataset: { verdict: v.undone ? "undone" : v.correct ? "right" : "wrong" } },
      v.by === "clock" ? t("q.timed_out") : t(v.correct ? "q.right" : "q.wrong"), " · ", t(`q.judge.${v.by}`), v.undone ? ` · ${t("q.undone")}` : ""));
    if (entry.skipped) verdicts.push(h("div", { text: t("q.skipped") }));
    const who = members[entry.member];
    return [String(i + 1),
      h("div", {}, q.category ? h("small", { class: "muted", text: `${q.category}${q.points !== null && q.points !== undefined ? ` · ${t("q.points_n", { n: q.points })}` : ""}` }) : null, h("div", { text: q.text || "—" })),
      q.answer !== undefined ? q.answer : "—",
      `${who ? who.name : ""} («${(view.teams[entry.team] || {}).name || entry.team}»)`,
      given, h("div", {}, verdicts)];
  });
  const el = panel(t("q.record"), rows.length
    ? h("div", { class: "record-table" }, cardTable(["№", t("q.record_question"), t("q.record_answer"), t("q.record_answering"), t("q.record_given"), t("q.record_verdict")], rows))
    : h("p", { class: "muted", text: t("q.record_none") }));
  el.dataset.panel = "record";
  return el;
}

/** The replay's frames without the judgements the host undid (and the undo itself). */
export function replayFrames(frames) {
  const kept = [];
  /** @type {number[]} */
  const judged = [];
  for (const frame of frames) {
    const type = frame.event.type;
    if (type === "judgement_undone" && judged.length) {
      kept.length = /** @type {number} */ (judged.pop());
      continue;
    }
    if (type === "judged") judged.push(kept.length);
    kept.push(frame);
  }
  return kept;
}

const fitted = new WeakSet();

/** A replay frame on the results page: the board with the duel, the question and its verdict. */
export const replay = {
  named: true,
  frames: replayFrames,
  show(board, extra, frame) {
    board.el.classList.add("quiz-board");
    const v = frame.view;
    if (!fitted.has(board.grid)) {
      fitted.add(board.grid);
      fitLabels(board.grid);
    }
    const move = frame.event.move || null;
    board.update({ pieces: quizPieces(v), last: frame.event.type === "move_ended" ? move : null, marks: duelMarks(v), interactive: false });
    const q = v.duel && v.duel.question;
    const last = frame.event.type === "judged" ? v.last_judgement : null;
    fill(extra, h("div", { class: "row" }, Object.values(v.teams || {}).map((team) => h("span", { class: "pill", text: `${team.name}: ${team.score}` }))),
      q ? h("div", { class: "question", dataset: { role: "replay-question" }, text: q.text }) : null,
      last && last.question ? h("div", { dataset: { role: "replay-verdict" } }, h("b", { text: last.by === "clock" ? t("q.timed_out") : t(last.correct ? "q.right" : "q.wrong") }), " · ",
        h("span", { text: last.question.text }), " — ", h("span", { class: "answer", text: t("q.answer_is", { answer: last.question.answer }) })) : null);
  },
  describe: (event, v) => describe(event, { ...v, teams: v.teams || {} }),
};

/**
 * An uploaded file's bytes as base64 (in chunks: a long argument list would overflow).
 * @param {ArrayBuffer} buffer
 */
function base64(buffer) {
  const bytes = new Uint8Array(buffer);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
