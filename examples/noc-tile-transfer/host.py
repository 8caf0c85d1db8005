#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""noc-tile-transfer, host side: one tile of 1024 random uint16 values in
DRAM buffer ntt-src; the program moves it DRAM -> core 0,0 -> NOC ->
core 0,1 -> DRAM buffer ntt-dst, and every value must come back unchanged
(a copy, so bit-exact). Each step of tt-metal's host program is named
where it happens (docs/porting.md, "A worked example"). Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

TILE_BYTES = 2 * tt.TILE * tt.TILE   # sizeof(uint16_t) * TILE_HW
KERNELS = ["reader0.cpp", "writer0.cpp", "reader1.cpp", "writer1.cpp"]
CORES = ("0,0", "0,1")


# worker_core_from_logical_core: the NOC coordinates args gives each core.
NOC_XY = {"0,0": "1-2", "0,1": "1-3"}


def noc_of(mnt, core):
    """The NOC 0 coordinates of a logical core: the first line of its
    status, `core 0,1 noc0 1-3`."""
    with open(os.path.join(mnt, "cores", core, "status")) as f:
        return f.readline().split()[3]


def dprint(mnt, core):
    with open(os.path.join(mnt, "cores", core, "dprint")) as f:
        return f.read()


def main():
    opt = tt.parser("noc-tile-transfer").parse_args()

    for core, xy in NOC_XY.items():
        if noc_of(opt.mountpoint, core) != xy:
            print(f"FAIL: core {core} is at NOC {noc_of(opt.mountpoint, core)}, args says {xy}")
            return 1
    src = np.random.default_rng(opt.seed).integers(0, 1 << 16, TILE_BYTES // 2, dtype="<u2")

    with tt.Mount(opt.mountpoint, "noc-tile-transfer", HERE) as m:
        # CreateBuffer(InterleavedBufferConfig{size, page_size, DRAM}) twice.
        m.buffer("ntt-src", TILE_BYTES, page_size=TILE_BYTES)
        m.buffer("ntt-dst", TILE_BYTES, page_size=TILE_BYTES)
        # EnqueueWriteBuffer(cq, src_dram_buffer, ...).
        m.write("ntt-src", src)
        print(f"noc-tile-transfer: 1 tile of uint16, ntt-src at {m.address('ntt-src')}"
              f" -> core 0,0 -> core 0,1 -> ntt-dst at {m.address('ntt-dst')}")
        # CreateProgram, CreateSemaphore, CreateCircularBuffer, CreateKernel,
        # SetRuntimeArgs: the program directory, its sources and args.
        m.program(KERNELS + ["args"])
        # EnqueueProgram(cq, program, false); Finish(cq).
        m.run()
        m.show_status()
        for core in CORES:
            for line in dprint(opt.mountpoint, core).splitlines():
                print(f"  dprint {core}: {line}")
        # EnqueueReadBuffer(cq, dst_dram_buffer, result_vec, true).
        got = np.frombuffer(m.read("ntt-dst", TILE_BYTES), dtype="<u2")

    bad = np.flatnonzero(got != src)
    if bad.size:
        i = int(bad[0])
        print(f"FAIL: {bad.size} of {src.size} values differ; first at {i}: "
              f"sent {int(src[i])}, got {int(got[i])}")
        return 1
    print(f"PASS: {src.size} uint16 values ({TILE_BYTES} bytes) sent from core 0,0 to core 0,1"
          " over the NOC, bit-exact")
    return 0


if __name__ == "__main__":
    sys.exit(main())
