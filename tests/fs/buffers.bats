#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# dram/buffers/: mkdir and rmdir, the size/page_size/address attributes,
# their errors, and running out of DRAM (small banks: -o dram_size=64M).

load helpers

BANK=$((64 * 1024 * 1024))

setup_file() { ttfs_mount -o dram_size=64M; }
teardown_file() { ttfs_unmount; }

# Each test starts with no buffers, even after a failure left some behind.
teardown() { ttfs_remove_buffers; }

B() { echo "$MNT/dram/buffers/$1"; }

# set_attr FILE VALUE: one write(2) of VALUE, as `echo VALUE > FILE` does.
set_attr() { echo "$2" >"$1"; }

@test "mkdir makes a buffer with size, page_size, address, data, status and the shard spec" {
	mkdir "$(B fresh)"
	run -0 ls "$(B fresh)"
	assert_output "$(printf '%s\n' address data layout page_size shard_cores shard_orientation \
		shard_shape size status tensor_shape)"
	assert_equal "$(cat "$(B fresh)/layout")" interleaved
	assert_equal "$(cat "$(B fresh)/shard_orientation")" row_major
	assert_equal "$(stat -c %s "$(B fresh)/shard_cores" "$(B fresh)/shard_shape" \
		"$(B fresh)/tensor_shape")" "$(printf '0\n0\n0')"
	assert_equal "$(cat "$(B fresh)/status")" "not pinned"
	assert_equal "$(stat -c '%s %a' "$(B fresh)/status")" "11 444"
	run -0 ls "$MNT/dram/buffers"
	assert_output fresh
	assert_equal "$(cat "$(B fresh)/size")" 0
	assert_equal "$(cat "$(B fresh)/page_size")" 2048
	assert_equal "$(stat -c %s "$(B fresh)/data")" 0
	rmdir "$(B fresh)"
	run -0 ls "$MNT/dram/buffers"
	assert_output ""
}

@test "address before size is set is ENODATA" {
	mkdir "$(B nosize)"
	run -0 pyio open "$(B nosize)/address" r
	assert_output ENODATA
	run -1 --separate-stderr cat "$(B nosize)/address"
	[[ "$stderr" == *"No data available"* ]]
	rmdir "$(B nosize)"
}

@test "size and page_size take decimal, hex and K/M suffixes, one value per write" {
	b=$(B units)
	mkdir "$b"
	set_attr "$b/size" 4096
	assert_equal "$(cat "$b/size")" 4096
	set_attr "$b/size" 0x3000
	assert_equal "$(cat "$b/size")" 12288
	set_attr "$b/size" 64K
	assert_equal "$(cat "$b/size")" 65536
	printf 1M >"$b/size"
	assert_equal "$(cat "$b/size")" 1048576
	assert_equal "$(stat -c %s "$b/data")" 1048576
	set_attr "$b/page_size" 0x1000
	assert_equal "$(cat "$b/page_size")" 4096
	set_attr "$b/page_size" 1K
	assert_equal "$(cat "$b/page_size")" 1024
	# st_size of the attribute files is what cat returns.
	for f in size page_size address status; do
		assert_equal "$(stat -c %s "$b/$f")" "$(cat "$b/$f" | wc -c)"
	done
	rmdir "$b"
}

@test "size 0 or not a number is EINVAL and keeps the old size" {
	b=$(B badsize)
	mkdir "$b"
	set_attr "$b/size" 8192
	for bad in 0 abc -5 "12 34" 1.5K 4KB ""; do
		run ! --separate-stderr set_attr "$b/size" "$bad"
		[[ "$stderr" == *"Invalid argument"* ]] || fail "size '$bad': $stderr"
	done
	assert_equal "$(cat "$b/size")" 8192
	for bad in 0 abc; do
		run ! --separate-stderr set_attr "$b/page_size" "$bad"
		[[ "$stderr" == *"Invalid argument"* ]] || fail "page_size '$bad': $stderr"
	done
	assert_equal "$(cat "$b/page_size")" 2048
	rmdir "$b"
}

@test "a size bigger than free DRAM is ENOSPC and keeps the old size" {
	b=$(B huge)
	mkdir "$b"
	set_attr "$b/size" 4096
	addr=$(cat "$b/address")
	for big in 100G $((7 * BANK)) 0xffffffffffff; do
		run ! --separate-stderr set_attr "$b/size" "$big"
		[[ "$stderr" == *"No space left on device"* ]] || fail "size $big: $stderr"
	done
	assert_equal "$(cat "$b/size")" 4096
	assert_equal "$(cat "$b/address")" "$addr"
	rmdir "$b"
}

