"""Which of a threat's attacks are made in each round a chain runs (docs/rules.md D7, D21).

A catalog threat attacks every round (D7). D21 adds two things a battle needs: an attack made
only while the attacker's ammo lasts (``ThreatAttack.rounds``: an enemy unit's magazine), and a
first round whose attacks on the unit are already done (the players marked them: only the damage
already recorded resolves in it). Both engines and the Monte Carlo ask this module, so they run
the same attacks in the same rounds.
"""

from __future__ import annotations

from .model import ThreatSpec

NO_ATTACKS = ()


def attack_round(round_no: int, attacks_done: bool = False) -> int:
    """The number of the threat's attack round that chain round ``round_no`` (1-based) is;
    0 when the threat makes no attack in it (the first round with ``attacks_done``)."""
    return round_no - 1 if attacks_done else round_no


def threat_in_round(threat: ThreatSpec, attack_no: int) -> ThreatSpec:
    """The attacks ``threat`` makes in its attack round ``attack_no`` (0: none). The threat
    itself when every attack is made (so caches keyed by the threat are shared)."""
    if attack_no <= 0:
        return ThreatSpec(threat.id, NO_ATTACKS)
    made = tuple(a for a in threat.attacks if a.rounds is None or a.rounds >= attack_no)
    return threat if len(made) == len(threat.attacks) else ThreatSpec(threat.id, made)


def round_threats(
    threat: ThreatSpec, rounds: int, attacks_done: bool = False
) -> tuple[ThreatSpec, ...]:
    """The threat of each chain round 1..``rounds``: every one a sub-list of ``threat``'s
    attacks (so ``threat`` covers every damage any round can deal)."""
    return tuple(
        threat_in_round(threat, attack_round(r, attacks_done)) for r in range(1, rounds + 1)
    )


def varies(threat: ThreatSpec, attacks_done: bool = False) -> bool:
    """True when some round's attacks differ from the plain D7 threat."""
    return attacks_done or any(a.rounds is not None for a in threat.attacks)
