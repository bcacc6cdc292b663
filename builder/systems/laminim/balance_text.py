"""The balance report as words: the summary's sentences, the text tables, the JSON document.

Sentences are the findings of ``rules/balance_summary.py`` put into words of
``balance_labels.yaml`` with the catalog's names; the text fits 80 columns (threats are
columns T1…, named in a key below the table); the JSON holds every number the text rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.core import numbers
from builder.core.i18n import Labels, Lang, part_name
from builder.core.text_table import columns, table, wrap
from builder.systems.laminim.text import catalog_name

if TYPE_CHECKING:
    from builder.systems.laminim.balance import BalanceRun
    from builder.systems.laminim.models import Catalog
    from builder.systems.laminim.rules import ScoredLoadout
    from builder.systems.laminim.rules.balance_summary import Finding

LABELS = Labels.load(__file__, "balance_labels.yaml")
WIDTH = 80
THREAT_COLUMNS = 5  # threats per row of the frame x threat table (80 columns)


def _names(ids: Sequence[str], kind: str, catalog: Catalog, lang: Lang) -> str:
    lookup = {"frame": catalog.frame, "weapon": catalog.weapon}[kind]
    return LABELS.t("and", lang).join(part_name(lookup(i), lang, i) for i in ids)


def threat_names(run: BalanceRun, ids: Sequence[str], lang: Lang) -> str:
    by_id = {t.id: t for t in run.threats}
    return LABELS.t("and", lang).join(part_name(by_id.get(i), lang, i) for i in ids)


def loadout_text(
    frame: str, weapons: list[str] | tuple[str | None, ...], catalog: Catalog, lang: Lang
) -> str:
    """``Bastion + 3× Shield`` (mounted weapons in catalog order, repeats counted)."""
    counts: dict[str, int] = {}
    for w in weapons:
        if w is not None:
            counts[w] = counts.get(w, 0) + 1
    order = [w.id for w in catalog.weapons]
    parts = []
    for w in sorted(counts, key=lambda i: order.index(i) if i in order else len(order)):
        name = part_name(catalog.weapon(w), lang, w)
        n = counts[w]
        parts.append(LABELS.t("times", lang, n=n, name=name) if n > 1 else name)
    frame_name = part_name(catalog.frame(frame), lang, frame)
    return LABELS.t("plus", lang).join([frame_name, *parts])


def sentence(finding: Finding, run: BalanceRun, catalog: Catalog, lang: Lang) -> str:
    """One summary sentence in ``lang``: the finding's numbers, named."""
    from builder.systems.laminim.rules.balance import MUST_PICK

    f = finding
    threats = threat_names(run, list(f.threats), lang)
    if f.kind == "best_loadout":
        loadout = loadout_text(f.frames[0], f.weapons, catalog, lang)
        return LABELS.t(
            "s_best_loadout", lang, loadout=loadout, count=f.count, of=f.of, threats=threats
        )
    if f.kind == "best_no_damage":
        return LABELS.t("s_best_no_damage", lang, count=f.count, of=f.of, threats=threats)
    if f.kind == "must_pick":
        names = [
            f"{part_name(catalog.weapon(w), lang, w)} {k}/{f.of}"
            for w, k in zip(f.weapons, f.fronts, strict=True)
        ]
        return LABELS.t(
            "s_must_pick",
            lang,
            share=f"{MUST_PICK:.0%}",
            of=f.of,
            weapons=LABELS.t("and", lang).join(names),
        )
    if f.kind == "never_worth":
        return LABELS.t("s_never_worth", lang, weapons=_names(f.weapons, "weapon", catalog, lang))
    if f.kind == "niche":
        frame = _names(f.frames, "frame", catalog, lang)
        return LABELS.t("s_niche", lang, frame=frame, count=f.count, of=f.of, threats=threats)
    if f.kind == "dominated":
        frames = _names(f.frames, "frame", catalog, lang)
        if f.by:
            by = _names(f.by, "frame", catalog, lang)
            return LABELS.t("s_dominated_by", lang, frames=frames, by=by)
        return LABELS.t("s_dominated", lang, frames=frames)
    if f.kind == "no_loadout":
        return LABELS.t("s_no_loadout", lang, frames=_names(f.frames, "frame", catalog, lang))
    raise ValueError(f"unknown finding kind {f.kind!r}")


def summary_sentences(run: BalanceRun, catalog: Catalog, lang: Lang) -> list[str]:
    return [sentence(f, run, catalog, lang) for f in run.findings]


