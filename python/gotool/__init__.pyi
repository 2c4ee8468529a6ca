"""Type stubs of gotool: validate and score Go (baduk, weiqi) game records in SGF.

Reports are the objects of ``gotool check --format json`` (see ``SCHEMA``), as plain dicts and lists.
"""

import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

FileReport = Dict[str, Any]
"""One file object of the JSON report (``SCHEMA["$defs"]["file"]``)."""
ScoreReport = Dict[str, Any]
"""One game's ``score`` object of the JSON report."""
Rules = str
"""``"japanese"``, ``"korean"``, ``"chinese"``, ``"aga"``, ``"nz"`` or ``"tromp-taylor"``."""

__version__: str
SCHEMA: Dict[str, Any]
"""The report's JSON Schema (``schema/report.schema.json``)."""

class Reports(Iterator[FileReport]):
    """The reports of a ``check_paths`` run, in input order."""

    def __iter__(self) -> "Reports": ...
    def __next__(self) -> FileReport: ...

def check_bytes(
    data: bytes,
    name: str = "<bytes>",
    *,
    rules: Optional[Rules] = None,
    komi: Optional[float] = None,
    all_variations: bool = False,
    score: bool = True,
    dead: Optional[str] = None,
) -> FileReport:
    """Check one record's bytes as ``gotool check --format json`` does; returns its file object."""

def check_archive(
    data: bytes,
    name: str = "<bytes>",
    *,
    rules: Optional[Rules] = None,
    komi: Optional[float] = None,
    all_variations: bool = False,
    score: bool = True,
    dead: Optional[str] = None,
) -> List[FileReport]:
    """Check bytes that may be an archive or a compressed stream: one file object per member."""

def score_bytes(
    data: bytes,
    name: str = "<bytes>",
    *,
    rules: Optional[Rules] = None,
    komi: Optional[float] = None,
    dead: Union[str, Sequence[str], None] = None,
    handicap_bonus: Optional[str] = None,
    force: bool = False,
) -> List[Optional[ScoreReport]]:
    """Score a record as ``gotool score --format json`` does: each game's score object, or None."""

def check_many(
    data: Sequence[bytes],
    names: Optional[Sequence[str]] = None,
    *,
    jobs: Optional[int] = None,
    rules: Optional[Rules] = None,
    komi: Optional[float] = None,
    all_variations: bool = False,
    score: bool = True,
    dead: Optional[str] = None,
) -> List[FileReport]:
    """Check many records' bytes on gotool's threads, the GIL released: one file object each, in order."""

def check_paths(
    paths: Sequence[Union[str, "os.PathLike[str]"]],
    *,
    jobs: Optional[int] = None,
    rules: Optional[Rules] = None,
    komi: Optional[float] = None,
    all_variations: bool = False,
    score: bool = True,
    dead: Optional[str] = None,
    archives: bool = True,
    follow_links: bool = False,
) -> Reports:
    """Check files, folders and archives as ``gotool check`` does: their file objects in input order."""

def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the ``gotool`` command line; return its exit status."""
