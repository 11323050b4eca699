// Lobby: create a game (seats, bots with what each level is like, leaders, round limit) and go
// to its table; list the games with watch / replay / resume, and the links of the games this
// browser created (kept in localStorage, shown again with "links").
import { getJSON, loadContent, postJSON } from "./common.js";
import { HelpPage } from "./help.js";
import { html, render, useEffect, useState } from "./ui.js";

const STORE = "newdawn.seats";

function savedSeats() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (_e) { return {}; }
}

function rememberGame(res) {
  const all = savedSeats();
  all[res.game_id] = { game_id: res.game_id, seats: res.seats, hotseat_url: res.hotseat_url, spectator_url: res.spectator_url,
    hotseat_note: res.hotseat_note, practice: res.practice };
  try { localStorage.setItem(STORE, JSON.stringify(all)); } catch (_e) { /* private browsing */ }
}

/** The seats' leaders as the server takes them: null for "random" everywhere, else each chosen id
 * and null where the server picks one; the server refuses a leader chosen twice, in words. */
function pickLeaders(chosen) {
  if (chosen.every((x) => !x)) return null;
  return chosen.map((x) => x || null);
}

/** The leaders of a game with the Automated Player: the server picks the AP's (the last seat). */
function withApLeaders(chosen) {
  return chosen ? chosen.concat([null]) : null;
}

function LinkItem({ label, url, cls }) {
  const abs = new URL(url, location.href).href;
  return html`<li><a href=${url} class=${cls}>${label}</a> <code>${abs}</code>
    <button type="button" class="small" onClick=${() => navigator.clipboard && navigator.clipboard.writeText(abs)}>copy</button></li>`;
}

/** ``bots``: the server's bot levels ``{name, label, spec, description, default}`` in the
 * lobby's order (``newdawn.bots.registry.LEVELS``: the description is the level's measured
 * strength; words made in Python, ``newdawn.describe.bots``); a seat is created with ``spec``. ``rulesets``: ``GET /api/options``
 * ``rulesets`` (``newdawn.describe.rulesets``): name, player counts, leaders, options and the
 * Automated Player's words of each ruleset. */