@test "a size so big it overflows (rounding up, or 64 bits) is ENOSPC too" {
	b=$(B overflow)
	mkdir "$b"
	for big in 18446744073709551615 0xfffffffffffffff0 99999999999999999999 17179869184G; do
		run ! --separate-stderr set_attr "$b/size" "$big"
		[[ "$stderr" == *"No space left on device"* ]] || fail "size $big: $stderr"
	done
	assert_equal "$(cat "$b/size")" 0
}

@test "a refused resize keeps the address already handed out" {
	mkdir "$(B below)" "$(B kept)"
	set_attr "$(B below)/size" 4096
	set_attr "$(B kept)/size" 4096
	addr=$(cat "$(B kept)/address")
	rmdir "$(B below)"   # leaves a hole below kept
	# Fits a bank, but not the free space: the allocator is asked and says no.
	run ! --separate-stderr set_attr "$(B kept)/size" $((7 * BANK))
	[[ "$stderr" == *"No space left on device"* ]]
	assert_equal "$(cat "$(B kept)/address")" "$addr"
}

@test "address is a 64-byte aligned bank address; buffers do not overlap" {
	a=$(B first) b=$(B second)
	mkdir "$a" "$b"
	set_attr "$a/page_size" 1000
	set_attr "$a/size" $((7 * 1000 * 3 + 1))   # 22 pages: 4 rows in bank 0
	set_attr "$b/size" 2048
	aa=$(cat "$a/address") ba=$(cat "$b/address")
	[[ "$aa" =~ ^0x[0-9a-f]+$ ]] || fail "address '$aa'"
	(( aa % 64 == 0 && ba % 64 == 0 && aa >= 0x40 && ba >= 0x40 ))
	# first reserves ceil(22 / 7) rows of align64(1000) = 4 * 1024 bytes per bank.
	if (( ba > aa )); then (( ba >= aa + 4 * 1024 )); else (( aa >= ba + 2048 )); fi
	rmdir "$a" "$b"
}

@test "changing size or page_size after data was written is EBUSY" {
	b=$(B frozen)
	mkdir "$b"
	set_attr "$b/page_size" 512   # page size may change before the first write
	set_attr "$b/size" 4096
	set_attr "$b/size" 8192
	printf 'payload' | dd of="$b/data" conv=notrunc status=none
	run ! --separate-stderr set_attr "$b/size" 16384
	[[ "$stderr" == *"Device or resource busy"* ]]
	run ! --separate-stderr set_attr "$b/page_size" 1024
	[[ "$stderr" == *"Device or resource busy"* ]]
	assert_equal "$(cat "$b/size")" 8192
	assert_equal "$(cat "$b/page_size")" 512
	assert_equal "$(head -c 7 "$b/data")" payload
	# writing back the values it already has changes nothing and is fine
	set_attr "$b/size" 8192
	set_attr "$b/page_size" 512
	assert_equal "$(head -c 7 "$b/data")" payload
	rmdir "$b"
}

@test "data past size: read at size is EOF, past it ENXIO; a write across the end is short, at it EFBIG" {
	b=$(B bounds)
	mkdir "$b"
	set_attr "$b/size" 10000
	head -c 10000 /dev/urandom >"$BATS_TEST_TMPDIR/in"
	dd if="$BATS_TEST_TMPDIR/in" of="$b/data" bs=4096 conv=notrunc status=none
	run -0 pyio pread "$b/data" 10000 16
	assert_output "ok "
	run -0 pyio pread "$b/data" 10001 16
	assert_output ENXIO
	run -0 pyio fill "$b/data" 10000 1 0
	assert_output EFBIG
	run -0 pyio fill "$b/data" 10100 1 0
	assert_output EFBIG
	# Nothing of the refused writes landed, up to the last byte.
	cmp "$BATS_TEST_TMPDIR/in" "$b/data"
	run -0 pyio fill "$b/data" 9990 11 0
	assert_output "ok 10"
	head -c 9990 "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/want"
	head -c 10 /dev/zero >>"$BATS_TEST_TMPDIR/want"
	cmp "$BATS_TEST_TMPDIR/want" "$b/data"
	# dd writes the 1808 bytes that fit, then fails at the end.
	run -1 --separate-stderr dd if=/dev/zero of="$b/data" bs=8192 seek=1 count=1 conv=notrunc
	[[ "$stderr" == *"File too large"* ]]
	head -c 8192 "$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/want"
	head -c 1808 /dev/zero >>"$BATS_TEST_TMPDIR/want"
	cmp "$BATS_TEST_TMPDIR/want" "$b/data"
	rmdir "$b"
}

