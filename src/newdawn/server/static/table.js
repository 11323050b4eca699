// The table: one game seen by one seat (or every human seat in hot-seat play, or a spectator).
// One update channel: the WebSocket brings every view message and carries the player's actions;
// Preact re-renders only the parts that changed (the log appends one item per action).
import { getJSON, loadContent, playerColor, postJSON } from "./common.js";
import { TermCard, TermLinks, termsAt } from "./glossary.js";
import { GuidePanel, currentGuide, guideRequest, markGuideTarget } from "./guide.js";
import { HelpPage } from "./help.js";
import { ChanceBar, ChanceChart, HintPanel, initInsight } from "./insight.js";
import { HexMap, Legend } from "./map.js";
import {
  CombatPanel, DecisionPanel, EndScreen, GameLog, GoalPanel, PlayerBoard, ProductionPanel, Summaries,
  Swatch, TurnPanel, WonderMarket,
} from "./panels.js";
import { groupKey, keyOf, logGroups, spaceIndex, toModel } from "./records.js";
import { Bell, notifyTurn } from "./notify.js";
import { SeatPanel } from "./seats.js";
import { html, render } from "./ui.js";

const params = new URLSearchParams(location.search);
const gameId = params.get("game");
const hotseat = params.get("hotseat");
const token = params.get("token") || hotseat || "";
const replayMode = params.has("replay");
/** Just created in the lobby (which came straight here): say where this seat's link is kept
 * and give the invite links, once (a reload does not show it again). */
const justCreated = params.has("created") ? savedGame() : null;
if (params.has("created")) {
  params.delete("created");
  history.replaceState(null, "", `${location.pathname}?${params}`);
}

function savedGame() {
  try { return JSON.parse(localStorage.getItem("newdawn.seats") || "{}")[gameId] || { seats: [] }; } catch (_e) { return { seats: [] }; }
}

/** Pauses between the steps of other seats' play, in ms (the player chooses; 0 = instantly). */
export const SPEEDS = [["instant", 0], ["fast", 350], ["normal", 800], ["slow", 1600]];

function savedSpeed() {
  const q = params.get("speed");
  if (q !== null && SPEEDS.some(([n]) => n === q)) return q;
  try { return localStorage.getItem("newdawn.speed") || "fast"; } catch (_e) { return "fast"; }
}

const S = {
  content: null, model: null, groups: [], groupIndex: new Map(), version: -1,
  queue: [], lastShown: 0, timer: null, fresh: true, marked: [],
  conn: replayMode ? "replay" : "connecting", ws: null, wsRetry: 0, busy: false, sentAt: -1,
  error: "", info: null, selected: null, preview: null, focusKeys: null, hover: null, menu: null,
  term: null, created: justCreated, undoing: false, guideLocal: null, guideBusy: false, lastCombat: null, finishedCombat: null, lastKeys: null, lastMoves: null, steps: [], autoSent: -1, showEnd: true, legend: false, help: false,
  speed: savedSpeed(), tools: null, replay: { step: 0, steps: 0, text: "", playing: null }, timings: [], trace: [],
};

/** The last messages sent and received (for the browser tests' diagnostics). */
function trace(what) {
  S.trace.push(what);
  if (S.trace.length > 40) S.trace.shift();
}
window.__newdawn = S; // for the browser tests and the latency benchmark

// ---------------------------------------------------------------- rendering

function regionOf(el) {
  if (!el || !el.closest) return null;
  return el.closest("#decision") ? "decision" : el.closest(".map") ? "map" : el.closest("#menu") ? "menu" : "other";
}

/** Draw the table from S. Never re-entered: the browser fires focus and blur events while
 * Preact changes the page (a focused button that a new view removes is blurred in the middle of
 * the diff, and the focus kept below moves it), and their handlers ask for a redraw. A redraw
 * inside Preact's diff would leave Preact holding elements no longer in the page, so that every
 * later view, answer and refusal went into detached elements: the page seemed stuck on the old
 * version until reloaded. Such a request is remembered and done once the current draw ends. */
let drawing = false;
let drawAgain = false;
function rerender() {
  if (!S.model || !S.content) return;
  if (drawing) { drawAgain = true; return; }
  drawing = true;
  try {
    for (let i = 0; i < 4; i++) { // a redraw asked for meanwhile; the focus settles in one or two
      drawAgain = false;
      draw();
      if (!drawAgain) break;
    }
  } finally {
    drawing = false;
  }
}

function draw() {
  render(html`<${App} s=${{ ...S }} />`, document.getElementById("app"));
  // Focus stays where the player was: when the focused button or space went away (or was
  // disabled while the action was sent), the first choice of the same place gets the focus.
  const region = S.focusRegion;
  const lost = !document.activeElement || document.activeElement === document.body;
  if (lost && !S.busy && (region === "decision" || region === "map" || region === "menu")) {
    const first = (sel) => document.querySelector(sel);
    const inDecision = "#decision button.opt:not([disabled])";
    const next = region === "map" ? first(".map .target") || first(inDecision) : first(inDecision) || first(".map .target");
    if (next) next.focus({ preventScroll: true });
  }
  const m = S.model;
  markGuideTarget(replayMode ? null : currentGuide(m.msg.guide, S.guideLocal));
  document.body.dataset.version = String(replayMode ? S.replay.step : m.msg.version);
  document.body.dataset.actions = String(m.msg.view.version);
  document.body.dataset.mine = String(isMine());
  document.body.dataset.decisionSeat = String(m.decision.seat);
  document.body.dataset.conn = S.conn;
  document.body.dataset.pending = String(S.queue.length);
  document.title = `${isMine() ? "● Your move · " : ""}newdawn · ${gameId}`;
  if (!replayMode) notifyTurn(isMine(), m.msg.decision.text, gameId);
}

