"""The package's ``.npz`` files (``SimResult``, ``Records``, ``MatchResult``), written atomically and read warily.

Writing (``write_npz``, ``write_text``): the bytes go to a hidden temporary file in the target's directory
(``.NAME.<pid>.<random>.tmp``), are flushed to disk, and ``os.replace`` puts the file in place; so the name only
ever holds a whole file, and an interrupted write (an exception, Ctrl-C) leaves nothing behind (the temporary
file is removed; a killed process leaves at most the hidden ``.tmp``, under no name a loader reads).

Reading (``open_npz(path, kind)``): ``path``, or ``path + ".npz"`` when only that exists (as ``save`` names it),
is opened as a zip archive by ``zipfile`` itself, never with pickles; refused with a ValueError naming the file
and what is wrong are: a file that cannot be read, an empty file, a bare ``.npy`` file, a file that is no whole
zip archive (truncated), an encrypted member or one compressed otherwise than numpy does (stored or deflated), a
member whose sizes disagree with the file's size (more compressed bytes than the file holds, or more expanded
bytes than deflate can make of them), and a file of another kind (``KINDS``: the members that mark each kind).
A member is read only after its ``.npy`` header is checked: version 1.0 or 2.0, no Python objects, and an array
whose size is exactly what the member holds (so a header announcing an enormous array is refused before any
allocation); a member whose data is corrupt (a zlib error, a bad CRC, too few bytes) is refused likewise.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import struct
import zipfile
import zlib
from collections.abc import Callable
from typing import IO, Any

import numpy as np
from numpy.lib import format as npy_format

# the members that mark a file's kind, and what writes it
KINDS = {"SimResult": ("attacker_points",), "Records": ("game", "codes"), "MatchResult": ("winner", "final_levels")}
WRITERS = {"SimResult": "SimResult.save or shengji simulate --out", "Records": "Records.save",
           "MatchResult": "MatchResult.save or shengji matches --out"}
MAX_RATIO = 1100  # deflate expands a byte to at most ~1032 bytes
MAX_JSON = 1 << 20  # bytes of a records.json
# what reading a damaged archive raises (zipfile, zlib, numpy's header parser)
_READ_ERRORS = (OSError, EOFError, ValueError, KeyError, TypeError, OverflowError, NotImplementedError, RuntimeError,
                zipfile.BadZipFile, zlib.error, struct.error)


def _text(err: BaseException) -> str:
    """An error's message on one line."""
    return " ".join(str(err).split()) or type(err).__name__


def npz_path(path: str | os.PathLike[str]) -> str:
    """The file ``save(path)`` writes: ``path``, with ``.npz`` added when it lacks it (as numpy does)."""
    path = os.fspath(path)
    return path if path.endswith(".npz") else path + ".npz"


def existing(path: str | os.PathLike[str]) -> str:
    """The file ``load(path)`` reads: ``path``, or ``path + ".npz"`` when ``path`` does not exist and that does
    (``save("x")`` writes ``x.npz``)."""
    path = os.fspath(path)
    if not os.path.exists(path) and not path.endswith(".npz") and os.path.isfile(path + ".npz"):
        return path + ".npz"
    return path


