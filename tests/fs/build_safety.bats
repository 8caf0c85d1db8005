#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Kernel builds are bounded, stoppable and sandboxed (docs/programs.md,
# "Builds are bounded and stoppable", "What the compiler sees"): each
# compiler process has a time limit (build_timeout_ms) and an address-space
# limit; a build is stopped, its compilers killed, when its run writer is
# interrupted, when its program is removed and when the daemon stops; the
# compiler sees the program's files, the SDK and the toolchain and no other
# host file. The build that does not end is programs/compiles_forever.cpp.

load helpers

K="$BATS_TEST_DIRNAME/programs"

setup_file() {
	command -v riscv64-unknown-elf-g++ >/dev/null || skip "no riscv64-unknown-elf-g++"
	mkdir -p "$BATS_FILE_TMPDIR/cache"
	ttfs_mount -o cache_dir="$BATS_FILE_TMPDIR/cache"
}
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	local d
	for d in "$MNT"/programs/*; do
		[ -d "$d" ] || continue
		rmdir "$d" 2>/dev/null || echo "# teardown: rmdir $d failed" >&2
	done
	return 0
}

# build_procs CACHE: the processes working in a build directory of the
# cache CACHE (compilers, and what runs them), as "pid command" lines.
build_procs() {
	local p cwd
	for p in /proc/[0-9]*; do
		cwd=$(readlink "$p/cwd" 2>/dev/null) || continue
		[[ "$cwd" == "$1"/tmp-* ]] && echo "${p#/proc/} $(tr '\0' ' ' <"$p/cmdline" 2>/dev/null)"
	done
	return 0
}

# no_compilers [SECONDS] [CACHE]: wait until no process works in a build
# directory of CACHE (the suite's cache), at most SECONDS (default 3).
no_compilers() {
	local cache=${2:-$BATS_FILE_TMPDIR/cache} i
	for i in $(seq $((${1:-3} * 10))); do
		[ -z "$(build_procs "$cache")" ] && return 0
		sleep 0.1
	done
	echo "compilers still running:" >&2
	build_procs "$cache" >&2
	return 1
}

# compiler_started [CACHE]: wait until a compiler works in CACHE.
compiler_started() {
	local cache=${1:-$BATS_FILE_TMPDIR/cache} i
	for i in $(seq 200); do
		[ -n "$(build_procs "$cache")" ] && return 0
		sleep 0.05
	done
	echo "no compiler started in $cache" >&2
	return 1
}

# forever_prog DIR [ARGS]: a program whose writer's build does not end,
# with [program] ARGS lines.
forever_prog() {
	mkdir "$1"
	printf '[program]\ncores = 0,0\n%s\n' "${2:-}" >"$1/args"
	cp "$K/compiles_forever.cpp" "$1/writer.cpp"
}

# wait_in_write PID: wait (up to 60 s) until PID, or the process it runs
# (a backgrounded shell function's python3), is inside write(2): then a
# signal to the daemon meets a writer blocked in the run, however long
# python3 took to start on a loaded machine.
wait_in_write() {
	local p
	for _ in $(seq 600); do
		for p in "$1" $(pgrep -P "$1"); do
			[[ "$(cut -d' ' -f1 "/proc/$p/syscall" 2>/dev/null)" == 1 ]] && return 0
		done
		sleep 0.1
	done
	fail "the writer never blocked in write(2)"
}

# less_than SECONDS LIMIT: fail unless SECONDS < LIMIT.
less_than() {
	python3 -c "import sys; sys.exit(not float(sys.argv[1]) < float(sys.argv[2]))" "$1" "$2" ||
		fail "took $1 s, not under $2 s"
}

# ---- limits -------------------------------------------------------------------------

@test "build_timeout_ms of the args stops a build that does not end; status and build/log say so" {
	forever_prog "$P/t" "build_timeout_ms = 1000"
	local t0=$SECONDS
	run -0 ttfs_guard 60 pyrun "$P/t/run" 1
	assert_output EIO
	# The background build and the run's own each stop after 1 s.
	less_than $((SECONDS - t0)) 20
	no_compilers
	run -0 cat "$P/t/status"
	assert_line "state failed"
	assert_line "error build of writer.cpp for brisc stopped after build_timeout_ms (1000 ms): the compiler was killed"
	run -0 cat "$P/t/build/log"
	assert_line "== writer.cpp for brisc =="
	assert_line "ttfs: stopped after build_timeout_ms (1000 ms): the compiler's processes were killed"
}

@test "-o build_timeout_ms is every program's default" {
	local d="$BATS_TEST_TMPDIR/d2"
	mkdir -p "$d/cache"
	ttfs_start "$d" "$d/mnt" -o cache_dir="$d/cache",build_timeout_ms=1500
	export TTFS_GUARD_MNT="$d/mnt" TTFS_GUARD_PID="$(cat "$d/pid")"
	forever_prog "$d/mnt/programs/t"
	run -0 ttfs_guard 60 pyrun "$d/mnt/programs/t/run" 1
	assert_output EIO
	run -0 cat "$d/mnt/programs/t/status"
	assert_line "error build of writer.cpp for brisc stopped after build_timeout_ms (1500 ms): the compiler was killed"
	rmdir "$d/mnt/programs/t"
	ttfs_stop "$d" "$d/mnt"
}

@test "#include \"/dev/zero\": the address-space limit stops the compiler; status and build/log say so" {
	mkdir "$P/z"
	printf '#include "/dev/zero"\n' >"$P/z/writer.cpp"
	run -0 ttfs_guard 60 pyrun "$P/z/run" 1
	assert_output EIO
	no_compilers
	run -0 cat "$P/z/status"
	assert_line "error build of writer.cpp for brisc failed: the compiler ran out of memory (each compiler process may use 2048 MiB of address space)"
	run -0 cat "$P/z/build/log"
	assert_line --partial "out of memory allocating"
	assert_line "ttfs: the compiler ran out of memory: each compiler process may use 2048 MiB of address space (RLIMIT_AS)"
}

# ---- stops --------------------------------------------------------------------------

@test "Ctrl-C of a run whose build does not end: EINTR within a second, its compilers killed" {
	forever_prog "$P/i"
	# The run waits for the background build the source started.
	compiler_started
	run -0 ttfs_guard 30 interrupt_blocked_write "$P/i/run"
	read -r code secs <<<"$output"
	assert_equal "$code" 4
	less_than "$secs" 3
	no_compilers
	run -0 cat "$P/i/status"
	assert_line "error stopped before it ran"
	# Now the run's own build runs the compiler.
	run -0 ttfs_guard 30 interrupt_blocked_write "$P/i/run"
	read -r code secs <<<"$output"
	assert_equal "$code" 4
	less_than "$secs" 3
	no_compilers
}

@test "rmdir of a program whose run is building: the build is stopped, the run gets ENOENT" {
	forever_prog "$P/r"
	pyrun "$P/r/run" 1 >"$BATS_TEST_TMPDIR/writer.out" 3>&- &
	local writer=$!
	compiler_started
	run -0 ttfs_guard 10 pyio rmdir "$P/r"
	assert_output ok
	[ ! -e "$P/r" ]
	for _ in $(seq 100); do kill -0 "$writer" 2>/dev/null || break; sleep 0.1; done
	wait "$writer"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/writer.out")" ENOENT
	no_compilers 1
}

@test "rmdir of a program building in the background: its compiler is killed before rmdir returns" {
	forever_prog "$P/b"
	compiler_started
	run -0 ttfs_guard 10 pyio rmdir "$P/b"
	assert_output ok
	run -0 build_procs "$BATS_FILE_TMPDIR/cache"
	assert_output ""
}

# A second daemon with a program whose build does not end: D2, M2.
start_second() {
	D2="$BATS_TEST_TMPDIR/d2"
	M2="$D2/mnt"
	mkdir -p "$D2/cache"
	ttfs_start "$D2" "$M2" -o cache_dir="$D2/cache"
	export TTFS_GUARD_MNT="$M2" TTFS_GUARD_PID="$(cat "$D2/pid")"
	forever_prog "$M2/programs/w"
	compiler_started "$D2/cache"
}

@test "SIGTERM with a run blocked in a build: the daemon kills the compilers and exits 0" {
	start_second
	pyrun "$M2/programs/w/run" 1 >"$D2/writer.out" 3>&- &
	local writer=$! pid status=0 t0
	pid=$(cat "$D2/pid")
	wait_in_write "$writer"
	t0=$SECONDS
	kill -TERM "$pid"
	# The compiler never ends: exiting at all means it was killed. The
	# bound is loose for a loaded machine, far below build_timeout_ms.
	for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid"; fail "the daemon did not exit"; }
	wait "$pid" || status=$?
	assert_equal "$status" 0
	less_than $((SECONDS - t0)) 30
	wait "$writer" || true
	run cat "$D2/writer.out"
	[[ "$output" =~ ^(EINTR|ENOTCONN|ECONNABORTED)$ ]] || fail "writer: $output"
	no_compilers 1 "$D2/cache"
	fusermount3 -uz "$M2" 2>/dev/null || true
	ttfs_log_clean "$D2/daemon.log"
}

@test "unmount during a background build that does not end: the daemon exits 0 at once" {
	start_second
	local t0=$SECONDS
	ttfs_stop "$D2" "$M2"
	less_than $((SECONDS - t0)) 30
	no_compilers 1 "$D2/cache"
}

# ---- the sandbox ----------------------------------------------------------------------

# hidden_include PROGRAM PATH: a writer including PATH fails at once with
# "No such file or directory" for PATH in build/log, and in status (which
# shortens an absolute path to its file name).
hidden_include() {
	mkdir "$P/$1"
	printf '#include "%s"\nvoid kernel_main() {}\n' "$2" >"$P/$1/writer.cpp"
	run -0 ttfs_guard 30 pyrun "$P/$1/run" 1
	assert_output EIO
	run -0 cat "$P/$1/status"
	assert_line --regexp "^error build of writer.cpp for brisc failed: writer.cpp:1:10: fatal error: .*${2##*/}: No such file or directory$"
	run -0 cat "$P/$1/build/log"
	assert_line --partial "$2: No such file or directory"
}

