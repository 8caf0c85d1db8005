#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The tt-metal program model in programs/<name>/args (docs/programs-args.md):
# kernels on core ranges ([kernel.NAME]) forming kernel groups, CBs whose
# indices share one L1 range, 4-byte pages, semaphores on some cores, and
# every bad input of those, as a user sees them through the mount.

load helpers
load program_helpers

SDK_K="$BATS_TEST_DIRNAME/../unit/sdk/kernels"

setup_file() {
	mkdir -p "$BATS_FILE_TMPDIR/cache"
	ttfs_mount -o cache_dir="$BATS_FILE_TMPDIR/cache"
}
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	local d
	for d in "$MNT"/programs/*; do
		[ -d "$d" ] && { rmdir "$d" 2>/dev/null || echo "# teardown: rmdir $d failed" >&2; }
	done
	ttfs_remove_buffers
}

# A sender on 0,0 (BRISC) multicasts a page and semaphore 0 to receivers on
# 1-3,0 (NCRISC), which add their slot and write it to page `slot` of gout.
group_args() {
	cat <<-INI
	[program]
	cores = 0-3,0
	[cb.0]
	format = uint32
	pages = 1
	page_size = 2048
	[semaphore.0]
	cores = 1-3,0
	[kernel.sender]
	source = writer.cpp
	processor = brisc
	cores = 0,0
	args = 2 2 4 2 3 512 1000
	[kernel.receiver]
	source = reader.cpp
	processor = ncrisc
	noc = 0
	cores = 1-3,0
	args.1,0 = 0 512 @gout
	args.2,0 = 1 512 @gout
	args.3,0 = 2 512 @gout
	INI
}

@test "two kernel groups in one program: a sender on 0,0, receivers on 1-3,0, checked by data" {
	mkdir "$MNT/dram/buffers/gout"
	echo 2048 >"$MNT/dram/buffers/gout/page_size"
	echo 8192 >"$MNT/dram/buffers/gout/size"
	dd if=/dev/zero of="$MNT/dram/buffers/gout/data" bs=8192 count=1 status=none
	mkdir "$P/g"
	cp "$SDK_K/group_sender.cpp" "$P/g/writer.cpp"
	cp "$SDK_K/group_receiver.cpp" "$P/g/reader.cpp"
	run -0 pyset "$P/g/args" < <(group_args)
	assert_output ok
	run -0 run_prog g
	assert_output ok
	run -0 cat "$P/g/status"
	assert_line "state done"
	assert_line "core 0,0 done"
	assert_line "core 3,0 done"
	refute_line --partial "core 4,0"
	# Page s holds 1000 + 7i + s for i < 512; page 3 was never written.
	run -0 python3 -c '
import struct, sys
d = open(sys.argv[1], "rb").read()
w = struct.unpack("<2048I", d)
bad = [(s, i) for s in range(3) for i in range(512) if w[s * 512 + i] != 1000 + 7 * i + s]
print("bad", len(bad), "page3", sum(w[1536:]))
' "$MNT/dram/buffers/gout/data"
	assert_output "bad 0 page3 0"
	run -0 cat "$P/g/build/log"
	assert_line "== writer.cpp (kernel sender) for brisc =="
	assert_line "== reader.cpp (kernel receiver) for ncrisc =="
}

@test "status, cores/X,Y/status, cbs and device/grid say which kernel runs where" {
	mkdir "$MNT/dram/buffers/gout"
	echo 2048 >"$MNT/dram/buffers/gout/page_size"
	echo 8192 >"$MNT/dram/buffers/gout/size"
	mkdir "$P/w"
	cp "$SDK_K/group_sender.cpp" "$P/w/writer.cpp"
	cp "$SDK_K/group_receiver.cpp" "$P/w/reader.cpp"
	run -0 pyset "$P/w/args" < <(group_args)
	assert_output ok
	# Before any run: what would run where.
	run -0 cat "$P/w/status"
	assert_line "kernels writer.cpp reader.cpp"
	assert_line "group 0,0: brisc sender (writer.cpp)"
	assert_line "group 1-3,0: ncrisc receiver (reader.cpp)"
	run -0 run_prog w
	assert_output ok
	run -0 cat "$MNT/cores/0,0/status"
	assert_line "program w ended"
	assert_line "kernel brisc sender (writer.cpp)"
	refute_line --partial "kernel ncrisc"
	run -0 cat "$MNT/cores/3,0/status"
	assert_line "kernel ncrisc receiver (reader.cpp)"
	run -0 cat "$MNT/cores/2,0/cbs"
	assert_line "0 0x37000 2048 1 2048 0 0"
	assert_line "program w ended"
	assert_line "kernel ncrisc receiver (reader.cpp)"
	run -0 cat "$MNT/device/grid"
	assert_line "kernels (the program launched last on each core):"
	assert_line "w 0,0: brisc sender (writer.cpp)"
	assert_line "w 1-3,0: ncrisc receiver (reader.cpp)"
	# A core no program launched on says nothing of kernels.
	run -0 cat "$MNT/cores/9,9/status"
	refute_line --partial "program "
	# A reset forgets them.
	echo 1 >"$MNT/device/reset"
	run -0 cat "$MNT/cores/0,0/status"
	refute_line --partial "kernel "
	run -0 cat "$MNT/device/grid"
	refute_line --partial "kernels ("
}

@test "a [kernel.NAME] is on NOC 0 by default on either processor, as tt-metal; two of a core on one NOC are warned of" {
	mkdir "$P/nd"
	cp "$SDK_K/noc_index_print.cpp" "$P/nd/print.cpp"
	run -0 pyset "$P/nd/args" <<-INI
	[program]
	cores = 0-1,0
	[kernel.a]
	source = print.cpp
	processor = brisc
	[kernel.b]
	source = print.cpp
	processor = ncrisc
	INI
	assert_output ok
	run -0 cat "$P/nd/status"
	assert_line "group 0-1,0: brisc a (print.cpp), ncrisc b (print.cpp)"
	assert_line --partial "warning group 0-1,0: [kernel.a] and [kernel.b] both use NOC 0;"
	run -0 run_prog nd
	assert_output ok
	run -0 ttfs_guard 10 cat "$MNT/cores/1,0/dprint"
	assert_line "brisc: noc 0"
	assert_line "ncrisc: noc 0"
	# The NOC written on one of them: no warning, and the kernel is built for it.
	run -0 pyset "$P/nd/args" <<-INI
	[program]
	cores = 0-1,0
	[kernel.a]
	source = print.cpp
	processor = brisc
	[kernel.b]
	source = print.cpp
	processor = ncrisc
	noc = 1
	INI
	assert_output ok
	run -0 cat "$P/nd/status"
	refute_line --partial "warning"
	run -0 run_prog nd
	assert_output ok
	run -0 ttfs_guard 10 cat "$MNT/cores/0,0/dprint"
	assert_line "brisc: noc 0"
	assert_line "ncrisc: noc 1"
}

@test "CBs 16 and 24 share one L1 range; CB 2 has 4-byte pages" {
	mkdir "$P/cb"
	cp "$K/cb_shared.cpp" "$P/cb/writer.cpp"
	run -0 pyset "$P/cb/args" <<-INI
	[cb.16,24]
	format = bfloat16
	format.24 = float32
	page_size.24 = 4096
	size = 8192
	[cb.0,1,2]
	format = uint32
	page_size = 64
	page_size.2 = 4
	size = 256
	[writer]
	args = 0x160000
	INI
	assert_output ok
	run -0 run_prog cb
	assert_output ok
	# One range: 16 and 24 at one address, each with its own pages; 0, 1
	# and 2 above them, 2 with 64 pages of 4 bytes.
	run -0 cat "$MNT/cores/0,0/cbs"
	assert_line "0 0x39000 256 4 64 0 0"
	assert_line "2 0x39000 256 64 4 100 100"
	assert_line "16 0x37000 8192 4 2048 1 0"
	assert_line "24 0x37000 8192 2 4096 0 0"
	# Through the kernel's eyes: the same memory, and pages 4 bytes apart
	# that wrap after 64.
	run -0 words 0,0 0x160000 7
	assert_output "0x00037000 0x00037000 0x1234abcd 0x00039000 0x00039004 0x00001356 0x00039090"
}

@test "[semaphore.N] starts at its value on its cores, 0 on the others" {
	mkdir "$P/sem"
	cp "$K/store_arg.cpp" "$P/sem/writer.cpp"
	run -0 pyset "$P/sem/args" <<-INI
	[program]
	cores = 0-1,0
	semaphores = 9
	[semaphore.2]
	cores = 1,0
	value = 0x77
	[writer]
	args = 0x160000 0
	INI
	assert_output ok
	run -0 run_prog sem
	assert_output ok
	# get_semaphore(id) = kernel_config_base + sem_offset + 16 id.
	local base sem
	for c in 0,0 1,0; do
		base=$(sed -n 's/^kernel_config_base.tensix \([^ ]*\).*/\1/p' "$MNT/cores/$c/launch")
		sem=$(sed -n 's/^sem_offset.tensix \([^ ]*\).*/\1/p' "$MNT/cores/$c/launch")
		run -0 words "$c" $((base + sem)) 9
		echo "$c $output"
	done >"$BATS_TEST_TMPDIR/sems"
	run -0 cat "$BATS_TEST_TMPDIR/sems"
	assert_line --regexp "^0,0 0x00000009 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000$"
	assert_line --regexp "^1,0 0x00000009 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000077$"
}

