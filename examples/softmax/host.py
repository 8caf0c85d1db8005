#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""softmax, host side: x, 64 x 128 bfloat16 uniform in [-2, 2), tilized
into sm-in; softmax along each row on the device (reduce MAX, exp(x - max)
with the max broadcast, reduce SUM, recip, multiply with it broadcast);
every element must be within 3e-3 of softmax(x) computed in float64, and
every row must sum to 1 within 2e-2. Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

H, W = 64, 128        # must match args: 2 tile rows of 4 tiles
TOL = 3e-3
SUM_TOL = 2e-2


def main():
    opt = tt.parser("softmax").parse_args()

    rng = np.random.default_rng(opt.seed)
    x = tt.f32_to_bf16(rng.uniform(-2, 2, (H, W)).astype(np.float32))
    ones = tt.f32_to_bf16(np.ones((tt.TILE, tt.TILE), dtype=np.float32))

    with tt.Mount(opt.mountpoint, "softmax", HERE) as m:
        m.buffer("sm-in", H * W * 2)
        m.buffer("sm-ones", tt.TILE_BYTES_BF16)
        m.buffer("sm-out", H * W * 2)
        m.write("sm-in", tt.tilize(x))
        m.write("sm-ones", tt.tilize(ones))
        print(f"softmax: rows of a {H} x {W} bfloat16 matrix, sm-in at {m.address('sm-in')} "
              f"-> sm-out at {m.address('sm-out')}")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        raw = m.read_bf16("sm-out", H * W)
        r = tt.bf16_to_f32(tt.untilize(raw, H, W))

    xf = tt.bf16_to_f32(x).astype(np.float64)
    e = np.exp(xf - xf.max(axis=1, keepdims=True))
    want = e / e.sum(axis=1, keepdims=True)
    sums = r.astype(np.float64).sum(axis=1)
    print(f"row sums of r: {sums.min():.4f} .. {sums.max():.4f}")
    if tt.check_within(want.reshape(-1), r.reshape(-1), TOL, "softmax(x)",
                       lambda i: f"row {i // W} column {i % W}: softmax = {want.flat[i]:.6g}"):
        return 1
    if np.any(np.abs(sums - 1) > SUM_TOL):
        print(f"FAIL: a row sums to {sums[np.argmax(np.abs(sums - 1))]:.6g}, not 1 within {SUM_TOL}")
        return 1
    print(f"PASS: softmax of {H} rows of {W} within {TOL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