function isMine() {
  return !!(S.model && S.model.decision.options.length && !S.model.end) && !autoPending();
}

/** The decision asks nothing (a focus card with no trade token to spend, decision.auto_action):
 * the table answers it itself and the player is not asked. If that answer was refused, the
 * question is shown as usual. */
function autoPending() {
  const m = S.model;
  if (!m || replayMode || m.end || !m.decision.auto_action || !m.decision.options.length) return false;
  return S.autoSent !== m.msg.version || S.busy;
}

function autoAnswer() {
  const m = S.model;
  if (!autoPending() || S.busy || S.conn !== "live" || S.queue.length || S.autoSent === m.msg.version) return;
  S.autoSent = m.msg.version;
  send(m.decision.auto_action);
}

/** Map targets of the pending decision: key -> options; two-click moves: source -> options. */
function targetsOf(model) {
  const opts = model.decision.options;
  const onMap = opts.filter((o) => !["focus", "confirm", "skip", "back", "tokens", "pay"].includes(o.kind)
    && (o.dstKey || o.keys.length));
  const srcs = new Set(onMap.filter((o) => o.srcKey && o.dstKey && o.srcKey !== o.dstKey).map((o) => o.srcKey));
  const twoClick = srcs.size > 1;
  const targets = new Map();
  const add = (k, o) => { if (!targets.has(k)) targets.set(k, []); targets.get(k).push(o); };
  for (const o of onMap) {
    if (twoClick && o.srcKey && o.dstKey) {
      if (S.selected === o.srcKey) add(o.dstKey, o);
      else if (!S.selected) add(o.srcKey, o);
    } else add(o.dstKey || o.keys[0], o);
  }
  if (twoClick && S.selected && !targets.has(S.selected)) targets.set(S.selected, []);
  // One gesture to a far destination: the server lists where a piece can still go and the
  // engine steps that lead there (decision.reach, from the step decision or from the choice of
  // the piece: one click chooses the piece and moves it); the table sends the steps itself. A
  // space two pieces reach gets both (a menu there asks which); a neighbouring space whose option
  // is the first of the steps takes the steps (they end the move there when nothing else is left).
  const viaReach = new Set();
  for (const r of model.decision.reach || []) {
    const key = keyOf(model.index, r.dst);
    if (!key || !(r.steps || []).length) continue;
    const own = targets.get(key);
    const same = own && !viaReach.has(key) && own.length === 1 && own[0].action === r.steps[0] && r.steps.length > 1;
    if (own && !viaReach.has(key) && !same) continue;
    if (!own || same) { targets.set(key, []); viaReach.add(key); }
    targets.get(key).push({ action: `reach ${key} ${targets.get(key).length}`, label: r.label, kind: "reach", steps: r.steps,
      hint: r.hint || null, warning: r.warning || null, keys: [key], targetKeys: [key] });
  }
  for (const o of onMap) o.targetKeys = twoClick ? [o.srcKey] : [o.dstKey || o.keys[0]];
  return { targets, mapOptions: onMap, buttonOptions: opts.filter((o) => !onMap.includes(o)), twoClick };
}

