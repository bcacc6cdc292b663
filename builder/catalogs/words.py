"""The catalog commands' words in both languages: their problems and notices (``messages.yaml``)
and their text (``text_labels.yaml``), with a catalog's label as both languages say it.

Why one module: a catalog's label ("'Test catalog' version 2 (digest 1a2b…)") sits inside the
messages of ``pin``, ``migrate``, ``catalog diff`` and ``check``'s notice; each builds it here,
so the words agree everywhere and a problem can be shown in either language long after it was
found.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.i18n import Labels, Lang, Pair
from builder.core.messages import Messages

if TYPE_CHECKING:  # kept importable here too, loaded on first use (__getattr__): the catalog
    # machinery imports pydantic, which the parser (``laminim --help``) must not load
    from builder.core.catalog_identity import identity_label as identity_label

MESSAGES = Messages.load(__file__)
LABELS = Labels.load(__file__, "text_labels.yaml")

Version = int | str | None


def __getattr__(name: str) -> Any:
    if name == "identity_label":
        from builder.core.catalog_identity import identity_label

        return identity_label
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def both(key: str, **params: object) -> Pair:
    """The label ``key`` in English and in Japanese (a message parameter)."""
    return (LABELS.t(key, "en", **params), LABELS.t(key, "ja", **params))


def pin_label(name: str, version: Version, digest: str) -> Pair:
    """``'Name' version 2 (digest 1a2b…)``: the catalog a file is pinned to."""
    said = both("space-version", version=version) if version is not None else ("", "")
    return both("pin-label", name=name, version=said, digest=digest)


def short_label(name: str, version: Version, digest: str, bare: bool) -> Pair:
    """``version 2 (digest 1a2b…)``, with the catalog's name first unless ``bare`` (the notice
    of a pinned file names the versions, not the same name twice)."""
    out: list[Pair] = [] if bare else [both("named", name=name)]
    if version is not None:
        out.append(both("version", version=version))
    if not out:
        return both("digest", digest=digest)
    out.append(both("in-parens", text=both("digest", digest=digest)))
    return (" ".join(p[0] for p in out), "".join(p[1] for p in out))


def t(key: str, lang: Lang, **params: object) -> str:
    """The label ``key`` in ``lang``."""
    return LABELS.t(key, lang, **params)
