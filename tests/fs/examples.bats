#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The programs under examples/ run against a mounted simulator, as a user
# would run them: `examples/NAME/run MOUNTPOINT`. dram-scale builds its own
# kernel with riscv64-unknown-elf-gcc; the others hand their tt-metal style
# kernels to programs/<name>/, which builds them with riscv64-unknown-elf-g++
# against the kernel SDK. No build-tree path is needed.

load helpers

EXAMPLES=$BATS_TEST_DIRNAME/../../examples

setup_file() { ttfs_mount -o dram_size=64M; }
teardown_file() { ttfs_unmount; }

setup() {
	command -v riscv64-unknown-elf-gcc >/dev/null || skip "no riscv64-unknown-elf-gcc"
}

# The examples that run through programs/<name>/.
# mutate EXAMPLE SED-EXPR FILE: a copy of the example in the test's temp
# directory, FILE edited; prints the copy's run script.
mutate() {
	cp -r "$EXAMPLES/$1" "$BATS_TEST_TMPDIR/$1"
	sed -i "$2" "$BATS_TEST_TMPDIR/$1/$3"
	echo "$BATS_TEST_TMPDIR/$1/run"
}

# Nothing left behind: no program, no buffer.
assert_clean() {
	assert_equal "$(ls "$MNT/programs")" ""
	assert_equal "$(ls "$MNT/dram/buffers")" ""
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

@test "loopback: DRAM -> L1 -> DRAM through programs/, bit-exact, PASS" {
	run -0 ttfs_guard 120 "$EXAMPLES/loopback/run" "$MNT"
	assert_line --regexp '^loopback: 16 pages of 2048 bytes, loopback-in at 0x[0-9a-f]+ -> L1 -> loopback-out at 0x[0-9a-f]+$'
	assert_line "PASS: 32768 bytes copied DRAM -> L1 -> DRAM bit-exact"
	assert_clean
	# Twice in a row: the names are free again and the build is cached.
	run -0 ttfs_guard 120 "$EXAMPLES/loopback/run" "$MNT"
	assert_line --partial "PASS"
}

@test "loopback: the check catches a page the writer skipped" {
	script=$(mutate loopback 's/i < num_pages; i++) {/i < num_pages; i++) {\n\t\tif (i == 5) { cb_wait_front(cb_out, 1); cb_pop_front(cb_out, 1); continue; }/' writer.cpp)
	grep -q 'i == 5' "$(dirname "$script")/writer.cpp"
	run -1 ttfs_guard 120 "$script" "$MNT"
	assert_line "FAIL: output differs from input; first 32 bytes of each:"
	refute_line --partial PASS
	assert_clean
}

@test "add2-riscv: 14 + 7 on BRISC, read back from DRAM; other integers; wrap-around" {
	run -0 ttfs_guard 120 "$EXAMPLES/add2-riscv/run" "$MNT"
	assert_line "add2-riscv: 14 + 7: the kernel read 14 and 7 and wrote 21"
	assert_line "PASS: 14 + 7 = 21"
	run -0 ttfs_guard 120 "$EXAMPLES/add2-riscv/run" "$MNT" 123456 654321
	assert_line "PASS: 123456 + 654321 = 777777"
	run -0 ttfs_guard 120 "$EXAMPLES/add2-riscv/run" "$MNT" 0xffffffff 2
	assert_line "PASS: 4294967295 + 2 = 1"
	run -0 ttfs_guard 120 "$EXAMPLES/add2-riscv/run" "$MNT" -5 3
	assert_line "PASS: 4294967291 + 3 = 4294967294"
	assert_clean
}

@test "add2-riscv: the check catches a wrong sum" {
	script=$(mutate add2-riscv 's/result\[2\] = a + b;/result[2] = a - b;/' writer.cpp)
	run -1 ttfs_guard 120 "$script" "$MNT"
	assert_line "add2-riscv: 14 + 7: the kernel read 14 and 7 and wrote 7"
	assert_line "FAIL: want 14 + 7 = 21"
	assert_clean
}

@test "multicore-copy: four cores, each its slice by per-core args, PASS" {
	run -0 ttfs_guard 120 "$EXAMPLES/multicore-copy/run" "$MNT"
	assert_line "multicore-copy: 22 pages of 2048 bytes over 4 cores"
	assert_line "  core 0,0: pages 0..5 match"
	assert_line "  core 3,0: pages 18..21 match"
	assert_line "PASS: 45056 bytes copied by 4 cores, each its own slice"
	assert_clean
}

@test "multicore-copy: without its override a core copies the wrong slice, and the check names it" {
	script=$(mutate multicore-copy '/^args.3,0 = /d' args)
	run -1 ttfs_guard 120 "$script" "$MNT"
	assert_line "  core 3,0: pages 18..21 DIFFER"
	assert_line "  core 2,0: pages 12..17 match"
	assert_line "FAIL: output differs from input"
	assert_clean
}

@test "semaphore-pingpong: two cores, 10 and 500 rounds through NOC semaphores, PASS" {
	run -0 ttfs_guard 120 "$EXAMPLES/semaphore-pingpong/run" "$MNT"
	assert_line "semaphore-pingpong: ping (core 0,0) reports 1 10 165 10, pong (core 1,0) 0 10 55 10"
	assert_line "PASS: 10 rounds; pong received 55, ping 165"
	run -0 ttfs_guard 120 "$EXAMPLES/semaphore-pingpong/run" "$MNT" 500
	assert_line "PASS: 500 rounds; pong received 125250, ping 375750"
	assert_clean
}

@test "semaphore-pingpong: a lost signal hangs until timeout_ms, and status says so" {
	# The pong core expects one round more than the ping core sends.
	script=$(mutate semaphore-pingpong \
		's/rounds = get_arg_val<uint32_t>(2);/rounds = get_arg_val<uint32_t>(2) + !get_arg_val<uint32_t>(3);/' \
		writer.cpp)
	sed -i 's/^timeout_ms = 5000/timeout_ms = 500/' "$(dirname "$script")/args"
	grep -q '!get_arg_val' "$(dirname "$script")/writer.cpp"
	run -1 ttfs_guard 120 "$script" "$MNT"
	assert_line "FAIL: the program did not finish; its status:"
	assert_output --partial "semaphore"
	assert_clean
	# The cores were reset; the real example runs on them again.
	run -0 ttfs_guard 120 "$EXAMPLES/semaphore-pingpong/run" "$MNT"
	assert_line --partial "PASS"
}

@test "program examples: usage errors exit 2" {
	for e in loopback add2-riscv multicore-copy semaphore-pingpong; do
		run -2 "$EXAMPLES/$e/run"
		assert_output --partial "Usage:"
		run -2 "$EXAMPLES/$e/run" "$BATS_TEST_TMPDIR"
		assert_output --partial "is not a mounted ttfs"
	done
	run -2 "$EXAMPLES/add2-riscv/run" "$MNT" 1
	assert_output --partial "Usage:"
	run -2 "$EXAMPLES/add2-riscv/run" "$MNT" x 1
	assert_output "add2-riscv: A and B must be integers"
	run -2 "$EXAMPLES/semaphore-pingpong/run" "$MNT" 0
	assert_output "semaphore-pingpong: ROUNDS must be 1..100000"
}
