// Start: create a game — the game, a ruleset preset, parameters with their explanations,
// players or teams, a question bank (quiz), robot seats.
import { h, fill, field, panel, options } from "./dom.js";
import { t, has } from "./i18n.js";
import { call, keepSecret } from "./api.js";
import { topbar, errorLine } from "./shell.js";

const EXCHANGE_PARAMS = [
  ["years", "int"], ["moves_per_year", "int"], ["move_min_s", "int"], ["move_max_s", "int"],
  ["session_s", "int"], ["opening_session", "bool"], ["meeting_call_min_shares", "int"],
  ["meeting_call_window_s", "int"], ["meeting_s", "int"], ["time_scale", "float"],
  ["player_cash", "int"], ["firm_cash", "int"], ["state_cash", "int"], ["shares_per_firm", "int"],
  ["initial_holdings.state", "int"], ["initial_holdings.director", "int"], ["nominal_price", "int"],
  ["income_man", "int"], ["income_king", "int"], ["capture_man", "int"], ["capture_king", "int"],
  ["capture_paid_by", ["market", "victim"]], ["value_man", "int"], ["value_king", "int"],
  ["tax_rate", "int"], ["payout", "int"], ["privatization_lot", "int"], ["official_salary", "int"],
  ["board_win_bonus", "int"],
];
const QUIZ_PARAMS = [
  ["duel", ["defender", "attacker", "none"]], ["answer_s", "float?"], ["time_scale", "float"],
  ["points_capture", "float"], ["points_repel", "float"], ["points_win", "float"],
  ["captain_is_king", "bool"], ["men_capture_backward", "bool"], ["promotion", ["win", "king"]],
  ["auto_judge_choices", "bool"], ["question_order", ["bank", "shuffled"]],
];

