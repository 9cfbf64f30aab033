// @ts-check
// Quiz Draughts: the duel panel — the question out, the answer form (team), what to ask and the
// end of the round (host), the last verdict.
import { confirmation } from "../confirm.js";
import { field, fill, h, options, panel } from "../dom.js";
import { t } from "../i18n.js";
import { errorLine } from "../shell.js";
import { mediaArea } from "./quiz_media.js";
import { memberIndex, timerRow } from "./quiz_panels.js";
export function duelPanel(ctx) {
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
export function questionMeta(q) {
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
