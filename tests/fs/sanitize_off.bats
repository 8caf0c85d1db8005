#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# -o sanitize=off (docs/debugging.md): the gallery's bugs (sanitize/,
# sanitize.bats) go through unchecked.

load helpers
load program_helpers
load sanitize_helpers

setup_file() { programs_mount -o sanitize=off; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	remove_programs
	ttfs_remove_buffers
}

@test "sanitize=off: the write into another core's firmware lands" {
	make_buggy fw "$S/fw_write.cpp" <<<"$FW_WRITE"
	run -0 run_prog fw
	run -0 cat "$P/fw/status"
	refute_output --partial "runs a program"
	assert_equal "$(l1_word 1,0 0x3840)" 0xbad0bad0
}

@test "sanitize=off: the CB overrun and the misaligned read go through" {
	buffers
	for k in cb_overrun misaligned_read; do
		make_buggy "$k" "$S/$k.cpp" <<<"$ONE_CORE
[reader]
args = @in"
		run -0 run_prog "$k"
		assert_output ok
		run -0 cat "$P/$k/status"
		assert_line "state done"
	done
}
