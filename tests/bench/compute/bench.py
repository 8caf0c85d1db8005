#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compute benchmark (tests/bench/compute): on a mounted ttfs, tiles per
second for an eltwise add and a bfloat16 matmul on 1 and on 8 cores, the
scaling between them, and the 640^3 matmul against numpy's float32
np.matmul on this host, timed in the same run.

usage: bench.py MOUNTPOINT [OFF_MOUNTPOINT]  (tests/bench/compute/run mounts
both; OFF_MOUNTPOINT a second ttfs mounted with -o sanitize=off)
Knobs: BENCH_ROUNDS (7), BENCH_ADD_TILES (2048), BENCH_MM_TILES (20: the
matmul is 32*N each way), BENCH_NUMPY_REPS (21).
Exit status: 0 every target met, 1 one missed, 2 setup failed or a
result was wrong. With TTFS_BENCH_QUICK=1 (a quick run that only shows
the benchmark works) no target is judged.

Each configuration is a program of its own in programs/; every round
runs each once, in turn, so load from elsewhere falls on all alike; the
figure is the median of the program's `run_ms` (from go to the last core
done, no build). The first run of each, which builds, is not counted.
A scaling ratio is the median of the per-round ratios, each of a 1-core
and an 8-core run made back to back (in alternating order), as the io
benchmark pairs ttfs with the floor: on a shared host a burst of load
from elsewhere then falls on both halves of a ratio, not on one median.

