#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""add1-sfpi, host side: 64 bfloat16 tiles of x in [0, 1), plus the
scalar 1.0 in raw SFPI on the device; every element must be within 1e-2
of x + 1 (exact in float32; in [1, 2) a bfloat16 step is 2^-7 = 0.0078,
so this allows the SFPU store's truncation or the packer's rounding, and
nothing more). Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

N_TILES = 64          # must match args: [reader], [compute], [writer]
SCALAR = 1.0          # must match args: [compute] args word 1
TOL = 1e-2


def main():
    opt = tt.parser("add1-sfpi").parse_args()

    n = N_TILES * tt.TILE * tt.TILE
    rng = np.random.default_rng(opt.seed)
    x = tt.f32_to_bf16(rng.uniform(0, 1, n).astype(np.float32))

    with tt.Mount(opt.mountpoint, "add1-sfpi", HERE) as m:
        m.buffer("a1-in", n * 2)
        m.buffer("a1-out", n * 2)
        m.write("a1-in", x)
        print(f"add1-sfpi: {N_TILES} tiles of bfloat16 + {SCALAR} in raw SFPI, a1-in at "
              f"{m.address('a1-in')} -> a1-out at {m.address('a1-out')}")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        r = tt.bf16_to_f32(m.read_bf16("a1-out", n))

    xf = tt.bf16_to_f32(x)
    want = xf + np.float32(SCALAR)
    if tt.check_within(want, r, TOL, f"x + {SCALAR}",
                       lambda i: f"{xf[i]:.6g} + {SCALAR} = {want[i]:.6g}"):
        return 1
    print(f"PASS: x + {SCALAR} for {n} elements ({N_TILES} tiles) within {TOL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
