#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""sharded-add, host side: a and b, 4 x 6 bfloat16 tiles each, written in
host order to L1 buffers block-sharded 2 x 2 tiles per core over the six
cores 0-2,0-1; the program adds each core's shards in its own L1 (its CBs
are the shards) into a third sharded buffer, read back in host order.
Every element must be within 1e-2 of a + b in float32 (a in [0, 1), b in
[-1, 0): a bfloat16 step is at most 2^-8 there). Then each core's shard of
the result is read from cores/X,Y/l1 at the buffer's address and must be
the tiles tt-metal's ShardSpecBuffer puts there (docs/sharding.md).
Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

ROWS, COLS = 4, 6             # tiles of the tensor
SHARD_ROWS, SHARD_COLS = 2, 2  # tiles of a shard: must match args' pages
CORES = "0-2,0-1"             # must match args' [program] cores
TOL = 1e-2


def shard_cores():
    """The shard cores in order: the range row by row (row_major)."""
    return [(x, y) for y in range(2) for x in range(3)]


def shard_tiles(k):
    """Host tile numbers of shard k, in the order they sit in the core's
    L1: the block's rows one after the other."""
    blocks_per_row = COLS // SHARD_COLS
    r, c = divmod(k, blocks_per_row)
    return [(r * SHARD_ROWS + i) * COLS + c * SHARD_COLS + j
            for i in range(SHARD_ROWS) for j in range(SHARD_COLS)]


def main():
    opt = tt.parser("sharded-add").parse_args()

    tile_elems = tt.TILE * tt.TILE
    n = ROWS * COLS * tile_elems
    rng = np.random.default_rng(opt.seed)
    a = tt.f32_to_bf16(rng.uniform(0, 1, n).astype(np.float32))
    b = tt.f32_to_bf16(rng.uniform(-1, 0, n).astype(np.float32))
    shard = {"layout": "block_sharded", "shard_cores": CORES,
             "shard_shape": f"{SHARD_ROWS} {SHARD_COLS}", "tensor_shape": f"{ROWS} {COLS}"}

    with tt.Mount(opt.mountpoint, "sharded-add", HERE) as m:
        for name in ("sa-a", "sa-b", "sa-c"):
            m.buffer(name, n * 2, memory="l1", **shard)
        m.write("sa-a", a)
        m.write("sa-b", b)
        addr = m.address("sa-c")
        print(f"sharded-add: {ROWS}x{COLS} tiles of bfloat16, {SHARD_ROWS}x{SHARD_COLS} per core "
              f"on {CORES}; sa-a at {m.address('sa-a')}, sa-b at {m.address('sa-b')}, "
              f"sa-c at {addr} on every core")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        raw = m.read("sa-c", n * 2)
        on_core = [m.l1(core, int(addr, 16), SHARD_ROWS * SHARD_COLS * tt.TILE_BYTES_BF16)
                   for core in shard_cores()]

    r = tt.bf16_to_f32(np.frombuffer(raw, dtype="<u2"))
    af, bf = tt.bf16_to_f32(a), tt.bf16_to_f32(b)
    want = af + bf
    if tt.check_within(want, r, TOL, "a + b",
                       lambda i: f"a {af[i]:.6g} + b {bf[i]:.6g} = {want[i]:.6g}"):
        return 1
    tile = tt.TILE_BYTES_BF16
    for k, core in enumerate(shard_cores()):
        tiles = shard_tiles(k)
        expect = b"".join(raw[t * tile:(t + 1) * tile] for t in tiles)
        if on_core[k] != expect:
            print(f"FAIL: core {core[0]},{core[1]} does not hold tiles {tiles} of sa-c at {addr}")
            return 1
        print(f"core {core[0]},{core[1]}: tiles {' '.join(map(str, tiles))}")
    print(f"PASS: {n} elements ({ROWS * COLS} tiles) of a + b within {TOL}, "
          f"each core's shard in its own L1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
