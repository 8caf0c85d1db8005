#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# ASSERT and WAYPOINT (docs/debugging.md, "Asserts and waypoints"): a
# failed ASSERT fails the program with its condition, file and line; the
# last WAYPOINT of each RISC shows in cores/X,Y/status and in the hang
# diagnosis; the next program on the cores runs clean. Kernels are in
# programs/.

load helpers
load program_helpers

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	remove_programs
	ttfs_remove_buffers
}

@test "a failed ASSERT: EIO, its condition, file and line in status; one that holds runs" {
	make_prog bad reader.cpp assert_arg.cpp <<-INI
	[program]
	cores = 2,3
	[reader]
	args = 7 0x160000
	INI
	run -0 run_prog bad
	assert_output EIO
	run -0 cat "$P/bad/status"
	assert_line "state failed"
	assert_line --regexp '^error core 2,3 faulted: ncrisc pc 0x[0-9a-f]{8} \(reader.cpp:9 kernel_main, in assert_failed(\([^()]*\))?\) fault: ASSERT\(n < 4\) failed at reader.cpp:9$'
	# The same kernel with an argument that passes, on the same core.
	printf '[program]\ncores = 2,3\n[reader]\nargs = 3 0x160000\n' >"$P/bad/args"
	run -0 run_prog bad
	assert_output ok
	assert_equal "$(l1_word 2,3 0x160000)" 0x00000003
	run -0 cat "$P/bad/status"
	assert_line "core 2,3 done"
}

@test "the legacy spellings: debug/assert.h with a type, debug/waypoint.h" {
	make_prog legacy reader.cpp assert_legacy.cpp <<-INI
	[program]
	cores = 2,4
	[reader]
	args = 1
	INI
	run -0 run_prog legacy
	assert_output EIO
	run -0 grep '^error ' "$P/legacy/status"
	assert_output --regexp 'ncrisc pc 0x[0-9a-f]{8} \(reader.cpp:11 kernel_main, in assert_failed(\([^()]*\))?\) waypoint LG fault: ASSERT\(get_arg_val<uint32_t>\(0\) == 0\) failed at reader.cpp:11$'
}

@test "a hang: the last waypoint in cores/X,Y/status and in the diagnosis" {
	start_cb3_hang hang waypoint_hang.cpp 3,4
	run -0 ttfs_guard 10 grep '^ncrisc ' "$MNT/cores/3,4/status"
	assert_output --regexp '^ncrisc waiting pc 0x[0-9a-f]{8} \(reader.cpp:10 kernel_main, in cb_wait_front\(3, 1\)\) insns [0-9]+ waypoint CWW wait: cb_wait_front cb 3: '
	# A RISC that set none shows none.
	run -0 ttfs_guard 10 grep '^brisc ' "$MNT/cores/3,4/status"
	refute_output --partial waypoint
	wait_state hang timeout
	run -0 grep '^error ' "$P/hang/status"
	assert_output --regexp '^error timed out after 3000 ms; core 3,4: ncrisc pc 0x[0-9a-f]{8} \(reader.cpp:10 kernel_main, in cb_wait_front\(3, 1\)\) waypoint CWW cb_wait_front cb 3: '
	# The next program on the core starts with no waypoint of the last.
	make_prog after reader.cpp store_arg.cpp <<-INI
	[program]
	cores = 3,4
	[reader]
	args = 0x160000 0x600d
	INI
	run -0 run_prog after
	assert_output ok
	assert_equal "$(l1_word 3,4 0x160000)" 0x0000600d
	run -0 grep '^ncrisc ' "$MNT/cores/3,4/status"
	refute_output --partial waypoint
}

@test "an ebreak of the kernel's own after a failed ASSERT on the core is a plain fault" {
	make_prog bad reader.cpp assert_arg.cpp <<-INI
	[program]
	cores = 4,5
	[reader]
	args = 9 0x160000
	INI
	run -0 run_prog bad
	assert_output EIO
	make_prog brk reader.cpp ebreak.cpp <<-INI
	[program]
	cores = 4,5
	INI
	run -0 run_prog brk
	assert_output EIO
	run -0 grep '^error ' "$P/brk/status"
	assert_output --regexp 'ncrisc pc 0x[0-9a-f]{8} \(reader.cpp:5 kernel_main\) fault: ebreak at address'
	refute_output --partial ASSERT
}

@test "a waypoint word that is no kernel's shows in hex; a long waypoint does not compile" {
	# The RISC's word, written by hand: bytes no WAYPOINT makes.
	printf '\x01\x02\x03\x04' | dd of="$MNT/cores/5,6/l1" bs=1 seek=$((0x1804)) conv=notrunc status=none
	run -0 grep '^ncrisc ' "$MNT/cores/5,6/status"
	assert_output --partial ' waypoint 0x04030201 '
	printf 'AB\0C' | dd of="$MNT/cores/5,6/l1" bs=1 seek=$((0x1804)) conv=notrunc status=none
	run -0 grep '^ncrisc ' "$MNT/cores/5,6/status"
	assert_output --partial ' waypoint 0x43004241 '
	printf 'AB\0\0' | dd of="$MNT/cores/5,6/l1" bs=1 seek=$((0x1804)) conv=notrunc status=none
	run -0 grep '^ncrisc ' "$MNT/cores/5,6/status"
	assert_output --partial ' waypoint AB '
	make_prog long reader.cpp waypoint_long.cpp <<-INI
	[program]
	cores = 5,6
	INI
	run -0 run_prog long
	assert_output EIO
	run -0 grep '^error ' "$P/long/status"
	assert_output --partial 'Up to 4 characters allowed in WAYPOINT'
}
