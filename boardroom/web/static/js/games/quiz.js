// @ts-check
// Quiz Draughts: the team screen, the host's duel console and the projector.
import { h, fill, panel, field, options, table } from "../dom.js";
import { t, currentLang } from "../i18n.js";
import { barChart } from "../charts.js";
import { Board, TEAM_HUES, flipButton, pathOf } from "../board.js";
import { countdownVoice } from "../announce.js";
import { left, mmss, everyTick } from "../clock.js";
import { errorLine } from "../shell.js";
import { lobbyPanel } from "../lobby.js";
import { paramInput, lines, parseMember } from "../forms.js";
import { call } from "../api.js";
import { controlsPanel } from "../controls.js";
import { ROBOT_LEVELS, robotSelect } from "../robots.js";
import { lobbyFirst } from "../wall.js";

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

/** A piece's label that fits on the piece: the name up to 8 letters, else the initials of
 * its first two words ("Александра Соколова" → "АС"), a long single word cut ("Констан."). */
function short(name) {
  const text = String(name).trim();
  if (text.length <= 8) return text;
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > 1) return words.slice(0, 2).map((w) => w[0].toUpperCase()).join("");
  return `${text.slice(0, 6)}.`;
}

/** The quiz pieces: each member by name, the taken ones of the capture in progress kept in view. */
export function quizPieces(view) {
  const pieces = [];
  for (const [tid, team] of Object.entries(view.teams || {})) {
    for (const m of team.members) {
      if (!m.square) continue;
      const role = m.captain ? ` (${t("q.captain")})` : m.guest ? ` (${t("q.guest")})` : "";
      pieces.push({ square: m.square, label: short(m.name), title: `${m.name}${role} — ${team.name}`, side: team.color, hue: hueOf(view, tid), king: m.king, id: m.id });
    }
  }
  const duel = view.duel;
  if (duel) {
    const members = memberIndex(view);
    for (const jump of duel.jumps) {
      const m = members[jump.member];
      if (jump.result === "taken" && m) {
        pieces.push({ square: jump.square, label: short(m.name), title: m.name, side: m.color, hue: hueOf(view, m.team), king: m.king, id: m.id });
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
  let view = null;
  const board = new Board({
    big,
    named: true,
    toolsApart: true,
    onMove: async (move) => {
      error.clear();
      try { await ctx.send({ type: "move", move }); } catch (err) { error.show(err); throw err; }
    },
  });
  const who = h("div", { class: "who", dataset: { role: "to-move" } });
  const el = panel(t("x.board"), board.el, h("div", { class: "call" }, who, big ? null : h("div", { class: "row" }, flipButton(board)), error.el), board.tools);
  el.dataset.panel = "board";
  return {
    el,
    update(v) {
      view = v;
      const act = v.actions || {};
      const mine = Boolean(act.move);
      const legal = mine ? act.move.moves : [];
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
          h("div", { text: `${team.name}${tid === ctx.role ? ` (${t("q.you")})` : ""}` }),
          h("div", { class: "big-number", text: String(team.score) }),
          h("small", { style: { color: "#fff" }, text: t("q.score_parts", { earlier: team.earlier, points: team.points }) }));
        card.style.background = hueOf(v, tid);
        return card;
      }));
    },
  };
}

function duelPanel(ctx) {
  const error = errorLine();
  const body = h("div", { class: "stack" });
  const timer = h("div", { class: "big-number", dataset: { role: "timer" } });
  const last = h("div", { dataset: { role: "last-judgement" } });
  const el = panel(ctx.role === "host" ? t("q.duel_console") : t("q.duel"), timer, body, error.el, last);
  el.dataset.panel = "duel";
  let view = null;
  let shownKey = null;
  const send = async (command) => {
    error.clear();
    try { await ctx.send(command); } catch (err) { error.show(err); }
  };
  const voice = countdownVoice((s) => t("a11y.time_left", { s }));
  everyTick(() => {
    const duel = view && view.duel;
    if (!duel || duel.step !== "answer" || view.paused) {
      timer.textContent = duel && view.paused ? t("x.paused") : "";
      voice.watch(null);
      return;
    }
    const rest = duel.deadline === null ? null : left(duel.deadline);
    voice.watch(rest);
    timer.textContent = rest === null ? t("q.no_clock") : mmss(rest);
  });
  return {
    el,
    update(v) {
      view = v;
      const key = JSON.stringify([v.duel, v.phase, v.paused, v.actions, v.last_judgement, v.bank && v.bank.left]);
      if (key === shownKey) return;
      shownKey = key;
      renderDuel(ctx, v, body, send);
      renderLast(v, last);
    },
  };
}

