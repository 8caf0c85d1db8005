#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# DRAM buffers' data: round trips with dd and python3, and where the bytes
# land. The rule is computed here, independently of the daemon: page i is
# in bank i % 7 at address + (i / 7) * align64(page_size).

load helpers

BANK=$((4 * 1024 * 1024 * 1024))

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

# Each test starts with no buffers, even after a failure left some behind.
teardown() { ttfs_remove_buffers; }

align64() { echo $(( ($1 + 63) / 64 * 64 )); }

# page_check SRC ADDR PAGE_SIZE SIZE PAGE: page PAGE of SRC is in its bank.
page_check() {
	local src=$1 addr=$2 ps=$3 size=$4 i=$5 n bank at
	n=$ps
	(( (i + 1) * ps > size )) && n=$(( size - i * ps ))
	bank=$(( i % 7 ))
	at=$(( addr + (i / 7) * $(align64 "$ps") ))
	cmp <(dd if="$src" bs=65536 iflag=skip_bytes,count_bytes skip=$(( i * ps )) count="$n" status=none) \
		<(dd if="$MNT/dram/$bank" bs=65536 iflag=skip_bytes,count_bytes skip="$at" count="$n" status=none) ||
		fail "page $i is not in bank $bank at $at"
}

@test "a buffer round-trips random data with dd" {
	b="$MNT/dram/buffers/dd"
	size=$(( 1024 * 1024 + 12345 ))
	mkdir "$b"
	echo "$size" >"$b/size"
	head -c "$size" /dev/urandom >"$BATS_TEST_TMPDIR/src"
	dd if="$BATS_TEST_TMPDIR/src" of="$b/data" bs=64K conv=notrunc status=none
	dd if="$b/data" of="$BATS_TEST_TMPDIR/out" bs=64K status=none
	cmp "$BATS_TEST_TMPDIR/src" "$BATS_TEST_TMPDIR/out"
	cmp "$BATS_TEST_TMPDIR/src" <(cat "$b/data")
	# Odd block sizes that straddle pages read the same bytes.
	cmp "$BATS_TEST_TMPDIR/src" <(dd if="$b/data" bs=3001 status=none)
}

@test "page i of a dd-written buffer is in dram/<i % 7> at address + (i / 7) * page size" {
	b="$MNT/dram/buffers/placed"
	ps=2048
	size=$(( 100 * ps + 77 ))   # 101 pages, the last one partial
	mkdir "$b"
	echo "$size" >"$b/size"
	head -c "$size" /dev/urandom >"$BATS_TEST_TMPDIR/src"
	dd if="$BATS_TEST_TMPDIR/src" of="$b/data" bs=4096 conv=notrunc status=none
	addr=$(( $(cat "$b/address") ))
	for i in $(seq 0 100); do
		page_check "$BATS_TEST_TMPDIR/src" "$addr" "$ps" "$size" "$i"
	done
}

