// @ts-check
// Building the DOM without ever parsing data as HTML: text goes in as text nodes.

/** An element: h("div", {class: "x", onclick: fn, title: "…", dataset: {k: v}}, child, …). */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  apply(el, props);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element (attributes set with setAttribute; text as text nodes). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function apply(el, props) {
  if (!props) return;
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") el.textContent = String(value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "value") el.value = value;
    else if (key === "checked" || key === "disabled" || key === "selected" || key === "multiple") el[key] = Boolean(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A select with options [[value, label], …]; keeps the value if still offered. */
export function options(select, pairs, keep = true) {
  const before = select.value;
  select.replaceChildren(...pairs.map(([value, label]) => h("option", { value: String(value), text: label })));
  if (keep && pairs.some(([value]) => String(value) === before)) select.value = before;
  return select;
}

/**
 * Boxes that scroll (.scroll, .scroll-x) reachable by keyboard: a Tab stop named after their
 * panel's heading, so arrow keys can scroll a wide table or a long log.
 */
export function focusableScrollers(root, name) {
  for (const box of root.querySelectorAll(".scroll:not([tabindex]), .scroll-x:not([tabindex])")) {
    const heading = box.closest("section")?.querySelector("h2, h3")?.textContent || "";
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    if (heading) box.setAttribute("aria-label", name(heading));
  }
}

/** A labelled field. */
export function field(label, input, help) {
  return h("label", { class: "field" }, h("span", { class: "field-label", text: label }), input,
    help ? h("small", { class: "help", text: help }) : null);
}

/** A panel with a heading. */
export function panel(title, ...children) {
  return h("section", { class: "panel" }, h("h2", { text: title }), ...children);
}

/** A table from header labels and rows of cells (strings, numbers or nodes); each cell is
 * labelled with its column's header (data-label) for cardTable's cards. */
export function table(headers, rows, cls) {
  return h("table", { class: ["grid", cls] },
    h("thead", {}, h("tr", {}, headers.map((x) => h("th", { text: x })))),
    h("tbody", {}, rows.map((row) => h("tr", {}, row.map((cell, i) => h("td", { dataset: headers[i] ? { label: headers[i] } : null }, cell))))));
}

/**
 * Results and standings: a table on a wide screen; on a phone (up to 700 px) a card a row,
 * each cell on its own line beside its column's name, wrapping between words (css: table.cards)
 * — never wider than the screen, never one text over another.
 */
export function cardTable(headers, rows, cls) {
  return table(headers, rows, cls ? `cards ${cls}` : "cards");
}
