// The glossary (issue 39 §2): every piece of the game in words, made by the server
// (newdawn/describe/glossary.py, sent in /api/content as `glossary`). Anything on the page that
// carries `data-term="<entry id>"` opens its entry when tapped or clicked (phones have no hover);
// the card reference lists every entry. No words about the game are made here.
import { FOCUS_COLOR } from "./map.js";
import { html } from "./ui.js";

const byContent = new WeakMap();

/** The glossary entry `id` of the content, or null. */
export function termOf(content, id) {
  if (!content || !id) return null;
  let index = byContent.get(content);
  if (!index) {
    index = new Map((content.glossary || []).map((e) => [e.id, e]));
    byContent.set(content, index);
  }
  return index.get(id) || null;
}

/** Ids of the glossary entries of what stands on a space of the map (for a tap on it). */
export function termsAt(model, key) {
  const s = model.index.byKey.get(key);
  if (!s) return [];
  const v = model.msg.view;
  const id = String(s.id);
  const out = [];
  if (id in (v.cities || {})) out.push("term:mature_city");
  if ((v.district || {})[id]) out.push(`district:${v.district[id]}`);
  else if (id in (v.ctl || {})) out.push("term:control_token");
  if (id in (v.cs_at || {})) out.push(`cs:${v.cs_at[id]}`);
  if ((v.wonder_at || {})[id]) out.push(`wonder:${v.wonder_at[id]}`);
  if (s.fort) out.push("term:fort");
  const tok = (v.tokens || {})[id];
  if (typeof tok === "string" && tok.startsWith("nw:")) out.push(tok);
  return out;
}

/** A row of links to glossary entries (their names come from the glossary). */
export function TermLinks({ content, ids }) {
  const found = ids.map((i) => termOf(content, i)).filter(Boolean);
  if (!found.length) return null;
  return html`<div class="term-links">${found.map((e) => html`<button key=${e.id} type="button" class="small term" data-term=${e.id}>${e.name}</button>`)}</div>`;
}

/** One entry, read in full (an overlay that a tap outside, ×, or Escape closes). */
export function TermCard({ content, id, onClose }) {
  const e = termOf(content, id);
  if (!e) return null;
  return html`<div class="overlay term-overlay" onClick=${(ev) => { if (ev.target === ev.currentTarget) onClose(); }}>
    <section class="panel term-card" id="term-card" role="dialog" aria-label=${e.name} data-id=${e.id}>
      <button type="button" class="close" onClick=${onClose} aria-label="close">×</button>
      <div class="term-kind">${e.kind}</div>
      <h3 class="term-name">${e.name}</h3>
      ${e.sub ? html`<div class="term-sub">${e.sub}</div>` : null}
      <p class="term-text">${e.text}</p>
    </section></div>`;
}

/** The card reference: every glossary entry of the ruleset, by kind. */
export function Reference({ content }) {
  const groups = [];
  for (const e of content.glossary || []) {
    let g = groups.find((x) => x.kind === e.kind);
    if (!g) { g = { kind: e.kind, items: [] }; groups.push(g); }
    g.items.push(e);
  }
  return html`<div class="reference">${groups.map((g) => html`<div key=${g.kind}><h3>${g.kind}</h3>
    <ul class="ref-list">${g.items.map((e) => html`<li key=${e.id} data-id=${e.id}>
      <b style=${e.kind === "Focus card" ? `color:${FOCUS_COLOR[e.sub.split(" ")[0]] || "inherit"}` : ""}>${e.name}</b>
      ${e.sub ? html` <small>${e.sub}</small>` : null}: ${e.text}</li>`)}</ul></div>`)}</div>`;
}
