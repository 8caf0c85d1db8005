#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The data-movement API beyond the basics (runtime/kernel/README.md): the host
# headers tt-metal's JIT puts on a kernel's include path, the std names its
# headers make visible, the stateful and transaction-id NOC calls, the
# experimental object API (Noc, CircularBuffer, CoreLocalMem, endpoints),
# ttnn's kernel-side helpers and Metal 2.0 entry points. Kernels of our own
# (dataflow_api/) run on the simulator; the bytes they move are checked.

load helpers
load program_helpers

DK="$BATS_TEST_DIRNAME/dataflow_api"
OUT=0x160000

setup_file() {
	mkdir -p "$BATS_FILE_TMPDIR/cache"
	ttfs_mount -o cache_dir="$BATS_FILE_TMPDIR/cache"
}
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	remove_programs
	ttfs_remove_buffers
}

# one_kernel NAME FILE PROCESSOR ARGS [EXTRA-KEY-LINES]: a program with one
# kernel on core 0,0 from dataflow_api/FILE.
one_kernel() {
	mkdir "$P/$1"
	cp "$DK/$2" "$P/$1/$2"
	run -0 pyset "$P/$1/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[kernel.k]
	source = $2
	processor = $3
	args = $4
	${5:-}
	INI
	assert_output ok
}

@test "tt-metalium/constants.hpp and buffer_types.hpp are on the include path; std::min and max need no include" {
	one_kernel consts constants.cpp brisc "$OUT 7 3"
	run -0 run_prog consts
	assert_output ok
	run -0 words 0,0 $OUT 10 dec
	# TILE 32x32, 1024; FACE 16x16, 256; bfp8 tile 1088 and bfp4 576 bytes
	# (tt-metal's values); min/max of 7 and 3; uint16 max; BufferType::L1.
	assert_output "32032 1024 16016 256 1088 576 3 7 65535 1"
}

# fill_l1 CORE ADDR FILE: FILE's bytes into a core's L1 at ADDR.
fill_l1() { dd if="$3" of="$MNT/cores/$1/l1" bs=4096 seek=$(($2)) oflag=seek_bytes conv=notrunc status=none; }

# l1_file CORE ADDR LEN FILE: LEN bytes of a core's L1 at ADDR into FILE.
l1_file() { dd if="$MNT/cores/$1/l1" of="$4" bs=4096 skip=$(($2)) count=$(($3)) iflag=skip_bytes,count_bytes status=none; }

@test "stateful and transaction-id reads and writes move the bytes; riscv_wait waits its cycles" {
	local n=10 chunk=2048 src=0x100000 dst=0x140000
	head -c $((n * chunk)) /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	fill_l1 1,0 $src "$BATS_TEST_TMPDIR/in.bin"
	# Core 1,0 is NOC (2,2), 2,0 is (3,2), 3,0 is (4,2).
	one_kernel st stateful.cpp brisc "2 2 $src 3 2 $dst 4 2 $n $chunk 0x120000 5000 $OUT"
	run -0 run_prog st
	assert_output ok
	l1_file 2,0 $dst $((n * chunk)) "$BATS_TEST_TMPDIR/out.bin"
	cmp "$BATS_TEST_TMPDIR/in.bin" "$BATS_TEST_TMPDIR/out.bin"
	l1_file 3,0 $dst $((n * chunk)) "$BATS_TEST_TMPDIR/out2.bin"
	cmp "$BATS_TEST_TMPDIR/in.bin" "$BATS_TEST_TMPDIR/out2.bin"
	run -0 words 0,0 $OUT 1 dec
	[ "$output" -ge 5000 ] || fail "riscv_wait(5000) took $output cycles"
}

# dram_buffer NAME PAGES: a DRAM buffer of PAGES 2 KiB pages.
dram_buffer() {
	mkdir "$MNT/dram/buffers/$1"
	echo 2048 >"$MNT/dram/buffers/$1/page_size"
	echo $(($2 * 2048)) >"$MNT/dram/buffers/$1/size"
}

