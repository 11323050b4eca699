// The SVG hex map: terrain, pieces and the legal targets of the pending decision, with zoom and pan.
import { playerColor, pretty, svg } from "./common.js";

export const HEX = 30;
const SQ3 = Math.sqrt(3);

export const TERRAIN_FILL = {
  grassland: "#a6d46a", hills: "#d9c27a", forest: "#3f8f3a", desert: "#f2dfa0",
  mountain: "#9a958f", water: "#6fb1e8", natural_wonder: "#b68ad6",
};
export const RESOURCE = {
  marble: { fill: "#f4f1ea", text: "M", ink: "#333" }, mercury: { fill: "#b8c4cc", text: "Hg", ink: "#222" },
  oil: { fill: "#5b4636", text: "Oil", ink: "#fff" }, diamond: { fill: "#7fe3f0", text: "D", ink: "#034" },
};
export const DISTRICT_LETTER = {
  campus: "C", commercial_hub: "H", encampment: "E", industrial_zone: "I", theater_square: "T",
};
export const FOCUS_COLOR = {
  culture: "#8e5bc9", science: "#2f7fd1", economy: "#e0b400", industry: "#a0522d",
  military: "#c8102e", growth: "#2e9e4f",
};

// Neighbour directions (E, NE, NW, W, SW, SE) and the corners of the edge facing each.
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const EDGE_CORNERS = [[0, 1], [5, 0], [4, 5], [3, 4], [2, 3], [1, 2]];

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

export function rotate(q, r, k) {
  for (let i = 0; i < ((k % 6) + 6) % 6; i++) [q, r] = [-r, q + r];
  return [q, r];
}

/** Map target of an option text: {key} for "... q,r", {src, dst} for "... q,r>q,r", else null. */
export function targetOf(option) {
  const m = /^(\S+)(?: (.*?))? ?(-?\d+),(-?\d+)(?:>(-?\d+),(-?\d+))?$/.exec(option);
  if (!m) return null;
  const [, verb, label, q, r, q2, r2] = m;
  if (q2 !== undefined) return { verb, label: label || "", src: `${q},${r}`, dst: `${q2},${r2}`, key: `${q},${r}` };
  return { verb, label: label || "", key: `${q},${r}` };
}

export class HexMap {
  /** host: the element holding the SVG; handlers: {click(key), hover(key, ev), leave()} */
  constructor(host, handlers) {
    this.host = host;
    this.h = handlers;
    this.svg = svg("svg", { class: "map", role: "img", "aria-label": "map" });
    this.root = svg("g", { class: "root" });
    this.svg.append(this.root);
    host.append(this.svg);
    this.view = null; // {x, y, w, h}
    this.fitted = false;
    this.lastBounds = null;
    this._panZoom();
  }