function NewGame({ leaders: tiLeaders, bots, rulesets, limits, settings, onCreated }) {
  /** What a setting means (GET /api/options `settings`, words of describe/lobby.py), under it. */
  const meaning = (key) => (settings && settings[key] ? html`<p class="hint setting-info" id=${`${key}-info`}>${settings[key]}</p>` : null);
  const def = bots.find((b) => b.default) || bots[0];
  const defBot = def ? `bot:${def.spec || def.name}` : "human";
  const info = Object.fromEntries(bots.map((b) => [b.spec || b.name, b]));
  const [n, setN] = useState(2);
  const [who, setWho] = useState(["human", defBot, defBot, defBot, defBot]);
  const [lead, setLead] = useState(["", "", "", "", ""]);
  const [rounds, setRounds] = useState("");
  const [limit, setLimit] = useState("");

  const [seed, setSeed] = useState("");
  const [hot, setHot] = useState(false);
  const [rid, setRid] = useState((rulesets[0] || {}).id || "ti");
  const [opts, setOpts] = useState({});
  const [ap, setAp] = useState(false);
  const rs = rulesets.find((r) => r.id === rid) || { players: [2, 5], leaders: tiLeaders, options: [], automa: null };
  const leaders = rs.leaders && rs.leaders.length ? rs.leaders : tiLeaders;
  const withAp = !!(rs.automa && ap);
  const [lo, hi] = rs.players;
  // The Automated Player takes the last seat: "Players" counts the others.
  const first = withAp ? Math.max(1, lo - 1) : lo;
  const last = withAp ? hi - 1 : hi;
  const counts = Array.from({ length: last - first + 1 }, (_x, k) => first + k);
  const chooseRuleset = (id) => {
    const r = rulesets.find((x) => x.id === id);
    setRid(id); setOpts({}); setAp(false); setLead(["", "", "", "", ""]);
    if (r) setN(Math.min(Math.max(n, r.players[0]), r.players[1]));
  };
  const optValue = (o) => (o.key in opts ? opts[o.key] : o.default);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (arr, f, i, v) => { const a = arr.slice(); a[i] = v; f(a); };
  const botsUsed = [...new Set(who.slice(0, n).filter((w) => w.startsWith("bot:")).map((w) => w.slice(4)))];
  async function create(ev) {
    ev.preventDefault();
    setError("");
    try {
      const body = {
        seats: who.slice(0, n).map((w) => (w === "human" ? { kind: "human" } : { kind: "bot", bot: w.slice(4) }))
          .concat(withAp ? [{ kind: "ap" }] : []),
        leaders: withAp ? withApLeaders(pickLeaders(lead.slice(0, n))) : pickLeaders(lead.slice(0, n)),
        ruleset: rid,
        ...Object.fromEntries(rs.options.map((o) => [o.key, optValue(o)])),
        seed: seed.trim() === "" ? null : Number(seed),
        max_rounds: rounds === "" ? null : Number(rounds),
        turn_limit_s: limit === "" ? null : Number(limit),
        hotseat: hot,
      };
      setBusy(true);
      const res = await postJSON("/api/games", body);
      rememberGame(res);
      onCreated(res);
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  }
  return html`<section class="panel" id="create"><h2>New game</h2>
    <form id="new-game" onSubmit=${create}>
      ${rulesets.length > 1 ? html`<label>Game <select id="ruleset" value=${rid} onChange=${(e) => chooseRuleset(e.target.value)}>
        ${rulesets.map((r) => html`<option key=${r.id} value=${r.id} selected=${r.id === rid}>${r.name}</option>`)}</select></label>
        <p class="hint" id="ruleset-info">${rs.description}</p>` : null}
      ${rs.options.map((o) => html`<label key=${o.key}>${o.label} <select class="game-option" data-key=${o.key} id=${`opt-${o.key}`}
          onChange=${(e) => setOpts({ ...opts, [o.key]: o.choices[Number(e.target.value)].value })}>
        ${o.choices.map((c, k) => html`<option key=${k} value=${String(k)} selected=${c.value === optValue(o)}>${c.label}</option>`)}</select></label>
        ${o.text ? html`<p class="hint setting-info" id=${`opt-${o.key}-info`}>${o.text}</p>` : null}`)}
      ${rs.automa ? html`<label class="check"><input id="automa" type="checkbox" checked=${ap}
          onChange=${(e) => { setAp(e.target.checked); setN(e.target.checked ? Math.min(n, hi - 1) : Math.max(n, lo)); }} /> ${rs.automa.label}</label>
        ${ap ? html`<p class="hint" id="automa-info">${rs.automa.description}</p>` : null}` : null}
      <label>Players <select id="n-seats" value=${String(n)} onChange=${(e) => setN(Number(e.target.value))}>
        ${counts.map((k) => html`<option key=${k} value=${String(k)} selected=${k === n}>${k}</option>`)}</select></label>
      ${(rs.lengths || {})[String(n + (withAp ? 1 : 0))] ? html`<p class="hint" id="game-length">${rs.lengths[String(n + (withAp ? 1 : 0))]}</p>` : null}
      <table class="seats"><thead><tr><th>Seat</th><th id="col-who">Who</th><th id="col-leader">Leader</th></tr></thead>
      <tbody id="seat-rows">${Array.from({ length: n }, (_x, i) => html`<tr key=${i}><td id=${`seat-no-${i}`}>${i + 1}</td>
        <td><select class="who" data-seat=${i} aria-labelledby=${`col-who seat-no-${i}`} value=${who[i]} onChange=${(e) => set(who, setWho, i, e.target.value)}>
          <option value="human" selected=${who[i] === "human"}>Human</option>
          ${bots.map((b) => { const v = `bot:${b.spec || b.name}`; return html`<option key=${v} value=${v} selected=${who[i] === v}>Bot: ${b.label || b.name}</option>`; })}</select></td>
        <td><select class="leader" data-seat=${i} aria-labelledby=${`col-leader seat-no-${i}`} value=${lead[i]} onChange=${(e) => set(lead, setLead, i, e.target.value)}>
          <option value="">random</option>
          ${leaders.map((l) => html`<option key=${l.id} value=${l.id} selected=${lead[i] === l.id}>${l.leader} (${l.civ})</option>`)}</select></td></tr>`)}
        ${withAp ? html`<tr class="ap-seat"><td>${n + 1}</td><td colspan="2">${rs.automa.name}</td></tr>` : null}
      </tbody></table>
      ${lead.slice(0, n).some(Boolean) ? html`<ul class="leader-info hint">${lead.slice(0, n).map((id, i) => {
        const l = rs.leaders.find((x) => x.id === id);
        return l ? html`<li key=${i}><b>${l.leader} (${l.civ})</b>: ${l.ability}</li>` : null;
      })}</ul>` : null}
      ${botsUsed.length ? html`<ul class="bot-info hint">${botsUsed.map((b) => html`<li key=${b}><b>${info[b] ? info[b].label || info[b].name : b}</b>: ${info[b] ? info[b].description : ""}</li>`)}</ul>` : null}
      <label>Round limit <select id="max-rounds" value=${rounds} onChange=${(e) => setRounds(e.target.value)}>
        ${(rs.round_limits || []).map((o) => { const v = o.value === null ? "" : String(o.value); return html`<option key=${v} value=${v} selected=${rounds === v}>${o.label}</option>`; })}</select></label>
      ${meaning("max_rounds")}
      ${limits.length ? html`<label>Turn limit <select id="turn-limit" value=${limit} onChange=${(e) => setLimit(e.target.value)}>
        ${limits.map((o) => html`<option key=${String(o.value)} value=${o.value === null ? "" : String(o.value)} selected=${limit === (o.value === null ? "" : String(o.value))}>${o.label}</option>`)}</select></label>
        ${meaning("turn_limit")}` : null}
      <label>Seed <input id="seed" type="number" placeholder="random" min="0" value=${seed} onInput=${(e) => setSeed(e.target.value)} /></label>
      ${meaning("seed")}
      <label class="check"><input id="hotseat" type="checkbox" checked=${hot} onChange=${(e) => setHot(e.target.checked)} /> Hot seat</label>
      ${meaning("hotseat")}
      <button type="submit" id="create-btn" class="primary" disabled=${busy}>Create game</button>
    </form>
    <p id="create-error" class="error" role="alert">${error}</p></section>`;
}

/** A seat's line among the links: the server's words (``describe/lobby.py``); a game remembered
 * by an older version has none, and shows the seat's number. */
function seatLabel(s) {
  return s.label || s.name || String(s.seat + 1);
}

function Created({ res }) {
  if (!res) return null;
  return html`<section class="panel" id="created"><h2>Game <span id="created-id">${res.game_id}</span></h2>
    <p>Send each human player their own link; keep yours. Anyone may watch with the spectator link.</p>
    <ul id="links" class="links">
      ${res.seats.filter((s) => s.kind === "human" && s.url).map((s) => html`<${LinkItem} key=${s.seat} label=${seatLabel(s)} url=${s.url} cls="seat-link" />`)}
      ${res.seats.filter((s) => s.invite_url).map((s) => html`<${LinkItem} key=${`i${s.seat}`} label=${seatLabel(s)} url=${s.invite_url} cls="invite-link" />`)}
      ${res.practice ? html`<li class="practice">Practice game: anyone who knows the seed you typed knows every die roll and draw to come.</li>` : null}
      ${res.hotseat_url ? html`<${LinkItem} label="Hot seat: every human on this screen" url=${res.hotseat_url} cls="hotseat-link" />` : null}
      <${LinkItem} label="Spectator" url=${res.spectator_url} cls="spectator-link" /></ul></section>`;
}

/** Where the creator of a game goes at once: their own seat (the hot-seat link in hot-seat
 * play); null when they have none (the links are shown in the lobby). */
function ownLink(res) {
  if (res.hotseat_url) return res.hotseat_url;
  const own = res.seats.find((s) => s.kind === "human" && s.url);
  return own ? own.url : null;
}

/** A game of the list: its players and status in the server's words (``describe/lobby.py``). */
function GameRow({ g, onLinks }) {
  const mine = savedSeats()[g.game_id];
  const created = g.created ? new Date(typeof g.created === "number" ? g.created * 1000 : g.created) : null;
  const gid = encodeURIComponent(g.game_id);
  return html`<tr data-game=${g.game_id}><td><code>${g.game_id}</code></td>
    <td>${created ? created.toLocaleString() : ""}</td><td class="players">${g.players_text || ""}</td><td>${g.round ?? ""}</td><td>${g.status_text || g.status}</td>
    <td class="actions">
      ${mine && mine.hotseat_url ? html`<a href=${mine.hotseat_url} class="resume">resume</a> ` : null}
      ${mine ? mine.seats.filter((s) => s.kind === "human" && s.url).map((s) => html`<a key=${s.seat} href=${s.url} class="resume">${s.name || s.seat + 1}</a> `) : null}
      <a href=${`/table.html?game=${gid}`}>watch</a> <a href=${`/table.html?game=${gid}&replay=0`}>replay</a>
      ${mine && mine.spectator_url ? html` <button type="button" class="small links" onClick=${() => onLinks({ game_id: g.game_id, ...mine })}>links</button>` : null}</td></tr>`;
}

function Lobby() {
  const [leaders, setLeaders] = useState([]);
  const [bots, setBots] = useState(null);
  const [games, setGames] = useState(null);
  const [created, setCreated] = useState(null);
  const [error, setError] = useState("");
  const [content, setContent] = useState(null);
  const [help, setHelp] = useState(false);
  const [options, setOptions] = useState({ turn_limits: [], rulesets: [], guides: [], settings: {} }); // GET /api/options, words from Python
  const learn = async (ruleset) => {
    setError("");
    try {
      const res = await postJSON("/api/guide", ruleset ? { ruleset } : {});
      rememberGame(res);
      location.href = res.seats.find((s) => s.url).url;
    } catch (e) {
      setError(`Could not start the guided game: ${e.message}`);
    }
  };
  const list = () => getJSON("/api/games").then((r) => setGames(r.games || [])).catch((e) => setError(e.message));
  useEffect(() => {
    loadContent().then((c) => { setContent(c); setLeaders(Object.values(c.leaders).sort((a, b) => a.civ.localeCompare(b.civ))); })
      .catch((e) => setError(`Could not load the game content: ${e.message}`));
    getJSON("/api/bots").then((b) => setBots(b.levels || []))
      .catch((e) => { setBots([]); setError(`Could not load the bot levels: ${e.message}`); });
    getJSON("/api/options").then((o) => setOptions({ turn_limits: o.turn_limits || [], rulesets: o.rulesets || [], guides: o.guides || [], settings: o.settings || {} }))
      .catch(() => setOptions({ turn_limits: [], rulesets: [], guides: [] }));
    list();
  }, []);
  return html`
    <p class="intro">New to the game? ${options.guides.map((g, i) => html`<button type="button" key=${g.ruleset}
        id=${i === 0 ? "learn-btn" : `learn-btn-${g.ruleset}`} class=${i === 0 ? "primary learn" : "learn"} data-ruleset=${g.ruleset}
        onClick=${() => learn(g.ruleset)}>${g.label}</button> `)}
      ${options.guides.length ? html`<span id="learn-info" class="hint">(${options.guides[0].text})</span>` : null} or read <button type="button" id="help-btn" class="small" disabled=${!content} onClick=${() => setHelp(true)}>How to play</button>
      ${help && content ? html`<${HelpPage} content=${content} onClose=${() => setHelp(false)} />` : null}</p>
    ${bots ? html`<${NewGame} leaders=${leaders} bots=${bots} rulesets=${options.rulesets} limits=${options.turn_limits} settings=${options.settings} onCreated=${(res) => {
      const own = ownLink(res);
      if (own) location.href = `${own}&created=1`; else { setCreated(res); list(); }
    }} />` : html`<p class="loading">Loading…</p>`}
    <${Created} res=${created} />
    <section class="panel" id="games"><h2>Games <button id="refresh" type="button" class="small" onClick=${list}>refresh</button></h2>
      ${error ? html`<p class="error">${error}</p>` : null}
      <div class="scroll-x"><table class="games"><thead><tr><th>Game</th><th>Created</th><th>Players</th><th>Round</th><th>Status</th><th></th></tr></thead>
      <tbody id="game-rows">${games && games.length ? games.slice().reverse().map((g) => html`<${GameRow} key=${g.game_id} g=${g}
          onLinks=${(res) => { setCreated(res); setTimeout(() => document.getElementById("created")?.scrollIntoView(), 0); }} />`)
        : html`<tr><td colspan="6">${games ? "No games yet." : "…"}</td></tr>`}</tbody></table></div>
      <p class="hint">A seat's own link (with its token) is kept in this browser only: "links" shows again the links of
        a game created here (your seat, invites, spectators). Watching and replaying need no token.</p></section>`;
}

const root = document.getElementById("lobby");
root.textContent = "";
render(html`<${Lobby} />`, root);
