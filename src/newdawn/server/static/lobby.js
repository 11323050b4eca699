// Lobby: create a game, show the links of its seats, list the games with watch/replay/resume.
import { el, getJSON, loadContent, postJSON, pretty } from "./common.js";

const $ = (id) => document.getElementById(id);
const BOT_FALLBACK = ["random"];
let leaders = [];
let bots = BOT_FALLBACK;
// Tokens of games created in this browser, so that "resume" can reopen a seat's own table.
const STORE = "newdawn.seats";

function savedSeats() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (_e) { return {}; }
}

function rememberGame(res) {
  const all = savedSeats();
  all[res.game_id] = { seats: res.seats, hotseat_url: res.hotseat_url, spectator_url: res.spectator_url };
  localStorage.setItem(STORE, JSON.stringify(all));
}

function seatRow(i) {
  const who = el("select", { class: "who", "data-seat": i, "aria-label": `seat ${i + 1} player` },
    el("option", { value: "human" }, "Human"),
    bots.map((b) => el("option", { value: `bot:${b}`, selected: i > 0 }, `Bot (${b})`)));
  const lead = el("select", { class: "leader", "data-seat": i, "aria-label": `seat ${i + 1} leader` },
    el("option", { value: "" }, "random"),
    leaders.map((l) => el("option", { value: l.id }, `${l.leader} (${l.civ})`)));
  return el("tr", {}, el("td", {}, `${i + 1}`), el("td", {}, who), el("td", {}, lead));
}

function drawSeats() {
  const n = Number($("n-seats").value);
  const body = $("seat-rows");
  const old = [...body.querySelectorAll("tr")];
  while (old.length > n) old.pop().remove();
  for (let i = old.length; i < n; i++) body.append(seatRow(i));
}

function pickLeaders(chosen) {
  if (chosen.every((x) => !x)) return null;
  const dup = chosen.filter((x, i) => x && chosen.indexOf(x) !== i);
  if (dup.length) throw new Error(`${pretty(dup[0])} is chosen twice`);
  const free = leaders.map((l) => l.id).filter((id) => !chosen.includes(id));
  return chosen.map((x) => {
    if (x) return x;
    const k = Math.floor(Math.random() * free.length);
    return free.splice(k, 1)[0];
  });
}

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  try {
    const seats = [...document.querySelectorAll("#seat-rows select.who")].map((s) =>
      s.value === "human" ? { kind: "human" } : { kind: "bot", bot: s.value.slice(4) });
    const chosen = [...document.querySelectorAll("#seat-rows select.leader")].map((s) => s.value);
    const seedText = $("seed").value.trim();
    const body = {
      seats, leaders: pickLeaders(chosen), seed: seedText === "" ? null : Number(seedText),
      hotseat: $("hotseat").checked,
    };
    $("create-btn").disabled = true;
    const res = await postJSON("/api/games", body);
    rememberGame(res);
    showLinks(res);
    await listGames();
  } catch (e) {
    $("create-error").textContent = e.message;
  } finally {
    $("create-btn").disabled = false;
  }
}

function abs(url) {
  return new URL(url, location.href).href;
}

function linkItem(label, url, cls) {
  const a = el("a", { href: url, class: cls }, label);
  const copy = el("button", {
    type: "button", class: "small",
    onclick: () => navigator.clipboard && navigator.clipboard.writeText(abs(url)),
  }, "copy");
  return el("li", {}, a, " ", el("code", {}, abs(url)), " ", copy);
}

function showLinks(res) {
  $("created").hidden = false;
  $("created-id").textContent = res.game_id;
  const ul = $("links");
  ul.replaceChildren();
  for (const s of res.seats) {
    if (s.kind === "human" && s.url) ul.append(linkItem(`Seat ${s.seat + 1} (human): your seat`, s.url, "seat-link"));
    if (s.invite_url) ul.append(linkItem(`Seat ${s.seat + 1} (human): invite link, send it to that player (the first to open it takes the seat)`, s.invite_url, "invite-link"));
  }
  if (res.practice) ul.append(el("li", { class: "practice" }, "Practice game: anyone who knows the seed you typed knows every die roll and draw to come."));
  if (res.hotseat_url) ul.append(linkItem("Hot seat: every human on this screen", res.hotseat_url, "hotseat-link"));
  ul.append(linkItem("Spectator", res.spectator_url, "spectator-link"));
}

function gameRow(g) {
  const mine = savedSeats()[g.game_id];
  const players = (g.seats || []).map((s) =>
    `${s.leader ? pretty(s.leader) : "?"}${s.kind === "bot" ? ` (bot ${s.bot || ""})` : ""}`).join(", ");
  const actions = el("td", { class: "actions" });
  if (mine) {
    if (mine.hotseat_url) actions.append(el("a", { href: mine.hotseat_url, class: "resume" }, "resume"), " ");
    for (const s of mine.seats) {
      if (s.kind === "human" && s.url) {
        actions.append(el("a", { href: s.url, class: "resume" }, `seat ${s.seat + 1}`), " ");
      }
    }
  }
  actions.append(el("a", { href: `/table.html?game=${encodeURIComponent(g.game_id)}` }, "watch"), " ");
  actions.append(el("a", { href: `/table.html?game=${encodeURIComponent(g.game_id)}&replay=0` }, "replay"));
  const created = g.created ? new Date(typeof g.created === "number" ? g.created * 1000 : g.created) : null;
  const status = (g.status === "over"
    ? (g.winner >= 0 ? `won by seat ${g.winner + 1}` : "over") : "playing") + (g.practice ? " (practice)" : "");
  return el("tr", { "data-game": g.game_id },
    el("td", {}, el("code", {}, g.game_id)),
    el("td", {}, created && !Number.isNaN(created.getTime()) ? created.toLocaleString() : ""),
    el("td", {}, players), el("td", {}, g.round ?? ""), el("td", {}, status), actions);
}

async function listGames() {
  try {
    const res = await getJSON("/api/games");
    const rows = (res.games || []).slice().reverse().map(gameRow);
    $("game-rows").replaceChildren(...rows);
    if (!rows.length) $("game-rows").append(el("tr", {}, el("td", { colspan: 6 }, "No games yet.")));
  } catch (e) {
    $("game-rows").replaceChildren(el("tr", {}, el("td", { colspan: 6, class: "error" }, e.message)));
  }
}

async function main() {
  try {
    const c = await loadContent();
    leaders = Object.values(c.leaders).sort((a, b) => a.civ.localeCompare(b.civ));
  } catch (e) {
    $("create-error").textContent = `Could not load the game content: ${e.message}`;
  }
  try {
    const b = await getJSON("/api/bots");
    const names = Array.isArray(b) ? b : b.bots;
    if (Array.isArray(names) && names.length) bots = names.map((x) => (typeof x === "string" ? x : x.name));
  } catch (_e) {
    bots = BOT_FALLBACK;
  }
  drawSeats();
  $("n-seats").addEventListener("change", drawSeats);
  $("new-game").addEventListener("submit", create);
  $("refresh").addEventListener("click", listGames);
  await listGames();
}

main();
