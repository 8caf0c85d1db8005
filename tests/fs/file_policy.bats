#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# One policy for every file (fs/file_policy.c): O_TRUNC on open is a
# no-op, truncate to any other size is EINVAL, a write across the end of a
# fixed-size file is short and one at the end EFBIG, and an attribute value
# is one write of at most 31 characters plus a newline, without NULs.

load helpers

setup_file() { ttfs_mount -o dram_size=64M; }
teardown_file() { ttfs_unmount; }
teardown() { ttfs_remove_buffers; }

BANK=$((64 * 1024 * 1024))

# make_buffer NAME SIZE: a buffer filled with random bytes, also kept in
# $BATS_TEST_TMPDIR/NAME.
make_buffer() {
	mkdir "$MNT/dram/buffers/$1"
	echo "$2" >"$MNT/dram/buffers/$1/size"
	head -c "$2" /dev/urandom >"$BATS_TEST_TMPDIR/$1"
	dd if="$BATS_TEST_TMPDIR/$1" of="$MNT/dram/buffers/$1/data" bs="$2" conv=notrunc status=none
}

@test "truncate to another size is EINVAL and changes nothing, for every writable file" {
	make_buffer t 4096
	l1_size=$(stat -c %s "$MNT/cores/1,1/l1")
	head -c 64 /dev/urandom >"$BATS_TEST_TMPDIR/l1"
	dd if="$BATS_TEST_TMPDIR/l1" of="$MNT/cores/1,1/l1" bs=64 conv=notrunc status=none
	for f in cores/1,1/l1 dram/3 dram/buffers/t/data dram/buffers/t/size \
		dram/buffers/t/page_size device/reset; do
		size=$(stat -c %s "$MNT/$f")
		for to in 0 10 $((size + 1)) $((size - 1)); do
			[ "$to" -ge 0 ] && [ "$to" != "$size" ] || continue
			run -0 pyio truncate "$MNT/$f" "$to"
			assert_equal "$f -> $to: $output" "$f -> $to: EINVAL"
		done
		# The current size is accepted, as a no-op.
		run -0 pyio truncate "$MNT/$f" "$size"
		assert_equal "$f -> $size: $output" "$f -> $size: ok"
		assert_equal "$f $(stat -c %s "$MNT/$f")" "$f $size"
	done
	run ! --separate-stderr truncate -s 10 "$MNT/dram/buffers/t/data"
	[[ "$stderr" == *"Invalid argument"* ]] || fail "$stderr"
	assert_equal "$(stat -c %s "$MNT/dram/buffers/t/data")" 4096
	cmp "$BATS_TEST_TMPDIR/t" "$MNT/dram/buffers/t/data"
	assert_equal "$(cat "$MNT/dram/buffers/t/size")" 4096
	assert_equal "$(stat -c %s "$MNT/cores/1,1/l1")" "$l1_size"
	cmp "$BATS_TEST_TMPDIR/l1" <(head -c 64 "$MNT/cores/1,1/l1")
}

@test "O_TRUNC on open is accepted and truncates nothing" {
	make_buffer o 8192
	head -c 32 /dev/urandom >"$BATS_TEST_TMPDIR/l1"
	dd if="$BATS_TEST_TMPDIR/l1" of="$MNT/cores/2,2/l1" bs=32 conv=notrunc status=none
	pyio pwrite "$MNT/dram/1" 0 0badc0de
	for f in cores/2,2/l1 dram/1 dram/buffers/o/data dram/buffers/o/size dram/buffers/o/page_size; do
		for mode in wt rt; do
			run -0 pyio open "$MNT/$f" "$mode"
			assert_equal "$f $mode: $output" "$f $mode: ok"
		done
	done
	run -0 pyio open "$MNT/device/reset" wt
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/o" "$MNT/dram/buffers/o/data"
	cmp "$BATS_TEST_TMPDIR/l1" <(head -c 32 "$MNT/cores/2,2/l1")
	assert_equal "$(pyio pread "$MNT/dram/1" 0 4)" "ok 0badc0de"
	assert_equal "$(cat "$MNT/dram/buffers/o/size")" 8192
	assert_equal "$(stat -c %s "$MNT/dram/buffers/o/data")" 8192
	# `>` into memory writes from offset 0 and keeps the rest.
	printf 'hello' >"$MNT/dram/buffers/o/data"
	assert_equal "$(head -c 5 "$MNT/dram/buffers/o/data")" hello
	cmp <(tail -c +6 "$BATS_TEST_TMPDIR/o") <(tail -c +6 "$MNT/dram/buffers/o/data")
}

