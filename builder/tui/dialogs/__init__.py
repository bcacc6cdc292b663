"""Modal dialogs: each is a ``ModalScreen[T]`` that returns its answer with ``dismiss``."""