@test "the object API in both spellings: Noc, CircularBuffer, DataflowBuffer and TensorAccessor pages DRAM -> CB -> DRAM" {
	local n=8
	dram_buffer in $n
	dram_buffer out $n
	head -c $((n * 2048)) /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/in/data"
	mkdir "$P/obj"
	cp "$DK/obj_reader.cpp" "$DK/obj_writer.cpp" "$P/obj/"
	run -0 pyset "$P/obj/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[cb.0]
	format = Float16_b
	pages = 2
	[kernel.rd]
	source = obj_reader.cpp
	processor = ncrisc
	noc = 1
	compile_args = accessor(in)
	args = @in $n
	[kernel.wr]
	source = obj_writer.cpp
	processor = brisc
	noc = 0
	compile_args = accessor(out)
	args = @out $n
	INI
	assert_output ok
	run -0 run_prog obj
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/out/data"
}

@test "object API endpoints: CoreLocalMem, UnicastEndpoint, MulticastEndpoint, AllocatorBank, read and write state, inline write" {
	local words=64 remote=0x150000 local=0x120000
	dram_buffer bank 1
	local bank_addr
	bank_addr=$(cat "$MNT/dram/buffers/bank/address")
	# Core 1,0 is NOC (2,2); the multicast covers 2,0 and 3,0: x 3..4.
	one_kernel ep endpoints.cpp brisc "2 2 $remote 3 4 $bank_addr $local $words $OUT"
	run -0 run_prog ep
	assert_output ok
	# The block: 0x5a000000 + i, on 1,0 (written, read back, written again
	# from DRAM with a write state), on 2,0 and 3,0 (multicast).
	python3 -c 'import struct, sys; sys.stdout.buffer.write(b"".join(struct.pack("<I", 0x5a000000 + i) for i in range(int(sys.argv[1]))))' $words >"$BATS_TEST_TMPDIR/block.bin"
	local bytes=$((words * 4))
	l1_file 1,0 $remote $bytes "$BATS_TEST_TMPDIR/a.bin"
	cmp "$BATS_TEST_TMPDIR/block.bin" "$BATS_TEST_TMPDIR/a.bin"
	l1_file 1,0 $((remote + 2 * bytes)) $bytes "$BATS_TEST_TMPDIR/c.bin"
	cmp "$BATS_TEST_TMPDIR/block.bin" "$BATS_TEST_TMPDIR/c.bin"
	for core in 2,0 3,0; do
		l1_file $core $((remote + bytes)) $bytes "$BATS_TEST_TMPDIR/m.bin"
		cmp "$BATS_TEST_TMPDIR/block.bin" "$BATS_TEST_TMPDIR/m.bin"
	done
	cmp "$BATS_TEST_TMPDIR/block.bin" <(head -c $bytes "$MNT/dram/buffers/bank/data")
	run -0 words 1,0 $((remote + 3 * bytes)) 1 dec
	assert_output $((0xC0FFEE))
	# is_local_bank(own x, y), the last word back from DRAM, bank - block.
	run -0 words 0,0 $OUT 3 dec
	assert_output "1 $((0x5a000000 + words - 1)) $((2 * words))"
}

UPSTREAM=ttnn/cpp/ttnn/operations/eltwise/unary/device/kernels/dataflow/ttnn_helpers.cpp

# ttnn_prog NAME [UPSTREAM-LINE]: ttnn_helpers.cpp on 0,0 with CB 1.
ttnn_prog() {
	mkdir "$P/$1"
	cp "$DK/ttnn_helpers.cpp" "$P/$1/"
	# Out at 0x120000; the scaler 1.0 in bfloat16, twice; pages at
	# 0x150000 of cores 1,0 (NOC 2,2) and 2,0 (NOC 3,2): the shard map
	# has one core a half word, the first in the high half.
	run -0 pyset "$P/$1/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[cb.1]
	format = Float16_b
	pages = 1
	[kernel.helpers]
	source = ttnn_helpers.cpp
	processor = brisc
	args = 0x120000 0x3f803f80 0x150000 8 256 0x02020302
	${2:-}
	INI
	assert_output ok
}

