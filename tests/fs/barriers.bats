#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Barrier checks and strict NOC mode (docs/debugging.md, "Barrier checks
# and strict NOC mode"): a gallery of kernels with one missing barrier each
# (barriers/), the fault each gets, and the next program on the same core
# running right; strict mode turning a missing barrier into wrong bytes
# every time.

load helpers
load program_helpers

# The strict test runs 40 programs: over helpers.bash's 120 s on a loaded
# machine or under TSan. Hangs are still caught by ttfs_guard's watchdog.
BATS_TEST_TIMEOUT=600

B="$BATS_TEST_DIRNAME/barriers"
POISON=efbeadde   # 0xDEADBEEF, little-endian, at every aligned word

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	remove_programs
	ttfs_remove_buffers
	# A test's second mount, if it failed half way.
	if [ -f "$BATS_TEST_TMPDIR/second" ]; then
		local dir
		dir=$(cat "$BATS_TEST_TMPDIR/second")
		fusermount3 -uz "$dir/mnt" 2>/dev/null
		kill "$(cat "$dir/pid")" 2>/dev/null
	fi
	return 0
}

# buffers N: dram buffers in (N random pages) and out (N pages of zeros).
buffers() {
	local bytes=$(($1 * 2048))
	mkdir "$MNT/dram/buffers/in" "$MNT/dram/buffers/out"
	echo "$bytes" >"$MNT/dram/buffers/in/size"
	echo "$bytes" >"$MNT/dram/buffers/out/size"
	head -c "$bytes" /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/in/data"
}

# The fault line of a program's status for core 0,0.
fault_line() { grep '^core 0,0 fault' "$P/$1/status"; }

# The good loopback (programs/loop_reader.cpp, loop_writer.cpp) on core
# 0,0 after a failed program there: it must copy bit-exact.
next_program_runs_right() {
	head -c 8192 /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/in/data"
	make_prog good reader.cpp loop_reader.cpp < <(loopback_args 4)
	cp "$K/loop_writer.cpp" "$P/good/writer.cpp"
	run -0 run_prog good
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/in.bin" <(head -c 8192 "$MNT/dram/buffers/out/data")
}

# at FILE SRC CALL: the source line a fault's PC must show, "FILE:N
# kernel_main, in CALL", N the line of SRC (a kernel of barriers/) that
# calls CALL, as a regular expression: the call's arguments may follow.
at() {
	echo "$(at_text "$@")(\\([^()]*\\))?"
}

# at_text FILE SRC CALL: at's place as text, without the arguments.
at_text() {
	local n
	n=$(grep -n "$3(" "$B/$2" | head -1 | cut -d: -f1)
	echo "$1:$n kernel_main, in $3"
}

@test "cb_push_back before noc_async_read_barrier: the reader faults at the push" {
	buffers 4
	K=$B make_prog pe reader.cpp push_early.cpp < <(loopback_args 4)
	cp "$K/loop_writer.cpp" "$P/pe/writer.cpp"
	run -0 run_prog pe
	assert_output EIO
	run -0 fault_line pe
	assert_output --regexp "^core 0,0 fault: .*ncrisc pc 0x[0-9a-f]+ \($(at reader.cpp push_early.cpp cb_push_back)\) fault: cb_push_back\(0, 1\) while a noc1 read into its pages at 0x[0-9a-f]+ \(pc 0x[0-9a-f]+ \($(at reader.cpp push_early.cpp noc_async_read_page)\)\) is outstanding: noc_async_read_barrier first"
	# The consumer never saw the page: nothing reached out.
	run -0 cmp <(head -c 2048 /dev/zero) <(head -c 2048 "$MNT/dram/buffers/out/data")
	next_program_runs_right
}

@test "a kernel that returns with writes outstanding faults at its last write" {
	buffers 4
	K=$B make_prog ru writer.cpp return_unflushed.cpp <<-INI
	[program]
	cores = 0,0
	timeout_ms = 10000
	[writer]
	args = @out 2
	INI
	run -0 run_prog ru
	assert_output EIO
	run -0 fault_line ru
	# The PC is the last write's, not the return's.
	assert_output --regexp "^core 0,0 fault: brisc pc 0x[0-9a-f]+ \($(at writer.cpp return_unflushed.cpp noc_async_write)\) fault: kernel ended with NOC transactions outstanding: 2 noc0 writes not flushed \(pc: the last one issued; noc_async_write_barrier before returning\)"
	next_program_runs_right
}

