#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""multicast, host side: 16 pages of 256 random uint32 words in mc-in; the
sender on core 0,0 multicasts each page to the receivers on 1-3,0, which
write page * 3, * 5 and * 7 (mod 2^32) to their third of mc-out. The
check is exact: numpy computes the same products. Usage: see run."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

# Must match args: pages, page_bytes, each receiver's slot and scale.
PAGES = 16
PAGE_BYTES = 1024
RECEIVERS = {"1,0": (0, 3), "2,0": (1, 5), "3,0": (2, 7)}


def noc0(mnt, core):
    """NOC 0 coordinates of a logical core, from the first line of its
    status ("core 1,0 noc0 2-2")."""
    with open(os.path.join(mnt, "cores", core, "status")) as f:
        x, y = f.readline().split()[3].split("-")
    return int(x), int(y)


def main():
    opt = tt.parser("multicast").parse_args()

    # args names the cores by NOC 0 coordinates: check they are this chip's.
    want = {"0,0": (1, 2), "1,0": (2, 2), "3,0": (4, 2)}
    for core, xy in want.items():
        if noc0(opt.mountpoint, core) != xy:
            print(f"multicast: core {core} is NOC 0 {noc0(opt.mountpoint, core)} here, "
                  f"args assumes {xy}", file=sys.stderr)
            return 2

    words = PAGES * PAGE_BYTES // 4
    data = np.random.default_rng(opt.seed).integers(0, 2**32, words, dtype=np.uint32)
    with tt.Mount(opt.mountpoint, "multicast", HERE) as m:
        m.buffer("mc-in", words * 4, PAGE_BYTES)
        m.buffer("mc-out", len(RECEIVERS) * words * 4, PAGE_BYTES)
        m.write("mc-in", data)
        m.write("mc-out", np.zeros(len(RECEIVERS) * words, dtype=np.uint32))
        print(f"multicast: {PAGES} pages of {PAGE_BYTES} bytes from core 0,0 to "
              f"{len(RECEIVERS)} receivers on 1-3,0")
        m.program(["sender.cpp", "receiver.cpp", "args"])
        m.run()
        m.show_status()
        out = np.frombuffer(m.read("mc-out", len(RECEIVERS) * words * 4), dtype="<u4")

    fail = 0
    for core, (slot, scale) in RECEIVERS.items():
        got = out[slot * words:(slot + 1) * words]
        want = data * np.uint32(scale)            # wraps mod 2^32, as the RISC's multiply
        bad = np.flatnonzero(got != want)
        if bad.size:
            i = int(bad[0])
            print(f"  core {core} (x{scale}): {bad.size} of {words} words differ; first word {i} "
                  f"(page {i * 4 // PAGE_BYTES}): {got[i]:#010x}, want {want[i]:#010x}")
            fail = 1
        else:
            print(f"  core {core}: {PAGES} pages times {scale} match")
    if fail:
        print("FAIL: a receiver's pages differ")
        return 1
    print(f"PASS: {PAGES} pages multicast to {len(RECEIVERS)} cores, each scaled as its args say")
    return 0


if __name__ == "__main__":
    sys.exit(main())
