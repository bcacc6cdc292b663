"""English / Japanese labels printed on cards, token sheets and base markers.

Japanese terms follow the seed (ズザートークン, 照準ボーナス, 部位判定 …) so the printout reads like
the rules players learnt. Part names never live here: they come from the catalog (``name_ja``).
"""

from __future__ import annotations

from builder.core.i18n import Labels

LABELS = Labels.load(__file__, "print_labels.yaml")


labels_for = LABELS.in_lang
"""Every label in ``lang`` as a plain dict for a template context."""