function renderDuel(ctx, v, body, send) {
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
    parts.push(h("ol", {}, duel.jumps.map((j) => h("li", { dataset: { result: j.result || "" } },
      `${members[j.member] ? members[j.member].name : j.member} (${j.square}) — ${j.result ? t(`q.${j.result}`) : t("q.pending")}`))));
    const q = duel.question;
    if (q) {
      const answering = duel.answering ? members[duel.answering.member] : null;
      parts.push(h("div", { class: "question", dataset: { role: "question" }, text: q.text }));
      if (answering) parts.push(h("p", { class: "muted", text: t("q.answering", { name: answering.name, team: v.teams[duel.answering.team].name }) }));
      if (host) {
        parts.push(h("div", { class: "answer", dataset: { role: "answer" }, text: t("q.answer_is", { answer: q.answer }) }));
        if (q.accept && q.accept.length) parts.push(h("div", { class: "muted", text: t("q.accept", { list: q.accept.join("; ") }) }));
        if (q.comment) parts.push(h("div", { class: "muted", text: q.comment }));
      }
      const given = duel.given;
      if (given && !given.hidden) {
        const text = given.text ?? (given.choice !== undefined ? q.choices[given.choice] : "");
        parts.push(h("p", {}, t("q.given"), " ", h("b", { dataset: { role: "given" }, text })));
      } else if (given && given.hidden) {
        parts.push(h("p", { class: "muted", text: t("q.given_hidden") }));
      }
      const mineToAnswer = Boolean(act.answer) && act.answer.team === ctx.role;
      if (mineToAnswer) parts.push(answerForm(q, send));
      else if (q.choices && q.choices.length) parts.push(h("ol", { class: "choices" }, q.choices.map((c) => h("li", { text: c }))));
      if (act.judge) {
        parts.push(h("div", { class: "judge" },
          h("button", { type: "button", class: "good", dataset: { action: "judge-right" }, text: t("q.right"), onclick: () => send({ type: "judge", correct: true }) }),
          h("button", { type: "button", class: "bad", dataset: { action: "judge-wrong" }, text: t("q.wrong"), onclick: () => send({ type: "judge", correct: false }) })));
      }
      if (act.skip_question) {
        parts.push(h("div", { class: "row" }, h("button", { type: "button", class: "small", dataset: { action: "skip" }, text: t("q.skip"), onclick: () => send({ type: "skip_question" }) })));
      }
    } else if (act.ask) {
      parts.push(h("p", { class: "muted", text: t("q.bank_left", { n: v.bank.left, of: v.bank.size }) }));
      parts.push(h("button", { type: "button", class: "primary", dataset: { action: "ask" }, text: t("q.ask"), onclick: () => send({ type: "ask" }) }));
    } else {
      parts.push(h("p", { class: "muted", text: t("q.waiting_question") }));
    }
  }
  if (host) {
    const winner = options(h("select", { name: "winner" }), [["", t("q.leader")], ...Object.entries(v.teams).map(([tid, team]) => [tid, team.name]), ["none", t("q.nobody")]]);
    parts.push(h("div", { class: "row" },
      h("button", { type: "button", class: "small", dataset: { action: "undo" }, disabled: !act.undo_judgement, text: t("q.undo", { n: v.undo_available || 0 }), onclick: () => send({ type: "undo_judgement" }) }),
      act.end_game ? h("span", { class: "row" }, field(t("q.end_with"), winner),
        h("button", { type: "button", class: "small danger", dataset: { action: "end-round" }, text: t("q.end_round"), onclick: () => {
          const command = { type: "end_game" };
          if (winner.value === "none") command.winner = null;
          else if (winner.value) command.winner = winner.value;
          send(command);
        } })) : null));
  }
  fill(body, parts);
}

function answerForm(q, send) {
  if (q.choices && q.choices.length) {
    return h("div", { class: "choices", dataset: { role: "choices" } }, q.choices.map((c, i) => h("button", {
      type: "button", class: "primary", text: c, dataset: { choice: String(i) }, onclick: () => send({ type: "answer", choice: i }),
    })));
  }
  const input = h("input", { type: "text", name: "answer", "aria-label": t("a11y.answer"), maxlength: "200", autocomplete: "off" });
  const form = h("form", { class: "row", dataset: { role: "answer-form" } }, input, h("button", { type: "submit", class: "primary", text: t("q.send_answer") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) send({ type: "answer", text: input.value.trim() });
  });
  setTimeout(() => input.focus(), 0);
  return h("div", {}, h("p", { class: "pill warn", text: t("q.your_turn_answer") }), form);
}

