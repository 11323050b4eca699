// Shared helpers of the lobby and the table: HTTP calls, colours, the content. Plain ES module.

export const PLAYER_COLORS = {
  red: "#d62828", blue: "#1d5fd6", green: "#2a9d3a", orange: "#f08c00", purple: "#8338ec",
};

export function playerColor(name) {
  return PLAYER_COLORS[name] || name || "#888";
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function reply(res) {
  let body = null;
  try { body = await res.json(); } catch (_e) { body = null; }
  if (!res.ok) {
    const msg = (body && (body.error || body.detail)) || `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, typeof msg === "string" ? msg : JSON.stringify(msg));
  }
  return body;
}

export async function getJSON(url) {
  return reply(await fetch(url, { headers: { Accept: "application/json" } }));
}

export async function postJSON(url, data) {
  return reply(await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(data),
  }));
}

let contentPromise = null;
/** The game content (cards, leaders, wonders, tiles...), fetched once. */
/** The game content; with ``game`` (a game id), that game's ruleset's content (base or TI). */
export function loadContent(game) {
  if (!contentPromise) contentPromise = getJSON(game ? `/api/content?game=${encodeURIComponent(game)}` : "/api/content");
  return contentPromise;
}