@test "ttnn's helpers build at their paths and by a path relative to upstream_path, and do what ttnn's do" {
	head -c 2048 /dev/urandom >"$BATS_TEST_TMPDIR/pages.bin"
	fill_l1 1,0 0x150000 <(head -c 1024 "$BATS_TEST_TMPDIR/pages.bin")
	fill_l1 2,0 0x150000 <(tail -c 1024 "$BATS_TEST_TMPDIR/pages.bin")
	ttnn_prog th "upstream_path = $UPSTREAM"
	run -0 run_prog th
	assert_output ok
	l1_file 0,0 0x120000 $((8192 + 2048)) "$BATS_TEST_TMPDIR/out.bin"
	# The host's reading of ttnn's helpers: scaler in the first row of each
	# face; scaler's low half at column 0 of every row; 0xFFFF kept in the
	# first 10 rows and 20 columns only; then the words and the pages.
	python3 - "$BATS_TEST_TMPDIR/out.bin" "$BATS_TEST_TMPDIR/pages.bin" <<-'PY'
	import struct, sys
	out = open(sys.argv[1], "rb").read()
	pages = open(sys.argv[2], "rb").read()
	u16 = lambda off, n: list(struct.unpack_from("<%dH" % n, out, off))
	def at(face_h, face_w, r, c):   # element (r, c) of a face, 16-bit
	    return (face_h * 2 + face_w) * 256 + r * 16 + c
	red, mm, pad = u16(0, 1024), u16(2048, 1024), u16(4096, 1024)
	for fh in range(2):
	    for fw in range(2):
	        for r in range(16):
	            for c in range(16):
	                i, row, col = at(fh, fw, r, c), fh * 16 + r, fw * 16 + c
	                assert red[i] == (0x3f80 if r == 0 else 0), ("reduce", row, col, red[i])
	                assert mm[i] == (0x3f80 if col == 0 else 0), ("mm", row, col, mm[i])
	                want = 0xFFFF if row < 10 and col < 20 else 0
	                assert pad[i] == want, ("pad", row, col, pad[i])
	words = struct.unpack_from("<3I", out, 6144)
	assert words == (2048, 3, 1), words
	assert out[8192:8192 + 2048] == pages, "sharded pages differ"
	PY
}

@test "a kernel including a ttnn helper by a relative path does not build without upstream_path" {
	ttnn_prog nu
	run -0 run_prog nu
	assert_output EIO
	run -0 grep "^error build of ttnn_helpers.cpp for brisc failed: ttnn_helpers.cpp:12:10: fatal error: ../../../../../kernel_helper_functions/pad_tile.hpp: No such file or directory" "$P/nu/status"
}

@test "bad upstream_path values are EINVAL, and status names the line and the reason" {
	local bad reason
	while IFS='|' read -r bad reason; do
		mkdir "$P/bu"
		cp "$DK/ttnn_helpers.cpp" "$P/bu/"
		run -0 pyset "$P/bu/args" <<-INI
		[program]
		cores = 0,0
		[kernel.helpers]
		source = ttnn_helpers.cpp
		processor = brisc
		upstream_path = $bad
		INI
		assert_output EINVAL
		run -0 grep "^error args:6: \[kernel.helpers\] upstream_path: .*$reason" "$P/bu/status"
		rmdir "$P/bu" 2>/dev/null || { rm -f "$P/bu/"*; rmdir "$P/bu"; }
	done <<-'CASES'
	/ttnn/cpp/ttnn/x.cpp|is absolute
	ttnn/../../etc/x.cpp|has an empty, '.' or '..' component
	ttnn//x.cpp|has an empty, '.' or '..' component
	ttnn/./x.cpp|has an empty, '.' or '..' component
	ttnn/kernels/|ends with '/'
	ttnn/my kernel.cpp|bad character ' '
	CASES
}

