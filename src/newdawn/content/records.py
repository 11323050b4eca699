"""Reading data files into records: a strict reader for one JSON object (``_Rec``: every failure
names the file and the entry), effects and their arguments (``_check_args``), the builder of
each record type (focus cards, wonders, city-states, leaders, victory cards, natural wonders,
player diplomacy cards, tiles), and the records of the data files (``_read_records``, ``_by_id``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields
from types import MappingProxyType
from typing import Any, Final, NoReturn, TypeVar

from newdawn.content.errors import ContentError
from newdawn.content.files import DataFiles
from newdawn.content.rulesets import known_boxes
from newdawn.content.schema import (
    ERAS,
    FOCUS_TYPES,
    RESOURCES,
    TERRAINS,
    WONDER_TYPES,
    Agenda,
    CityState,
    Effect,
    FocusCard,
    Leader,
    NaturalWonder,
    PlayerDiplomacyCard,
    Reading,
    TileDef,
    TileSpace,
    VictoryCard,
    Wonder,
)
from newdawn.content.vocab import (
    AGENDA_KINDS,
    BARBARIAN_LETTERS,
    CITY_STATE_FRAMES,
    CONFIDENCES,
    EFFECT_OPS,
    PRIMARY_RESOURCE,
    SPACES_PER_SIDE,
    SPECIAL_ARGS,
    TILE_KINDS,
    TILE_SIDES,
    Arg,
)

T = TypeVar("T")

# --------------------------------------------------------------------------- low-level readers


class _Rec:
    """A JSON object being read into a record; every failure names file and entry."""

    def __init__(self, file: str, entry: str, obj: object, keys: Iterable[str], optional: Iterable[str] = ()):
        self.file = file
        self.entry = entry
        if not isinstance(obj, dict):
            self.fail(f"expected an object, got {type(obj).__name__}")
        self.obj: dict[str, object] = obj
        required = set(keys)
        allowed = required | set(optional)
        unknown = sorted(set(obj) - allowed)
        if unknown:
            self.fail(f"unknown key(s) {unknown}")
        missing = sorted(required - set(obj))
        if missing:
            self.fail(f"missing key(s) {missing}")

    def fail(self, msg: str) -> NoReturn:
        raise ContentError(f"{self.file}: {self.entry}: {msg}")

    def raw(self, key: str) -> object:
        return self.obj.get(key)

    def get_str(self, key: str, choices: Iterable[str] | None = None) -> str:
        v = self.obj.get(key)
        if not isinstance(v, str) or not v:
            self.fail(f"{key!r} must be a non-empty string, got {v!r}")
        if choices is not None:
            opts = tuple(choices)
            if v not in opts:
                self.fail(f"{key!r} = {v!r} is not one of {list(opts)}")
        return v

    def get_opt_str(self, key: str, choices: Iterable[str] | None = None) -> str | None:
        if self.obj.get(key) is None:
            return None
        return self.get_str(key, choices)

    def get_int(self, key: str, minimum: int | None = None, maximum: int | None = None) -> int:
        v = self.obj.get(key)
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(f"{key!r} must be an integer, got {v!r}")
        if minimum is not None and v < minimum:
            self.fail(f"{key!r} = {v} is below {minimum}")
        if maximum is not None and v > maximum:
            self.fail(f"{key!r} = {v} is above {maximum}")
        return v

    def get_bool(self, key: str) -> bool:
        v = self.obj.get(key)
        if not isinstance(v, bool):
            self.fail(f"{key!r} must be true or false, got {v!r}")
        return v

    def get_list(self, key: str) -> list[object]:
        v = self.obj.get(key)
        if not isinstance(v, list):
            self.fail(f"{key!r} must be a list, got {v!r}")
        return v

    def get_dict(self, key: str) -> dict[str, object]:
        v = self.obj.get(key)
        if not isinstance(v, dict):
            self.fail(f"{key!r} must be an object, got {v!r}")
        return v

    def get_strs(self, key: str, choices: Iterable[str] | None = None) -> tuple[str, ...]:
        out: list[str] = []
        opts = tuple(choices) if choices is not None else None
        for i, v in enumerate(self.get_list(key)):
            if not isinstance(v, str) or not v:
                self.fail(f"{key}[{i}] must be a non-empty string, got {v!r}")
            if opts is not None and v not in opts:
                self.fail(f"{key}[{i}] = {v!r} is not one of {list(opts)}")
            out.append(v)
        return tuple(out)

    def get_ints(self, key: str) -> tuple[int, ...]:
        out: list[int] = []
        for i, v in enumerate(self.get_list(key)):
            if not isinstance(v, int) or isinstance(v, bool):
                self.fail(f"{key}[{i}] must be an integer, got {v!r}")
            out.append(v)
        return tuple(out)

    def get_int_map(self, key: str, keys: Iterable[str] | None = None, minimum: int = 0) -> Mapping[str, int]:
        d = self.get_dict(key)
        if keys is not None:
            want = set(keys)
            if set(d) != want:
                self.fail(f"{key!r} keys {sorted(d)} must be exactly {sorted(want)}")
        out: dict[str, int] = {}
        for k, v in d.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
                self.fail(f"{key}[{k!r}] must be an integer >= {minimum}, got {v!r}")
            out[k] = v
        return MappingProxyType(out)

    def confidence(self, key: str = "confidence") -> str:
        return self.get_str(key, CONFIDENCES)

    def note(self) -> Mapping[str, str]:
        """The :data:`NOTE_KEYS` of an uncertain reading (where it comes from, how sure it is, the
        reading not taken), as a read-only mapping."""
        return MappingProxyType(
            {"source": self.get_str("source"), "confidence": self.confidence(), "alternative": self.get_str("alternative")}
        )


NOTE_KEYS: Final[tuple[str, ...]] = ("source", "confidence", "alternative")
"""The keys of a note on an uncertain reading (:meth:`_Rec.note`)."""


def _field_names(cls: type[Any], *, exclude: Iterable[str] = ()) -> tuple[str, ...]:
    skip = set(exclude)
    return tuple(f.name for f in fields(cls) if f.name not in skip)


def _entry_id(obj: object, index: int) -> str:
    if isinstance(obj, dict):
        v = obj.get("id")
        if isinstance(v, str | int) and not isinstance(v, bool):
            return f"{v!r} (#{index})"
    return f"#{index}"


# --------------------------------------------------------------------------- effects and agendas


def _check_args(
    file: str, entry: str, where: str, args: dict[str, object], spec: Mapping[str, Arg]
) -> dict[str, Any]:
    def fail(msg: str) -> NoReturn:
        raise ContentError(f"{file}: {entry}: {where}: {msg}")

    unknown = sorted(set(args) - set(spec))
    if unknown:
        fail(f"unknown argument(s) {unknown}; allowed {sorted(spec)}")
    out: dict[str, Any] = {}
    for name, arg in spec.items():
        if name not in args:
            if arg.required:
                fail(f"missing argument {name!r}")
            continue
        v = args[name]
        if arg.kind == "int":
            if not isinstance(v, int) or isinstance(v, bool) or v < arg.minimum:
                fail(f"argument {name!r} must be an integer >= {arg.minimum}, got {v!r}")
            out[name] = v
        elif arg.kind == "bool":
            if not isinstance(v, bool):
                fail(f"argument {name!r} must be true or false, got {v!r}")
            out[name] = v
        elif arg.kind == "str":
            if not isinstance(v, str) or not v:
                fail(f"argument {name!r} must be a non-empty string, got {v!r}")
            if arg.choices and v not in arg.choices:
                fail(f"argument {name!r} = {v!r} is not one of {list(arg.choices)}")
            out[name] = v
        elif arg.kind == "strs":
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                fail(f"argument {name!r} must be a list of strings, got {v!r}")
            bad = [x for x in v if arg.choices and x not in arg.choices]
            if bad:
                fail(f"argument {name!r} has unknown value(s) {bad}; allowed {list(arg.choices)}")
            if len(set(v)) != len(v):
                fail(f"argument {name!r} repeats a value: {v!r}")
            out[name] = tuple(v)
        elif arg.kind == "options":
            if not isinstance(v, list) or len(v) < 2:
                fail(f"argument {name!r} must be a list of at least 2 effect lists")
            options: list[tuple[Effect, ...]] = []
            for i, opt in enumerate(v):
                options.append(_effects(file, entry, opt, f"{where}.{name}[{i}]", allow_empty=False))
            out[name] = tuple(options)
        else:  # pragma: no cover - vocabulary table error
            fail(f"bad vocabulary kind {arg.kind!r}")
    return out


def _effect(
    file: str, entry: str, obj: object, where: str, ops: Mapping[str, Mapping[str, Arg]] = EFFECT_OPS
) -> Effect:
    """One effect, its op and arguments checked against ``ops`` (a ruleset may add to the shared
    :data:`EFFECT_OPS`, as the base game does)."""
    if not isinstance(obj, dict):
        raise ContentError(f"{file}: {entry}: {where}: an effect must be an object, got {obj!r}")
    op = obj.get("op")
    if not isinstance(op, str) or op not in ops:
        raise ContentError(f"{file}: {entry}: {where}: unknown effect op {op!r}; known: {sorted(ops)}")
    args = {k: v for k, v in obj.items() if k != "op"}
    spec = ops[op]
    if op == "special" and isinstance(args.get("handler"), str):
        spec = {**spec, **SPECIAL_ARGS.get(str(args["handler"]), {})}
    checked = _check_args(file, entry, f"{where} ({op})", args, spec)
    return Effect(op=op, args=MappingProxyType(checked))


def _effects(
    file: str, entry: str, obj: object, where: str, *, allow_empty: bool = True
) -> tuple[Effect, ...]:
    if not isinstance(obj, list):
        raise ContentError(f"{file}: {entry}: {where}: must be a list of effects, got {obj!r}")
    if not obj and not allow_empty:
        raise ContentError(f"{file}: {entry}: {where}: must not be empty")
    return tuple(_effect(file, entry, e, f"{where}[{i}]") for i, e in enumerate(obj))


# --------------------------------------------------------------------------- record builders

#: How a field of that name is read in every record that has it (:func:`_filled`).
_COMMON_FIELDS: Mapping[str, Callable[[_Rec], Any]] = MappingProxyType(
    {
        "id": lambda r: r.get_str("id"),
        "name": lambda r: r.get_str("name"),
        "civ": lambda r: r.get_str("civ"),
        "leader": lambda r: r.get_str("leader"),
        "ability": lambda r: r.get_str("ability"),
        "unique_card": lambda r: r.get_str("unique_card"),
        "text": lambda r: r.get_str("text"),
        "box": lambda r: r.get_str("box", known_boxes()),
        "effects": lambda r: _effects(r.file, r.entry, r.raw("effects"), "effects"),
        "source": lambda r: r.get_str("source"),
        "confidence": lambda r: r.confidence(),
    }
)


def _filled(cls: type[T], r: _Rec, **own: Any) -> T:
    """The record ``cls`` read from ``r``: the fields given in ``own`` as they are, every other
    field the way all records read it (:data:`_COMMON_FIELDS`)."""
    names = _field_names(cls)
    return cls(**{name: own[name] if name in own else _COMMON_FIELDS[name](r) for name in names})


def _focus_card(file: str, entry: str, obj: object) -> FocusCard:
    r = _Rec(file, entry, obj, _field_names(FocusCard))
    card = _filled(
        FocusCard,
        r,
        type=r.get_str("type", FOCUS_TYPES),
        level=r.get_int("level", 1, 4),
        caravans=r.get_int("caravans", 0, 3),
        armies=r.get_int("armies", 0, 2),
        effects=_effects(file, entry, r.raw("effects"), "effects", allow_empty=False),
        unique_of=r.get_opt_str("unique_of"),
    )
    if card.caravans and card.type != "economy":
        r.fail(f"only economy cards carry caravans, {card.type} card has {card.caravans}")
    if card.armies and card.type != "military":
        r.fail(f"only military cards carry armies, {card.type} card has {card.armies}")
    if card.type == "economy" and card.caravans == 0:
        r.fail("an economy card needs at least 1 caravan")
    has_armies_op = _uses_op(card.effects, "armies")
    if has_armies_op and card.armies == 0:
        r.fail("a card with an 'armies' effect needs at least 1 army")
    return card


def _uses_op(effects: Iterable[Effect], op: str) -> bool:
    for e in effects:
        if e.op == op:
            return True
        if e.op == "choose":
            options: tuple[tuple[Effect, ...], ...] = e.args["options"]
            if any(_uses_op(opt, op) for opt in options):
                return True
    return False


def _wonder(file: str, entry: str, obj: object) -> Wonder:
    r = _Rec(file, entry, obj, _field_names(Wonder))
    res = r.get_strs("resources", RESOURCES)
    if len(res) != 2 or res[0] == res[1]:
        r.fail(f"'resources' must be 2 different resources [primary, other], got {list(res)}")
    w = _filled(
        Wonder,
        r,
        type=r.get_str("type", WONDER_TYPES),
        era=r.get_str("era", ERAS),
        cost=r.get_int("cost", 1, 30),
        resources=(res[0], res[1]),
    )
    if res[0] != PRIMARY_RESOURCE[w.type]:
        r.fail(f"first resource of a {w.type} wonder must be {PRIMARY_RESOURCE[w.type]!r}, got {res[0]!r}")
    return w


def _city_state(file: str, entry: str, obj: object) -> CityState:
    r = _Rec(file, entry, obj, _field_names(CityState))
    return _filled(
        CityState,
        r,
        type=r.get_str("type", FOCUS_TYPES),
        frame=r.get_str("frame", CITY_STATE_FRAMES),
        tile=r.get_int("tile", 1),
    )


def _leader(file: str, entry: str, obj: object) -> Leader:
    r = _Rec(file, entry, obj, _field_names(Leader))
    return _filled(Leader, r, start_row=r.get_strs("start_row"))


def _agenda(file: str, entry: str, obj: object) -> Agenda:
    r = _Rec(file, entry, obj, _field_names(Agenda))
    kind = r.get_str("kind", AGENDA_KINDS)
    args = _check_args(
        file, entry, f"agenda {r.raw('id')!r} ({kind})", r.get_dict("args"), AGENDA_KINDS[kind]
    )
    return _filled(Agenda, r, kind=kind, args=MappingProxyType(args))


def _victory_card(file: str, entry: str, obj: object) -> VictoryCard:
    r = _Rec(file, entry, obj, _field_names(VictoryCard))
    fort = r.get_bool("fort")
    agendas = tuple(_agenda(file, entry, a) for a in r.get_list("agendas"))
    want = 1 if fort else 2
    if len(agendas) != want:
        r.fail(f"a {'fort' if fort else 'standard'} victory card has {want} agenda(s), got {len(agendas)}")
    if fort and agendas[0].kind != "forts":
        r.fail(f"a fort card's agenda must be of kind 'forts', got {agendas[0].kind!r}")
    return _filled(VictoryCard, r, fort=fort, agendas=agendas)


def _natural_wonder(file: str, entry: str, obj: object) -> NaturalWonder:
    r = _Rec(file, entry, obj, _field_names(NaturalWonder))
    return _filled(NaturalWonder, r, resource=r.get_str("resource", RESOURCES), tile=r.get_int("tile", 1))


def _player_diplomacy(file: str, entry: str, obj: object) -> PlayerDiplomacyCard:
    return _filled(PlayerDiplomacyCard, _Rec(file, entry, obj, _field_names(PlayerDiplomacyCard)))


def _reading(file: str, entry: str, rid: str, obj: object) -> tuple[_Rec, Reading]:
    """An open rule ``{"value", "choices", "source", "confidence", "alternative"}`` as a
    :class:`Reading`, and its reader (the caller checks the value against what it supports)."""
    r = _Rec(file, entry, obj, ("value", "choices", *NOTE_KEYS))
    return r, Reading(id=rid, value=r.raw("value"), choices=tuple(r.get_list("choices")), **r.note())


def _tile_space(file: str, entry: str, obj: object) -> TileSpace:
    r = _Rec(file, entry, obj, _field_names(TileSpace))
    sp = TileSpace(
        index=r.get_int("index", 0, SPACES_PER_SIDE - 1),
        q=r.get_int("q"),
        r=r.get_int("r"),
        terrain=r.get_str("terrain", TERRAINS),
        resource=r.get_opt_str("resource", RESOURCES),
        natural_wonder=r.get_opt_str("natural_wonder"),
        barbarian=r.get_opt_str("barbarian", BARBARIAN_LETTERS),
        city_state=r.get_opt_str("city_state"),
        capital=r.get_bool("capital"),
        confidence=r.confidence(),
    )
    if (sp.terrain == "natural_wonder") != (sp.natural_wonder is not None):
        r.fail("a natural wonder id goes exactly on a 'natural_wonder' terrain space")
    tokens = [x for x in (sp.resource, sp.barbarian, sp.city_state) if x is not None] + (
        ["capital"] if sp.capital else []
    )
    if len(tokens) > 1:
        r.fail(f"a space holds at most one printed token, got {tokens}")
    if tokens and sp.terrain in ("water", "natural_wonder"):
        r.fail(f"no printed token may sit on {sp.terrain}")
    return sp


def _tile(file: str, entry: str, obj: object) -> TileDef:
    r = _Rec(file, entry, obj, _field_names(TileDef))
    tid = r.get_int("id", 1)
    sides_obj = r.get_dict("sides")
    if sorted(sides_obj) != list(TILE_SIDES):
        r.fail(f"'sides' must be exactly {list(TILE_SIDES)}, got {sorted(sides_obj)}")
    sides: dict[str, tuple[TileSpace, ...]] = {}
    for name in TILE_SIDES:
        raw = sides_obj[name]
        if not isinstance(raw, list) or len(raw) != SPACES_PER_SIDE:
            r.fail(f"side {name} must list {SPACES_PER_SIDE} spaces")
        spaces = tuple(_tile_space(file, f"{entry} side {name} space #{i}", s) for i, s in enumerate(raw))
        if [s.index for s in spaces] != list(range(SPACES_PER_SIDE)):
            r.fail(f"side {name} space indices must be 0..{SPACES_PER_SIDE - 1} in order")
        if len({(s.q, s.r) for s in spaces}) != SPACES_PER_SIDE:
            r.fail(f"side {name} has repeated coordinates")
        sides[name] = spaces
    return _filled(TileDef, r, id=tid, kind=r.get_str("kind", TILE_KINDS), sides=MappingProxyType(sides))


# --------------------------------------------------------------------------- files


def _file_records(files: DataFiles, stem: str) -> list[object]:
    """The records of the data file ``stem`` (its list under the key of the same name)."""
    doc = files.doc(stem)
    r = _Rec(f"{stem}.json", "top level", doc, (stem,), optional=("meta",))
    if "meta" in r.obj:
        r.get_dict("meta")
    return r.get_list(stem)


RECORD_BUILDERS: Mapping[str, Any] = MappingProxyType(
    {
        "focus_cards": _focus_card,
        "wonders": _wonder,
        "city_states": _city_state,
        "leaders": _leader,
        "victory_cards": _victory_card,
        "natural_wonders": _natural_wonder,
        "player_diplomacy": _player_diplomacy,
        "tiles": _tile,
    }
)
"""The shared record files (by stem, in the order of the fields of ``Content``) and the builder
of each one's records."""