@test "named_compile_args and a quoted define with spaces reach the kernel's build" {
	mkdir "$P/na"
	cp "$K/named_args.cpp" "$P/na/writer.cpp"
	run -0 pyset "$P/na/args" <<-INI
	[kernel.k]
	source = writer.cpp
	processor = brisc
	args = 0x160000
	named_compile_args = num_tiles=64 cb_in=0x3
	defines = "SUM=(3 + 4)"
	INI
	assert_output ok
	run -0 run_prog na
	assert_output ok
	run -0 words 0,0 0x160000 3
	assert_output "0x00000040 0x00000003 0x00000007"
}

# bad_args NAME LINE TEXT...: writing the args (stdin) fails with EINVAL and
# status says "args:LINE: TEXT".
bad_args() {
	local name=$1 want=$2
	[ -d "$P/$name" ] || mkdir "$P/$name"
	run -0 pyset "$P/$name/args"
	assert_output EINVAL
	run -0 cat "$P/$name/status"
	assert_line "state failed"
	assert_line "error $want"
}

@test "bad kernel sections are EINVAL with args:LINE: reason" {
	bad_args k "args:3: [kernel.a] processor: want brisc, ncrisc or compute (riscv_0 is brisc, riscv_1 ncrisc), not 'ncrsic'" <<-INI
	[kernel.a]
	source = reader.cpp
	processor = ncrsic
	INI
	bad_args k "args:6: [kernel.a] cores: core 2,0 is not in [program] cores" <<-INI
	[program]
	cores = 0-1,0
	[kernel.a]
	source = reader.cpp
	processor = brisc
	cores = 2,0
	INI
	bad_args k "args:7: two kernels on ncrisc of core 1,0: [kernel.a] (line 3) and [kernel.b]" <<-INI
	[program]
	cores = 0-3,0
	[kernel.a]
	source = reader.cpp
	processor = ncrisc
	cores = 0-1,0
	[kernel.b]
	source = writer.cpp
	processor = riscv_1
	cores = 1-2,0
	INI
	# The old args stay as they were.
	run -0 cat "$P/k/args"
	assert_line "processor = riscv_1"
}

