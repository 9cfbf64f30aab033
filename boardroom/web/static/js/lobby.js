// @ts-check
// The lobby (inside the host console): the code, a QR code and link to join, who sits where
// (connected or not, robots), personal invitations for a seat, robots for free seats, a robot's
// seat handed to a late person.
import { h, fill, panel } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";
import { errorLine } from "./shell.js";
import { ROBOT_KINDS, ROBOT_LEVELS, robotSelect, robotLabel } from "./robots.js";
import { roomLink, roomNotice, roomQr } from "./room.js";

/** The QR code of a path's address for phones (room.js). */
function qr(path, label) {
  return roomQr(path, { class: "qr", alt: label, width: "220", height: "220" });
}

export function lobbyPanel(ctx) {
  const roleLabel = (view, role) => (view ? ctx.kind.roleLabel(view, role) : role);
  const error = errorLine();
  const joinPath = `/join/${ctx.me.code}`;
  // the wall opens on this laptop, beside the console: same origin, so it reads the host's
  // key kept here (the quiz's team codes) and the room address picked here
  const projectorUrl = `/play/${ctx.gameId}#role=projector`;
  const seats = h("ul", { class: "seats", dataset: { role: "seats" } });
  const away = h("div", { dataset: { role: "disconnected" } });
  const invited = h("div", { dataset: { role: "invited" } });
  const details = h("details", { open: true },
    h("summary", { text: t("lobby.summary") }),
    h("div", { class: "row", style: { alignItems: "flex-start", gap: "1.2rem" } },
      h("div", {}, qr(joinPath, t("lobby.qr"))),
      h("div", { class: "stack", style: { flex: "1 1 260px" } },
        h("div", {}, h("div", { class: "muted", text: t("lobby.code") }), h("div", { class: "code", dataset: { role: "code" }, text: ctx.me.code })),
        h("div", {}, h("div", { class: "muted", text: t("lobby.link") }), roomLink(joinPath, { class: "joinlink", dataset: { role: "join-link" } })),
        roomNotice(),
        h("div", { class: "row" },
          h("a", { class: "button", href: projectorUrl, target: "_blank", rel: "noopener", dataset: { role: "projector-link" }, text: t("lobby.projector") }),
          h("a", { class: "button", href: `/results/${ctx.gameId}`, target: "_blank", rel: "noopener", text: t("lobby.results") })))),
    h("h3", { text: t("lobby.seats") }), seats, invited, error.el,
    h("div", { class: "row" }, h("button", { type: "button", dataset: { action: "robots-all" }, text: t("lobby.robots_all"),
      onclick: () => robots(null) })));
  const el = panel(t("lobby.title"), details, h("h3", { text: t("lobby.away") }), away);
  el.dataset.panel = "lobby";
  let lobby = null;
  let view = null;
  let shownKey = null;
  /** @type {string | null} the robot's seat being handed to a person (its box open) */
  let handing = null;
  const picked = {};

  async function robots(roles, choice) {
    error.clear();
    try {
      await call("POST", `/api/games/${ctx.gameId}/robots`, { ...(roles ? { roles } : {}), ...(choice || {}) }, ctx.secret);
      await refresh();
    } catch (err) { error.show(err); }
  }

  /** A personal link for a seat (an invitation, or a robot's seat handed over). */
  async function invite(role, nameInput, how = "invite") {
    error.clear();
    const name = nameInput.value.trim();
    if (!name) { error.show(new Error(t("join.need_name"))); nameInput.focus(); return; }
    try {
      const made = await call("POST", `/api/web/games/${ctx.gameId}/${how}`, { name, role }, ctx.secret);
      nameInput.value = "";
      if (how === "hand-over") {
        handing = null;
        shownKey = null;
        // Before the start the seat takes the person's name, as a join does (the kind's own step).
        const started = view ? (view.started ?? view.phase !== "setup") : true;
        if (ctx.kind.joined && !started) await ctx.kind.joined({ game_id: ctx.gameId, secret: made.secret }, made.name, null);
      }
      fill(invited, h("div", { class: "panel tight row", dataset: { role: "personal-link" } }, qr(made.path, t("lobby.personal_qr")),
        h("div", { class: "stack" }, h("b", { text: t("lobby.invite_for", { name: made.name, role: roleLabel(view, made.role) }) }),
          roomLink(made.path, { class: "joinlink" }),
          h("small", { class: "muted", text: t("lobby.invite_help") }))));
      await refresh();
    } catch (err) { error.show(err); }
  }

  /** «Give the seat…» on a robot's seat: a name and a confirmation, then the person's link. */
  function handSeat(role) {
    if (handing !== role) {
      return h("button", { type: "button", class: "small", dataset: { action: "hand-seat", role }, text: t("lobby.hand_seat"),
        onclick: () => { handing = role; shownKey = null; render(); } });
    }
    const name = h("input", { type: "text", maxlength: "40", placeholder: t("lobby.name"), name: `hand-${role}`, "aria-label": t("lobby.hand_name") });
    const box = h("div", { class: "confirm stack", role: "group", "aria-label": t("lobby.hand_seat"), dataset: { role: "hand-seat-box" } },
      h("p", { text: t("lobby.hand_sure", { seat: roleLabel(view, role) }) }),
      h("span", { class: "row" }, name,
        h("button", { type: "button", class: "small danger", dataset: { action: "hand-seat-confirm", role }, text: t("lobby.hand_yes"),
          onclick: () => invite(role, name, "hand-over") }),
        h("button", { type: "button", class: "small", dataset: { action: "hand-seat-cancel" }, text: t("lobby.hand_no"),
          onclick: () => { handing = null; shownKey = null; render(); } })));
    queueMicrotask(() => name.focus());
    return box;
  }

  async function refresh() {
    try {
      lobby = await call("GET", `/api/games/${ctx.gameId}/lobby`, undefined, ctx.secret);
      render();
    } catch (err) { error.show(err); }
  }

  function render() {
    if (!lobby) return;
    const byRole = {};
    for (const seat of lobby.seats) (byRole[seat.role] ||= []).push(seat);
    const shared = lobby.shared;
    /** @type {string[] | null} what the host picks for a robot of this kind (null: no robots) */
    const choosing = lobby.robots ?? null;
    const roles = [...lobby.roles, ...(byRole.projector ? ["projector"] : [])];
    const key = JSON.stringify([lobby.seats, roles.map((r) => roleLabel(view, r))]);
    if (key === shownKey) return;
    shownKey = key;
    fill(seats, roles.map((role) => {
      const sitting = byRole[role] || [];
      const robot = sitting.some((s) => s.robot);
      const handable = role !== "projector" ? sitting.find((s) => s.robot && !s.stand_in) : undefined;
      const free = role !== "projector" && !robot && (shared || sitting.length === 0);
      const robotable = choosing !== null && role !== "projector";
      const leftSeat = robotable && !shared && !robot && sitting.length > 0
        && sitting.every((s) => !s.connected && !s.stand_in);
      const name = h("input", { type: "text", maxlength: "40", placeholder: t("lobby.name"), name: `invite-${role}` });
      const teamCode = (lobby.team_codes || {})[role];
      const had = picked[role] ||= { kind: "mixed", level: "club" };
      const kind = choosing?.includes("kind") ? robotSelect(`robot-kind-${role}`, ROBOT_KINDS, "robot.kind", had.kind, t("lobby.robot_kind")) : null;
      const level = choosing?.includes("level") ? robotSelect(`robot-level-${role}`, ROBOT_LEVELS, "robot.level", had.level, t("lobby.robot_level")) : null;
      kind?.addEventListener("change", () => { had.kind = kind.value; });
      level?.addEventListener("change", () => { had.level = level.value; });
      const choice = () => ({ ...(kind ? { kind: kind.value } : {}), ...(level ? { level: level.value } : {}) });
      const pick = h("span", { class: "row robot-choice" }, kind, level);
      return h("li", { dataset: { seat: role } },
        h("b", { text: role === "projector" ? t("lobby.projector_seat") : roleLabel(view, role) }),
        teamCode ? h("span", { class: "muted" }, t("lobby.team_code"), " ",
          roomLink(`/join/${teamCode}`, { class: "joinlink", dataset: { role: `team-code-${role}` }, text: teamCode })) : null,
        sitting.map((s) => h("span", { class: "pill", dataset: { person: s.name } },
          h("span", { class: ["dot", s.connected || s.stand_in ? "on" : "off"] }), " ",
          s.robot ? robotLabel(s.robot_choice, choosing || []) : s.name,
          s.stand_in && !s.robot ? h("small", { class: "muted", text: ` — ${t("seat.stand_in", { name: s.name })}` }) : null)),
        free ? h("span", { class: "row" }, name,
          h("button", { type: "button", class: "small", text: t("lobby.invite"), onclick: () => invite(role, name) }),
          robotable ? pick : null,
          robotable ? h("button", { type: "button", class: "small", dataset: { action: "robot", role }, text: t("lobby.robot"), onclick: () => robots([role], choice()) }) : null) : null,
        handable ? handSeat(role) : null,
        leftSeat ? h("span", { class: "row" }, pick,
          h("button", { type: "button", class: "small", dataset: { action: "stand-in", role }, text: t("lobby.stand_in"), onclick: () => robots([role], choice()) })) : null);
    }));
    const gone = lobby.seats.filter((s) => !s.robot && !s.connected);
    fill(away, gone.length ? h("ul", { class: "log" }, gone.map((s) => h("li", {}, h("span", { class: "dot off" }), " ",
      h("b", { text: s.name }), ` — ${s.role === "projector" ? t("lobby.projector_seat") : roleLabel(view, s.role)}`)))
      : h("p", { class: "muted", text: t("lobby.all_here") }));
  }

  refresh();
  return {
    el,
    update(v) {
      const first = view === null;
      const before = view && view.phase;
      view = v;
      if (first || before !== v.phase) details.open = v.phase === "setup" || !(v.started ?? v.phase !== "setup");
      render();
    },
    lobby(frame) {
      lobby = frame;
      render();
    },
  };
}
