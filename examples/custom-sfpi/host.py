#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""custom-sfpi, host side: 64 bfloat16 tiles each of a and b in [-1, 1);
the device computes smoothstep(a + b) between edges -1 and 1 with two
custom SFPU functions. Every element must be within 2e-2 of the exact
smoothstep(a + b): the SFPU stores a + b truncated to bfloat16 (|a + b| < 2,
so off by less than 2^-6, and smoothstep's slope is at most 0.75 here), then
the result truncated again (less than 2^-8). Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

N_TILES = 64               # must match args: [reader], [compute], [writer]
EDGE0, EDGE1 = -1.0, 1.0   # must match args: [compute] words 1 and 2
TOL = 2e-2


def smoothstep(x):
    t = np.clip((x - EDGE0) / (EDGE1 - EDGE0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def main():
    opt = tt.parser("custom-sfpi").parse_args()

    n = N_TILES * tt.TILE * tt.TILE
    rng = np.random.default_rng(opt.seed)
    a = tt.f32_to_bf16(rng.uniform(-1, 1, n).astype(np.float32))
    b = tt.f32_to_bf16(rng.uniform(-1, 1, n).astype(np.float32))

    with tt.Mount(opt.mountpoint, "custom-sfpi", HERE) as m:
        for name in ("cs-a", "cs-b", "cs-out"):
            m.buffer(name, n * 2)
        m.write("cs-a", a)
        m.write("cs-b", b)
        print(f"custom-sfpi: smoothstep(a + b) of {N_TILES} tiles of bfloat16 in custom SFPI, "
              f"cs-a at {m.address('cs-a')} + cs-b at {m.address('cs-b')} -> cs-out at "
              f"{m.address('cs-out')}")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        r = tt.bf16_to_f32(m.read_bf16("cs-out", n))

    af, bf = tt.bf16_to_f32(a).astype(np.float64), tt.bf16_to_f32(b).astype(np.float64)
    want = smoothstep(af + bf)
    if tt.check_within(want, r, TOL, "smoothstep(a + b)",
                       lambda i: f"smoothstep({af[i]:.6g} + {bf[i]:.6g}) = {want[i]:.6g}"):
        return 1
    print(f"PASS: smoothstep(a + b) for {n} elements ({N_TILES} tiles) within {TOL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
