// @ts-check
// Exchange Draughts: the shareholder meetings — the panel where a player calls, nominates and
// votes, and the outcomes as the phone, the console and the wall show them.
import { mmss } from "../clock.js";
import { field, fill, h, options, panel } from "../dom.js";
import { t } from "../i18n.js";
import { errorLine } from "../shell.js";
import { FIRMS, firmLabel, keyed, names } from "./exchange_words.js";
// --- meetings -----------------------------------------------------------------------------------

export function meetingsPanel(ctx) {
  const error = errorLine();
  const body = h("div");
  const wall = ctx.role === "projector";
  const outcomes = h("ul", { class: "log", dataset: wall ? { role: "outcomes", fit: "" } : { role: "outcomes" } });
  const el = panel(t("x.meetings"), body, error.el, h("h3", { text: t("x.outcomes") }), outcomes);
  el.dataset.panel = "meetings";
  const send = async (command) => {
    error.clear();
    try {
      await ctx.send(command);
      error.ok(t("x.done"));
    } catch (err) { error.show(err); }
  };
  // What a person has chosen but not sent yet survives a new view (the ballot is rebuilt).
  /** @type {Map<string, string>} */
  const drafts = new Map();
  const render = keyed((v) => {
    const n = names(v);
    const parts = [];
    const min = v.ruleset.meeting_call_min_shares;
    if (v.phase !== "meetings") drafts.clear();
    const calls = (v.events || []).filter((e) => e.type === "meeting_called" && e.at >= yearStart(v));
    if (calls.length) parts.push(h("p", {}, t("x.calls_filed", { firms: [...new Set(calls.map((e) => e.firm))].join(", ") })));
    if (wall) { fill(body); fill(outcomes, wallMeetingLines(v, calls)); return; }
    if ((v.phase === "exchange" && !v.opening) || v.phase === "meeting_calls") {
      if (v.phase === "meeting_calls") parts.push(h("p", { class: "muted", text: t("x.call_window") }));
      const can = ((v.actions || {}).call_meeting || { firms: [] }).firms;
      parts.push(h("p", { class: "muted", text: t("x.call_rule", { n: min }) }));
      parts.push(h("div", { class: "row" }, can.length ? can.map((f) => h("button", {
        type: "button", class: "small", dataset: { action: "call-meeting", firm: String(f) },
        onclick: () => send({ type: "call_meeting", firm: f }),
      }, t("x.call_meeting", { n: f }))) : h("span", { class: "muted", text: t("x.cannot_call") })));
    } else if (v.phase === "meetings" && ctx.role === "projector") {
      parts.push(h("p", { class: "wall-say", text: t("x.meetings_running") }));
    } else if (v.phase === "meetings" && ctx.role !== "host" && !(v.actions || {}).vote) {
      parts.push(h("p", { class: "muted", text: v.waiting_for_host || v.paused ? t("x.meetings_closed") : t("x.not_shareholder") }));
    } else if (v.phase === "meetings") {
      const firms = ctx.role === "host" ? FIRMS : v.actions.vote.firms;
      if (!firms.length) parts.push(h("p", { class: "muted", text: t("x.not_shareholder") }));
      for (const f of firms) parts.push(meetingBox(ctx, v, f, send, drafts));
    } else {
      parts.push(h("p", { class: "muted", text: t("x.meetings_when") }));
    }
    fill(body, parts);
    const closed = (v.events || []).filter((e) => e.type === "meeting_closed").slice(-16).reverse();
    fill(outcomes, closed.length ? closed.map((e) => h("li", { dataset: { firm: String(e.firm) } },
      h("time", { text: mmss(e.at) }), firmLabel(e.firm), " ",
      e.director !== e.previous ? h("b", { text: t("x.new_director", { name: n.player(e.director), was: n.player(e.previous) }) })
        : t("x.kept_director", { name: n.player(e.director) }),
      ` · ${t("x.payout_is", { p: e.payout })}`,
      e.tally ? h("small", { text: ` (${Object.entries(e.tally).map(([p, c]) => `${n.player(p)}: ${c}`).join(", ")})` }) : null))
      : h("li", { class: "muted", text: t("x.no_outcomes") }));
  });
  let seen = null;
  return {
    el,
    update: (v) => {
      if (seen && seen !== v) error.clear(); // "done" or a refusal goes with the next change
      seen = v;
      render([v.phase, v.opening, v.year, v.meetings, v.waiting_for_host, v.paused, v.actions, v.accounts && Object.fromEntries(Object.entries(v.accounts).map(([a, x]) => [a, x.holdings])),
      (v.events || []).filter((e) => ["meeting_called", "meeting_closed", "nominated", "voted"].includes(e.type)).length, v.players], v);
    },
  };
}

/** The last meetings' outcomes as the wall shows them: only the firms where something happened
 * (a vote, a new director, a changed payout), with the votes; one line for the rest. */
export function meetingOutcomes(v) {
  const events = v.events || [];
  let payout = Object.fromEntries(FIRMS.map((f) => [f, v.ruleset.payout]));
  let last = [];
  let round = [];
  let called = new Set();
  for (const e of events) {
    if (e.type === "meeting_called") called.add(e.firm);
    if (e.type !== "meeting_closed") {
      if (round.length) { last = round; round = []; called = new Set(); }
      continue;
    }
    const changed = e.payout !== payout[e.firm];
    payout = { ...payout, [e.firm]: e.payout };
    if (e.director !== e.previous || changed || called.has(e.firm) || Object.keys(e.tally || {}).length) round.push({ ...e, changed });
    else round.push(null);
  }
  if (round.length) last = round;
  return { happened: last.filter(Boolean), held: last.length > 0, quiet: last.filter((x) => !x).length };
}

