"""TUI labels of the artifact screens, English and Japanese."""

from __future__ import annotations

from builder.core.i18n import Labels

LABELS = Labels.load(__file__, "labels.yaml")


t = LABELS.t
"""The label ``key`` in ``lang`` (``t(key, lang, **params)``)."""