With OFF_MOUNTPOINT every configuration also runs there, right before or
after (alternating) its run on MOUNTPOINT: the NOC sanitizer's cost is the
median of the per-round on/off ratios (docs/debugging.md).
"""
import multiprocessing
import os
import statistics
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "examples", "lib"))
import ttexample as tt  # noqa: E402



def env_int(name, default):
    v = os.environ.get(name)
    return int(v) if v else default


MT = env_int("BENCH_MM_TILES", 20)   # tiles each way: 640^3 by default
MM = MT * 32                         # M = K = N
TARGET_NUMPY = 20.0            # 1-core matmul at most this many times numpy's time
TARGET_SCALING = 1.8           # 8 cores at least this many times 1 core's rate
TARGET_SANITIZER = 1.10        # the sanitizer on at most this many times off's time
CORES8 = "0-7,0"
QUICK = os.environ.get("TTFS_BENCH_QUICK", "0") not in ("", "0")


def core_list(spec):
    if spec == "0,0":
        return [(0, 0)]
    return [(x, 0) for x in range(8)]


def split(total, cores):
    """Blocks of consecutive tiles, one per core, sizes differing by at most 1."""
    n = len(cores)
    out, first = [], 0
    for k, c in enumerate(cores):
        cnt = total // n + (1 if k < total % n else 0)
        out.append((c, first, cnt))
        first += cnt
    return out


def add_args(spec, tiles):
    blocks = split(tiles, core_list(spec))
    lines = ["[program]", f"cores = {spec}", "timeout_ms = 600000"]
    for cb in (0, 1, 16):
        lines += [f"[cb.{cb}]", "format = bfloat16", "pages = 2"]
    (c0, f0, n0) = blocks[0]
    lines += ["[reader]", f"args = @ba-a @ba-b {f0} {n0}"]
    lines += [f"args.{x},{y} = @ba-a @ba-b {f} {n}" for (x, y), f, n in blocks[1:]]
    lines += ["compile_args = accessor(ba-a) accessor(ba-b)", "[compute]", f"args = {n0}"]
    lines += [f"args.{x},{y} = {n}" for (x, y), f, n in blocks[1:]]
    lines += ["[writer]", f"args = @ba-c {f0} {n0}"]
    lines += [f"args.{x},{y} = @ba-c {f} {n}" for (x, y), f, n in blocks[1:]]
    lines += ["compile_args = accessor(ba-c)"]
    return "\n".join(lines) + "\n"


def mm_args(spec):
    blocks = split(MT * MT, core_list(spec))
    lines = ["[program]", f"cores = {spec}", "timeout_ms = 600000"]
    for cb in (0, 1, 16):
        lines += [f"[cb.{cb}]", "format = bfloat16", "pages = 2"]
    (c0, f0, n0) = blocks[0]
    lines += ["[reader]", f"args = @bm-a @bm-b {MT} {MT} {f0} {n0}"]
    lines += [f"args.{x},{y} = @bm-a @bm-b {MT} {MT} {f} {n}" for (x, y), f, n in blocks[1:]]
    lines += ["compile_args = accessor(bm-a) accessor(bm-b)",
              "[compute]", f"args = {n0}"]
    lines += [f"args.{x},{y} = {n}" for (x, y), f, n in blocks[1:]]
    lines += [f"compile_args = {MT}", "[writer]", f"args = @bm-c {f0} {n0}"]
    lines += [f"args.{x},{y} = @bm-c {f} {n}" for (x, y), f, n in blocks[1:]]
    lines += ["compile_args = accessor(bm-c)"]
    return "\n".join(lines) + "\n"


class Prog:
    """One configuration: a program in programs/ and its run times."""

    def __init__(self, mnt, name, src_dir, files, args_text):
        self.m = tt.Mount(mnt, name, src_dir)
        self.m.program(files)
        with open(os.path.join(self.m.prog, "args"), "w") as f:
            f.write(args_text)
        self.ms = []

    def run(self, keep=True):
        self.m.run()
        ms = float(tt.status_field(self.m.status(), "run_ms"))
        if keep:
            self.ms.append(ms)
        return ms

    def median_s(self):
        return statistics.median(self.ms) / 1000.0

    def close(self):
        self.m.close()


def spin(n):
    """A fixed amount of pure CPU work (no memory traffic to speak of)."""
    x = 0
    for i in range(n):
        x += i * 7
    return x


def host_parallelism(pool, n):
    """What this host gives two CPU-bound processes at this moment: 2x the
    time of one spin alone over the time of two at once (2.0 for two free
    CPUs; less when the two vCPUs share a physical core or another tenant
    takes one). The peer the 1 -> 8 core scaling is measured against."""
    t0 = time.perf_counter()
    pool.apply(spin, (n,))
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    pool.map(spin, (n, n), chunksize=1)
    two = time.perf_counter() - t0
    return 2.0 * one / two


def setup_mount(mnt, add_tiles, a, b, A, B, bufs_progs):
    """The inputs and the four configurations on one mount, each built and
    checked by a first run; appends (buffers, {key: Prog}) to bufs_progs
    (so that they are closed whatever happens). False when a result is
    wrong."""
    n = add_tiles * 1024
    bufs = tt.Mount(mnt, "bench-compute-buffers", HERE)
    progs = {}
    bufs_progs.append((bufs, progs))
    for name, size in (("ba-a", n * 2), ("ba-b", n * 2), ("ba-c", n * 2),
                       ("bm-a", MM * MM * 2), ("bm-b", MM * MM * 2), ("bm-c", MM * MM * 2)):
        bufs.buffer(name, size)
    bufs.write("ba-a", a)
    bufs.write("ba-b", b)
    bufs.write("bm-a", tt.tilize(A))
    bufs.write("bm-b", tt.tilize(B))

    kdir = os.path.join(HERE, "kernels")
    mmdir = os.path.join(ROOT, "examples", "matmul-multicore")
    add_files = ["add_reader.cpp", "add_compute.cpp", "writer.cpp"]
    for spec, key in (("0,0", "1"), (CORES8, "8")):
        p = Prog(mnt, f"bench-add-{key}", kdir, [], add_args(spec, add_tiles))
        for src, dst in zip(add_files, ("reader.cpp", "compute.cpp", "writer.cpp")):
            with open(os.path.join(kdir, src)) as f, \
                    open(os.path.join(p.m.prog, dst), "w") as g:
                g.write(f.read())
        progs["add" + key] = p
        progs["mm" + key] = Prog(mnt, f"bench-mm-{key}", mmdir,
                                 ["reader.cpp", "compute.cpp", "writer.cpp"], mm_args(spec))

    # Builds, and a check that each configuration computes the right thing.
    want_add = tt.bf16_to_f32(a) + tt.bf16_to_f32(b)
    want_mm = tt.bf16_to_f32(A) @ tt.bf16_to_f32(B)
    for key, p in progs.items():
        p.run(keep=False)
        if key.startswith("add"):
            r = tt.bf16_to_f32(np.frombuffer(bufs.read("ba-c", n * 2), dtype="<u2"))
            err = float(np.nanmax(np.abs(want_add - r)))
            if not np.all(np.abs(want_add - r) <= 1e-2):
                print(f"setup: {mnt}: {key}: the sum is wrong (max error {err:.4g})",
                      file=sys.stderr)
                return False
            bufs.write("ba-c", np.zeros(n, dtype=np.uint16))
        else:
            raw = np.frombuffer(bufs.read("bm-c", MM * MM * 2), dtype="<u2")
            coeff = tt.pcc(want_mm, tt.bf16_to_f32(tt.untilize(raw, MM, MM)))
            if not coeff > 0.97:
                print(f"setup: {mnt}: {key}: the product is wrong (PCC {coeff:.4f})",
                      file=sys.stderr)
                return False
            bufs.write("bm-c", np.zeros(MM * MM, dtype=np.uint16))
    return True


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    mnt = sys.argv[1]
    off_mnt = sys.argv[2] if len(sys.argv) == 3 else None
    rounds = env_int("BENCH_ROUNDS", 7)
    add_tiles = env_int("BENCH_ADD_TILES", 2048)
    np_reps = env_int("BENCH_NUMPY_REPS", 21)
    rng = np.random.default_rng(1)

    bufs_progs = []
    progs, off_progs = {}, {}
    san_ratios = {}
    try:
        # Inputs: add a in [0,1) + b in [-1,0); matmul A, B in [-1,1), tilized.
        n = add_tiles * 1024
        a = tt.f32_to_bf16(rng.uniform(0, 1, n).astype(np.float32))
        b = tt.f32_to_bf16(rng.uniform(-1, 0, n).astype(np.float32))
        A = tt.f32_to_bf16(rng.uniform(-1, 1, (MM, MM)).astype(np.float32))
        B = tt.f32_to_bf16(rng.uniform(-1, 1, (MM, MM)).astype(np.float32))
        for m in (mnt, off_mnt) if off_mnt else (mnt,):
            if not setup_mount(m, add_tiles, a, b, A, B, bufs_progs):
                return 2
        progs = bufs_progs[0][1]
        if off_mnt:
            off_progs = bufs_progs[1][1]
            san_ratios = {key: [] for key in progs}

        # numpy's float32 matmul, interleaved with the device runs.
        A32, B32 = tt.bf16_to_f32(A), tt.bf16_to_f32(B)
        np.matmul(A32, B32)
        np_times = []
        pair_ratios = {"add": [], "mm": []}
        host = []
        pool = multiprocessing.Pool(2)
        pool.map(spin, (1000, 1000), chunksize=1)
        for r in range(rounds):
            host.append(host_parallelism(pool, 400000))
            for kind in ("add", "mm"):
                order = ("1", "8") if r % 2 == 0 else ("8", "1")
                ms = {}
                for key in order:
                    if off_progs and r % 2:
                        off_ms = off_progs[kind + key].run()
                    ms[key] = progs[kind + key].run()
                    if off_progs and not r % 2:
                        off_ms = off_progs[kind + key].run()
                    if off_progs:
                        san_ratios[kind + key].append(ms[key] / off_ms)
                pair_ratios[kind].append(ms["1"] / ms["8"])
            for _ in range(max(1, np_reps // rounds)):
                t0 = time.perf_counter()
                np.matmul(A32, B32)
                np_times.append(time.perf_counter() - t0)
        pool.close()
        pool.join()
        np_s = statistics.median(np_times)
        host_par = statistics.median(host)
    except SystemExit as e:       # a program failed: tt.Mount.run printed why
        print(f"setup: a benchmark program did not finish (exit {e.code})", file=sys.stderr)
        return 2
    finally:
        for bufs, ps in bufs_progs:
            for p in ps.values():
                p.close()
            bufs.close()

    add1, add8 = add_tiles / progs["add1"].median_s(), add_tiles / progs["add8"].median_s()
    out = MT * MT
    mm1, mm8 = out / progs["mm1"].median_s(), out / progs["mm8"].median_s()
    mm1_s = progs["mm1"].median_s()
    ratio = mm1_s / np_s
    scale_mm = statistics.median(pair_ratios["mm"])
    scale_add = statistics.median(pair_ratios["add"])

    print(f"rounds {rounds}, median of status run_ms; {os.cpu_count()} host CPUs; "
          f"scaling: median of per-round 1-core/8-core time ratios")
    print(f"eltwise add, {add_tiles} bf16 tiles:  1 core {add1:10.0f} tiles/s   "
          f"8 cores {add8:10.0f} tiles/s   scaling {scale_add:.2f}x "
          f"({min(pair_ratios['add']):.2f}-{max(pair_ratios['add']):.2f})")
    print(f"matmul {MM}^3, {out} output tiles ({out * MT} tile products):")
    print(f"  1 core  {mm1:8.1f} output tiles/s ({mm1 * MT:8.0f} tile products/s), "
          f"{mm1_s * 1000:9.1f} ms")
    print(f"  8 cores {mm8:8.1f} output tiles/s ({mm8 * MT:8.0f} tile products/s), "
          f"{progs['mm8'].median_s() * 1000:9.1f} ms   scaling {scale_mm:.2f}x "
          f"({min(pair_ratios['mm']):.2f}-{max(pair_ratios['mm']):.2f})")
    print(f"numpy float32 np.matmul {MM}^3: {np_s * 1000:.2f} ms (median of {len(np_times)})")
    print(f"host: two CPU-bound processes ran {host_par:.2f}x one ({min(host):.2f}-{max(host):.2f}, "
          f"2.00 on two free CPUs); of that, matmul scaling is {scale_mm / host_par:.0%}, "
          f"eltwise add {scale_add / host_par:.0%}")
    san = {key: statistics.median(v) for key, v in san_ratios.items()}
    if san:
        names = {"add1": "add 1 core", "add8": "add 8 cores", "mm1": "matmul 1 core",
                 "mm8": "matmul 8 cores"}
        print("NOC sanitizer on/off (median of per-round run_ms ratios, "
              f"off = a second mount with -o sanitize=off): " +
              ", ".join(f"{names[k]} {san[k]:.3f}x ({min(san_ratios[k]):.2f}-"
                        f"{max(san_ratios[k]):.2f})" for k in names))

    ok = True
    for what, good, fig in (
            (f"{MM}^3 matmul on 1 core <= {TARGET_NUMPY:g}x numpy", ratio <= TARGET_NUMPY,
             f"{ratio:.1f}x"),
            (f"matmul scaling 1 -> 8 cores >= {TARGET_SCALING}x", scale_mm >= TARGET_SCALING,
             f"{scale_mm:.2f}x"),
            (f"eltwise add scaling 1 -> 8 cores >= {TARGET_SCALING}x",
             scale_add >= TARGET_SCALING, f"{scale_add:.2f}x")) + tuple(
            (f"{key}: the sanitizer on <= {TARGET_SANITIZER}x off", r <= TARGET_SANITIZER,
             f"{r:.3f}x") for key, r in san.items()):
        print(f"{'-' if QUICK else 'PASS' if good else 'FAIL'}: {what}: {fig}")
        ok &= good
    if QUICK:
        print("quick run (TTFS_BENCH_QUICK): targets not judged")
    return 0 if ok or QUICK else 1


if __name__ == "__main__":
    sys.exit(main())
