// @ts-check
// The game kinds, as the server's registry lists them (GET /api/web/kinds), and each kind's
// page module (static/js/games/<name>.js). Nothing else in the pages names a game.
import { call } from "./api.js";

let listed = null;

/** Every game kind: [{name, shared_roles, downloads}], in the registry's order. */
export async function gameKinds() {
  listed ||= call("GET", "/api/web/kinds").then((reply) => reply.kinds);
  return listed;
}

/** The page module of game kind `name` (an error for a kind the server does not list). */
export async function kindModule(name) {
  const kinds = await gameKinds();
  if (!kinds.some((kind) => kind.name === name)) throw new Error(`unknown game kind ${name}`);
  return import(`./games/${name}.js`);
}

/** The registry's entry for game kind `name`. */
export async function kindInfo(name) {
  const kinds = await gameKinds();
  const found = kinds.find((kind) => kind.name === name);
  if (!found) throw new Error(`unknown game kind ${name}`);
  return found;
}
