// What the table tells a player about the game's prospects (issue 38, part 5): each seat's
// chance of winning as a small bar (hidden or shown, remembered per browser), the hint of a
// practice game (what Hard would do, asked of the server, never played) and the chart of each
// seat's chance by round (end screen and replay). Every number and word comes from the server
// (message field ``insight``, ``POST /api/games/{id}/hint``, ``GET /api/games/{id}/chart``).
import { getJSON, playerColor, postJSON } from "./common.js";
import { html, useEffect, useState } from "./ui.js";

const I = { redraw: () => {}, hint: null, explain: false, charts: new Map() };

/** ``redraw``: the table's redraw, called when an answer arrives or a toggle changes. */
export function initInsight(redraw) {
  I.redraw = redraw;
}

// ---------------------------------------------------------------- the bar

/** The bar is on by default in practice games (every other seat a bot), off otherwise; the
 * player's choice is kept per browser, for each of the two kinds of game. */
function barKey(insight) {
  return `newdawn.chances.${insight.against_bots ? "bots" : "people"}`;
}

export function barShown(insight) {
  if (!insight || !insight.chances) return false;
  try {
    const v = localStorage.getItem(barKey(insight));
    if (v === "1" || v === "0") return v === "1";
  } catch (_e) { /* private browsing: the default */ }
  return !!insight.against_bots;
}

function setBar(insight, on) {
  try { localStorage.setItem(barKey(insight), on ? "1" : "0"); } catch (_e) { /* private browsing */ }
  if (!on) I.explain = false;
  I.redraw();
}

export function ChanceBar({ insight, players }) {
  if (!insight || !insight.chances) return null;
  const on = barShown(insight);
  const ch = insight.chances;
  return html`<section id="chances" class=${`chances${on ? " on" : ""}`} aria-label="chances of winning">
    <button type="button" id="chances-toggle" class="small" aria-pressed=${on}
      title=${on ? "hide the chances of winning" : "show each seat's chance of winning"}
      onClick=${() => setBar(insight, !on)}>${on ? "Chances" : "Show chances of winning"}</button>
    ${on ? html`<div class="cbar" id="chance-bar" role="img" aria-label=${ch.seats.map((s) => s.text).join("; ")}
        onClick=${() => { I.explain = !I.explain; I.redraw(); }}>
      ${ch.seats.map((s) => { const p = players[s.seat] || {}; const pct = Math.round(100 * s.chance); return html`<span key=${s.seat}
        class="cseg" data-seat=${s.seat} title=${`${s.text}. ${ch.note}`}
        style=${`flex-grow:${Math.max(s.chance, 0.001)};background:${playerColor(p.color)}`}>${pct >= 12 ? `${pct}%` : ""}</span>`; })}
      </div>
      <button type="button" id="chances-info" class="small info" aria-expanded=${I.explain} title="what these numbers are"
        onClick=${() => { I.explain = !I.explain; I.redraw(); }}>?</button>` : null}
    ${on && I.explain ? html`<div class="cnote" id="chances-note"><p>${ch.note}</p>
      <ul>${ch.seats.map((s) => html`<li key=${s.seat}><span class="swatch" style=${`background:${playerColor((players[s.seat] || {}).color)}`}></span>${s.text}</li>`)}</ul></div>` : null}
  </section>`;
}

// ---------------------------------------------------------------- the hint

async function askHint(gameId, token, version, options, onFocus) {
  I.hint = { version, busy: true, data: null, error: "" };
  I.redraw();
  try {
    const data = await postJSON(`/api/games/${encodeURIComponent(gameId)}/hint`, { token, version });
    if (!I.hint || I.hint.version !== version) return;
    I.hint = { version, busy: false, data, error: "" };
    const o = options.find((x) => x.action === data.action);
    if (o && onFocus) onFocus(o);
  } catch (e) {
    if (!I.hint || I.hint.version !== version) return;
    I.hint = { version, busy: false, data: null, error: e.message };
  }
  I.redraw();
}

/** "Hint": what Hard would choose in the player's decision, in words; nothing is played. Only
 * in practice games (the server says so: ``insight.hint``) and on the player's own decision. */
