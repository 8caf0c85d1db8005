#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The permission model: everything belongs to the mounting user, only the
# owner writes, and with -o allow_other another user reads and never
# writes (the mount always has default_permissions). The second user is
# nobody (65534), which needs root to become: as any other user the suite
# is skipped.

load helpers

NOBODY=65534

setup_file() {
	[ "$(id -u)" = 0 ] || return 0
	ttfs_require_fuse
	# BATS_FILE_TMPDIR may be 0700: mount where nobody can reach.
	TOP=$(mktemp -d /tmp/ttfs-permissions.XXXXXX)
	chmod 0755 "$TOP"
	echo "$TOP" >"$BATS_FILE_TMPDIR/top"
	export MNT="$TOP/mnt"
	ttfs_start "$BATS_FILE_TMPDIR" "$MNT" -o allow_other
}

teardown_file() {
	[ -f "$BATS_FILE_TMPDIR/top" ] || return 0
	export MNT="$(cat "$BATS_FILE_TMPDIR/top")/mnt"
	ttfs_unmount
	rmdir "$MNT" "$(dirname "$MNT")"
}

setup() {
	[ "$(id -u)" = 0 ] || skip "needs root to mount with allow_other and act as uid $NOBODY (run as root)"
	MNT="$(cat "$BATS_FILE_TMPDIR/top")/mnt"
}

teardown() {
	[ "$(id -u)" = 0 ] || return 0
	ttfs_remove_buffers
}

# as_nobody CMD...: run CMD as uid/gid 65534 with no supplementary groups.
as_nobody() {
	setpriv --reuid=$NOBODY --regid=$NOBODY --clear-groups "$@"
}

# nobody_pyio OP PATH [ARGS]: pyio (helpers.bash) as nobody.
nobody_pyio() {
	as_nobody bash -c "$(declare -f pyio); pyio \"\$@\"" _ "$@"
}

@test "the mount has default_permissions and allow_other" {
	run -0 findmnt -n -o OPTIONS "$MNT"
	[[ ",$output," == *",default_permissions,"* ]] || fail "$output"
	[[ ",$output," == *",allow_other,"* ]] || fail "$output"
}

@test "every file and directory belongs to the mounting user; nothing is group or other writable" {
	mkdir "$MNT/dram/buffers/own"
	run -0 bash -c "find '$MNT' -path '$MNT/noc0/*' -prune -o ! -user $(id -u) -print"
	assert_output ""
	run -0 bash -c "find '$MNT' -path '$MNT/noc0/*' -prune -o ! -group $(id -g) -print"
	assert_output ""
	run -0 bash -c "find '$MNT' -path '$MNT/noc0/*' -prune -o -perm /022 -print"
	assert_output ""
	assert_equal "$(stat -c %a "$MNT/cores/0,0/l1")" 644
	assert_equal "$(stat -c %a "$MNT/dram/0")" 644
	assert_equal "$(stat -c %a "$MNT/device/reset")" 200
	assert_equal "$(stat -c %a "$MNT/dram/buffers")" 755
	assert_equal "$(stat -c %a "$MNT/dram/buffers/own/data")" 644
}

@test "another user reads l1 and a buffer's files" {
	head -c 64 /dev/urandom >"$BATS_TEST_TMPDIR/bytes"
	dd if="$BATS_TEST_TMPDIR/bytes" of="$MNT/cores/0,0/l1" bs=64 seek=1024 conv=notrunc status=none
	run -0 ttfs_guard 20 as_nobody sh -c 'dd if="$1" bs=64 skip=1024 count=1 status=none | xxd -p' \
		_ "$MNT/cores/0,0/l1"
	assert_output "$(xxd -p "$BATS_TEST_TMPDIR/bytes")"
	mkdir "$MNT/dram/buffers/shared"
	echo 4096 >"$MNT/dram/buffers/shared/size"
	run -0 ttfs_guard 20 as_nobody cat "$MNT/dram/buffers/shared/size"
	assert_output 4096
	run -0 ttfs_guard 20 as_nobody cat "$MNT/device/arch"
	assert_output blackhole
}

