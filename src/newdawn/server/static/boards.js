// The players' boards and the shared table (event dial, wonder decks, victory cards, city-states).
import { el, playerColor, pretty } from "./common.js";
import { FOCUS_COLOR } from "./map.js";

const EVENT_ICON = {
  spawn: "barbarians appear", wonder: "wonder removed", barb_move: "barbarians move",
  districts: "districts resolve", government: "governments change",
};

function nameOf(table, id) {
  const d = table && table[id];
  return (d && d.name) || pretty(id);
}

/** A card-like chip whose full text shows on hover (title) and on tap (info box). */
function chip(cls, label, text, info, extra) {
  return el("span", {
    class: `chip ${cls}`, title: text || label, tabindex: 0, role: "button",
    onclick: (ev) => { ev.stopPropagation(); info(label, text || ""); },
    ...(extra || {}),
  }, label);
}

function countBy(list) {
  const out = {};
  for (const x of list) out[x] = (out[x] || 0) + 1;
  return out;
}

function pieceLine(label, locs) {
  const locked = locs.filter((x) => x === -2).length;
  const card = locs.filter((x) => x === -1).length;
  const map = locs.filter((x) => x >= 0).length;
  const parts = [];
  if (card) parts.push(`${card} ready`);
  if (map) parts.push(`${map} on map`);
  if (locked) parts.push(`${locked} locked`);
  return `${label}: ${parts.join(", ") || "none"}`;
}

