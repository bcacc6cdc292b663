"""Missile tokens reaching something (docs/rules.md §1.4, D20): contact with a unit makes one
location check per missile, each dealing the missile's power; two tokens touching remove each
other; a token leaving the table is removed. (A launch is an attack: ``play_attack.launch``; a
token shot at loses one missile per hit: ``play_attack.attack``.)"""

from __future__ import annotations

from .play_attack import Hit, locate
from .play_state import Faces, PlayRefusal, Table, Token


def _token(table: Table, token_id: str, at: str) -> Token:
    found = table.token(token_id)
    if found is None:
        tokens = ", ".join(t.id for t in table.tokens) or "—"
        raise PlayRefusal("unknown-token", (at,), token=token_id, tokens=tokens)
    return found


def contact(
    table: Table, token_id: str, unit: int, faces: Faces
) -> tuple[Table, Token, tuple[Hit, ...]]:
    """Token ``token_id`` reaches unit ``unit``: ``locations`` holds a face per missile."""
    token = _token(table, token_id, "token")
    victim = table.fighter(unit)
    if victim is None:
        raise PlayRefusal("unknown-unit", ("unit",), unit=unit)
    if victim.destroyed:
        raise PlayRefusal("unit-destroyed", ("unit",), unit=victim.name)
    hits = []
    for face in faces.take("locations", token.count):
        victim, hit = locate(victim, face, token.power)
        hits.append(hit)
    return table.with_fighter(victim).without_tokens(token.id), token, tuple(hits)


def collide(table: Table, token_id: str, other_id: str) -> tuple[Table, Token, Token]:
    """Two tokens touching remove each other."""
    token = _token(table, token_id, "token")
    other = _token(table, other_id, "other")
    if token.id == other.id:
        raise PlayRefusal("token-itself", ("other",), token=token.id)
    return table.without_tokens(token.id, other.id), token, other


def remove(table: Table, token_id: str) -> tuple[Table, Token]:
    """A token that left the table (§1.4) is removed."""
    token = _token(table, token_id, "token")
    return table.without_tokens(token.id), token