@test "O_TRUNC needs write access: EACCES on a read-only file" {
	make_buffer ro 4096
	for f in README device/arch cores/0,0/mailbox cores/0,0/status dram/buffers/ro/address; do
		run -0 pyio open "$MNT/$f" rt
		assert_equal "$f: $output" "$f: EACCES"
		run -0 pyio truncate "$MNT/$f" 0
		assert_equal "$f: $output" "$f: EACCES"
	done
}

@test "short writes across the end and EFBIG at it: l1, bank, buffer data" {
	make_buffer s 5000
	l1_size=$(stat -c %s "$MNT/cores/3,3/l1")
	for spec in "cores/3,3/l1 $l1_size" "dram/2 $BANK" "dram/buffers/s/data 5000"; do
		set -- $spec
		pyio fill "$MNT/$1" $(($2 - 5)) 2 0x11
		run -0 pyio fill "$MNT/$1" $(($2 - 3)) 8 0x5a
		assert_equal "$1: $output" "$1: ok 3"
		run -0 pyio pread "$MNT/$1" $(($2 - 5)) 8
		assert_equal "$1: $output" "$1: ok 11115a5a5a"
		run -0 pyio fill "$MNT/$1" "$2" 1 0
		assert_equal "$1: $output" "$1: EFBIG"
		run -0 pyio fill "$MNT/$1" $(($2 + 100)) 1 0
		assert_equal "$1: $output" "$1: EFBIG"
	done
	cmp <(head -c 4995 "$BATS_TEST_TMPDIR/s") <(head -c 4995 "$MNT/dram/buffers/s/data")
}

@test "attribute values: NUL, trailing garbage, inner newline and empty are EINVAL" {
	mkdir "$MNT/dram/buffers/a"
	echo 4096 >"$MNT/dram/buffers/a/size"
	for hex in 3430393600 34303936007800 343039360a0a 3430393678 0a 34300a3936 3430393620; do
		for f in size page_size; do
			run -0 pyio write "$MNT/dram/buffers/a/$f" "$hex"
			assert_equal "$f '$hex': $output" "$f '$hex': EINVAL"
		done
	done
	run ! --separate-stderr bash -c "printf '4096\\0x' >'$MNT/dram/buffers/a/size'"
	[[ "$stderr" == *"Invalid argument"* ]] || fail "$stderr"
	assert_equal "$(cat "$MNT/dram/buffers/a/size")" 4096
	assert_equal "$(cat "$MNT/dram/buffers/a/page_size")" 2048
	for hex in 3100 310a0a 3120 0a 300a; do
		run -0 pyio write "$MNT/device/reset" "$hex"
		assert_equal "reset '$hex': $output" "reset '$hex': EINVAL"
	done
}

@test "attribute values: 31 characters plus a newline fit, 32 do not" {
	mkdir "$MNT/dram/buffers/l"
	v31=$(printf '%031d' 8192)
	v32=$(printf '%032d' 8192)
	run -0 pyio write "$MNT/dram/buffers/l/size" "$(printf '%s\n' "$v31" | xxd -p | tr -d '\n')"
	assert_output "ok 32"
	assert_equal "$(cat "$MNT/dram/buffers/l/size")" 8192
	run -0 pyio write "$MNT/dram/buffers/l/page_size" "$(printf '%s' "$(printf '%031d' 1024)" | xxd -p | tr -d '\n')"
	assert_output "ok 31"
	assert_equal "$(cat "$MNT/dram/buffers/l/page_size")" 1024
	run -0 pyio write "$MNT/dram/buffers/l/size" "$(printf '%s\n' "$v32" | xxd -p | tr -d '\n')"
	assert_output EINVAL
	run -0 pyio write "$MNT/dram/buffers/l/size" "$(printf '%s' "$v32" | xxd -p | tr -d '\n')"
	assert_output EINVAL
	assert_equal "$(cat "$MNT/dram/buffers/l/size")" 8192
}
