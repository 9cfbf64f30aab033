// @ts-check
// Exchange Draughts: a player's money and shares as cards, the order form with one-tap
// quantities, open orders in words («купить 5 × Фирма 1 по 10») and the report of what became
// of the last order, which follows the order while it lives.
import { h, fill, field, panel, options } from "../dom.js";
import { t, num } from "../i18n.js";
import { errorLine } from "../shell.js";
import { FIRMS, names, swatch, firmLabel, keyed, secret, hiddenNote, rank, worth } from "./exchange_words.js";

/** A player's accounts as cards (their own, then the firms they direct): each figure labelled,
 * holdings by firm name — a phone shows them whole. */
export function accountCards(v) {
  const n = names(v);
  const accounts = v.accounts || {};
  const order = Object.keys(accounts).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, undefined, { numeric: true }));
  const directs = order.filter((acc) => acc.startsWith("firm:")).map((acc) => Number(acc.slice(5)));
  const cards = order.map((acc) => {
    const a = accounts[acc];
    const firm = acc.startsWith("firm:") ? v.firms[acc.slice(5)] : null;
    const held = Object.entries(a.holdings || {}).filter(([, q]) => q);
    const figure = (label, value, role) => h("div", { class: "x-fig", dataset: role ? { fig: role } : {} }, h("dt", { text: label }), h("dd", { class: "num", text: value }));
    return h("article", { class: "x-card", dataset: { account: acc } },
      h("h3", {}, firm ? firmLabel(Number(acc.slice(5))) : n.account(acc)),
      h("dl", { class: "x-figs" },
        figure(t("x.cash"), num(a.cash), "cash"), figure(t("x.reserved"), num(a.reserved), "reserved"),
        firm && firm.tax_due ? figure(t("x.tax_due"), num(firm.tax_due), "tax") : null,
        figure(t("x.worth"), num(a.worth ?? worth(a, v.prices)), "worth")),
      h("ul", { class: "x-holdings", "aria-label": t("x.holdings") }, held.length ? held.map(([stock, q]) => {
        const r = (a.reserved_shares || {})[stock];
        return h("li", {}, firmLabel(Number(stock)), h("b", { text: ` ${t("x.shares_n", { n: q })}` }),
          r ? h("small", { class: "muted", text: ` (${t("x.in_orders", { n: r })})` }) : null);
      }) : h("li", { class: "muted", text: t("x.no_shares") })));
  });
  return [directs.length ? h("p", { class: "muted", text: t("x.you_direct_named", { firms: directs.map((f) => t("firm.n", { n: f })).join(", ") }) }) : null, ...cards];
}

