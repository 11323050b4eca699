// The table's panels as Preact components. They show the server's records (labels, hints,
// sentences, parts, progress); the only words made here are headings and fixed explanations.
import { playerColor } from "./common.js";
import { termOf } from "./glossary.js";
import { FOCUS_COLOR } from "./map.js";
import { groupKey } from "./records.js";
import { html, pure, useLayoutEffect, useRef, useState } from "./ui.js";

export function Swatch({ color }) {
  return html`<span class="swatch" style=${`background:${playerColor(color)}`}></span>`;
}

export function SeatTag({ players, seat }) {
  const p = players[seat];
  if (!p) return html`<span class="seat-tag">game</span>`;
  return html`<span class="seat-tag" style=${`--pc:${playerColor(p.color)}`}><${Swatch} color=${p.color} />${p.name}</span>`;
}

// ---------------------------------------------------------------- decision

function OptionButton({ o, disabled, onChoose, extraClass }) {
  return html`<button type="button" class=${`opt k-${o.kind}${o.warning ? " warn" : ""}${extraClass || ""}`}
    data-action=${o.action} data-kind=${o.kind} disabled=${disabled} title=${o.hint || null}
    onClick=${() => onChoose(o)}>
    <span class="olabel">${o.label}</span>
    ${o.hint ? html`<span class=${o.kind === "focus" || o.kind === "tokens" ? "ohint" : "ohint touch-only"}>${o.hint}</span>` : null}
    ${o.warning ? html`<span class="owarn">⚠ ${o.warning}</span>` : null}
  </button>`;
}

/** The pending decision: who decides, the question, the options (buttons or map targets). */
export function DecisionPanel({ model, content, mine, auto, mapOptions, buttonOptions, selected, disabled, onChoose, onHoverOption, hotseat, onPlaces }) {
  const d = model.decision;
  const players = model.players;
  if (model.end) return null;
  const p = players[d.seat];
  const waiting = !mine;
  const focus = buttonOptions.filter((o) => o.kind === "focus");
  // A few named choices that also stand on the map (an army, a caravan, a city) are buttons too.
  const named = mapOptions.filter((o) => o.kind === "choice");
  const rest = [...buttonOptions.filter((o) => o.kind !== "focus"), ...(named.length <= 6 ? named : [])];
  const how = d.mapHint; // how to answer on the map, in the server's words
  const who = d.who; // the heading, in the server's words
  return html`<section id="decision" class="panel decision" aria-live="polite" style=${p ? `--pc:${playerColor(p.color)}` : ""}>
    <div class="decider">
      ${p ? html`<${Swatch} color=${p.color} />` : null}
      ${!who ? null : auto ? html`<b>${hotseat && p ? who.card_named : who.card}</b>`
        : waiting ? html`<span>${who.waiting}</span>`
        : html`<b>${hotseat && p ? who.yours_named : who.yours}</b>`}
    </div>
    ${auto ? html`<p class="dtext" id="decision-text">No trade token can be spent on it: it is played now…</p>`
      : html`<p ...${placeProps(d, onPlaces)} id="decision-text" class=${`dtext${d.spaces.length && onPlaces ? " places" : ""}`}>${d.text}</p>`}
    ${d.help ? html`<p class="dhelp">${d.help}</p>` : null}
    ${mine && mapOptions.length && how ? html`<p class="hint" id="map-hint">${selected && how.selected ? how.selected : how.text}</p>` : null}
    ${mine && focus.length ? html`<div class="focus-options">${focus.map((o) => html`<${FocusButton} key=${o.action} o=${o} type=${((content.focus_cards || {})[o.card] || {}).type} disabled=${disabled} onChoose=${onChoose} onHover=${onHoverOption} />`)}</div>` : null}
    ${mine && rest.length ? html`<div class="buttons">${rest.map((o) => html`<${OptionButton} key=${o.action} o=${o} disabled=${disabled} onChoose=${onChoose} />`)}</div>` : null}
    ${mine && mapOptions.length ? html`<details class="all-options"><summary>${how ? how.listed : ""}</summary>
      <div class="buttons">${mapOptions.map((o) => html`<span key=${o.action} onMouseEnter=${() => onHoverOption(o)} onMouseLeave=${() => onHoverOption(null)}><${OptionButton} o=${o} disabled=${disabled} onChoose=${onChoose} /></span>`)}</div></details>` : null}
  </section>`;
}

