"""The lines ``laminim check`` prints around a game's table of the team, the same in every game
that checks a team file: the summary (the team's name, the verdict, the errors and the warnings
counted) first, each warning last."""

from __future__ import annotations

from builder.core.i18n import Labels, Lang
from builder.core.problems import Findings, verdict

LABELS = Labels.load(__file__, "check_labels.yaml")


def check_lines(name: str, report: Findings, table: str, lang: Lang) -> str:
    """``laminim check``'s text: the summary line of the team called ``name``, the game's
    ``table`` of what the team holds, then a line for each warning."""

    def counted(key: str, n: int) -> str:
        return LABELS.t(key if n == 1 else key + "s", lang, count=n)

    summary = LABELS.t(
        "summary",
        lang,
        name=name,
        verdict=verdict(report.exit_code).text(lang),
        errors=counted("n-error", len(report.errors)),
        warnings=counted("n-warning", len(report.warnings)),
    )
    lines = [summary, "", table]
    if report.warnings:
        lines += ["", *(LABELS.t("warning", lang, problem=p.show(lang)) for p in report.warnings)]
    return "\n".join(lines)