@test "#include of a host file outside the sandbox: No such file or directory, its text nowhere" {
	local secret="$BATS_TEST_TMPDIR/secret.h"
	echo "#error ttfs_sandbox_secret_9c2e" >"$secret"
	hidden_include s "$secret"
	run ! grep -r ttfs_sandbox_secret "$P/s/status" "$P/s/build/log"
	hidden_include p /etc/passwd
	run ! grep -F "root:" "$P/p/status" "$P/p/build/log"
}

@test "#include of a FIFO outside the sandbox: No such file or directory, at once" {
	mkfifo "$BATS_TEST_TMPDIR/fifo.h"
	local t0=$SECONDS
	hidden_include f "$BATS_TEST_TMPDIR/fifo.h"
	less_than $((SECONDS - t0)) 20
}

@test "no bwrap in the daemon's PATH: builds fail and say to install bubblewrap" {
	local d="$BATS_TEST_TMPDIR/d2" bin="$BATS_TEST_TMPDIR/bin"
	mkdir -p "$d/cache" "$bin"
	ln -s "$(command -v riscv64-unknown-elf-g++)" "$bin/riscv64-unknown-elf-g++"
	# The daemon alone gets a PATH with the compiler and no bwrap.
	printf '#!/bin/sh\nPATH=%s exec %s "$@"\n' "$bin" "$TTFS_BIN" >"$BATS_TEST_TMPDIR/ttfs"
	chmod +x "$BATS_TEST_TMPDIR/ttfs"
	TTFS_BIN="$BATS_TEST_TMPDIR/ttfs" ttfs_start "$d" "$d/mnt" -o cache_dir="$d/cache"
	export TTFS_GUARD_MNT="$d/mnt" TTFS_GUARD_PID="$(cat "$d/pid")"
	mkdir "$d/mnt/programs/n"
	printf 'void kernel_main() {}\n' >"$d/mnt/programs/n/writer.cpp"
	run -0 ttfs_guard 30 pyrun "$d/mnt/programs/n/run" 1
	assert_output ENOENT
	run -0 cat "$d/mnt/programs/n/status"
	assert_line "error build: the compiler runs in a sandbox made by bubblewrap, and bwrap is not in PATH: install the Debian package bubblewrap"
	run -0 ls "$d/cache"
	refute_output --partial "tmp-"
	rmdir "$d/mnt/programs/n"
	ttfs_stop "$d" "$d/mnt"
}

