#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Simulated DRAM is sparse: memory never written reads as zeros and costs
# the daemon no RAM, whichever way it is read, while written bytes read
# back exactly, also next to untouched pages in the same request.
# Default banks of 4 GiB.

load helpers

BANK=$((4 * 1024 * 1024 * 1024))
MiB=$((1024 * 1024))

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

teardown() { ttfs_remove_buffers; }

# rss_kib: the daemon's resident set, KiB.
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$(cat "$BATS_FILE_TMPDIR/pid")/status"; }

# read_zeros FILE BYTES: read FILE with dd in 1 MiB requests and check
# that it is BYTES zero bytes.
read_zeros() {
	dd if="$1" bs=1M status=none | cmp -n "$2" - /dev/zero
}

@test "reading all 4 GiB of dram/0 grows the daemon's RSS by less than 64 MiB" {
	before=$(rss_kib)
	ttfs_guard 300 read_zeros "$MNT/dram/0" "$BANK"
	after=$(rss_kib)
	(( after - before < 64 * 1024 )) || fail "RSS grew from $before to $after KiB"
}

@test "reading a 1 GiB buffer never written costs no RAM either" {
	b="$MNT/dram/buffers/big"
	mkdir "$b"
	echo 1G >"$b/size"   # pages of 2048: 512 pieces per 1 MiB reply
	before=$(rss_kib)
	ttfs_guard 120 read_zeros "$b/data" $((1024 * MiB))
	after=$(rss_kib)
	(( after - before < 64 * 1024 )) || fail "RSS grew from $before to $after KiB"
}

# The model: a bytearray of what was written; every read is one pread(2)
# (one FUSE request up to 1 MiB) and must match it byte for byte.
@test "written bytes read back exactly next to untouched pages, at every page edge" {
	run -0 ttfs_guard 120 python3 - "$MNT/dram/1" <<'PY'
import os, random, sys
path = sys.argv[1]
P = 4096
base = 256 * 1024 * 1024           # a region no other test touches
span = 3 * 1024 * 1024
model = bytearray(span)
fd = os.open(path, os.O_RDWR)

def write(off, data):
    assert os.pwrite(fd, data, base + off) == len(data)
    model[off:off + len(data)] = data

def check(off, n):
    got = os.pread(fd, n, base + off)
    assert got == bytes(model[off:off + n]), "pread(%d, +%d) differs" % (off, n)

rnd = random.Random(11)
def rand(n):
    return bytes(rnd.randrange(1, 256) for _ in range(n))

write(P - 1, rand(2))                # across the edge of pages 0|1
write(3 * P, rand(P))                # exactly page 3
write(6 * P - 1, rand(1))            # last byte of page 5
write(8 * P, rand(1))                # first byte of page 8
write(10 * P + 7, rand(3 * P))       # most of pages 10..13
write(1024 * 1024 - 3, rand(6))      # across the 1 MiB mark
for a in range(0, 16 * P, P // 2 - 1):
    for n in (1, 2, P - 1, P, P + 1, 5 * P + 3, 64 * 1024):
        check(a, n)
check(0, 1024 * 1024)
check(1, 1024 * 1024)
check(1024 * 1024 - 5000, 10000)
# Random writes, then random reads of up to 1 MiB over them.
for _ in range(300):
    off = rnd.randrange(span - 10000)
    write(off, rand(rnd.randrange(1, 10000)))
for _ in range(200):
    off = rnd.randrange(span)
    check(off, rnd.randrange(1, min(1024 * 1024, span - off) + 1))
os.close(fd)
print("ok")
PY
	assert_output ok
}

@test "a buffer with 64 KiB pages reads back bytes written at host-page edges inside a page" {
	b="$MNT/dram/buffers/wide"
	mkdir "$b"
	echo 65536 >"$b/page_size"
	echo $((65536 * 16)) >"$b/size"
	run -0 ttfs_guard 60 python3 - "$b/data" <<'PY'
import os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
size = 65536 * 16
model = bytearray(size)
for i, off in enumerate((4095, 8192, 65536 + 4096 * 7 - 1, 65536 * 9 + 30000, size - 1)):
    data = bytes([0x41 + i]) * (3 if off < size - 1 else 1)
    os.pwrite(fd, data, off)
    model[off:off + len(data)] = data
assert os.pread(fd, size, 0) == bytes(model), "whole buffer differs"
for off in (0, 4000, 65530, 65536 * 9):
    assert os.pread(fd, 70000, off) == bytes(model[off:off + 70000]), "pread at %d" % off
os.close(fd)
print("ok")
PY
	assert_output ok
}

# fill_z FILE MIB: write MIB MiB of 'Z' into FILE.
fill_z() {
	head -c $(($2 * MiB)) /dev/zero | tr '\0' Z |
		dd of="$1" bs=1M iflag=fullblock conv=notrunc status=none
}

@test "re-creating a written buffer gives its RAM back to the host" {
	# ThreadSanitizer keeps shadow memory for every byte written, which
	# dropping the pages does not return: RSS cannot show it there.
	if ldd "$TTFS_BIN" | grep -q libtsan; then
		skip "a ThreadSanitizer build keeps shadow memory of written DRAM"
	fi
	b="$MNT/dram/buffers/fill"
	mkdir "$b"
	echo 64M >"$b/size"
	before=$(rss_kib)
	ttfs_guard 60 fill_z "$b/data" 64
	assert_equal "$(dd if="$b/data" bs=1 skip=$((64 * MiB - 1)) status=none)" Z
	filled=$(rss_kib)
	(( filled - before > 48 * 1024 )) || fail "writing 64 MiB took only $((filled - before)) KiB"
	rmdir "$b"
	mkdir "$b"
	echo 64M >"$b/size"   # the same range, zeroed: its pages are dropped
	after=$(rss_kib)
	(( after - before < 16 * 1024 )) || fail "RSS still $after KiB (was $before before the fill)"
	ttfs_guard 60 read_zeros "$b/data" $((64 * MiB))
}