function App({ s }) {
  const m = s.model;
  const c = s.content;
  const mine = isMine();
  const { targets, mapOptions, buttonOptions } = targetsOf(m);
  const disabled = s.busy || (s.conn !== "live" && !replayMode);
  const me = m.msg.seat >= 0 ? m.msg.seat : (mine ? m.decision.seat : -1);
  const meP = m.players[m.msg.seat];
  return html`
    <header class="topbar">
      <a href="/" class="home" title="lobby">newdawn</a>
      <span id="who" class="who">${replayMode ? `Replay · ${gameId}` : hotseat ? "Hot seat" : meP
        ? html`<${Swatch} color=${meP.color} /><span class="long">You: ${meP.name}</span><span class="short">${meP.short}</span>` : "Spectator"}${m.msg.practice_note
        ? html` <span class="practice" title=${m.msg.practice_note}>· practice</span>` : null}</span>
      ${m.turn ? html`<span class="tb-round">${m.turn.round_short}</span>` : null}
      <span id="conn" class=${`conn ${s.conn}`} role="status">${{ live: "live", connecting: "connecting…", offline: "offline: reconnecting…", replay: "replay" }[s.conn]}</span>
      <span class="spacer"></span>
      ${replayMode ? null : html`<label class="speed" title="how fast other players' moves play out">
        <span class="lbl">Others' moves</span>
        <select id="speed" aria-label="speed of other players' moves" value=${s.speed} onChange=${(e) => setSpeed(e.target.value)}>
          ${SPEEDS.map(([n]) => html`<option key=${n} value=${n} selected=${s.speed === n}>${n}</option>`)}</select></label>`}
      ${s.queue.length ? html`<button type="button" id="catch-up" class="small" onClick=${catchUp}>skip ${s.queue.length} ▸▸</button>` : null}
      ${replayMode ? null : html`<${Bell} />`}
      <button type="button" id="help-btn" onClick=${() => { S.help = true; rerender(); }}>How to play</button>
      ${replayMode || !token || m.end ? null : html`<button id="undo" type="button" disabled=${disabled || (m.undo && !m.undo.allowed)}
        title=${m.undo ? (m.undo.allowed ? "Take back your last decision" : m.undo.reason) : "Take back your last decision"} onClick=${undo}>Undo</button>`}
      <a id="replay-link" class=${replayMode ? "live" : ""} href=${replayMode ? `/table.html?game=${encodeURIComponent(gameId)}` : `/table.html?game=${encodeURIComponent(gameId)}&replay=0`}>${replayMode ? "Live table" : "Replay"}</a>
    </header>
    ${s.conn === "offline" ? html`<div class="banner" role="alert">The connection to the server is lost; reconnecting… (buttons are off until it is back)</div>` : null}
    <div id="layout" style=${s.sideWidth ? `--side-w:${s.sideWidth}px` : ""}>
      <main id="map-pane">
        <${HexMap} model=${m} content=${c} targets=${targets} selected=${s.selected} preview=${s.preview} focusKeys=${s.focusKeys}
          lastKeys=${s.lastKeys} lastMoves=${s.lastMoves}
          on=${mapHandlers} />
        <div class="map-tools">
          <button type="button" title="zoom in" aria-label="zoom in" onClick=${() => S.tools && S.tools.zoomIn()}>+</button>
          <button type="button" title="zoom out" aria-label="zoom out" onClick=${() => S.tools && S.tools.zoomOut()}>−</button>
          <button type="button" title="fit the map" onClick=${() => S.tools && S.tools.fit()}>fit</button>
          <button type="button" id="legend-btn" aria-expanded=${s.legend} onClick=${() => { S.legend = !S.legend; rerender(); }}>legend</button>
        </div>
        ${s.legend ? html`<${Legend} content=${c} onClose=${() => { S.legend = false; rerender(); }} />` : null}
        ${s.hover ? html`<${Tooltip} hover=${s.hover} model=${m} targets=${targets} mine=${mine} />` : null}
        ${s.menu ? html`<${Menu} menu=${s.menu} disabled=${disabled} />` : null}
        ${replayMode ? html`<${ReplayBar} r=${s.replay} />` : null}
      </main>
      <aside id="side" class=${s.sideWidth >= 2 * SIDE_COLUMN ? "two" : ""}><div class="side-a">
        ${replayMode ? null : html`<${GuidePanel} guide=${currentGuide(m.msg.guide, s.guideLocal)} busy=${s.guideBusy}
          onNext=${() => guideStep({ step: currentGuide(m.msg.guide, S.guideLocal).step + 1 })} onLeave=${() => guideStep({ leave: true })} />`}
        <${ChanceBar} insight=${m.msg.insight} players=${m.players} />
        <${DecisionPanel} model=${m} content=${c} mine=${mine} auto=${autoPending()} mapOptions=${mapOptions} buttonOptions=${buttonOptions} selected=${s.selected}
          disabled=${disabled} onChoose=${choose} onHoverOption=${hoverOption} hotseat=${!!hotseat} onPlaces=${hoverPlaces} />
        ${replayMode ? html`<section class="panel" id="chart-panel"><${ChanceChart} gameId=${gameId} players=${m.players} version=${s.replay.steps} step=${s.replay.step} /></section>`
          : html`<${HintPanel} model=${m} mine=${mine && !disabled} gameId=${gameId} token=${token} onFocus=${hoverOption} />`}
        ${s.created ? html`<${CreatedNote} rec=${s.created} onClose=${() => { S.created = null; rerender(); }} />` : null}
        ${replayMode ? null : html`<${SeatPanel} msg=${m.msg} token=${token} gameId=${gameId} />`}
        ${m.end && !s.showEnd ? html`<section class="panel"><button type="button" class="primary" onClick=${() => { S.showEnd = true; rerender(); }}>Show the result</button></section>` : null}
        <p id="error" class="error" role="alert">${s.error}</p>
        ${s.info ? html`<section id="info" class="panel info"><button type="button" class="close small" onClick=${() => { S.info = null; S.focusKeys = null; rerender(); }}>×</button>
          <b>${s.info.title}</b><p>${s.info.text}</p>${s.info.terms ? html`<${TermLinks} content=${c} ids=${s.info.terms} />` : null}</section>` : null}
        <${CombatPanel} combat=${m.combat || (s.finishedCombat && s.finishedCombat.combat)} finished=${m.combat ? null : s.finishedCombat}
          players=${m.players} onDismiss=${() => { S.finishedCombat = null; rerender(); }} />
        <${ProductionPanel} production=${m.production} />
        <${Summaries} summaries=${m.summaries} players=${m.players} content=${c} /></div><div class="side-b">
        <${GoalPanel} goal=${m.goal} players=${m.players} me=${me} />
        <${TurnPanel} turn=${m.turn} players=${m.players} stackSize=${m.msg.view.stack_size} />
        <${WonderMarket} wonders=${m.wonders} />
        <details id="log-box" open><summary>Game log</summary>
          <${GameLog} groups=${s.groups} players=${m.players} gameId=${gameId} version=${m.msg.view.version} onPlaces=${hoverPlaces} content=${c} /></details>
        <details id="boards-box" open><summary>Players</summary><div id="boards">
          ${m.msg.view.players.map((p, i) => html`<${PlayerBoard} key=${i} p=${p} words=${(m.msg.boards || [])[i]} content=${c}
            info=${m.players[i]} deciding=${m.decision.seat === i && !m.end} mine=${i === m.msg.seat} seat=${i} />`)}</div></details>
      </div></aside>
    </div>
    ${m.end && s.showEnd ? html`<${EndScreen} end=${m.end} players=${m.players} goal=${m.goal} gameId=${gameId} busy=${s.busy}
      onClose=${() => { S.showEnd = false; rerender(); }} onRematch=${rematch}
      chart=${html`<${ChanceChart} gameId=${gameId} players=${m.players} version=${m.msg.version} />`} />` : null}
    ${s.help ? html`<${HelpPage} content=${c} onClose=${() => { S.help = false; rerender(); }} />` : null}
    ${s.term ? html`<${TermCard} content=${c} id=${s.term} onClose=${() => { S.term = null; rerender(); }} />` : null}`;
}

