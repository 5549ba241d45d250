"""Files on disk as they may be found: interrupted, truncated, corrupt, of another kind, crafted. The self-play
stream to a directory never leaves half a file under a chunk's name (each file is written under a temporary name
and renamed into place, records.json last) and refuses ``out=""``; the loaders (``SimResult.load``,
``Records.load``, ``StoredRecords``, ``MatchResult.load``) refuse what is damaged or inconsistent with a
ValueError naming the file and what is wrong, check each .npy header against the member's size before
allocating, and find ``x.npz`` when given ``x`` (what ``save("x")`` writes); ``shengji show`` turns each refusal
into one line on stderr and exit code 2."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

from shengji import MatchResult, Records, Rules, SimResult, selfplay, simulate, simulate_matches
from shengji.cli import main
from shengji.records import StoredRecords

KINDS = ("SimResult", "Records", "MatchResult")
LOADERS = {"SimResult": SimResult.load, "Records": Records.load, "MatchResult": MatchResult.load}
OTHER = {"SimResult": "MatchResult", "Records": "SimResult", "MatchResult": "Records"}  # a file of another kind
REQUIRED = {"SimResult": "dealer", "Records": "choice", "MatchResult": "deals"}  # a member each kind needs
MARKER = {"SimResult": "attacker_points", "Records": "game", "MatchResult": "winner"}


@pytest.fixture(scope="module")
def made():
    """One small object of each kind."""
    return {"SimResult": simulate(Rules(), 50, seed=1, threads=1),
            "Records": selfplay(Rules(), 6, seed=2, threads=1, keep_candidates=True),
            "MatchResult": simulate_matches(Rules(), 5, seed=3, threads=1)}


@pytest.fixture(scope="module")
def saved(made, tmp_path_factory):
    """Each object saved with its own ``save``."""
    d = tmp_path_factory.mktemp("saved")
    out = {}
    for kind, obj in made.items():
        obj.save(d / f"{kind}.npz")
        out[kind] = d / f"{kind}.npz"
    return out


def raw_members(path: Path) -> tuple[dict[str, bytes], int]:
    """The .npy bytes of every member, and the archive's compression."""
    with zipfile.ZipFile(path) as z:
        infos = z.infolist()
        return {i.filename: z.read(i) for i in infos}, infos[0].compress_type


def write_members(path: Path, members: dict[str, bytes], compression: int) -> Path:
    with zipfile.ZipFile(path, "w", compression) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def npy_header(shape: tuple[int, ...], dtype: str) -> bytes:
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": np.lib.format.dtype_to_descr(np.dtype(dtype)),
                                               "fortran_order": False, "shape": shape})
    return buf.getvalue()


def with_arrays(src: Path, dst: Path, **changes) -> Path:
    """``src``'s arrays with ``changes`` (None: the member left out), saved to ``dst`` by numpy."""
    with np.load(src) as z:
        arrays = {k: z[k] for k in z.files}
    for k, v in changes.items():
        if v is None:
            del arrays[k]
        else:
            arrays[k] = v
    np.savez(dst, **arrays)
    return dst


BREAKAGES = {  # how the file is damaged, and what the refusal says
    "truncated": "zip archive",
    "corrupt member": "damaged",
    "missing member": "has no",
    "another kind": "file .*, not a",
    "bare npy": "bare .npy",
    "enormous header": "announces an array of shape",
    "empty": "empty",
    "no such file": "cannot be read",
}