@test "another user cannot write l1, truncate it, or write a buffer" {
	head -c 16 /dev/urandom >"$BATS_TEST_TMPDIR/before"
	dd if="$BATS_TEST_TMPDIR/before" of="$MNT/cores/0,0/l1" bs=16 seek=4096 conv=notrunc status=none
	run -0 ttfs_guard 20 nobody_pyio open "$MNT/cores/0,0/l1" w
	assert_output EACCES
	run -0 ttfs_guard 20 nobody_pyio open "$MNT/cores/0,0/l1" rw
	assert_output EACCES
	run ttfs_guard 20 as_nobody truncate -s "$(stat -c %s "$MNT/cores/0,0/l1")" "$MNT/cores/0,0/l1"
	assert_failure
	[[ "$output" == *"Permission denied"* ]] || fail "$output"
	run ttfs_guard 20 as_nobody dd if=/dev/zero of="$MNT/cores/0,0/l1" bs=16 seek=4096 \
		count=1 conv=notrunc status=none
	assert_failure
	[[ "$output" == *"Permission denied"* ]] || fail "$output"
	cmp "$BATS_TEST_TMPDIR/before" <(dd if="$MNT/cores/0,0/l1" bs=16 skip=4096 count=1 status=none)
	mkdir "$MNT/dram/buffers/theirs"
	echo 4096 >"$MNT/dram/buffers/theirs/size"
	for f in data size page_size; do
		run -0 ttfs_guard 20 nobody_pyio open "$MNT/dram/buffers/theirs/$f" w
		assert_equal "$f $output" "$f EACCES"
	done
	run -0 ttfs_guard 20 nobody_pyio open "$MNT/dram/0" w
	assert_output EACCES
	assert_equal "$(cat "$MNT/dram/buffers/theirs/size")" 4096
}

@test "another user cannot reset the device" {
	run -0 ttfs_guard 20 nobody_pyio open "$MNT/device/reset" w
	assert_output EACCES
	run ttfs_guard 20 as_nobody bash -c 'echo 1 >"$1"' _ "$MNT/device/reset"
	assert_failure
	[[ "$output" == *"Permission denied"* ]] || fail "$output"
}

@test "another user cannot make, change, run or remove a program, and may read it" {
	run -0 ttfs_guard 20 nobody_pyio mkdir "$MNT/programs/intruder"
	assert_output EACCES
	[ ! -e "$MNT/programs/intruder" ]
	mkdir "$MNT/programs/mine"
	echo 'void kernel_main() {}' >"$MNT/programs/mine/reader.cpp"
	for f in reader.cpp args run; do
		run -0 ttfs_guard 20 nobody_pyio open "$MNT/programs/mine/$f" w
		[ "$output" = EACCES ] || fail "nobody opened $f for writing: $output"
	done
	run -0 ttfs_guard 20 nobody_pyio create "$MNT/programs/mine/theirs.h"
	assert_output EACCES
	run -0 ttfs_guard 20 nobody_pyio unlink "$MNT/programs/mine/reader.cpp"
	assert_output EACCES
	run -0 ttfs_guard 20 nobody_pyio rename "$MNT/programs/mine/reader.cpp" \
		"$MNT/programs/mine/writer.cpp"
	assert_output EACCES
	run -0 ls "$MNT/programs/mine"
	assert_output "$(printf '%s\n' args build profile reader.cpp run status)"
	run -0 ttfs_guard 20 nobody_pyio rmdir "$MNT/programs/mine"
	assert_output EACCES
	run -0 ttfs_guard 20 as_nobody cat "$MNT/programs/mine/reader.cpp" "$MNT/programs/mine/status"
	assert_line 'void kernel_main() {}'
	rmdir "$MNT/programs/mine"
}

@test "another user cannot mkdir or rmdir a buffer" {
	run -0 ttfs_guard 20 nobody_pyio mkdir "$MNT/dram/buffers/intruder"
	assert_output EACCES
	[ ! -e "$MNT/dram/buffers/intruder" ]
	mkdir "$MNT/dram/buffers/mine"
	run -0 ttfs_guard 20 nobody_pyio rmdir "$MNT/dram/buffers/mine"
	assert_output EACCES
	[ -d "$MNT/dram/buffers/mine" ]
}
