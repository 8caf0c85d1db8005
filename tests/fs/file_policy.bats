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

# try_truncate PATH SIZE...: truncate(2) PATH to each SIZE in turn, one
# python for all (python starts slowly on a loaded machine); prints
# "SIZE ok" or "SIZE ERRNO" per line.
try_truncate() {
	python3 - "$@" <<'PY'
import errno, os, sys
for size in sys.argv[2:]:
    try:
        os.truncate(sys.argv[1], int(size))
        print(size, "ok")
    except OSError as e:
        print(size, errno.errorcode[e.errno])
PY
}

# try_values PATH HEX...: for each HEX, open PATH with O_WRONLY|O_TRUNC and
# write(2) the bytes once, as `printf ... > PATH`; prints "HEX ok N" or
# "HEX ERRNO" per line.
try_values() {
	python3 - "$@" <<'PY'
import errno, os, sys
for value in sys.argv[2:]:
    fd = os.open(sys.argv[1], os.O_WRONLY | os.O_TRUNC)
    try:
        print(value, "ok", os.write(fd, bytes.fromhex(value)))
    except OSError as e:
        print(value, errno.errorcode[e.errno])
    finally:
        os.close(fd)
PY
}

# try_open FLAGS PATH...: open(2) each PATH with FLAGS (a python
# expression such as os.O_WRONLY|os.O_TRUNC), then truncate(2) it to 0 if
# FLAGS is "truncate0"; prints "PATH ok" or "PATH ERRNO" per line.
try_open() {
	python3 - "$@" <<'PY'
import errno, os, sys
for path in sys.argv[2:]:
    try:
        if sys.argv[1] == "truncate0":
            os.truncate(path, 0)
        else:
            os.close(os.open(path, eval(sys.argv[1])))
        print(path, "ok")
    except OSError as e:
        print(path, errno.errorcode[e.errno])
PY
}

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
		sizes=() want=()
		for to in 0 10 $((size + 1)) $((size - 1)); do
			[ "$to" -ge 0 ] && [ "$to" != "$size" ] || continue
			sizes+=("$to")
			want+=("$to EINVAL")
		done
		# The current size is accepted, as a no-op.
		run -0 try_truncate "$MNT/$f" "${sizes[@]}" "$size"
		assert_equal "$f: $output" "$f: $(printf '%s\n' "${want[@]}" "$size ok")"
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
	files=()
	for f in cores/2,2/l1 dram/1 dram/buffers/o/data dram/buffers/o/size dram/buffers/o/page_size; do
		files+=("$MNT/$f")
	done
	run -0 try_open 'os.O_WRONLY | os.O_TRUNC' "${files[@]}" "$MNT/device/reset"
	assert_output "$(printf '%s ok\n' "${files[@]}" "$MNT/device/reset")"
	run -0 try_open 'os.O_RDONLY | os.O_TRUNC' "${files[@]}"
	assert_output "$(printf '%s ok\n' "${files[@]}")"
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
	files=()
	for f in README device/arch cores/0,0/mailbox cores/0,0/status dram/buffers/ro/address; do
		files+=("$MNT/$f")
	done
	run -0 try_open 'os.O_RDONLY | os.O_TRUNC' "${files[@]}"
	assert_output "$(printf '%s EACCES\n' "${files[@]}")"
	run -0 try_open truncate0 "${files[@]}"
	assert_output "$(printf '%s EACCES\n' "${files[@]}")"
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
	bad=(3430393600 34303936007800 343039360a0a 3430393678 0a 34300a3936 3430393620)
	for f in size page_size; do
		run -0 try_values "$MNT/dram/buffers/a/$f" "${bad[@]}"
		assert_equal "$f: $output" "$f: $(printf '%s EINVAL\n' "${bad[@]}")"
	done
	run ! --separate-stderr bash -c "printf '4096\\0x' >'$MNT/dram/buffers/a/size'"
	[[ "$stderr" == *"Invalid argument"* ]] || fail "$stderr"
	assert_equal "$(cat "$MNT/dram/buffers/a/size")" 4096
	assert_equal "$(cat "$MNT/dram/buffers/a/page_size")" 2048
	bad=(3100 310a0a 3120 0a 300a 3131)
	run -0 try_values "$MNT/device/reset" "${bad[@]}"
	assert_equal "$output" "$(printf '%s EINVAL\n' "${bad[@]}")"
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