def broken(kind: str, breakage: str, saved: dict[str, Path], d: Path) -> Path:
    """A damaged file where a ``kind`` file is expected."""
    good = saved[kind]
    path = d / f"{kind}-{breakage.replace(' ', '-')}.npz"
    data = good.read_bytes()
    if breakage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif breakage == "corrupt member":  # bytes flipped in the middle of the largest member's data
        with zipfile.ZipFile(good) as z:
            info = max(z.infolist(), key=lambda i: i.compress_size)
        local = data[info.header_offset + 26:info.header_offset + 30]  # the local header's name and extra lengths
        start = info.header_offset + 30 + int.from_bytes(local[:2], "little") + int.from_bytes(local[2:], "little")
        mid = start + info.compress_size // 2
        data = bytearray(data)
        data[mid:mid + 8] = bytes(b ^ 0x5A for b in data[mid:mid + 8])
        path.write_bytes(bytes(data))
    elif breakage == "missing member":
        members, compression = raw_members(good)
        del members[REQUIRED[kind] + ".npy"]
        write_members(path, members, compression)
    elif breakage == "another kind":
        shutil.copyfile(saved[OTHER[kind]], path)
    elif breakage == "bare npy":
        with open(path, "wb") as f:
            np.save(f, np.arange(10))
    elif breakage == "enormous header":  # announces 2**50 int64 (8 PiB), holds 64 bytes
        members, compression = raw_members(good)
        members[MARKER[kind] + ".npy"] = npy_header((2**50,), "<i8") + bytes(64)
        write_members(path, members, compression)
    elif breakage == "empty":
        path.write_bytes(b"")
    else:
        assert breakage == "no such file"
    return path


