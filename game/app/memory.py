"""Memory handed back to the system (glibc only; elsewhere these do nothing)."""
from __future__ import annotations

import sys


def _libc_trim():
    """glibc's malloc_trim, or None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


_TRIM = _libc_trim()


def give_back() -> None:
    """Hand the heap pages freed surfaces leave behind back to the system: without it glibc
    keeps them, and a session that visits many screens and window sizes holds hundreds of MB
    it no longer uses."""
    if _TRIM is not None:
        _TRIM(0)


def return_freed_memory() -> None:
    """glibc: allocations from 256 kB up (surfaces) get their own mapping, handed back to the
    system when freed; by default the threshold grows and freed surfaces stay in the heap."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        ctypes.CDLL("libc.so.6").mallopt(-3, 256 * 1024)   # M_MMAP_THRESHOLD
    except (OSError, AttributeError, ValueError):
        pass
