#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# device/reset: write-only; `echo 1 > reset` is the only accepted command.

load helpers

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

# Current documented behaviour: no firmware runs yet, so there is nothing to
# reload and reset says so. Update this test when firmware lands.
@test "echo 1 > device/reset is ENOSYS until firmware runs" {
	run ! --separate-stderr bash -c 'echo 1 >"$1"' _ "$MNT/device/reset"
	[[ "$stderr" == *"Function not implemented"* ]]
	run -0 pyio pwrite "$MNT/device/reset" 0 31
	assert_output ENOSYS
}

@test "writing anything but 1 to reset is EINVAL" {
	for bad in 0 2 11 "1 1" yes reset " 1" "1x"; do
		run ! --separate-stderr bash -c 'printf "%s\n" "$2" >"$1"' _ "$MNT/device/reset" "$bad"
		[[ "$stderr" == *"Invalid argument"* ]] || fail "'$bad': $stderr"
	done
	run -0 pyio pwrite "$MNT/device/reset" 0 310a0a
	assert_output EINVAL
}

@test "reset cannot be opened for reading: EACCES" {
	run -0 pyio open "$MNT/device/reset" r
	assert_output EACCES
	run -0 pyio open "$MNT/device/reset" rw
	assert_output EACCES
	run -1 --separate-stderr cat "$MNT/device/reset"
	[[ "$stderr" == *"Permission denied"* ]]
}

@test "the daemon still serves after refused resets" {
	assert_equal "$(cat "$MNT/device/arch")" blackhole
	printf 'alive' | dd of="$MNT/cores/0,0/l1" bs=1 seek=1000 conv=notrunc status=none
	assert_equal "$(dd if="$MNT/cores/0,0/l1" bs=1 skip=1000 count=5 status=none)" alive
}
