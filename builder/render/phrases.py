"""Where a line of Japanese may break: :mod:`builder.core.phrases` (the terminal's text wraps
by the same phrases as the printouts); kept here for the renderer's callers."""

from builder.core.phrases import is_katakana, is_wide, phrases

__all__ = ["is_katakana", "is_wide", "phrases"]
