#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""matmul-multicore, host side: the 640^3 bfloat16 matmul of examples/matmul
on 16 cores (0-7,0-1), each computing 25 consecutive output tiles. A and
B, uniform in [-1, 1) and rounded to bfloat16, are tilized on the host; C
is compared with the float32 matmul of the same inputs, whole and per
core, so a core that computed or wrote the wrong block is named. Pass:
PCC above 0.97 overall and for every core's block. Usage: see run."""
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

M = K = N = 640       # must match args
CORES = [(x, y) for y in range(2) for x in range(8)]   # args: cores = 0-7,0-1
PER_CORE = 25         # must match args: output tiles per core
PCC_MIN = 0.97


def main():
    opt = tt.parser("matmul-multicore").parse_args()

    rng = np.random.default_rng(opt.seed)
    a = tt.f32_to_bf16(rng.uniform(-1, 1, (M, K)).astype(np.float32))
    b = tt.f32_to_bf16(rng.uniform(-1, 1, (K, N)).astype(np.float32))

    with tt.Mount(opt.mountpoint, "matmul-multicore", HERE) as m:
        m.buffer("mmc-a", M * K * 2)
        m.buffer("mmc-b", K * N * 2)
        m.buffer("mmc-c", M * N * 2)
        m.write("mmc-a", tt.tilize(a))
        m.write("mmc-b", tt.tilize(b))
        print(f"matmul-multicore: {M} x {K} x {N} bfloat16 over {len(CORES)} cores, "
              f"{PER_CORE} output tiles each")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        t0 = time.monotonic()
        m.run()
        wall = time.monotonic() - t0
        status = m.show_status()
        raw = m.read_bf16("mmc-c", M * N)

    golden = tt.bf16_to_f32(a) @ tt.bf16_to_f32(b)
    # Tile by tile, in the device's order: tiles[t] is output tile t.
    got_tiles = tt.bf16_to_f32(raw).reshape(-1, 32 * 32)
    want_tiles = tt.tilize(golden).reshape(-1, 32 * 32)
    fail = False
    for k, (x, y) in enumerate(CORES):
        blk = slice(k * PER_CORE, (k + 1) * PER_CORE)
        coeff = tt.pcc(want_tiles[blk], got_tiles[blk])
        ok = coeff > PCC_MIN
        fail |= not ok
        print(f"  core {x},{y}: tiles {blk.start}..{blk.stop - 1} PCC {coeff:.6f}"
              f"{'' if ok else ' WRONG'}")
    c = tt.bf16_to_f32(tt.untilize(raw, M, N))
    coeff = tt.pcc(golden, c)
    print(f"PCC {coeff:.6f} (need > {PCC_MIN}), max |C - A.B| = "
          f"{np.nanmax(np.abs(golden - c)):.4g}, run {wall:.2f} s "
          f"(status run_ms {tt.status_field(status, 'run_ms')})")
    if fail or not coeff > PCC_MIN:
        print(f"FAIL: the product differs from A.B (PCC {coeff:.6f})")
        return 1
    print(f"PASS: {M}x{K}x{N} matmul on {len(CORES)} cores, PCC {coeff:.6f} > {PCC_MIN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
