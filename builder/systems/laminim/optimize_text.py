"""``laminim optimize``'s output: the documented JSON (docs/design.md "LAMINIM") and a ranked
table that fits 80 columns, in the language the command reports in. ``balance --json`` lists
its loadouts the same way (:func:`loadout_json`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core import numbers
from builder.core.i18n import Labels, Lang, part_name
from builder.systems.laminim.declared import DEFAULT_TOP

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog
    from builder.systems.laminim.rules import OptimizeResult, ScoredLoadout

WIDTH = 80


def loadout_json(s: ScoredLoadout) -> dict[str, Any]:
    """One scored loadout as ``optimize --json`` lists it (``balance --json`` too)."""
    return {
        "frame": s.frame,
        "weapons": list(s.weapons),
        "payload": s.payload,
        "alive": s.alive,
        "expected_remaining": s.expected_remaining,
        "damage_all": s.damage_all,
        "delivered": s.delivered,
        "pareto": s.pareto,
        "method": "exact" if s.interval is None else "sampled",
        **(
            {}
            if s.interval is None
            else {
                "interval": {
                    "alive": list(s.interval.alive),
                    "expected_remaining": list(s.interval.expected_remaining),
                    **(
                        {}
                        if s.delivered_interval is None
                        else {"delivered": list(s.delivered_interval)}
                    ),
                }
            }
        ),
    }


def optimize_json(result: OptimizeResult, top: int = 0) -> dict[str, Any]:
    shown = result.loadouts[:top] if top else result.loadouts
    return {
        "threat": result.threat,
        "rounds": result.rounds,
        "rank": result.rank,
        "evaluated": result.evaluated,
        "loadouts": [loadout_json(s) for s in shown],
    }


LABELS = Labels.load(__file__, "optimize_labels.yaml")
"""The words of ``optimize``'s text, in the language the command reports in."""


def weapon_names(s: ScoredLoadout, catalog: Catalog, lang: Lang = "en") -> str:
    """The mounted weapons by name, duplicates as ``2×Name``, in ``lang``'s list (the table
    wraps a long list between names; it shortens a name only when it truly has no room)."""
    counts: dict[str, int] = {}
    for wid in s.weapons:
        if wid is not None:
            name = part_name(catalog.weapon(wid), lang, wid)
            counts[name] = counts.get(name, 0) + 1
    named = [f"{n}×{name}" if n > 1 else name for name, n in counts.items()]
    return LABELS.t("list-comma", lang).join(named)


def percent(p: float) -> str:
    """A probability as a player reads it (builder.core.numbers: one decimal)."""
    return numbers.percent(p)


def small(x: float) -> str:
    return f"{x:.2f}" if x == 0 or x >= 0.005 else f"{x:.1e}"


def optimize_text(
    result: OptimizeResult, catalog: Catalog, top: int = DEFAULT_TOP, lang: Lang | None = None
) -> str:
    """The ranked table and its footer in ``lang`` (default: the language the command reports
    in), within 80 columns."""
    from builder.core.report_lang import current_lang
    from builder.systems.laminim.text import _table

    lang = lang or current_lang()
    t = LABELS.t
    threat = catalog.threat(result.threat)
    threat_name = (
        t("threat", lang, name=part_name(threat, lang), id=threat.id)
        if threat is not None
        else result.threat
    )
    front = [i for i, s in enumerate(result.loadouts) if s.pareto]
    shown = result.loadouts[:top] if top else result.loadouts
    rows = []
    alive = numbers.percents([s.alive for s in shown])  # the decimals that tell the rows apart
    for i, s in enumerate(shown):
        frame = catalog.frame(s.frame)
        rows.append(
            [
                f"{i + 1}{'*' if s.pareto else ''}",
                part_name(frame, lang, s.frame),
                weapon_names(s, catalog, lang=lang),
                f"{s.payload}/{frame.payload}" if frame is not None else str(s.payload),
                ("" if s.interval is None else "≈") + alive[i],
                ("" if s.interval is None else "≈") + small(s.expected_remaining),
                f"{s.damage_all:.2f}",
                ("" if s.delivered_interval is None else "≈") + f"{s.delivered:.2f}",
            ]
        )
    heads = ["number", "frame", "weapons", "payload", "alive", "remaining", "damage", "delivered"]
    table = _table([t(k, lang) for k in heads], rows)
    lines = [
        t(
            "header",
            lang,
            threat=threat_name,
            rounds=result.rounds,
            evaluated=result.evaluated,
            front=len(front),
        ),
        t("ranked", lang, rank=t(f"rank-{result.rank}", lang)),
        "",
        table,
        "",
    ]
    if len(shown) < result.evaluated:
        lines.append(t("showing", lang, shown=len(shown), evaluated=result.evaluated))
    beyond = [i + 1 for i in front if i >= len(shown)]
    if beyond:
        listed = ", ".join(f"#{r}" for r in beyond[:12]) + (" …" if len(beyond) > 12 else "")
        lines.append(t("further", lang, listed=listed))
    lines.append(t("legend-alive", lang))
    lines.append(t("legend-damage", lang))
    lines.append(t("legend-delivered", lang))
    if any(s.interval is not None for s in result.loadouts):
        lines.append(t("legend-sampled", lang))
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str) -> str:
    import textwrap

    from builder.core.text_table import columns, wrap

    if columns(line) <= WIDTH or "  " in line:
        return line
    if columns(line) > len(line):  # Japanese: wrap by terminal columns, between characters
        return "\n".join(wrap(line, WIDTH))
    return "\n".join(textwrap.wrap(line, WIDTH))