export function HintPanel({ model, mine, gameId, token, onFocus }) {
  const insight = model.msg.insight;
  if (!insight || !insight.hint || !mine || model.end) return null;
  const version = model.msg.version;
  const h = I.hint && I.hint.version === version ? I.hint : null;
  return html`<section id="hint" class="panel hint-panel">
    <button type="button" id="hint-btn" class="small" disabled=${!!(h && (h.busy || h.data))}
      title="what the Hard bot would choose here (nothing is played)"
      onClick=${() => askHint(gameId, token, version, model.decision.options, onFocus)}>${h && h.busy ? "Hard is thinking…" : "Hint"}</button>
    ${h && h.data ? html`<p id="hint-text" class="hint-text" title=${h.data.note}>${h.data.text}</p>
      <p class="hint">${h.data.note}</p>` : null}
    ${h && h.error ? html`<p class="error">${h.error}</p>` : null}
  </section>`;
}

// ---------------------------------------------------------------- the chart

function useChart(gameId, key) {
  const [chart, setChart] = useState(I.charts.get(key) || null);
  useEffect(() => {
    if (I.charts.has(key)) { setChart(I.charts.get(key)); return; }
    let live = true;
    getJSON(`/api/games/${encodeURIComponent(gameId)}/chart`)
      .then((c) => { I.charts.set(key, c); if (live) setChart(c); })
      .catch((e) => { if (live) setChart({ error: e.message }); });
    return () => { live = false; };
  }, [key]);
  return chart;
}

const W = 640, H = 220, PAD = { l: 40, r: 12, t: 12, b: 28 };

/** Each seat's chance of winning by round as an inline SVG (one line per seat in its colour),
 * from ``GET /api/games/{id}/chart``; ``step`` (replay) marks where the replay stands. */
export function ChanceChart({ gameId, players, version, step }) {
  const chart = useChart(gameId, `${gameId}@${version}`);
  if (!chart) return html`<div id="chance-chart" class="chart loading">Loading the chances by round…</div>`;
  if (chart.error) return html`<div id="chance-chart" class="chart error">${chart.error}</div>`;
  const pts = chart.points;
  if (!pts.length) return null;
  const n = pts.length;
  const x = (i) => PAD.l + (n === 1 ? 0 : (i * (W - PAD.l - PAD.r)) / (n - 1));
  const y = (p) => PAD.t + (1 - p) * (H - PAD.t - PAD.b);
  const every = Math.max(1, Math.ceil(n / 12));
  let marker = null;
  if (step !== undefined && step !== null) {
    let i = 0;
    while (i + 1 < n && pts[i + 1].step <= step) i++;
    const frac = i + 1 < n && pts[i + 1].step > pts[i].step ? (step - pts[i].step) / (pts[i + 1].step - pts[i].step) : 0;
    marker = PAD.l + ((i + Math.min(1, Math.max(0, frac))) * (W - PAD.l - PAD.r)) / Math.max(1, n - 1);
  }
  const seats = chart.seats.map((name, s) => ({ s, name, color: playerColor((players[s] || {}).color) }));
  return html`<figure id="chance-chart" class="chart">
    <figcaption>${chart.title}</figcaption>
    <svg viewBox=${`0 0 ${W} ${H}`} role="img" aria-label=${chart.label}>
      ${[0, 0.25, 0.5, 0.75, 1].map((g) => html`<g key=${g} class="grid"><line x1=${PAD.l} x2=${W - PAD.r} y1=${y(g)} y2=${y(g)} />
        <text x=${PAD.l - 6} y=${y(g) + 4} text-anchor="end">${Math.round(g * 100)}%</text></g>`)}
      ${pts.map((p, i) => (i % every === 0 || i === n - 1 ? html`<text key=${`x${i}`} class="xl" x=${x(i)} y=${H - 8} text-anchor="middle">${p.label}</text>` : null))}
      ${marker !== null ? html`<line class="marker" x1=${marker} x2=${marker} y1=${PAD.t} y2=${H - PAD.b} />` : null}
      ${seats.map(({ s, name, color }) => html`<g key=${s} class="series" data-seat=${s}>
        <polyline data-seat=${s} fill="none" stroke=${color} stroke-width="2.5" points=${pts.map((p, i) => `${x(i).toFixed(1)},${y(p.chances[s] || 0).toFixed(1)}`).join(" ")} />
        ${pts.map((p, i) => html`<circle key=${i} cx=${x(i)} cy=${y(p.chances[s] || 0)} r="3" fill=${color}><title>${p.titles[s]}</title></circle>`)}</g>`)}
    </svg>
    <ul class="chart-legend">${seats.map(({ s, name, color }) => html`<li key=${s}><span class="swatch" style=${`background:${color}`}></span>${name}</li>`)}</ul>
    <p class="hint">${chart.note}</p>
  </figure>`;
}