@test "a semaphore signal before noc_async_write_barrier faults: noc_semaphore_inc, its multicast form and noc_semaphore_set_remote" {
	local got
	buffers 4
	for how in 0 1 2; do
		K=$B make_prog "se$how" writer.cpp signal_early.cpp <<-INI
		[program]
		cores = 0,0
		timeout_ms = 10000
		semaphores = 0
		[writer]
		args = $how
		INI
		run -0 run_prog "se$how"
		assert_output EIO
		run -0 fault_line "se$how"
		got[$how]=$output
	done
	[[ "${got[0]}" == *"($(at_text writer.cpp signal_early.cpp noc_semaphore_inc)"*") fault: semaphore signal (noc0 atomic) while a noc0 write (pc 0x"*" ($(at_text writer.cpp signal_early.cpp noc_async_write)"*")) is not flushed: noc_async_write_barrier first"* ]] ||
		fail "noc_semaphore_inc: ${got[0]}"
	[[ "${got[1]}" == *"($(at_text writer.cpp signal_early.cpp noc_semaphore_set_remote)"*") fault: semaphore signal (noc0 write) while a noc0 write (pc 0x"*" ($(at_text writer.cpp signal_early.cpp noc_async_write)"*")) is not flushed: noc_async_write_barrier first"* ]] ||
		fail "noc_semaphore_set_remote: ${got[1]}"
	[[ "${got[2]}" == *"($(at_text writer.cpp signal_early.cpp noc_semaphore_inc_multicast)"*") fault: semaphore signal (noc0 multicast atomic) while a noc0 write (pc 0x"*" ($(at_text writer.cpp signal_early.cpp noc_async_write)"*")) is not flushed: noc_async_write_barrier first"* ]] ||
		fail "noc_semaphore_inc_multicast: ${got[2]}"
	next_program_runs_right
}

@test "kernels that wait with the transaction-id barriers only run to the end" {
	buffers 4
	K=$B make_prog tr reader.cpp trid_reader.cpp < <(loopback_args 4)
	cp "$B/trid_writer.cpp" "$P/tr/writer.cpp"
	run -0 run_prog tr
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/out/data"
}

@test "a kernel that returns with a NOC atomic not barriered faults at the atomic" {
	buffers 4
	K=$B make_prog au writer.cpp atomic_unbarriered.cpp <<-INI
	[program]
	cores = 0,0
	timeout_ms = 10000
	semaphores = 0
	INI
	run -0 run_prog au
	assert_output EIO
	run -0 fault_line au
	assert_output --regexp "^core 0,0 fault: brisc pc 0x[0-9a-f]+ \($(at writer.cpp atomic_unbarriered.cpp noc_semaphore_inc)\) fault: kernel ended with NOC transactions outstanding: 1 noc0 atomic not barriered \(pc: the last one issued; noc_async_atomic_barrier before returning\)"
	next_program_runs_right
}

@test "a transaction-id barrier waits for its own id only: a read of id 1 is outstanding at the push after barrier_with_trid(2)" {
	buffers 4
	K=$B make_prog tw reader.cpp trid_reader.cpp < <(loopback_args 4 | sed '/^compile_args = accessor(in)$/a defines = WAIT_TRID=2')
	cp "$K/loop_writer.cpp" "$P/tw/writer.cpp"
	run -0 run_prog tw
	assert_output EIO
	run -0 fault_line tw
	assert_output --regexp "^core 0,0 fault: .*ncrisc pc 0x[0-9a-f]+ \($(at reader.cpp trid_reader.cpp cb_push_back)\) fault: cb_push_back\(0, 1\) while a noc1 read \(transaction id 1\) into its pages at 0x[0-9a-f]+ \(pc 0x[0-9a-f]+ \($(at reader.cpp trid_reader.cpp noc_async_read_page)\)\) is outstanding: noc_async_read_barrier first"
	next_program_runs_right
}

@test "noc_semaphore_set of a semaphore a write still sends from faults; a reset with other writes outstanding does not" {
	local n
	buffers 4
	for flushed in 0 1; do
		K=$B make_prog "sr$flushed" writer.cpp sem_reset.cpp <<-INI
		[program]
		cores = 0,0
		timeout_ms = 10000
		semaphores = 0 0
		[writer]
		args = $flushed
		INI
	done
	run -0 run_prog sr0
	assert_output EIO
	n=$(grep -n 'noc_semaphore_set(mine, 0)' "$B/sem_reset.cpp" | cut -d: -f1)
	run -0 fault_line sr0
	assert_output --regexp "^core 0,0 fault: brisc pc 0x[0-9a-f]+ \(writer.cpp:$n kernel_main, in noc_semaphore_set(\([^()]*\))?\) fault: store of 4 bytes to the semaphore at L1 0x[0-9a-f]+ while a noc0 write from it \(pc 0x[0-9a-f]+ \($(at writer.cpp sem_reset.cpp noc_semaphore_set_remote)\)\) is not flushed: noc_async_writes_flushed first"
	run -0 run_prog sr1
	assert_output ok
	next_program_runs_right
}

