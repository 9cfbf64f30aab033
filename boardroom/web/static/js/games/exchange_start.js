// @ts-check
// Exchange Draughts: the start page's form (presets, the lesson's settings, the directors).
import { field, fill, h, options, panel } from "../dom.js";
import { getPath, lines, paramInput, setPath } from "../forms.js";
import { t } from "../i18n.js";
import { ROBOT_KINDS, ROBOT_LEVELS, robotSelect } from "../robots.js";
// --- the start page's form ---------------------------------------------------------------------

/** @type {[string, string | string[]][]} */
const EXCHANGE_PARAMS = [
  ["years", "int"], ["moves_per_year", "int"], ["move_min_s", "int"], ["move_max_s", "int"],
  ["session_s", "int"], ["opening_session", "bool"], ["wait_for_host", "bool"], ["meeting_call_min_shares", "int"],
  ["meeting_call_window_s", "int"], ["meeting_s", "int"], ["time_scale", "float"],
  ["player_cash", "int"], ["firm_cash", "int"], ["state_cash", "int"], ["shares_per_firm", "int"],
  ["initial_holdings.state", "int"], ["initial_holdings.director", "int"], ["nominal_price", "int"],
  ["income_man", "int"], ["income_king", "int"], ["capture_man", "int"], ["capture_king", "int"],
  ["capture_paid_by", ["market", "victim"]], ["value_man", "int"], ["value_king", "int"],
  ["tax_rate", "int"], ["payout", "int"], ["privatization_lot", "int"],
  ["privatization_price", ["nominal", "book"]], ["official_salary", "int"],
  ["board_win_bonus", "int"],
];

/** What a teacher sets for a lesson (the rest is under "Advanced"); the durations shown in real time. */
const MAIN_PARAMS = ["years", "session_s", "move_max_s", "meeting_s", "wait_for_host"];
const TIMED = ["move_min_s", "move_max_s", "session_s", "meeting_call_window_s", "meeting_s"];

/** The first directors the server deals when none are named (setup.default_directors): the
 * first half of the list (rounded up) directs the white firms 1–4 in turn, the rest the black
 * firms 5–8 — nobody both colours, nobody taking over their own late move. */
export function defaultDirectors(ids) {
  const half = Math.ceil(ids.length / 2);
  const white = ids.slice(0, half);
  const black = ids.slice(half);
  /** @type {Record<number, string>} */
  const out = {};
  for (let firm = 1; firm <= 8; firm += 1) {
    const [group, first] = firm <= 4 ? [white, 1] : [black, 5];
    if (group.length) out[firm] = group[(firm - first) % group.length];
  }
  return out;
}

