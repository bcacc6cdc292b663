"""English / Japanese labels of the soh TUI screens."""

from __future__ import annotations

from builder.core.i18n import Labels

LABELS = Labels.load(__file__, "labels.yaml")


t = LABELS.t
"""The label ``key`` in ``lang`` (``t(key, lang, **params)``)."""
