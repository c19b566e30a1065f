"""Reading a large file in two processes at once: the second half in a forked child.

bibtexparser's splitter and :func:`~pubs.bibtex.normalize.normalize` are pure Python, and on a
10,000-entry file they are most of the plan's time. With two processors, a child forked from
this process reads the second half of the file while this process reads the first; the child
sends its entries and records back pickled. The result is the one a single pass gives:

- The file is cut at a line that starts with ``@type{`` or ``@type(``. bibtexparser starts a
  new block at such a line whatever came before (an entry left open there is cut short), so
  the halves split no block, and the second half's lines are counted on from the cut.
- A file with @string, @preamble or crossref is read in one pass: those tie an entry to
  blocks elsewhere in the file. So is a file whose first half ends in a block that failed to
  parse (the file's end, not the next entry, cut it short), or with a key in both halves.
- Only from a process with one thread (a fork copies the calling thread alone), where
  ``os.fork`` exists and two processors are there, and for files of ``MIN_CHARS`` or more.

The child touches no database connection and leaves with ``os._exit``, so nothing of this
process (open connections, buffered output, exit handlers) is closed or flushed from it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pickle
import re
import signal
import threading
from collections.abc import Callable
from typing import Any

from bibtexparser import model
from bibtexparser.library import Library

from pubs.bibtex.normalize import Record, normalize
from pubs.bibtex.parse import (
    DEFAULT_MAX_ENTRIES,
    ParsedFile,
    check_entry_count,
    count_entries,
    parse,
    read_blocks,
    split_blocks,
)

#: Below this many characters, forking and pickling cost what the second processor saves
#: (measured on two processors with bibtexparser's own splitter: 2 MB, 0.28 s either way;
#: 4.4 MB, 0.46 s instead of 0.53 s; 8.7 MB, 0.98 s instead of 1.27 s; with
#: :mod:`pubs.bibtex.splitter`, 8.7 MB: 0.75-0.8 s instead of 1.0-1.1 s). The child's
#: processor time is spent besides: the second process buys time, not work.
MIN_CHARS = 3_000_000
#: This process's share of the text: the child also pickles what it read.
FIRST_SHARE = 0.6
#: The pipe's buffer, where the system allows it (Linux: up to /proc/sys/fs/pipe-max-size).
PIPE_BYTES = 1024 * 1024
#: A line that starts a block, as bibtexparser's splitter sees one.
_BLOCK_START = re.compile(r"\n@\w*[ \t]*[{(]")
#: What ties an entry to blocks elsewhere (looked for in the lower-cased text).
_TIES = ("@string", "@preamble", "crossref")

Half = tuple[int, set[str], ParsedFile, list[Record]]


def parse_and_normalize(
    text: str,
    *,
    max_entries: int = DEFAULT_MAX_ENTRIES,
    link_base: str = "",
    min_chars: int = MIN_CHARS,
    meanwhile: Callable[[], None] | None = None,
) -> tuple[ParsedFile, list[Record]]:
    """The parsed file and the record of each of its entries, as ``parse`` then ``normalize``
    give them; read in two processes when the file and the machine allow (see the module).

    ``meanwhile``, the caller's other work (reading the database, say), is called once in
    this process: while the child reads its half, or else after the file is read.

    Raises BibtexError for a file of more than ``max_entries`` entries.
    """
    pending = [meanwhile] if meanwhile is not None else []
    cut = _cut(text) if _may_fork(text, min_chars) else None
    if cut is not None:
        both = _read_in_two(text, cut, link_base, pending)
        if both is not None:
            count, parsed, records = both
            check_entry_count(count, max_entries)
            return parsed, records
    parsed = parse(text, max_entries=max_entries)
    records = [normalize(entry, link_base=link_base) for entry in parsed.entries]
    _run(pending)
    return parsed, records


def _run(pending: list[Callable[[], None]]) -> None:
    """Call what ``pending`` holds, once: it is emptied first."""
    while pending:
        pending.pop()()


def _may_fork(text: str, min_chars: int) -> bool:
    if len(text) < min_chars or not _can_fork():
        return False
    lowered = text.lower()
    return not any(tie in lowered for tie in _TIES)


def _can_fork() -> bool:
    """Whether this process may fork a child to read with: the child would have this thread
    alone, and a second processor to run on."""
    return hasattr(os, "fork") and threading.active_count() == 1 and _processors() >= 2


def _processors() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _cut(text: str) -> int | None:
    """Where the second half starts: the ``@`` of the first block start after the share."""
    found = _BLOCK_START.search(text, int(len(text) * FIRST_SHARE))
    return found.start() + 1 if found else None


def _read_in_two(
    text: str, cut: int, link_base: str, pending: list[Callable[[], None]]
) -> tuple[int, ParsedFile, list[Record]] | None:
    """Both halves read, or None when the halves do not read as the whole file does; what
    ``pending`` holds is done in between."""
    first_line = text.count("\n", 0, cut)
    try:
        child = _Child(lambda: read_half(text[cut:], first_line, link_base))
    except OSError:  # no process to be had (a limit on processes or memory)
        return None
    try:
        first, library = _read(text[:cut], 0, link_base)
        _run(pending)
        second = child.result()
    finally:
        child.close()
    ends_failed = bool(library.blocks) and type(library.blocks[-1]) is model.ParsingFailedBlock
    if second is None or ends_failed or first[1] & second[1]:
        return None
    count, _, parsed, records = first
    more, _, later, later_records = second
    parsed.entries += later.entries
    parsed.problems += later.problems
    parsed.comments += later.comments
    return count + more, parsed, records + later_records


def read_half(text: str, first_line: int, link_base: str) -> Half:
    """What a part of a file holds: its entry blocks' count, its keys (lower-cased), the
    parsed part (lines counted from ``first_line``) and its records."""
    return _read(text, first_line, link_base)[0]


def _read(text: str, first_line: int, link_base: str) -> tuple[Half, Library]:
    library = split_blocks(text)
    parsed = read_blocks(library, first_line=first_line)
    records = [normalize(entry, link_base=link_base) for entry in parsed.entries]
    return (count_entries(library), _keys(library), parsed, records), library


def _keys(library: Library) -> set[str]:
    """The keys of the entries, read or not (a duplicate field, a duplicate key)."""
    keys = set()
    for block in library.blocks:
        entry = getattr(block, "ignore_error_block", block)
        if isinstance(entry, model.Entry):
            keys.add(entry.key.lower())
    return keys


class _Child:
    """A forked process computing ``work()``; :meth:`result` is what it returned (pickled
    through a pipe), or None if it failed."""

    def __init__(self, work: Callable[[], Any]) -> None:
        read_end, write_end = os.pipe()
        if hasattr(fcntl, "F_SETPIPE_SZ"):  # Linux: megabytes go through in fewer turns
            with contextlib.suppress(OSError):
                fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
        try:
            self.pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            raise
        if self.pid == 0:  # the child
            status = 1
            try:
                os.close(read_end)
                data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
                with open(write_end, "wb") as pipe:
                    pipe.write(data)
                status = 0
            finally:
                os._exit(status)
        os.close(write_end)
        self.pipe = open(read_end, "rb")  # noqa: SIM115 (closed by close())

    def result(self) -> Any:
        data = self.pipe.read()
        self._wait()
        try:
            return pickle.loads(data) if self.status == 0 else None
        except Exception:  # cut short: the child died while writing
            return None

    def close(self) -> None:
        """Close the pipe; a child still running (this process failed) is killed."""
        self.pipe.close()
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            self._wait()

    def _wait(self) -> None:
        try:
            self.status = os.waitpid(self.pid, 0)[1]
        except ChildProcessError:  # reaped already (SIGCHLD ignored): the data tells
            self.status = 0
        self.pid = 0
