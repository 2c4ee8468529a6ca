"""gotool: validate and score Go (baduk, weiqi) game records in SGF.

Every function checks exactly what ``gotool check --format json`` checks, and returns the JSON report's
objects as plain dicts and lists (see ``SCHEMA``). A broken record never raises: it is a report with its
error. Bad arguments raise ``ValueError`` or ``TypeError`` with the command line's message.
"""

import sys

from ._gotool import (
    SCHEMA,
    Reports,
    __version__,
    check_archive,
    check_bytes,
    check_many,
    check_paths,
    score_bytes,
)
from . import _gotool

__all__ = [
    "SCHEMA",
    "Reports",
    "__version__",
    "check_archive",
    "check_bytes",
    "check_many",
    "check_paths",
    "main",
    "score_bytes",
]


def main(argv=None):
    """Run the ``gotool`` command line with ``argv`` (default: ``sys.argv``); return its exit status.

    This is the ``gotool`` command a wheel installs. Like the command, it takes over Ctrl-C while it runs.
    """
    return _gotool._run_cli(list(sys.argv if argv is None else argv))