export function ordersPanel(ctx) {
  const error = errorLine();
  const account = h("select", { name: "account" });
  const stock = options(h("select", { name: "stock" }), FIRMS.map((f) => [f, t("firm.n", { n: f })]));
  const side = options(h("select", { name: "side" }), [["buy", t("x.buy")], ["sell", t("x.sell")]]);
  const qty = h("input", { type: "number", name: "qty", min: "1", step: "1", value: "1" });
  const price = h("input", { type: "number", name: "price", min: "1", step: "1", value: "10" });
  const reserve = h("div", { class: "muted", dataset: { role: "reserve" } });
  const submit = h("button", { type: "submit", class: "primary", text: t("x.place_order") });
  // One tap for the usual quantities, and "as many as I can" (free cash or free shares).
  const quick = h("div", { class: "row x-quick", role: "group", "aria-label": t("x.quick_qty") },
    ["1", "5", "10"].map((q) => h("button", { type: "button", class: "small", dataset: { qty: q }, text: q,
      "aria-label": t("x.qty_n", { n: Number(q) }), onclick: () => { qty.value = q; preview(); } })),
    h("button", { type: "button", class: "small", dataset: { qty: "max" }, text: t("x.qty_max"), onclick: () => { qty.value = String(Math.max(1, most())); preview(); } }));
  const report = h("div", { class: "ok", role: "status", dataset: { role: "fill-report" } });
  const form = h("form", { class: "stack", dataset: { role: "order-form" } },
    h("div", { class: "row x-order-row" }, field(t("x.stock"), stock), field(t("x.side"), side)),
    h("div", { class: "row x-order-row" }, field(t("x.qty"), qty), field(t("x.price"), price)), quick,
    h("div", { class: "row x-order-account" }, field(t("x.for_account"), account)), reserve,
    h("div", { class: "row" }, submit), error.el, report);
  const open = h("div", { dataset: { role: "open-orders" } });
  const el = panel(t("x.orders"), form, h("h3", { text: t("x.open_orders") }), open);
  el.dataset.panel = "orders";
  let view = null;
  const most = () => {
    const acc = view && (view.accounts || {})[account.value];
    if (!acc) return 1;
    if (side.value === "sell") return ((acc.holdings || {})[stock.value] || 0) - ((acc.reserved_shares || {})[stock.value] || 0);
    const p = Math.max(1, Math.round(Number(price.value) || 0));
    return Math.floor((acc.cash - acc.reserved) / p);
  };
  const preview = () => {
    if (!view) return;
    const q = Math.max(0, Math.round(Number(qty.value) || 0));
    const p = Math.max(0, Math.round(Number(price.value) || 0));
    const acc = (view.accounts || {})[account.value];
    if (!acc) { reserve.textContent = ""; return; }
    if (side.value === "buy") {
      const free = acc.cash - acc.reserved;
      reserve.textContent = t("x.will_reserve_cash", { amount: num(q * p), free: num(free) });
      reserve.className = q * p > free ? "error" : "muted";
    } else {
      const have = (acc.holdings || {})[stock.value] || 0;
      const held = (acc.reserved_shares || {})[stock.value] || 0;
      reserve.textContent = t("x.will_reserve_shares", { qty: q, stock: stock.value, free: have - held });
      reserve.className = q > have - held ? "error" : "muted";
    }
  };
  for (const input of [account, stock, side, qty, price]) input.addEventListener("input", preview);
  stock.addEventListener("change", () => {
    if (view) price.value = String(view.prices[stock.value] || price.value);
    preview();
  });
  // The last order sent, followed while it lives: its report updates with each fill and goes
  // when the order is gone unfilled (expired or cancelled) or the session ends.
  let pending = null;
  let tracked = null;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.clear();
    report.textContent = "";
    tracked = null;
    submit.disabled = true;
    try {
      const sent = { type: "order", account: account.value, stock: Number(stock.value), side: side.value, qty: Math.round(Number(qty.value)), price: Math.round(Number(price.value)) };
      const reply = await ctx.send(sent);
      pending = { sent, version: reply.version };
      report.textContent = t("x.order_placed");
      if (view) follow(view);
    } catch (err) {
      error.show(err);
    } finally {
      submit.disabled = !(view && (view.actions || {}).order);
    }
  });
  const follow = (v) => {
    if (pending && (ctx.viewVersion ?? -1) >= pending.version) {
      tracked = { sent: pending.sent, order: placedOrder(pending.sent, v.events) };
      pending = null;
    }
    if (!tracked) return;
    const still = Object.values(v.accounts || {}).some((a) => (a.orders || []).some((o) => o.order === tracked.order));
    const text = fillReport(tracked.sent, v.events, tracked.order);
    const all = !still && fillDone(v.events, tracked.order) >= tracked.sent.qty;
    if (!(v.actions || {}).order || (!still && !all)) { tracked = null; report.textContent = ""; return; }
    report.textContent = text;
  };
  const renderOpen = keyed((v) => {
    const n = names(v);
    const items = [];
    const host = ctx.role === "host";
    for (const [acc, a] of Object.entries(v.accounts || {})) {
      for (const o of a.orders || []) {
        const cancel = h("button", { type: "button", class: "small danger", text: t("x.cancel"), dataset: { order: o.order },
          "aria-label": `${t("x.cancel")}: ${orderText(o)}` });
        cancel.addEventListener("click", async () => {
          error.clear();
          try { await ctx.send({ type: "cancel", order: o.order }); } catch (err) { error.show(err); }
        });
        const whose = host || acc !== ctx.role ? h("small", { class: "muted", text: n.account(acc) }) : null;
        items.push(h("li", { class: "x-order" }, h("span", { class: "x-order-text" }, whose, whose ? h("br") : null, orderWords(o)), cancel));
      }
    }
    fill(open, host ? hiddenNote() : null, secret(host, items.length ? h("ul", { class: "x-orders" }, items) : h("p", { class: "muted", text: t("x.no_orders") })));
  });
  return {
    el,
    update(v) {
      if (view && view !== v) error.clear(); // a refusal's sentence goes with the next change
      view = v;
      const n = names(v);
      const accs = Object.keys(v.accounts || {}).filter((a) => ctx.role !== "host" || a === "state" || (a.startsWith("firm:") && !v.firms[a.slice(5)].director))
        .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, undefined, { numeric: true }));
      options(account, accs.map((a) => [a, n.account(a)]));
      const trading = Boolean((v.actions || {}).order);
      submit.disabled = !trading;
      submit.title = trading ? "" : t("x.only_in_session");
      for (const b of quick.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).disabled = !trading;
      renderOpen([Object.values(v.accounts || {}).map((a) => a.orders), v.players], v);
      preview();
      follow(v);
    },
  };
}

/** An order in words: «купить 5 × Фирма 1 по 10». */
export function orderText(o) {
  return t(o.side === "sell" ? "x.order_sell_line" : "x.order_buy_line", { qty: o.qty, firm: t("firm.n", { n: o.stock }), price: o.price });
}

function orderWords(o) {
  return h("span", { class: "x-order-words" }, swatch(o.stock), orderText(o));
}

/** The order the view's events placed for what was sent (the newest match), or null. */
function placedOrder(sent, events) {
  const same = (e) => e.type === "order_placed" && e.account === sent.account && e.order && e.stock === sent.stock
    && e.side === sent.side && e.qty === sent.qty && e.price === sent.price;
  const placed = [...(events || [])].reverse().find(same);
  return placed ? placed.order : null;
}

function fillDone(events, order) {
  return (events || []).filter((e) => e.type === "trade" && order && [e.order, e.buy_order, e.sell_order].includes(order))
    .reduce((sum, e) => sum + e.qty, 0);
}

/** What became of an order at once, from the command's events: "Bought 5 of 6 at 10". */
export function fillReport(sent, events, order = placedOrder(sent, events)) {
  const list = events || [];
  const mine = (e) => order && [e.order, e.buy_order, e.sell_order].includes(order);
  const trades = list.filter((e) => e.type === "trade" && mine(e));
  const done = trades.reduce((sum, e) => sum + e.qty, 0);
  if (!done) return t("x.fill_none", { qty: sent.qty, price: sent.price });
  const prices = [...new Set(trades.map((e) => e.price))].sort((a, b) => a - b).map((p) => num(p)).join(", ");
  const key = `x.fill_${sent.side}${done < sent.qty ? "" : "_all"}`;
  return t(key, { done, qty: sent.qty, price: prices, rest: sent.qty - done });
}
