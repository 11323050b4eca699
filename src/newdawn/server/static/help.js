// "How to play" and the card reference, inside the table. The rules summary is our own short
// text; every card, wonder, leader, city-state, diplomacy and victory card comes from the
// content data (/api/content), so the reference always matches what the engine plays.
import { Reference } from "./glossary.js";
import { FOCUS_COLOR } from "./map.js";
import { html, useState } from "./ui.js";

function Rules({ content }) {
  const rs = content.ruleset || {};
  const slots = rs.row_slots || [];
  return html`<div class="rules">
    <h3>The aim</h3>
    <p>Victory cards lie on the table (five in a Terra Incognita game), each with one or two agendas (for example "have 3 mature cities").
      Complete <b>one agenda on ${rs.victory_cards_to_win || 4} of the victory cards</b> and you win at once.
      The goal panel shows every agenda, who has claimed it, and each player's progress in numbers.</p>
    <h3>Your turn</h3>
    <p>You have a <b>focus row</b> of cards in slots ${slots.join(", ")}. On your turn you resolve <b>one</b> card.
      The further right it lies, the stronger it is: its slot number is its strength (how far, how many, which terrain).
      After resolving, the card moves to the leftmost slot and the cards to its left move one slot right,
      so a card you have not used for a while grows stronger.</p>
    <ul>
      <li><b style=${`color:${FOCUS_COLOR.culture}`}>Culture</b>: place control tokens next to your cities and tokens, on terrain up to the slot's difficulty.</li>
      <li><b style=${`color:${FOCUS_COLOR.science}`}>Science</b>: turn your tech dial; passing a level gives you a better card of one type.</li>
      <li><b style=${`color:${FOCUS_COLOR.economy}`}>Economy</b>: move caravans; a caravan reaching a city-state or a rival city trades (diplomacy cards, trade tokens).</li>
      <li><b style=${`color:${FOCUS_COLOR.industry}`}>Industry</b>: build a city, or a world wonder paid with the slot number, resources and trade tokens.</li>
      <li><b style=${`color:${FOCUS_COLOR.military}`}>Military</b>: move armies and attack barbarians, city-states and rivals.</li>
      ${FOCUS_COLOR.growth && (rs.focus_types || []).includes("growth") ? html`<li><b style=${`color:${FOCUS_COLOR.growth}`}>Growth</b> (Terra Incognita): put a district next to one of your cities, or reinforce control tokens.</li>` : null}
    </ul>
    <h3>Trade tokens</h3>
    <p>Trade tokens lie on the cards of your row (at most ${rs.trade_cap || "a few"} on each). When you resolve a card you may
      spend its tokens: each adds one to the card's strength for this turn. The table shows what each token would add
      before you choose.</p>
    <h3>Terrain</h3>
    <p>Each space has a difficulty: ${(content.map_words || {}).difficulties || ""}.
      A card can reach a space when its slot is at least the space's difficulty. The map's legend shows each terrain's colour and symbol.</p>
    <h3>Combat</h3>
    <p>The attacker and the defender each roll a die and add their base value (slot, bonuses, terrain, reinforcements);
      each may then spend trade tokens. The table lists every part. The defender wins ties.</p>
    <h3>The event dial</h3>
    <p>At the start of each round the first player turns the event dial: barbarians move or return, districts pay out,
      governments may change, and wonders gather trade tokens. The turn panel says what the next turn of the dial does.</p>
    <h3>At this table</h3>
    <ul>
      <li>Highlighted spaces on the map are your choices: click one (or Tab to it and press Enter).</li>
      <li>Every focus button says what the card would do now, and warns you when it would do nothing.</li>
      <li>Spaces ringed in cyan changed since your last turn; the "Since your last turn" panel tells what happened.</li>
      <li>Other players' moves play out at the speed you choose in the top bar.</li>
    </ul>
  </div>`;
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
