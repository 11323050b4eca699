// The table: one game seen by one seat (or every human seat in hot-seat play, or a spectator),
// kept current over a WebSocket; decisions are taken by clicking highlighted map targets or buttons.
import { el, getJSON, loadContent, playerColor, postJSON, pretty } from "./common.js";
import { playerBoard, sharedBoard } from "./boards.js";
import { HexMap, rotate, targetOf } from "./map.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const gameId = params.get("game");
const hotseat = params.get("hotseat");
const token = params.get("token") || hotseat || "";
const replayMode = params.has("replay");

const S = {
  msg: null, content: null, log: new Map(), busy: false, selected: null, preview: null,
  targets: new Map(), arrows: new Map(), buttons: [], whyCache: new Map(), hoverKey: null,
  ws: null, wsRetry: 0, replayStep: 0, replaySteps: 0, playing: null,
};

const map = new HexMap($("map"), { click: onHexClick, hover: onHexHover, leave: hideTooltip });

function q(path, extra) {
  const u = new URLSearchParams(extra || {});
  if (token) u.set("token", token);
  const s = u.toString();
  return `/api/games/${encodeURIComponent(gameId)}${path}${s ? `?${s}` : ""}`;
}

function seatLabel(seat) {
  if (!S.msg || seat === undefined || seat < 0) return "nobody";
  const p = S.msg.view.players[seat];
  const lead = p && S.content && S.content.leaders[p.leader];
  return `Seat ${seat + 1} (${lead ? lead.leader : pretty(p && p.leader)})`;
}

/** Engine texts number seats from 0 ("seat 1 takes..."): name them as the table does. */
function seatsInText(text) {
  if (!text || !S.msg) return text;
  const c = S.content || {};
  const names = (tbl, id) => (tbl && tbl[id] && tbl[id].name) || null;
  return String(text).replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*\b/g, (w) =>
    names(c.focus_cards, w) || names(c.wonders, w) || names(c.city_states, w) || names(c.natural_wonders, w)
    || names(S.govs, w) || w).replace(/\b([Aa]rmy|[Cc]aravan) (\d+)\b/g, (_all, w, n) => `${w} ${Number(n) + 1}`)
    .replace(/\b([Ss])eat (\d+)/g, (all, s, n) => {
    const p = S.msg.view.players[Number(n)];
    if (!p) return all;
    const lead = S.content && S.content.leaders[p.leader];
    return `${lead ? lead.leader : pretty(p.leader)} (${s}eat ${Number(n) + 1})`;
  });
}

function seatLabelIn(msg, seat) {
  const p = seat >= 0 && msg.view.players[seat];
  const lead = p && S.content && S.content.leaders[p.leader];
  return p ? `Seat ${seat + 1} (${lead ? lead.leader : pretty(p.leader)})` : "game";
}

function showError(text) {
  $("error").textContent = text || "";
}

function info(title, text) {
  const box = $("info");
  box.hidden = false;
  box.replaceChildren(el("button", { type: "button", class: "close small", onclick: () => { box.hidden = true; } }, "×"),
    el("b", {}, title), el("p", {}, text));
}

// ---------------------------------------------------------------- receiving views

function accept(msg) {
  if (!msg || msg.type !== "view") return;
  if (!replayMode && S.msg && msg.version < S.msg.version) return;
  if (replayMode) S.log.clear();
  for (const e of msg.log || []) S.log.set(e.n, e);
  // After an undo the log may hold entries past the version now shown.
  const upto = msg.view.version; // the number of actions applied (the server's version also counts undos)
  for (const n of [...S.log.keys()]) if (n > upto) S.log.delete(n);
  S.lastUpdate = Date.now();
  if (!replayMode && S.msg && msg.version === S.msg.version
      && JSON.stringify(msg.seats) === JSON.stringify(S.msg.seats)) return; // nothing new
  const changed = !S.msg || S.msg.version !== msg.version;
  S.msg = msg;
  if (changed) { S.selected = null; S.preview = null; S.whyCache.clear(); hideMenu(); }
  render();
}

