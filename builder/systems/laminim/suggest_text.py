"""``balance --suggest`` as words: the changes, each finding before and after, what stays and
why, and each weapon's worth; text in 80 columns and the documented JSON (docs/balance.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.core.i18n import Labels, Lang, part_name
from builder.core.text_table import table

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog
    from builder.systems.laminim.rules.fitting import Candidate, Finding, Outcome, Part
    from builder.systems.laminim.rules.worth import Worth
    from builder.systems.laminim.suggest import Suggestion

LABELS = Labels.load(__file__, "suggest_labels.yaml")


def _part_name(catalog: Catalog, kind: str, pid: str, lang: Lang) -> str:
    item = catalog.weapon(pid) if kind == "weapon" else catalog.frame(pid)
    return part_name(item, lang, pid)


def _finding_part(finding: Finding) -> str:
    return "weapon" if finding[0] in ("never_worth", "must_pick") else "frame"


def measure(finding: Finding, out: Outcome) -> dict[str, int]:
    """The count behind a finding, as the JSON gives it."""
    kind, part = finding
    if kind in ("never_worth", "must_pick"):
        return {"fronts": out.fronts[part], "of": out.of}
    if kind == "no_loadout":
        return {"loadouts": out.loadouts[part]}
    return {"niches": out.niches[part], "of": out.of // max(1, _scored(out))}


def _scored(out: Outcome) -> int:
    return sum(1 for n in out.loadouts.values() if n > 0)


def _said(finding: Finding, out: Outcome, lang: Lang, cell: bool = False) -> str:
    """``on 0 of 36 fronts`` / ``a niche in 2 of 6`` / ``12 legal loadouts``; ``cell``: the
    short form of the findings table (``0/36 fronts``, ``niche 2/6``), so it fits 80 columns."""
    m = measure(finding, out)
    short = "_cell" if cell else ""
    if "fronts" in m:
        return LABELS.t(f"on_fronts{short}", lang, n=m["fronts"], of=m["of"])
    if "loadouts" in m:
        return LABELS.t("loadouts", lang, n=m["loadouts"])
    return LABELS.t(f"niches{short}", lang, n=m["niches"], of=m["of"])


def _change_text(part: Part, step: int, catalog: Catalog, lang: Lang) -> str:
    name = _part_name(catalog, part.kind, part.id, lang)
    return LABELS.t(
        "change",
        lang,
        part=name,
        field=LABELS.t(part.field, lang),
        old=part.value,
        new=part.value + step,
    )


def _changes_text(parts: Sequence[Part], c: Candidate, catalog: Catalog, lang: Lang) -> str:
    return LABELS.t("and", lang).join(_change_text(parts[i], s, catalog, lang) for i, s in c)


def _kind(finding: Finding, lang: Lang) -> str:
    return LABELS.t(f"kind_{finding[0]}", lang)


def _pt(x: float) -> str:
    """A difference of P(alive) in percentage points, ±0 within the tie rule."""
    from builder.systems.laminim.balance_text import signed

    return signed(x, pct=True)


def suggest_text(s: Suggestion, catalog: Catalog, lang: Lang = "en") -> str:
    from builder.core.text_table import wrap

    def _wrap(text: str, indent: str = "") -> list[str]:
        return wrap(text, 80, indent)

    t = LABELS.t
    b = s.base.balance
    lines = [t("title", lang, catalog=catalog.name), ""]
    search = s.search
    lines += _wrap(
        t(
            "searched",
            lang,
            threats=len(b.threats),
            rounds=b.rounds,
            parts=len(s.parts),
            depth=search.depth,
            tried=f"{search.tried:,}",
        )
    )
    if search.beam_sizes:
        lines += _wrap(t("beam", lang, sizes=search.beam_sizes))
    lines.append("")
    if not s.parts:
        lines.append(t("nothing_found", lang))
        return "\n".join(lines)
    if s.changes:
        total = sum(abs(step) for _, step in s.changes)
        lines.append(t("changes", lang, n=len(s.changes), total=total))
        rows = [
            [
                _part_name(catalog, s.parts[i].kind, s.parts[i].id, lang),
                t(s.parts[i].field, lang),
                f"{s.parts[i].value} → {s.parts[i].value + step}",
            ]
            for i, step in s.changes
        ]
        lines.append(table([t("part", lang), t("number", lang), t("value", lang)], rows))
        lines += _wrap(t("verified" if s.verified else "not_verified", lang))
    else:
        lines += _wrap(t("no_changes", lang))
    lines += ["", t("findings_title", lang)]
    rows = []
    for f in [*s.before.ordered(), *s.new]:
        rows.append(
            [
                _kind(f, lang),
                _part_name(catalog, _finding_part(f), f[1], lang),
                _said(f, s.before, lang, cell=True),
                _said(f, s.after, lang, cell=True),
                t(
                    "new"
                    if f not in s.before.findings
                    else "stays"
                    if f in s.after.findings
                    else "removed",
                    lang,
                ),
            ]
        )
    heads = [t(k, lang) for k in ("finding", "part", "before", "after", "result")]
    lines.append(table(heads, rows))
    if s.left:
        lines += ["", *_wrap(t("left_title", lang))]
        for f in s.left:
            lines += _wrap(f"- {_left_sentence(s, f, catalog, lang)}", "  ")
    lines += ["", *_wrap(t("worth_title", lang, rounds=b.rounds))]
    lines.append(_worth_table(s.worth, catalog, lang))
    lines += ["", *_wrap(t("worth_legend", lang))]
    return "\n".join(lines)


def _left_sentence(s: Suggestion, f: Finding, catalog: Catalog, lang: Lang) -> str:
    t = LABELS.t
    name = _part_name(catalog, _finding_part(f), f[1], lang)
    kind = _kind(f, lang)
    remover = s.search.removers.get(f)
    if remover is not None:
        _, c, out = remover
        brought = [x for x in out.ordered() if x not in s.before.findings]
        kept = len(out.findings)
        return t(
            "left_costly",
            lang,
            part=name,
            kind=kind,
            changes=_changes_text(s.parts, c, catalog, lang),
            findings=kept,
            now=len(s.after.findings),
            brought=LABELS.t("and", lang).join(
                t(
                    "part_kind",
                    lang,
                    part=_part_name(catalog, _finding_part(x), x[1], lang),
                    kind=_kind(x, lang),
                )
                for x in brought
            )
            or t("none", lang),
        )
    near = s.nearest.get(f)
    if near is None:
        return t("left_unsearched", lang, part=name, kind=kind)
    return t(
        "left_none",
        lang,
        part=name,
        kind=kind,
        change=_change_text(near.part, near.step, catalog, lang),
        result=_said(f, near.outcome, lang),
    )


def worth_means(worth: Sequence[Worth]) -> dict[str, dict[str, float]]:
    """Per weapon: the mean of each figure over the threats it was judged against."""
    out: dict[str, dict[str, float]] = {}
    fields = ("delivered", "absorbs", "face", "cook_off", "alive", "without")
    for w in worth:
        acc = out.setdefault(w.weapon, {f: 0.0 for f in (*fields, "n")})
        for f in fields:
            acc[f] += getattr(w, f)
        acc["n"] += 1
    for acc in out.values():
        n = acc.pop("n")
        for f in fields:
            acc[f] /= n
    return out


def _worth_table(worth: Sequence[Worth], catalog: Catalog, lang: Lang) -> str:
    t = LABELS.t
    means = worth_means(worth)
    rows = []
    for w in catalog.weapons:
        m = means.get(w.id)
        name = part_name(w, lang, w.id)
        if m is None:
            rows.append([name, "—", "—", "—", "—"])
            continue
        rows.append(
            [
                name,
                f"{m['delivered']:.1f}",
                _pt(m["absorbs"]),
                _pt(m["face"]),
                _pt(m["cook_off"]),
            ]
        )
    heads = [t(k, lang) for k in ("weapon", "dealt", "absorbs", "face", "cook_off")]
    return table(heads, rows, right=(1, 2, 3, 4))


# --- JSON -------------------------------------------------------------------------------------


def _part_json(p: Part) -> dict[str, Any]:
    return {"kind": p.kind, "id": p.id, "field": p.field, "value": p.value, "steps": list(p.steps)}


def _changes_json(parts: Sequence[Part], c: Candidate) -> list[dict[str, Any]]:
    return [
        {
            "kind": parts[i].kind,
            "id": parts[i].id,
            "field": parts[i].field,
            "before": parts[i].value,
            "after": parts[i].value + step,
        }
        for i, step in c
    ]


def suggest_json(s: Suggestion, written: dict[str, Any] | None = None) -> dict[str, Any]:
    b = s.base.balance
    findings = []
    for f in [*s.before.ordered(), *s.new]:
        near = s.nearest.get(f)
        remover = s.search.removers.get(f) if f in s.after.findings else None
        findings.append(
            {
                "kind": f[0],
                "part": f[1],
                "before": measure(f, s.before) if f in s.before.findings else None,
                "after": measure(f, s.after),
                "removed": f not in s.after.findings,
                "new": f not in s.before.findings,
                "removable_by": None
                if remover is None
                else {
                    "changes": _changes_json(s.parts, remover[1]),
                    "findings": [list(x) for x in remover[2].ordered()],
                },
                "nearest": None
                if near is None or remover is not None
                else {
                    "changes": _changes_json(s.parts, ((s.parts.index(near.part), near.step),)),
                    "after": measure(f, near.outcome),
                    "verified": near.verified,
                },
            }
        )
    return {
        "system": "laminim",
        "rounds": b.rounds,
        "threats": list(b.threats),
        "search": {
            "parts": [_part_json(p) for p in s.parts],
            "tried": s.search.tried,
            "depth": s.search.depth,
            "beam_sizes": s.search.beam_sizes,
        },
        "changes": _changes_json(s.parts, s.changes),
        "verified": s.verified,
        "findings": findings,
        "worth": [
            {
                "weapon": w.weapon,
                "threat": w.threat,
                "frame": w.frame,
                "loadout": list(w.loadout),
                "delivered": w.delivered,
                "absorbs": w.absorbs,
                "face": w.face,
                "cook_off": w.cook_off,
                "alive": w.alive,
                "without": w.without,
            }
            for w in s.worth
        ],
        "written": written,
    }