# --- numbers ----------------------------------------------------------------------------------


def percent(p: float) -> str:
    """A probability as a player reads it (builder.core.numbers: one decimal)."""
    return numbers.percent(p)


def signed(x: float, pct: bool = False) -> str:
    """A difference with its sign; one too small for the rounding is shown, not flattened, but
    one within the tie rule (1e-9, the chain's accuracy: ``rules/ties.py``) is no difference: ±0."""
    from builder.systems.laminim.rules.ties import TIE

    scaled, unit, places = (x * 100, "pt", 1) if pct else (x, "", 2)
    if abs(x) <= TIE:
        return f"±{0:.{places}f}{unit}"
    if scaled != 0 and abs(scaled) < 0.5 * 10**-places:
        return f"{scaled:+.0e}{unit}"
    return f"{scaled:+.{places}f}{unit}"


def _approx(s: ScoredLoadout) -> str:
    return "" if s.interval is None else "≈"


def dealt(s: ScoredLoadout) -> str:
    """Damage delivered over the game (D25), ≈ when sampled."""
    return f"{'' if s.delivered_interval is None else '≈'}{s.delivered:.1f}"


def weapon_gains(run: BalanceRun) -> dict[str, tuple[float | None, float | None]]:
    """Per weapon: the largest marginal gain in P(alive) and in damage delivered over the
    game (D25) over frames x threats."""
    out: dict[str, tuple[float | None, float | None]] = {}
    for w in run.balance.weapon_rows:
        deltas = [d for m in w.marginals if (d := m.delta()) is not None]
        out[w.weapon] = (
            max((d[0] for d in deltas), default=None),
            max((d[3] for d in deltas), default=None),
        )
    return out


def verdict(w: Any, lang: Lang) -> str:
    if w.never:
        return LABELS.t("never", lang)
    if w.must_pick:
        return LABELS.t("must_pick", lang)
    return ""


# --- the text ---------------------------------------------------------------------------------


def _wrap(text: str, indent: str = "") -> list[str]:
    """``text`` within 80 columns (builder.core.text_table.wrap: English at spaces, Japanese
    between phrases), later lines indented by ``indent``."""
    if columns(text) <= WIDTH:
        return [text]
    return wrap(text, WIDTH, indent)


def balance_text(run: BalanceRun, catalog: Catalog, lang: Lang = "en") -> str:
    b = run.balance
    t = LABELS.t
    sampled = any(s.interval is not None for r in run.results for s in r.loadouts)
    lines = [
        t("title", lang, catalog=catalog_name(catalog, lang)),
        *_wrap(
            t(
                "subtitle",
                lang,
                threats=len(b.threats),
                rounds=b.rounds,
                loadouts=run.results[0].evaluated if run.results else 0,
                method=t("sampled" if sampled else "exact", lang),
            )
        ),
        "",
        t("summary", lang),
    ]
    for s in summary_sentences(run, catalog, lang):
        lines.extend(_wrap(f"- {s}", "  "))
    # frame x threat: best P(alive) and front size, threats as T1… columns
    lines += ["", *_wrap(t("heat_title", lang))]
    tnum = {tid: f"T{i + 1}" for i, tid in enumerate(b.threats)}
    for start in range(0, len(b.threats), THREAT_COLUMNS):
        chunk = b.threats[start : start + THREAT_COLUMNS]
        rows = []
        for f in b.frames:
            row = [part_name(catalog.frame(f), lang, f)]
            for tid in chunk:
                c = next((c for c in b.cells if c.frame == f and c.threat == tid), None)
                row.append(
                    "—"
                    if c is None
                    else f"{dealt(c.best):>7} {len(c.front):>3}{'*' if c.on_catalog_front else ' '}"
                )
            rows.append(row)
        heads = [t("frame", lang), *(tnum[x] for x in chunk)]
        lines += ["", table(heads, rows, right=range(1, len(heads)))]
    lines += ["", t("threat_key", lang)]
    for th in run.threats:
        lines.extend(_wrap(f"  {tnum[th.id]} {part_name(th, lang)} ({th.id})"))
    # per threat: each frame's best loadout
    for th in run.threats:
        lines += ["", *_wrap(t("best_title", lang, threat=f"{tnum[th.id]} {part_name(th, lang)}"))]
        rows = []
        for f in b.frames:
            c = next((c for c in b.cells if c.frame == f and c.threat == th.id), None)
            if c is None:
                continue
            top = c.best
            rows.append(
                [
                    loadout_text(f, top.weapons, catalog, lang),
                    _approx(top) + percent(top.alive),
                    f"{_approx(top)}{top.expected_remaining:.2f}",
                    f"{top.damage_all:.2f}",
                    dealt(top),
                    f"{len(c.front)}",
                    "*" if c.on_catalog_front else "",
                ]
            )
        keys = ("weapons", "alive", "remaining", "damage", "delivered", "front", "wide")
        heads = [t(k, lang) for k in keys]
        lines.append(table(heads, rows, right=(1, 2, 3, 4, 5)))
    # weapons
    gains = weapon_gains(run)
    rows = []
    for w in b.weapon_rows:
        weapon = catalog.weapon(w.weapon)
        ga, gd = gains[w.weapon]
        rows.append(
            [
                part_name(weapon, lang, w.weapon),
                str(weapon.weight) if weapon is not None else "",
                f"{w.fronts}/{w.of}",
                f"{w.fits}/{w.of}",
                "—" if ga is None else signed(ga, pct=True),
                "—" if gd is None else signed(gd),
                verdict(w, lang),
            ]
        )
    heads = [
        t(k, lang)
        for k in ("weapon", "weight", "fronts", "fits", "gain_alive", "gain_delivered", "verdict")
    ]
    lines += ["", t("weapons_title", lang), table(heads, rows, right=(1, 2, 3, 4, 5))]
    # frames
    rows = []
    for fr in b.frame_rows:
        niche = " ".join(tnum[x] for x in fr.niche) or t(
            "dominated_everywhere" if fr.scored else "no_loadout", lang
        )
        by = _names(list(fr.dominated_by), "frame", catalog, lang) or "—"
        rows.append([part_name(catalog.frame(fr.frame), lang, fr.frame), niche, by])
    heads = [t("frame", lang), t("niche", lang), t("dominated_by", lang)]
    lines += ["", t("frames_title", lang), table(heads, rows)]
    lines += ["", *_wrap(t("legend", lang))]
    return "\n".join(lines)


