"""Printed labels of the artifact cards and marker sheet, English and Japanese."""

from __future__ import annotations

from builder.core.i18n import Labels

LABELS = Labels.load(__file__, "print_labels.yaml")


labels_for = LABELS.in_lang
"""Every label in ``lang`` as a plain dict for a template context."""