function CreatedNote({ rec, onClose }) {
  const invites = (rec.seats || []).filter((x) => x.invite_url);
  const abs = (u) => new URL(u, location.href).href;
  return html`<section id="created-note" class="panel info"><button type="button" class="close small" onClick=${onClose}>×</button>
    <b>Your game is ready</b>
    <p>This page's address is ${hotseat ? "the hot-seat link" : "your seat's link"}: bookmark it, or find it again in the lobby,
      under Games ("links" shows every link of a game created in this browser).</p>
    ${invites.length ? html`<p>Send each invited player their link (whoever opens it first takes the seat):</p>
      <ul class="links">${invites.map((x) => html`<li key=${x.seat}>${x.name || x.seat + 1}: <code class="invite-url">${abs(x.invite_url)}</code>
        <button type="button" class="small" onClick=${() => navigator.clipboard && navigator.clipboard.writeText(abs(x.invite_url))}>copy</button></li>`)}</ul>` : null}
  </section>`;
}

/** The hovered space in the server's words (describe/table.py, the message's `space_words`): its
 * terrain's line, a line for each thing standing there; no word is made here. */
function Tooltip({ hover, model, targets, mine }) {
  const key = hover.key;
  const s = model.index.byKey.get(key);
  const w = model.words;
  // Each thing there by its key in `titles` (a server before the titles sent the lines themselves).
  const things = (w.pieces[String(s ? s.id : "")] || []).map((k) => (w.titles ? w.titles[k] : k));
  const lines = s ? [firstLine(w, s), ...things, model.touched.has(key) ? w.touched : ""] : [w.off_map];
  const opts = targets.get(key);
  let why = null;
  if (opts && opts.length) why = html`<div class="legal">${w.click}: ${opts.map((o) => o.label).join(" | ")}${opts.some((o) => o.warning) ? html`<div class="owarn">⚠ ${opts.find((o) => o.warning).warning}</div>` : null}</div>`;
  else if (mine) why = html`<div class="why">${whyNot(model, key)}</div>`;
  const style = hover.x !== undefined ? `left:${hover.x}px;top:${hover.y}px` : "";
  return html`<div id="tooltip" class="tooltip" data-key=${key} style=${style} role="tooltip">${lines.filter(Boolean).map((l, i) => html`<div key=${i}>${l}</div>`)}${why}</div>`;
}

/** A space's first line: its terrain and difficulty (a fort's own line). */
function firstLine(w, s) {
  return (s.fort ? w.fort : w.terrain)[s.terrain] || "";
}

/** Why the space is not a choice now: the engine's reason for that space, else the decision's. */
function whyNot(model, key) {
  return model.decision.whyNot.get(key) || model.decision.noTargetReason || model.words.no_reason;
}

function Menu({ menu, disabled }) {
  return html`<div id="menu" class=${`menu${menu.docked ? " docked" : ""}`} style=${`left:${menu.x}px;top:${menu.y}px`} role="menu">
    <div class="mtitle">${menu.title}</div>
    ${menu.note ? html`<div class="owarn">⚠ ${menu.note}</div>` : null}
    ${menu.options.map((o, i) => html`<button key=${o.action} type="button" class="opt" role="menuitem" data-action=${o.action} disabled=${disabled}
      ref=${i === 0 ? (el) => { if (el && menu.focus) { menu.focus = false; el.focus(); } } : null}
      onMouseEnter=${() => hoverOption(o)} onFocus=${() => hoverOption(o)}
      onClick=${() => { S.menu = null; choose(o); }}>${o.label}${o.hint ? html`<span class="ohint">${o.hint}</span>` : null}</button>`)}
    <button type="button" class="small" onClick=${closeMenu}>cancel</button></div>`;
}

