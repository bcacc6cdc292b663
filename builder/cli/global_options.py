"""Global options anywhere on the command line: ``--lang``, ``--catalog`` and ``--json`` may come
before the command, after it, or after the file (docs/design.md "The command line").

Why not argparse's own parent parsers: an option given to the main parser is not seen by a
sub-command's parser, and the same option on both makes the later default overwrite the earlier
value. So the words are arranged before argparse reads them: every global option is taken out
of the line wherever it stands and put back at the end, where the innermost command that is
run reads it (``catalog diff … --json``). Nothing here names a command: whether a command takes
an option is read from its parser, so a command added later takes the global options with no
change here.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

VALUED = ("--lang", "--catalog")
"""Global options that take a value (``--lang ja`` or ``--lang=ja``)."""
SWITCHES = ("--json",)
"""Global options that take none."""


@dataclass
class Arranged:
    """A command line with its global options taken out, and those options."""

    words: list[str]
    """The line without the global options (``--`` and what follows it kept as they were)."""
    options: list[list[str]] = field(default_factory=list)
    """Each global option as given, in order: ``["--lang", "ja"]``, ``["--json"]``."""


def take_out(words: list[str]) -> Arranged:
    """``words`` with every global option taken out (up to a ``--``: after it every word is
    an argument). A valued option at the end of the line without its value is left in place
    for argparse to refuse ("expected one argument")."""
    kept: list[str] = []
    options: list[list[str]] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            kept += words[i:]
            break
        flag = word.split("=", 1)[0]
        if word in SWITCHES or (flag in VALUED and "=" in word):
            options.append([word])
        elif word in VALUED and i + 1 < len(words) and words[i + 1] != "--":
            options.append([word, words[i + 1]])
            i += 1
        else:
            kept.append(word)
        i += 1
    return Arranged(kept, options)


def put_back(arranged: Arranged) -> list[str]:
    """The words with the global options put back where the command that runs reads them: at
    the end (before a ``--``), which argparse hands to the innermost command (``catalog diff``);
    an option that command does not take is refused there in the player's language."""
    words = list(arranged.words)
    cut = words.index("--") if "--" in words else len(words)
    flat = [word for option in arranged.options for word in option]
    return [*words[:cut], *flat, *words[cut:]]


def sub_parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The commands ``parser`` offers, by name (empty when it offers none)."""
    return {
        name: inner
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name, inner in action.choices.items()
    }