export function playerBoard(msg, content, seat, info) {
  const v = msg.view;
  const p = v.players[seat];
  const rs = content.ruleset || {};
  const leader = (content.leaders || {})[p.leader] || {};
  const seatInfo = (msg.seats || []).find((s) => s.seat === seat) || {};
  const decider = msg.decision && msg.decision.seat === seat;
  const ncities = Object.values(v.cities || {}).filter((s) => Number(s) === seat).length;
  const nctl = Object.values(v.ctl || {}).filter((s) => Number(s) === seat).length;
  // Piece counts come from the ruleset (content); the numbers here only stand in until the
  // server's content carries them (docs/web-todo.md).
  const comps = rs.components || { cities: 8, control_tokens: 34 };
  const csType = {};
  for (const cs of p.cs_tokens || []) {
    const t = ((content.city_states || {})[cs] || {}).type;
    (csType[t] = csType[t] || []).push(cs);
  }
  const gov = (rs.governments || []).find((g) => g.id === p.gov);

  const row = el("ol", { class: "focus-row" });
  (p.row || []).forEach((cid, i) => {
    const card = (content.focus_cards || {})[cid] || { name: pretty(cid), type: "", level: "", text: "" };
    const t = card.type;
    const trade = (p.trade || {})[t] || 0;
    const marks = [];
    if (trade) marks.push(el("span", { class: "trade", title: `${trade} trade token(s) on ${t}` }, `●${trade}`));
    for (const cs of csType[t] || []) {
      marks.push(el("span", { class: "cs-token", title: `City-state token: ${nameOf(content.city_states, cs)}` }, "◆"));
    }
    if (gov && gov.type === t) marks.push(el("span", { class: "gov-token", title: `Government: ${gov.name}` }, "G"));
    const text = `${card.name} (${t}, level ${card.level}). ${card.text || ""}`;
    row.append(el("li", {
      class: "focus-card", style: `--fc:${FOCUS_COLOR[t] || "#999"}`, title: text, tabindex: 0,
      "data-card": cid, onclick: () => info(card.name, text),
    }, el("span", { class: "slot" }, String((rs.row_slots || [])[i] ?? i)),
    el("span", { class: "cname" }, card.name), el("span", { class: "marks" }, marks)));
  });

  const dialMax = rs.tech_dial_max || 24;
  const levels = Object.entries(rs.tech_levels || {}).map(([k, lv]) => [Number(k), lv]).sort((a, b) => a[0] - b[0]);
  const next = levels.find(([k]) => k > p.dial);
  const res = Object.entries(p.resources || {}).filter(([, n]) => n > 0);

  const rows = [
    el("div", {}, el("b", {}, "Government: "), gov
      ? chip("gov", gov.name, `${gov.name}: ${gov.type} government (${gov.arrows} arrow(s))`, info) : "none"),
    el("div", { class: "dial" }, el("b", {}, "Tech dial: "), `${p.dial} / ${dialMax}`,
      el("meter", { min: 0, max: dialMax, value: p.dial }),
      next ? el("span", { class: "hint" }, ` next level ${next[1]} at ${next[0]}`) : ""),
    el("div", {}, el("b", {}, "Resources: "),
      res.length ? res.map(([r, n]) => chip(`res res-${r}`, `${pretty(r)}${n > 1 ? ` ×${n}` : ""}`, null, info)) : "none"),
    el("div", {}, el("b", {}, "Natural wonders: "), (p.nws || []).length
      ? p.nws.map((nw) => chip("nw", nameOf(content.natural_wonders, nw),
        `${nameOf(content.natural_wonders, nw)} (${((content.natural_wonders || {})[nw] || {}).resource || ""})`, info)) : "none"),
    el("div", {}, el("b", {}, "City-state tokens: "), (p.cs_tokens || []).length
      ? p.cs_tokens.map((cs) => { const d = (content.city_states || {})[cs] || {}; return chip("cs", d.name || pretty(cs), `${d.name} (${d.type}): ${d.text || ""}`, info); }) : "none"),
    el("div", {}, el("b", {}, "Diplomacy cards: "), (p.dipl || []).length ? p.dipl.map((d) => {
      if (d.startsWith("cs:")) {
        const cs = (content.city_states || {})[d.slice(3)] || {};
        return chip("dipl", `${cs.name || pretty(d.slice(3))} diplomacy`, `${cs.name}: ${cs.text || ""}`, info);
      }
      const [from, card] = d.split(":");
      const def = (content.player_diplomacy || {})[card] || {};
      return chip("dipl", `${def.name || pretty(card)} from seat ${Number(from.slice(1)) + 1}`, def.text, info);
    }) : "none"),
    el("div", {}, el("b", {}, "Wonders: "), (p.wonders || []).length ? p.wonders.map((w) => {
      const d = (content.wonders || {})[w] || {};
      return chip("wonder", d.name || pretty(w), `${d.name} (${d.type}, ${d.era}, cost ${d.cost}): ${d.text || ""}`, info);
    }) : "none"),
    el("div", { class: "pieces" }, el("b", {}, "Unused: "),
      `cities ${comps.cities - ncities}/${comps.cities}, control tokens ${comps.control_tokens - nctl}/${comps.control_tokens}; `,
      pieceLine("armies", p.armies || []), "; ", pieceLine("caravans", p.caravans || []),
      `; own diplomacy cards ${(p.own_dipl || []).length}`),
  ];
  const kind = seatInfo.kind === "bot" ? `bot${seatInfo.bot ? ` (${seatInfo.bot})` : ""}` : "human";
  return el("section", {
    class: `pboard${decider ? " deciding" : ""}${seat === msg.seat ? " mine" : ""}`,
    style: `--pc:${playerColor(p.color)}`, "data-seat": seat,
  },
  el("header", {},
    el("span", { class: "swatch" }),
    el("b", {}, `Seat ${seat + 1}: ${leader.leader || pretty(p.leader)}`),
    el("span", { class: "civ", title: `${leader.ability || ""}: ${leader.text || ""}`, tabindex: 0,
      onclick: () => info(`${leader.leader} of ${leader.civ}: ${leader.ability || ""}`, leader.text || "") },
    ` ${leader.civ || ""} (i)`),
    el("span", { class: "kind" }, ` · ${kind}${seatInfo.connected ? " · online" : ""}`),
    decider ? el("span", { class: "turn-badge" }, "deciding") : "",
    v.winner === seat ? el("span", { class: "turn-badge win" }, "winner") : ""),
  row, el("div", { class: "pdetails" }, rows));
}

