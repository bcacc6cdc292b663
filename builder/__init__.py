"""laminim: builder, exact-odds calculator and card printer for homebrew mech games."""

__version__ = "0.1.0"