@test "compute_kernel_hw_startup starts a compute kernel that copies ttnn's reduce scaler tile" {
	mkdir "$P/hw"
	cp "$DK/scaler_reader.cpp" "$DK/startup_copy.cpp" "$DK/tile_writer.cpp" "$P/hw/"
	run -0 pyset "$P/hw/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[cb.0]
	format = Float16_b
	pages = 1
	[cb.16]
	format = Float16_b
	pages = 1
	[kernel.rd]
	source = scaler_reader.cpp
	processor = ncrisc
	noc = 1
	args = 0x40004000
	[kernel.cp]
	source = startup_copy.cpp
	processor = compute
	[kernel.wr]
	source = tile_writer.cpp
	processor = brisc
	args = 0x120000
	INI
	assert_output ok
	run -0 run_prog hw
	assert_output ok
	l1_file 0,0 0x120000 2048 "$BATS_TEST_TMPDIR/tile.bin"
	# 2.0 in bfloat16 in the first row of each face, zeros elsewhere.
	python3 - "$BATS_TEST_TMPDIR/tile.bin" <<-'PY'
	import struct, sys
	t = struct.unpack("<1024H", open(sys.argv[1], "rb").read())
	for i, v in enumerate(t):
	    want = 0x4000 if i % 256 < 16 else 0
	    assert v == want, (i, hex(v))
	PY
}

@test "ttnn's broadcast scalar tiles hold the scalar in column 0, row 0 and element 0, zeros elsewhere" {
	mkdir "$P/bs"
	cp "$DK/bcast_scalars.cpp" "$P/bs/"
	run -0 pyset "$P/bs/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[cb.16]
	format = Float16_b
	pages = 1
	[kernel.bs]
	source = bcast_scalars.cpp
	processor = brisc
	args = 0x3fc03fc0 0x120000
	INI
	assert_output ok
	run -0 run_prog bs
	assert_output ok
	l1_file 0,0 0x120000 6144 "$BATS_TEST_TMPDIR/tiles.bin"
	# 1.5 in bfloat16 (0x3fc0) where each broadcast reads it.
	python3 - "$BATS_TEST_TMPDIR/tiles.bin" <<-'PY'
	import struct, sys
	t = struct.unpack("<3072H", open(sys.argv[1], "rb").read())
	def at(r, c):
	    return (r // 16 * 2 + c // 16) * 256 + r % 16 * 16 + c % 16
	for k, hit in enumerate((lambda r, c: c == 0, lambda r, c: r == 0, lambda r, c: r == c == 0)):
	    for r in range(32):
	        for c in range(32):
	            want = 0x3FC0 if hit(r, c) else 0
	            assert t[k * 1024 + at(r, c)] == want, (k, r, c, hex(t[k * 1024 + at(r, c)]))
	PY
}

# metal2_prog NAME SOURCE-FILE [EXTRA-LINES]: a Metal 2.0 kernel on 0,0.
metal2_prog() {
	mkdir "$P/$1"
	cp "$2" "$P/$1/metal2.cpp"
	run -0 pyset "$P/$1/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[kernel.m2]
	source = metal2.cpp
	processor = brisc
	named_compile_args = block=3 scale=10
	arg_names = out n
	common_arg_names = bias
	args = $OUT 4 7 8 9 10
	common_args = 100 55
	${3:-}
	INI
	assert_output ok
}

@test "Metal 2.0: a TT_KERNEL entry gets its named compile-time, runtime and common args; varargs follow the names" {
	metal2_prog m2 "$DK/metal2.cpp"
	run -0 run_prog m2
	assert_output ok
	# block scale n bias, n*scale+bias, varargs 7..10 times block, common vararg 0.
	run -0 words 0,0 $OUT 10 dec
	assert_output "3 10 4 100 140 21 24 27 30 55"
}

@test "Metal 2.0: a TT_KERNEL entry the build cannot call fails the build, naming the line and why" {
	local case src want
	while IFS='|' read -r case want; do
		src="$BATS_TEST_TMPDIR/$case.cpp"
		case $case in
		unnamed) sed 's/uint32_t bias)/uint32_t bias, uint32_t bogus)/' "$DK/metal2.cpp" >"$src" ;;
		missing) sed 's/, uint32_t bias)/)/; s/ + get_arg(args::bias)//; s/= bias;/= 0;/' "$DK/metal2.cpp" >"$src" ;;
		type) sed 's/const uint32_t n,/int n,/' "$DK/metal2.cpp" >"$src" ;;
		twice) { cat "$DK/metal2.cpp"; echo 'TT_KERNEL void other() {}'; } >"$src" ;;
		notvoid) sed 's/TT_KERNEL void copy_scaled/TT_KERNEL int copy_scaled/' "$DK/metal2.cpp" >"$src" ;;
		esac
		metal2_prog "m2$case" "$src"
		want=${want/LAST/$(wc -l <"$src")}
		run -0 run_prog "m2$case"
		assert_output EIO
		run -0 grep -F "error build of metal2.cpp failed: metal2.cpp:$want" "$P/m2$case/status"
	done <<-'CASES'
	unnamed|10: TT_KERNEL entry 'copy_scaled' does not match the args section: parameters the section does not name: bogus (not in arg_names or common_arg_names); named args it does not take: none
	missing|10: TT_KERNEL entry 'copy_scaled' does not match the args section: parameters the section does not name: none; named args it does not take: bias
	type|10: TT_KERNEL entry 'copy_scaled': parameter 'int n' is not uint32_t
	twice|LAST: a second TT_KERNEL entry (the first is at line 10)
	notvoid|10: TT_KERNEL: the entry must return void
	CASES
}

