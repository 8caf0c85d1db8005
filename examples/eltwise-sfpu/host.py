#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""eltwise-sfpu, host side: 64 bfloat16 tiles of x in [0, 1), exp on the
device's SFPU; every element must be within 5e-2 of bfloat16(exp(x))
computed in float64 (tt-metal's eltwise_sfpu check: exp(x) is below e,
where a bfloat16 step is 2^-6, so this allows the SFPU's approximation
and a rounding or two, not a wrong function). Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

N_TILES = 64          # must match args: [reader], [compute], [writer]
TOL = 5e-2


def main():
    opt = tt.parser("eltwise-sfpu").parse_args()

    n = N_TILES * tt.TILE * tt.TILE
    rng = np.random.default_rng(opt.seed)
    x = tt.f32_to_bf16(rng.uniform(0, 1, n).astype(np.float32))

    with tt.Mount(opt.mountpoint, "eltwise-sfpu", HERE) as m:
        m.buffer("es-in", n * 2)
        m.buffer("es-out", n * 2)
        m.write("es-in", x)
        print(f"eltwise-sfpu: exp of {N_TILES} tiles of bfloat16, es-in at "
              f"{m.address('es-in')} -> es-out at {m.address('es-out')}")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        r = tt.bf16_to_f32(m.read_bf16("es-out", n))

    xf = tt.bf16_to_f32(x)
    want = tt.round_bf16(np.exp(xf.astype(np.float64)).astype(np.float32))
    if tt.check_within(want, r, TOL, "bf16(exp(x))",
                       lambda i: f"exp({xf[i]:.6g}) = {want[i]:.6g}"):
        return 1
    print(f"PASS: exp of {n} elements ({N_TILES} tiles) within {TOL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
