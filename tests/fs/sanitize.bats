#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The NOC sanitizer (docs/debugging.md): a gallery of buggy kernels
# (sanitize/), one bug each. Each run fails with the transfer or store
# named in status, and a correct program on the same cores then runs
# right. sanitize_off.bats runs them with -o sanitize=off.

load helpers
load program_helpers
load sanitize_helpers

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	remove_programs
	ttfs_remove_buffers
}

@test "a NOC write into another core's firmware faults the writer; the firmware stays whole" {
	buffers
	buggy fw "$S/fw_write.cpp" <<<"$FW_WRITE"
	assert_output --regexp "core 0,0 fault: ncrisc pc 0x[0-9a-f]{8} \\($(bug_at reader.cpp fw_write.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: noc[01] write: 64 bytes from core 0,0 L1 0x100000 to core 1,0 L1 0x3840: core 1,0 runs a program and this is its brisc firmware \(0x3840\.\.0x5440\); pc 0x"
	[ "$(l1_word 1,0 0x3840)" != 0xbad0bad0 ]
	runs_right 0-1,0
}

@test "a NOC write into the kernel's own mailbox faults it" {
	buffers
	buggy mbox "$S/own_mailbox.cpp" <<<"$ONE_CORE"
	assert_output --regexp "core 1,2 fault: ncrisc pc 0x[0-9a-f]{8} \\($(bug_at reader.cpp own_mailbox.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: noc[01] write: 16 bytes from core 1,2 L1 0x100000 to core 1,2 L1 0x100: core 1,2 runs a program and this is its mailbox \(0x60\.\.0x3240\)"
	runs_right 1,2
}

@test "a kernel's plain store into its own mailbox faults it" {
	buffers
	buggy store "$S/store_mailbox.cpp" <<<"$ONE_CORE"
	assert_output --regexp "core 1,2 fault: ncrisc pc 0x[0-9a-f]{8} \\($(bug_at reader.cpp store_mailbox.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: store of 4 bytes to L1 0x100: core 1,2 runs a program and this is its mailbox \(0x60\.\.0x3240\)"
	runs_right 1,2
}

@test "a store through a null pointer, onto the boot jump at L1 0, faults it" {
	buffers
	buggy null "$S/null_store.cpp" <<<"$ONE_CORE
[reader]
args = 0"
	assert_output --regexp "core 1,2 fault: ncrisc pc 0x[0-9a-f]{8} \\($(bug_at reader.cpp null_store.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: store of 4 bytes to L1 0x0: core 1,2 runs a program and this is its boot jump \\(0x0\\.\\.0x4\\)"
	runs_right 1,2
}

@test "a NOC read into a CB one page past what the reader reserved faults it" {
	buffers
	buggy overrun "$S/cb_overrun.cpp" <<<"$ONE_CORE
[reader]
args = @in"
	assert_output --regexp "core 1,2 fault: ncrisc pc 0x[0-9a-f]{8} \\($(bug_at reader.cpp cb_overrun.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: noc[01] read: 4096 bytes from DRAM bank 0 0x[0-9a-f]+ to core 1,2 L1 0x37000: CB 0 overrun: ncrisc reserved 1 page at 0x37000 \(2 pages of 2048 at 0x37000\)"
	runs_right 1,2
}

@test "a NOC write out of a CB page the writer did not wait for faults it" {
	buffers
	buggy unwaited "$K/loop_reader.cpp" "$S/cb_unwaited.cpp" <<-INI
	$ONE_CORE
	[reader]
	args = @in 2
	compile_args = accessor(in)
	[writer]
	args = @out
	INI
	assert_output --regexp "core 1,2 fault: brisc pc 0x[0-9a-f]{8} \\($(bug_at writer.cpp cb_unwaited.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: noc[01] write: 4096 bytes from core 1,2 L1 0x37000 to DRAM bank 0 0x[0-9a-f]+: CB 0 underrun: brisc waited for 1 page at 0x37000 \(2 pages of 2048 at 0x37000\)"
	runs_right 1,2
}

@test "a compute kernel that packs into a CB page it did not reserve faults its packer" {
	buffers
	buggy pack "$K/loop_reader.cpp" "" "$S/pack_overrun.cpp" <<<"$COMPUTE_ONE_CORE"
	assert_output --regexp "core 1,2 fault: trisc2 pc 0x[0-9a-f]{8} \\($(bug_at compute.cpp pack_overrun.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: pack: tile of 2048 bytes to L1 0x38800: CB 16 overrun: trisc2 reserved 1 page at 0x38000 \(2 pages of 2048 at 0x38000\)"
	runs_right 1,2
}

@test "a compute kernel that unpacks a CB page it did not wait for faults its unpacker" {
	buffers
	buggy unpack "$K/loop_reader.cpp" "" "$S/unpack_unwaited.cpp" <<<"$COMPUTE_ONE_CORE"
	assert_output --regexp "core 1,2 fault: trisc0 pc 0x[0-9a-f]{8} \\($(bug_at compute.cpp unpack_unwaited.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: unpack: tile of 2048 bytes from L1 0x37800: CB 0 underrun: trisc0 waited for 1 page at 0x37000 \(2 pages of 2048 at 0x37000\)"
	runs_right 1,2
}

@test "a DRAM read whose ends differ modulo 64 faults the reader" {
	buffers
	buggy misaligned "$S/misaligned_read.cpp" <<<"$ONE_CORE
[reader]
args = @in"
	assert_output --regexp "core 1,2 fault: ncrisc pc 0x[0-9a-f]{8} \\($(bug_at reader.cpp misaligned_read.cpp)(, in [^()]+(\\([^()]*\\))?)?\\) fault: noc[01] read: 1024 bytes from DRAM bank 0 0x[0-9a-f]*10 to core 1,2 L1 0x37000: misaligned: a DRAM read needs source and destination equal modulo 64 \(0x10, 0x0\)"
	runs_right 1,2
}

@test "today's NOC checks keep their text under the sanitizer" {
	make_prog tile reader.cpp fault_noc.cpp <<-INI
	[program]
	cores = 1,2
	timeout_ms = 5000
	INI
	run -0 run_prog tile
	assert_output EIO
	run -0 cat "$P/tile/status"
	assert_output --regexp "fault: noc[01] read: no reachable tile at \(30,30\)"
}
