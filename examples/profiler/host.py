#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""profiler, host side: eltwise-sfpu's pipeline over 8 bfloat16 tiles
(exp within 5e-2 of bfloat16(exp(x))) whose three kernels record device
profiler zones; then programs/profiler/profile, read as tt-metal's
profile_log_device.csv, must show on each RISC its kernel's zone with one
zone per tile nested inside, every zone ending after it starts (in the
core's clock and the RISC's instruction count), the reader's data and the
writer's event, with tt-metal's timer ids. Usage: see run."""
import csv
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import ttexample as tt  # noqa: E402

N_TILES = 8           # must match args: [reader], [compute], [writer]
TOL = 5e-2
# RISC -> (its kernel's zone, the per-tile zone inside it)
ZONES = {
    "NCRISC": ("reader", "read-tile"),
    "BRISC": ("writer", "write-tile"),
    "TRISC_0": ("compute", "exp-tile"),
    "TRISC_1": ("compute", "exp-tile"),
    "TRISC_2": ("compute", "exp-tile"),
}
CSV_HEADER = ("PCIe slot, core_x, core_y, RISC processor type, timer_id, "
              "time[cycles since reset], data, run host ID, trace id, trace id counter, "
              "zone name, type, source line, source file, meta data")


def timer_id(name, file, line):
    """tt-metal's: FNV-1a of "NAME,FILE,LINE,KERNEL_PROFILER", halves xor'ed."""
    h = 2166136261
    for b in f"{name},{file},{line},KERNEL_PROFILER".encode():
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return (h & 0xFFFF) ^ (h >> 16)


def read_profile(path):
    """The rows of a profile as dicts, checking its two header lines."""
    with open(path) as f:
        lines = f.read().splitlines()
    if len(lines) < 2 or not lines[0].startswith("ARCH: blackhole, CHIP_FREQ[MHz]: ") \
            or lines[1] != CSV_HEADER:
        raise ValueError("not a device profiler log: " + repr(lines[:2]))
    keys = [k.strip() for k in lines[1].split(",")]
    rows = [dict(zip(keys, r)) for r in csv.reader(l for l in lines[2:] if not l.startswith("#"))]
    for r in rows:
        r["time"] = int(r["time[cycles since reset]"])
        r["instret"] = json.loads(r["meta data"])["instret"]
    return rows


def zones(rows):
    """Each zone of one RISC's rows as (name, start row, end row, depth),
    matching ends to starts as a stack: nesting is checked on the way."""
    stack, out = [], []
    for r in rows:
        if r["type"] == "ZONE_START":
            stack.append(r)
        elif r["type"] == "ZONE_END":
            if not stack or stack[-1]["zone name"] != r["zone name"]:
                raise ValueError(f"{r['RISC processor type']}: end of {r['zone name']} "
                                 f"does not close the innermost open zone")
            start = stack.pop()
            out.append((r["zone name"], start, r, len(stack)))
    if stack:
        raise ValueError(f"zone {stack[-1]['zone name']} never ends")
    return out


def check_profile(rows):
    """Failures of the profile against what the kernels record, or []."""
    bad = []
    if len({r["run host ID"] for r in rows}) != 1:
        bad.append("rows of more than one run")
    for risc, (outer, inner) in ZONES.items():
        mine = [r for r in rows if r["RISC processor type"] == risc]
        try:
            zs = zones(mine)
        except ValueError as e:
            bad.append(str(e))
            continue
        for name, s, e, _ in zs:
            if not (s["time"] < e["time"] and s["instret"] < e["instret"]):
                bad.append(f"{risc} {name}: ends at {e['time']} ({e['instret']} instructions), "
                           f"not after its start {s['time']} ({s['instret']})")
            if int(s["timer_id"]) != timer_id(name, s["source file"], s["source line"]):
                bad.append(f"{risc} {name}: timer id {s['timer_id']} is not tt-metal's hash")
        outers = [z for z in zs if z[0] == outer and z[3] == 0]
        inners = [z for z in zs if z[0] == inner and z[3] == 1]
        if len(outers) != 1 or len(inners) != N_TILES or len(zs) != N_TILES + 1:
            bad.append(f"{risc}: {len(outers)} {outer} zone(s) and {len(inners)} {inner} zones "
                       f"inside, of {len(zs)}; want 1 and {N_TILES}")
            continue
        o = outers[0]
        if not all(o[1]["time"] < z[1]["time"] and z[2]["time"] < o[2]["time"] for z in inners):
            bad.append(f"{risc}: a {inner} zone is not inside {outer} in time")
        print(f"{risc:8} {outer}: {o[2]['time'] - o[1]['time']} clock, "
              f"{o[2]['instret'] - o[1]['instret']} instructions; "
              f"{N_TILES} {inner} zones inside")
    data = [r for r in rows if r["type"] == "TS_DATA"]
    if [(d["RISC processor type"], d["zone name"], d["data"]) for d in data] != \
            [("NCRISC", "reader-tiles", str(N_TILES))]:
        bad.append(f"TS_DATA rows: {[(d['zone name'], d['data']) for d in data]}; "
                   f"want reader-tiles = {N_TILES} on NCRISC")
    events = [r for r in rows if r["type"] == "TS_EVENT"]
    if [(e["RISC processor type"], e["timer_id"]) for e in events] != [("BRISC", "7")]:
        bad.append(f"TS_EVENT rows: {[(e['RISC processor type'], e['timer_id']) for e in events]}"
                   f"; want event 7 on BRISC")
    return bad


def main():
    opt = tt.parser("profiler").parse_args()

    n = N_TILES * tt.TILE * tt.TILE
    rng = np.random.default_rng(opt.seed)
    x = tt.f32_to_bf16(rng.uniform(0, 1, n).astype(np.float32))

    with tt.Mount(opt.mountpoint, "profiler", HERE) as m:
        m.buffer("pf-in", n * 2)
        m.buffer("pf-out", n * 2)
        m.write("pf-in", x)
        print(f"profiler: exp of {N_TILES} tiles of bfloat16, profiled, pf-in at "
              f"{m.address('pf-in')} -> pf-out at {m.address('pf-out')}")
        m.program(["reader.cpp", "compute.cpp", "writer.cpp", "args"])
        m.run()
        m.show_status()
        r = tt.bf16_to_f32(m.read_bf16("pf-out", n))
        rows = read_profile(os.path.join(m.prog, "profile"))

    xf = tt.bf16_to_f32(x)
    want = tt.round_bf16(np.exp(xf.astype(np.float64)).astype(np.float32))
    if tt.check_within(want, r, TOL, "bf16(exp(x))",
                       lambda i: f"exp({xf[i]:.6g}) = {want[i]:.6g}"):
        return 1
    bad = check_profile(rows)
    for b in bad:
        print("FAIL: profile: " + b)
    if bad:
        return 1
    print(f"PASS: exp of {n} elements within {TOL}; profile: {len(rows)} records, "
          f"every zone nested and ending after it starts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