function computeTargets() {
  const d = S.msg.decision || { options: [] };
  S.targets = new Map();
  S.arrows = new Map();
  S.buttons = [];
  const players = S.msg.view.players;
  const spaces = new Map(S.msg.board.spaces.map((s) => [s.id, `${s.q},${s.r}`]));
  for (const opt of d.options || []) {
    const t = targetOf(opt);
    if (t && t.dst) {
      if (!S.arrows.has(t.src)) S.arrows.set(t.src, []);
      S.arrows.get(t.src).push({ opt, ...t });
      continue;
    }
    if (t) {
      if (!S.targets.has(t.key)) S.targets.set(t.key, []);
      S.targets.get(t.key).push({ opt, ...t });
      continue;
    }
    S.buttons.push(opt);
    // A piece chosen by number ("army 0") is also a target where it stands.
    const m = /^(army|caravan) (\d+)$/.exec(opt);
    if (m && d.seat >= 0) {
      const sid = (players[d.seat][`${m[1]}s`] || [])[Number(m[2])];
      const key = spaces.get(sid);
      if (key) {
        if (!S.targets.has(key)) S.targets.set(key, []);
        S.targets.get(key).push({ opt, verb: m[1], label: `${m[1]} ${m[2]}`, key });
      }
    }
  }
}

function mapTargets() {
  if (S.arrows.size) {
    if (S.selected && S.arrows.has(S.selected)) {
      const m = new Map();
      for (const a of S.arrows.get(S.selected)) m.set(a.dst, [{ ...a, key: a.dst }]);
      return m;
    }
    const m = new Map(S.targets);
    for (const [src, list] of S.arrows) m.set(src, m.get(src) || list);
    return m;
  }
  return S.targets;
}