function ReplayBar({ r }) {
  return html`<div id="replay-bar" class="replay-bar">
    <button type="button" id="rp-first" onClick=${() => loadStep(0)}>|◀</button>
    <button type="button" id="rp-prev" onClick=${() => loadStep(r.step - 1)}>◀</button>
    <input type="range" id="rp-step" min="0" max=${r.steps} value=${r.step} aria-label="replay step" onInput=${(e) => loadStep(Number(e.target.value))} />
    <button type="button" id="rp-next" onClick=${() => loadStep(r.step + 1)}>▶</button>
    <button type="button" id="rp-last" onClick=${() => loadStep(r.steps)}>▶|</button>
    <button type="button" id="rp-play" onClick=${togglePlay}>${r.playing ? "pause" : "play"}</button>
    <span id="rp-label">${r.text || ""}</span></div>`;
}

// ---------------------------------------------------------------- the map's clicks and hovers

const mapHandlers = {
  click: onHexClick,
  hover(key, ev) {
    if (S.hover && S.hover.key === key) return;
    const pane = document.getElementById("map-pane").getBoundingClientRect();
    const at = ev ? { x: Math.min(ev.clientX - pane.left + 14, pane.width - 250), y: Math.min(ev.clientY - pane.top + 14, pane.height - 90) }
      : (() => { const p = S.tools ? S.tools.screenOf(key) : { x: 0, y: 0 }; return { x: Math.min(p.x - pane.left + 18, pane.width - 250), y: Math.min(p.y - pane.top + 18, pane.height - 90) }; })();
    S.hover = { key, x: Math.max(0, at.x), y: Math.max(0, at.y) };
    const opts = targetsOf(S.model).targets.get(key) || [];
    const tile = opts.find((o) => o.kind === "tile" && o.cells);
    if (tile) S.preview = tile.cells;
    else if (!S.menu) S.preview = null;
    rerender();
  },
  leave() {
    const stuck = S.preview && !S.menu; // a tile previewed under the pointer goes with it
    if (!S.hover && !stuck) return;
    S.hover = null;
    if (stuck) S.preview = null;
    rerender();
  },
  tools(t) { S.tools = t; },
  bounds(b) { S.mapSize = b; sideLayout(); },
};

/** The map fills the height beside the panels; when it needs less width than it is given (a
 * tall map on a wide screen), the panels take the rest (in two columns once there is room for
 * two) instead of leaving empty space beside the map. */
const SIDE_COLUMN = 300;
function sideLayout() {
  const b = S.mapSize;
  const layout = document.getElementById("layout");
  const base = window.innerWidth >= 1500 ? 520 : 440;
  let side = null;
  if (b && layout && window.innerWidth > 1000) {
    const needW = (layout.clientHeight * b.w) / b.h + 64; // and the zoom buttons beside it
    const spare = Math.floor(window.innerWidth - base - needW);
    if (spare > 16) side = Math.min(base + spare, 2 * base);
  }
  if (side !== S.sideWidth) { S.sideWidth = side; rerender(); }
}
window.addEventListener("resize", () => sideLayout());

function hoverOption(o) {
  S.focusKeys = o ? [...new Set([...(o.keys || []), o.srcKey, o.dstKey].filter(Boolean))] : null;
  S.preview = o && o.kind === "tile" && o.cells ? o.cells : (S.menu ? S.preview : null);
  rerender();
}

/** The places a log entry names (space ids), highlighted on the map while it is pointed at. */
function hoverPlaces(ids) {
  const keys = ids && S.model ? ids.map((x) => keyOf(S.model.index, x)).filter(Boolean) : [];
  const next = keys.length ? keys : null;
  if (JSON.stringify(next) === JSON.stringify(S.focusKeys)) return;
  S.focusKeys = next;
  rerender();
}

function closeMenu() {
  S.menu = null; S.preview = null; S.focusKeys = null;
  rerender();
}

function onHexClick(key, ev) {
  if (!S.model || S.busy) return;
  S.hover = null; // a tap leaves no tooltip over the spaces to tap next
  const { targets, twoClick } = targetsOf(S.model);
  const opts = targets.get(key);
  if (twoClick && (S.selected === key || (!opts && S.selected))) { S.selected = null; rerender(); return; }
  if (!opts || !opts.length) {
    const s = S.model.index.byKey.get(key);
    const w = S.model.words;
    // The space by its terrain, not its coordinates (issue 39 §3); the reason names the rest.
    const where = s ? firstLine(w, s) : w.off_map;
    S.info = { title: isMine() ? `${where}: ${w.not_a_choice}` : where, text: isMine() ? whyNot(S.model, key) : "", terms: termsAt(S.model, key) };
    S.focusKeys = [key]; // the panel speaks of this space: marked on the map until it closes
    rerender();
    return;
  }
  if (twoClick && !S.selected && opts.every((o) => o.srcKey === key)) { S.selected = key; S.hover = null; rerender(); return; }
  const pane = document.getElementById("map-pane").getBoundingClientRect();
  const p = ev ? { x: ev.clientX, y: ev.clientY } : (S.tools ? S.tools.screenOf(key) : { x: pane.left, y: pane.top });
  const pos = { x: Math.max(4, Math.min(p.x - pane.left + 10, pane.width - 230)), y: Math.max(4, Math.min(p.y - pane.top + 10, pane.height - 160)) };
  // One option without a warning: choose it. Several, or one that warns (a fight): a menu to confirm.
  if (opts.length === 1 && !opts[0].warning) { choose(opts[0]); return; }
  // The space by its terrain, as in the tooltip, not by its coordinates (issue 39 §3).
  const w = S.model.words;
  const s = S.model.index.byKey.get(key);
  const where = s ? firstLine(w, s) : w.off_map;
  S.menu = { ...pos, title: opts.length === 1 && opts[0].warning ? `${where}: ${w.sure || ""}` : where, options: opts,
    focus: !ev, docked: opts.some((o) => o.cells) };
  S.hover = null;
  rerender();
}

