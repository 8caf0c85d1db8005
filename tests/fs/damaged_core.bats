#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# No program inherits a damaged core (docs/debugging.md, "Damaged
# firmware"): a launch compares the firmware text of each of its cores
# (and the boot jump at L1 0) with what the loader wrote; a core whose
# firmware was overwritten since (here through cores/X,Y/l1) gets it
# again, status says so, and the program runs right.

load helpers
load program_helpers

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	remove_programs
	ttfs_remove_buffers
}

# store_prog NAME CORE VALUE: a reader on CORE that stores VALUE at L1 0x160000.
store_prog() {
	make_prog "$1" reader.cpp store_arg.cpp <<-INI
	[program]
	cores = $2
	timeout_ms = 5000
	[reader]
	args = 0x160000 $3
	INI
}

@test "NCRISC's firmware zeroed: the launch reloads it, says so, and the program runs right" {
	# NCRISC's whole firmware (the profile's 0x5440, 1536 bytes): the
	# idle RISC runs into the zeros and faults.
	dd if=/dev/zero of="$MNT/cores/2,2/l1" bs=1 seek=$((0x5440)) count=1536 conv=notrunc status=none
	for _ in $(seq 100); do
		grep -q '^ncrisc fault' "$MNT/cores/2,2/status" && break
		sleep 0.05
	done
	run -0 grep '^ncrisc ' "$MNT/cores/2,2/status"
	assert_output --partial 'fault: illegal instruction'
	store_prog p 2,2 0x600d
	run -0 run_prog p
	assert_output ok
	assert_equal "$(l1_word 2,2 0x160000)" 0x0000600d
	run -0 cat "$P/p/status"
	assert_line "note core 2,2: firmware was overwritten since the last run; reloaded"
	assert_line "core 2,2 done"
	# Whole again: the next run reloads nothing.
	run -0 run_prog p
	assert_output ok
	run -0 cat "$P/p/status"
	refute_output --partial note
}

@test "the boot jump at L1 0 overwritten: reloaded at the next launch" {
	printf '\x13\x00\x00\x00' | dd of="$MNT/cores/2,5/l1" bs=1 seek=0 conv=notrunc status=none
	store_prog p 2,5 0x1234
	run -0 run_prog p
	assert_output ok
	assert_equal "$(l1_word 2,5 0x160000)" 0x00001234
	run -0 grep '^note ' "$P/p/status"
	assert_output "note core 2,5: firmware was overwritten since the last run; reloaded"
	assert_equal "$(l1_word 2,5 0)" "$(l1_word 2,6 0)"
}

@test "firmware written back as it was, and damage on a core the program does not use: no reload" {
	# The same bytes written over the firmware: nothing changed.
	dd if="$MNT/cores/3,3/l1" bs=1 skip=$((0x3840)) count=7168 status=none >"$BATS_TEST_TMPDIR/fw"
	dd if="$BATS_TEST_TMPDIR/fw" of="$MNT/cores/3,3/l1" bs=1 seek=$((0x3840)) conv=notrunc status=none
	# TRISC2's firmware of another core, zeroed.
	dd if=/dev/zero of="$MNT/cores/3,4/l1" bs=1 seek=$((0x6640)) count=1536 conv=notrunc status=none
	store_prog p 3,3 0x77
	run -0 run_prog p
	assert_output ok
	run -0 cat "$P/p/status"
	refute_output --partial note
	# The damaged core is reloaded when a program runs on it.
	store_prog q 3,4 0x78
	run -0 run_prog q
	assert_output ok
	assert_equal "$(l1_word 3,4 0x160000)" 0x00000078
	run -0 grep '^note ' "$P/q/status"
	assert_output "note core 3,4: firmware was overwritten since the last run; reloaded"
}