# --- JSON -------------------------------------------------------------------------------------


def _loadout(s: ScoredLoadout | None) -> dict[str, Any] | None:
    from builder.systems.laminim.optimize_text import loadout_json

    return None if s is None else loadout_json(s)


def balance_json(run: BalanceRun, catalog: Catalog) -> dict[str, Any]:
    """The documented JSON (docs/balance.md): every number, full precision."""
    b = run.balance
    return {
        "system": "laminim",
        "rounds": b.rounds,
        "threats": [{"id": t.id, "name": t.name, "name_ja": t.name_ja} for t in run.threats],
        "frames": list(b.frames),
        "evaluated": {r.threat: r.evaluated for r in run.results},
        "summary": [
            {
                "kind": f.kind,
                "values": f.values(),
                "text": sentence(f, run, catalog, "en"),
                "text_ja": sentence(f, run, catalog, "ja"),
            }
            for f in run.findings
        ],
        "best": [
            {"threat": tid, "loadout": _loadout(s)}
            for tid, s in zip(b.threats, b.best, strict=True)
        ],
        "cells": [
            {
                "threat": c.threat,
                "frame": c.frame,
                "evaluated": c.evaluated,
                "best": _loadout(c.best),
                "front_size": len(c.front),
                "front": [_loadout(s) for s in c.front],
                "on_catalog_front": c.on_catalog_front,
                "dominated_by": list(c.dominated_by),
            }
            for c in b.cells
        ],
        "weapons": [
            {
                "id": w.weapon,
                "fronts": w.fronts,
                "of": w.of,
                "fits": w.fits,
                "never": w.never,
                "must_pick": w.must_pick,
                "marginal": [
                    {
                        "frame": m.frame,
                        "threat": m.threat,
                        "with": _loadout(m.with_it),
                        "without": _loadout(m.without),
                        "delta": None
                        if (d := m.delta()) is None
                        else {
                            "alive": d[0],
                            "expected_remaining": d[1],
                            "damage_all": d[2],
                            "delivered": d[3],
                        },
                    }
                    for m in w.marginals
                ],
            }
            for w in b.weapon_rows
        ],
        "frame_balance": [
            {
                "id": f.frame,
                "niche": list(f.niche),
                "dominated_everywhere": f.dominated_everywhere,
                "dominated_by": list(f.dominated_by),
            }
            for f in b.frame_rows
        ],
    }