// ---------------------------------------------------------------- acting (over the WebSocket)

function choose(o) {
  if (o.kind === "focus") S.finishedCombat = null; // a new turn: the last fight's result has been seen
  if (o.kind === "reach") {
    S.steps = o.steps.slice(1);
    send(o.steps[0]);
    return;
  }
  S.steps = [];
  send(o.action);
}

/** After each view of a one-gesture move: send the next step while it is still offered. */
function nextStep(model) {
  if (!S.steps || !S.steps.length) return;
  const next = S.steps[0];
  if (model.decision.options.some((o) => o.action === next) && !model.end) {
    S.steps.shift();
    setTimeout(() => send(next), 0);
  } else S.steps = [];
}

function send(action) {
  if (S.busy || !S.model) return;
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) { S.error = "Not connected: wait until the table is live again."; rerender(); return; }
  S.busy = true; S.sentAt = S.model.msg.version; S.error = ""; S.menu = null; S.info = null; S.focusKeys = null;
  trace(`send ${action} @${S.model.msg.version}`);
  S.ws.send(JSON.stringify({ type: "action", version: S.model.msg.version, action }));
  rerender();
}

async function undo() {
  if (S.busy || !S.model) return;
  S.error = ""; S.undoing = true;
  try {
    await postJSON(`/api/games/${encodeURIComponent(gameId)}/undo`, { token, version: S.model.msg.version });
  } catch (e) {
    S.undoing = false;
    S.error = `Cannot undo: ${e.message}`;
    rerender();
  }
}

/** After an undo, a step the table would answer by itself (decision.auto_action) is taken back
 * too, until a decision the player makes is reached; one that may not be taken back is shown
 * as a question instead of being answered again at once. */
function undoOnward(model) {
  const v = model.msg.version;
  if (!model.decision.auto_action) { S.undoing = false; return; }
  S.autoSent = v; // not answered by the table: the player sees it (or it is taken back below)
  if (!model.undo || !model.undo.allowed || model.end) { S.undoing = false; return; }
  postJSON(`/api/games/${encodeURIComponent(gameId)}/undo`, { token, version: v }).catch((e) => {
    S.undoing = false; S.error = `Cannot undo: ${e.message}`; rerender();
  });
}

/** The learner's "Next" or "Leave the guide" (guide.js). */
async function guideStep(body) {
  if (S.guideBusy) return;
  S.guideBusy = true; S.error = ""; rerender();
  try {
    S.guideLocal = await guideRequest(gameId, token, body);
  } catch (e) {
    S.error = `Guide: ${e.message}`;
  } finally {
    S.guideBusy = false; rerender();
  }
}

async function rematch() {
  const m = S.model;
  S.busy = true; rerender();
  try {
    const seats = (m.msg.seats || []).map((x) => (x.kind === "bot" ? { kind: "bot", bot: x.bot } : { kind: x.kind === "ap" ? "ap" : "human" }));
    const cfg = m.msg.view.config || {};
    const res = await postJSON("/api/games", {
      seats, leaders: m.msg.view.players.map((p) => p.leader), max_rounds: m.turn ? m.turn.max_rounds : null, hotseat: !!hotseat,
      ruleset: cfg.ruleset || "ti", map: cfg.map ?? null, epic: cfg.epic ?? null,
    });
    const mine = res.seats.find((x) => x.seat === m.msg.seat && x.url) || res.seats.find((x) => x.url);
    location.href = hotseat && res.hotseat_url ? res.hotseat_url : mine ? mine.url : res.spectator_url;
  } catch (e) {
    S.busy = false; S.error = `Could not start a rematch: ${e.message}`; rerender();
  }
}

function setSpeed(name) {
  S.speed = name;
  try { localStorage.setItem("newdawn.speed", name); } catch (_e) { /* private browsing */ }
  if (name === "instant") catchUp(); else rerender();
}

function catchUp() {
  clearTimeout(S.timer); S.timer = null;
  while (S.queue.length) { const item = S.queue.shift(); if (!item.mark) show(item, false); }
  rerender();
}

// ---------------------------------------------------------------- receiving views

function pause() {
  return (SPEEDS.find(([n]) => n === S.speed) || SPEEDS[1])[1];
}

/** Others' steps are paced at the chosen speed; the viewer's own and the first view show at once. */
function receive(msg, t0) {
  if (msg.version <= S.version && !S.fresh) {
    if (msg.version === S.version) { // seats came or went: the same state, new presence
      if (S.queue.length) S.queue[S.queue.length - 1] = { msg, groups: S.queue[S.queue.length - 1].groups };
      else { S.model = toModel(msg, S.content, S.model); rerender(); }
    }
    return;
  }
  if (S.busy && msg.version > S.sentAt) S.busy = false;
  const groups = logGroups(msg);
  const byOthers = groups.some((g) => g.seat >= 0 && !(msg.acting || [msg.seat]).includes(g.seat));
  if (S.fresh || !byOthers || pause() === 0) {
    if (S.queue.length) S.queue.push({ msg, groups }); else show({ msg, groups }, true, t0);
  } else S.queue.push({ msg, groups });
  S.version = Math.max(S.version, msg.version);
  pump();
}

