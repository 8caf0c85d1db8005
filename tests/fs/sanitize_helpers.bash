# SPDX-License-Identifier: Apache-2.0
#
# Shared by sanitize.bats and sanitize_off.bats: the gallery of buggy
# kernels (sanitize/), their args, and the buffers they use.

S="$BATS_TEST_DIRNAME/sanitize"

# buffers: DRAM buffers in (16 KiB of random bytes, in.bin) and out, of
# 2048-byte pages.
buffers() {
	local b
	for b in in out; do
		mkdir "$MNT/dram/buffers/$b"
		echo 2048 >"$MNT/dram/buffers/$b/page_size"
		echo 16384 >"$MNT/dram/buffers/$b/size"
	done
	head -c 16384 /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/in/data"
}

# make_buggy NAME READER [WRITER [COMPUTE]]: program NAME with the kernels
# READER (and WRITER, unless "", and COMPUTE), paths, and the args on stdin.
make_buggy() {
	local name=$1 reader=$2 writer=${3:-} compute=${4:-}
	mkdir "$P/$name"
	run -0 pyset "$P/$name/args"
	assert_output ok
	cp "$reader" "$P/$name/reader.cpp"
	[ -z "$writer" ] || cp "$writer" "$P/$name/writer.cpp"
	[ -z "$compute" ] || cp "$compute" "$P/$name/compute.cpp"
}

# buggy NAME READER [WRITER [COMPUTE]]: make_buggy, then the run must fail with EIO;
# $output is its status.
buggy() {
	make_buggy "$@"
	run -0 run_prog "$1"
	[ "$output" = EIO ] || fail "$1: $output $(cat "$P/$1/status")"
	run -0 cat "$P/$1/status"
	assert_line "state failed"
}

# runs_right CORES: a loopback (programs/loop_*.cpp) on each of CORES
# copies the 8 pages of in to out, bit for bit.
runs_right() {
	mkdir "$P/good"
	cat >"$P/good/args" <<-INI
	[program]
	cores = $1
	timeout_ms = 10000
	[cb.0]
	format = bfloat16
	pages = 2
	[reader]
	args = @in 8
	compile_args = accessor(in)
	[writer]
	args = @out 8 0
	INI
	cp "$K/loop_reader.cpp" "$P/good/reader.cpp"
	cp "$K/loop_writer.cpp" "$P/good/writer.cpp"
	run -0 run_prog good
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/out/data"
}

# The args of the gallery's one-core kernels: core 1,2, a CB of 2 pages.
ONE_CORE='[program]
cores = 1,2
timeout_ms = 5000
[cb.0]
format = bfloat16
pages = 2'

# The args of the gallery's compute kernels: core 1,2, CB 0 and CB 16 of 2
# pages, the reader (programs/loop_reader.cpp) putting one page of in into
# CB 0.
COMPUTE_ONE_CORE="$ONE_CORE
[cb.16]
format = bfloat16
pages = 2
[reader]
args = @in 1
compile_args = accessor(in)"

# The args of fw_write.cpp: core 0,0 writes into core 1,0 (NOC 2,2).
FW_WRITE='[program]
cores = 0-1,0
timeout_ms = 5000
semaphores = 0
[reader]
args = 1 2 2
args.1,0 = 0 0 0'

# bug_at FILE KERNEL: "FILE:LINE kernel_main", LINE being the gallery
# kernel's line marked // BUG, as status shows the faulting PC's place.
bug_at() {
	printf '%s:%s kernel_main' "$1" "$(grep -n '// BUG' "$S/$2" | cut -d: -f1)"
}
