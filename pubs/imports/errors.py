"""Why an import cannot be applied or undone: the message says it to the user."""


class ImportBlocked(Exception):
    """The plan cannot be applied as it stands (errors, undecided names, a preview already
    imported, another import being written)."""


class UndoRefused(Exception):
    """The import cannot be undone (already undone, or never applied)."""
