"""Advisory locks on the files a run writes, held by the process that took them alone.

A lock taken with ``flock`` belongs to the open file, and a process made by ``fork``
shares its parent's open files.  The worker processes of a ``batch`` run would hold the
lock on the run's results file or archive for as long as they live: killed by SIGKILL,
the main process leaves its workers a moment to end, and the same command run again at
once could find its own output "in use by another run".  So each lock taken here is
dropped in every child forked after it (the child's copy of the descriptor is pointed
at the null device; the parent's lock stays).  A child made to run another program
(``subprocess``) never had the descriptor: Python opens files not to be inherited
across ``exec``.
"""
from __future__ import annotations

import os
from typing import Dict, Tuple

try:
    import fcntl
except ImportError:  # not on a POSIX system: no advisory locks
    fcntl = None  # type: ignore[assignment]

#: the descriptors this process locked, with the file each stands for (device, inode):
#: a child lets go of a descriptor only while it still is that file
_HELD: Dict[int, Tuple[int, int]] = {}


def lock(fd: int) -> None:
    """Take the exclusive lock of the open file ``fd`` without waiting, for this process
    alone (nothing where files have no locks: not a POSIX system).  ``BlockingIOError``
    when another process holds it; another ``OSError`` when the file system refuses
    locks.  Call ``unlock`` before closing ``fd``."""
    if fcntl is None:
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    st = os.fstat(fd)
    _HELD[fd] = (st.st_dev, st.st_ino)


def unlock(fd: int) -> None:
    """Forget ``fd`` (its lock goes when it is closed)."""
    _HELD.pop(fd, None)


def still_names(path: str, fd: int) -> bool:
    """Whether ``path`` still names the file open as ``fd``: False once that file was
    moved or removed, or another put in its place (a run must then stop writing)."""
    held = os.fstat(fd)
    try:
        now = os.stat(path)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)


def _drop_in_child() -> None:
    """In a forked child: let go of the parent's locked files.  Each descriptor is made
    to stand for the null device instead of being closed, so that its number stays
    taken: an object of the parent's that wraps it can still close it."""
    held = list(_HELD.items())
    _HELD.clear()
    if not held:
        return
    try:
        null = os.open(os.devnull, os.O_RDONLY)
    except OSError:
        return
    try:
        for fd, file in held:
            try:
                st = os.fstat(fd)
                if (st.st_dev, st.st_ino) == file:
                    os.dup2(null, fd, inheritable=False)
            except OSError:
                pass
    finally:
        os.close(null)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_in_child)