@test "bad arg_names and common_arg_names are EINVAL, and status names the line and the reason" {
	local keys want
	while IFS='|' read -r keys want; do
		mkdir "$P/an"
		cp "$DK/metal2.cpp" "$P/an/"
		run -0 pyset "$P/an/args" <<-INI
		[program]
		cores = 0,0
		[kernel.m2]
		source = metal2.cpp
		processor = brisc
		args = 1 2
		${keys//<NL>/$'\n'}
		INI
		assert_output EINVAL
		run -0 grep -F "error $want" "$P/an/status"
		rmdir "$P/an"
	done <<-'CASES'
	arg_names = 2x|args:7: [kernel.m2] arg_names: bad name '2x' (a C identifier of at most 48 characters)
	arg_names = a a|args:7: [kernel.m2] arg_names: a is given twice
	arg_names = a b c|args:7: [kernel.m2] arg_names: 3 names, but args (line 6) has 2 words
	common_arg_names = z|args:7: [kernel.m2] common_arg_names: 1 names, but common_args has 0 words
	arg_names = a<NL>named_compile_args = a=1|args:8: [kernel.m2] named_compile_args: 'a' is also in arg_names (line 7): get_arg(args::a) must name one arg
	CASES
}

# metal2_bound NAME [READER-EXTRA]: reader, compute and writer of
# dataflow_api/m2_*.cpp on 0,0, Metal 2.0 kernels with dfb::, sem::,
# tensor:: and scratch:: bindings and named args set by name: pages 1 and
# 2 of DRAM buffer src through CB 0, DST and CB 16 into dst, the
# scratchpad the L1 buffer spad (256 bytes on 0,0).
metal2_bound() {
	mkdir "$MNT/l1/buffers/spad"
	echo 64 >"$MNT/l1/buffers/spad/page_size"
	echo height_sharded >"$MNT/l1/buffers/spad/layout"
	echo 0,0 >"$MNT/l1/buffers/spad/shard_cores"
	echo "4 1" >"$MNT/l1/buffers/spad/shard_shape"
	echo "4 1" >"$MNT/l1/buffers/spad/tensor_shape"
	echo 256 >"$MNT/l1/buffers/spad/size"
	mkdir "$P/$1"
	cp "$DK/m2_reader.cpp" "$DK/m2_compute.cpp" "$DK/m2_writer.cpp" "$P/$1/"
	run -0 pyset "$P/$1/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	semaphores = 0
	[cb.0]
	format = Float16_b
	pages = 2
	[cb.16]
	format = Float16_b
	pages = 2
	[kernel.rd]
	source = m2_reader.cpp
	processor = ncrisc
	noc = 1
	tensor_names = in=src
	dfb_names = to_compute=0
	semaphore_names = done=0
	arg_names = start n
	args = n=2 start=1 5
	${2:-}
	[kernel.cp]
	source = m2_compute.cpp
	processor = compute
	dfb_names = from_reader=0 to_writer=16
	arg_names = n
	args = n=2
	[kernel.wr]
	source = m2_writer.cpp
	processor = brisc
	noc = 0
	tensor_names = out=dst
	dfb_names = from_compute=16
	semaphore_names = done=0
	scratch_names = pad=spad
	arg_names = result step
	args = step=5 result=$OUT
	common_arg_names = n
	common_args = 77 n=2
	INI
	assert_output ok
}

@test "Metal 2.0 bindings: dfb::, sem::, tensor:: and scratch:: from the args section, named args set by name, on reader, compute and writer" {
	dram_buffer src 4
	dram_buffer dst 2
	# Finite bfloat16 values, so the copy through DST keeps every bit.
	python3 -c 'import random, struct, sys; random.seed(7); sys.stdout.buffer.write(b"".join(struct.pack("<f", random.uniform(-8, 8))[2:] for _ in range(4096)))' >"$BATS_TEST_TMPDIR/src.bin"
	cp "$BATS_TEST_TMPDIR/src.bin" "$MNT/dram/buffers/src/data"
	metal2_bound bound
	run -0 run_prog bound
	assert_output ok
	# Pages 1 and 2 of src, the scratchpad's 256 bytes over the start of
	# the second.
	python3 - "$BATS_TEST_TMPDIR/src.bin" "$MNT/dram/buffers/dst/data" <<-'PY'
	import struct, sys
	src, dst = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
	pad = b"".join(struct.pack("<I", 3 * i) for i in range(64))
	want = src[2048:4096] + pad + src[4096 + 256:6144]
	assert dst == want, [i for i in range(4096) if dst[i] != want[i]][:8]
	PY
	# The common vararg after n and the addresses of dst and spad, dst's
	# address, step, the scratchpad's 64 words at spad's address.
	local spad=$(($(cat "$MNT/l1/buffers/spad/address")))
	run -0 words 0,0 $OUT 5 dec
	assert_output "77 $(($(cat "$MNT/dram/buffers/dst/address"))) 5 64 $spad"
	run -0 words 0,0 $spad 64 dec
	assert_output "$(seq -s ' ' 0 3 189)"
}

@test "Metal 2.0: scratch:: with no scratch_names and LocalTensorAccessor fail the build, saying so" {
	dram_buffer src 4
	dram_buffer dst 2
	metal2_bound scr
	sed -i 's|^\tSemaphore(sem::done)|\tauto s = scratch::pad;\n&|' "$P/scr/m2_reader.cpp"
	run -0 run_prog scr
	assert_output EIO
	run -0 grep -F "error build of m2_reader.cpp failed: m2_reader.cpp:26: scratch:: names a Metal 2.0 scratchpad binding, and the args section binds none (scratch_names = NAME=L1BUFFER)" "$P/scr/status"
	ttfs_remove_buffers
	dram_buffer src 4
	dram_buffer dst 2
	metal2_bound lta
	sed -i 's|^\tSemaphore(sem::done)|\tLocalTensorAccessor<uint32_t> l(tensor::in);\n&|' "$P/lta/m2_reader.cpp"
	run -0 run_prog lta
	assert_output EIO
	run -0 grep -F "LocalTensorAccessor (Metal 2.0: an L1 tensor read in place) is not in ttfs's kernel SDK yet" "$P/lta/status"
}

@test "Metal 2.0 named args by name: a name not in arg_names, one given twice or left out is EINVAL, naming it" {
	local line want
	while IFS='|' read -r line want; do
		mkdir "$P/bn"
		cp "$DK/m2_reader.cpp" "$P/bn/"
		run -0 pyset "$P/bn/args" <<-INI
		[program]
		cores = 0,0
		[kernel.rd]
		source = m2_reader.cpp
		processor = ncrisc
		arg_names = start n
		$line
		INI
		assert_output EINVAL
		run -0 grep -F "error args:7: [kernel.rd] $want" "$P/bn/status"
		rmdir "$P/bn"
	done <<-'CASES'
	args = n=2 bogus=1 5|args: bogus= names no arg of arg_names
	args = n=2 n=3 start=0|args: n is given twice
	args = n=2 5|args: no value for start (give start=VALUE: with one named arg given by name, all of arg_names are)
	dfb_names = to_compute=0 other=32|dfb_names: other=32: a CB index is 0..31
	semaphore_names = done=16|semaphore_names: done=16: a semaphore id is 0..15
	tensor_names = in|tensor_names: bad 'in' (want NAME=BUFFER, NAME a C identifier of at most 48 characters)
	CASES
}

@test "the Semaphore object: a remote up, down, local up, set_multicast and wait between two cores" {
	mkdir "$P/sem"
	cp "$DK/semaphore.cpp" "$P/sem/"
	# Core 0,0 is NOC (1,2), 1,0 is (2,2).
	run -0 pyset "$P/sem/args" <<-INI
	[program]
	cores = 0-1,0
	timeout_ms = 60000
	[semaphore.0]
	cores = 0-1,0
	value = 0
	[kernel.s]
	source = semaphore.cpp
	processor = brisc
	args.0,0 = 0 2 2 $OUT
	args.1,0 = 1 1 2 $OUT
	INI
	assert_output ok
	run -0 run_prog sem
	assert_output ok
	# The first sees the 9 multicast to it; the second had 0 left after
	# down(3), then 0 + 6 + 3.
	run -0 words 0,0 $OUT 1 dec
	assert_output 9
	run -0 words 1,0 $OUT 2 dec
	assert_output "9 0"
}

@test "Semaphore::inc_multicast adds to the semaphore of every core of the rectangle with one atomic" {
	mkdir "$P/semm"
	cp "$DK/semaphore_mcast.cpp" "$P/semm/"
	# Cores 0..3,0 are NOC (1..4,2): 0,0 adds to 1..3,0.
	run -0 pyset "$P/semm/args" <<-INI
	[program]
	cores = 0-3,0
	timeout_ms = 60000
	[semaphore.0]
	cores = 0-3,0
	value = 0
	[kernel.s]
	source = semaphore_mcast.cpp
	processor = brisc
	args = 1 2 4 2 $OUT
	INI
	assert_output ok
	run -0 run_prog semm
	assert_output ok
	for c in 0,0 1,0 2,0 3,0; do
		run -0 words $c $OUT 1 dec
		out[${c%,0}]=$output
	done
	[ "${out[*]}" = "0 7 7 7" ] || fail "semaphores of cores 0..3,0: ${out[*]}"
}

# sharded_src_and_out N BANKS: DRAM buffer src of N 2048-byte pages,
# height-sharded 4 pages a shard over BANKS, holding in.bin's random bytes;
# out, interleaved, as large.
sharded_src_and_out() {
	local src="$MNT/dram/buffers/src"
	mkdir "$src"
	echo 2048 >"$src/page_size"
	echo height_sharded >"$src/layout"
	echo "$2" >"$src/shard_cores"
	echo "4 1" >"$src/shard_shape"
	echo "$1 1" >"$src/tensor_shape"
	echo $(($1 * 2048)) >"$src/size"
	dram_buffer out "$1"
	head -c $(($1 * 2048)) /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$src/data"
}

@test "PageView and ShardView: a sharded buffer shard by shard into L1, page by page to an interleaved one; a Page reads one back" {
	local scratch=0x120000
	# Four shards of 4 pages on DRAM banks 0..3; shard s is pages 4s..4s+3.
	sharded_src_and_out 16 0-3,0
	one_kernel views views.cpp brisc "@src @out 4 4 $scratch" "compile_args = accessor(src) accessor(out)"
	run -0 run_prog views
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/out/data"
	# The last shard read is still at scratch; page 0 after it, by its Page.
	l1_file 0,0 $scratch $((4 * 2048)) "$BATS_TEST_TMPDIR/shard.bin"
	cmp <(tail -c $((4 * 2048)) "$BATS_TEST_TMPDIR/in.bin") "$BATS_TEST_TMPDIR/shard.bin"
	l1_file 0,0 $((scratch + 4 * 2048)) 2048 "$BATS_TEST_TMPDIR/page0.bin"
	cmp <(head -c 2048 "$BATS_TEST_TMPDIR/in.bin") "$BATS_TEST_TMPDIR/page0.bin"
}

@test "a TRISC's CircularBuffer::get_tile_address and read_tile_value: the unpacker's answer, to all three threads" {
	mkdir "$P/cbt"
	cp "$DK/cb_filler.cpp" "$DK/cb_tiles.cpp" "$P/cbt/"
	run -0 pyset "$P/cbt/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[cb.0]
	format = Float16_b
	pages = 2
	[kernel.fill]
	source = cb_filler.cpp
	processor = brisc
	args = $((OUT + 48))
	[kernel.tiles]
	source = cb_tiles.cpp
	processor = compute
	args = $OUT
	INI
	assert_output ok
	run -0 run_prog cbt
	assert_output ok
	run -0 words 0,0 $((OUT + 48)) 2 dec
	local base=${output% *}
	# The BRISC's CircularBuffer::get_tile_hw of a 32x32 tile.
	assert_equal "${output#* }" 1024
	# Page 1 is 2048 bytes on; word 3 of page 1, word 7 of page 0.
	run -0 words 0,0 $OUT 12 dec
	assert_output "$(for t in unpack math pack; do printf '%s ' $base $((base + 2048)) $((0x1003)) 7; done | sed 's/ $//')"
}

@test "a store into a full Tensix mailbox faults the writer, naming the reader" {
	mkdir "$P/mbx"
	cp "$DK/mailbox_full.cpp" "$P/mbx/"
	run -0 pyset "$P/mbx/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[kernel.full]
	source = mailbox_full.cpp
	processor = compute
	INI
	assert_output ok
	run -0 run_prog mbx
	assert_output EIO
	run -0 grep '^core 0,0 fault' "$P/mbx/status"
	assert_output --partial "trisc0 pc"
	assert_output --partial "fault: mailbox to trisc1 full: 16 words it has not read (silicon would wait)"
}

@test "TensorAccessor's shard_pages() and pages(): every page of a sharded buffer once, padding skipped, each moved by its Page" {
	local n=10 scratch=0x120000
	# Three shards of 4 pages on DRAM banks 0..2: the last holds pages 8
	# and 9 and two padding slots.
	sharded_src_and_out $n 0-2,0
	one_kernel ranges page_ranges.cpp brisc "@src @out 3 $n $scratch $OUT" "compile_args = accessor(src) accessor(out)"
	run -0 run_prog ranges
	assert_output ok
	run -0 words 0,0 $OUT 1 dec
	assert_output $n
	cmp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/out/data"
}