@test "python3: open/seek/write/read a buffer, check every page in the raw banks" {
	b="$MNT/dram/buffers/py"
	mkdir "$b"
	echo 1000 >"$b/page_size"   # not a multiple of 64: pages are 1024 apart in a bank
	run -0 python3 - "$b" "$MNT/dram" <<'PY'
import os, random, sys
b, dram = sys.argv[1], sys.argv[2]
ps, pages = 1000, 7 * 9 + 4
size = ps * pages - 333
with open(b + "/size", "w") as f:
    f.write(str(size))
assert int(open(b + "/size").read()) == size
addr = int(open(b + "/address").read(), 16)
rnd = random.Random(1234)
data = bytes(rnd.getrandbits(8) for _ in range(size))
with open(b + "/data", "r+b", buffering=0) as f:
    # Out of order, in pieces that straddle pages.
    pieces = []
    off = 0
    while off < size:
        n = min(rnd.randint(1, 2500), size - off)
        pieces.append((off, n))
        off += n
    rnd.shuffle(pieces)
    for off, n in pieces:
        f.seek(off)
        assert f.write(data[off:off + n]) == n
    f.seek(0)
    back = f.read()
assert back == data, "data read back differs"
assert os.stat(b + "/data").st_size == size
# Every page, from the bank files, at the place the rule says.
stride = (ps + 63) // 64 * 64
for i in range(pages):
    n = min(ps, size - i * ps)
    with open("%s/%d" % (dram, i % 7), "rb") as bank:
        bank.seek(addr + (i // 7) * stride)
        raw = bank.read(n)
    assert raw == data[i * ps:i * ps + n], "page %d not in bank %d" % (i, i % 7)
print("ok", pages)
PY
	assert_output "ok 67"
}

@test "a byte written into a bank at a page's place shows in the buffer's data" {
	b="$MNT/dram/buffers/reverse"
	mkdir "$b"
	echo 512 >"$b/page_size"
	echo $(( 512 * 20 )) >"$b/size"
	addr=$(( $(cat "$b/address") ))
	# Page 17: bank 3, third row. Byte 5 of it is data offset 17 * 512 + 5.
	# Compare with a snapshot taken with that byte zeroed.
	printf '\x00' | dd of="$MNT/dram/3" bs=1 seek=$(( addr + 2 * 512 + 5 )) conv=notrunc status=none
	cp "$b/data" "$BATS_TEST_TMPDIR/before"
	printf '\x51' | dd of="$MNT/dram/3" bs=1 seek=$(( addr + 2 * 512 + 5 )) conv=notrunc status=none
	assert_equal "$(dd if="$b/data" bs=1 skip=$(( 17 * 512 + 5 )) count=1 status=none)" Q
	# And nowhere else in the buffer (cmp -l counts from 1).
	run cmp -l "$BATS_TEST_TMPDIR/before" "$b/data"
	[ "$status" -le 1 ]
	assert_equal "$(echo "$output" | awk '{ print $1, $3 }')" "$(( 17 * 512 + 6 )) 121"
}

@test "buffers are written through without touching their neighbours" {
	mkdir "$MNT/dram/buffers/left" "$MNT/dram/buffers/right"
	echo 7168 >"$MNT/dram/buffers/left/size"   # 4 pages of 2048 when rounded: rows=1
	echo 14336 >"$MNT/dram/buffers/right/size"
	head -c 14336 /dev/urandom >"$BATS_TEST_TMPDIR/r"
	dd if="$BATS_TEST_TMPDIR/r" of="$MNT/dram/buffers/right/data" bs=14336 conv=notrunc status=none
	head -c 7168 /dev/zero | tr '\0' '\377' >"$BATS_TEST_TMPDIR/l"
	dd if="$BATS_TEST_TMPDIR/l" of="$MNT/dram/buffers/left/data" bs=7168 conv=notrunc status=none
	cmp "$BATS_TEST_TMPDIR/r" "$MNT/dram/buffers/right/data"
	cmp "$BATS_TEST_TMPDIR/l" "$MNT/dram/buffers/left/data"
}

@test "dram/<n> bank files: 4 GiB each, EOF at the end, ENXIO past it, short writes across it" {
	bank="$MNT/dram/6"
	run -0 pyio pwrite "$bank" $(( BANK - 4 )) deadbeef
	assert_output "ok 4"
	run -0 pyio pread "$bank" $(( BANK - 4 )) 100
	assert_output "ok deadbeef"
	run -0 pyio pread "$bank" "$BANK" 1
	assert_output "ok "
	run -0 pyio pread "$bank" $(( BANK + 1 )) 1
	assert_output ENXIO
	run -0 pyio pwrite "$bank" "$BANK" 00
	assert_output EFBIG
	run -0 pyio pread "$bank" $(( BANK - 4 )) 4
	assert_output "ok deadbeef"
	run -0 pyio pwrite "$bank" $(( BANK - 2 )) 00000000
	assert_output "ok 2"
	run -0 pyio pread "$bank" $(( BANK - 4 )) 4
	assert_output "ok dead0000"
	# Banks are separate memories.
	run -0 pyio pread "$MNT/dram/5" $(( BANK - 4 )) 4
	assert_output "ok 00000000"
}
