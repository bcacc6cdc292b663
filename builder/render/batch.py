"""Render a team's printouts: unit cards, missile tokens and base markers (``laminim cards``).

Importing this module is cheap: WeasyPrint is imported only when a PDF is written.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from builder.catalog.models import Catalog
from builder.i18n import LANGS, Lang
from builder.render.context import cards_context, markers_context, tokens_context
from builder.render.env import make_env
from builder.render.layout import PAPERS
from builder.roster.team import Team

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "large": (89.0, 127.0),
}
"""Card sizes in mm (width, height), portrait.

- ``poker`` (63 × 88 mm): the standard trading-card size; sleeves, deck boxes and card stock are
  everywhere, and nine fit on A4 and on Letter (3 × 3) inside a printer-safe margin. The card is
  dense but every tick box stays 3 mm square.
- ``large`` (89 × 127 mm): the 3.5 × 5 in photo size (L判 in Japan), for more room and larger
  type; sleeves and photo stock exist, and four fit on A4 and on Letter (2 × 2) with margin for
  crop marks. A6 (105 × 148 mm) was rejected: only one fits on Letter inside the printer margin,
  and on A4 the four A6 cards would need a borderless printer.
"""

PAPER_NAMES = tuple(PAPERS)

ProgressFn = Callable[[str, int, int], None]

_KINDS = ("cards", "tokens", "markers")


def slugify(name: str) -> str:
    """A safe file-name stem from a team name (``Night shift`` → ``night-shift``).

    Letters of any script are kept (a Japanese team name stays readable); path separators,
    dots and everything else become hyphens, so a name can never leave ``out_dir``.
    """
    text = unicodedata.normalize("NFKC", name).lower()
    slug = re.sub(r"[^\w]+", "-", text, flags=re.UNICODE).strip("-_")
    return slug[:60].strip("-_") or "team"


def free_path(out_dir: Path, stem: str, suffix: str = ".pdf") -> Path:
    """``stem.pdf`` in ``out_dir`` if it does not exist, else ``stem-2.pdf``, ``stem-3.pdf`` …"""
    candidate = out_dir / f"{stem}{suffix}"
    n = 2
    while candidate.exists():
        candidate = out_dir / f"{stem}-{n}{suffix}"
        n += 1
    return candidate


def render_html(
    team: Team,
    catalog: Catalog,
    kind: str,
    *,
    paper: str = "a4",
    lang: Lang = "en",
    card_size: str = "poker",
) -> str:
    """The HTML of one printout (``cards``, ``tokens`` or ``markers``), before PDF conversion."""
    if kind == "cards":
        context = cards_context(
            team, catalog, lang=lang, paper=paper, card=CARD_SIZES[card_size], size=card_size
        )
    elif kind == "tokens":
        context = tokens_context(team, catalog, lang=lang, paper=paper)
    elif kind == "markers":
        context = markers_context(team, catalog, lang=lang, paper=paper)
    else:
        raise ValueError(f"unknown printout {kind!r}; expected one of {', '.join(_KINDS)}")
    return make_env().get_template(f"{kind}.html").render(context)


def _has_missiles(team: Team, catalog: Catalog) -> bool:
    for unit in team.units:
        for wid in unit.mounted():
            weapon = catalog.weapon(wid)
            if weapon is not None and weapon.type == "missile":
                return True
    return False


def render_team(
    team: Team,
    catalog: Catalog,
    out_dir: Path,
    *,
    paper: str = "a4",
    lang: str = "en",
    card_size: str = "poker",
    progress: ProgressFn | None = None,
) -> list[Path]:
    """Write ``<slug>-cards.pdf``, ``-tokens.pdf`` and ``-markers.pdf`` into ``out_dir``.

    Never overwrites: an existing name gets ``-2``, ``-3`` … A team without missile weapons
    gets no token sheet (an empty page would only waste paper). Returns the written paths in
    that order.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; expected one of {', '.join(PAPERS)}")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    if card_size not in CARD_SIZES:
        raise ValueError(
            f"unknown card size {card_size!r}; expected one of {', '.join(CARD_SIZES)}"
        )
    from builder.render.pdf import write_pdf  # lazy: WeasyPrint is slow to import

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = slugify(team.name)
    kinds = [k for k in _KINDS if k != "tokens" or _has_missiles(team, catalog)]
    total = len(kinds)
    written: list[Path] = []
    for done, kind in enumerate(kinds):
        if progress is not None:
            progress(kind, done, total)
        html = render_html(team, catalog, kind, paper=paper, lang=lang, card_size=card_size)  # type: ignore[arg-type]
        target = free_path(out_dir, f"{stem}-{kind}")
        write_pdf(html, target)
        written.append(target)
    if progress is not None:
        progress("done", total, total)
    return written