function getPath(obj, path) {
  return path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

function setPath(obj, path, value) {
  const keys = path.split(".");
  let o = obj;
  for (const k of keys.slice(0, -1)) o = o[k] = { ...(o[k] || {}) };
  o[keys[keys.length - 1]] = value;
}

/** An input for one parameter, with its name and explanation from the catalogue. */
function paramInput(game, key, kind) {
  const name = game === "quiz" ? `q-${key}` : key;
  let input;
  if (kind === "bool") input = h("input", { type: "checkbox", name });
  else if (Array.isArray(kind)) input = options(h("select", { name }), kind.map((v) => [v, t(`opt.${v}`)]));
  else input = h("input", { type: "number", name, step: kind.startsWith("float") ? "any" : "1", min: "0" });
  const help = has(`param.${game}.${key}.help`) ? t(`param.${game}.${key}.help`) : "";
  const wrap = field(t(`param.${game}.${key}`), input, help);
  return {
    wrap,
    get() {
      if (kind === "bool") return input.checked;
      if (Array.isArray(kind)) return input.value;
      if (input.value === "" && kind === "float?") return null;
      return kind.startsWith("float") ? Number(input.value) : Math.round(Number(input.value));
    },
    set(value) {
      if (kind === "bool") input.checked = Boolean(value);
      else input.value = value === null || value === undefined ? "" : String(value);
    },
  };
}

function lines(text) {
  return text.split("\n").map((x) => x.trim()).filter(Boolean);
}

/** "*Ivan @d2" → {name: "Ivan", captain: true, square: "d2"}; "+" marks the guest. */
export function parseMember(line) {
  let text = line.trim();
  const member = {};
  const at = text.match(/\s@([a-hA-H][1-8])$/);
  if (at) {
    member.square = at[1].toLowerCase();
    text = text.slice(0, at.index).trim();
  }
  if (text.startsWith("*")) { member.captain = true; text = text.slice(1).trim(); }
  if (text.startsWith("+")) { member.guest = true; text = text.slice(1).trim(); }
  member.name = text.slice(0, 40) || "?";
  return member;
}

export default async function start(root) {
  const bar = topbar(t("start.title"));
  const presets = await call("GET", "/api/web/presets");
  const error = errorLine();

  // --- which game ---
  const gameChoice = h("div", { class: "choice" },
    ["exchange", "quiz"].map((game) => h("label", {},
      h("input", { type: "radio", name: "game", value: game, checked: game === "exchange" }),
      h("b", { text: t(`game.${game}`) }), h("small", { text: t(`game.${game}.about`) }))));

  // --- exchange ---
  const preset = options(h("select", { name: "preset" }), Object.keys(presets.exchange).map((p) => [p, t(`preset.${p}`)]));
  preset.value = "demo";
  const presetHelp = h("small", { class: "help" });
  const xParams = EXCHANGE_PARAMS.map(([name, kind]) => [name, paramInput("exchange", name, kind)]);
  const loadPreset = () => {
    const values = presets.exchange[preset.value];
    for (const [name, input] of xParams) input.set(getPath(values, name));
    presetHelp.textContent = t(`preset.${preset.value}.help`);
  };
  preset.addEventListener("change", loadPreset);
  loadPreset();
  const players = h("textarea", { name: "players", rows: "6" });
  players.value = [1, 2, 3, 4].map((n) => t("start.player_n", { n })).join("\n");
  const xRobots = h("input", { type: "number", name: "robots", min: "0", value: "0" });
  const directors = h("div", { class: "form-grid" });
  const officials = h("div", { class: "row" });
  const advanced = h("textarea", { name: "advanced", rows: "4", placeholder: '{"placement": {"1": ["c3"], "5": ["d4"]}}' });
  const seed = h("input", { type: "number", name: "seed", value: String(Math.floor(Math.random() * 1e6)) });
  const directorSelects = [];
  const refreshRoster = () => {
    const names = lines(players.value);
    const pairs = [["", t("start.no_director")], ...names.map((name, i) => [`p${i + 1}`, name])];
    if (!directorSelects.length) {
      for (let firm = 1; firm <= 8; firm += 1) {
        const select = h("select", { name: `director-${firm}` });
        directorSelects.push(select);
        directors.append(field(t("firm.n", { n: firm }), select));
      }
    }
    directorSelects.forEach((select, i) => {
      const had = select.value;
      options(select, pairs, false);
      select.value = had && pairs.some(([v]) => v === had) ? had : (names.length ? `p${(i % names.length) + 1}` : "");
    });
    const checked = new Set([...officials.querySelectorAll("input:checked")].map((x) => x.value));
    fill(officials, names.map((name, i) => h("label", { class: "row" },
      h("input", { type: "checkbox", value: `p${i + 1}`, name: "official", checked: checked.has(`p${i + 1}`) }),
      h("span", { text: name }))));
    xRobots.max = String(names.length);
  };
  players.addEventListener("input", refreshRoster);
  refreshRoster();

  const exchangeForm = h("div", { class: "stack", dataset: { game: "exchange" } },
    panel(t("start.rules"), field(t("start.preset"), preset, ""), presetHelp,
      h("details", { open: true }, h("summary", { text: t("start.parameters") }),
        h("div", { class: "form-grid" }, xParams.map(([, input]) => input.wrap))),
      h("details", {}, h("summary", { text: t("start.advanced") }),
        field(t("start.advanced_json"), advanced, t("start.advanced_help")), field(t("start.seed"), seed))),
    panel(t("start.players"), field(t("start.players_names"), players, t("start.players_help")),
      field(t("start.robots"), xRobots, t("start.robots_help")),
      h("h3", { text: t("start.directors") }), h("small", { class: "help", text: t("start.directors_help") }), directors,
      h("h3", { text: t("start.officials") }), h("small", { class: "help", text: t("start.officials_help") }), officials));

  // --- quiz ---
  const qParams = QUIZ_PARAMS.map(([name, kind]) => [name, paramInput("quiz", name, kind)]);
  for (const [name, input] of qParams) input.set(presets.quiz[name]);
  const teams = [0, 1].map((i) => {
    const name = h("input", { type: "text", name: `team-${i}-name`, maxlength: "40", value: t(`start.team_${i}`) });
    const score = h("input", { type: "number", name: `team-${i}-score`, value: "0", step: "any" });
    const members = h("textarea", { name: `team-${i}-members`, rows: "8" });
    members.value = Array.from({ length: 8 }, (_, k) => (k === 1 ? "*" : "") + t("start.member_n", { team: i === 0 ? "A" : "B", n: k + 1 })).join("\n");
    return { name, score, members };
  });
  const qRobots = h("input", { type: "number", name: "quiz-robots", min: "0", max: "2", value: "0" });
  const bankFile = h("input", { type: "file", name: "bank", accept: ".csv,.json,.yaml,.yml,.siq" });
  const bankStatus = h("div", { class: "muted" });
  let questions = defaultQuestions();
  bankStatus.textContent = t("start.bank_default", { n: questions.length });
  bankFile.addEventListener("change", async () => {
    const file = bankFile.files[0];
    if (!file) return;
    const format = file.name.split(".").pop().toLowerCase();
    bankStatus.textContent = t("start.bank_reading");
    try {
      const reply = await call("POST", `/api/web/bank?format=${encodeURIComponent(format)}`, undefined, null, await file.arrayBuffer());
      questions = reply.questions;
      bankStatus.className = "ok";
      bankStatus.textContent = t("start.bank_ok", { n: questions.length, file: file.name });
    } catch (err) {
      bankStatus.className = "error";
      fill(bankStatus, h("div", { text: err.message }),
        h("ul", {}, (err.details.problems || []).slice(0, 20).map((p) => h("li", { text: p }))));
    }
  });
  const quizForm = h("div", { class: "stack hidden", dataset: { game: "quiz" } },
    panel(t("start.rules"), h("div", { class: "form-grid" }, qParams.map(([, input]) => input.wrap))),
    panel(t("start.teams"), h("small", { class: "help", text: t("start.members_help") }),
      h("div", { class: "form-grid" }, teams.map((team, i) => h("div", {},
        field(t("start.team_name", { n: i + 1 }), team.name), field(t("start.team_score"), team.score, t("start.team_score_help")),
        field(t("start.members"), team.members)))),
      field(t("start.quiz_robots"), qRobots, t("start.quiz_robots_help"))),
    panel(t("start.bank"), field(t("start.bank_file"), bankFile, t("start.bank_help")), bankStatus));

  const chosen = () => gameChoice.querySelector("input:checked").value;
  gameChoice.addEventListener("change", () => {
    exchangeForm.classList.toggle("hidden", chosen() !== "exchange");
    quizForm.classList.toggle("hidden", chosen() !== "quiz");
  });

  const exchangeSetup = () => {
    const base = presets.exchange[preset.value];
    const ruleset = { preset: preset.value };
    for (const [name, input] of xParams) {
      const value = input.get();
      if (JSON.stringify(value) !== JSON.stringify(getPath(base, name))) {
        if (name.startsWith("initial_holdings.")) {
          ruleset.initial_holdings = { ...base.initial_holdings, ...(ruleset.initial_holdings || {}) };
        }
        setPath(ruleset, name, value);
      }
    }
    if (advanced.value.trim()) {
      let extra;
      try { extra = JSON.parse(advanced.value); } catch (err) { throw new Error(t("start.advanced_bad", { error: err.message })); }
      Object.assign(ruleset, extra);
    }
    const names = lines(players.value);
    const directorMap = {};
    directorSelects.forEach((select, i) => { if (select.value) directorMap[String(i + 1)] = select.value; });
    return {
      game: "exchange",
      seed: Number(seed.value) || 0,
      ruleset,
      players: names.map((name, i) => ({ id: `p${i + 1}`, name: name.slice(0, 40) })),
      directors: directorMap,
      officials: [...officials.querySelectorAll("input:checked")].map((x) => x.value),
    };
  };
  const quizSetup = () => {
    const ruleset = {};
    for (const [name, input] of qParams) {
      const value = input.get();
      if (JSON.stringify(value) !== JSON.stringify(presets.quiz[name])) ruleset[name] = value;
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

  const create = h("button", { type: "submit", class: "primary", text: t("start.create") });
  const form = h("form", { class: "stack", novalidate: true }, panel(t("start.choose"), gameChoice), exchangeForm, quizForm,
    h("div", { class: "row" }, create, error.el));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.clear();
    create.disabled = true;
    try {
      const game = chosen();
      const setup = game === "exchange" ? exchangeSetup() : quizSetup();
      const made = await call("POST", "/api/games", { game, setup });
      keepSecret(made.game_id, made.host_secret);
      const robots = Number((game === "exchange" ? xRobots : qRobots).value) || 0;
      if (robots > 0) {
        const roles = game === "exchange" ? setup.players.map((p) => p.id) : ["A", "B"];
        await call("POST", `/api/games/${made.game_id}/robots`, { roles: roles.slice(-robots) }, made.host_secret);
      }
      location.assign(`/play/${made.game_id}#secret=${encodeURIComponent(made.host_secret)}`);
    } catch (err) {
      error.show(err);
      create.disabled = false;
    }
  });

  const joinCode = h("input", { type: "text", name: "code", maxlength: "16", placeholder: "ABC234", autocapitalize: "characters" });
  const joinForm = h("form", { class: "row" }, joinCode, h("button", { type: "submit", text: t("join.go") }));
  joinForm.addEventListener("submit", (e) => {
    e.preventDefault();
    if (joinCode.value.trim()) location.assign(`/join/${encodeURIComponent(joinCode.value.trim().toUpperCase())}`);
  });

  fill(root, bar.el, h("main", { class: "stack" },
    panel(t("start.welcome"), h("p", { text: t("start.intro") }), h("h3", { text: t("start.have_code") }), joinForm),
    form));
}

function defaultQuestions() {
  const list = JSON.parse(t("demo.questions"));
  return list.map(([text, answer], i) => ({ id: `d${i + 1}`, text, answer }));
}