function FocusButton({ o, type, disabled, onChoose, onHover }) {
  return html`<button type="button" class=${`opt focus-opt${o.warning ? " warn" : ""}`} data-action=${o.action} data-kind="focus"
    disabled=${disabled} style=${`--fc:${FOCUS_COLOR[type] || "#888"}`} onClick=${() => onChoose(o)}
    onMouseEnter=${() => onHover(o)} onMouseLeave=${() => onHover(null)} onFocus=${() => onHover(o)} onBlur=${() => onHover(null)}>
    <span class="olabel">${o.label}</span>
    ${o.slot !== null && o.slot !== undefined ? html`<span class="slotno" title="slot">${o.slot}</span>` : null}
    ${o.hint ? html`<span class="ohint">${o.hint}</span>` : null}
    ${o.warning ? html`<span class="owarn">⚠ ${o.warning}</span>` : null}
  </button>`;
}

// ---------------------------------------------------------------- combat and production

function Side({ title, s, players }) {
  return html`<div class="cside">
    <h4>${title}: ${s.seat >= 0 ? html`<${SeatTag} players=${players} seat=${s.seat} />` : s.name}</h4>
    <table><tbody>
      <tr class="die"><td>die</td><td class="num"><span class="die-face">${s.die}</span></td></tr>
      ${(s.parts || []).map((p, i) => html`<tr key=${i}><td>${p.label}</td><td class="num">+${p.value}</td></tr>`)}
      <tr><td>trade tokens spent</td><td class="num">+${s.tokens}</td></tr>
      <tr class="total"><td>total</td><td class="num">${s.total}</td></tr>
    </tbody></table></div>`;
}

/** The combat in progress, or the last one (kept until dismissed, with its result). */
export function CombatPanel({ combat, finished, players, onDismiss }) {
  if (!combat) return null;
  return html`<section id="combat" class=${`panel combat${finished ? " finished" : ""}`}>
    <h3>${finished ? "Combat result" : "Combat"}: ${combat.target_text || combat.target}</h3>
    <div class="csides"><${Side} title="Attacker" s=${combat.attacker} players=${players} /><${Side} title="Defender" s=${combat.defender} players=${players} /></div>
    <p class="hint">${combat.ties}${finished || !combat.stage_text ? "" : ` · ${combat.stage_text}`}</p>
    ${finished ? html`<p class="result">${finished.text || combat.totals_text}</p>
      <button type="button" class="small" onClick=${onDismiss}>dismiss</button>` : null}
  </section>`;
}

export function ProductionPanel({ production }) {
  if (!production) return null;
  const p = production;
  return html`<section id="production" class="panel production">
    <h3>${p.title}</h3>
    <div class="csides">
      <div><h4>Production so far</h4><table><tbody>
        ${p.parts.map((x, i) => html`<tr key=${i}><td>${x.label}</td><td class="num">+${x.value}</td></tr>`)}
        <tr class="total"><td>total</td><td class="num">${p.total}</td></tr></tbody></table></div>
      <div><h4>Cost</h4><table><tbody>
        ${p.cost_parts.map((x, i) => html`<tr key=${i}><td>${x.label}</td><td class="num">${x.value}</td></tr>`)}
        <tr class="total"><td>to pay</td><td class="num">${p.cost}</td></tr></tbody></table></div>
    </div>
    <p class="hint">${p.status}</p>
  </section>`;
}

