// @ts-check
// Robot choices shared by the start page and the lobby: kinds, board levels, their labels.
import { h, options } from "./dom.js";
import { t } from "./i18n.js";

export const ROBOT_KINDS = ["mixed", "director", "value", "raider", "noise", "board"];
export const ROBOT_LEVELS = ["beginner", "casual", "club", "strong"];

/** A select of robot kinds (or levels), with their names in the page's language. */
export function robotSelect(name, values, prefix, chosen, label) {
  const select = options(h("select", { name, "aria-label": label || name }), values.map((v) => [v, t(`${prefix}.${v}`)]));
  select.value = chosen;
  return select;
}

/**
 * "robot · raider · club player" (exchange), "robot · club player · 60% right" (quiz team):
 * the parts of the choice the kind's robots take (the lobby's `robots` list).
 * @param {{kind: string, level: string, accuracy: number} | undefined} choice
 * @param {string[]} fields
 */
export function robotLabel(choice, fields) {
  if (!choice) return t("seat.robot");
  const parts = [t("seat.robot")];
  if (fields.includes("kind")) parts.push(t(`robot.kind.${choice.kind}`));
  if (fields.includes("level")) parts.push(t(`robot.level.${choice.level}`));
  if (fields.includes("accuracy")) parts.push(t("robot.accuracy", { n: Math.round(choice.accuracy * 100) }));
  return parts.join(" · ");
}
