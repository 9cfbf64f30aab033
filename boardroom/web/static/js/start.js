// @ts-check
// Start: create a game — the game (one of the registry's kinds), then that game's own form
// (static/js/games/<name>.js: its rules, people and robot seats).
import { h, fill, panel, field } from "./dom.js";
import { t, currentLang } from "./i18n.js";
import { call, draftGiven, keepSecret } from "./api.js";
import { topbar, errorLine } from "./shell.js";
import { gameKinds, kindModule } from "./kinds.js";
import { keptPanel } from "./classes.js";
import { handoverPanel, takePanel } from "./handover.js";

export default async function start(root) {
  const bar = topbar(t("start.title"));
  const presets = await call("GET", "/api/web/presets");
  const error = errorLine();

  const kinds = await gameKinds();
  const modules = await Promise.all(kinds.map((kind) => kindModule(kind.name)));

  // --- which game ---
  const gameChoice = h("div", { class: "choice" },
    kinds.map((kind, i) => h("label", {},
      h("input", { type: "radio", name: "game", value: kind.name, checked: i === 0 }),
      h("b", { text: t(`game.${kind.name}`) }), h("small", { text: t(`game.${kind.name}.about`) }))));

  // --- each game's own form ---
  const forms = Object.fromEntries(kinds.map((kind, i) => [kind.name, modules[i].startForm(presets[kind.name])]));
  const boxes = kinds.map((kind, i) => {
    const box = forms[kind.name].el;
    box.dataset.game = kind.name;
    box.classList.toggle("hidden", i > 0);
    return box;
  });
  const chosen = () => gameChoice.querySelector("input:checked").value;
  gameChoice.addEventListener("change", () => {
    for (const box of boxes) box.classList.toggle("hidden", box.dataset.game !== chosen());
    kept.kindChanged();
  });
  let kept = await keptPanel(forms, chosen);
  // A teacher's code typed here: the key it brought shows its classes and presets.
  const teacher = takePanel(async () => {
    const before = kept.el;
    kept = await keptPanel(forms, chosen);
    before.replaceWith(kept.el);
  });

  // --- the game's language: every page of the game starts in it (the start page's own,
  // Russian unless the host reads this page in English; the host may choose either) ---
  const gameLang = h("select", { name: "game-lang" },
    h("option", { value: "ru", text: "Русский", selected: currentLang() !== "en" }),
    h("option", { value: "en", text: "English", selected: currentLang() === "en" }));
  const create = h("button", { type: "submit", class: "primary", text: t("start.create") });
  const form = h("form", { class: "stack", novalidate: true },
    panel(t("start.choose"), gameChoice, field(t("start.game_lang"), gameLang, t("start.game_lang_help"))), kept.el, boxes,
    h("div", { class: "row" }, create, error.el));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.clear();
    create.disabled = true;
    try {
      const game = chosen();
      const setup = await forms[game].setup();
      const ticket = draftGiven();
      const made = await call("POST", "/api/games", { game, setup, lang: gameLang.value, ...(ticket ? { draft: ticket } : {}) });
      keepSecret(made.game_id, made.host_secret);
      const names = kept.names();
      if (names) await call("POST", `/api/web/games/${made.game_id}/class`, { names }, made.host_secret);
      if (names) await kept.link(made.game_id, made.host_secret);
      const robots = forms[game].robots();
      if (robots > 0) {
        const roles = forms[game].robotRoles(setup);
        await call("POST", `/api/games/${made.game_id}/robots`, { roles: roles.slice(-robots), ...forms[game].robotChoice() }, made.host_secret);
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
    teacher.el, form, handoverPanel(null)));
  teacher.fromLink();
}