/** The wall's meetings panel, one list the panel cuts to what fits: the calls filed, the rule or
 * "meetings are on", then the last meetings' outcomes — no line for one seat. */
function wallMeetingLines(v, calls) {
  const lines = [];
  if (calls.length && ["exchange", "meeting_calls", "meetings"].includes(v.phase)) lines.push(h("li", { text: t("x.calls_filed", { firms: [...new Set(calls.map((e) => e.firm))].join(", ") }) }));
  if ((v.phase === "exchange" && !v.opening) || v.phase === "meeting_calls") lines.push(h("li", { class: "muted", text: t("x.call_rule", { n: v.ruleset.meeting_call_min_shares }) }));
  if (v.phase === "meetings") lines.push(h("li", { text: t("x.meetings_running") }));
  return [...lines, ...meetingOutcomeLines(v, lines.length > 0)];
}

function meetingOutcomeLines(v, others = false) {
  const n = names(v);
  const { happened, held, quiet } = meetingOutcomes(v);
  if (!held) return others ? [] : [h("li", { class: "muted", text: t("x.no_outcomes") })];
  const lines = happened.map((e) => h("li", { dataset: { firm: String(e.firm) } }, firmLabel(e.firm), " ",
    e.director !== e.previous ? h("b", { text: t("x.new_director", { name: n.player(e.director), was: n.player(e.previous) }) })
      : t("x.kept_director", { name: n.player(e.director) }),
    ` · ${t("x.payout_is", { p: e.payout })}`,
    Object.keys(e.tally || {}).length ? h("span", { text: ` (${Object.entries(e.tally).map(([p, c]) => t("x.votes_for", { name: n.player(p), n: c })).join(", ")})` }) : null));
  if (quiet) lines.push(h("li", { class: "muted", dataset: { role: "no-other-meetings" }, text: happened.length ? t("x.no_other_meetings") : t("x.no_meetings_this_year") }));
  return lines;
}

function yearStart(v) {
  const events = v.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].type === "phase_changed" && events[i].phase === "board") return events[i].at;
  }
  return 0;
}

/** Keep a field's unsent choice across re-renders: restore it if still offered, note changes. */
function drafted(drafts, input) {
  const kept = drafts.get(input.name);
  const offered = input.tagName !== "SELECT" || [...input.options].some((o) => o.value === kept);
  if (kept !== undefined && offered) input.value = kept;
  input.addEventListener("input", () => drafts.set(input.name, input.value));
  return input;
}

function meetingBox(ctx, v, firm, send, drafts) {
  const n = names(v);
  const key = String(firm);
  const candidates = v.meetings.candidates[key] || [];
  const myVotes = (ctx.role === "host" ? v.meetings.votes : v.meetings.my_votes)?.[key] || {};
  const accounts = v.accounts || {};
  const voters = Object.keys(accounts).filter((a) => ((accounts[a].holdings || {})[key] || 0) > 0
    && (ctx.role !== "host" || a === "state" || (a.startsWith("firm:") && !v.firms[a.slice(5)].director)));
  // No silent default: the nominee and each vote start at "choose…", the button waits for a choice.
  const choose = ["", t("x.choose_person")];
  const nominee = options(h("select", { name: `nominee-${firm}`, "aria-label": t("x.nominee_for", { n: firm }) }),
    [choose, ...Object.keys(v.players).filter((p) => !candidates.includes(p)).map((p) => [p, n.player(p)])]);
  const nominate = h("button", { type: "button", class: "small", dataset: { action: "nominate", firm: key }, disabled: true,
    text: t("x.nominate"), onclick: () => send({ type: "nominate", firm, candidate: nominee.value }) });
  nominee.addEventListener("change", () => { nominate.disabled = !nominee.value; });
  drafted(drafts, nominee);
  nominate.disabled = !nominee.value;
  const rows = voters.map((holder) => {
    const director = options(h("select", { name: `vote-${firm}-${holder}`, "aria-label": t("x.vote_director", { holder: n.account(holder) }) }),
      [choose, ...candidates.map((p) => [p, n.player(p)])]);
    const payout = h("input", { type: "number", name: `payout-${firm}-${holder}`, "aria-label": t("a11y.vote_payout", { holder: n.account(holder), firm }), min: "0", max: "100", inputmode: "numeric", value: String(v.firms[key].payout) });
    const cast = myVotes[holder];
    if (cast) { director.value = cast.director; payout.value = String(cast.payout); }
    drafted(drafts, director);
    drafted(drafts, payout);
    const vote = h("button", { type: "button", class: "small primary", dataset: { action: "vote", firm: key, holder }, text: cast ? t("x.revote") : t("x.vote"),
      disabled: !director.value, onclick: () => send({ type: "vote", firm, holder, director: director.value, payout: Math.round(Number(payout.value)) }) });
    director.addEventListener("change", () => { vote.disabled = !director.value; });
    return h("div", { class: "x-ballot", dataset: { ballot: holder } },
      h("b", { text: t("x.votes_of", { holder: n.account(holder), n: accounts[holder].holdings[key] }) }),
      field(t("x.director"), director), field(t("x.payout_field"), payout), vote,
      cast ? h("span", { class: "pill good", text: t("x.voted_for", { name: n.player(cast.director), p: cast.payout }) }) : null);
  });
  return h("div", { class: "panel tight x-meeting", dataset: { meeting: key } },
    h("b", {}, firmLabel(firm), ` — ${t("x.director")}: `, h("span", { class: "x-name", text: n.player(v.firms[key].director) })),
    h("div", { class: "muted", text: t("x.candidates", { names: candidates.map(n.player).join(", ") }) }),
    h("div", { class: "row x-nominate" }, nominee, nominate),
    rows.length ? rows : h("div", { class: "muted", text: t("x.no_votes_here") }));
}
