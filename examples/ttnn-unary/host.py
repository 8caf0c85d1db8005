#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""ttnn-unary, host side: 32 bfloat16 tiles of x in [-3, 3), through the
kernels ttnn's unary program factory runs, with its SFPU_OP_CHAIN_0
defines for gelu then + 1 (see args); every element must be within 4e-2
of gelu(x) + 1 computed in float64 (two bfloat16 truncations of results
below 4, each under 2^-6, and the PCC ttnn's tests ask, 0.999). Usage:
see run."""
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

N_TILES = 32          # must match args: [reader], [compute], [writer]
TOL = 4e-2


def main():
    opt = tt.parser("ttnn-unary").parse_args()

    n = N_TILES * tt.TILE * tt.TILE
    rng = np.random.default_rng(opt.seed)
    x = tt.f32_to_bf16(rng.uniform(-3, 3, n).astype(np.float32))

    with tt.Mount(opt.mountpoint, "ttnn-unary", HERE) as m:
        m.buffer("tu-in", n * 2)
        m.buffer("tu-out", n * 2)
        m.write("tu-in", x)
        print(f"ttnn-unary: gelu(x) + 1 of {N_TILES} tiles of bfloat16 by SFPU_OP_CHAIN_0, "
              f"tu-in at {m.address('tu-in')} -> tu-out at {m.address('tu-out')}")
        m.program(["reader.cpp", "eltwise_sfpu.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        r = tt.bf16_to_f32(m.read_bf16("tu-out", n))

    xf = tt.bf16_to_f32(x).astype(np.float64)
    erf = np.vectorize(math.erf)
    want = 0.5 * xf * (1 + erf(xf / math.sqrt(2))) + 1
    if tt.check_within(want, r, TOL, "gelu(x) + 1",
                       lambda i: f"gelu({xf[i]:.6g}) + 1 = {want[i]:.6g}"):
        return 1
    if tt.pcc(want, r) < 0.999:
        print(f"FAIL: PCC {tt.pcc(want, r):.6f} below 0.999")
        return 1
    print(f"PASS: gelu(x) + 1 of {n} elements ({N_TILES} tiles) within {TOL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
