"""What the models of the files a player writes (a team, a force, their units) share."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer

from builder.core.i18n import without_absent_name_ja


class SavedWithoutAbsentNameJa(BaseModel):
    """A model dumped without ``name_ja: null``: a file that gives no Japanese name is saved as
    it was written."""

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:
        return without_absent_name_ja(handler(self))
