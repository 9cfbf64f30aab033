// @ts-check
// Join: by code (from the QR or typed), pick a seat, give a name, play.
import { h, fill, field, panel } from "./dom.js";
import { t } from "./i18n.js";
import { call, keepSecret } from "./api.js";
import { topbar, errorLine } from "./shell.js";
import { kindModule } from "./kinds.js";

export default async function join(root) {
  const bar = topbar(t("join.title"));
  const main = h("main", { class: "stack" });
  fill(root, bar.el, main);
  const code = decodeURIComponent(location.pathname.split("/")[2] || "").trim();
  if (!code) {
    const input = h("input", { type: "text", name: "code", maxlength: "16", autocapitalize: "characters", placeholder: "ABC234" });
    const form = h("form", { class: "row" }, input, h("button", { type: "submit", class: "primary", text: t("join.go") }));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      location.assign(`/join/${encodeURIComponent(input.value.trim().toUpperCase())}`);
    });
    fill(main, panel(t("join.enter_code"), form));
    return;
  }
  let info;
  try {
    info = await call("GET", `/api/web/join/${encodeURIComponent(code)}`);
  } catch (err) {
    fill(main, panel(t("join.title"), h("p", { class: "error", text: t("join.no_game", { code }) }),
      h("a", { href: "/join", text: t("join.try_again") })));
    return;
  }
  const kind = await kindModule(info.game);
  const error = errorLine();
  const name = h("input", { type: "text", name: "name", maxlength: "40", required: true, autocomplete: "nickname" });
  // a team's own code names the team: only the name is asked
  let picked = info.team || null;
  const ownTeam = info.roles.find((/** @type {any} */ r) => r.role === info.team);
  // a kind that seats people itself (a class tournament) asks only the name
  const roleButtons = (kind.autoSeat ? [] : ownTeam ? [ownTeam] : info.roles).map((role) => {
    const lines = [h("b", { text: role.name }), kind.seatLine(role)];
    if (role.robot) lines.push(h("span", { class: "pill", text: t("seat.robot") }));
    else if (!role.free && !info.team_code_needed) lines.push(h("span", { class: "pill warn", text: t("seat.taken") }));
    const button = h("button", { type: "button", disabled: !role.free, dataset: { role: role.role } }, lines);
    button.addEventListener("click", () => {
      picked = role.role;
      for (const other of roleButtons) other.classList.toggle("picked", other === button);
      const own = kind.nameFor(role);
      if (own && !name.value.trim()) name.value = own;
      name.focus();
    });
    if (ownTeam) button.classList.add("picked");
    return button;
  });
  // A game made for a class: its pupils tap their name (typing one stays possible).
  const { names: classNames } = await call("GET", `/api/web/join/${encodeURIComponent(code)}/class`).catch(() => ({ names: [] }));
  const nameButtons = classNames.map((/** @type {string} */ pupil) => h("button", { type: "button", class: "small", dataset: { name: pupil }, text: pupil, onclick: () => {
    const own = info.roles.find((/** @type {any} */ role) => role.free && role.name === pupil);
    if (own) roleButtons[info.roles.indexOf(own)].click();
    name.value = pupil;
    for (const other of nameButtons) other.classList.toggle("picked", other.dataset.name === pupil);
  } }));
  const submit = h("button", { type: "submit", class: "primary", text: t("join.take_seat") });
  const form = h("form", { class: "stack" },
    h("div", { class: "role-list" }, roleButtons),
    field(t("join.your_name"), name, t(kind.joinTexts.nameHelp)),
    h("div", { class: "row" }, submit, error.el));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.clear();
    if (!name.value.trim()) {
      error.show(new Error(t("join.need_name")));
      return;
    }
    if (!picked && !kind.autoSeat && info.roles.some((r) => r.free)) {
      error.show(new Error(t("join.need_seat")));
      return;
    }
    submit.disabled = true;
    try {
      const joined = await call("POST", "/api/join", { code: info.code, name: name.value.trim(), role: picked });
      keepSecret(joined.game_id, joined.secret);
      if (kind.joined && !info.started) await kind.joined(joined, name.value.trim(), info.roles.find((r) => r.role === joined.role));
      location.assign(`/play/${joined.game_id}#secret=${encodeURIComponent(joined.secret)}`);
    } catch (err) {
      error.show(err);
      submit.disabled = false;
    }
  });
  const mine = localStorage.getItem(`br:secret:${info.game_id}`);
  const full = !ownTeam && !info.team_code_needed && !info.roles.some((/** @type {any} */ r) => r.free);
  const watchUrl = `/play/${info.game_id}#role=projector`;
  // A full game: the seats are shown as they are, with nothing to fill in.
  if (full) for (const part of [...form.children].slice(1)) part.classList.add("hidden");
  fill(main,
    mine ? h("div", { class: "banner" }, t("join.have_seat"), " ",
      h("a", { href: `/play/${info.game_id}#secret=${encodeURIComponent(mine)}`, text: t("join.continue") })) : null,
    full && !mine ? h("section", { class: "banner stack", dataset: { role: "game-full" } },
      h("h2", { text: t("join.full") }),
      h("p", { text: t(info.roles.some((/** @type {any} */ r) => r.robot) ? "join.full_robots" : "join.full_people") }),
      h("a", { class: "button primary", href: watchUrl, dataset: { role: "watch" }, text: t("join.watch") })) : null,
    panel(t("join.game", { game: t(`game.${info.game}`), code: info.code }),
      info.started ? h("p", { class: "muted", text: t("join.started") }) : null,
      info.gathering ? h("p", { class: "banner", dataset: { role: "gathering" }, text: t("join.gathering") }) : null,
      info.team_code_needed ? h("p", { class: "banner", dataset: { role: "team-code-needed" }, text: t("join.team_code_needed") }) : null,
      nameButtons.length ? h("div", { class: "stack", dataset: { role: "class-names" } }, h("h3", { text: t("join.tap_name") }),
        h("div", { class: "name-list" }, nameButtons)) : null,
      h("p", { text: ownTeam ? t("join.your_team") : t(kind.joinTexts.pick) }), form),
    panel(t("join.screen"), h("a", { class: "button", href: `/play/${info.game_id}#role=projector`, text: t("join.projector") })));
}
