// @ts-check
// What the start page's forms share: parameter inputs with their explanations, text lines,
// team members written as "*Ivan @d2".
import { h, field, options } from "./dom.js";
import { t, has } from "./i18n.js";

export function getPath(obj, path) {
  return path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);
}

export function setPath(obj, path, value) {
  const keys = path.split(".");
  let o = obj;
  for (const k of keys.slice(0, -1)) o = o[k] = { ...(o[k] || {}) };
  o[keys[keys.length - 1]] = value;
}

/** An input for one parameter, with its name and explanation from the catalogue; its form
 * field is named `prefix + key`. */
export function paramInput(game, key, kind, prefix = "") {
  const name = `${prefix}${key}`;
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

export function lines(text) {
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