@pytest.mark.parametrize("breakage", BREAKAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_broken_files_are_refused_naming_the_file(kind, breakage, saved, tmp_path):
    """Each loader refuses a truncated file, a corrupt member (zlib or CRC), a missing member, a file of another
    kind, a bare .npy, an .npz whose member's header announces an enormous array (refused before allocating), an
    empty file and a missing one, with a ValueError naming the file and what is wrong."""
    path = broken(kind, breakage, saved, tmp_path)
    with pytest.raises(ValueError, match=BREAKAGES[breakage]) as err:
        LOADERS[kind](path)
    assert str(path) in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("kind", KINDS)
def test_load_finds_what_save_wrote(kind, made, tmp_path):
    """``save("x")`` writes ``x.npz`` (as numpy names it); ``load("x")`` finds it when ``x`` does not exist."""
    obj = made[kind]
    obj.save(tmp_path / "x")
    assert sorted(os.listdir(tmp_path)) == ["x.npz"]
    back = LOADERS[kind](tmp_path / "x")
    assert back == obj and back.meta == obj.meta
    assert LOADERS[kind](str(tmp_path / "x")) == obj


def stream(d: Path) -> Path:
    """A self-play run of 25 games streamed in chunks of 10: chunk_000000.npz .. chunk_000002.npz."""
    selfplay(Rules(), 25, seed=1, threads=1, out=d, chunk=10)
    return d


@pytest.mark.parametrize("where", ["a chunk", "records.json"])
def test_an_interrupted_stream_leaves_only_whole_files(where, tmp_path, monkeypatch):
    """Ctrl-C while ``selfplay(out=...)`` writes its second chunk (half the file written), or just before
    records.json goes into place: under the final names only whole chunks (each loads), no records.json, no
    temporary file left; the directory is refused as unfinished, naming records.json."""
    if where == "a chunk":
        real, calls = np.savez, []

        def savez(file, *args, **kw):
            calls.append(file)
            if len(calls) < 2:
                return real(file, *args, **kw)
            buf = io.BytesIO()
            real(buf, *args, **kw)
            half = buf.getvalue()[: len(buf.getvalue()) // 2]
            if hasattr(file, "write"):
                file.write(half)
            else:
                with open(os.fspath(file), "wb") as f:
                    f.write(half)
            raise KeyboardInterrupt

        monkeypatch.setattr(np, "savez", savez)
        whole = ["chunk_000000.npz"]
    else:
        real_replace = os.replace

        def replace(src, dst, *args, **kw):
            if os.fspath(dst).endswith("records.json"):
                raise KeyboardInterrupt
            return real_replace(src, dst, *args, **kw)

        monkeypatch.setattr(os, "replace", replace)
        whole = ["chunk_000000.npz", "chunk_000001.npz", "chunk_000002.npz"]
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        stream(out)
    monkeypatch.undo()
    assert sorted(os.listdir(out)) == whole
    for name in whole:
        assert len(Records.load(out / name)) > 0
    with pytest.raises(ValueError, match="records.json"):
        StoredRecords(out)


def test_selfplay_refuses_an_empty_out(tmp_path, monkeypatch):
    """``out=""`` would stream into the current directory: refused, naming ``out``, before anything is written."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="out"):
        selfplay(Rules(), 3, threads=1, out="")
    assert os.listdir(tmp_path) == []


def _drop(d: Path) -> str:
    (d / "chunk_000001.npz").unlink()
    return "chunk_000001.npz is missing"


def _drop_last(d: Path) -> str:
    (d / "chunk_000002.npz").unlink()
    return "chunk_000002.npz is missing"


def _extra(d: Path) -> str:
    shutil.copyfile(d / "chunk_000001.npz", d / "chunk_000003.npz")
    return "chunk_000003.npz is not one of the run's chunks"


def _copied_over(d: Path) -> str:
    shutil.copyfile(d / "chunk_000000.npz", d / "chunk_000001.npz")
    return "chunk_000001.npz: holds 10 games from game 0, but chunk 1 of the run starts at game 10"


def _rows(d: Path) -> str:
    info = json.loads((d / "records.json").read_text())
    (d / "records.json").write_text(json.dumps(dict(info, rows=info["rows"] + 1)))
    return "records.json: counts .* rows, but the chunks hold"


def _truncated_json(d: Path) -> str:
    text = (d / "records.json").read_bytes()
    (d / "records.json").write_bytes(text[: len(text) // 2])
    return "records.json: not valid JSON"


def _other_run(d: Path) -> str:
    selfplay(Rules(), 25, seed=7, threads=1, out=d.parent / "other", chunk=10)
    shutil.copyfile(d.parent / "other" / "chunk_000002.npz", d / "chunk_000002.npz")
    return "chunk_000002.npz: its seed 7 is not records.json's 1"


@pytest.mark.parametrize("damage", [_drop, _drop_last, _extra, _copied_over, _rows, _truncated_json, _other_run])
def test_stored_records_are_checked_against_records_json(damage, tmp_path):
    """A streamed directory is read against its records.json: a missing chunk, a chunk file too many, a chunk
    copied over another, a chunk of another run, a wrong row count or a truncated records.json is an error
    naming the file, not a wrong number of rows."""
    d = stream(tmp_path / "run")
    assert len(StoredRecords(d).load()) == len(StoredRecords(d))
    match = damage(d)
    for load in (lambda: StoredRecords(d).load(), lambda: Records.load(d)):
        with pytest.raises(ValueError, match=match):
            load()


@pytest.mark.parametrize("name, change, match", [
    ("codes", lambda r: r.codes[:-1], "codes has shape"),
    ("action_codes", lambda r: r.action_codes[:, :58], "action_codes has shape"),
    ("returns", lambda r: r.returns[:-1], "returns has shape"),
    ("game", lambda r: r.game.astype(float), "game must be integers"),
    ("phase", lambda r: r.phase + 7, "phase must lie in 0 .. 6"),
    ("seat", lambda r: r.seat + 4, "seat must lie in 0 .. 3"),
    ("codes", lambda r: r.codes.astype(np.int16) + 256, "codes must lie in 0 .. 255"),
    ("choice", lambda r: r.n_candidates, "choice must lie in -1 .. n_candidates - 1"),
    ("candidate_start", lambda r: r.candidate_start[::-1], "candidate_start must never fall"),
    ("candidate_start", lambda r: r.candidate_start + 1, "candidate_start must run from 0"),
    ("candidate_start", lambda r: np.append(r.candidate_start[:-1], r.candidate_start[-1] + 50),
     "candidate_start must run from 0 to the"),
    ("meta", lambda r: np.array("{not json"), "metadata .* is not valid JSON"),
])
def test_records_files_are_checked(name, change, match, made, saved, tmp_path):
    """Records.load checks the rows: every per-row array one entry per row, codes the tensors' widths and 0 .. 255,
    seats and phases in range, choices among the candidates, candidate offsets from 0, never falling, ending at
    the candidates kept; a ValueError names the file and what is wrong."""
    path = with_arrays(saved["Records"], tmp_path / "r.npz", **{name: change(made["Records"])})
    with pytest.raises(ValueError, match=match) as err:
        Records.load(path)
    assert str(path) in str(err.value)


@pytest.mark.parametrize("name, change, match", [
    ("winner", lambda m: m.winner.astype(float), "winner must be integers"),
    ("winner", lambda m: m.winner + 2, "winner must lie in -1 .. 1"),
    ("winner", lambda m: m.winner.reshape(-1, 1), "winner has shape"),
    ("deals", lambda m: m.deals.reshape(-1, 1), "deals has shape"),
    ("kept", lambda m: m.kept[:-1], "kept has shape"),
    ("final_levels", lambda m: m.final_levels + 13, "final_levels must lie in 0 .. 12"),
    ("final_levels", lambda m: m.final_levels[:, 0], "final_levels has shape"),
    ("deals", lambda m: -m.deals, "deals must lie in >= 0"),
    ("kept", lambda m: m.deals + 1, "kept counts more deals"),
    ("format", lambda m: np.array(2), "format 2"),
    ("meta_json", lambda m: np.array("[1, 2]"), "not a mapping"),
])
def test_match_files_are_checked(name, change, match, made, saved, tmp_path):
    """MatchResult.load checks the arrays: integers, one dimension (final levels a row per match, a column per
    team), one length; winners -1 or a team, levels rank indices 0 .. 12, deals >= 0, kept <= deals; a ValueError
    names the file and what is wrong."""
    path = with_arrays(saved["MatchResult"], tmp_path / "m.npz", **{name: change(made["MatchResult"])})
    with pytest.raises(ValueError, match=match) as err:
        MatchResult.load(path)
    assert str(path) in str(err.value)


def test_a_size_claim_beyond_the_file_is_refused(saved, tmp_path):
    """A member whose zip entry claims more bytes than deflate can make of its compressed bytes (a crafted
    archive with an enormous array behind a small file) is refused before reading it."""
    members, _ = raw_members(saved["SimResult"])
    path = write_members(tmp_path / "s.npz", members, zipfile.ZIP_DEFLATED)
    data = bytearray(path.read_bytes())
    cd = next(i for i in range(len(data)) if data[i:i + 4] == b"PK\x01\x02" and data[i + 46:i + 56] == b"dealer.npy")
    data[cd + 24:cd + 28] = (2**31).to_bytes(4, "little")  # its central directory entry's uncompressed size
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="more than deflate makes") as err:
        SimResult.load(path)
    assert str(path) in str(err.value)


@pytest.mark.parametrize("breakage", BREAKAGES)
def test_show_prints_one_line_and_exits_2_for_a_broken_file(breakage, saved, tmp_path, capsys):
    """``shengji show FILE`` on each broken file: exit code 2, one line on stderr naming the file, no traceback. (A
    file of another kind: a Records file; show reads both SimResult and MatchResult files.)"""
    path = broken("MatchResult" if breakage == "another kind" else "SimResult", breakage, saved, tmp_path)
    assert main(["show", str(path)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("shengji show: error: ") and str(path) in lines[0]


def test_show_in_a_process(saved, tmp_path):
    """The same through ``python -m shengji show``: a crafted header exits 2 with one line, a good file 0."""
    path = broken("SimResult", "enormous header", saved, tmp_path)
    r = subprocess.run([sys.executable, "-m", "shengji", "show", str(path)], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "announces" in r.stderr, r.stderr
    r = subprocess.run([sys.executable, "-m", "shengji", "show", str(saved["SimResult"])], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and "50" in r.stdout
