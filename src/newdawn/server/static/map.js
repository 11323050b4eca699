// The SVG hex map as Preact components: terrain (drawn again only when the board changes),
// tokens, pieces (keyed, so that a moving army slides to its new space), the legal targets of the
// pending decision, the spaces touched since the viewer's last decision, zoom and pan.
import { playerColor } from "./common.js";
import { html, pure, useEffect, useLayoutEffect, useRef } from "./ui.js";

export const HEX = 30;
const SQ3 = Math.sqrt(3);

/** Terrain colour (the legend also draws each terrain's symbol, with its name from the server). */
export const TERRAIN = {
  grassland: { fill: "#9fd067" },
  hills: { fill: "#b9915a" },
  forest: { fill: "#3c8a3a" },
  desert: { fill: "#f5e6b3" },
  mountain: { fill: "#8f8a86" },
  water: { fill: "#6fb1e8" },
  natural_wonder: { fill: "#b68ad6" },
};
export const RESOURCE = {
  marble: { fill: "#f4f1ea", text: "M", ink: "#333" }, mercury: { fill: "#b8c4cc", text: "Hg", ink: "#222" },
  oil: { fill: "#5b4636", text: "Oil", ink: "#fff" }, diamond: { fill: "#7fe3f0", text: "◇", ink: "#034" },
};
/** District symbols: no letter, so that no two kinds of piece share a mark (barbarians have letters). */
export const DISTRICT_MARK = {
  campus: "⚗", commercial_hub: "$", encampment: "⚔", industrial_zone: "⚙", theater_square: "♫",
};
export const FOCUS_COLOR = {
  culture: "#8e5bc9", science: "#2f7fd1", economy: "#d4a800", industry: "#a0522d",
  military: "#c8102e", growth: "#2e9e4f",
};

/** The map's words from a server that sent none: pieces and legend lines stay unnamed. */
const NO_MAP_WORDS = { terrain: {}, difficulty: {}, pieces: {}, city_state_marks: {} };
const NO_TITLES = {};

const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const EDGE_CORNERS = [[0, 1], [5, 0], [4, 5], [3, 4], [2, 3], [1, 2]];
// Where small pieces (armies, caravans, barbarians) stand inside a hex, as fractions of HEX:
// all well inside the hex's inner circle, so it is always clear which space a piece is on.
const UNIT_SLOTS = [[-0.42, 0.36], [0.42, 0.36], [0, 0.58], [-0.42, -0.36], [0, -0.58], [0.42, -0.36]];

export function pix(q, r) {
  return [HEX * SQ3 * (q + r / 2), HEX * 1.5 * r];
}