  _panZoom() {
    const s = this.svg;
    let drag = null;
    s.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      this.userMoved = true;
      this.zoomAt(ev.deltaY < 0 ? 0.85 : 1 / 0.85, ev.clientX, ev.clientY);
    }, { passive: false });
    // Two fingers pinch to zoom (tablets); one finger or the mouse drags to pan.
    const touches = new Map();
    let pinch = null;
    s.addEventListener("pointerdown", (ev) => {
      if (ev.pointerType === "touch") {
        touches.set(ev.pointerId, [ev.clientX, ev.clientY]);
        if (touches.size === 2) {
          const [a, b] = [...touches.values()];
          pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1 };
          drag = null;
          return;
        }
      }
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, v: { ...this.view }, moved: false, id: ev.pointerId };
    });
    const untouch = (ev) => {
      touches.delete(ev.pointerId);
      if (touches.size < 2) pinch = null;
    };
    s.addEventListener("pointerup", untouch);
    s.addEventListener("pointercancel", untouch);
    s.addEventListener("pointermove", (ev) => {
      if (pinch && touches.has(ev.pointerId)) {
        touches.set(ev.pointerId, [ev.clientX, ev.clientY]);
        const [a, b] = [...touches.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
        this.userMoved = true;
        this.zoomAt(pinch.d / d, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        pinch.d = d;
        return;
      }
      if (drag && drag.id === ev.pointerId) {
        const dx = ev.clientX - drag.x;
        const dy = ev.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) < 6) return;
        if (!drag.moved) { drag.moved = true; this.userMoved = true; s.setPointerCapture(ev.pointerId); }
        const k = this.view.w / s.clientWidth;
        this.view.x = drag.v.x - dx * k;
        this.view.y = drag.v.y - dy * k;
        this._apply();
        return;
      }
      const key = this._keyAt(ev.target);
      if (key) this.h.hover(key, ev); else this.h.leave();
    });
    const end = (ev) => {
      if (!drag) return;
      const wasDrag = drag.moved;
      drag = null;
      if (wasDrag) { s.releasePointerCapture?.(ev.pointerId); return; }
      const key = this._keyAt(ev.target);
      if (key) this.h.click(key, ev);
    };
    s.addEventListener("pointerup", end);
    s.addEventListener("pointercancel", () => { drag = null; });
    s.addEventListener("pointerleave", () => this.h.leave());
    // Keyboard: Tab moves between highlighted spaces, Enter or Space chooses one.
    s.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      const key = this._keyAt(ev.target);
      if (!key) return;
      ev.preventDefault();
      this.h.click(key, null);
    });
  }

  _keyAt(target) {
    const g = target && target.closest ? target.closest("[data-key]") : null;
    return g ? g.getAttribute("data-key") : null;
  }

  zoomAt(f, cx, cy) {
    if (!this.view) return;
    const rect = this.svg.getBoundingClientRect();
    const px = cx === undefined ? 0.5 : (cx - rect.left) / rect.width;
    const py = cy === undefined ? 0.5 : (cy - rect.top) / rect.height;
    const w = Math.min(Math.max(this.view.w * f, 120), 6000);
    const h = this.view.h * (w / this.view.w);
    this.view.x += (this.view.w - w) * px;
    this.view.y += (this.view.h - h) * py;
    this.view.w = w;
    this.view.h = h;
    this._apply();
  }

  fit() {
    const b = this.lastBounds;
    if (!b) return;
    const rect = this.svg.getBoundingClientRect();
    const aspect = rect.width > 0 && rect.height > 0 ? rect.height / rect.width : 0.75;
    let w = b.w + 2 * HEX;
    let h = b.h + 2 * HEX;
    if (h / w > aspect) w = h / aspect; else h = w * aspect;
    this.view = { x: b.x + b.w / 2 - w / 2, y: b.y + b.h / 2 - h / 2, w, h };
    this._apply();
  }

  _apply() {
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.w.toFixed(1)} ${v.h.toFixed(1)}`);
  }

  /**
   * Draw everything. msg: the server's view message; content: /api/content;
   * targets: Map key -> options; ghosts: extra hexes to draw (targets off the map);
   * selected: key of a selected source; preview: [{q, r, terrain}] cells of a tile being placed.
   */
  render(msg, content, targets, selected, preview) {
    const v = msg.view;
    const spaces = msg.board.spaces;
    const byId = new Map(spaces.map((s) => [s.id, s]));
    const at = (id) => byId.get(Number(id));
    const layers = { hex: svg("g", { class: "hexes" }), deco: svg("g", { class: "deco" }),
      piece: svg("g", { class: "pieces" }), mark: svg("g", { class: "marks" }) };
    const onMap = new Set();
    let minx = Infinity; let miny = Infinity; let maxx = -Infinity; let maxy = -Infinity;
    const grow = (x, y) => {
      minx = Math.min(minx, x - HEX); maxx = Math.max(maxx, x + HEX);
      miny = Math.min(miny, y - HEX); maxy = Math.max(maxy, y + HEX);
    };
    const nwOfTile = {};
    for (const nw of Object.values(content.natural_wonders || {})) nwOfTile[nw.tile] = nw;

    for (const s of spaces) {
      const [x, y] = pix(s.q, s.r);
      grow(x, y);
      const key = `${s.q},${s.r}`;
      onMap.add(key);
      const cls = ["space", `t-${s.terrain}`];
      if (targets.has(key)) cls.push("target");
      if (selected === key) cls.push("selected");
      const opts = targets.get(key);
      const g = svg("g", { class: cls.join(" "), "data-key": key, "data-id": s.id,
        "data-options": opts ? opts.map((o) => o.opt).join("|") : null,
        tabindex: opts ? 0 : null, role: opts ? "button" : null,
        "aria-label": opts ? `${s.terrain} ${key}: ${opts.map((o) => o.opt).join(" or ")}` : null });
      g.append(svg("polygon", { points: hexPoints(x, y, HEX - 0.5), fill: TERRAIN_FILL[s.terrain] || "#ccc" }));
      if (s.fort) {
        g.append(svg("polygon", { points: hexPoints(x, y, HEX * 0.8), class: "fort-ring" }));
      }
      if (s.terrain === "natural_wonder") {
        const nw = nwOfTile[s.tile];
        g.append(svg("text", { x, y: y - HEX * 0.45, class: "nw-label" }, nw ? nw.name.replace(/^The /, "").split(" ")[0] : "NW"));
      }
      if (s.terrain === "water" && !s.water_token) {
        g.append(svg("path", { d: `M${x - 10},${y + 12} q5,-4 10,0 t10,0`, class: "wave" }));
      }
      layers.hex.append(g);
    }
    // Tile borders: edges between spaces of different tiles, and the map's rim.
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
    layers.deco.append(svg("path", { d: borders.join(""), class: "tile-border" }));
    // Targets that are not (yet) spaces: fort positions, tile translations.
    for (const key of targets.keys()) {
      if (onMap.has(key)) continue;
      const [q, r] = key.split(",").map(Number);
      const [x, y] = pix(q, r);
      grow(x, y);
      const g = svg("g", { class: `space ghost target${selected === key ? " selected" : ""}`, "data-key": key,
        "data-options": targets.get(key).map((o) => o.opt).join("|"), tabindex: 0, role: "button",
        "aria-label": `new space ${key}: ${targets.get(key).map((o) => o.opt).join(" or ")}` });
      g.append(svg("polygon", { points: hexPoints(x, y, HEX - 2) }));
      layers.hex.append(g);
    }
    if (preview) {
      for (const c of preview) {
        const [x, y] = pix(c.q, c.r);
        layers.mark.append(svg("polygon", {
          points: hexPoints(x, y, HEX - 1), class: "preview", fill: TERRAIN_FILL[c.terrain] || "#ccc",
        }));
      }
    }

    const players = v.players;
    const color = (seat) => playerColor(players[seat] && players[seat].color);
    const capitals = new Set((v.capitals || []).map(Number));
    const reinforced = new Set((v.reinforced || []).map(Number));

    // Resource and natural-wonder tokens.
    for (const [sid, tok] of Object.entries(v.tokens || {})) {
      const s = at(sid); if (!s) continue;
      const [x, y] = pix(s.q, s.r);
      const cx = x + HEX * 0.48; const cy = y - HEX * 0.42;
      if (tok.startsWith("nw:")) {
        layers.deco.append(svg("g", { class: "nw-token" },
          svg("title", {}, pretty(tok.slice(3))),
          svg("circle", { cx, cy, r: 8 }), svg("text", { x: cx, y: cy + 3.5 }, "★")));
      } else {
        const R = RESOURCE[tok] || { fill: "#fff", text: tok[0], ink: "#000" };
        layers.deco.append(svg("g", { class: "resource" }, svg("title", {}, pretty(tok)),
          svg("rect", { x: cx - 9, y: cy - 7, width: 18, height: 14, rx: 3, fill: R.fill }),
          svg("text", { x: cx, y: cy + 3.5, fill: R.ink }, R.text)));
      }
    }
    // City-states still on the map.
    for (const [sid, cs] of Object.entries(v.cs_at || {})) {
      const s = at(sid); if (!s) continue;
      const [x, y] = pix(s.q, s.r);
      const def = (content.city_states || {})[cs] || {};
      const d = HEX * 0.55;
      layers.piece.append(svg("g", { class: "city-state" }, svg("title", {}, `${def.name || pretty(cs)} (${def.type || ""} city-state)`),
        svg("polygon", { points: `${x},${y - d} ${x + d},${y} ${x},${y + d} ${x - d},${y}`, fill: FOCUS_COLOR[def.type] || "#777" }),
        svg("text", { x, y: y + 4 }, (def.name || cs).slice(0, 3))));
    }
    // Wonder tokens (under a city or token).
    for (const [sid, w] of Object.entries(v.wonder_at || {})) {
      const s = at(sid); if (!s) continue;
      const [x, y] = pix(s.q, s.r);
      const def = (content.wonders || {})[w] || {};
      layers.piece.append(svg("g", { class: "wonder-token" }, svg("title", {}, `Wonder: ${def.name || pretty(w)}`),
        svg("polygon", { points: hexPoints(x - HEX * 0.45, y - HEX * 0.4, 9), fill: "#ffd54a" }),
        svg("text", { x: x - HEX * 0.45, y: y - HEX * 0.4 + 3.5 }, "W")));
    }
    // Control tokens and districts.
    for (const [sid, seat] of Object.entries(v.ctl || {})) {
      const s = at(sid); if (!s) continue;
      const [x, y] = pix(s.q, s.r);
      const id = Number(sid);
      const dist = (v.district || {})[sid];
      const re = reinforced.has(id);
      const g = svg("g", { class: `control${re ? " reinforced" : ""}${dist ? " district" : ""}`, "data-seat": seat },
        svg("title", {}, `${dist ? `${pretty(dist)} district` : "Control token"} of seat ${Number(seat) + 1}${re ? " (reinforced)" : ""}`),
        svg("polygon", { points: hexPoints(x, y, HEX * 0.6), fill: color(seat) }));
      if (re) g.append(svg("polygon", { points: hexPoints(x, y, HEX * 0.42), class: "re-ring" }));
      if (dist) g.append(svg("text", { x, y: y + 5 }, DISTRICT_LETTER[dist] || dist[0].toUpperCase()));
      layers.piece.append(g);
    }
    // Cities and capitals.
    for (const [sid, seat] of Object.entries(v.cities || {})) {
      const s = at(sid); if (!s) continue;
      const [x, y] = pix(s.q, s.r);
      const cap = capitals.has(Number(sid));
      const d = HEX * (cap ? 0.52 : 0.42);
      const g = svg("g", { class: `city${cap ? " capital" : ""}`, "data-seat": seat },
        svg("title", {}, `${cap ? "Capital" : "City"} of seat ${Number(seat) + 1}`),
        svg("path", { d: `M${x - d},${y + d * 0.7} v${-d * 1.1} l${d * 0.5},${-d * 0.5} l${d * 0.5},${d * 0.5} l${d * 0.5},${-d * 0.5} l${d * 0.5},${d * 0.5} v${d * 1.1} z`, fill: color(seat) }));
      if (cap) g.append(svg("text", { x, y: y + 5 }, "★"));
      layers.piece.append(g);
    }
    // Barbarians.
    for (const [letter, sid] of Object.entries(v.barbs || {})) {
      const s = at(sid); if (!s) continue;
      const [x, y] = pix(s.q, s.r);
      layers.piece.append(svg("g", { class: "barbarian" }, svg("title", {}, `Barbarian ${letter}`),
        svg("circle", { cx: x + HEX * 0.3, cy: y + HEX * 0.3, r: 9 }),
        svg("text", { x: x + HEX * 0.3, y: y + HEX * 0.3 + 4 }, letter)));
    }
    // Armies and caravans.
    players.forEach((p, seat) => {
      const stackAt = {};
      const put = (sid, kind, i) => {
        if (sid < 0) return;
        const s = at(sid); if (!s) return;
        const n = (stackAt[sid] = (stackAt[sid] || 0) + 1) - 1;
        const [x, y] = pix(s.q, s.r);
        const bx = x - HEX * 0.42 + n * 9 + seat * 3;
        const by = y + HEX * 0.45;
        const title = svg("title", {}, `${kind === "army" ? "Army" : "Caravan"} ${i + 1} of seat ${seat + 1}`);
        if (kind === "army") {
          layers.piece.append(svg("g", { class: "army", "data-seat": seat }, title,
            svg("path", { d: `M${bx},${by} l6,-14 l6,14 z`, fill: color(seat) })));
        } else {
          layers.piece.append(svg("g", { class: "caravan", "data-seat": seat }, title,
            svg("rect", { x: bx, y: by - 9, width: 12, height: 9, rx: 3, fill: color(seat) }),
            svg("circle", { cx: bx + 3, cy: by + 1, r: 1.6 }), svg("circle", { cx: bx + 9, cy: by + 1, r: 1.6 })));
        }
      };
      (p.armies || []).forEach((sid, i) => put(sid, "army", i));
      (p.caravans || []).forEach((sid, i) => put(sid, "caravan", i));
    });

    this.root.replaceChildren(layers.hex, layers.deco, layers.piece, layers.mark);
    if (minx < Infinity) {
      const b = { x: minx, y: miny, w: maxx - minx, h: maxy - miny };
      const changed = !this.lastBounds || Math.abs(b.w - this.lastBounds.w) > 1 || Math.abs(b.h - this.lastBounds.h) > 1;
      this.lastBounds = b;
      if (!this.view || (changed && !this.userMoved)) this.fit();
    }
  }

  /** Mark the spaces of the last action. */
  markLast(coords) {
    const marks = this.root.querySelector(".marks");
    for (const [q, r] of coords) {
      const [x, y] = pix(q, r);
      marks.append(svg("polygon", { points: hexPoints(x, y, HEX - 4), class: "last-move" }));
    }
  }

  /** Ring the space where a combat is being fought. */
  markCombat(space) {
    if (!space) return;
    const [x, y] = pix(space.q, space.r);
    const marks = this.root.querySelector(".marks");
    marks.append(svg("polygon", { points: hexPoints(x, y, HEX - 3), class: "combat-ring" }));
  }

  /** Screen position of a hex centre (for popups). */
  screenOf(key) {
    const [q, r] = key.split(",").map(Number);
    const [x, y] = pix(q, r);
    const pt = this.svg.createSVGPoint();
    pt.x = x; pt.y = y;
    const m = this.root.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = pt.matrixTransform(m);
    return { x: p.x, y: p.y };
  }
}