def write_atomic(path: str | os.PathLike[str], write: Callable[[IO[bytes]], Any]) -> str:
    """Write a file through a temporary file in its directory and ``os.replace`` (module docstring)."""
    path = os.fspath(path)
    if not os.path.basename(path):
        raise ValueError(f"path must name a file, got {path!r}")
    directory, base = os.path.split(path)
    while True:
        tmp = os.path.join(directory, f".{base}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
            break
        except FileExistsError:  # pragma: no cover - a 32-bit random name taken
            continue
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


def write_npz(path: str | os.PathLike[str], arrays: dict[str, np.ndarray], *, compress: bool) -> str:
    """``np.savez`` (``np.savez_compressed`` with ``compress``) to ``npz_path(path)``, atomically; returns the path."""
    path = os.fspath(path)
    if not os.path.basename(path):
        raise ValueError(f"path must name a file, got {path!r}")

    def write(f: IO[bytes]) -> None:
        save: Any = np.savez_compressed if compress else np.savez  # looked up now (a test may stand in for it)
        save(f, **arrays)

    return write_atomic(npz_path(path), write)


def write_text(path: str | os.PathLike[str], text: str) -> str:
    """A UTF-8 text file, atomically."""
    return write_atomic(path, lambda f: f.write(text.encode()))


def read_json(path: str | os.PathLike[str], what: str) -> dict[str, Any]:
    """A small JSON file holding a mapping (``what`` says what it should be); ValueError naming it otherwise."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_JSON + 1)
    except OSError as err:
        raise ValueError(f"{path}: cannot be read ({err.strerror or _text(err)})") from None
    if len(data) > MAX_JSON:
        raise ValueError(f"{path}: more than {MAX_JSON} bytes, not {what}")
    try:
        value = json.loads(data.decode())
    except ValueError as err:  # json.JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ValueError(f"{path}: not valid JSON, so not {what} (truncated?): {_text(err)}") from None
    if not isinstance(value, dict):
        raise ValueError(f"{path}: holds a JSON {type(value).__name__}, not {what}")
    return value


class NpzReader:
    """An opened ``.npz`` file of one kind (``open_npz``): ``name in reader``, ``reader[name]`` (the array, checked
    as the module docstring says), ``reader.scalar_int(name)``, ``reader.json(name)``; a context manager."""

    def __init__(self, path: str, kind: str, file: IO[bytes], archive: zipfile.ZipFile,
                 members: dict[str, zipfile.ZipInfo]):
        self.path, self.kind = path, kind
        self._file, self._zip, self._members = file, archive, members

    def __enter__(self) -> NpzReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._zip.close()
        self._file.close()

    @property
    def files(self) -> list[str]:
        return list(self._members)

    def __contains__(self, name: object) -> bool:
        return name in self._members

    def error(self, what: str) -> ValueError:
        return ValueError(f"{self.path}: {what}")

    def __getitem__(self, name: str) -> np.ndarray:
        info = self._members.get(name)
        if info is None:
            raise self.error(f"it has no {name} (a {self.kind} file holds one)")
        try:
            with self._zip.open(info) as f:
                version = npy_format.read_magic(f)
                if version == (1, 0):
                    shape, _, dtype = npy_format.read_array_header_1_0(f)
                elif version == (2, 0):
                    shape, _, dtype = npy_format.read_array_header_2_0(f)
                else:
                    raise ValueError(f".npy format version {version[0]}.{version[1]} (numpy writes 1.0 or 2.0 here)")
                if dtype.hasobject:
                    raise ValueError("it holds Python objects, which are never unpickled")
                size = math.prod(shape) * dtype.itemsize
                held = info.file_size - f.tell()
                if size != held:
                    raise ValueError(f"its header announces an array of shape {shape} of {dtype} ({size} bytes) but "
                                     f"the member holds {held} bytes")
            with self._zip.open(info) as f:
                array = npy_format.read_array(f, allow_pickle=False)
                if f.read(1):  # also reads to the end, where zipfile checks the CRC
                    raise ValueError("bytes after the array")
        except _READ_ERRORS as err:
            raise self.error(f"its member {name} is damaged ({_text(err)})") from None
        return np.asarray(array)

    def scalar_int(self, name: str) -> int:
        """A member holding one integer."""
        a = self[name]
        if a.ndim != 0 or a.dtype.kind not in "iu":
            raise self.error(f"its {name} is not one integer: {a.dtype} of shape {a.shape}")
        return int(a)

    def json(self, name: str) -> dict[str, Any]:
        """A member holding one JSON text of a mapping (the metadata)."""
        a = self[name]
        if a.ndim != 0 or a.dtype.kind != "U":
            raise self.error(f"its metadata ({name}) is not one JSON text: {a.dtype} of shape {a.shape}")
        try:
            value = json.loads(str(a))
        except ValueError as err:
            raise self.error(f"its metadata ({name}) is not valid JSON: {_text(err)}") from None
        if not isinstance(value, dict):
            raise self.error(f"its metadata ({name}) is a JSON {type(value).__name__}, not a mapping")
        return value


def open_npz(path: str | os.PathLike[str], kind: str) -> NpzReader:
    """``path`` (or ``path.npz``) opened as a ``kind`` file (module docstring); ValueError naming it otherwise."""
    path = existing(path)
    what = f"a {kind} file (an .npz written by {WRITERS[kind]})"
    try:
        file = open(path, "rb")  # noqa: SIM115 - closed by the reader, or below
    except OSError as err:
        raise ValueError(f"{path}: cannot be read as {what} ({err.strerror or _text(err)})") from None
    try:
        head = file.read(len(npy_format.MAGIC_PREFIX))
        size = os.fstat(file.fileno()).st_size
        if not head:
            raise ValueError(f"{path} is not {what}: it is empty")
        if head == npy_format.MAGIC_PREFIX:
            raise ValueError(f"{path} is a bare .npy file (one array), not {what}")
        file.seek(0)
        try:
            archive = zipfile.ZipFile(file)
        except _READ_ERRORS as err:
            raise ValueError(f"{path} is not {what}: it is no whole zip archive (truncated?): {_text(err)}") from None
        members: dict[str, zipfile.ZipInfo] = {}
        try:
            for info in archive.infolist():
                if not info.filename.endswith(".npy"):
                    continue
                name = info.filename[:-4]
                problem = None
                if name in members:
                    problem = "appears twice"
                elif info.flag_bits & 0x1:
                    problem = "is encrypted"
                elif info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
                    problem = f"is compressed with method {info.compress_type} (numpy stores or deflates)"
                elif info.compress_size > size:
                    problem = f"claims {info.compress_size} compressed bytes, more than the file's {size} (truncated?)"
                elif info.compress_type == zipfile.ZIP_STORED and info.file_size != info.compress_size:
                    problem = f"is stored but claims {info.file_size} bytes in {info.compress_size}"
                elif info.file_size > MAX_RATIO * info.compress_size + 1024:
                    problem = (f"claims {info.file_size} bytes from {info.compress_size} compressed, more than "
                               "deflate makes")
                if problem is not None:
                    raise ValueError(f"{path}: its member {name} {problem}")
                members[name] = info
            marks = KINDS[kind]
            if not all(m in members for m in marks):
                other = next((k for k, ms in KINDS.items() if k != kind and all(m in members for m in ms)), None)
                if other is not None:
                    raise ValueError(f"{path} is a {other} file ({other}.load reads it), not {what}")
                missing = next(m for m in marks if m not in members)
                raise ValueError(f"{path} is not {what}: it has no {missing}")
        except BaseException:
            archive.close()
            raise
    except BaseException:
        file.close()
        raise
    return NpzReader(path, kind, file, archive, members)


def kind_of(path: str | os.PathLike[str], among: tuple[str, ...]) -> str:
    """Which of the kinds ``among`` (``KINDS``) the ``.npz`` file ``path`` is, by its members: a later kind when the
    file opens as it, else the first (whose loader then says what is wrong with the file)."""
    for kind in among[1:]:
        try:
            with open_npz(path, kind):
                return kind
        except ValueError:
            pass
    return among[0]


def free_memory() -> int | None:
    """Bytes of memory free now (Linux), or None where it cannot be told: what a run's result arrays are
    checked against before they are allocated."""
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return None