function drawMap() {
  map.render(S.msg, S.content, mapTargets(), S.selected, S.preview);
  map.markCombat(S.msg.combat ? S.msg.board.spaces.find((x) => x.id === S.msg.combat.space) : null);
  // Ring the spaces named by the last action, so that others' moves are easy to follow.
  const last = S.log.get(S.msg.view.version);
  map.markLast(last ? [...last.action.matchAll(/(-?\d+),(-?\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]) : []);
}

function render() {
  const msg = S.msg;
  if (!msg || !S.content) return;
  computeTargets();
  drawMap();
  rememberSeat(msg);
  renderWho();
  renderDecision();
  renderCombat();
  $("boards").replaceChildren(...msg.view.players.map((_p, i) => playerBoard(msg, S.content, i, info)));
  $("shared").replaceChildren(sharedBoard(msg, S.content, info));
  renderLog();
  $("undo").hidden = replayMode || !token || msg.can_undo === false;
  document.body.dataset.version = String(replayMode ? (msg.step ?? msg.view.version) : msg.version);
  document.body.dataset.actions = String(msg.view.version);
  const mineNow = !!(msg.decision && (msg.decision.options || []).length);
  document.title = `${mineNow ? "● Your move · " : ""}newdawn · ${gameId}`;
  if (hotseat && mineNow && S.lastDecider !== undefined && S.lastDecider !== msg.decision.seat) {
    info("Hot seat", `${seatLabel(msg.decision.seat)} decides now: pass the screen.`);
  }
  S.lastDecider = mineNow ? msg.decision.seat : S.lastDecider;
  document.body.dataset.decisionSeat = String(msg.decision ? msg.decision.seat : -1);
  document.body.dataset.mine = String(!!(msg.decision && (msg.decision.options || []).length));
}

/** Remember this seat's link in this browser, so that the lobby offers to resume it. */
function rememberSeat(msg) {
  if (!token || replayMode || S.remembered) return;
  S.remembered = true;
  try {
    const all = JSON.parse(localStorage.getItem("newdawn.seats") || "{}");
    const g = all[gameId] || { seats: [] };
    const url = `${location.pathname}${location.search}`;
    if (hotseat) g.hotseat_url = url;
    else if (!g.seats.some((s) => s.url === url)) g.seats.push({ seat: msg.seat, kind: "human", url });
    all[gameId] = g;
    localStorage.setItem("newdawn.seats", JSON.stringify(all));
  } catch (_e) {
    // private browsing: nothing remembered
  }
}

function renderWho() {
  const msg = S.msg;
  let who;
  if (replayMode) who = `Replay of game ${gameId}`;
  else if (hotseat) who = `Hot seat · game ${gameId}`;
  else if (msg.seat >= 0) {
    const p = msg.view.players[msg.seat];
    who = el("span", {}, el("span", { class: "swatch", style: `background:${playerColor(p.color)}` }),
      ` You are ${seatLabel(msg.seat)} · game ${gameId}`);
  } else who = `Spectator · game ${gameId}`;
  const practice = msg.practice_note ? el("span", { class: "practice", title: msg.practice_note }, " · practice game") : "";
  $("who").replaceChildren(who, practice);
}

function actionButton(opt, label) {
  return el("button", {
    type: "button", class: "opt", "data-action": opt, disabled: S.busy,
    onclick: () => send(opt),
  }, label || opt);
}

function optionLabel(opt) {
  const m = /^(\S+)(?: (.*))?$/.exec(opt);
  const verb = m[1]; const arg = m[2] || "";
  const c = S.content;
  const card = (id) => (c.focus_cards[id] ? c.focus_cards[id].name : pretty(id));
  switch (verb) {
    case "focus": {
      const p = S.msg.decision.seat >= 0 ? S.msg.view.players[S.msg.decision.seat] : null;
      const i = p ? p.row.findIndex((id) => c.focus_cards[id] && c.focus_cards[id].type === arg) : -1;
      return i >= 0 ? `${pretty(arg)}: ${card(p.row[i])} (slot ${c.ruleset.row_slots[i]})` : `Resolve ${pretty(arg)}`;
    }
    case "take": return c.focus_cards[arg] ? `Take ${card(arg)}` : `Take ${pretty(arg)}`;
    case "wonder": return `Build ${c.wonders[arg] ? c.wonders[arg].name : pretty(arg)}`;
    case "gov": return `Change government to ${pretty(arg)}`;
    case "keep": return "Keep the government";
    case "done": return "Done";
    case "pass": return "Pass";
    case "skip": return "Skip";
    case "stop": return "Stop here";
    case "explore": return "Explore";
    case "resolve": return arg ? `Resolve ${arg}` : "Resolve";
    case "back": return "Back";
    case "accept": return "Accept (spend no more tokens)";
    case "boost": return "Spend a token: +1";
    case "reroll": return "Spend a token: reroll";
    case "pay": return `Pay with ${pretty(arg)}`;
    case "trade": return arg ? `Trade token on ${pretty(arg)}` : "Trade here";
    case "mode": return pretty(arg);
    case "target": return `Attack the ${pretty(arg.replace(":", " "))}`;
    case "dipl": return `Take ${c.player_diplomacy[arg] ? c.player_diplomacy[arg].name : pretty(arg)}`;
    case "none": return "Take none";
    case "name": return `Name ${pretty(arg)}`;
    case "discard": return `Discard a ${pretty(arg)} token`;
    case "swap": return `Swap ${arg.replace(">", " for ")}`;
    case "army": return `Army ${Number(arg) + 1}`;
    case "caravan": return `Caravan ${Number(arg) + 1}`;
    case "attack": return "Attack";
    default: return opt;
  }
}

function cardTextOf(opt) {
  const [verb, arg] = opt.split(" ");
  const c = S.content;
  if (verb === "focus" && S.msg.decision.seat >= 0) {
    const p = S.msg.view.players[S.msg.decision.seat];
    const slots = (c.ruleset.row_slots || []);
    const i = p.row.findIndex((id) => c.focus_cards[id] && c.focus_cards[id].type === arg);
    if (i >= 0) {
      const fc = c.focus_cards[p.row[i]];
      return `${fc.name} in slot ${slots[i]}: ${fc.text}`;
    }
  }
  if (verb === "take" && c.focus_cards[arg]) return c.focus_cards[arg].text;
  if (verb === "wonder" && c.wonders[arg]) {
    const w = c.wonders[arg];
    return `${w.name}: cost ${w.cost} (${(w.resources || []).join(" or ")}). ${w.text}`;
  }
  return null;
}

function renderDecision() {
  const msg = S.msg;
  const d = msg.decision || { seat: -1, text: "", options: [] };
  const box = $("decision");
  const v = msg.view;
  const parts = [];
  if (v.winner >= 0) {
    parts.push(el("h3", { class: "over" }, `The game is over: ${seatLabel(v.winner)} wins.`));
  } else if (v.winner === -2) {
    parts.push(el("h3", { class: "over" }, "The game is over without a winner."));
  }
  const mine = (d.options || []).length > 0;
  const p = d.seat >= 0 ? v.players[d.seat] : null;
  if (v.winner === -1) {
    parts.push(el("div", { class: "decider", style: p ? `--pc:${playerColor(p.color)}` : "" },
      el("span", { class: "swatch" }),
      mine ? (hotseat ? `${seatLabel(d.seat)}, your decision:` : "Your decision:")
        : `Waiting for ${seatLabel(d.seat)}${(msg.seats || []).find((s) => s.seat === d.seat && s.kind === "bot") ? " (bot)" : ""}:`));
    parts.push(el("p", { class: "dtext", id: "decision-text" }, seatsInText(d.text)));
  }
  if (mine) {
    const nMap = [...S.targets.values()].reduce((a, l) => a + l.length, 0)
      + [...S.arrows.values()].reduce((a, l) => a + l.length, 0);
    if (S.arrows.size) {
      parts.push(el("p", { class: "hint" }, S.selected
        ? `From ${S.selected}: click a highlighted destination (or the source again to cancel).`
        : "Click a highlighted piece, then where it goes."));
    } else if (nMap) {
      parts.push(el("p", { class: "hint" }, `Click one of the ${S.targets.size} highlighted space(s) on the map.`));
    }
    const btns = el("div", { class: "buttons" }, S.buttons.map((o) => {
      const b = actionButton(o, optionLabel(o));
      const t = cardTextOf(o);
      if (t) b.title = t;
      return b;
    }));
    parts.push(btns);
    if (nMap) {
      const all = [];
      for (const l of S.targets.values()) for (const t of l) if (!S.buttons.includes(t.opt)) all.push(t.opt);
      for (const l of S.arrows.values()) for (const t of l) all.push(t.opt);
      parts.push(el("details", { class: "all-options" }, el("summary", {}, `all ${all.length} map options as a list`),
        el("div", { class: "buttons" }, all.map((o) => actionButton(o)))));
    }
  }
  box.replaceChildren(...parts);
}

function renderCombat() {
  const c = S.msg.combat;
  const box = $("combat");
  if (!c) { box.hidden = true; return; }
  box.hidden = false;
  const side = (title, s) => el("div", { class: "cside" },
    el("h4", {}, `${title}: ${s.seat >= 0 ? seatLabel(s.seat) : "barbarian / neutral"}`),
    el("table", {}, el("tbody", {},
      el("tr", {}, el("td", {}, "die"), el("td", { class: "num" }, String(s.die))),
      (s.parts || []).map((p) => el("tr", {}, el("td", {}, p.label), el("td", { class: "num" }, `+${p.value}`))),
      el("tr", {}, el("td", {}, "trade tokens spent"), el("td", { class: "num" }, `+${s.tokens}`)),
      el("tr", { class: "total" }, el("td", {}, "total"), el("td", { class: "num" }, String(s.total))))));
  const [kind, idx] = String(c.target).split(":");
  const what = { ctl: "a control token", city: "a city", barb: "a barbarian", cs: "a city-state",
    fort: "a fort", army: "an army", caravan: "a caravan" }[kind] || pretty(kind);
  const sp = S.msg.board.spaces.find((x) => x.id === c.space);
  box.replaceChildren(el("h3", {}, `Combat: attacking ${what}${kind === "barb" && idx ? ` (${idx})` : ""}${sp ? ` at ${sp.q},${sp.r}` : ""}`),
    el("div", { class: "csides" }, side("Attacker", c.attacker), side("Defender", c.defender)),
    el("p", { class: "hint" }, `${c.ties || "the defender wins ties"}${c.stage ? ` · stage: ${pretty(c.stage)}` : ""}`));
}

function renderLog() {
  const ol = $("log");
  const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 30;
  const entries = [...S.log.values()].sort((a, b) => a.n - b.n);
  ol.replaceChildren(...entries.map((e) => {
    const p = e.seat >= 0 && S.msg.view.players[e.seat];
    return el("li", { "data-n": e.n, style: p ? `--pc:${playerColor(p.color)}` : "" },
      el("a", { class: "n", href: `/table.html?game=${encodeURIComponent(gameId)}&replay=${e.n}`,
        title: "replay the game from this step", target: replayMode ? null : "_blank" }, `${e.n}`), " ",
      el("span", { class: "lseat" }, e.seat >= 0 ? seatLabel(e.seat) : "game"), ": ",
      el("code", {}, e.action),
      (e.events || []).length ? el("ul", { class: "events" }, e.events.map((x) => el("li", {}, seatsInText(x)))) : "");
  }));
  if (atEnd) ol.scrollTop = ol.scrollHeight;
}

// ---------------------------------------------------------------- the map's clicks and hovers

function tilePreview(t) {
  // "tile A3 q,r": side A, rotation 3, translated to q,r.
  const f = (S.msg.view.stack_frames || []).slice(-1)[0] || {};
  let tileNo = f.tile;
  if (tileNo === undefined) {
    const m = /tile (\d+)/.exec(S.msg.decision.text || "");
    tileNo = m ? Number(m[1]) : undefined;
  }
  const def = tileNo !== undefined && S.content.tiles[String(tileNo)];
  const m = /^([AB])(\d)$/.exec(t.label);
  if (!def || !m) return null;
  const [tq, tr] = t.key.split(",").map(Number);
  return (def.sides[m[1]] || []).map((s) => {
    const [q, r] = rotate(s.q, s.r, Number(m[2]));
    return { q: q + tq, r: r + tr, terrain: s.terrain };
  });
}

function setPreview(cells) {
  S.preview = cells;
  drawMap();
}

function onHexClick(key, ev) {
  if (!S.msg || S.busy) return;
  hideTooltip();
  if (S.arrows.size && !S.targets.has(key)) {
    if (S.selected && S.arrows.has(S.selected)) {
      const hit = S.arrows.get(S.selected).find((a) => a.dst === key);
      if (hit) { send(hit.opt); return; }
    }
    S.selected = S.arrows.has(key) && S.selected !== key ? key : null;
    render();
    return;
  }
  const opts = mapTargets().get(key);
  if (!opts || !opts.length) {
    explainAt(key, true);
    return;
  }
  if (opts.length === 1) { send(opts[0].opt); return; }
  showMenu(key, opts, ev);
}

function showMenu(key, opts, ev) {
  const menu = $("menu");
  const pane = $("map-pane").getBoundingClientRect();
  menu.replaceChildren(el("div", { class: "mtitle" }, `Space ${key}`), ...opts.map((t) => {
    const tile = t.verb === "tile";
    const label = tile ? `side ${t.label[0]}, turned ${Number(t.label.slice(1)) * 60}°` : (t.label ? pretty(t.label) : optionLabel(t.opt));
    return el("button", {
      type: "button", class: "opt", "data-action": t.opt,
      onmouseenter: () => { if (tile) setPreview(tilePreview(t)); },
      onfocus: () => { if (tile) setPreview(tilePreview(t)); },
      onclick: () => { hideMenu(); send(t.opt); },
    }, label);
  }), el("button", { type: "button", class: "small", onclick: () => { hideMenu(); setPreview(null); } }, "cancel"));
  menu.hidden = false;
  const x = (ev && ev.clientX) || map.screenOf(key).x;
  const y = (ev && ev.clientY) || map.screenOf(key).y;
  menu.style.left = `${Math.min(x - pane.left + 10, pane.width - 200)}px`;
  menu.style.top = `${Math.min(y - pane.top + 10, pane.height - 40)}px`;
}

function hideMenu() {
  $("menu").hidden = true;
}

function spaceFacts(key) {
  const msg = S.msg;
  const s = msg.board.spaces.find((x) => `${x.q},${x.r}` === key);
  if (!s) return [`${key}: off the map`];
  const v = msg.view;
  const id = String(s.id);
  const diff = (S.content.terrain_difficulty || {})[s.terrain];
  const out = [`${pretty(s.terrain)}${s.fort ? " (fort)" : ""} · difficulty ${diff ?? "?"} · ${key}`];
  if (id in (v.cities || {})) out.push(`${(v.capitals || []).includes(s.id) ? "capital" : "city"} of ${seatLabel(Number(v.cities[id]))}`);
  if (id in (v.ctl || {})) {
    const dist = (v.district || {})[id];
    out.push(`${dist ? `${pretty(dist)} district` : "control token"} of ${seatLabel(Number(v.ctl[id]))}${(v.reinforced || []).includes(s.id) ? ", reinforced" : ""}`);
  }
  if (id in (v.cs_at || {})) out.push(`city-state ${pretty(v.cs_at[id])}`);
  if (id in (v.tokens || {})) out.push(`token: ${pretty(String(v.tokens[id]).replace("nw:", "natural wonder "))}`);
  if (id in (v.wonder_at || {})) out.push(`wonder ${pretty(v.wonder_at[id])}`);
  for (const [l, sid] of Object.entries(v.barbs || {})) if (String(sid) === id) out.push(`barbarian ${l}`);
  v.players.forEach((p, seat) => {
    const a = (p.armies || []).filter((x) => String(x) === id).length;
    const c = (p.caravans || []).filter((x) => String(x) === id).length;
    if (a) out.push(`${a} army of ${seatLabel(seat)}`);
    if (c) out.push(`${c} caravan of ${seatLabel(seat)}`);
  });
  return out;
}

function tooltip(lines, ev) {
  const tip = $("tooltip");
  const pane = $("map-pane").getBoundingClientRect();
  tip.replaceChildren(...lines.map((l) => (l instanceof Node ? l : el("div", {}, l))));
  tip.hidden = false;
  if (ev) {
    tip.style.left = `${Math.min(ev.clientX - pane.left + 14, pane.width - 260)}px`;
    tip.style.top = `${Math.min(ev.clientY - pane.top + 14, pane.height - 80)}px`;
  }
}

function hideTooltip() {
  $("tooltip").hidden = true;
  S.hoverKey = null;
}

/** The action a click on `key` would have meant, for asking the engine why it is not legal. */
function probeAction(key) {
  if (S.arrows.size) {
    if (!S.selected) return null;
    const a = S.arrows.get(S.selected)[0];
    return `${a.verb} ${a.label ? `${a.label} ` : ""}${S.selected}>${key}`;
  }
  const counts = new Map();
  for (const l of S.targets.values()) {
    for (const t of l) {
      if (t.verb === "army" || t.verb === "caravan" || t.verb === "tile") continue;
      const k = `${t.verb}${t.label ? ` ${t.label}` : ""}`;
      counts.set(k, (counts.get(k) || 0) + 1);
    }
  }
  if (!counts.size) return null;
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  return `${best} ${key}`;
}

async function explainAt(key, toInfo, ev) {
  const facts = spaceFacts(key);
  const action = S.msg && (S.msg.decision.options || []).length ? probeAction(key) : null;
  if (!action) {
    if (toInfo) info(`Space ${key}`, facts.join(" · "));
    return;
  }
  const ck = `${S.msg.version}|${action}`;
  let reason = S.whyCache.get(ck);
  if (reason === undefined) {
    try {
      const r = await getJSON(q("/why", { action }));
      reason = r.legal ? null : r.reason || "not legal";
    } catch (e) {
      reason = e.message;
    }
    S.whyCache.set(ck, reason);
  }
  const why = reason ? `Not legal (${action}): ${seatsInText(reason)}` : `${action} is legal`;
  if (toInfo) info(`Space ${key}`, `${facts.join(" · ")}. ${why}`);
  else if (S.hoverKey === key) tooltip([...facts, el("div", { class: "why" }, why)], ev);
}

function onHexHover(key, ev) {
  if (!S.msg) return;
  const moved = S.hoverKey !== key;
  S.hoverKey = key;
  const opts = mapTargets().get(key);
  if (opts && opts.length) {
    tooltip([...spaceFacts(key), el("div", { class: "legal" }, `click: ${opts.map((o) => o.opt).join(" | ")}`)], ev);
    if (moved && opts[0].verb === "tile") setPreview(tilePreview(opts[0]));
    return;
  }
  if (moved && S.preview && $("menu").hidden) setPreview(null);
  tooltip(spaceFacts(key), ev);
  if (moved) explainAt(key, false, ev);
}

// ---------------------------------------------------------------- acting

async function send(action) {
  if (S.busy || !S.msg) return;
  S.busy = true;
  showError("");
  document.body.classList.add("busy");
  try {
    await postJSON(q("/actions"), { token, version: S.msg.version, action });
    await refresh();
  } catch (e) {
    showError(e.status === 409 ? `The game moved on meanwhile; here is the new state. (${e.message})` : seatsInText(e.message));
    await refresh();
  } finally {
    S.busy = false;
    document.body.classList.remove("busy");
    render();
  }
}

async function undo() {
  if (S.busy || !S.msg) return;
  showError("");
  try {
    await postJSON(q("/undo"), { token, version: S.msg.version });
    await refresh();
  } catch (e) {
    showError(`Cannot undo: ${e.message}`);
  }
}

async function refresh() {
  try {
    const msg = await getJSON(q("/state"));
    accept(msg);
  } catch (e) {
    showError(e.message);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const url = `${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  let ws;
  try { ws = new WebSocket(url); } catch (_e) { setTimeout(connect, 2000); return; }
  S.ws = ws;
  ws.onopen = () => { S.wsRetry = 0; $("conn").textContent = "live"; $("conn").className = "conn live"; };
  ws.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch (_e) { return; }
    if (m.type === "view") accept(m); else if (m.type === "error") showError(m.error);
  };
  ws.onclose = () => {
    $("conn").textContent = "offline: reconnecting…";
    $("conn").className = "conn off";
    S.wsRetry = Math.min(S.wsRetry + 1, 5);
    setTimeout(() => { connect(); refresh(); }, 500 * S.wsRetry);
  };
}

// ---------------------------------------------------------------- replay

async function loadStep(n) {
  const step = Math.max(0, Math.min(n, S.replaySteps || n));
  try {
    const res = await getJSON(`/api/games/${encodeURIComponent(gameId)}/replay?step=${step}`);
    S.replaySteps = res.steps ?? S.replaySteps;
    S.replayStep = step;
    $("rp-step").max = String(S.replaySteps);
    $("rp-step").value = String(step);
    const e = (res.log || []).find((x) => x.n === step);
    $("rp-label").textContent = `step ${step} of ${S.replaySteps}${e && e.n > 0 ? ` · ${seatLabelIn(res, e.seat)}: ${e.action}` : ""}`;
    const u = new URL(location.href);
    u.searchParams.set("replay", String(step));
    history.replaceState(null, "", u);
    accept(res);
  } catch (e) {
    showError(e.message);
  }
}

function setupReplay() {
  $("replay-bar").hidden = false;
  $("conn").textContent = "replay";
  $("replay-link").textContent = "Live table";
  $("replay-link").href = `/table.html?game=${encodeURIComponent(gameId)}`;
  $("rp-first").onclick = () => loadStep(0);
  $("rp-prev").onclick = () => loadStep(S.replayStep - 1);
  $("rp-next").onclick = () => loadStep(S.replayStep + 1);
  $("rp-last").onclick = () => loadStep(S.replaySteps);
  $("rp-step").oninput = (ev) => loadStep(Number(ev.target.value));
  $("rp-play").onclick = () => {
    if (S.playing) { clearInterval(S.playing); S.playing = null; $("rp-play").textContent = "play"; return; }
    $("rp-play").textContent = "pause";
    S.playing = setInterval(() => {
      if (S.replayStep >= S.replaySteps) { clearInterval(S.playing); S.playing = null; $("rp-play").textContent = "play"; return; }
      loadStep(S.replayStep + 1);
    }, 700);
  };
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") loadStep(S.replayStep + 1);
    if (ev.key === "ArrowLeft") loadStep(S.replayStep - 1);
  });
}

// ---------------------------------------------------------------- start

async function main() {
  if (!gameId) {
    showError("No game given: open a game from the lobby.");
    return;
  }
  if (params.get("invite")) {
    // An invite link: claim its seat once, then continue at the seat's own (secret) link.
    try {
      const res = await postJSON(`/api/games/${encodeURIComponent(gameId)}/claim`, { invite: params.get("invite") });
      location.replace(res.url);
    } catch (e) {
      showError(`Could not take this seat: ${e.message}`);
    }
    return;
  }
  $("zoom-in").onclick = () => { map.userMoved = true; map.zoomAt(0.8); };
  $("zoom-out").onclick = () => { map.userMoved = true; map.zoomAt(1.25); };
  $("zoom-fit").onclick = () => { map.userMoved = false; map.fit(); };
  $("undo").onclick = undo;
  $("replay-link").href = `/table.html?game=${encodeURIComponent(gameId)}&replay=0`;
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { hideMenu(); S.selected = null; setPreview(null); } });
  window.addEventListener("resize", () => { if (!map.userMoved) map.fit(); });
  try {
    S.content = await loadContent();
    S.govs = Object.fromEntries(((S.content.ruleset || {}).governments || []).map((g) => [g.id, g]));
  } catch (e) {
    showError(`Could not load the game content: ${e.message}`);
    return;
  }
  if (replayMode) {
    setupReplay();
    const n = Number(params.get("replay"));
    await loadStep(Number.isFinite(n) ? n : 0);
    return;
  }
  await refresh();
  connect();
  // A safety net under the WebSocket: while others decide, look again now and then.
  setInterval(() => {
    const open = S.ws && S.ws.readyState === WebSocket.OPEN;
    const waiting = S.msg && !(S.msg.decision.options || []).length && S.msg.view.winner === -1;
    if (!S.busy && (!open || (waiting && Date.now() - S.lastUpdate > 4000))) refresh();
  }, 2000);
}

main();
