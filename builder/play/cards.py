"""``laminim cards RECORD``: a battle record printed as it stands (docs/play.md "Printing the
state"): the game's printouts of the record's state (the cards with the damage marked, a roster
with the score) and the record's share code (its QR and text, a page of its own), written like
a team's (``builder.cli.commands.write_printouts``)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from builder.core.messages import Messages
from builder.core.problems import InputError, Problem
from builder.systems import PrintOptions, PrintsBattle

MESSAGES = Messages.load(__file__)

EXIT_BAD_INPUT = 2


def is_record_file(path: Path) -> bool:
    """True when ``path`` is a battle record (a YAML mapping with ``record:``); False for
    anything else, a file that cannot be read included (the team reader reports it)."""
    from builder.play.record import is_record, read_text

    try:
        _, src = read_text(path)
    except InputError:
        return False
    return is_record(src.data)


def record_cards(args: argparse.Namespace) -> int:
    """Print the record ``args.team`` into ``args.output``; the paths written on stdout."""
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.play.session import Session
    from builder.render.layout import Sheet
    from builder.render.roster import CatalogLine, catalog_text

    session = Session.open(Path(args.team), args.catalog)
    battle = session.battle
    if not isinstance(battle, PrintsBattle):
        game = (session.system.name, session.system.name_ja)
        raise InputError(
            [Problem(str(args.team), None, None, "", MESSAGES("no-battle-print", game=game))]
        )
    sizes = [c.id for c in session.system.card_sizes]
    size = args.card_size or (sizes[0] if sizes else None)
    if sizes and size not in sizes:
        from builder.cli.parser import _error
        from builder.cli.words import say
        from builder.core.parser_words import word

        refusal = say("unknown-card-size", size=size, sizes=", ".join(sizes))
        print(
            word("%(prog)s: error: %(message)s\n") % _error(refusal),
            end="",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    identity = identity_of(session.system, catalog_folder(session.system, args.catalog))
    line = CatalogLine(identity.name, identity.version, identity.digest, name_ja=identity.name_ja)
    sheet = Sheet(backs=args.backs, offset=args.offset, bleed=args.bleed)
    options = PrintOptions(paper=args.paper, lang=args.lang, card_size=size, sheet=sheet)
    if sheet.backs != "none":  # the backs print the catalog; a record has no share code
        options = replace(options, catalog=catalog_text(line, args.lang, digest=False))

    stem = Path(args.team).name.rsplit(".", 1)[0]  # samples.battle.yaml: samples-battle-cards.pdf
    printouts = list(battle.printouts(session.state, session.catalog, options, line))
    from builder.exchange.record_share import record_code_printout

    code_page = record_code_printout(session, identity, args.lang, args.paper)
    if code_page is not None:  # the record's share code: its QR and text, a page of its own
        printouts.append(code_page)
    from builder.cli.commands import print_progress, write_printouts

    return write_printouts(printouts, args, stem, progress=print_progress, parallel=True)
