"""The base class of a game system: what every game would otherwise repeat in its ``system.py``.

A game derives ``Game[Team, Catalog, Read]``, sets its identity (``id``, ``name``, ``name_ja``,
``demo_name``, its options and card sizes) and writes only what is its own: how to read a catalog
folder and a file, what is legal, what ``parts`` / ``analyze`` print, its printouts and its TUI.
This class gives it the demo file, the catalog cache, the "unusable file" envelope of ``check``
and the default card size. Part of the kit: imports no game, no registry, no TUI.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from builder.core.catalog_folder import catalog_key
from builder.core.catalog_identity import read_identity
from builder.core.i18n import Lang
from builder.core.problems import InputError, Problem, errors_of
from builder.core.resources import bundled_catalog_dir
from builder.core.source import Located
from builder.render.printout import LaterContext
from builder.systems.base import (
    AnalyzeOptions,
    CatalogT,
    Command,
    CompareEntry,
    CompareOptions,
    Judged,
    Output,
    PartUse,
    PrintOptions,
    Printout,
    ReadT,
    Report,
    TeamT,
    TracksCatalog,
)
from builder.systems.options import CardSize, Option
from builder.systems.ui import SystemUI

if TYPE_CHECKING:  # the roster sheet's module: for cards, not for check or analyze
    from builder.render.roster import CatalogLine, Roster


ReportT = TypeVar("ReportT", bound=Judged)


def usable(report: ReportT) -> ReportT:
    """``report`` when its file can be analysed; InputError (exit 2) with its errors when the
    file has bad input (an unknown id, a broken field): ``analyze`` has nothing to work on."""
    if report.exit_code == 2:
        raise InputError(errors_of(report.problems))
    return report


class Checked(Generic[ReportT]):
    """A game's own legality report (problems, exit code, JSON) with the text ``check`` prints
    beside it, made only when asked (``--json`` needs none)."""

    def __init__(self, report: ReportT, text: Callable[[], str]) -> None:
        self.report = report
        self._text = text

    @property
    def problems(self) -> list[Problem]:
        return self.report.problems

    @property
    def exit_code(self) -> int:
        return self.report.exit_code

    def to_json(self) -> dict[str, Any]:
        return self.report.to_json()

    def text(self) -> str:
        return self._text()


class Game(ABC, Generic[TeamT, CatalogT, ReadT]):
    """A game system (the :class:`builder.systems.base.GameSystem` protocol) minus its own work."""

    id: str
    name: str
    name_ja: str
    demo_name: str = "demo_team.yaml"
    """The bundled example file (in the game's bundled catalog folder) the TUI opens."""
    file_shape: str = "a mapping"
    analyze_options: Sequence[Option[Any]] = ()
    compare_options: Sequence[Option[Any]] = ()
    card_sizes: Sequence[CardSize] = ()

    def __init__(self) -> None:
        self._catalogs: dict[Path, CatalogT] = {}

    def catalog_dir(self) -> Path:
        """The bundled catalog folder (the demo file sits in it too)."""
        return bundled_catalog_dir(self.id)

    def demo_file(self) -> Path:
        return self.catalog_dir() / self.demo_name

    def load_catalog(self, directory: Path | None = None) -> CatalogT:
        """The catalog in ``directory`` (default: the bundled one), read once per folder: the
        TUI and a compare of several files ask again and again."""
        folder = Path(directory) if directory is not None else self.catalog_dir()
        key = catalog_key(folder)  # a looping or missing folder is an InputError, not a crash
        if key not in self._catalogs:
            self._catalogs[key] = self.read_catalog(folder)
        return self._catalogs[key]

    @abstractmethod
    def read_catalog(self, folder: Path) -> CatalogT:
        """Read and validate the catalog in ``folder``; InputError listing every problem."""

    @abstractmethod
    def read_team(self, source: Located) -> ReadT: ...

    def team_of(self, read: ReadT) -> TeamT:
        """The team of a read file; InputError with the file's problems when it has none."""
        team: TeamT | None = read.team
        if team is None:
            raise InputError(read.problems)
        return team

    def check(self, read: ReadT, catalog: CatalogT) -> Report:
        return self.judge(read, self.team_of(read), catalog)

    @abstractmethod
    def judge(self, read: ReadT, team: TeamT, catalog: CatalogT) -> Report:
        """The legality of a usable file (``check`` has made sure it has a team)."""

    @abstractmethod
    def describe_catalog(self, catalog: CatalogT) -> Output: ...

    @abstractmethod
    def analyze(self, read: ReadT, catalog: CatalogT, options: AnalyzeOptions) -> Output: ...

    def printouts(self, team: TeamT, catalog: CatalogT, options: PrintOptions) -> list[Printout]:
        """The game's documents, then its roster sheet (a game that overrides :meth:`roster`
        prints one). The roster's context is worked out when it is first read
        (:class:`LaterContext`): ``cards`` lays the documents out meanwhile."""
        size = options.card_size or (self.card_sizes[0].id if self.card_sizes else None)
        options = replace(options, card_size=size)
        if self.card_sizes and options.sheet.backs != "none" and not options.catalog:
            options = replace(
                options,
                catalog=self.back_catalog(catalog, options.lang),
                share=self.share_qr(team, catalog),
            )
        out = self.documents(team, catalog, options)
        if type(self).roster is Game.roster:
            return out
        game = self.name_ja if options.lang == "ja" else self.name

        def sheet() -> Mapping[str, Any]:
            roster = self.roster(team, catalog, options.lang)
            if roster is None:
                raise ValueError(f"{self.id}: roster() is overridden and returned None")
            from builder.render.roster import roster_context

            line = self.catalog_line(catalog)
            context = roster_context(
                roster, line, game=game, lang=options.lang, paper=options.paper
            )
            return {**context, "share": self.share_block(team, catalog, options.lang)}

        out.append(Printout("roster", "common/roster.html", LaterContext(sheet)))
        return out

    def roster(self, team: TeamT, catalog: CatalogT, lang: Lang) -> Roster | None:
        """The team's roster sheet in ``lang``: every unit, its parts and numbers, its legality
        (None: the game prints no roster sheet)."""
        return None

    def back_catalog(self, catalog: CatalogT, lang: Lang) -> str:
        """The catalog line a card's back prints: its name and version (the digest is the
        roster sheet's)."""
        from builder.render.roster import catalog_text

        return catalog_text(self.catalog_line(catalog), lang, digest=False)

    def share_block(self, team: TeamT, catalog: CatalogT, lang: Lang) -> dict[str, Any] | None:
        """The roster sheet's share code and QR (docs/export.md); None: the game shares no
        code (it does not implement :class:`builder.systems.exchange.Exchanges`)."""
        from builder.systems.exchange import Exchanges

        if not isinstance(self, Exchanges):
            return None
        from builder.exchange.roster import share_block  # the generic share-code writer

        return share_block(self, team, self.catalog_folder_of(catalog), lang)  # type: ignore[arg-type]

    def share_qr(self, team: TeamT, catalog: CatalogT) -> Any:
        """The share code's QR the card backs print (``builder.exchange.roster.ShareQR``, the
        roster's code); None: the game shares no code, or the team cannot be put in one."""
        from builder.systems.exchange import Exchanges

        if not isinstance(self, Exchanges):
            return None
        from builder.exchange.roster import share_qr

        return share_qr(self, team, self.catalog_folder_of(catalog))  # type: ignore[arg-type]

    def catalog_folder_of(self, catalog: CatalogT) -> Path:
        """The folder ``catalog`` was loaded from (the bundled one when it was not loaded
        through :meth:`load_catalog`)."""
        return next((k for k, c in self._catalogs.items() if c is catalog), self.catalog_dir())

    def catalog_line(self, catalog: CatalogT) -> CatalogLine:
        """The name, version and digest of the folder ``catalog`` was loaded from (the
        bundled one when it was not loaded through :meth:`load_catalog`)."""
        folder = self.catalog_folder_of(catalog)
        files = self.catalog_files() if isinstance(self, TracksCatalog) else None
        identity = read_identity(folder, files)
        from builder.render.roster import CatalogLine

        return CatalogLine(
            identity.name, identity.version, identity.digest, name_ja=identity.name_ja
        )

    @abstractmethod
    def documents(self, team: TeamT, catalog: CatalogT, options: PrintOptions) -> list[Printout]:
        """The documents ``laminim cards`` writes (``options.card_size`` is always set)."""

    def tui(self) -> SystemUI:
        """What the TUI shows of the game: by default the kit's list of the team's items and
        its editor of their fields, in the words of a ``ui.yaml`` beside the game's system
        module (its noun, its item, its fields' names) when there is one."""
        module = sys.modules[type(self).__module__]
        return SystemUI.load(str(module.__file__))

    def commands(self) -> list[Command]:
        return []

    def dump_team(self, team: TeamT) -> dict[str, Any]:
        return team.model_dump()


@dataclass(frozen=True)
class PartsCatalog(Generic[CatalogT]):
    """What a game with a parts catalog declares, typed (mypy checks each game's against its
    catalog type): the files and collections of its catalog folder, how it reads one, what
    ``laminim parts`` prints, and what catalog versions need (:class:`TracksCatalog`)."""

    files: tuple[str, ...]
    """The catalog folder's files, in order (the digest covers those present)."""
    collections: tuple[str, ...]
    """The top-level keys holding lists of items with an ``id``."""
    read: Callable[[Path], CatalogT]
    """Read and validate the catalog in a folder; InputError listing every problem."""
    parts_json: Callable[[CatalogT], dict[str, Any]]
    parts_text: Callable[[CatalogT], str]
    part_uses: Callable[[Any], list[PartUse]]
    """Every catalog id a file's plain data names, and where."""
    headlines: Callable[[Any, Any, CatalogT], dict[str, float]]
    """``(system, read, catalog)`` -> the numbers a player reads of a file ({} unscored)."""


Catalog_co = TypeVar("Catalog_co", covariant=True)
Catalog_contra = TypeVar("Catalog_contra", contravariant=True)


class CatalogModule(Protocol[Catalog_co]):
    """A game's ``catalog.py``: its folder's files and how a folder is read."""

    @property
    def CATALOG_FILES(self) -> tuple[str, ...]: ...  # the module's constant

    def read_catalog(self, root: Path) -> Catalog_co: ...


class TextModule(Protocol[Catalog_contra]):
    """A game's ``text.py``, for ``laminim parts``."""

    def parts_json(self, catalog: Catalog_contra) -> dict[str, Any]: ...

    def parts_text(self, catalog: Catalog_contra) -> str: ...


class VersionsModule(Protocol):
    """A game's ``versions.py``: what catalog versions need of it."""

    @property
    def COLLECTIONS(self) -> tuple[str, ...]: ...  # the module's constant

    def part_uses(self, data: Any) -> list[PartUse]: ...

    def headlines(self, system: Any, read: Any, catalog: Any) -> dict[str, float]: ...


def parts_of(
    catalog: CatalogModule[CatalogT], text: TextModule[CatalogT], versions: VersionsModule
) -> PartsCatalog[CatalogT]:
    """The :class:`PartsCatalog` of a game whose ``catalog.py``, ``text.py`` and
    ``versions.py`` hold it under the usual names (mypy checks each module)."""
    return PartsCatalog(
        files=tuple(catalog.CATALOG_FILES),
        collections=tuple(versions.COLLECTIONS),
        read=catalog.read_catalog,
        parts_json=text.parts_json,
        parts_text=text.parts_text,
        part_uses=versions.part_uses,
        headlines=versions.headlines,
    )


class CompareModule(Protocol[Catalog_contra]):
    """What a game's ``compare`` module holds (mypy checks each game's against it): ``compute``
    picks the units and works their numbers out once, the three views lay that result out."""

    def compute(
        self, entries: Sequence[CompareEntry], catalog: Catalog_contra, options: CompareOptions, /
    ) -> tuple[Any, list[Problem]]: ...

    def compare_json(self, compared: Any, catalog: Catalog_contra, /) -> dict[str, Any]: ...

    def compare_text(self, compared: Any, catalog: Catalog_contra, /) -> str: ...

    def compare_sheet(
        self, compared: Any, catalog: Catalog_contra, lang: Lang, paper: str, /
    ) -> Mapping[str, Any]:
        """The compare sheet's plain data (``templates/common/compare.html``)."""
        ...


class ComparingGame(ABC):
    """:class:`builder.systems.base.Compares` from the game's own ``compare`` module (mixed in
    before ``Game``), which the game declares in :meth:`compare_module`, importing it there
    (``laminim check`` loads none of it)."""

    @abstractmethod
    def compare_module(self) -> CompareModule[Any]: ...

    def compare(
        self, entries: Sequence[CompareEntry], catalog: Any, options: CompareOptions
    ) -> Output:
        module = self.compare_module()
        compared, notes = module.compute(entries, catalog, options)
        json, text = module.compare_json(compared, catalog), module.compare_text(compared, catalog)
        return Output(json, text, notes)

    def compare_printout(
        self,
        entries: Sequence[CompareEntry],
        catalog: Any,
        options: CompareOptions,
        print_options: PrintOptions,
    ) -> Printout:
        """The one-page compare sheet (``laminim compare -o OUT.pdf``)."""
        module = self.compare_module()
        compared, _ = module.compute(entries, catalog, options)
        context = module.compare_sheet(compared, catalog, print_options.lang, print_options.paper)
        return Printout("compare", "common/compare.html", context)


class PartsGame(Game[TeamT, CatalogT, ReadT]):
    """A game with a parts catalog: its catalog and its :class:`TracksCatalog` part come from
    the :class:`PartsCatalog` it declares in :meth:`parts` (which imports its modules when it is
    first asked, so a command that needs none of them loads none)."""

    @abstractmethod
    def parts(self) -> PartsCatalog[CatalogT]: ...

    def read_catalog(self, folder: Path) -> CatalogT:
        return self.parts().read(folder)

    def describe_catalog(self, catalog: CatalogT) -> Output:
        parts = self.parts()
        return Output(parts.parts_json(catalog), parts.parts_text(catalog))

    def catalog_files(self) -> tuple[str, ...]:
        return self.parts().files

    def catalog_collections(self) -> tuple[str, ...]:
        return self.parts().collections

    def part_uses(self, data: Any) -> list[PartUse]:
        return self.parts().part_uses(data)

    def headlines(self, read: ReadT, catalog: CatalogT) -> dict[str, float]:
        return self.parts().headlines(self, read, catalog)
