// @ts-check
// The host's class lists and named presets (the start page), kept on the server for this
// browser's host key: asked for once, kept in localStorage, sent as the bearer token.
import { h, field, panel, options } from "./dom.js";
import { t } from "./i18n.js";
import { call } from "./api.js";
import { errorLine } from "./shell.js";

const KEY = "br:host-key";

/** This browser's host key (a new one from the server the first time). */
export async function hostKey() {
  let key = localStorage.getItem(KEY);
  if (!key) {
    key = /** @type {string} */ ((await call("POST", "/api/web/host-key")).key);
    localStorage.setItem(KEY, key);
  }
  return key;
}

/** Keep the host key another browser handed over (a teacher's code): its classes are this
 * browser's from now on; the key this browser had, if another, is kept aside, not lost. */
export function takeHostKey(key) {
  const had = localStorage.getItem(KEY);
  if (had && had !== key) localStorage.setItem(`${KEY}:before`, had);
  localStorage.setItem(KEY, key);
}

/**
 * The start page's "class and settings" panel. `forms`: each kind's start form (`setNames`,
 * `setRules`, `setup`); `chosen()`: the kind picked now. `names()`: the picked class's names
 * (or null), `kindChanged()`: call when the kind changes (its presets are listed).
 */
export async function keptPanel(forms, chosen) {
  const status = errorLine();
  status.el.dataset.role = "kept-status";
  let key, classes, presets;
  try {
    key = await hostKey();
    /** @type {{id: string, name: string, names: string[]}[]} */
    classes = (await call("GET", "/api/web/classes", undefined, key)).classes;
    /** @type {{id: string, name: string, game: string, settings: any}[]} */
    presets = (await call("GET", "/api/web/named-presets", undefined, key)).presets;
  } catch (err) {
    // The game can still be made without them; a key the server refuses is dropped.
    if (err.code === "bad_host_key") localStorage.removeItem(KEY);
    status.show(err);
    const el = panel(t("kept.title"), status.el);
    el.dataset.panel = "kept";
    return { el, names: () => null, kindChanged: () => {}, link: async () => {} };
  }

  const classSelect = h("select", { name: "class-list" });
  const presetSelect = h("select", { name: "named-preset" });
  const picked = () => classes.find((c) => c.id === classSelect.value) || null;
  const showClasses = () => options(classSelect, [["", t("kept.no_class")],
    ...classes.map((c) => [c.id, t("kept.class_option", { name: c.name, n: c.names.length })])]);
  const showPresets = () => options(presetSelect, [["", t("kept.no_preset")],
    ...presets.filter((p) => p.game === chosen()).map((p) => [p.id, p.name])]);
  const applyClass = () => {
    const list = picked();
    if (list) for (const form of Object.values(forms)) form.setNames(list.names);
    showClassPage();
  };
  classSelect.addEventListener("change", applyClass);
  presetSelect.addEventListener("change", () => {
    const preset = presets.find((p) => p.id === presetSelect.value);
    if (preset) forms[chosen()].setRules(preset.settings.ruleset || {});
  });

  const act = async (/** @type {() => Promise<string>} */ work) => {
    status.clear();
    try { status.ok(await work()); } catch (err) { status.show(err); }
  };
  const deleteClass = h("button", { type: "button", class: "small", dataset: { action: "delete-class" }, text: t("kept.delete"), onclick: () => act(async () => {
    const list = picked();
    if (!list) return "";
    await call("DELETE", `/api/web/classes/${encodeURIComponent(list.id)}`, undefined, key);
    classes = classes.filter((c) => c.id !== list.id);
    showClasses();
    return t("kept.class_deleted", { name: list.name });
  }) });
  const deletePreset = h("button", { type: "button", class: "small", dataset: { action: "delete-preset" }, text: t("kept.delete"), onclick: () => act(async () => {
    const preset = presets.find((p) => p.id === presetSelect.value);
    if (!preset) return "";
    await call("DELETE", `/api/web/named-presets/${encodeURIComponent(preset.id)}`, undefined, key);
    presets = presets.filter((p) => p.id !== preset.id);
    showPresets();
    return t("kept.preset_deleted", { name: preset.name });
  }) });

  // --- a new class: typed or pasted, one name a line ---
  const className = h("input", { type: "text", name: "class-name", maxlength: "60" });
  const classNames = h("textarea", { name: "class-names", rows: "5" });
  const saveClass = h("button", { type: "button", dataset: { action: "save-class" }, text: t("kept.save_class"), onclick: () => act(async () => {
    if (!className.value.trim()) throw new Error(t("kept.need_name"));
    const saved = await call("POST", "/api/web/classes", { name: className.value, text: classNames.value }, key);
    classes = [...classes.filter((c) => c.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name));
    showClasses();
    classSelect.value = saved.id;
    applyClass();
    newClass.open = false;
    return t("kept.class_saved", { name: saved.name, n: saved.names.length });
  }) });
  const newClass = h("details", { dataset: { role: "new-class" } }, h("summary", { text: t("kept.new_class") }),
    h("div", { class: "stack" }, field(t("kept.class_name"), className),
      field(t("kept.class_names"), classNames, t("kept.class_names_help")), h("div", { class: "row" }, saveClass)));

  // --- the settings on the form now, under a name ---
  const presetName = h("input", { type: "text", name: "preset-name", maxlength: "60" });
  const savePreset = h("button", { type: "button", dataset: { action: "save-preset" }, text: t("kept.save_preset"), onclick: () => act(async () => {
    if (!presetName.value.trim()) throw new Error(t("kept.need_name"));
    const settings = { ruleset: forms[chosen()].setup().ruleset || {} };
    const saved = await call("POST", "/api/web/named-presets", { name: presetName.value, game: chosen(), settings }, key);
    presets = [...presets.filter((p) => p.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name));
    showPresets();
    presetSelect.value = saved.id;
    return t("kept.preset_saved", { name: saved.name });
  }) });

  // The class page: the picked class's term (it opens with the same host key).
  const classPage = h("a", { class: "small", dataset: { role: "class-page" }, text: t("term.open"), href: "#" });
  const showClassPage = () => {
    const list = picked();
    classPage.hidden = !list;
    if (list) classPage.setAttribute("href", `/class/${encodeURIComponent(list.id)}`);
  };
  classSelect.addEventListener("change", showClassPage);

  showClasses();
  showPresets();
  showClassPage();
  const el = panel(t("kept.title"), h("small", { class: "help", text: t("kept.help") }),
    h("div", { class: "form-grid" },
      h("div", { class: "kept-pick" }, field(t("kept.class"), classSelect), deleteClass, classPage),
      h("div", { class: "kept-pick" }, field(t("kept.preset"), presetSelect), deletePreset)),
    newClass,
    h("div", { class: "row kept-save" }, field(t("kept.preset_name"), presetName), savePreset),
    status.el);
  el.dataset.panel = "kept";
  return {
    el,
    names: () => (picked() ? picked().names : null),
    kindChanged: showPresets,
    /** The new game becomes a lesson of the picked class (its class page counts it). */
    link: async (/** @type {string} */ gameId, /** @type {string} */ secret) => {
      const list = picked();
      if (list) await call("POST", `/api/web/classes/${encodeURIComponent(list.id)}/games`, { game: gameId, secret }, key);
    },
  };
}
