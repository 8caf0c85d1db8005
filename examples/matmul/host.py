#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""matmul, host side: A (640 x 640) and B (640 x 640), uniform in [-1, 1)
and rounded to bfloat16, are tilized on the host and multiplied on one
core; C is untilized and compared with the float32 matmul of the same
bfloat16 inputs. Pass: Pearson correlation (PCC) above 0.97, tt-metal's
criterion for matmul_single_core. --tile-tool PATH tilizes and untilizes
with the ttfs-tile CLI instead of numpy. Usage: see run."""
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

M = K = N = 640       # must match args: 20 x 20 tiles each way
PCC_MIN = 0.97


def main():
    p = tt.parser("matmul")
    p.add_argument("--tile-tool", metavar="PATH",
                   help="tilize/untilize with this ttfs-tile binary, not numpy")
    opt = p.parse_args()

    rng = np.random.default_rng(opt.seed)
    a = tt.f32_to_bf16(rng.uniform(-1, 1, (M, K)).astype(np.float32))
    b = tt.f32_to_bf16(rng.uniform(-1, 1, (K, N)).astype(np.float32))
    if opt.tile_tool:
        a_t = tt.tile_tool(opt.tile_tool, "tilize", M, K, a)
        b_t = tt.tile_tool(opt.tile_tool, "tilize", K, N, b)
        if not (np.array_equal(a_t, tt.tilize(a)) and np.array_equal(b_t, tt.tilize(b))):
            print("FAIL: ttfs-tile and numpy tilize differently")
            return 1
        how = "ttfs-tile"
    else:
        a_t, b_t = tt.tilize(a), tt.tilize(b)
        how = "numpy"

    with tt.Mount(opt.mountpoint, "matmul", HERE) as m:
        m.buffer("mm-a", M * K * 2)
        m.buffer("mm-b", K * N * 2)
        m.buffer("mm-c", M * N * 2)
        m.write("mm-a", a_t)
        m.write("mm-b", b_t)
        print(f"matmul: {M} x {K} x {N} bfloat16 on core 0,0, tilized by {how}: "
              f"{M // 32 * N // 32} output tiles of {K // 32} tile products each")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        t0 = time.monotonic()
        m.run()
        wall = time.monotonic() - t0
        status = m.show_status()
        raw = m.read_bf16("mm-c", M * N)

    if opt.tile_tool:
        c_bits = tt.tile_tool(opt.tile_tool, "untilize", M, N, raw).reshape(M, N)
    else:
        c_bits = tt.untilize(raw, M, N)
    c = tt.bf16_to_f32(c_bits)
    golden = tt.bf16_to_f32(a) @ tt.bf16_to_f32(b)
    coeff = tt.pcc(golden, c)
    err = np.abs(golden - c)
    print(f"PCC {coeff:.6f} (need > {PCC_MIN}), max |C - A.B| = {np.nanmax(err):.4g} "
          f"(|A.B| up to {np.abs(golden).max():.4g}), run {wall:.2f} s "
          f"(status run_ms {tt.status_field(status, 'run_ms')})")
    if not coeff > PCC_MIN:
        i = int(np.nanargmax(np.where(np.isnan(err), np.inf, err)))
        print(f"FAIL: PCC {coeff:.6f} is not above {PCC_MIN}; worst at C({i // N}, {i % N}) "
              f"(tile {i // N // 32 * (N // 32) + i % N // 32}): want {golden.flat[i]:.6g}, "
              f"got {c.flat[i]:.6g}")
        return 1
    print(f"PASS: {M}x{K}x{N} matmul, PCC {coeff:.6f} > {PCC_MIN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