@test "buffer names: [A-Za-z0-9._-] up to 63 characters" {
	mkdir "$(B Aa0._-z)"
	name63=$(printf 'n%.0s' $(seq 63))
	mkdir "$(B "$name63")"
	for bad in "a b" 'a$b' 'a:b' "caf$(printf '\xc3\xa9')" 'a*' "a'b"; do
		run -0 pyio mkdir "$(B "$bad")"
		assert_output EINVAL
	done
	run -0 pyio mkdir "$(B "${name63}n")"
	assert_output ENAMETOOLONG
	run -1 --separate-stderr mkdir "$(B "${name63}nnnnnnn")"
	[[ "$stderr" == *"File name too long"* ]]
	run -1 --separate-stderr mkdir "$(B Aa0._-z)"
	[[ "$stderr" == *"File exists"* ]]
	run -0 ls "$MNT/dram/buffers"
	assert_output "$(printf '%s\n' Aa0._-z "$name63")"
	rmdir "$(B Aa0._-z)" "$(B "$name63")"
}

@test "mkdir anywhere but dram/buffers is EPERM" {
	mkdir "$(B parent)"
	for dir in "$MNT" "$MNT/device" "$MNT/cores" "$MNT/cores/0,0" "$MNT/noc0" "$MNT/dram" \
		"$(B parent)"; do
		run -0 pyio mkdir "$dir/newdir"
		assert_output EPERM
	done
	run -1 --separate-stderr mkdir "$MNT/newdir"
	[[ "$stderr" == *"Operation not permitted"* ]]
	rmdir "$(B parent)"
}

@test "rmdir: ENOENT for a missing buffer, EPERM for the fixed tree" {
	run -1 --separate-stderr rmdir "$(B missing)"
	[[ "$stderr" == *"No such file or directory"* ]]
	run -0 pyio rmdir "$MNT/cores/0,0"
	assert_output EPERM
	run -1 --separate-stderr rmdir "$MNT/cores/0,0"
	[[ "$stderr" == *"Operation not permitted"* ]]
	for dir in "$MNT/cores" "$MNT/device" "$MNT/dram/buffers" "$MNT/noc0"; do
		run -0 pyio rmdir "$dir"
		assert_output EPERM
	done
	[ -d "$MNT/cores/0,0" ]
}

@test "address is read-only: EACCES to open it for writing" {
	b=$(B ro)
	mkdir "$b"
	set_attr "$b/size" 4096
	run -0 pyio open "$b/address" w
	assert_output EACCES
	run ! --separate-stderr bash -c 'echo 0x40 >"$1"' _ "$b/address"
	[[ "$stderr" == *"Permission denied"* ]]
	rmdir "$b"
}

@test "rmdir frees the DRAM: fill the banks, free, allocate again" {
	run -0 ls "$MNT/dram/buffers"
	assert_output ""
	free=$((BANK - 2048))   # 0..0x7ff of every bank is reserved (barrier word, then 2 KiB alignment)
	mkdir "$(B fill)" "$(B other)"
	set_attr "$(B fill)/page_size" 64
	run ! --separate-stderr set_attr "$(B fill)/size" $((7 * free + 64))
	[[ "$stderr" == *"No space left on device"* ]]
	set_attr "$(B fill)/size" $((7 * free))
	assert_equal "$(cat "$(B fill)/address")" 0x00000800
	run ! --separate-stderr set_attr "$(B other)/size" 64
	[[ "$stderr" == *"No space left on device"* ]]
	rmdir "$(B fill)"
	set_attr "$(B other)/page_size" 64
	set_attr "$(B other)/size" 64
	assert_equal "$(cat "$(B other)/address")" 0x00000800
	# The whole space minus other's one row (a 2 KiB unit) is free again.
	mkdir "$(B fill2)"
	set_attr "$(B fill2)/page_size" 64
	run ! --separate-stderr set_attr "$(B fill2)/size" $((7 * free))
	[[ "$stderr" == *"No space left on device"* ]]
	set_attr "$(B fill2)/size" $((7 * (free - 2048)))
	rmdir "$(B other)" "$(B fill2)"
	mkdir "$(B fill)"
	set_attr "$(B fill)/page_size" 64
	set_attr "$(B fill)/size" $((7 * free))
	rmdir "$(B fill)"
}

@test "a name is reusable after rmdir and starts afresh" {
	b=$(B again)
	mkdir "$b"
	set_attr "$b/size" 4096
	printf 'old' | dd of="$b/data" conv=notrunc status=none
	rmdir "$b"
	run ! stat "$b"
	mkdir "$b"
	assert_equal "$(cat "$b/size")" 0
	set_attr "$b/size" 4096   # not EBUSY: a new buffer
	rmdir "$b"
}

