"""The shapes of the base game's own steps (docs/engine.md, "Step shapes"): advanced map
building (``base_setup``), the trade event (``base_events``), attacks from a military card
(``base_military``) and the Automated Player (``base_automa``). ``frames.Frame``, the union of
every step's shape, includes them; a ruleset's steps are declared beside its modules."""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from ..frame_base import FrameBase


class BaseMapPlaceFrame(FrameBase):
    """Decision (rulesets.base_setup)."""

    kind: Literal["base_map_place"]
    seat: int
    tile: int


class BaseMapTileFrame(FrameBase):
    """Decision (rulesets.base_setup)."""

    kind: Literal["base_map_tile"]
    seat: int


class BaseMapTurnFrame(FrameBase):
    """Automatic (rulesets.base_setup): A player's turn to place a tile: the choice of tile, unless
    one is left."""

    kind: Literal["base_map_turn"]
    seat: int


class BaseSetupFinishFrame(FrameBase):
    """Automatic (rulesets.base_setup): Deal the wonder decks (Setup 7-9) and the victory cards
    (10)."""

    kind: Literal["base_setup_finish"]


class EventTradeFrame(FrameBase):
    """Automatic (rulesets.base_events): Each player places one trade token from the supply per mature city they
    control on the cards of their focus row, distributed as they wish. Players place in turn
    order from the first player (the rulebook gives no order; the placements do not interact)."""

    kind: Literal["event_trade"]


class CardAttackFrame(FrameBase):
    """Decision (rulesets.base_military)."""

    kind: Literal["card_attack"]
    seat: int
    ap: NotRequired[list[dict[str, Any]]]
    """Automated Player: its target priorities."""
    combat: int
    left: int
    passes: list[str]
    range: int
    slot: int
    through: list[str]
    """What the attack range counts through (base military cards)."""
    vs_barbarian: int


class CardAttackAfterFrame(FrameBase):
    """Automatic (rulesets.base_military): A space the attacker now holds is not a space to attack
    from this turn; then the next attack, if the card has one left."""

    kind: Literal["card_attack_after"]
    seat: int
    ap: NotRequired[list[dict[str, Any]]]
    combat: int
    left: int
    passes: list[str]
    range: int
    slot: int
    space: int
    through: list[str]
    vs_barbarian: int


class ApDefeatBarbariansFrame(FrameBase):
    """Automatic (rulesets.base_automa): Currency (AP): every barbarian adjacent to a friendly
    space is defeated, without trade tokens."""

    kind: Literal["ap_defeat_barbarians"]
    seat: int


class ApDialFrame(FrameBase):
    """Automatic (rulesets.base_automa): The AP's science cards advance its dial; at each tech
    level space reached or passed, a random card among those of the lowest level becomes the
    card of that space's level (one level higher if it already has it)."""

    kind: Literal["ap_dial"]
    seat: int
    steps: int


class ApGainResourceFrame(FrameBase):
    """Automatic (rulesets.base_automa): Steam Power (AP): one resource from the supply, of a
    random type (parameter steam_power_resource = random)."""

    kind: Literal["ap_gain_resource"]
    seat: int


class ApGainTradeFrame(FrameBase):
    """Automatic (rulesets.base_automa): Mathematics (AP): trade tokens onto the card with the
    fewest, highest in the row."""

    kind: Literal["ap_gain_trade"]
    seat: int
    count: int


class ApNukeBeginFrame(FrameBase):
    """Automatic (rulesets.base_automa): Nuclear Power (AP): each player chooses one of their non-
    capital cities, if able; those cities and every control token adjacent to them are
    destroyed."""

    kind: Literal["ap_nuke_begin"]
    seat: int


class ApNukeEndFrame(FrameBase):
    """Automatic (rulesets.base_automa)."""

    kind: Literal["ap_nuke_end"]
    seat: int


class ApNukeFrame(FrameBase):
    """Decision (rulesets.base_automa): The Automated Player's Nuclear Power: choose one of your
    non-capital cities to lose."""

    kind: Literal["ap_nuke"]
    seat: int
    ap_seat: int
    """The Automated Player's seat."""


class ApReinforceFrame(FrameBase):
    """Automatic (rulesets.base_automa): After its attacks the AP reinforces (base - per_attack x
    attacks made) control tokens, the ones closest to a barbarian or a rival space first, then
    on the hardest terrain."""

    kind: Literal["ap_reinforce"]
    seat: int
    base: int
    per_attack: int


class ApResolveFrame(FrameBase):
    """Automatic (rulesets.base_automa): Capitalism resolves the card now in slot 5 without
    resetting it; Urbanization resolves the culture card as if in slot 5 and resets it (the AP
    cards' after-reset effects)."""

    kind: Literal["ap_resolve"]
    seat: int
    reset: bool
    what: str
    """The focus type of the card it resolves."""


class ApStripFrame(FrameBase):
    """Automatic (rulesets.base_automa): Mass Media (AP): every rival control token adjacent to a
    friendly space is flipped to its unreinforced side, or removed if it already was."""

    kind: Literal["ap_strip"]
    seat: int


class ApTurnFrame(FrameBase):
    """Automatic (rulesets.base_automa)."""

    kind: Literal["ap_turn"]
    seat: int


class ApUpgradeCardFrame(FrameBase):
    """Automatic (rulesets.base_automa): Replaceable Parts (AP): the card with the lowest tech
    level, highest in the row, becomes the next-level card of its type."""

    kind: Literal["ap_upgrade_card"]
    seat: int


class ApUpgradeCheckFrame(FrameBase):
    """Automatic (rulesets.base_automa): A card that did nothing becomes the next card of its chain
    (Pottery → Animal Husbandry → Nationalism → Urbanization when it builds nothing; Masonry →
    Iron Working → Mass Production when it neither attacks nor reinforces); the new card stays
    in slot 1, where the old one was reset."""

    kind: Literal["ap_upgrade_check"]
    seat: int
    type: str