# copy NAME BARRIER [MODE]: copy_through.cpp on core 0,0, in -> out, 4
# pages; MODE is the [program] noc line's value, if any.
copy_prog() {
	K=$B make_prog "$1" writer.cpp copy_through.cpp <<-INI
	[program]
	cores = 0,0
	timeout_ms = 10000
	${3:+noc = $3}
	[writer]
	args = @in @out 4 $2
	INI
}

# out_is WHAT: out's 8 KiB are in.bin's (right) or all poison (poison).
out_is() {
	python3 -c '
import sys
out = open(sys.argv[1], "rb").read(8192)
want = open(sys.argv[2], "rb").read() if sys.argv[3] == "right" else bytes.fromhex(sys.argv[4]) * 2048
print("yes" if out == want else "no: " + out[:16].hex())' \
		"$MNT/dram/buffers/out/data" "$BATS_TEST_TMPDIR/in.bin" "$1" "$POISON"
}

@test "strict NOC: a missing read barrier gives the poison pattern 20 runs of 20, the barrier right bytes 20 of 20" {
	buffers 4
	copy_prog bug 0 strict
	copy_prog fixed 1 strict
	for i in $(seq 20); do
		run -0 run_prog bug
		assert_output ok
		run -0 out_is poison
		assert_output yes
		run -0 run_prog fixed
		assert_output ok
		run -0 out_is right
		assert_output yes
	done
	# The same buggy kernel on the default NOC: right bytes, which is
	# what hides the bug.
	copy_prog instant 0
	run -0 run_prog instant
	assert_output ok
	run -0 out_is right
	assert_output yes
}

# second_mount NAME ARGS...: a daemon of its own for one test, with ttfs
# args; MNT, P and the guard point at it until second_unmount.
second_mount() {
	local dir="$BATS_TEST_TMPDIR/$1"
	shift
	mkdir -p "$dir"
	echo "$dir" >"$BATS_TEST_TMPDIR/second"
	ttfs_start "$dir" "$dir/mnt" "$@" -o cache_dir="$BATS_FILE_TMPDIR/cache"
	MNT=$dir/mnt
	P=$MNT/programs
	export TTFS_GUARD_MNT=$MNT TTFS_GUARD_PID
	TTFS_GUARD_PID=$(cat "$dir/pid")
}

second_unmount() {
	local dir
	dir=$(cat "$BATS_TEST_TMPDIR/second")
	remove_programs
	ttfs_remove_buffers
	unset TTFS_GUARD_MNT TTFS_GUARD_PID
	ttfs_stop "$dir" "$dir/mnt"
	rm "$BATS_TEST_TMPDIR/second"
}

@test "-o noc=strict is the mount's default; [program] noc = instant overrides it" {
	second_mount strict -o noc=strict
	buffers 4
	copy_prog bug 0
	run -0 run_prog bug
	assert_output ok
	run -0 out_is poison
	assert_output yes
	copy_prog relaxed 0 instant
	run -0 run_prog relaxed
	assert_output ok
	run -0 out_is right
	assert_output yes
	second_unmount
}

@test "-o sanitize=off turns the barrier checks off: the early push runs to the end" {
	second_mount unchecked -o sanitize=off
	buffers 4
	K=$B make_prog pe reader.cpp push_early.cpp < <(loopback_args 4)
	cp "$K/loop_writer.cpp" "$P/pe/writer.cpp"
	run -0 run_prog pe
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/out/data"
	second_unmount
}

@test "[program] noc = lazy: EINVAL with args:LINE, the reason in status" {
	mkdir "$P/bad"
	run -0 pyset "$P/bad/args" < <(printf '[program]\ncores = 0,0\nnoc = lazy\n')
	assert_output EINVAL
	run -0 cat "$P/bad/status"
	assert_line "state failed"
	assert_line "error args:3: [program] noc: 'lazy' is not instant or strict"
}