export function hexPoints(cx, cy, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function keyXY(key) {
  const [q, r] = key.split(",").map(Number);
  return pix(q, r);
}

/** The symbol of a terrain, drawn small in the lower part of a hex at (x, y). */
export function TerrainSymbol({ terrain, x, y }) {
  const c = `terrain-sym s-${terrain}`;
  switch (terrain) {
    case "grassland":
      return html`<path class=${c} d=${`M${x - 8},${y + 15} l2,-5 l2,5 M${x + 2},${y + 15} l2,-5 l2,5`} />`;
    case "hills":
      return html`<path class=${c} d=${`M${x - 12},${y + 16} q6,-9 12,0 q6,-9 12,0`} />`;
    case "forest":
      return html`<path class=${c} d=${`M${x - 4},${y + 17} l4,-10 l4,10 z M${x},${y + 17} v3`} />`;
    case "desert":
      return html`<g class=${c}><circle cx=${x - 7} cy=${y + 15} r="1.4" /><circle cx=${x} cy=${y + 12} r="1.4" />
        <circle cx=${x + 7} cy=${y + 15} r="1.4" /><circle cx=${x - 3} cy=${y + 18} r="1.4" /><circle cx=${x + 4} cy=${y + 18} r="1.4" /></g>`;
    case "mountain":
      return html`<path class=${c} d=${`M${x - 10},${y + 18} l6,-11 l4,6 l3,-4 l7,9 z`} />`;
    case "water":
      return html`<path class=${c} d=${`M${x - 10},${y + 14} q5,-4 10,0 t10,0`} />`;
    default:
      return null;
  }
}

/** Terrain, natural-wonder names and tile borders: drawn again only when the board changes. */
const Terrain = pure(({ board }) => {
  const spaces = board.spaces;
  const tileAt = new Map(spaces.map((s) => [`${s.q},${s.r}`, s.tile]));
  const borders = [];
  for (const s of spaces) {
    const [x, y] = pix(s.q, s.r);
    DIRS.forEach(([dq, dr], d) => {
      const other = tileAt.get(`${s.q + dq},${s.r + dr}`);
      if (other === s.tile && s.tile !== 0) return;
      const [i, j] = EDGE_CORNERS[d];
      const a = (Math.PI / 180) * (60 * i - 30);
      const b = (Math.PI / 180) * (60 * j - 30);
      borders.push(`M${(x + HEX * Math.cos(a)).toFixed(1)},${(y + HEX * Math.sin(a)).toFixed(1)}L${(x + HEX * Math.cos(b)).toFixed(1)},${(y + HEX * Math.sin(b)).toFixed(1)}`);
    });
  }
  return html`<g class="hexes">
    ${spaces.map((s) => {
      const [x, y] = pix(s.q, s.r);
      return html`<g key=${s.id} class=${`space t-${s.terrain}`} data-key=${`${s.q},${s.r}`} data-id=${s.id}>
        <polygon points=${hexPoints(x, y, HEX - 0.5)} fill=${(TERRAIN[s.terrain] || {}).fill || "#ccc"} />
        ${s.fort ? html`<polygon points=${hexPoints(x, y, HEX * 0.8)} class="fort-ring" />` : null}
        ${s.terrain === "water" && s.water_token ? null : html`<${TerrainSymbol} terrain=${s.terrain} x=${x} y=${y} />`}
      </g>`;
    })}
    <path d=${borders.join("")} class="tile-border" />
  </g>`;
});

/** Natural-wonder names, above the pieces (outlined, so they read over a token); the lines are
 * the server's (the board's `nw_labels`, describe/table.py). */
const NwLabels = pure(({ board }) => html`<g class="nw-labels">${board.spaces.filter((s) => (board.nw_labels || {})[s.id]).map((s) => {
  const [x, y] = pix(s.q, s.r);
  const nw = board.nw_labels[s.id];
  return html`<text key=${s.id} x=${x} y=${y + HEX * (nw.lines.length > 1 ? 0.4 : 0.55)} class="nw-label"><title>${nw.name}</title>
    ${nw.lines.map((l, i) => html`<tspan key=${i} x=${x} dy=${i ? 9 : 0}>${l}</tspan>`)}</text>`;
})}</g>`);

/** Resource, natural-wonder and wonder tokens, control tokens, districts, cities, city-states;
 * each titled with its line from the server (`titles`: describe/table.py's `space_words`). */
const Fixed = pure(({ tokens, wonderAt, csAt, ctl, district, cities, reinforcedList, capitalList, byId, content, players, titles, csMarks }) => {
  const view = { tokens, wonder_at: wonderAt, cs_at: csAt, ctl, district, cities };
  const out = [];
  const color = (seat) => playerColor(players[seat] && players[seat].color);
  const capitals = new Set((capitalList || []).map(Number));
  const reinforced = new Set((reinforcedList || []).map(Number));
  const xy = (sid) => { const s = byId.get(Number(sid)); return s ? pix(s.q, s.r) : null; };
  for (const [sid, tok] of Object.entries(view.tokens || {})) {
    const p = xy(sid); if (!p) continue;
    const cx = p[0] + HEX * 0.45; const cy = p[1] - HEX * 0.4;
    if (tok.startsWith("nw:")) {
      out.push(html`<g key=${`t${sid}`} class="nw-token"><title>${titles[`t${sid}`]}</title>
        <circle cx=${cx} cy=${cy} r="7" /><text x=${cx} y=${cy + 3.5}>★</text></g>`);
    } else {
      const R = RESOURCE[tok] || { fill: "#fff", text: "?", ink: "#000" };
      out.push(html`<g key=${`t${sid}`} class="resource"><title>${titles[`t${sid}`]}</title>
        <rect x=${cx - 8} y=${cy - 6} width="16" height="12" rx="3" fill=${R.fill} />
        <text x=${cx} y=${cy + 3.5} fill=${R.ink}>${R.text}</text></g>`);
    }
  }
  for (const [sid, w] of Object.entries(view.wonder_at || {})) {
    const p = xy(sid); if (!p) continue;
    const cx = p[0] - HEX * 0.45; const cy = p[1] - HEX * 0.4;
    out.push(html`<g key=${`w${sid}`} class="wonder-token"><title>${titles[`w${sid}`]}</title>
      <polygon points=${hexPoints(cx, cy, 8)} fill="#ffd54a" /><text x=${cx} y=${cy + 3.5}>W</text></g>`);
  }
  for (const [sid, cs] of Object.entries(view.cs_at || {})) {
    const p = xy(sid); if (!p) continue;
    const def = (content.city_states || {})[cs] || {};
    const d = HEX * 0.5; const [x, y] = p;
    out.push(html`<g key=${`cs${sid}`} class="city-state"><title>${titles[`cs${sid}`]}</title>
      <polygon points=${`${x},${y - d} ${x + d},${y} ${x},${y + d} ${x - d},${y}`} fill=${FOCUS_COLOR[def.type] || "#777"} />
      <text x=${x} y=${y + 3.5}>${csMarks[cs] || ""}</text></g>`);
  }
  for (const [sid, seat] of Object.entries(view.ctl || {})) {
    const p = xy(sid); if (!p) continue;
    const [x, y] = p;
    const dist = (view.district || {})[sid];
    const re = reinforced.has(Number(sid));
    out.push(html`<g key=${`c${sid}`} class=${`control${re ? " reinforced" : ""}${dist ? " district" : ""}`} data-seat=${seat}>
      <title>${titles[`c${sid}`]}</title>
      <polygon points=${hexPoints(x, y, HEX * 0.52)} fill=${color(seat)} />
      ${re ? html`<polygon points=${hexPoints(x, y, HEX * 0.36)} class="re-ring" />` : null}
      ${dist ? html`<text x=${x} y=${y + 4.5} class="dmark">${DISTRICT_MARK[dist] || "?"}</text>` : null}</g>`);
  }
  for (const [sid, seat] of Object.entries(view.cities || {})) {
    const p = xy(sid); if (!p) continue;
    const [x, y] = p;
    const cap = capitals.has(Number(sid));
    const d = HEX * (cap ? 0.46 : 0.38);
    out.push(html`<g key=${`ci${sid}`} class=${`city${cap ? " capital" : ""}`} data-seat=${seat}>
      <title>${titles[`ci${sid}`]}</title>
      <path d=${`M${x - d},${y + d * 0.75} v${-d * 1.1} l${d * 0.5},${-d * 0.5} l${d * 0.5},${d * 0.5} l${d * 0.5},${-d * 0.5} l${d * 0.5},${d * 0.5} v${d * 1.1} z`} fill=${color(seat)} />
      ${cap ? html`<text x=${x} y=${y + 6}>★</text>` : null}</g>`);
  }
  return html`<g class="fixed">${out}</g>`;
});

/** Armies, caravans and barbarians: keyed by identity, so a move slides the piece (CSS transition). */
function unitsOf(view, players, byId) {
  const base = new Set([...Object.keys(view.ctl || {}), ...Object.keys(view.cities || {}), ...Object.keys(view.cs_at || {})]);
  const per = new Map();
  const add = (sid, u) => {
    if (sid === undefined || sid === null || Number(sid) < 0 || !byId.has(Number(sid))) return;
    const k = Number(sid);
    if (!per.has(k)) per.set(k, []);
    per.get(k).push(u);
  };
  for (const [letter, sid] of Object.entries(view.barbs || {})) add(sid, { id: `b-${letter}`, kind: "barbarian", letter });
  players.forEach((p, seat) => {
    (p.armies || []).forEach((sid, i) => add(sid, { id: `a-${seat}-${i}`, kind: "army", seat, i }));
    (p.caravans || []).forEach((sid, i) => add(sid, { id: `v-${seat}-${i}`, kind: "caravan", seat, i }));
  });
  const out = [];
  for (const [sid, list] of per) {
    const s = byId.get(sid);
    const [x, y] = pix(s.q, s.r);
    const centred = list.length === 1 && !base.has(String(sid));
    list.forEach((u, n) => {
      const [fx, fy] = centred ? [0, 0] : UNIT_SLOTS[n % UNIT_SLOTS.length];
      out.push({ ...u, key: `${s.q},${s.r}`, x: x + fx * HEX, y: y + fy * HEX });
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

function Unit({ u, players, title }) {
  const style = `transform: translate(${u.x.toFixed(1)}px, ${u.y.toFixed(1)}px)`;
  if (u.kind === "barbarian") {
    return html`<g class="unit barbarian" style=${style} data-unit=${u.id} data-at=${u.key}><title>${title}</title>
      <path d="M0,-8 L8,-3 L6,7 L-6,7 L-8,-3 Z" /><text y="4">${u.letter}</text></g>`;
  }
  const fill = playerColor(players[u.seat] && players[u.seat].color);
  if (u.kind === "army") {
    return html`<g class="unit army" style=${style} data-unit=${u.id} data-seat=${u.seat} data-at=${u.key}><title>${title}</title>
      <path d="M-6,7 L0,-8 L6,7 Z" fill=${fill} /></g>`;
  }
  return html`<g class="unit caravan" style=${style} data-unit=${u.id} data-seat=${u.seat} data-at=${u.key}><title>${title}</title>
    <rect x="-6.5" y="-6" width="13" height="9" rx="3" fill=${fill} /><circle cx="-3.5" cy="4.5" r="1.8" /><circle cx="3.5" cy="4.5" r="1.8" /></g>`;
}

const Units = pure(({ barbs, ctl, cities, csAt, byId, players, titles }) => html`<g class="units">
  ${unitsOf({ barbs, ctl, cities, cs_at: csAt }, players, byId).map((u) => html`<${Unit} key=${u.id} u=${u} players=${players} title=${titles[u.id]} />`)}</g>`);

/** Highlighted targets (focusable: Tab reaches them, Enter or Space chooses). */
const Targets = pure(({ targets, selected, byKey }) => html`<g class="targets">
  ${[...targets.entries()].map(([key, opts]) => {
    const [x, y] = keyXY(key);
    const ghost = !byKey.has(key);
    const label = opts.map((o) => o.label).join(" or ");
    return html`<g key=${key} class=${`target${ghost ? " ghost" : ""}${selected === key ? " selected" : ""}`} data-key=${key}
      tabindex="0" role="button" aria-label=${label} data-options=${opts.map((o) => o.action).join("|")}>
      <polygon class="halo" points=${hexPoints(x, y, HEX - 2.5)} /><polygon points=${hexPoints(x, y, HEX - 2.5)} /></g>`;
  })}</g>`);

const Marks = pure(({ touched, combatKey, preview, focusKeys, lastKeys, lastMoves }) => html`<g class="marks">
  ${(lastKeys || []).map((key) => { const [x, y] = keyXY(key); return html`<polygon key=${`l${key}`} points=${hexPoints(x, y, HEX - 6)} class="last-step" data-at=${key} />`; })}
  ${(lastMoves || []).map((mv, i) => {
    const [x1, y1] = keyXY(mv.from); const [x2, y2] = keyXY(mv.to);
    const k = 1 - 12 / Math.max(1, Math.hypot(x2 - x1, y2 - y1));
    return html`<path key=${`m${i}`} class=${`move-arrow${mv.kind === "barbarian" ? " barbarian" : ""}`}
      d=${`M${x1.toFixed(1)},${y1.toFixed(1)} L${(x1 + (x2 - x1) * k).toFixed(1)},${(y1 + (y2 - y1) * k).toFixed(1)}`} />`;
  })}
  ${[...touched].map((key) => { const [x, y] = keyXY(key); return html`<polygon key=${`t${key}`} points=${hexPoints(x, y, HEX - 4)} class="touched" />`; })}
  ${(focusKeys || []).map((key) => { const [x, y] = keyXY(key); return html`<polygon key=${`f${key}`} points=${hexPoints(x, y, HEX - 3)} class="focus-mark" />`; })}
  ${combatKey ? (() => { const [x, y] = keyXY(combatKey); return html`<polygon points=${hexPoints(x, y, HEX - 3)} class="combat-ring" />`; })() : null}
  ${(preview || []).map((c) => { const [x, y] = pix(c.q, c.r); return html`<polygon key=${`p${c.q},${c.r}`} points=${hexPoints(x, y, HEX - 1)} class="preview" fill=${(TERRAIN[c.terrain] || {}).fill || "#fff"} />`; })}
  ${(preview || []).filter((c) => c.mark === "capital").map((c) => { const [x, y] = pix(c.q, c.r); return html`<g key=${`pc${c.q},${c.r}`} class="preview-capital">
    <circle cx=${x} cy=${y} r=${HEX * 0.42} /><text x=${x} y=${y} dy="0.35em" text-anchor="middle">★</text></g>`; })}
</g>`);

/** Width in px of the zoom buttons' column over the map's right edge (style.css .map-tools). */
const TOOLS_W = 56;
/** Width in px of a space on a touch screen's first view of the map (a tap target, issue 39). */
const TAP_PX = 46;

function boundsOf(board, targets) {
  let minx = Infinity; let miny = Infinity; let maxx = -Infinity; let maxy = -Infinity;
  const grow = ([x, y]) => {
    minx = Math.min(minx, x - HEX); maxx = Math.max(maxx, x + HEX);
    miny = Math.min(miny, y - HEX); maxy = Math.max(maxy, y + HEX);
  };
  for (const s of board.spaces) grow(pix(s.q, s.r));
  for (const key of targets.keys()) grow(keyXY(key));
  return minx < Infinity ? { x: minx, y: miny, w: maxx - minx, h: maxy - miny } : null;
}

/**
 * The map. Props: model (records.js), content, targets (Map key -> options), selected key,
 * preview cells, focusKeys (spaces named by the option under the pointer), on {click, hover, leave,
 * tools, bounds} (bounds: the size the whole map needs, in map units, whenever it changes).
 * Zoom and pan change the viewBox directly (no re-render).
 */
export function HexMap({ model, content, targets, selected, preview, focusKeys, lastKeys, lastMoves, on }) {
  const svgRef = useRef(null);
  const st = useRef({ view: null, bounds: null, userMoved: false, whole: false, home: null }).current;
  const board = model.msg.board;
  const mw = content.map_words || NO_MAP_WORDS;
  const apply = () => {
    const v = st.view;
    if (v && svgRef.current) svgRef.current.setAttribute("viewBox", `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.w.toFixed(1)} ${v.h.toFixed(1)}`);
  };
  const fit = () => {
    const b = st.bounds; const el = svgRef.current;
    if (!b || !el) return;
    const rect = el.getBoundingClientRect();
    if (!(rect.width > 0 && rect.height > 0)) return;
    // The map is fitted into the pane left of the zoom buttons (which stand over its right edge),
    // so that no space of the map lies under them.
    const room = Math.max(rect.width / 2, rect.width - TOOLS_W);
    let k = Math.max((b.w + HEX) / room, (b.h + HEX) / rect.height); // map units per pixel
    let [cx, cy] = [b.x + b.w / 2, b.y + b.h / 2];
    // On a touch screen a space is a tap target: at least TAP_PX across, centred on the viewer's
    // capital (the map's centre before it), the rest of the map a drag or a pinch away.
    const tap = (SQ3 * (HEX - 0.5)) / TAP_PX;
    if (!st.whole && tap < k && window.matchMedia && window.matchMedia("(hover: none)").matches) {
      k = tap;
      if (st.home) [cx, cy] = keyXY(st.home);
      const half = (room * k) / 2; const halfH = (rect.height * k) / 2;
      cx = Math.min(Math.max(cx, b.x + half - HEX / 2), b.x + b.w - half + HEX / 2);
      cy = Math.min(Math.max(cy, b.y + halfH - HEX / 2), b.y + b.h - halfH + HEX / 2);
    }
    const w = rect.width * k; const h = rect.height * k;
    st.view = { x: cx - (room * k) / 2, y: cy - h / 2, w, h };
    apply();
  };
  const zoomAt = (f, cx, cy) => {
    if (!st.view) return;
    const rect = svgRef.current.getBoundingClientRect();
    const px = cx === undefined ? 0.5 : (cx - rect.left) / rect.width;
    const py = cy === undefined ? 0.5 : (cy - rect.top) / rect.height;
    const w = Math.min(Math.max(st.view.w * f, 120), 6000);
    const h = st.view.h * (w / st.view.w);
    st.view.x += (st.view.w - w) * px; st.view.y += (st.view.h - h) * py;
    st.view.w = w; st.view.h = h;
    apply();
  };
  useLayoutEffect(() => {
    const b = boundsOf(board, targets);
    const changed = !st.bounds || !b || Math.abs(b.w - st.bounds.w) > 1 || Math.abs(b.h - st.bounds.h) > 1
      || Math.abs(b.x - st.bounds.x) > 1 || Math.abs(b.y - st.bounds.y) > 1;
    st.bounds = b;
    const me = model.msg.seat >= 0 ? model.msg.seat : model.decision.seat;
    const cap = me >= 0 && model.msg.view.capitals ? model.msg.view.capitals[me] : -1;
    const home = cap >= 0 ? (model.index.byId.get(cap) || {}).key || null : null;
    const moved = home !== st.home; st.home = home;
    if (b && (changed || !st.told) && on.bounds) { st.told = true; on.bounds({ w: b.w + HEX, h: b.h + HEX }); }
    if (!st.view || ((changed || moved) && !st.userMoved)) fit(); else apply();
  });
  useEffect(() => {
    const s = svgRef.current;
    const keyAt = (t) => { const g = t && t.closest ? t.closest("[data-key]") : null; return g ? g.getAttribute("data-key") : null; };
    let drag = null; const touches = new Map(); let pinch = null;
    const onWheel = (ev) => { ev.preventDefault(); st.userMoved = true; zoomAt(ev.deltaY < 0 ? 0.85 : 1 / 0.85, ev.clientX, ev.clientY); };
    let touchAt = -1e9; // a tap on a phone: no hover tooltip (it stayed and covered the next spaces)
    const down = (ev) => {
      if (ev.pointerType === "touch") touchAt = performance.now();
      if (ev.pointerType === "touch") {
        touches.set(ev.pointerId, [ev.clientX, ev.clientY]);
        if (touches.size === 2) { const [a, b] = [...touches.values()]; pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1 }; drag = null; return; }
      }
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, v: { ...st.view }, moved: false, id: ev.pointerId };
    };
    const move = (ev) => {
      if (pinch && touches.has(ev.pointerId)) {
        touches.set(ev.pointerId, [ev.clientX, ev.clientY]);
        const [a, b] = [...touches.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
        st.userMoved = true; zoomAt(pinch.d / d, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2); pinch.d = d;
        return;
      }
      if (drag && drag.id === ev.pointerId) {
        const dx = ev.clientX - drag.x; const dy = ev.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) < 6) return;
        if (!drag.moved) { drag.moved = true; st.userMoved = true; s.setPointerCapture(ev.pointerId); }
        const k = st.view.w / s.clientWidth;
        st.view.x = drag.v.x - dx * k; st.view.y = drag.v.y - dy * k;
        apply();
        return;
      }
      if (ev.pointerType === "touch") return;
      const key = keyAt(ev.target);
      if (key) on.hover(key, ev); else on.leave();
    };
    const up = (ev) => {
      touches.delete(ev.pointerId); if (touches.size < 2) pinch = null;
      if (!drag) return;
      const wasDrag = drag.moved; drag = null;
      if (wasDrag) { if (s.hasPointerCapture(ev.pointerId)) s.releasePointerCapture(ev.pointerId); return; }
      const key = keyAt(ev.target);
      if (key) on.click(key, ev);
    };
    const cancel = (ev) => { touches.delete(ev.pointerId); pinch = null; drag = null; };
    const key = (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      const k = keyAt(ev.target);
      if (!k) return;
      ev.preventDefault();
      on.click(k, null);
    };
    const focusIn = (ev) => { const k = keyAt(ev.target); if (k && performance.now() - touchAt > 1000) on.hover(k, null); };
    s.addEventListener("wheel", onWheel, { passive: false });
    s.addEventListener("pointerdown", down);
    s.addEventListener("pointermove", move);
    s.addEventListener("pointerup", up);
    s.addEventListener("pointercancel", cancel);
    s.addEventListener("pointerleave", () => on.leave());
    s.addEventListener("keydown", key);
    s.addEventListener("focusin", focusIn);
    const resize = () => { if (!st.userMoved) fit(); };
    window.addEventListener("resize", resize);
    const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(resize) : null;
    if (ro) ro.observe(s);
    on.tools({ zoomIn: () => { st.userMoved = true; zoomAt(0.8); }, zoomOut: () => { st.userMoved = true; zoomAt(1.25); },
      fit: () => { st.userMoved = false; st.whole = true; fit(); }, screenOf: (k) => screenOf(s, k) });
    return () => { window.removeEventListener("resize", resize); if (ro) ro.disconnect(); };
  }, []);
  const v = model.msg.view;
  const titles = model.words.titles || NO_TITLES;
  const combatKey = model.combat ? (model.index.byId.get(model.combat.space) || {}).key : null;
  return html`<svg ref=${svgRef} class="map" role="group" aria-label="map">
    <${Terrain} board=${board} />
    <${Fixed} tokens=${v.tokens} wonderAt=${v.wonder_at} csAt=${v.cs_at} ctl=${v.ctl} district=${v.district} cities=${v.cities}
      reinforcedList=${v.reinforced} capitalList=${v.capitals} byId=${model.index.byId} content=${content} players=${v.players}
      titles=${titles} csMarks=${mw.city_state_marks} />
    <defs><marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
      <path d="M0,0 L10,5 L0,10 z" fill="#ff6d00" /></marker></defs>
    <${Marks} touched=${model.touched} combatKey=${combatKey} preview=${preview} focusKeys=${focusKeys} lastKeys=${lastKeys} lastMoves=${lastMoves} />
    <${Units} barbs=${v.barbs} ctl=${v.ctl} cities=${v.cities} csAt=${v.cs_at} byId=${model.index.byId} players=${v.players} titles=${titles} />
    <${NwLabels} board=${board} />
    <${Targets} targets=${targets} selected=${selected} byKey=${model.index.byKey} />
  </svg>`;
}

function screenOf(svgEl, key) {
  const [x, y] = keyXY(key);
  const pt = svgEl.createSVGPoint();
  pt.x = x; pt.y = y;
  const m = svgEl.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const p = pt.matrixTransform(m);
  return { x: p.x, y: p.y };
}

/** The legend: every terrain with its colour, symbol and difficulty, and every kind of piece,
 * in the server's words (`map_words` of /api/content, describe/table.py). */
export function Legend({ content, onClose }) {
  const mw = content.map_words || NO_MAP_WORDS;
  const name = (k) => mw.pieces[k] || "";
  const sw = (inner, box = 13) => html`<svg class="lg" viewBox=${`${-box} ${-box} ${2 * box} ${2 * box}`} width="30" height="30">${inner}</svg>`;
  const terr = Object.entries(TERRAIN).map(([t, d]) => html`<li key=${t}>${sw(html`<polygon points=${hexPoints(0, 0, 21)} fill=${d.fill} stroke="#444" stroke-width="0.8" /><${TerrainSymbol} terrain=${t} x=${0} y=${-15} />`, 21)}
    <span>${mw.terrain[t] || ""}${mw.difficulty[t] ? html` <small>${mw.difficulty[t]}</small>` : ""}</span></li>`);
  const pieces = [
    ["city", html`<path d="M-8,6 v-9 l4,-4 l4,4 l4,-4 l4,4 v9 z" fill="#d62828" />`],
    ["control", html`<polygon points=${hexPoints(0, 0, 10)} fill="#1d5fd6" /><polygon points=${hexPoints(0, 0, 6.5)} class="re-ring" />`],
    ...Object.entries(DISTRICT_MARK).filter(([d]) => name(`district:${d}`)).map(([d, m]) => [`district:${d}`, html`<polygon points=${hexPoints(0, 0, 10)} fill="#2a9d3a" /><text y="4" class="dmark">${m}</text>`]),
    ["army", html`<path d="M-6,7 L0,-8 L6,7 Z" fill="#d62828" stroke="#222" />`],
    ["caravan", html`<rect x="-6.5" y="-6" width="13" height="9" rx="3" fill="#d62828" stroke="#222" /><circle cx="-3.5" cy="4.5" r="1.8" /><circle cx="3.5" cy="4.5" r="1.8" />`],
    ["barbarian", html`<g class="barbarian"><path d="M0,-8 L8,-3 L6,7 L-6,7 L-8,-3 Z" /><text y="4">A</text></g>`],
    ["city_state", html`<polygon points="0,-10 10,0 0,10 -10,0" fill="#8e5bc9" />`],
    ["wonder", html`<g class="wonder-token"><polygon points=${hexPoints(0, 0, 8)} fill="#ffd54a" /><text y="3.5">W</text></g>`],
    ["nw_token", html`<g class="nw-token"><circle r="7" /><text y="3.5">★</text></g>`],
    ...Object.entries(RESOURCE).map(([r, d]) => [`resource:${r}`, html`<g class="resource"><rect x="-8" y="-6" width="16" height="12" rx="3" fill=${d.fill} /><text y="3.5" fill=${d.ink}>${d.text}</text></g>`]),
    ["fort", html`<polygon points=${hexPoints(0, 0, 12)} class="fort-ring" />`],
    ["touched", html`<polygon points=${hexPoints(0, 0, 12)} class="touched" />`],
    ["target", html`<g class="target"><polygon points=${hexPoints(0, 0, 12)} /></g>`],
  ];
  return html`<div class="legend panel" role="dialog" aria-label="map legend">
    <button type="button" class="close small" onClick=${onClose} aria-label="close the legend">×</button>
    <h4>Terrain</h4><ul class="lg-list">${terr}</ul>
    <h4>Pieces and marks</h4>
    <ul class="lg-list">${pieces.filter(([k]) => name(k)).map(([k, g]) => html`<li key=${k}>${sw(g)}<span>${name(k)}</span></li>`)}</ul>
  </div>`;
}
