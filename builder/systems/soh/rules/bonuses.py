"""Situational bonuses of docs/rules.md §3: packed targets, dice transfer, sniping."""

from __future__ import annotations


def packed_targets_bonus(targets: int) -> int:
    """+1 hit per doubling of packed targets, any of which may be hit: floor(log2(targets)).

    2: +1, 4: +2, 8: +3; in between the last doubling reached counts (3: +1, 7: +2).
    """
    if targets < 1:
        raise ValueError(f"at least one target, not {targets}")
    return targets.bit_length() - 1


def transferred_dice(own_dice: int, helper_ap: int | list[int] | tuple[int, ...] = 0) -> int:
    """Dice transfer: each AP a helper spends on a described supporting action adds one die.

    ``helper_ap`` is one helper's AP or a list of several helpers' AP.
    """
    helpers = [helper_ap] if isinstance(helper_ap, int) else list(helper_ap)
    if own_dice < 0 or any(h < 0 for h in helpers):
        raise ValueError("dice and helper AP must be 0 or more")
    return own_dice + sum(helpers)


def sniping_reduction(rounds_aimed: int) -> int:
    """Sniping a still (or coasting) target: a reduction n of the size penalty costs 2^n rounds,
    so ``rounds_aimed`` rounds buy floor(log2(rounds_aimed))."""
    if rounds_aimed < 1:
        raise ValueError(f"sniping takes at least one round, not {rounds_aimed}")
    return rounds_aimed.bit_length() - 1


def sniping_rounds(reduction: int) -> int:
    """Rounds of aiming a size-penalty reduction of ``reduction`` costs: 2^n."""
    if reduction < 0:
        raise ValueError(f"a reduction is 0 or more, not {reduction}")
    return 2**reduction


def sniping_size_penalty(weapon_size: int, rounds_aimed: int) -> int:
    """The weapon's size penalty after aiming; it may go below 0 (the seed allows it)."""
    return weapon_size - sniping_reduction(rounds_aimed)
