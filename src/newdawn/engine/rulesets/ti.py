"""Terra Incognita's rules code: none of its own. Every rule of the expansion is the shared
engine reading ``ruleset_ti.json``; registering an empty ``RulesetCode`` keeps every dispatch
point's shared behaviour (docs/rulesets.md)."""

from __future__ import annotations

from . import RulesetCode, register

register("ti", RulesetCode())
