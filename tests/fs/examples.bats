#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The programs under examples/ run against a mounted simulator, as a user
# would run them: `examples/NAME/run MOUNTPOINT`. dram-scale builds its own
# kernel with riscv64-unknown-elf-gcc; the others hand their tt-metal style
# kernels to programs/<name>/, which builds them with riscv64-unknown-elf-g++
# against the kernel SDK. No build-tree path is needed.

load helpers
# A 640^3 matmul on the simulator takes far longer than helpers' 120 s.
export BATS_TEST_TIMEOUT=1200

EXAMPLES=$BATS_TEST_DIRNAME/../../examples

setup_file() { ttfs_mount -o dram_size=64M; }
teardown_file() { ttfs_unmount; }

setup() {
	command -v riscv64-unknown-elf-gcc >/dev/null || skip "no riscv64-unknown-elf-gcc"
}

# The examples that run through programs/<name>/.
# mutate EXAMPLE SED-EXPR FILE: a copy of the example in the test's temp
# directory, FILE edited; prints the copy's run script. The compute
# examples' host.py needs ../lib next to it.
mutate() {
	cp -r "$EXAMPLES/$1" "$BATS_TEST_TMPDIR/$1"
	[ -e "$BATS_TEST_TMPDIR/lib" ] || cp -r "$EXAMPLES/lib" "$BATS_TEST_TMPDIR/lib"
	sed -i "$2" "$BATS_TEST_TMPDIR/$1/$3"
	echo "$BATS_TEST_TMPDIR/$1/run"
}

