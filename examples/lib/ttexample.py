# SPDX-License-Identifier: Apache-2.0
"""The host side the compute examples share: buffers (DRAM or L1,
interleaved or sharded) and a program made through a mounted ttfs with
plain file IO, bfloat16 and the tiled
layout in numpy, and the figures their checks print.

Nothing here mounts anything: each example's run script is given the mount
point. The layout is that of docs/tools.md (tools/tilelib): 32x32 tiles in
row-major tile order, each four 16x16 faces (TL, TR, BL, BR), row-major.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

TILE = 32
FACE = 16
TILE_BYTES_BF16 = TILE * TILE * 2


# ---- bfloat16 ---------------------------------------------------------------

def f32_to_bf16(x):
    """float32 array -> bfloat16 bits (uint16), round to nearest even, as
    tt-metal's host bfloat16(float); NaN stays a quiet NaN."""
    b = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    rounded = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(x)
    return np.where(nan, ((b >> 16) | 0x40).astype(np.uint16), rounded)


def bf16_to_f32(b):
    """bfloat16 bits (uint16) -> float32, exact."""
    return (np.asarray(b, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def round_bf16(x):
    """x rounded to the nearest bfloat16, as float32."""
    return bf16_to_f32(f32_to_bf16(x))


# ---- the tiled layout -------------------------------------------------------

def tilize(m):
    """H x W row-major -> 1-D array in tile order (H, W multiples of 32)."""
    h, w = m.shape
    t = m.reshape(h // TILE, 2, FACE, w // TILE, 2, FACE)
    # tile row, tile col, face row, face col, row in face, col in face
    return np.ascontiguousarray(t.transpose(0, 3, 1, 4, 2, 5)).reshape(-1)


def untilize(v, h, w):
    """The inverse of tilize."""
    t = np.asarray(v).reshape(h // TILE, w // TILE, 2, 2, FACE, FACE)
    return np.ascontiguousarray(t.transpose(0, 2, 4, 1, 3, 5)).reshape(h, w)


def tile_tool(tool, cmd, rows, cols, data):
    """The same through the ttfs-tile CLI (tools/ttfs-tile): bf16 bits in,
    bf16 bits out."""
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in"), os.path.join(d, "out")
        np.asarray(data, dtype="<u2").tofile(src)
        subprocess.run([tool, cmd, "--rows", str(rows), "--cols", str(cols),
                        "--format", "bf16", src, dst], check=True)
        return np.fromfile(dst, dtype="<u2")


# ---- figures ----------------------------------------------------------------

def pcc(a, b):
    """Pearson correlation of two arrays, as tt-metal's examples check."""
    a = np.asarray(a, dtype=np.float64).reshape(-1)
    b = np.asarray(b, dtype=np.float64).reshape(-1)
    if not np.all(np.isfinite(b)):
        return float("nan")
    a, b = a - a.mean(), b - b.mean()
    den = np.sqrt((a * a).sum() * (b * b).sum())
    return float((a * b).sum() / den) if den else float("nan")


def check_within(want, got, tol, formula, explain):
    """Every element of got within tol of want, a NaN failing. Prints the
    worst error and the PCC, and for a failure the first element off, which
    explain(i) describes ("a 0.5 + b -0.25 = 0.25"). Returns the example's
    exit status: 0 or 1."""
    err = np.abs(want - got)
    bad = ~(err <= tol)
    print(f"max |{formula} - r| = {np.nanmax(err):.4g} (tolerance {tol}), "
          f"PCC {pcc(want, got):.6f}")
    if not bad.any():
        return 0
    i = int(np.argmax(bad))
    print(f"FAIL: {int(bad.sum())} of {want.size} elements off by more than {tol}; first at "
          f"element {i} (tile {i // (TILE * TILE)}): {explain(i)}, got {got[i]:.6g}")
    return 1


# ---- the command line -------------------------------------------------------

def parser(name):
    """The arguments every example takes: its mount point and --seed for
    its random inputs (1 by default). An example adds its own to it."""
    p = argparse.ArgumentParser(prog=f"examples/{name}/run")
    p.add_argument("mountpoint")
    p.add_argument("--seed", type=int, default=1)
    return p


# ---- the mount --------------------------------------------------------------

class Mount:
    """Buffers and one program of an example on a mounted ttfs.
    Everything it made is removed by close(), also after a failure."""

    def __init__(self, mnt, name, here):
        self.mnt, self.name, self.here = mnt, name, here
        self.prog = os.path.join(mnt, "programs", name)
        self.buffers = {}   # name -> "dram" or "l1"
        if not (os.path.isdir(os.path.join(mnt, "programs")) and
                os.path.isdir(os.path.join(mnt, "dram", "buffers"))):
            print(f"{name}: {mnt} is not a mounted ttfs with programs/", file=sys.stderr)
            sys.exit(2)
        self._rmdir(self.prog)    # left by an interrupted run

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _buf(self, name, leaf="", memory=None):
        return os.path.join(self.mnt, memory or self.buffers.get(name, "dram"), "buffers", name,
                            leaf)

    @staticmethod
    def _rmdir(path):
        try:
            os.rmdir(path)
        except FileNotFoundError:
            pass

    @staticmethod
    def _put(path, text):
        with open(path, "w") as f:
            f.write(text)

    def buffer(self, name, size, page_size=TILE_BYTES_BF16, memory="dram", **shard):
        """mkdir dram/buffers/NAME (memory "l1": l1/buffers/NAME), its page
        size, the shard spec files given (layout="block_sharded",
        shard_cores=..., docs/sharding.md), then its size."""
        for m in ("dram", "l1"):   # a name is unique across both
            self._rmdir(self._buf(name, memory=m))
        os.mkdir(self._buf(name, memory=memory))
        self.buffers[name] = memory
        self._put(self._buf(name, "page_size"), f"{page_size}\n")
        for key, value in shard.items():
            self._put(self._buf(name, key), f"{value}\n")
        self._put(self._buf(name, "size"), f"{size}\n")
        return self

    def address(self, name):
        with open(self._buf(name, "address")) as f:
            return f.read().strip()

    def write(self, name, data):
        data = memoryview(np.ascontiguousarray(data)).cast("B")
        fd = os.open(self._buf(name, "data"), os.O_WRONLY)
        try:
            off = 0
            while off < len(data):
                off += os.pwrite(fd, data[off:off + (1 << 20)], off)
        finally:
            os.close(fd)

    def read(self, name, size):
        out = bytearray()
        fd = os.open(self._buf(name, "data"), os.O_RDONLY)
        try:
            while len(out) < size:
                chunk = os.pread(fd, min(size - len(out), 1 << 20), len(out))
                if not chunk:
                    raise OSError(f"{self._buf(name, 'data')}: short read at {len(out)}")
                out += chunk
        finally:
            os.close(fd)
        return bytes(out)

    def read_bf16(self, name, count):
        """The first count bfloat16 values of a buffer, as their bits
        (uint16)."""
        return np.frombuffer(self.read(name, count * 2), dtype="<u2")

    def l1(self, core, addr, size):
        """size bytes of a core's L1 from addr (cores/X,Y/l1)."""
        fd = os.open(os.path.join(self.mnt, "cores", f"{core[0]},{core[1]}", "l1"), os.O_RDONLY)
        try:
            return os.pread(fd, size, addr)
        finally:
            os.close(fd)

    def program(self, files, args_text=None):
        """mkdir programs/NAME and copy the kernels and args into it
        (closing a source starts its build); args_text replaces the args
        file when given."""
        os.mkdir(self.prog)
        for f in files:
            shutil.copyfile(os.path.join(self.here, f), os.path.join(self.prog, f))
        if args_text is not None:
            self._put(os.path.join(self.prog, "args"), args_text)

    def status(self):
        with open(os.path.join(self.prog, "status")) as f:
            return f.read()

    def show_status(self):
        """Prints the program's status, indented, and returns it."""
        status = self.status()
        print(indent(status), end="")
        return status

    def run(self):
        """echo 1 > programs/NAME/run: returns when every core is done.
        Prints status and exits 1 if the program failed."""
        try:
            self._put(os.path.join(self.prog, "run"), "1\n")
        except OSError as e:
            print(f"FAIL: the program did not finish ({e.strerror}); its status:")
            print(indent(self.status()))
            sys.exit(1)

    def close(self):
        self._rmdir(self.prog)
        for b in self.buffers:
            self._rmdir(self._buf(b))
        self.buffers = {}


def indent(text):
    return "".join("  " + line + "\n" for line in text.rstrip("\n").split("\n"))


def status_field(status, key):
    """The value of a `key value` line of a program's status."""
    for line in status.split("\n"):
        if line.startswith(key + " "):
            return line[len(key) + 1:].split()[0]
    return None
