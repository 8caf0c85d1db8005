#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# device/reset: write-only; `echo 1 > reset` reloads the firmware on every
# core; `echo asic-reset > reset` (the confirmation word for a whole-chip
# reset through tt-kmd) is refused by the simulator. Nothing else is taken.

load helpers

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

FW_START=$((0x3840))              # BRISC firmware ...
FW_END=$((0x6640 + 1536))         # ... to the end of TRISC2's

fw_bytes() { dd if="$MNT/cores/$1/l1" bs=4096 iflag=skip_bytes,count_bytes skip=$FW_START \
	count=$((FW_END - FW_START)) status=none | md5sum; }

# `echo 1 > reset` reloads the firmware on every core (it was ENOSYS before
# firmware ran in the simulator).
@test "echo 1 > device/reset reloads the firmware and every core is idle again" {
	pristine=$(fw_bytes 0,0)
	# Wreck the first 256 bytes of each RISC's firmware code on core 4,6.
	for base in 0x3840 0x5440 0x5A40 0x6040 0x6640; do
		head -c 256 /dev/zero | tr '\0' '\377' |
			dd of="$MNT/cores/4,6/l1" bs=256 oflag=seek_bytes seek=$((base)) conv=notrunc status=none
	done
	[ "$(fw_bytes 4,6)" != "$pristine" ]
	run -0 bash -c 'echo 1 >"$1"' _ "$MNT/device/reset"
	assert_equal "$(fw_bytes 4,6)" "$pristine"
	assert_equal "$(fw_bytes 11,9)" "$pristine"
	for _ in $(seq 200); do
		[ "$(cat "$MNT/cores/4,6/go")" = done ] && break
		sleep 0.01
	done
	assert_equal "$(cat "$MNT/cores/4,6/go")" done
	run -0 cat "$MNT/device/grid"
	assert_equal "$(grep -E '^[0-9]{2} ' <<<"$output" | grep -oE 'IIIII' | wc -l)" 120
	# A write of exactly "1" (no newline) is accepted too.
	run -0 pyio pwrite "$MNT/device/reset" 0 31
	assert_output "ok 1"
}

@test "writing anything but 1 or asic-reset to reset is EINVAL" {
	for bad in 0 2 11 "1 1" yes reset " 1" "1x" asic asic-reset1 ASIC-RESET; do
		run ! --separate-stderr bash -c 'printf "%s\n" "$2" >"$1"' _ "$MNT/device/reset" "$bad"
		[[ "$stderr" == *"Invalid argument"* ]] || fail "'$bad': $stderr"
	done
	run -0 pyio pwrite "$MNT/device/reset" 0 310a0a
	assert_output EINVAL
}

@test "asic-reset on the simulator: EOPNOTSUPP with the reason in the log, the chip still up" {
	run ! --separate-stderr bash -c 'echo asic-reset >"$1"' _ "$MNT/device/reset"
	[[ "$stderr" == *"Operation not supported"* ]] || fail "$stderr"
	grep -q "device/reset: the sim backend has no ASIC to reset" "$BATS_FILE_TMPDIR/daemon.log"
	run -0 bash -c 'echo 1 >"$1"' _ "$MNT/device/reset"
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
