#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Everything at once on a mounted ttfs, then every byte checked.

For SECONDS (argv[2]): 4 writers and 4 readers on cores/X,Y/l1 and on one
buffer's data, a thread that creates, sizes, fills, checks and removes
buffers, and a thread that resets the chip, while another stats buffer
files and reads device/info.json and the cores' status. Each writer owns
disjoint regions (one per core in L1, one in the buffer) and fills a whole
region with one pattern per write: 8-byte words (writer, sequence). A
reader checks that every word of a region it reads belongs to the
region's writer (a reader may see a region half-written, but never
another writer's words). At the end each region must hold the last
pattern its writer wrote. The L1 regions lie above the firmware, its
mailboxes and the CB space a reset touches (docs/tree.md), so resets
leave them alone. A further buffer, never written, keeps changing shape
while its data is read through an open fd.

Usage: stress.py MOUNTPOINT SECONDS. Prints a summary; exits 1 on any
mismatch or unexpected error.
"""
import array
import errno
import json
import os
import random
import sys
import threading
import time

MNT = sys.argv[1]
SECONDS = float(sys.argv[2])
WRITERS = 4
READERS = 4
CORES = ["0,0", "6,4", "11,9"]
L1_BASE = 0x100000        # above firmware, mailboxes, kernel config, bank table
REGION = 16384
BUF = "stress"
BUF_PAGE = 1024
BUF_SIZE = WRITERS * REGION

failures = []
counts = {"writes": 0, "reads": 0, "resets": 0, "buffers": 0, "stats": 0}
lock = threading.Lock()
stop = threading.Event()


def fail(msg):
    with lock:
        failures.append(msg)
    stop.set()


def bump(key, n=1):
    with lock:
        counts[key] += n


def pattern(writer, seq):
    words = array.array("I", [writer + 1, seq] * (REGION // 8))
    return words.tobytes()


def regions(writer):
    """(path, offset) of every region writer owns."""
    out = [(os.path.join(MNT, "cores", c, "l1"), L1_BASE + writer * REGION) for c in CORES]
    out.append((os.path.join(MNT, "dram/buffers", BUF, "data"), writer * REGION))
    return out


last = {}   # (path, offset) -> last sequence written


def writer(w):
    fds = {}
    seq = 0
    try:
        while not stop.is_set():
            seq += 1
            for path, off in regions(w):
                fd = fds.get(path) or fds.setdefault(path, os.open(path, os.O_WRONLY))
                data = pattern(w, seq)
                n = os.pwrite(fd, data, off)
                if n != len(data):
                    fail("%s@%#x: short write %d" % (path, off, n))
                    return
                last[(path, off)] = seq
                bump("writes")
    except OSError as e:
        fail("writer %d: %s" % (w, e))
    finally:
        for fd in fds.values():
            os.close(fd)


def check_region(path, off, data, want_seq=None):
    words = array.array("I")
    words.frombytes(data)
    owner = off // REGION % WRITERS + 1 if "buffers" in path else (off - L1_BASE) // REGION + 1
    ids = set(words[0::2])
    if ids != {owner}:
        return "%s@%#x: words of writers %s, not only %d" % (path, off, sorted(ids)[:4], owner)
    if want_seq is not None and set(words[1::2]) != {want_seq}:
        return "%s@%#x: sequences %s, want %d" % (path, off, sorted(set(words[1::2]))[:4], want_seq)
    return None


def reader(r):
    rng = random.Random(r)
    fds = {}
    try:
        while not stop.is_set():
            w = rng.randrange(WRITERS)
            path, off = rng.choice(regions(w))
            if (path, off) not in last:
                continue
            fd = fds.get(path) or fds.setdefault(path, os.open(path, os.O_RDONLY))
            data = os.pread(fd, REGION, off)
            if len(data) != REGION:
                fail("%s@%#x: short read %d" % (path, off, len(data)))
                return
            msg = check_region(path, off, data)
            if msg:
                fail("reader %d: %s" % (r, msg))
                return
            bump("reads")
    except OSError as e:
        fail("reader %d: %s" % (r, e))
    finally:
        for fd in fds.values():
            os.close(fd)


def write_text(path, text):
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def churn():
    """Buffers come and go: create, size, fill, check, remove."""
    rng = random.Random(99)
    n = 0
    try:
        while not stop.is_set():
            n += 1
            d = os.path.join(MNT, "dram/buffers", "churn%d" % (n % 3))
            os.mkdir(d)
            size = rng.choice([4096, 65536, 300000])
            write_text(os.path.join(d, "page_size"), "%d\n" % rng.choice([32, 2048, 65536]))
            write_text(os.path.join(d, "size"), "%d\n" % size)
            data = os.urandom(size)
            fd = os.open(os.path.join(d, "data"), os.O_RDWR)
            os.pwrite(fd, data, 0)
            back = os.pread(fd, size, 0)
            os.close(fd)
            if back != data:
                fail("%s: read back differs" % d)
                return
            os.rmdir(d)
            bump("buffers")
    except OSError as e:
        fail("churn: %s" % e)


SHAPE = "shape"


def reshaper():
    """A buffer never written keeps changing shape through open fds..."""
    d = os.path.join(MNT, "dram/buffers", SHAPE)
    size = os.open(os.path.join(d, "size"), os.O_WRONLY)
    page = os.open(os.path.join(d, "page_size"), os.O_WRONLY)
    n = 0
    try:
        while not stop.is_set():
            n += 1
            os.pwrite(page, b"%d\n" % (1024 << (n % 3)), 0)
            os.pwrite(size, b"%d\n" % (4096 << (n % 4)), 0)
    except OSError as e:
        fail("reshaper: %s" % e)
    finally:
        os.close(size)
        os.close(page)


def shape_reader():
    """...while its data is read through an open fd: size checks race resizes."""
    fd = os.open(os.path.join(MNT, "dram/buffers", SHAPE, "data"), os.O_RDONLY)
    try:
        while not stop.is_set():
            try:
                os.pread(fd, 8192, 4096)
            except OSError as e:
                if e.errno != errno.ENXIO:   # past the end of a shrunk buffer
                    raise
    except OSError as e:
        fail("shape reader: %s" % e)
    finally:
        os.close(fd)


def resetter():
    try:
        while not stop.is_set():
            write_text(os.path.join(MNT, "device/reset"), "1\n")
            bump("resets")
            stop.wait(0.2)
    except OSError as e:
        fail("reset: %s" % e)


def watcher():
    """Status readers: buffer files' stat, info.json, a core's status."""
    rng = random.Random(7)
    try:
        while not stop.is_set():
            for i in range(3):
                for f in ("size", "page_size", "address", "data"):
                    try:
                        os.stat(os.path.join(MNT, "dram/buffers", "churn%d" % i, f))
                    except FileNotFoundError:
                        pass
            with open(os.path.join(MNT, "device/info.json")) as f:
                json.load(f)
            with open(os.path.join(MNT, "cores", rng.choice(CORES), "status")) as f:
                f.read()
            bump("stats")
    except (OSError, ValueError) as e:
        fail("watcher: %s" % e)


def main():
    d = os.path.join(MNT, "dram/buffers", BUF)
    os.mkdir(d)
    write_text(os.path.join(d, "page_size"), "%d\n" % BUF_PAGE)
    write_text(os.path.join(d, "size"), "%d\n" % BUF_SIZE)
    threads = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
    threads += [threading.Thread(target=reader, args=(r,)) for r in range(READERS)]
    d2 = os.path.join(MNT, "dram/buffers", SHAPE)
    os.mkdir(d2)
    write_text(os.path.join(d2, "size"), "4096\n")
    threads += [threading.Thread(target=f)
                for f in (churn, resetter, watcher, reshaper, shape_reader)]
    for t in threads:
        t.start()
    stop.wait(SECONDS)
    stop.set()
    for t in threads:
        t.join()
    # Every region holds the last pattern its writer wrote.
    checked = 0
    for w in range(WRITERS):
        for path, off in regions(w):
            if (path, off) not in last:
                failures.append("%s@%#x: never written" % (path, off))
                continue
            fd = os.open(path, os.O_RDONLY)
            data = os.pread(fd, REGION, off)
            os.close(fd)
            msg = check_region(path, off, data, last[(path, off)])
            if msg:
                failures.append("final: " + msg)
            checked += len(data)
    os.rmdir(d)
    os.rmdir(d2)
    print("stress: %.0f s: %s; %d bytes checked" %
          (SECONDS, " ".join("%s %d" % kv for kv in counts.items()), checked))
    for f in failures:
        print("stress: FAIL", f)
    return 1 if failures or counts["resets"] == 0 or counts["buffers"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
