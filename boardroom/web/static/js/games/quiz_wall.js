// @ts-check
// Quiz Draughts on the wall before the start: one card per team, in the team's colour, with the
// team's own code and its QR — scanning it asks only for the pupil's name. The teams' codes are
// the host's: the wall reads them with the host's secret kept in this browser (the wall opened
// from the host's console); a wall without it says where the codes are.
import { h, fill } from "../dom.js";
import { t } from "../i18n.js";
import { call } from "../api.js";
import { TEAM_HUES } from "../board.js";

/** @param {any} ctx */
export function wallTeams(ctx) {
  const el = h("div", { class: "wall-teams", dataset: { role: "wall-teams" } });
  /** @type {Record<string, string> | null} */
  let codes = null;
  let asked = false;
  let shownKey = "";
  /** @type {any} */
  let view = null;

  async function ask() {
    asked = true;
    const host = localStorage.getItem(`br:secret:${ctx.gameId}`);
    try {
      if (host) codes = (await call("GET", `/api/games/${encodeURIComponent(ctx.gameId)}/lobby`, undefined, host)).team_codes || null;
    } catch {
      codes = null; // not the host's secret (a team's phone): the codes stay on the console
    }
    render();
  }

  function render() {
    const v = view;
    if (!v || !v.teams) return;
    const ids = Object.keys(v.teams);
    const key = JSON.stringify([codes, ids.map((id) => v.teams[id].name)]);
    if (key === shownKey) return;
    shownKey = key;
    if (!codes || !ids.every((id) => codes && codes[id])) {
      fill(el, h("p", { class: "wall-how", dataset: { role: "wall-codes-elsewhere" }, text: t("q.wall_codes_elsewhere") }));
      return;
    }
    const own = codes;
    fill(el, h("p", { class: "wall-how", text: t("q.wall_join_how") }),
      h("div", { class: "wall-team-cards" }, ids.map((id, i) => teamCard(v.teams[id].name, own[id], TEAM_HUES[i] || "#555", id))));
  }

  return {
    el,
    /** @param {any} v */
    update(v) {
      view = v;
      if (v.phase !== "setup") return;
      if (!asked) ask();
      render();
    },
  };
}

/**
 * @param {string} name @param {string} code @param {string} hue @param {string} id
 */
function teamCard(name, code, hue, id) {
  const url = `${location.origin}/join/${code}`;
  const card = h("div", { class: "wall-team", dataset: { team: id } },
    h("div", { class: "wall-team-name", text: name }),
    h("img", { class: "wall-team-qr", alt: t("q.wall_team_qr", { team: name }), src: `/api/web/qr.svg?data=${encodeURIComponent(url)}` }),
    h("div", { class: "wall-team-code", dataset: { role: `wall-team-code-${id}` }, text: code }),
    h("div", { class: "wall-url", text: url.replace(/^https?:\/\//, "") }));
  card.style.setProperty("--team", hue);
  return card;
}
