"""A catalog's identity (name, version, digest): :mod:`builder.core.catalog_identity`, where the
kit reads it too; the catalog commands import it from here."""

from __future__ import annotations

from builder.core.catalog_identity import (
    DIGEST_CHARS,
    INFO_FILE,
    CatalogIdentity,
    Version,
    canonical,
    catalog_files,
    digest_of,
    identity_label,
    read_identity,
)

__all__ = [
    "DIGEST_CHARS",
    "INFO_FILE",
    "CatalogIdentity",
    "Version",
    "canonical",
    "catalog_files",
    "digest_of",
    "identity_label",
    "read_identity",
]