export function sharedBoard(msg, content, info) {
  const v = msg.view;
  const rs = content.ruleset || {};
  const dial = rs.event_dial || [];
  const pos = v.event_pos || 0;
  const dialEl = el("ol", { class: "event-dial" }, dial.map((icons, i) => el("li", {
    class: i === pos % Math.max(dial.length, 1) ? "current" : "",
    title: icons.map((x) => EVENT_ICON[x] || x).join(" + "),
  }, icons.map((x) => EVENT_ICON[x] || x).join(" + "))));

  const decks = Object.entries(v.wonder_decks || {}).map(([type, d]) => {
    const w = d.top ? (content.wonders || {})[d.top] || {} : null;
    const token = d.top && (v.wonder_tokens || []).includes(d.top);
    return el("li", {}, el("b", {}, `${pretty(type)}: `),
      w ? chip("wonder", w.name, `${w.name} (${w.era}, cost ${w.cost}, ${(w.resources || []).join("/")}): ${w.text}`, info) : "empty",
      token ? el("span", { class: "trade", title: "a trade token from the event dial lies on it" }, " ●") : "",
      el("span", { class: "hint" }, ` (${d.size} in deck)`));
  });

  const agendas = {};
  for (const vc of Object.values(content.victory_cards || {})) for (const a of vc.agendas || []) agendas[a.id] = a;
  const vcs = (v.victory_cards || []).map((id) => {
    const vc = (content.victory_cards || {})[id] || { agendas: [] };
    return el("li", { class: "victory-card" }, vc.agendas.map((a) => {
      const seats = (v.claims || {})[a.id] || [];
      return el("div", { class: "agenda", title: a.text },
        el("span", { class: "aname" }, a.name), " ",
        seats.map((s) => el("span", {
          class: "claim", style: `background:${playerColor(v.players[s] && v.players[s].color)}`,
          title: `claimed by seat ${s + 1}`,
        }, String(s + 1))), el("div", { class: "hint" }, a.text));
    }));
  });

  const css = Object.entries(content.city_states || {}).filter(([id]) =>
    Object.values(v.cs_at || {}).includes(id) || id in (v.cs_conquered || {}) || id in (v.cs_cards || {}))
    .map(([id, d]) => {
      const conq = (v.cs_conquered || {})[id];
      const cards = (v.cs_cards || {})[id];
      return el("li", { title: d.text }, el("b", {}, d.name), ` (${d.type})`,
        conq !== undefined ? ` conquered by seat ${conq + 1}` : "",
        cards !== undefined ? ` · ${cards} diplomacy card(s) face up` : "");
    });

  const perSeat = v.players.map((p, i) => {
    let n = 0;
    for (const seats of Object.values(v.claims || {})) if (seats.includes(i)) n += 1;
    return el("span", { class: "chip", style: `border-color:${playerColor(p.color)}` }, `seat ${i + 1}: ${n}`);
  });
  return el("section", { class: "shared" },
    el("div", {}, el("b", {}, `Round ${v.round}`), ` · first player: seat ${v.first + 1} · map tiles left: ${v.stack_size}`),
    el("h4", {}, "Event dial"), dialEl,
    el("h4", {}, "Wonder decks"), el("ul", { class: "decks" }, decks,
      (v.gone_wonders || []).length ? el("li", { class: "hint" }, `removed by the dial: ${v.gone_wonders.map((w) => nameOf(content.wonders, w)).join(", ")}`) : ""),
    el("h4", {}, "Victory cards"), el("div", { class: "hint" }, "agendas claimed: ", perSeat),
    el("ul", { class: "victory" }, vcs),
    css.length ? [el("h4", {}, "City-states"), el("ul", { class: "cs-list" }, css)] : "");
}
