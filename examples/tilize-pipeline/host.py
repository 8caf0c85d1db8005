#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tilize-pipeline, host side: x, a 64 x 96 bfloat16 matrix uniform in
[-8, 8), written row-major (not tilized) to tp-in; the device tilizes it,
squares each tile and untilizes the result; tp-out, read back row-major,
must equal bfloat16(x * x) (nearest even) bit for bit: the square of a
bfloat16 is exact in fp32 and rounds once in DST. Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

H, W = 64, 96         # must match args: 2 tile rows of 3 tiles, 6 pages


def main():
    opt = tt.parser("tilize-pipeline").parse_args()

    rng = np.random.default_rng(opt.seed)
    x = tt.f32_to_bf16(rng.uniform(-8, 8, (H, W)).astype(np.float32))

    with tt.Mount(opt.mountpoint, "tilize-pipeline", HERE) as m:
        m.buffer("tp-in", H * W * 2)
        m.buffer("tp-out", H * W * 2)
        m.write("tp-in", x)
        print(f"tilize-pipeline: x * x of a row-major {H} x {W} bfloat16 matrix, tp-in at "
              f"{m.address('tp-in')} -> tp-out at {m.address('tp-out')}")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        r = m.read_bf16("tp-out", H * W).reshape(H, W)

    xf = tt.bf16_to_f32(x)
    want = tt.f32_to_bf16(xf * xf)
    bad = r != want
    if bad.any():
        i, j = np.argwhere(bad)[0]
        w, g = tt.bf16_to_f32(want[i:i + 1, j]), tt.bf16_to_f32(r[i:i + 1, j])
        print(f"FAIL: {int(bad.sum())} of {want.size} elements differ; first at row {i} "
              f"column {j}: {xf[i, j]:.6g} squared = {w[0]:.6g}, got {g[0]:.6g}")
        return 1
    print(f"PASS: {want.size} elements of x * x, row-major in and out, bit exact")
    return 0


if __name__ == "__main__":
    sys.exit(main())