function pump() {
  if (S.timer || !S.queue.length) { rerender(); return; }
  const wait = Math.max(0, S.lastShown + pause() - performance.now());
  S.timer = setTimeout(() => {
    S.timer = null;
    if (S.queue.length) step(S.queue.shift());
    pump();
  }, wait);
  rerender();
}

/** One paced step: a view, or first each step of an Automated Player's turn inside it. */
function step(item) {
  if (item.mark) { mark(item.mark); return; }
  const marks = item.paced ? [] : apSteps(item);
  if (!marks.length) { show(item, true); return; }
  S.queue.unshift(...marks.slice(1).map((m) => ({ mark: m })), { ...item, paced: true });
  mark(marks[0]);
}

/** The steps of the Automated Player's turns new in a view (its log groups of part 1, 2...): one
 * for each entry that names other spaces than the entry before it, so that the AP's turn, which the engine plays as one action,
 * is marked on the map entry by entry with a bot step's pause, and only then its end state shows. */
function apSteps({ msg, groups }) {
  const upto = msg.view.version;
  const index = spaceIndex(msg.board);
  return groups.filter((g) => (g.part || 0) > 0 && g.n <= upto && !S.groupIndex.has(groupKey(g)))
    .flatMap((g) => g.entries.filter((e, i) => ((e.spaces || []).length || (e.moves || []).length)
      && !(i > 0 && !(e.moves || []).length && same(e.spaces, g.entries[i - 1].spaces))).map((e) => ({ group: g, entry: e, index })));
}

/** Whether two lists of space ids are the same (an entry ringing its previous entry's spaces
 * again, a fight and its result, is not a step of its own). */
function same(a, b) {
  return JSON.stringify(a || []) === JSON.stringify(b || []);
}

/** An Automated Player's step: its log group shows (with the entries still to come), its spaces
 * are ringed and its moves drawn as the last step's, over the state before its turn. */
function mark({ group, entry, index }) {
  if (!S.groupIndex.has(groupKey(group))) {
    S.groups = S.groups.concat([group]).sort((a, b) => a.n - b.n || (a.part || 0) - (b.part || 0));
    S.groupIndex = new Map(S.groups.map((g) => [groupKey(g), g]));
    S.marked.push(group);
  }
  markLast([entry], index);
  S.lastShown = performance.now();
  rerender();
}

/** Ring the spaces of log ``entries`` and draw their moves as the map's last step. */
function markLast(entries, index) {
  S.lastKeys = [...new Set(entries.flatMap((e) => (e.spaces || []).map((x) => keyOf(index, x))).filter(Boolean))];
  S.lastMoves = entries.flatMap((e) => (e.moves || []).map((mv) => ({
    kind: mv.kind, from: keyOf(index, mv.from), to: keyOf(index, mv.to),
  }))).filter((mv) => mv.from && mv.to && mv.from !== mv.to);
}