function renderLast(v, box) {
  const last = v.last_judgement;
  if (!last || !last.question) { fill(box); return; }
  const q = last.question;
  fill(box, h("div", { class: "panel tight" },
    h("b", { class: last.correct ? "ok" : "error", text: last.correct ? t("q.was_right") : t("q.was_wrong") }),
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
    case "judged": return t(e.correct ? "qev.judged_right" : "qev.judged_wrong");
    case "piece_taken": return t("qev.piece_taken", { name: name(e.member) });
    case "capture_repelled": return t("qev.capture_repelled", { name: name(e.member) });
    case "points_awarded": return t("qev.points_awarded", { team: team(e.team), points: e.points });
    case "move_ended": return t("qev.move_ended", { move: e.move });
    case "game_ended": return e.winner ? t("qev.game_ended", { team: team(e.winner) }) : t("q.no_winner");
    default: return t(`qev.${e.type}`);
  }
}

function logPanel() {
  const list = h("ul", { class: "log" });
  const el = panel(t("x.log"), h("div", { class: "scroll" }, list));
  el.dataset.panel = "log";
  let count = -1;
  return {
    el,
    update(v) {
      const events = v.events || [];
      if (events.length === count) return;
      count = events.length;
      fill(list, events.slice(-60).reverse().map((e) => h("li", { dataset: { type: e.type } }, h("time", { text: mmss(e.at) }), describe(e, v))));
    },
  };
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

export function mount(root, ctx) {
  const big = ctx.role === "projector";
  const board = boardPanel(ctx, big);
  const scores = scoresPanel(ctx);
  const duel = duelPanel(ctx);
  const parts = [board, scores, duel];
  const ended = h("div", { class: "banner hidden", dataset: { role: "ended" } }, h("span", { dataset: { role: "ended-text" } }), " ",
    h("a", { class: "button primary", href: `/results/${ctx.gameId}`, text: t("x.see_results") }));
  let lobby = null;
  let wall = null;
  let layout;
  if (big) {
    wall = lobbyFirst(ctx, h("div", { class: "proj" }, h("div", {}, board.el), h("div", { class: "stack" }, scores.el, duel.el)));
    layout = wall.el;
  } else if (ctx.role === "host") {
    lobby = lobbyPanel(ctx);
    const controls = controlsPanel(ctx, false);
    const log = logPanel();
    const roster = rosterPanel();
    parts.push(lobby, controls, log, roster);
    layout = h("main", { class: "stack" }, ended, controls.el, lobby.el,
      h("div", { class: "cols" }, h("div", { class: "stack" }, scores.el, duel.el, roster.el), h("div", { class: "stack" }, board.el, log.el)));
  } else {
    const log = logPanel();
    parts.push(log);
    layout = h("main", { class: "stack" }, ended,
      h("div", { class: "cols" }, h("div", { class: "stack" }, board.el), h("div", { class: "stack" }, scores.el, duel.el, log.el)));
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
    },
    lobby(frame) { lobby?.lobby(frame); },
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
  let questions = defaultQuestions();
  bankStatus.textContent = t("start.bank_default", { n: questions.length });
  bankFile.addEventListener("change", async () => {
    const files = [...bankFile.files];
    if (!files.length) return;
    bankStatus.className = "muted";
    bankStatus.textContent = t("start.bank_reading");
    const lang = currentLang();
    try {
      const sent = await Promise.all(files.map(async (file) => ({ name: file.name, data: base64(await file.arrayBuffer()) })));
      const reply = await call("POST", "/api/web/bank?format=files", undefined, null, JSON.stringify({ files: sent }));
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
  });
  const quizForm = h("div", { class: "stack" },
    panel(t("start.rules"), h("div", { class: "form-grid" }, qParams.map(([, input]) => input.wrap))),
    panel(t("start.teams"), h("small", { class: "help", text: t("start.members_help") }),
      h("div", { class: "form-grid" }, teams.map((team, i) => h("div", {},
        field(t("start.team_name", { n: i + 1 }), team.name), field(t("start.team_score"), team.score, t("start.team_score_help")),
        field(t("start.members"), team.members)))),
      h("div", { class: "form-grid" }, field(t("start.quiz_robots"), qRobots, t("start.quiz_robots_help")),
        field(t("start.robot_level"), qRobotLevel),
        field(t("start.quiz_robot_accuracy"), qRobotAccuracy, t("start.quiz_robot_accuracy_help")))),
    panel(t("start.bank"), field(t("start.bank_file"), bankFile, t("start.bank_help")), bankStatus));


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
  return { el, setup: quizSetup, robots: () => Number(qRobots.value) || 0, robotChoice, robotRoles: (setup) => setup.teams.map((team) => team.id) };
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

/** The results page's panel for a quiz final: the winner, the scores. */
export function results(main, view) {
  const winner = view.winner ? t("q.winner", { team: view.teams[view.winner].name }) : t("q.no_winner");
  const ids = Object.keys(view.teams);
  main.append(panel(t("r.rankings"), h("p", {}, h("b", { dataset: { role: "winner" }, text: winner }), view.end_reason ? ` · ${t(`q.reason.${view.end_reason}`)}` : ""),
    table([t("q.team"), t("q.earlier"), t("q.round_points"), t("q.total"), t("q.left_on_board")], ids.map((id) => {
      const team = view.teams[id];
      return [h("b", { text: team.name }), String(team.earlier), String(team.points), String(team.score), String(team.members.filter((m) => m.square).length)];
    })),
    barChart(ids.map((id, i) => ({ name: view.teams[id].name, value: view.teams[id].score, color: TEAM_HUES[i] })), { label: t("q.scores") })));
}

/** A replay frame on the results page: the board with the duel, and the scores. */
export const replay = {
  named: true,
  show(board, extra, frame) {
    const v = frame.view;
    const move = frame.event.move || null;
    board.update({ pieces: quizPieces(v), last: frame.event.type === "move_ended" ? move : null, marks: duelMarks(v), interactive: false });
    fill(extra, h("div", { class: "row" }, Object.values(v.teams || {}).map((team) => h("span", { class: "pill", text: `${team.name}: ${team.score}` }))));
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
