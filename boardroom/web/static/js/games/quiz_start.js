// @ts-check
// Quiz Draughts: the start page's form (teams, members, the question bank).
import { uploadBank } from "../api.js";
import { field, fill, h, panel } from "../dom.js";
import { lines, paramInput, parseMember } from "../forms.js";
import { currentLang, t } from "../i18n.js";
import { ROBOT_LEVELS, robotSelect } from "../robots.js";
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