function show({ msg, groups }, draw, t0) {
  const first = S.fresh;
  if (S.fresh) { S.groups = []; S.groupIndex = new Map(); S.fresh = false; S.marked = []; }
  const upto = msg.view.version;
  let list = S.groups;
  if (list.length && list[list.length - 1].n > upto) list = list.filter((g) => g.n <= upto); // after an undo
  const added = [];
  for (const g of groups) {
    if (g.n > upto) continue;
    if (S.groupIndex.get(groupKey(g)) === g) continue;
    added.push(g);
  }
  if (added.length || list !== S.groups) {
    const keep = list.filter((g) => !added.some((a) => groupKey(a) === groupKey(g)));
    S.groups = keep.concat(added).sort((a, b) => a.n - b.n || (a.part || 0) - (b.part || 0));
    S.groupIndex = new Map(S.groups.map((g) => [groupKey(g), g]));
  }
  const prev = S.model;
  const model = toModel(msg, S.content, prev);
  if (model.combat) { S.lastCombat = model.combat; S.finishedCombat = null; }
  else if (S.lastCombat) {
    const entry = added.flatMap((g) => g.entries).find((e) => e.kind === "combat");
    S.finishedCombat = { combat: S.lastCombat, text: entry ? entry.text : "", round: model.turn ? model.turn.round : 0 };
    S.lastCombat = null;
  } else if (S.finishedCombat && model.turn && model.turn.round !== S.finishedCombat.round) {
    S.finishedCombat = null; // a result stays until dismissed or until the next round, not for rounds
  }
  if (!prev || prev.msg.version !== msg.version) { S.selected = null; S.menu = null; S.preview = null; S.focusKeys = null; }
  if (hotseat && prev && isMine() && model.decision.options.length && prev.decision.seat !== model.decision.seat) {
    S.info = { title: "Hot seat", text: model.decision.who ? model.decision.who.pass : "" };
  }
  S.model = model;
  S.lastShown = performance.now();
  if (added.length || S.marked.length) {
    // The latest step only: a first view (a reload, the spectator, a replay step) brings the
    // whole log, whose every space would otherwise be ringed and every move drawn as an arrow.
    markLast((first ? added.slice(-1) : S.marked.concat(added)).flatMap((g) => g.entries), model.index);
  }
  S.marked = [];
  nextStep(model);
  if (S.undoing && prev && msg.version > prev.msg.version) undoOnward(model);
  if (model.decision.auto_action) setTimeout(autoAnswer, 0);
  rememberSeat(msg);
  if (draw) {
    rerender();
    if (t0 !== undefined) S.timings.push(performance.now() - t0);
  }
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
    else if (!g.seats.some((x) => x.url === url)) g.seats.push({ seat: msg.seat, kind: "human", url });
    all[gameId] = g;
    localStorage.setItem("newdawn.seats", JSON.stringify(all));
  } catch (_e) {
    // private browsing: nothing remembered
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const url = `${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  const ws = new WebSocket(url);
  S.ws = ws;
  ws.onopen = () => { // a send lost with the old connection is not waited for; the auto answer goes again
    S.wsRetry = 0; S.conn = "live"; S.error = ""; S.fresh = true; S.busy = false; S.autoSent = -1; rerender();
  };
  ws.onmessage = (ev) => {
    const t0 = performance.now();
    let m;
    try { m = JSON.parse(ev.data); } catch (_e) { return; }
    trace(`got ${m.type} ${m.type === "view" ? `@${m.version} busy=${S.busy} sentAt=${S.sentAt} S.version=${S.version} queue=${S.queue.length}` : m.error}`);
    if (m.type === "view") receive(m, t0);
    else if (m.type === "error") {
      S.busy = false;
      S.error = m.status === 409 ? `The game moved on meanwhile: here is the new state. (${m.error})` : m.error;
      rerender();
      setTimeout(autoAnswer, 0); // an auto answer held back while another send was out goes now
    }
  };
  ws.onclose = () => {
    if (S.ws !== ws) return;
    S.conn = "offline"; S.busy = false;
    S.wsRetry = Math.min(S.wsRetry + 1, 6);
    rerender();
    setTimeout(connect, 400 * S.wsRetry);
  };
}

// ---------------------------------------------------------------- replay

async function loadStep(n) {
  const step = Math.max(0, Math.min(n, S.replay.steps || n));
  try {
    const res = await getJSON(`/api/games/${encodeURIComponent(gameId)}/replay?step=${step}`);
    S.replay.steps = res.steps ?? S.replay.steps;
    S.replay.step = step;
    S.replay.text = res.step_text || "";
    const u = new URL(location.href);
    u.searchParams.set("replay", String(step));
    history.replaceState(null, "", u);
    S.fresh = true; S.groups = []; S.groupIndex = new Map();
    show({ msg: res, groups: logGroups(res) }, true);
  } catch (e) {
    S.error = e.message; rerender();
  }
}

function togglePlay() {
  const r = S.replay;
  if (r.playing) { clearInterval(r.playing); r.playing = null; rerender(); return; }
  r.playing = setInterval(() => {
    if (r.step >= r.steps) { clearInterval(r.playing); r.playing = null; rerender(); return; }
    loadStep(r.step + 1);
  }, 700);
  rerender();
}

// ---------------------------------------------------------------- start

async function main() {
  const app = document.getElementById("app");
  if (!gameId) { app.textContent = "No game given: open a game from the lobby."; return; }
  if (params.get("invite")) {
    // An invite link: claim its seat once, then continue at the seat's own (secret) link.
    try {
      const res = await postJSON(`/api/games/${encodeURIComponent(gameId)}/claim`, { invite: params.get("invite") });
      location.replace(res.url);
    } catch (e) {
      app.textContent = `Could not take this seat: ${e.message}`;
    }
    return;
  }
  initInsight(rerender);
  document.addEventListener("focusin", (ev) => { S.focusRegion = regionOf(ev.target); });
  // A piece carrying a glossary id opens its entry when tapped or clicked (glossary.js).
  document.addEventListener("click", (ev) => {
    const t = ev.target && ev.target.closest ? ev.target.closest("[data-term]") : null;
    if (t && !t.closest("#term-card")) { S.term = t.dataset.term; rerender(); }
  });
  document.addEventListener("keydown", (ev) => {
    const t = ev.target && ev.target.dataset ? ev.target.dataset.term : null;
    if (t && (ev.key === "Enter" || ev.key === " ") && ev.target.tagName !== "BUTTON") { ev.preventDefault(); S.term = t; rerender(); }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      if (S.term) S.term = null; else if (S.help) S.help = false; else if (S.menu) S.menu = null; else if (S.legend) S.legend = false; else S.selected = null;
      S.hover = null;
      S.preview = null; rerender();
    }
    if (replayMode && ev.target === document.body) {
      if (ev.key === "ArrowRight") loadStep(S.replay.step + 1);
      if (ev.key === "ArrowLeft") loadStep(S.replay.step - 1);
    }
  });
  try {
    S.content = await loadContent(gameId);
  } catch (e) {
    app.textContent = `Could not load the game content: ${e.message}`;
    return;
  }
  app.textContent = ""; // Preact renders into an empty element
  if (replayMode) {
    const n = Number(params.get("replay"));
    await loadStep(Number.isFinite(n) ? n : 0);
    return;
  }
  connect();
}

export { playerColor };
main();
