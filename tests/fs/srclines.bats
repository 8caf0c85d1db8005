#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Source lines for every PC (docs/debugging.md, "Source lines"): a fault
# and a hang name the user's file:line and function, the SDK call they
# are in, in the program's status and cores/X,Y/status, with no path of
# this machine anywhere (compute.bats: an SDK function not inlined).
# Kernels are in programs/.

load helpers
load program_helpers

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	remove_programs
	ttfs_remove_buffers
}

# no_machine_paths FILE...: none of the files names a directory of this
# machine: the mount's, the cache's, the checkout's, the build tree's.
no_machine_paths() {
	local src build
	src=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	build=$(cd "$(dirname "$TTFS_BIN")/.." && pwd)
	run strings -a "$@"
	assert_success
	refute_output --partial "$BATS_FILE_TMPDIR"
	refute_output --partial "$src/"
	refute_output --partial "$build/"
	refute_output --regexp '(^|[ (])/tmp/'
}

# next_runs CORE: a program on CORE (reset after a fault or a timeout)
# runs right: it stores its argument where it is told.
next_runs() {
	make_prog after reader.cpp store_arg.cpp <<-INI
	[program]
	cores = $1
	[reader]
	args = 0x160000 0x600d
	INI
	run -0 run_prog after
	assert_output ok
	assert_equal "$(l1_word "$1" 0x160000)" 0x0000600d
}

@test "a wild store: the fault names reader.cpp:7 kernel_main" {
	make_prog wild reader.cpp fault_store.cpp <<-INI
	[program]
	cores = 1,2
	INI
	run -0 run_prog wild
	assert_output EIO
	run -0 cat "$P/wild/status"
	assert_line --regexp '^error core 1,2 faulted: ncrisc pc 0x[0-9a-f]{8} \(reader.cpp:7 kernel_main\) fault: store access fault at address 0x00400000;'
	assert_line --regexp '^core 1,2 fault: ncrisc pc 0x[0-9a-f]{8} \(reader.cpp:7 kernel_main\) fault: '
	no_machine_paths "$P/wild/status" "$P/wild/build/ncrisc.elf"
	# The ELF is the user's to read with their own tools: it has the lines.
	run -0 strings -a "$P/wild/build/ncrisc.elf"
	assert_line reader.cpp
	# A change that moves the line: the new build's ELF says where.
	{ printf '\n\n'; cat "$K/fault_store.cpp"; } >"$P/wild/reader.cpp"
	run -0 run_prog wild
	assert_output EIO
	run -0 grep '^error ' "$P/wild/status"
	assert_output --partial '(reader.cpp:9 kernel_main) fault: store access fault'
	# The core was reset and runs the next program right.
	next_runs 1,2
}

@test "a fault in a header of the program's own names the header's line" {
	make_prog hdr reader.cpp poke_header.cpp <<-INI
	[program]
	cores = 3,3
	INI
	cp "$K/poke.h" "$P/hdr/poke.h"
	run -0 run_prog hdr
	assert_output EIO
	run -0 grep '^error ' "$P/hdr/status"
	assert_output --regexp 'ncrisc pc 0x[0-9a-f]{8} \(poke.h:8 poke\) fault: store access fault'
}

@test "a hang in cb_wait_front: the user's line, in cb_wait_front(3, 1), live and after the timeout" {
	start_cb3_hang hang hang_cb.cpp 4,4
	local where='\(reader.cpp:7 kernel_main, in cb_wait_front\(3, 1\)\)'
	run -0 ttfs_guard 10 grep '^ncrisc ' "$MNT/cores/4,4/status"
	assert_output --regexp "^ncrisc waiting pc 0x[0-9a-f]{8} $where insns [0-9]+ wait: cb_wait_front cb 3: "
	run -0 cat "$P/hang/status"
	assert_line --regexp "^core 4,4 running; ncrisc pc 0x[0-9a-f]{8} $where cb_wait_front cb 3: "
	wait_state hang timeout
	run -0 cat "$P/hang/status"
	assert_line --regexp "^error timed out after 3000 ms; core 4,4: ncrisc pc 0x[0-9a-f]{8} $where cb_wait_front cb 3: "
	no_machine_paths "$P/hang/status" "$MNT/cores/4,4/status" "$P/hang/build/ncrisc.elf"
}

@test "the SDK call's arguments: a runtime argument's value, read from the RISC's registers; the core runs the next program" {
	make_prog hang2 reader.cpp hang_cb_arg.cpp <<-INI
	[program]
	cores = 4,3
	timeout_ms = 2000
	[cb.3]
	format = bfloat16
	pages = 2
	[reader]
	args = 2
	INI
	run -0 run_prog hang2
	assert_output ETIMEDOUT
	run -0 cat "$P/hang2/status"
	assert_line --regexp "^error timed out after 2000 ms; core 4,3: ncrisc pc 0x[0-9a-f]{8} \\(reader.cpp:9 kernel_main, in cb_wait_front\\(3, 2\\)\\) cb_wait_front cb 3: received 0 acked 0 \\(0 of 2 pages filled\\)$"
	next_runs 4,3
}

@test "a for (;;) {} hang names its line in kernel_main, not the start code; the core runs the next program" {
	make_prog spin reader.cpp runaway_loop.cpp <<-INI
	[program]
	cores = 4,5
	timeout_ms = 2000
	INI
	run -0 run_prog spin
	assert_output ETIMEDOUT
	local line
	line=$(grep -n 'for (;;)' "$K/runaway_loop.cpp" | cut -d: -f1)
	run -0 cat "$P/spin/status"
	assert_line --regexp "^error timed out after 2000 ms; core 4,5: ncrisc pc 0x[0-9a-f]{8} \\(reader.cpp:$line kernel_main\\) running$"
	next_runs 4,5
}

@test "a link error names the user's line; build/log names no directory of this machine" {
	make_prog lk writer.cpp undefined_helper.cpp <<<"[program]"
	run -0 run_prog lk
	assert_output EIO
	run -0 grep '^error ' "$P/lk/status"
	assert_output "error build of writer.cpp for brisc failed: writer.cpp:7: undefined reference to \`helper(int)'"
	no_machine_paths "$P/lk/status" "$P/lk/build/log"
	run -0 cat "$P/lk/build/log"
	assert_output --regexp "build/cc[A-Za-z0-9]+\.o: in function"
}

@test "an idle core: each PC is followed by its place in ttfs's firmware" {
	run -0 cat "$MNT/cores/5,5/status"
	assert_line --regexp '^brisc  idle    pc 0x[0-9a-f]{8} \(firmware/brisc.c:[0-9]+ [a-z_]+\) insns '
	assert_line --regexp '^trisc2 idle    pc 0x[0-9a-f]{8} \(firmware/subordinate.c:[0-9]+ [a-z_]+\) insns '
	no_machine_paths "$MNT/cores/5,5/status"
}
