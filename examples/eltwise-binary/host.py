#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""eltwise-binary, host side: two bfloat16 tensors of 64 tiles, a in
[0, 1) and b in [-1, 0), added on the device; every element of the result
must be within 1e-2 of a + b computed in float32 (the sum of two bfloat16
values in that range is below 1 in magnitude, where a bfloat16 step is at
most 2^-8, so the tolerance allows any correct rounding and nothing more
than a step or two). Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

N_TILES = 64          # must match args: [reader], [compute], [writer]
TOL = 1e-2


def main():
    opt = tt.parser("eltwise-binary").parse_args()

    n = N_TILES * tt.TILE * tt.TILE
    rng = np.random.default_rng(opt.seed)
    a = tt.f32_to_bf16(rng.uniform(0, 1, n).astype(np.float32))
    b = tt.f32_to_bf16(rng.uniform(-1, 0, n).astype(np.float32))

    with tt.Mount(opt.mountpoint, "eltwise-binary", HERE) as m:
        for name in ("eb-a", "eb-b", "eb-c"):
            m.buffer(name, n * 2)
        m.write("eb-a", a)
        m.write("eb-b", b)
        print(f"eltwise-binary: {N_TILES} tiles of bfloat16, eb-a at {m.address('eb-a')}"
              f" + eb-b at {m.address('eb-b')} -> eb-c at {m.address('eb-c')}")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        r = tt.bf16_to_f32(m.read_bf16("eb-c", n))

    af, bf = tt.bf16_to_f32(a), tt.bf16_to_f32(b)
    want = af + bf
    if tt.check_within(want, r, TOL, "a + b",
                       lambda i: f"a {af[i]:.6g} + b {bf[i]:.6g} = {want[i]:.6g}"):
        return 1
    print(f"PASS: {n} elements ({N_TILES} tiles) of a + b within {TOL}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
