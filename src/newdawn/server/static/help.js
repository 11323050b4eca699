// "How to play" and the card reference, inside the table. The rules summary is our own short
// text, made in describe/help.py and sent with the content; every card, wonder, leader,
// city-state, diplomacy and victory card comes from the content data (/api/content), so the
// reference always matches what the engine plays.
import { Reference } from "./glossary.js";
import { FOCUS_COLOR } from "./map.js";
import { html, useState } from "./ui.js";

/** Spans of words, some in bold (a focus type's name in its colour). */
function Spans({ spans, focus }) {
  return spans.map((x, i) => (x.bold ? html`<b key=${i} style=${focus ? `color:${FOCUS_COLOR[focus]}` : ""}>${x.text}</b>` : x.text));
}

/** The rules summary: sections of paragraphs and lists, every word the server's
 * (``/api/content``'s ``help``, ``describe/help.py``). */
function Rules({ content }) {
  return html`<div class="rules">${(content.help || []).map((s) => html`<div key=${s.heading}>
    <h3>${s.heading}</h3>
    ${s.paragraphs.map((p, i) => html`<p key=${i}><${Spans} spans=${p} /></p>`)}
    ${s.items.length ? html`<ul>${s.items.map((it, i) => html`<li key=${i}><${Spans} spans=${it.spans} focus=${it.focus} /></li>`)}</ul>` : null}
  </div>`)}</div>`;
}

/** The help overlay: "How to play" and the card reference, with tabs. */
export function HelpPage({ content, onClose }) {
  const [tab, setTab] = useState("rules");
  return html`<div class="overlay" role="dialog" aria-label="how to play">
    <section class="panel help" id="help">
      <button type="button" class="close" onClick=${onClose} aria-label="close">×</button>
      <div class="tabs" role="tablist">
        <button type="button" role="tab" aria-selected=${tab === "rules"} class=${tab === "rules" ? "on" : ""} onClick=${() => setTab("rules")}>How to play</button>
        <button type="button" role="tab" aria-selected=${tab === "cards"} class=${tab === "cards" ? "on" : ""} onClick=${() => setTab("cards")}>Card reference</button>
      </div>
      ${tab === "rules" ? html`<${Rules} content=${content} />` : html`<${Reference} content=${content} />`}
    </section></div>`;
}
