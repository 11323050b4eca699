// The guided first game (the lobby's "Learn to play"): the step the server sends in the view's
// `guide` (words made in Python, describe/guide.py), a frame around the part of the table it
// talks about, and the learner's "Next" / "Leave the guide" (POST /api/games/{id}/guide; the
// server keeps the step with the game, so a reload finds it).
import { postJSON } from "./common.js";
import { html } from "./ui.js";

/** The part of the table each step's `target` names (describe.guide.GUIDE_TARGETS). */
export const GUIDE_TARGETS = {
  map: "#map-pane", "focus-row": ".pboard.mine .focus-row", decision: "#decision", dial: ".pboard.mine .pline",
  goal: "#goal", wonders: "#wonders", log: "#log-box", undo: "#undo",
};

/** The step to show: the view's, unless the learner's own answer is newer (a view built
 * before it may still be on its way, paced behind other seats' moves). */
export function currentGuide(msgGuide, local) {
  if (!local) return msgGuide || null;
  if (local.left) return null;
  if (!msgGuide || msgGuide.step < local.guide.step) return local.guide;
  return msgGuide;
}

/** Frame the step's target (again after every draw: Preact may have replaced its class);
 * scroll it into view once per step. */
let scrolledFor = -1;
export function markGuideTarget(guide) {
  const el = guide ? document.querySelector(GUIDE_TARGETS[guide.target] || "") : null;
  for (const old of document.querySelectorAll(".guide-target")) if (old !== el) old.classList.remove("guide-target");
  if (!el) return;
  el.classList.add("guide-target");
  if (scrolledFor !== guide.step && window.innerWidth > 1000) { // on a phone the step's text stays in view
    scrolledFor = guide.step;
    el.scrollIntoView({ block: "nearest" });
    const panel = document.getElementById("guide"); // the step's own words stay in view too
    if (panel && !panel.contains(el)) panel.scrollIntoView({ block: "nearest" });
  }
}

/** Ask the server for the next step, or to leave the guide; resolves to the new local state. */
export async function guideRequest(gameId, token, body) {
  const out = await postJSON(`/api/games/${encodeURIComponent(gameId)}/guide`, { token, ...body });
  return out.guide ? { step: out.guide.step, guide: out.guide } : { left: true };
}

export function GuidePanel({ guide, busy, onNext, onLeave }) {
  if (!guide) return null;
  return html`<section id="guide" class="panel guide" aria-live="polite" data-step=${guide.id}>
    <div class="guide-head"><span class="guide-count">${guide.heading}</span>
      <button type="button" id="guide-leave" class="small" onClick=${onLeave}>Leave the guide</button></div>
    <h3 id="guide-title">${guide.title}</h3>
    <p id="guide-text">${guide.text}</p>
    ${guide.wait ? html`<p class=${guide.done ? "guide-done" : "hint"} id="guide-wait">${guide.wait}</p>` : null}
    <button type="button" id="guide-next" class="primary" disabled=${busy || !guide.ready}
      onClick=${guide.last ? onLeave : onNext}>${guide.last ? "Close the guide" : "Next"}</button>
  </section>`;
}