/** The start page's part for a new exchange game: {el, setup(), robots(), robotChoice(), robotRoles(setup)}. */
export function startForm(presets) {
  const preset = options(h("select", { name: "preset" }), Object.keys(presets).map((p) => [p, t(`preset.${p}`)]));
  preset.value = presets.classroom ? "classroom" : "demo";
  const presetHelp = h("small", { class: "help" });
  /** @type {[string, ReturnType<typeof paramInput>][]} */
  const xParams = EXCHANGE_PARAMS.map(([name, kind]) => [name, paramInput("exchange", name, kind)]);
  const input = Object.fromEntries(xParams);
  // The durations that matter, in the real time they last (× the time scale).
  const reals = TIMED.map((name) => {
    const out = h("small", { class: "real", dataset: { real: name } });
    input[name].wrap.append(out);
    return [name, out];
  });
  const showReal = () => {
    const scale = Number(input.time_scale.get()) || 1;
    for (const [name, out] of reals) out.textContent = t("start.real_time", { s: Math.round(Number(input[name].get()) * scale) });
  };
  input.time_scale.wrap.addEventListener("input", showReal);
  for (const [name] of reals) input[name].wrap.addEventListener("input", showReal);
  const loadPreset = () => {
    const values = presets[preset.value];
    for (const [name, field] of xParams) field.set(getPath(values, name));
    presetHelp.textContent = t(`preset.${preset.value}.help`);
    showReal();
  };
  preset.addEventListener("change", loadPreset);
  loadPreset();
  const players = h("textarea", { name: "players", rows: "6" });
  players.value = [1, 2, 3, 4].map((n) => t("start.player_n", { n })).join("\n");
  const xRobots = h("input", { type: "number", name: "robots", min: "0", value: "0" });
  const xRobotKind = robotSelect("robot-kind", ROBOT_KINDS, "robot.kind", "mixed");
  const xRobotLevel = robotSelect("robot-level", ROBOT_LEVELS, "robot.level", "club");
  const directors = h("div", { class: "form-grid" });
  const officials = h("div", { class: "row" });
  const advanced = h("textarea", { name: "advanced", rows: "4", placeholder: '{"placement": {"1": ["c3"], "5": ["d4"]}}' });
  const seed = h("input", { type: "number", name: "seed", value: String(Math.floor(Math.random() * 1e6)) });
  const directorSelects = [];
  let chosenByHand = false;
  const refreshRoster = () => {
    const names = lines(players.value);
    const pairs = [["", t("start.no_director")], ...names.map((name, i) => [`p${i + 1}`, name])];
    if (!directorSelects.length) {
      for (let firm = 1; firm <= 8; firm += 1) {
        const select = h("select", { name: `director-${firm}` });
        select.addEventListener("change", () => { chosenByHand = true; });
        directorSelects.push(select);
        directors.append(field(t("firm.n", { n: firm }), select));
      }
    }
    // Until the host picks by hand, every edit of the list deals the firms again (nobody
    // both colours); a hand-picked choice stays while its player is on the list.
    const dealt = defaultDirectors(names.map((_, i) => `p${i + 1}`));
    directorSelects.forEach((select, i) => {
      const had = select.value;
      options(select, pairs, false);
      const keep = chosenByHand && pairs.some(([v]) => v === had);
      select.value = keep ? had : (dealt[i + 1] || "");
    });
    const checked = new Set([...officials.querySelectorAll("input:checked")].map((x) => x.value));
    fill(officials, names.map((name, i) => h("label", { class: "row" },
      h("input", { type: "checkbox", value: `p${i + 1}`, name: "official", checked: checked.has(`p${i + 1}`) }),
      h("span", { text: name }))));
    xRobots.max = String(names.length);
  };
  players.addEventListener("input", refreshRoster);
  refreshRoster();

  const exchangeForm = h("div", { class: "stack" },
    panel(t("start.rules"), field(t("start.preset"), preset, ""), presetHelp,
      h("h3", { text: t("start.main_parameters") }),
      h("div", { class: "form-grid", dataset: { role: "main-params" } }, MAIN_PARAMS.map((name) => input[name].wrap)),
      h("details", { dataset: { role: "advanced" } }, h("summary", { text: t("start.advanced") }),
        h("div", { class: "form-grid" }, xParams.filter(([name]) => !MAIN_PARAMS.includes(name)).map(([, field]) => field.wrap)),
        field(t("start.advanced_json"), advanced, t("start.advanced_help")), field(t("start.seed"), seed))),
    panel(t("start.players"), field(t("start.players_names"), players, t("start.players_help")),
      h("div", { class: "form-grid" }, field(t("start.robots"), xRobots, t("start.robots_help")),
        field(t("start.robot_kind"), xRobotKind, t("start.robot_kind_help")),
        field(t("start.robot_level"), xRobotLevel)),
      h("h3", { text: t("start.directors") }), h("small", { class: "help", text: t("start.directors_help") }), directors,
      h("h3", { text: t("start.officials") }), h("small", { class: "help", text: t("start.officials_help") }), officials));


  const el = exchangeForm;
  const exchangeSetup = () => {
    const base = presets[preset.value];
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
  const robotChoice = () => ({ kind: xRobotKind.value, level: xRobotLevel.value });
  // A class list picked on the start page names the players; a named preset sets the rules.
  const setNames = (names) => { players.value = names.join("\n"); refreshRoster(); };
  const setRules = (ruleset) => {
    if (ruleset.preset in presets) preset.value = ruleset.preset;
    loadPreset();
    for (const [name, field] of xParams) {
      const value = getPath(ruleset, name);
      if (value !== undefined) field.set(value);
    }
    showReal();
  };
  return { el, setup: exchangeSetup, robots: () => Number(xRobots.value) || 0, robotChoice, robotRoles: (setup) => setup.players.map((p) => p.id), setNames, setRules };
}