# ---- the cache key -------------------------------------------------------------------

# l1_word CORE ADDR (of the mount M): the 32-bit word there.
l1_word() {
	python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
print(int.from_bytes(os.pread(fd, 4, int(sys.argv[2], 0)), "little"))
' "$M/cores/$1/l1" "$2"
}

@test "an SDK header changed between builds is compiled again, never served from the cache" {
	# A ttfs of its own whose SDK is a copy: the build tree has the
	# installed layout, and ttfs finds its SDK next to its executable.
	local tree t="$BATS_TEST_TMPDIR/prefix" d="$BATS_TEST_TMPDIR/d2" h
	tree=$(cd "$(dirname "$TTFS_BIN")/.." && pwd)
	mkdir -p "$t/bin" "$t/share/ttfs" "$t/lib/ttfs" "$d/cache"
	cp "$TTFS_BIN" "$t/bin/ttfs"
	cp -rL "$tree/share/ttfs/sdk" "$tree/share/ttfs/include" "$t/share/ttfs/"
	cp -r "$tree/lib/ttfs/firmware" "$t/lib/ttfs/"
	h="$t/share/ttfs/sdk/ttfs_test_value.h"
	echo "#define TTFS_TEST_VALUE 1" >"$h"
	M="$d/mnt"
	TTFS_BIN="$t/bin/ttfs" ttfs_start "$d" "$M" -o cache_dir="$d/cache"
	export TTFS_GUARD_MNT="$M" TTFS_GUARD_PID="$(cat "$d/pid")"
	mkdir "$M/programs/v"
	printf '[program]\ncores = 0,0\n' >"$M/programs/v/args"
	cat >"$M/programs/v/writer.cpp" <<-'CPP'
	#include "ttfs_test_value.h"
	void kernel_main() { *reinterpret_cast<volatile unsigned *>(0x170000) = TTFS_TEST_VALUE; }
	CPP
	run -0 ttfs_guard 60 pyrun "$M/programs/v/run" 1
	assert_output ok
	assert_equal "$(l1_word 0,0 0x170000)" 1
	# At once and the same size: only the bytes tell.
	echo "#define TTFS_TEST_VALUE 2" >"$h"
	run -0 ttfs_guard 60 pyrun "$M/programs/v/run" 1
	assert_output ok
	assert_equal "$(l1_word 0,0 0x170000)" 2
	run -0 cat "$M/programs/v/build/log"
	refute_output --partial "from the cache"
	run -0 cat "$M/programs/v/status"
	assert_line --regexp "^build_ms [0-9.]+ \(1 built, 0 from the cache\)$"
	# Back to 1: compiled again or the first build's entry, never 2.
	echo "#define TTFS_TEST_VALUE 1" >"$h"
	run -0 ttfs_guard 60 pyrun "$M/programs/v/run" 1
	assert_output ok
	assert_equal "$(l1_word 0,0 0x170000)" 1
	rmdir "$M/programs/v"
	ttfs_stop "$d" "$M"
}
