"""laminim: army builder and unit-card generator for the LAMINIM mech miniatures game."""

__version__ = "0.1.0"