# zeros N: N zero bytes, to cmp against.
zeros() { head -c "$1" /dev/zero; }

@test "a buffer re-created in the place of a removed one reads as zeros" {
	a=$(B first)
	mkdir "$a"
	set_attr "$a/size" 4096
	head -c 4096 /dev/urandom >"$BATS_TEST_TMPDIR/r"
	dd if="$BATS_TEST_TMPDIR/r" of="$a/data" bs=4096 conv=notrunc status=none
	cmp "$BATS_TEST_TMPDIR/r" "$a/data"
	addr=$(cat "$a/address")
	rmdir "$a"
	b=$(B second)
	mkdir "$b"
	set_attr "$b/size" 4096
	# The same DRAM as the removed buffer, or this test would prove nothing.
	assert_equal "$(cat "$b/address")" "$addr"
	run -0 od -A d -t x1 "$b/data"
	assert_output "$(printf '%s\n' '0000000 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00' '*' 0004096)"
	cmp <(zeros 4096) "$b/data"
	# Its two pages in banks 0 and 1 are zeros there too.
	cmp <(zeros 2048) <(dd if="$MNT/dram/0" bs=2048 iflag=skip_bytes skip=$((addr)) count=1 status=none)
	cmp <(zeros 2048) <(dd if="$MNT/dram/1" bs=2048 iflag=skip_bytes skip=$((addr)) count=1 status=none)
	rmdir "$b"
}

@test "a re-created buffer of another shape over a removed one's bytes reads as zeros" {
	a=$(B big)
	mkdir "$a"
	set_attr "$a/page_size" 100
	set_attr "$a/size" $((7 * 100 * 300))
	head -c $((7 * 100 * 300)) /dev/urandom >"$BATS_TEST_TMPDIR/r"
	dd if="$BATS_TEST_TMPDIR/r" of="$a/data" bs=64K conv=notrunc status=none
	cmp "$BATS_TEST_TMPDIR/r" "$a/data"
	addr=$(cat "$a/address")
	rmdir "$a"
	b=$(B tiles)
	mkdir "$b"
	set_attr "$b/size" $((7 * 2048 * 10))   # pages of 2048 over a's rows of 128
	assert_equal "$(cat "$b/address")" "$addr"
	cmp <(zeros $((7 * 2048 * 10))) "$b/data"
	rmdir "$b"
}

@test "a new size reallocates zeroed DRAM, even over bytes written into the bank" {
	b=$(B raw)
	mkdir "$b"
	set_attr "$b/size" 8192
	addr=$(( $(cat "$b/address") ))
	# Through dram/0, not data: the buffer still counts as unwritten.
	printf 'stale' | dd of="$MNT/dram/0" bs=1 seek=$((addr + 100)) conv=notrunc status=none
	assert_equal "$(dd if="$b/data" bs=1 skip=100 count=5 status=none)" stale
	set_attr "$b/size" 4096
	assert_equal "$(( $(cat "$b/address") ))" "$addr"
	cmp <(zeros 4096) "$b/data"
	rmdir "$b"
}

# ttrt.h: "open references see -ENOENT" once a buffer is deleted.
@test "an open data file whose buffer was removed fails with ENOENT" {
	b=$(B gone)
	mkdir "$b"
	set_attr "$b/size" 4096
	printf 'abcd' | dd of="$b/data" conv=notrunc status=none
	run -0 python3 - "$b" <<'PY'
import errno, os, sys
b = sys.argv[1]
fd = os.open(b + "/data", os.O_RDWR)
assert os.pread(fd, 4, 0) == b"abcd"
os.rmdir(b)
for op in (lambda: os.pread(fd, 4, 0), lambda: os.pwrite(fd, b"x", 0)):
    try:
        print("no error, returned", repr(op()))
    except OSError as e:
        print(errno.errorcode[e.errno])
os.close(fd)
PY
	assert_output "$(printf '%s\n' ENOENT ENOENT)"
	run ! stat "$b"
}

@test "info.json lists buffers with their size, page size and address" {
	b=$(B listed)
	mkdir "$b"
	set_attr "$b/page_size" 4096
	set_attr "$b/size" 40000
	addr=$(cat "$b/address")
	run -0 python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for buf in d["buffers"]:
    if buf["name"] == "listed":
        print(buf["name"], buf["size"], buf["page_size"], hex(buf["address"]))
' "$MNT/device/info.json"
	assert_output "listed 40000 4096 $(printf '%#x' "$addr")"
	rmdir "$b"
}
