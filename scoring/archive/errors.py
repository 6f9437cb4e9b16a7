"""The one error an archive refusal raises."""

from __future__ import annotations


class ArchiveError(Exception):
    """An archive that cannot be imported (or a championship that cannot be exported).

    ``message`` is translated and says what is wrong, naming the field path
    (``teams[3].pin``) when there is one; ``path`` repeats that path for callers that
    want it apart. Nothing has been written when it is raised.
    """

    def __init__(self, message: str, *, path: str = ""):
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return self.message


def refuse(path: str, message: str):
    """Refuse the archive at ``path`` (``teams[3].pin``): ``ArchiveError`` with the path
    leading the message. The checks of the core and of each format's rows use it."""
    raise ArchiveError(f"{path}: {message}", path=path)
