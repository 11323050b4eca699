// The one place where the server's view message becomes what the components draw.
//
// The server sends typed records (src/newdawn/server/schema.py, docs/server-api.md): options with
// labels, kinds, spaces, sources and destinations; log entries with sentences in the table's
// words; goal, turn, wonders, combat, production, summaries, end. Nothing here reads an action
// text or an event sentence: the only conversions are from space ids to map coordinates.
// A message from an older server (no `schema_version`) still shows, with its options as plain
// buttons and its log lines as they come.

/** The map's words from an older server that sent none (`space_words`): the tooltip shows only
 * the reasons and labels it was sent. */
const NO_WORDS = { terrain: {}, fort: {}, titles: {}, pieces: {}, touched: "", off_map: "", click: "", not_a_choice: "", sure: "", no_reason: "" };

/** Space id -> "q,r" key of the map (and back). */
export function spaceIndex(board) {
  const byId = new Map();
  const byKey = new Map();
  for (const s of board.spaces) {
    const key = `${s.q},${s.r}`;
    byId.set(s.id, { ...s, key });
    byKey.set(key, s);
  }
  return { byId, byKey };
}

/** "q,r" key of a space id, or of a {q, r} cell, or null. */
export function keyOf(index, x) {
  if (x === null || x === undefined) return null;
  if (typeof x === "number") {
    const s = index.byId.get(x);
    return s ? s.key : null;
  }
  if (typeof x === "object" && "q" in x) return `${x.q},${x.r}`;
  return null;
}

function optionRecords(d) {
  if (d.choices) return d.choices;
  return (d.options || []).map((o) => (typeof o === "string" ? { action: o, label: o, kind: "choice", spaces: [] } : o));
}

function legacyLog(groups) {
  return (groups || []).map((g) => (g.entries ? g : {
    ...g,
    entries: [{ i: g.n, round: 0, seat: g.seat >= 0 ? g.seat : null, kind: g.n === 0 ? "setup" : "action", text: g.action, spaces: [] },
      ...(g.events || []).filter((t) => typeof t === "string")
        .map((t) => ({ i: g.n, round: 0, seat: null, kind: "event", text: t, spaces: [] }))],
  }));
}

/**
 * The table's model of one message: everything the components need, with space ids turned
 * into map keys. `content` is /api/content (names of cards, wonders, leaders...).
 */
export function toModel(msg, content, prev) {
  // Parts equal to the previous message's keep their identity, so that the components
  // drawing them (terrain, boards, goal...) are skipped by the diff.
  const old = prev ? prev.msg : null;
  const keep = (a, b) => (b !== undefined && b !== null && JSON.stringify(a) === JSON.stringify(b) ? b : a);
  if (old) {
    msg.board = keep(msg.board, old.board);
    const ps = msg.view.players.map((p, i) => keep(p, old.view.players[i]));
    msg.view.players = ps.length === old.view.players.length && ps.every((p, i) => p === old.view.players[i]) ? old.view.players : ps;
    for (const k of ["goal", "turn", "wonders", "summaries", "seats", "space_words"]) msg[k] = keep(msg[k], old[k]);
    // Each player board's words: a board whose words stay the same is skipped by the diff.
    if (msg.boards && old.boards) msg.boards = msg.boards.map((b, i) => keep(b, old.boards[i]));
    // The pieces' titles: drawn by the map's piece layers, which are skipped while they stay the same.
    if (msg.space_words && old.space_words && msg.space_words !== old.space_words) {
      msg.space_words.titles = keep(msg.space_words.titles, old.space_words.titles);
    }
    for (const k of ["tokens", "wonder_at", "cs_at", "ctl", "district", "cities", "reinforced", "capitals", "barbs"]) {
      msg.view[k] = keep(msg.view[k], old.view[k]);
    }
  }
  const index = old && old.board === msg.board ? prev.index : spaceIndex(msg.board);
  const typed = msg.schema_version !== undefined;
  const d = msg.decision || { seat: -1, text: "", options: [] };
  const options = optionRecords(d).map((o, n) => ({
    ...o,
    n,
    keys: (o.spaces || []).map((s) => keyOf(index, s)).filter(Boolean),
    srcKey: keyOf(index, o.src),
    dstKey: keyOf(index, o.dst) || keyOf(index, o.at),
    cells: o.cells || null,
  }));
  const players0 = msg.view.players.map((p, seat) => {
    const s = (msg.seats || []).find((x) => x.seat === seat) || {};
    const lead = (content.leaders || {})[p.leader] || {};
    return {
      seat, color: p.color, leader: lead.leader || p.leader, civ: lead.civ || "",
      // The seat's names are the server's (describe/names.seat_full, seat_name); a message
      // without them (an older server) names the seat by its leader.
      name: s.name || lead.leader || p.leader, short: s.short_name || lead.leader || p.leader,
      kind: s.kind || "human", kindText: s.kind_text || "", bot: s.bot || null, connected: !!s.connected,
    };
  });
  const players = prev ? keep(players0, prev.players) : players0;
  return {
    typed,
    msg,
    index,
    players,
    decision: {
      seat: d.seat, kind: d.kind || "", text: d.text || "", spaces: d.spaces || [], help: d.help || null, options, noTargetReason: d.no_target_reason || null, mapHint: d.map_hint || null, who: d.who || null,
      whyNot: new Map((d.why_not || []).flatMap((w) => w.spaces.map((s) => [keyOf(index, s), w.reason]))),
      autoAction: d.auto_action || null, auto_action: d.auto_action || null, reach: d.reach || null,
    },
    goal: msg.goal || null,
    turn: msg.turn || null,
    wonders: msg.wonders || null,
    combat: msg.combat || null,
    production: msg.production || null,
    summaries: msg.summaries || [],
    touched: prev && JSON.stringify(msg.touched) === JSON.stringify(old.touched) ? prev.touched
      : new Set((msg.touched || []).map((s) => keyOf(index, s)).filter(Boolean)),
    undo: msg.undo || null,
    end: msg.end || null,
    words: msg.space_words || NO_WORDS,
  };
}

/** A log group's key: its action number, and its part (an Automated Player's turn inside it). */
export function groupKey(g) {
  return `${g.n}.${g.part || 0}`;
}

/** The log groups of a message, each with its entries (older servers: one entry per line). */
export function logGroups(msg) {
  return legacyLog(msg.log);
}
