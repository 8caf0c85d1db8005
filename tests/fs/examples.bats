#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The programs under examples/ run against a mounted simulator, as a user
# would run them: `examples/NAME/run MOUNTPOINT`. Each builds its own kernel
# with riscv64-unknown-elf-gcc, so no build-tree path is needed.

load helpers

EXAMPLES=$BATS_TEST_DIRNAME/../../examples

setup_file() { ttfs_mount -o dram_size=64M; }
teardown_file() { ttfs_unmount; }

setup() {
	command -v riscv64-unknown-elf-gcc >/dev/null || skip "no riscv64-unknown-elf-gcc"
}

@test "dram-scale: DRAM -> scale in L1 -> DRAM, report over the NOC, PASS" {
	run -0 "$EXAMPLES/dram-scale/run" "$MNT"
	assert_line --index 0 "dram-scale: core 0,0 (noc0 1-2) scales 5000 words, out = 3 * in + 7"
	assert_line --partial "10 pages of 2048 bytes over 7 banks"
	assert_line --regexp '^PASS: 5000 words match; report DONE, sum 0x[0-9a-f]{8}$'
	# The report is really in core 11,9's L1 ("DONE", 5000, sum, noc0 1 | 2 << 6),
	# and the example cleaned up its buffers.
	run -0 od -An -tx4 -j $((0x40000)) -N 16 "$MNT/cores/11,9/l1"
	assert_output --regexp '^ 454e4f44 00001388 [0-9a-f]{8} 00000081$'
	assert_equal "$(cat "$MNT/cores/0,0/go")" "done"
	assert_equal "$(ls "$MNT/dram/buffers")" ""
}

@test "dram-scale: 1000-byte pages, a short last page, wrapping scale, other cores" {
	run -0 "$EXAMPLES/dram-scale/run" --core 3,4 --report-core 0,9 --words 777 \
		--page-size 1000 --scale 0xffffffff --bias 5 --seed 7 "$MNT"
	assert_line --partial "4 pages of 1000 bytes over 7 banks"
	assert_line --regexp '^PASS: 777 words match; report DONE, sum 0x[0-9a-f]{8}$'
	run -0 od -An -tx4 -j $((0x40000)) -N 8 "$MNT/cores/0,9/l1"
	assert_output " 454e4f44 00000309"
}

@test "dram-scale: the check catches wrong data (kernel given the wrong input address)" {
	run -1 "$EXAMPLES/dram-scale/run" --core 6,6 --in-addr 0x100000 "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 5000 words differ; first at word 0: 0x00000007, want 0x[0-9a-f]{8}$'
	refute_line --partial PASS
	assert_equal "$(ls "$MNT/dram/buffers")" ""
}

@test "dram-scale: a NOC fault is reported with the core's status; reset recovers" {
	run -1 "$EXAMPLES/dram-scale/run" --core 5,5 --in-addr 0xffffff00 "$MNT"
	assert_line "FAIL: core 5,5 did not finish (go = go):"
	assert_line --regexp '^  brisc  fault .*noc0 read: address 0xffffff00\+2048 is outside DRAM bank 0'
	echo 1 >"$MNT/device/reset"
	run -0 "$EXAMPLES/dram-scale/run" --core 5,5 "$MNT"
	assert_line --regexp '^PASS: 5000 words match'
}

@test "dram-scale: usage errors exit 2" {
	run -2 "$EXAMPLES/dram-scale/run"
	assert_output --partial "Usage:"
	run -2 "$EXAMPLES/dram-scale/run" --page-size 1001 "$MNT"
	assert_output --partial "multiple of 4"
	run -2 "$EXAMPLES/dram-scale/run" --core 12,0 "$MNT"
	assert_output "dram-scale: no core 12,0"
	run -2 "$EXAMPLES/dram-scale/run" "$BATS_TEST_TMPDIR"
	assert_output --partial "is not a mounted ttfs"
}