def _read_records(files: DataFiles) -> dict[str, dict[Any, Any]]:
    """Every record of every shared record file, by file stem, then by id."""
    return {stem: _by_id(f"{stem}.json", _file_records(files, stem), build) for stem, build in RECORD_BUILDERS.items()}


def _by_id(file: str, raw: list[object], build: Any) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for i, obj in enumerate(raw):
        entry = _entry_id(obj, i)
        rec = build(file, entry, obj)
        rid = rec.id
        if rid in out:
            raise ContentError(f"{file}: {entry}: duplicate id {rid!r}")
        out[rid] = rec
    return out


def _fail(file: str, entry: str, msg: str) -> NoReturn:
    raise ContentError(f"{file}: {entry}: {msg}")


def _placements(r: _Rec, raw: object, what: str, n: int) -> tuple[tuple[int, tuple[int, int]], ...]:
    """``n`` tile placements ``[k (0..5), [q, r]]`` (core tiles, a base map): (k, (q, r)) each."""
    if not isinstance(raw, list) or len(raw) != n:
        r.fail(f"{what} must list {n} placements")
    rows: list[tuple[int, tuple[int, int]]] = []
    for i, item in enumerate(raw):
        ok = (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and not isinstance(item[0], bool)
            and 0 <= item[0] <= 5
            and isinstance(item[1], list)
            and len(item[1]) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in item[1])
        )
        if not ok:
            r.fail(f"{what}[{i}] must be [k (0..5), [q, r]], got {item!r}")
        rows.append((int(item[0]), (int(item[1][0]), int(item[1][1]))))
    return tuple(rows)
