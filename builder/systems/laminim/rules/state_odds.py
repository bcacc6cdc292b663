"""Odds from where a unit stands in a battle (docs/rules.md D21), and an enemy unit as a threat.

D7's chain, started from the unit's current parts and magazines (``start``), run over the rounds
of the game not yet resolved, the current one included. In the current round the threat's
attacks land on top of the damage already recorded, unless the players marked this round's
attacks on the unit as done: then only the recorded damage resolves (every cook-off outcome
weighed, not rolled). The threat is a catalog threat, or an enemy unit firing every intact
weapon each round at a chosen bonus while its ammo lasts (``unit_threat``), its missiles
salvos that all contact. Beyond the exact budget the same figures come from the seeded sampler,
marked ``sampled``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .interception import DEFAULT_BONUS
from .model import ThreatAttack, ThreatSpec, UnitSpec, UnitState
from .results import SurvivalResult
from .sampled import survival_answer

LAST_ROUND = 6
"""A game lasts six rounds (docs/rules.md §1.5)."""


@dataclass(frozen=True)
class StateOdds:
    """D21's four figures for one unit, and the chain they come from."""

    round: int  # the game's current round (the chain's first)
    attacks_done: bool  # this round's attacks on the unit are marked done
    alive_round: float  # P(alive after this round's resolution)
    alive_end: float  # P(alive after the last round's resolution)
    expected_remaining: float  # E[remaining durability (D6) at the end]; destroyed counts 0
    cook_off: float  # P(at least one cook-off die shows a 1 from now on)
    survival: SurvivalResult  # per round from now: chain round r is game round round + r - 1

    @property
    def method(self) -> str:
        """``exact`` (the chain) or ``sampled`` (beyond its budget)."""
        return self.survival.method


def state_odds(
    unit: UnitSpec,
    state: UnitState,
    threat: ThreatSpec,
    round_no: int,
    attacks_done: bool = False,
    last_round: int = LAST_ROUND,
    exact: bool = False,
) -> StateOdds:
    """D21 for ``unit`` standing as ``state`` in round ``round_no`` (1..``last_round``).

    ``exact=True`` raises ``budget.TooLarge`` instead of sampling beyond the budget.
    """
    if not 1 <= round_no <= last_round:
        raise ValueError(f"round {round_no} is not a round of the game (1-{last_round})")
    rounds = last_round - round_no + 1
    result = survival_answer(
        unit, threat, rounds, exact=exact, state=state, attacks_done=attacks_done
    )
    first, last = result.rounds[0], result.rounds[-1]
    return StateOdds(
        round_no,
        attacks_done,
        first.alive,
        last.alive,
        last.expected_remaining,
        last.cook_off,
        result,
    )


def magazine_rounds(ammo: int | None, per: int) -> int | None:
    """Rounds a weapon can fire on ``ammo`` at ``per`` ammo an attack: ⌊ammo ÷ per⌋; None
    (every round) for a weapon that uses no ammo."""
    if ammo is None or per <= 0:
        return None
    return ammo // per


def unit_threat(
    enemy: UnitSpec,
    bonus: int = DEFAULT_BONUS,
    state: UnitState | None = None,
    fires_this_round: bool = True,
    threat_id: str | None = None,
) -> ThreatSpec:
    """An enemy unit as a threat (D21): every intact weapon that attacks fires each round,
    normal and melee dice at total bonus ``bonus``, missiles as salvos that all contact, for
    ⌊ammo ÷ ammo per attack⌋ rounds (no ammo: every round).

    ``state``: where the enemy stands (default: whole, full magazines). A destroyed enemy
    makes no attack; a weapon destroyed makes none; a part at 0 or below is destroyed at this
    round's resolution, so it fires in this round at most: once when ``fires_this_round`` (the
    threat's first round is the current one), never otherwise. The threat's rounds are counted
    from its first (the current round, or the next one when ``fires_this_round`` is False).
    """
    attacks: list[ThreatAttack] = []
    gone = state is not None and (state.frame_destroyed or state.frame <= 0)
    if state is None or not state.frame_destroyed:
        for slot, weapon in enumerate(enemy.slots):
            if weapon is None or not weapon.makes_attacks:
                continue
            if state is not None and state.destroyed[slot]:
                continue
            left = weapon.ammo if state is None or state.ammo[slot] is None else state.ammo[slot]
            rounds = magazine_rounds(
                left if weapon.ammo is not None else None, weapon.ammo_per_attack
            )
            if gone or (state is not None and state.slots[slot] <= 0):
                if not fires_this_round:
                    continue
                rounds = 1 if rounds is None else min(rounds, 1)
            if rounds == 0:
                continue
            attacks.append(ThreatAttack(weapon, bonus if weapon.attacks_roll else 0, rounds))
    return ThreatSpec(threat_id or enemy.name, tuple(attacks))
