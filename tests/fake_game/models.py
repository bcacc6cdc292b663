"""The fake game's team and catalog models (pydantic: the kit reads their names and dumps)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from builder.systems.editing import Ref


class Robot(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    kind: Annotated[str, Ref("kinds")] = Field(min_length=1)
    """A key of the catalog's ``kinds`` (the editor offers them to pick from)."""


class Squad(BaseModel):
    """The team: what ``system: fake`` files hold."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    system: str = "fake"
    name: str = Field(min_length=1)
    robots: list[Robot]


class Catalog(BaseModel):
    model_config = ConfigDict(extra="forbid")

    system: str
    name: str
    kinds: dict[str, int]
    """Kind id -> armour."""
