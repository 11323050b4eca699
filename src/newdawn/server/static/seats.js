// The table's seat panel: the turn clock of the deciding seat, the seats a bot plays for their
// player, and the buttons to hand a seat to a bot or take one's own seat back, plus the seat's
// webhook. Every sentence and label comes from the server's view (timer, seats[].proxy_text,
// handover); this module counts the seconds down and sends the requests (docs/server-api.md).
import { postJSON } from "./common.js";
import { html, useEffect, useState } from "./ui.js";

const arrived = new WeakMap();

/** Seconds since this view message was first drawn (views carry times relative to their making). */
function age(msg) {
  if (!arrived.has(msg)) arrived.set(msg, performance.now());
  return (performance.now() - arrived.get(msg)) / 1000;
}

function clock(s) {
  const t = Math.max(0, Math.ceil(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function useTick(active) {
  const [, setN] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const id = setInterval(() => setN((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [active]);
}

function Webhook({ gameId, token, seat }) {
  const [url, setUrl] = useState("");
  const [note, setNote] = useState("");
  async function save(ev) {
    ev.preventDefault();
    try {
      const r = await postJSON(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/webhook`, { token, url: url.trim() || null });
      setNote(r.webhook ? "Saved: the server calls it when it is your turn." : "Removed.");
    } catch (e) { setNote(e.message); }
  }
  return html`<details class="webhook"><summary>Notify me elsewhere (webhook)</summary>
    <form onSubmit=${save}><input type="url" placeholder="https://…" value=${url} maxlength="500" aria-label="webhook URL"
      onInput=${(e) => setUrl(e.target.value)} /> <button type="submit" class="small">Save</button></form>
    <p class="hint">${note}</p></details>`;
}

/** The panel; a one-line "my seat" fold when there is nothing to say. */
export function SeatPanel({ msg, token, gameId }) {
  const timer = msg.timer;
  const ho = msg.handover || { offers: [], take_back: [] };
  const notes = (msg.seats || []).filter((s) => s.proxy_text);
  const acting = msg.acting || [];
  const others = ho.offers.filter((o) => !acting.includes(o.seat));
  const own = ho.offers.filter((o) => acting.includes(o.seat));
  useTick(!!timer || others.some((o) => o.in_s > 0));
  const [error, setError] = useState("");
  const since = age(msg);
  const mine = acting.length === 1 && msg.seat >= 0;
  const send = async (what, seat) => {
    setError("");
    try { await postJSON(`/api/games/${encodeURIComponent(gameId)}/seats/${seat}/${what}`, { token }); } catch (e) { setError(e.message); }
  };
  const notable = timer || notes.length || others.length || ho.take_back.length || error;
  if (!notable && !own.length && !mine) return null;
  const offer = (o) => {
    const left = o.in_s - since;
    return html`<button key=${`o${o.seat}`} type="button" class="small hand-over" disabled=${left > 0} title=${o.text}
      onClick=${() => send("bot", o.seat)}>${o.label}${left > 0 ? ` (in ${clock(left)})` : ""}</button> `;
  };
  const fold = own.length || mine ? html`<details class="my-seat"><summary>My seat: a bot, notifications</summary>
    ${own.map(offer)}${mine ? html`<${Webhook} gameId=${gameId} token=${token} seat=${msg.seat} />` : null}</details>` : null;
  if (!notable) return html`<section id="seats-panel" class="panel">${fold}</section>`;
  return html`<section id="seats-panel" class="panel">
    ${timer ? html`<p id="turn-timer" class="timer" title=${timer.text}><b>${clock(timer.remaining_s - since)}</b> ${timer.text}</p>` : null}
    ${notes.map((s) => html`<p key=${s.seat} class="proxy-note">${s.proxy_text}</p>`)}
    ${ho.take_back.map((t) => html`<button key=${`t${t.seat}`} type="button" class="primary take-back" onClick=${() => send("takeback", t.seat)}>${t.label}</button> `)}
    ${others.map(offer)}
    ${fold}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}</section>`;
}