# Nothing left behind: no program, no buffer.
assert_clean() {
	assert_equal "$(ls "$MNT/programs")" ""
	assert_equal "$(ls "$MNT/dram/buffers")" ""
	assert_equal "$(ls "$MNT/l1/buffers")" ""
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
	for e in loopback add2-riscv multicore-copy semaphore-pingpong \
		eltwise-binary eltwise-sfpu ttnn-unary add1-sfpi custom-sfpi softmax tilize-pipeline matmul \
		matmul-multicore multicast sharded-add noc-tile-transfer profiler; do
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

# ---- compute examples: tt-metal compute kernels, a numpy host side ----------

# numpy for the host side (Debian's python3-numpy, for /usr/bin/python3;
# tools/install-deps installs it, so CI always runs these).
need_numpy() {
	python3 -c 'import numpy' 2>/dev/null || /usr/bin/python3 -c 'import numpy' 2>/dev/null ||
		skip "no python3-numpy"
}

@test "eltwise-binary: a + b over 64 bf16 tiles with add_tiles, within 1e-2, PASS" {
	need_numpy
	run -0 ttfs_guard 300 "$EXAMPLES/eltwise-binary/run" "$MNT"
	assert_line --regexp '^eltwise-binary: 64 tiles of bfloat16, eb-a at 0x[0-9a-f]+ \+ eb-b at 0x[0-9a-f]+ -> eb-c at 0x[0-9a-f]+$'
	assert_line "  state done"
	assert_line --regexp '^max \|a \+ b - r\| = [0-9.e-]+ \(tolerance 0.01\), PCC 0\.99[0-9]+$'
	assert_line "PASS: 65536 elements (64 tiles) of a + b within 0.01"
	assert_clean
}

@test "eltwise-binary: the check catches b read from a's buffer" {
	need_numpy
	script=$(mutate eltwise-binary 's/noc_async_read_tile(i, b,/noc_async_read_tile(i, a,/' reader.cpp)
	grep -q 'read_tile(i, a, get_write_ptr(cb_b))' "$(dirname "$script")/reader.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 65536 elements off by more than 0.01; first at element [0-9]+ \(tile [0-9]+\)'
	refute_line --partial PASS
	assert_clean
}

@test "eltwise-sfpu: exp over 64 bf16 tiles on the SFPU, within 5e-2, PASS" {
	need_numpy
	run -0 ttfs_guard 300 "$EXAMPLES/eltwise-sfpu/run" "$MNT"
	assert_line --regexp '^eltwise-sfpu: exp of 64 tiles of bfloat16, es-in at 0x[0-9a-f]+ -> es-out at 0x[0-9a-f]+$'
	assert_line --regexp '^max \|bf16\(exp\(x\)\) - r\| = [0-9.e-]+ \(tolerance 0.05\), PCC 0\.99[0-9]+$'
	assert_line "PASS: exp of 65536 elements (64 tiles) within 0.05"
	assert_clean
}

@test "eltwise-sfpu: the check catches a kernel that skips exp_tile" {
	need_numpy
	script=$(mutate eltwise-sfpu 's/^\t\texp_tile(dst);$//' compute.cpp)
	run ! grep -q 'exp_tile(dst)' "$(dirname "$script")/compute.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 65536 elements off by more than 0.05'
	refute_line --partial PASS
	assert_clean
}

@test "profiler: zones of all five RISCs in programs/profiler/profile, nested, ending after they start, PASS" {
	need_numpy
	run -0 ttfs_guard 300 "$EXAMPLES/profiler/run" "$MNT"
	assert_line --regexp '^profiler: exp of 8 tiles of bfloat16, profiled, pf-in at 0x[0-9a-f]+ -> pf-out at 0x[0-9a-f]+$'
	for r in NCRISC BRISC TRISC_0 TRISC_1 TRISC_2; do
		assert_line --regexp "^$r +(reader|writer|compute): [0-9]+ clock, [0-9]+ instructions; 8 (read|write|exp)-tile zones inside\$"
	done
	assert_line "PASS: exp of 8192 elements within 0.05; profile: 92 records, every zone nested and ending after it starts"
	assert_clean
}

@test "profiler: the check catches a missing zone and a zone that is not the kernel's" {
	need_numpy
	script=$(mutate profiler 's/^\t\tDeviceZoneScopedN("read-tile");$//' reader.cpp)
	run ! grep -q '"read-tile"' "$(dirname "$script")/reader.cpp"
	sed -i 's/DeviceRecordEvent(7)/DeviceRecordEvent(8)/' "$(dirname "$script")/writer.cpp"
	grep -q 'DeviceRecordEvent(8)' "$(dirname "$script")/writer.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line "FAIL: profile: NCRISC: 1 reader zone(s) and 0 read-tile zones inside, of 1; want 1 and 8"
	assert_line "FAIL: profile: TS_EVENT rows: [('BRISC', '8')]; want event 7 on BRISC"
	refute_line --partial PASS
	assert_clean
}

@test "add1-sfpi: raw SFPI dst_reg[v] + scalar, legacy NAMESPACE/MAIN, within 1e-2, PASS" {
	need_numpy
	run -0 ttfs_guard 300 "$EXAMPLES/add1-sfpi/run" "$MNT"
	assert_line --regexp '^add1-sfpi: 64 tiles of bfloat16 \+ 1.0 in raw SFPI, a1-in at 0x[0-9a-f]+ -> a1-out at 0x[0-9a-f]+$'
	assert_line --regexp '^max \|x \+ 1.0 - r\| = [0-9.e-]+ \(tolerance 0.01\), PCC 0\.99[0-9]+$'
	assert_line "PASS: x + 1.0 for 65536 elements (64 tiles) within 0.01"
	assert_clean
}

@test "add1-sfpi: the check catches a subtraction, and a scalar of 2.0 from args" {
	need_numpy
	script=$(mutate add1-sfpi 's/dst_reg\[v\] + scalar/dst_reg[v] - scalar/' compute.cpp)
	grep -q 'dst_reg\[v\] - scalar' "$(dirname "$script")/compute.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: 65536 of 65536 elements off by more than 0.01'
	assert_clean
	sed -i 's/dst_reg\[v\] - scalar/dst_reg[v] + scalar/; ' "$(dirname "$script")/compute.cpp"
	sed -i 's/^args = 64 1.0f/args = 64 2.0f/' "$(dirname "$script")/args"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: 65536 of 65536 elements off by more than 0.01; first at element 0 \(tile 0\): [0-9.e-]+ \+ 1.0 = [0-9.e-]+, got [0-9.e-]+$'
	assert_clean
}

@test "ttnn-unary: gelu then + 1 as ttnn's SFPU_OP_CHAIN_0 defines, within 4e-2, PASS" {
	need_numpy
	run -0 ttfs_guard 300 "$EXAMPLES/ttnn-unary/run" "$MNT"
	assert_line --regexp '^ttnn-unary: gelu\(x\) \+ 1 of 32 tiles of bfloat16 by SFPU_OP_CHAIN_0, tu-in at 0x[0-9a-f]+ -> tu-out at 0x[0-9a-f]+$'
	assert_line --regexp '^max \|gelu\(x\) \+ 1 - r\| = [0-9.e-]+ \(tolerance 0.04\), PCC 0\.99[0-9]+$'
	assert_line "PASS: gelu(x) + 1 of 32768 elements (32 tiles) within 0.04"
	assert_clean
}

@test "ttnn-unary: the check catches a chain without its second op" {
	need_numpy
	script=$(mutate ttnn-unary 's/SFPU_OP_CHAIN_0_INIT_1 SFPU_OP_CHAIN_0_FUNC_1 "/"/' args)
	run ! grep -q 'SFPU_OP_CHAIN_0_FUNC_1 "' "$(dirname "$script")/args"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 32768 elements off by more than 0.04'
	refute_line --partial PASS
	assert_clean
}

@test "custom-sfpi: smoothstep(a + b) by custom SFPU faces through tt-llk's params helpers, PASS" {
	need_numpy
	run -0 ttfs_guard 300 "$EXAMPLES/custom-sfpi/run" "$MNT"
	assert_line --regexp '^custom-sfpi: smoothstep\(a \+ b\) of 64 tiles of bfloat16 in custom SFPI, cs-a at 0x[0-9a-f]+ \+ cs-b at 0x[0-9a-f]+ -> cs-out at 0x[0-9a-f]+$'
	assert_line --regexp '^max \|smoothstep\(a \+ b\) - r\| = [0-9.e-]+ \(tolerance 0.02\), PCC 0\.99[0-9]+$'
	assert_line "PASS: smoothstep(a + b) for 65536 elements (64 tiles) within 0.02"
	assert_clean
}

@test "custom-sfpi: the check catches a - b, and a missing clamp" {
	need_numpy
	script=$(mutate custom-sfpi 's/dst_reg\[out \* vectors_per_tile + i\] = a + b;/dst_reg[out * vectors_per_tile + i] = a - b;/' compute.cpp)
	grep -q '= a - b;' "$(dirname "$script")/compute.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 65536 elements off by more than 0.02'
	assert_clean
	sed -i 's/= a - b;/= a + b;/; s/^\t\tv_if (t < vConst0) { t = vConst0; }$/\t\tv_if (t < -1.0f) { t = vConst0; }/' \
		"$(dirname "$script")/compute.cpp"
	grep -q 'v_if (t < -1.0f)' "$(dirname "$script")/compute.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 65536 elements off by more than 0.02'
	assert_clean
}

@test "softmax: rows of a 64 x 128 bf16 matrix by reduce MAX/SUM, bcast, exp and recip, within 3e-3, PASS" {
	need_numpy
	run -0 ttfs_guard 300 "$EXAMPLES/softmax/run" "$MNT"
	assert_line --regexp '^softmax: rows of a 64 x 128 bfloat16 matrix, sm-in at 0x[0-9a-f]+ -> sm-out at 0x[0-9a-f]+$'
	assert_line --regexp '^row sums of r: 0\.9[0-9]+ \.\. 1\.0[0-9]+$'
	assert_line --regexp '^max \|softmax\(x\) - r\| = [0-9.e-]+ \(tolerance 0.003\), PCC 0\.99[0-9]+$'
	assert_line "PASS: softmax of 64 rows of 128 within 0.003"
	assert_clean
}

@test "softmax: the check catches the max broadcast along rows, and a missing recip" {
	need_numpy
	script=$(mutate softmax 's/sub_tiles_bcast_cols(cb_x, cb_max, w, 0, 0);/sub_tiles_bcast_rows(cb_x, cb_max, w, 0, 0);/' compute.cpp)
	grep -q 'sub_tiles_bcast_rows(cb_x' "$(dirname "$script")/compute.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 8192 elements off by more than 0.003'
	assert_clean
	sed -i 's/sub_tiles_bcast_rows(cb_x/sub_tiles_bcast_cols(cb_x/; s/^\t\trecip_tile(0);$//' "$(dirname "$script")/compute.cpp"
	run ! grep -q 'recip_tile(0)' "$(dirname "$script")/compute.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 8192 elements off by more than 0.003'
	assert_clean
}

@test "tilize-pipeline: row-major x tilized, squared, untilized on the device, bit exact, PASS" {
	need_numpy
	run -0 ttfs_guard 300 "$EXAMPLES/tilize-pipeline/run" "$MNT"
	assert_line --regexp '^tilize-pipeline: x \* x of a row-major 64 x 96 bfloat16 matrix, tp-in at 0x[0-9a-f]+ -> tp-out at 0x[0-9a-f]+$'
	assert_line "PASS: 6144 elements of x * x, row-major in and out, bit exact"
	assert_clean
}

@test "tilize-pipeline: the check catches a missing untilize, and tiles read as rows" {
	need_numpy
	script=$(mutate tilize-pipeline 's/pack_untilize_block<wt>(cb_sq, 1, cb_out);/pack_tile_block(0, cb_out, 0);/' compute.cpp)
	grep -q 'pack_tile_block(0, cb_out, 0);' "$(dirname "$script")/compute.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 6144 elements differ; first at row [0-9]+ column [0-9]+'
	assert_clean
	# Untilize back in, but tilize with one tile per block: each tile takes
	# 32 rows of 32 values from one page, which is not a tile's data.
	sed -i 's/pack_tile_block(0, cb_out, 0);/pack_untilize_block<wt>(cb_sq, 1, cb_out);/; s/tilize_block(cb_rows, wt, cb_tiles);/for (uint32_t t = 0; t < wt; t++) tilize_block(cb_rows, 1, cb_tiles, t, t);/' \
		"$(dirname "$script")/compute.cpp"
	run -1 ttfs_guard 300 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 6144 elements differ'
	assert_clean
}

@test "matmul: 640^3 bf16 on one core, tilized by numpy and by ttfs-tile, PCC > 0.97, PASS" {
	need_numpy
	run -0 ttfs_guard 600 "$EXAMPLES/matmul/run" "$MNT"
	assert_line "matmul: 640 x 640 x 640 bfloat16 on core 0,0, tilized by numpy: 400 output tiles of 20 tile products each"
	assert_line --regexp '^PCC 0\.99[0-9]+ \(need > 0.97\), max \|C - A.B\| = [0-9.e-]+ '
	assert_line --regexp '^PASS: 640x640x640 matmul, PCC 0\.99[0-9]+ > 0.97$'
	assert_clean
	[ -n "${TTFS_TILE_BIN:-}" ] || skip "TTFS_TILE_BIN not set"
	run -0 ttfs_guard 600 "$EXAMPLES/matmul/run" "$MNT" --seed 7 --tile-tool "$TTFS_TILE_BIN"
	assert_line --partial "tilized by ttfs-tile"
	assert_line --regexp '^PASS: 640x640x640 matmul, PCC 0\.99[0-9]+ > 0.97$'
	assert_clean
}

@test "matmul: the check catches B's tiles read transposed" {
	need_numpy
	script=$(mutate matmul 's/kt \* Nt + nt, b,/nt * Kt + kt, b,/' reader.cpp)
	grep -q 'nt \* Kt + kt, b,' "$(dirname "$script")/reader.cpp"
	run -1 ttfs_guard 600 "$script" "$MNT"
	assert_line --regexp '^FAIL: PCC -?0\.[0-9]+ is not above 0.97; worst at C\([0-9]+, [0-9]+\)'
	refute_line --partial PASS
	assert_clean
}

@test "matmul-multicore: 16 cores, 25 output tiles each by per-core args, PCC > 0.97, PASS" {
	need_numpy
	run -0 ttfs_guard 600 "$EXAMPLES/matmul-multicore/run" "$MNT"
	assert_line "matmul-multicore: 640 x 640 x 640 bfloat16 over 16 cores, 25 output tiles each"
	assert_line --regexp '^  core 0,0: tiles 0\.\.24 PCC 0\.99[0-9]+$'
	assert_line --regexp '^  core 7,1: tiles 375\.\.399 PCC 0\.99[0-9]+$'
	refute_line --partial WRONG
	assert_line --regexp '^PASS: 640x640x640 matmul on 16 cores, PCC 0\.99[0-9]+ > 0.97$'
	assert_clean
}

@test "matmul-multicore: without its reader override a core computes the wrong block, and the check names it" {
	need_numpy
	script=$(mutate matmul-multicore '/^args.3,1 = @mmc-a/d' args)
	run ! grep -q '^args.3,1 = @mmc-a' "$(dirname "$script")/args"
	run -1 ttfs_guard 600 "$script" "$MNT"
	assert_line --regexp '^  core 3,1: tiles 275\.\.299 PCC -?[0-9.]+ WRONG$'
	assert_line --regexp '^  core 2,1: tiles 250\.\.274 PCC 0\.99[0-9]+$'
	assert_line --regexp '^FAIL: the product differs from A.B'
	assert_clean
}

@test "multicast: one program, a sender on 0,0 and receivers on 1-3,0 (two kernel groups), PASS" {
	need_numpy
	run -0 ttfs_guard 120 "$EXAMPLES/multicast/run" "$MNT"
	assert_line "multicast: 16 pages of 1024 bytes from core 0,0 to 3 receivers on 1-3,0"
	assert_line "  group 0,0: brisc sender (sender.cpp)"
	assert_line "  group 1-3,0: ncrisc receiver (receiver.cpp)"
	assert_line "  core 3,0 done"
	assert_line "  core 2,0: 16 pages times 5 match"
	assert_line "PASS: 16 pages multicast to 3 cores, each scaled as its args say"
	assert_clean
	# Each core says what it ran.
	run -0 cat "$MNT/cores/1,0/status"
	assert_line "program multicast ended"
	assert_line "kernel ncrisc receiver (receiver.cpp)"
	assert_equal "$(cat "$MNT/cores/0,0/dprint")" "brisc: sender: 16 pages to 3 receivers"
	assert_equal "$(cat "$MNT/cores/3,0/dprint")" "ncrisc: receiver 2: 16 pages times 7"
}

@test "multicast: the check catches receivers that skip their scale, core by core" {
	need_numpy
	script=$(mutate multicast 's/scaled\[w\] = page\[w\] \* scale;/scaled[w] = page[w];/' receiver.cpp)
	grep -q 'scaled\[w\] = page\[w\];' "$(dirname "$script")/receiver.cpp"
	run -1 ttfs_guard 120 "$script" "$MNT"
	assert_line --regexp '^  core 1,0 \(x3\): [0-9]+ of 4096 words differ; first word [0-9]+ \(page [0-9]+\): 0x[0-9a-f]{8}, want 0x[0-9a-f]{8}$'
	assert_line --regexp '^  core 3,0 \(x7\): [0-9]+ of 4096 words differ'
	assert_line "FAIL: a receiver's pages differ"
	refute_line --partial PASS
	assert_clean
}

@test "sharded-add: a + b over 4x6 tiles block-sharded on six cores, CBs on the shards, PASS" {
	need_numpy
	run -0 ttfs_guard 120 "$EXAMPLES/sharded-add/run" "$MNT"
	assert_line --regexp '^sharded-add: 4x6 tiles of bfloat16, 2x2 per core on 0-2,0-1; sa-a at 0x[0-9a-f]+, sa-b at 0x[0-9a-f]+, sa-c at 0x[0-9a-f]+ on every core$'
	assert_line "  core 2,1 done"
	assert_line --regexp '^max \|a \+ b - r\| = [0-9.e-]+ \(tolerance 0.01\), PCC 0\.99[0-9]+$'
	assert_line "core 1,0: tiles 2 3 8 9"
	assert_line "core 0,1: tiles 12 13 18 19"
	assert_line "PASS: 24576 elements (24 tiles) of a + b within 0.01, each core's shard in its own L1"
	assert_clean
}

@test "sharded-add: the check catches CB 1 on the wrong buffer" {
	need_numpy
	script=$(mutate sharded-add 's/^buffer = sa-b$/buffer = sa-a/' args)
	grep -q '^buffer = sa-a$' <(sed -n '/^\[cb.1\]/,/^\[/p' "$(dirname "$script")/args")
	run -1 ttfs_guard 120 "$script" "$MNT"
	assert_line --regexp '^FAIL: [0-9]+ of 24576 elements off by more than 0.01; first at element [0-9]+ \(tile [0-9]+\)'
	refute_line --partial PASS
	assert_clean
}

@test "noc-tile-transfer: tt-metal's NoC_tile_transfer, four kernels in two groups, one tile bit-exact, PASS" {
	need_numpy
	run -0 ttfs_guard 120 "$EXAMPLES/noc-tile-transfer/run" "$MNT"
	assert_line --regexp '^noc-tile-transfer: 1 tile of uint16, ntt-src at 0x[0-9a-f]+ -> core 0,0 -> core 0,1 -> ntt-dst at 0x[0-9a-f]+$'
	assert_line "  group 0,0: brisc writer0 (writer0.cpp), ncrisc reader0 (reader0.cpp)"
	assert_line "  group 0,1: brisc writer1 (writer1.cpp), ncrisc reader1 (reader1.cpp)"
	assert_line "  core 0,1 done"
	assert_line "  dprint 0,0: brisc: writer0: tile sent to core 1-3"
	assert_line "  dprint 0,1: ncrisc: reader1: tile received in CB 1"
	assert_line "PASS: 1024 uint16 values (2048 bytes) sent from core 0,0 to core 0,1 over the NOC, bit-exact"
	assert_clean
	# Another tile: the check is not of one fixed answer.
	run -0 ttfs_guard 120 "$EXAMPLES/noc-tile-transfer/run" "$MNT" --seed 7
	assert_line --partial "PASS"
	assert_clean
}

@test "noc-tile-transfer: the check catches a tile sent into the wrong CB of core 0,1" {
	need_numpy
	script=$(mutate noc-tile-transfer 's/get_write_ptr(cb_out));/get_write_ptr(cb_in));/' writer0.cpp)
	grep -q 'get_write_ptr(cb_in));' "$(dirname "$script")/writer0.cpp"
	# cb_out is then unused, which -Wall only warns about. A seed no run
	# before used: core 0,1's c_1 holds a tile of an earlier run.
	run -1 ttfs_guard 120 "$script" "$MNT" --seed 3
	assert_line --regexp '^FAIL: [0-9]+ of 1024 values differ; first at [0-9]+: sent [0-9]+, got [0-9]+$'
	refute_line --partial PASS
	assert_clean
}
