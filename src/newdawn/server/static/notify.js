// "Your move" notifications of the browser (the Notification API) while the table is open but
// hidden (another tab, a minimised window). Off until the player turns the bell on: permission
// is asked in the bell's click handler only (browsers refuse it outside a user gesture). The
// words come from the server's view (decision.text); this module only decides when to show them.
import { html, useState } from "./ui.js";

const KEY = "newdawn.notify";

function supported() {
  return typeof window !== "undefined" && "Notification" in window;
}

function wanted() {
  try { return localStorage.getItem(KEY) === "on"; } catch (_e) { return false; }
}

function remember(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (_e) { /* private browsing */ }
}

/** Whether notifications are on and allowed. */
export function notifying() {
  return supported() && wanted() && Notification.permission === "granted";
}

let wasMine = null;

/**
 * Called with every rendered view: shows a notification when the decision has just become the
 * viewer's and the page is hidden. `text` is the server's sentence for the decision.
 */
export function notifyTurn(mine, text, gameId) {
  const became = mine && wasMine === false;
  wasMine = mine;
  if (!became || !document.hidden || !notifying()) return;
  try {
    const n = new Notification("newdawn: your move", { body: text || "", tag: `newdawn-${gameId}` });
    n.onclick = () => { window.focus(); n.close(); };
  } catch (_e) {
    // some browsers allow notifications only from a service worker: the tab title still says it
  }
}

/** The bell in the table's top bar: turns the notifications on and off. */
export function Bell() {
  const [on, setOn] = useState(notifying());
  if (!supported()) return null;
  async function toggle() {
    if (on) { remember(false); setOn(false); return; }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    remember(answer === "granted");
    setOn(answer === "granted");
  }
  const denied = Notification.permission === "denied";
  const title = denied ? "Notifications are blocked for this site in the browser's settings"
    : on ? "Notifications on: the browser tells you when it is your move while this tab is hidden (click to turn off)"
      : "Tell me when it is my move while this tab is hidden";
  return html`<button type="button" id="notify-bell" class=${`small bell${on ? " on" : ""}`} aria-pressed=${on}
    disabled=${denied} title=${title} aria-label=${title} onClick=${toggle}>
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill=${on ? "currentColor" : "none"} stroke="currentColor" stroke-width="1.5">
      <path d="M8 2a4 4 0 0 0-4 4v3l-1.5 2.5h11L12 9V6a4 4 0 0 0-4-4z" /><path d="M6.5 13.5a1.5 1.5 0 0 0 3 0" />
      ${on ? null : html`<path d="M2 2l12 12" />`}</svg></button>`;
}