// ---------------------------------------------------------------- goal, turn, wonders

/** The victory cards: both agendas of each, who claimed what, everyone's progress in numbers. */
export const GoalPanel = pure(({ goal, players, me }) => {
  if (!goal) return null;
  const claimedOf = (seat) => ((goal.claimed || []).find((c) => c.seat === seat) || { text: "" }).text;
  return html`<section id="goal" class="panel goal">
    <h3>Goal: ${goal.statement}</h3>
    <div class="claimed">${players.map((p) => html`<span key=${p.seat} class=${`chip cards${p.seat === me ? " me" : ""}`} style=${`--pc:${playerColor(p.color)}`}>
      <${Swatch} color=${p.color} />${p.name}: <b>${claimedOf(p.seat)}</b></span>`)}</div>
    <ol class="vcards">${goal.cards.map((c) => html`<li key=${c.id} class="vcard">
      ${c.agendas.map((a, k) => html`<div key=${a.id} class=${`agenda${a.claimed_by.includes(me) ? " done" : ""}`}>
          ${k ? html`<div class="or">or</div>` : null}
          <div class="aname term" data-term=${`agenda:${a.id}`}>${a.name}${c.fort ? html` <small class="fort">fort</small>` : null}
            ${a.claimed_by.map((s, k) => html`<span key=${s} class="claim" title=${(a.claimed_titles || [])[k] || ""} style=${`background:${playerColor(players[s] && players[s].color)}`}>${s + 1}</span>`)}</div>
          <div class="atext">${a.text}</div>
          <div class="progress">${(a.progress || []).map((x) => html`<span key=${x.seat} class=${`prog${x.seat === me ? " me" : ""}`} title=${x.title}
            style=${`--pc:${playerColor(players[x.seat] && players[x.seat].color)}`}><${Swatch} color=${players[x.seat] && players[x.seat].color} />${x.seat === me ? x.text : x.short}</span>`)}</div>
        </div>`)}</li>`)}</ol>
  </section>`;
});

/** Round, turn order, the event dial with what its next turn does. */
export const TurnPanel = pure(({ turn, players, stackSize }) => {
  if (!turn) return null;
  const d = turn.dial;
  const cur = players[turn.current];
  return html`<section id="turn" class="panel turn">
    <div class="round"><b>${turn.round_text}</b>
      · ${turn.first_text}
      ${cur ? html` · turn: <${SeatTag} players=${players} seat=${turn.current} />` : null}
      ${stackSize !== undefined ? html` · map tiles left ${stackSize}` : null}</div>
    <div class="dial-row"><span class="dial-label">Event dial</span>
      <ol class="event-dial">${d.sections.map((_s, i) => html`<li key=${i} class=${i === d.pos ? "current" : ""} title=${(d.section_texts || [])[i] || ""}>${i + 1}</li>`)}</ol></div>
    <p class="hint next">Next: ${d.next_text}</p>
  </section>`;
});

/** The face-up wonders: cost, era, eligible resources, and whether the viewer could build each now. */
export const WonderMarket = pure(({ wonders }) => {
  if (!wonders || !wonders.length) return null;
  return html`<section id="wonders" class="panel wonders">
    <h3>Wonder market</h3>
    <ul class="wlist">${wonders.map((w) => html`<li key=${w.id} class=${`wonder${w.buildable ? " buildable" : ""}`} title=${w.text} data-term=${`wonder:${w.id}`}
      style=${`--fc:${FOCUS_COLOR[w.type] || "#888"}`}>
      <div class="wtop"><b>${w.name}</b> <span class="tag">${w.type}</span> <span class="tag">${w.era}</span>${" "}
        <span class="cost" title="cost">cost ${w.cost}</span>${w.trade_token ? html` <span class="trade" title="a trade token lies on it: a second one removes it">●</span>` : null}</div>
      <div class="wres">resources: ${w.resources_text}</div>
      <div class="wtext">${w.text}</div>
      <div class=${w.buildable ? "ok" : "why"}>${w.buildable ? "✓ you could build it now" : `✗ ${w.why_not || ""}`}</div>
    </li>`)}</ul>
  </section>`;
});