@test "bad CB sections are EINVAL with args:LINE: reason" {
	bad_args c "args:1: [cb.1,1]: CB index 1 is named twice" <<-INI
	[cb.1,1]
	format = uint8
	size = 1024
	INI
	bad_args c "args:4: [cb.0,1]: CB 0 is also in [cb.0] (line 1), on core 0,0" <<-INI
	[cb.0]
	format = uint8
	size = 1024
	[cb.0,1]
	format = uint8
	size = 1024
	INI
	bad_args c "args:2: [cb.16] format.24: CB 24 is not one of this section's indices ([cb.16] names them)" <<-INI
	[cb.16]
	format.24 = float32
	INI
}

@test "an unknown source and a short name on a taken processor fail the run with EINVAL" {
	mkdir "$P/u"
	run -0 pyset "$P/u/args" < <(group_args)
	assert_output ok
	cp "$SDK_K/group_sender.cpp" "$P/u/writer.cpp"
	# reader.cpp, the receivers' source, is not there.
	run -0 run_prog u
	assert_output EINVAL
	run -0 cat "$P/u/status"
	assert_line "error args:15: [kernel.receiver] source: no file 'reader.cpp' in the program"
	# compute.cpp, a short name no section takes, runs on every core's
	# TRISCs: a [kernel.NAME] on the TRISCs of 0,0 clashes with it.
	cp "$SDK_K/group_receiver.cpp" "$P/u/reader.cpp"
	cp "$K/store_arg.cpp" "$P/u/compute.cpp"
	{ group_args; printf '[kernel.c]\nsource = reader.cpp\nprocessor = compute\ncores = 0,0\n'; } |
		pyset "$P/u/args" | grep -qx ok
	run -0 run_prog u
	assert_output EINVAL
	run -0 cat "$P/u/status"
	assert_line "error args:22: two kernels on compute of core 0,0: [compute] (compute.cpp, on every core) and [kernel.c]"
}