/** What the other seats did since the viewer's last decision, one block per turn. */
export const Summaries = pure(({ summaries: all, players, content }) => {
  const summaries = (all || []).filter((s) => s.card || s.lines.length);
  if (!summaries.length) return null;
  return html`<section id="summaries" class="panel summaries">
    <h3>Since your last turn</h3>
    ${summaries.map((s, i) => html`<div key=${i} class="summary" style=${`--pc:${playerColor(players[s.seat] && players[s.seat].color)}`}>
      <div><${SeatTag} players=${players} seat=${s.seat} />${s.played ? ` ${s.played}` : null}</div>
      <ul>${s.lines.map((l, j) => html`<li key=${j}>${l}</li>`)}</ul></div>`)}
  </section>`;
});

// ---------------------------------------------------------------- log

/** One action and what followed: its first entry (what the player chose) heads the group. */
/**
 * Pointing at (or tapping) an entry that names places highlights them on the map: the entry
 * carries the space ids as data (its `spaces`), never read from its words.
 */
function placeProps(e, onPlaces) {
  const ids = e && e.spaces && e.spaces.length ? e.spaces : null;
  if (!ids || !onPlaces) return {};
  const show = () => onPlaces(ids);
  const hide = () => onPlaces(null);
  return { "data-spaces": ids.join(" "), class: "places", tabIndex: 0, onMouseEnter: show, onMouseLeave: hide,
    onFocus: show, onBlur: hide, onClick: show };
}

/** The pieces a log entry names (its `terms`, glossary ids), each opening its glossary entry
 * when tapped or clicked (issue 39 §2); their names are the glossary's. */
function LogTerms({ e, content }) {
  const found = (e && e.terms ? e.terms : []).map((t) => termOf(content, t)).filter(Boolean);
  if (!found.length) return null;
  return html` <span class="lterms">${found.map((t) => html`<button key=${t.id} type="button" class="small term lterm" data-term=${t.id}>${t.name}</button>`)}</span>`;
}

const LogGroup = pure(({ g, color, name, replayHref, onPlaces, content }) => {
  const head = g.entries.length && g.entries[0].kind === "action" ? g.entries[0] : null;
  const rest = head ? g.entries.slice(1) : g.entries;
  const hp = placeProps(head, onPlaces);
  return html`<li class="lgroup" data-n=${g.n} data-part=${g.part || 0} style=${color ? `--pc:${color}` : ""}>
  <a class="n" href=${replayHref} title="replay the game from this step">${g.n}</a>
  <span ...${hp} class=${`lhead${hp.class ? " places" : ""}`}>${head ? head.text : name}<${LogTerms} e=${head} content=${content} /></span>
  ${rest.length ? html`<ul class="entries">${rest.map((e, i) => {
    const ep = placeProps(e, onPlaces);
    return html`<li key=${i} ...${ep} class=${`e-${e.kind}${ep.class ? " places" : ""}`}>${e.text}${e.dice && e.dice.length
      ? html` ${e.dice.map((x, j) => html`<span key=${j} class="die-face small">${x}</span>`)}` : null}<${LogTerms} e=${e} content=${content} /></li>`;
  })}</ul>` : null}
</li>`;
});

/** How many of the latest actions the log shows until the player asks for all. */
export const LOG_TAIL = 150;

/**
 * The game log: groups are keyed and pure, so a new action appends one item and touches nothing
 * else. A long game shows its last LOG_TAIL actions (every entry stays in the replay).
 */
export function GameLog({ groups, players, gameId, version, onPlaces, content }) {
  const [all, setAll] = useState(false);
  const stick = useRef({ atEnd: true, onScroll: (ev) => {
    const ol = ev.currentTarget;
    stick.current.atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 30;
  } });
  useLayoutEffect(() => {
    const ol = document.getElementById("log");
    if (ol && stick.current.atEnd) ol.scrollTop = ol.scrollHeight; // follow the game unless the player scrolled up
  });
  const shown = all || groups.length <= LOG_TAIL ? groups : groups.slice(groups.length - LOG_TAIL);
  return html`${shown.length < groups.length ? html`<button type="button" class="small" id="log-all" onClick=${() => setAll(true)}>
      show all actions</button>` : null}
    <${LogList} groups=${shown} players=${players} gameId=${gameId} version=${version} onScroll=${stick.current.onScroll} onPlaces=${onPlaces} content=${content} />`;
}

const LogList = pure(({ groups, players, gameId, version, onScroll, onPlaces, content }) => {
  const href = (n) => `/table.html?game=${encodeURIComponent(gameId)}&replay=${n}`;
  // An action that said nothing (a step on the way, a card's bare confirmation) has no entry:
  // no group is drawn for it (the replay still has the step).
  return html`<ol id="log" class="log" data-version=${version} onScroll=${onScroll}>${groups.filter((g) => g.entries.length).map((g) => {
    const p = g.seat >= 0 ? players[g.seat] : null;
    return html`<${LogGroup} key=${groupKey(g)} g=${g} color=${p ? playerColor(p.color) : null} name=${p ? p.name : "game"} replayHref=${href(g.n)} onPlaces=${onPlaces} content=${content} />`;
  })}</ol>`;
});

// ---------------------------------------------------------------- end screen

export function EndScreen({ end, players, goal, gameId, onClose, onRematch, busy, chart }) {
  if (!end) return null;
  const w = players[end.winner];
  const cards = goal ? goal.cards : [];
  return html`<div class="overlay" role="dialog" aria-label="the game is over">
    <section class="panel endscreen" id="endscreen">
      <h2>${w ? html`<${Swatch} color=${w.color} />` : null}${end.title}</h2>
      <p class="reason">${end.reason}</p>
      ${end.tiebreak ? html`<p class="tiebreak"><b>Tie-break.</b> ${end.tiebreak}</p>` : null}
      <table class="standings"><thead><tr><th>Player</th><th>Victory cards</th>
        ${cards.map((c) => html`<th key=${c.id}>${c.name}</th>`)}<th>Wonders</th><th>Friendly spaces</th></tr></thead>
      <tbody>${end.standings.map((s) => html`<tr key=${s.seat} data-seat=${s.seat} class=${s.seat === end.winner ? "winner" : ""}>
        <td><${SeatTag} players=${players} seat=${s.seat} /></td><td class="num cards">${s.cards}</td>
        ${cards.map((c) => { const cl = s.claims.filter((x) => x.card === c.id); return html`<td key=${c.id}>${cl.map((x) => x.agenda_name).join(", ") || "–"}</td>`; })}
        <td class="num">${s.wonders}</td><td class="num">${s.friendly_spaces}</td></tr>`)}</tbody></table>
      <ul class="standings-list">${end.standings.map((s) => html`<li key=${s.seat} class=${s.seat === end.winner ? "winner" : ""}>
        <${SeatTag} players=${players} seat=${s.seat} />: ${s.text}</li>`)}</ul>
      ${chart || null}
      <div class="buttons">
        <button type="button" class="primary" id="rematch" disabled=${busy} onClick=${onRematch}>Rematch</button>
        <a class="button" href="/">New game</a>
        <a class="button" href=${`/table.html?game=${encodeURIComponent(gameId)}&replay=0`}>Replay</a>
        <button type="button" onClick=${onClose}>Look at the table</button>
      </div>
    </section></div>`;
}

// ---------------------------------------------------------------- players' boards

/** Names that open their glossary entry when tapped (glossary.js), or "none". */
function termList(ids, prefix, nameOf) {
  if (!ids || !ids.length) return "none";
  return ids.map((x, i) => html`${i ? ", " : ""}<span key=${x} class="term" data-term=${`${prefix}:${x}`} tabindex="0" role="button">${nameOf(x)}</span>`);
}

/** A seat's player board: its cards, dial and pieces; the words are the server's (the message's
 * ``boards``, ``/api/content``'s ``board_words``, the seat's ``kind_text``). */
export const PlayerBoard = pure(({ p, content, info, words, deciding, mine, seat }) => {
  const rs = content.ruleset || {};
  const slots = rs.row_slots || [];
  const gov = (rs.governments || []).find((g) => g.id === p.gov);
  const lead = (content.leaders || {})[p.leader] || {};
  const [open, setOpen] = useState(false);
  const bw = content.board_words || { cards: {}, leaders: {} };
  const w = words || { resources: "", trade: {}, unused: "" };
  const dialMax = rs.tech_dial_max || 24;
  const name = (tbl, id) => ((content[tbl] || {})[id] || {}).name || id;
  return html`<section class=${`pboard${deciding ? " deciding" : ""}${mine ? " mine" : ""}`}
    style=${`--pc:${playerColor(p.color)}`} data-seat=${seat}>
    <header><${Swatch} color=${p.color} /><b>${info.name}</b> <span class="civ term" data-term=${`leader:${p.leader}`} tabindex="0" role="button">${lead.civ || ""}</span>
      <span class="kind">${info.kindText}${info.connected && info.kind === "human" ? " · online" : ""}</span>
      ${deciding ? html`<span class="turn-badge">deciding</span>` : null}</header>
    <ol class="focus-row">${(p.row || []).map((cid, i) => {
      const c = (content.focus_cards || {})[cid] || { name: cid, type: "", text: "" };
      const trade = (p.trade || {})[c.type] || 0;
      return html`<li key=${cid} class="focus-card" style=${`--fc:${FOCUS_COLOR[c.type] || "#999"}`} title=${bw.cards[cid] || c.name} data-card=${cid}
        data-term=${`focus:${cid}`} tabindex="0" role="button">
        <span class="slot">${slots[i] ?? i + 1}</span><span class="cname">${c.name}</span>
        ${trade ? html`<span class="trade" title=${w.trade[c.type] || ""}>●${trade}</span>` : null}
        ${gov && gov.type === c.type ? html`<span class="gov-token" title=${`government: ${gov.name}`} data-term=${`gov:${gov.id}`}>G</span>` : null}</li>`;
    })}</ol>
    <div class="pline">Tech dial <b>${p.dial}</b> / ${dialMax} <meter min="0" max=${dialMax} value=${p.dial}></meter>
      · resources ${w.resources}</div>
    <button type="button" class="small more" aria-expanded=${open} onClick=${() => setOpen(!open)}>${open ? "less" : "more"}</button>
    ${open ? html`<div class="pdetails">
      <div><b>Leader:</b> ${bw.leaders[p.leader] || lead.leader}: ${lead.ability ? html`<i>${lead.ability}.</i> ` : null}${lead.text}</div>
      <div><b>Government:</b> ${gov ? html`<span class="term" data-term=${`gov:${gov.id}`}>${gov.name} (${gov.type})</span>` : "none"}</div>
      <div><b>Natural wonders:</b> ${termList(p.nws, "nw", (x) => name("natural_wonders", x))}</div>
      <div><b>City-state tokens:</b> ${termList(p.cs_tokens, "cs", (x) => name("city_states", x))}</div>
      <div><b>Wonders:</b> ${termList(p.wonders, "wonder", (x) => name("wonders", x))}</div>
      <div><b>Diplomacy cards:</b> ${(p.dipl || []).length}</div>
      <div><b>Unused:</b> ${w.unused}</div></div>` : null}
  </section>`;
});
