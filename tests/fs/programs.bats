#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# programs/: mkdir a program, write its kernels and args, run it, read its
# status and build/ (docs/tree.md, "programs/"). Kernels are in programs/.

load helpers
load program_helpers

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	remove_programs
	ttfs_remove_buffers
}

# ---- the directory ----------------------------------------------------------

@test "mkdir makes a program with its files; rmdir deletes it" {
	mkdir "$P/p1"
	run -0 ls "$P/p1"
	assert_output "$(printf '%s\n' args build profile run status)"
	run -0 stat -c '%n %a %s' "$P/p1/args" "$P/p1/run"
	assert_output "$(printf '%s\n' "$P/p1/args 644 0" "$P/p1/run 200 0")"
	assert_equal "$(stat -c %a "$P/p1/status" "$P/p1/build" "$P/p1")" "$(printf '444\n755\n755')"
	assert_equal "$(stat -c %h "$P")" 3
	run -0 cat "$P/p1/status"
	assert_line "state empty"
	assert_equal "$(stat -c %s "$P/p1/status")" "$(cat "$P/p1/status" | wc -c)"
	run -0 ls "$P/p1/build"
	assert_output ""
	run -0 pyio mkdir "$P/p1"
	assert_output EEXIST
	run -0 pyio mkdir "$P/p1/sub"
	assert_output EPERM
	run -0 pyio rmdir "$P/p1/build"
	assert_output EPERM
	run -0 python3 -c 'import json, sys; print([p["name"] for p in json.load(open(sys.argv[1]))["programs"]])' \
		"$MNT/device/info.json"
	assert_output "['p1']"
	rmdir "$P/p1"
	run -0 ls "$P"
	assert_output ""
	assert_equal "$(stat -c %h "$P")" 2
	run -0 python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["programs"])' \
		"$MNT/device/info.json"
	assert_output "[]"
}

@test "a program name with odd characters is EINVAL and makes nothing" {
	for name in 'a b' 'a*' 'a;b' "a'b" 'é' 'a$b' 'a:b' 'a\b'; do
		run -0 pyio mkdir "$P/$name"
		[ "$output" = EINVAL ] || fail "mkdir '$name': $output"
	done
	run -0 pyio mkdir "$P/$(printf 'n%.0s' $(seq 64))"
	assert_output ENAMETOOLONG
	run -0 ls -A "$P"
	assert_output ""
	run -0 pyio mkdir "$P/Ok-1.x_2"
	assert_output ok
}

# ---- sources and args ---------------------------------------------------------

@test "sources read back as written; > replaces, >> appends, : > empties, touch keeps, truncate cuts" {
	mkdir "$P/src"
	cp "$K/loop_reader.cpp" "$P/src/reader.cpp"
	cmp "$K/loop_reader.cpp" "$P/src/reader.cpp"
	assert_equal "$(stat -c %s "$P/src/reader.cpp")" "$(stat -c %s "$K/loop_reader.cpp")"
	echo 'void kernel_main() {}' >"$P/src/reader.cpp"
	assert_equal "$(cat "$P/src/reader.cpp")" 'void kernel_main() {}'
	echo '// more' >>"$P/src/reader.cpp"
	assert_equal "$(cat "$P/src/reader.cpp")" "$(printf 'void kernel_main() {}\n// more')"
	# pwrite without O_TRUNC edits in place.
	run -0 pyio pwrite "$P/src/reader.cpp" 0 2f2f
	assert_equal "$(head -c 6 "$P/src/reader.cpp")" '//id k'
	touch "$P/src/reader.cpp"
	assert_equal "$(stat -c %s "$P/src/reader.cpp")" 30
	run -0 pyio truncate "$P/src/reader.cpp" 5
	assert_output ok
	assert_equal "$(cat "$P/src/reader.cpp")" '//id '
	run -0 pyio truncate "$P/src/reader.cpp" 7
	assert_output ok
	assert_equal "$(od -An -c "$P/src/reader.cpp" | tr -s ' ')" ' / / i d \0 \0'
	: >"$P/src/reader.cpp"
	assert_equal "$(stat -c %s "$P/src/reader.cpp")" 0
	run -0 pyio truncate "$P/src/writer.cpp" 5
	assert_output ENOENT
	run -0 pyio truncate "$P/src/reader.cpp" $((1024 * 1024 + 1))
	assert_output EFBIG
}

@test "a 1 MiB source file is taken whole, builds and runs; past 1 MiB is EFBIG" {
	make_prog big reader.cpp store_arg.cpp <<-INI
	[reader]
	args = 0x160000 0x1234
	common_args = 0x99
	INI
	{
		cat "$K/store_arg.cpp"
		yes '// padding line of a large source file, sixty-four bytes long.' |
			head -c $((1024 * 1024 - $(stat -c %s "$K/store_arg.cpp")))
	} >"$BATS_TEST_TMPDIR/big.cpp"
	assert_equal "$(stat -c %s "$BATS_TEST_TMPDIR/big.cpp")" $((1024 * 1024))
	cp "$BATS_TEST_TMPDIR/big.cpp" "$P/big/reader.cpp"
	cmp "$BATS_TEST_TMPDIR/big.cpp" "$P/big/reader.cpp"
	assert_equal "$(stat -c %s "$P/big/reader.cpp")" "$(stat -c %s "$BATS_TEST_TMPDIR/big.cpp")"
	run -0 run_prog big
	assert_output ok
	assert_equal "$(l1_word 0,0 0x160000)" 0x00001234
	# 1 MiB fits; one byte more is a short write, then EFBIG.
	run -0 ttfs_guard 60 python3 -c '
import errno, os, sys
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
n = os.pwrite(fd, b"/" * 4096, 1024 * 1024 - 100)
try:
    os.pwrite(fd, b"/", 1024 * 1024)
    print(n, "no error")
except OSError as e:
    print(n, errno.errorcode[e.errno])
os.close(fd)' "$P/big/writer.cpp"
	assert_output "100 EFBIG"
	assert_equal "$(stat -c %s "$P/big/writer.cpp")" $((1024 * 1024))
	# cp of a file past 1 MiB: File too large.
	head -c $((1024 * 1024 + 1)) /dev/zero >"$BATS_TEST_TMPDIR/huge.h"
	run cp "$BATS_TEST_TMPDIR/huge.h" "$P/big/huge.h"
	assert_failure
	assert_output --partial "File too large"
	assert_equal "$(stat -c %s "$P/big/huge.h")" $((1024 * 1024))
}

@test "O_TRUNC empties a 1 MiB source at open: stat says 0 while open and after, 20 times" {
	mkdir "$P/tr"
	run -0 ttfs_guard 120 python3 -c '
import os, subprocess, sys
f = sys.argv[1]
text = (b"// padding line of a large source file, sixty-four bytes long.\n" * (1 << 15))[:1 << 20]
def fill():
    fd = os.open(f, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.write(fd, text)
    os.close(fd)
bad = []
for i in range(20):
    fill()
    full = os.stat(f).st_size
    fd = os.open(f, os.O_WRONLY | os.O_TRUNC)
    while_open = (os.stat(f).st_size, os.fstat(fd).st_size)
    os.close(fd)
    after = os.stat(f).st_size
    with open(f, "rb") as r:
        got = len(r.read())
    # The shell way: : > file, then stat(1) in another process.
    fill()
    shell = subprocess.run(["sh", "-c", ": > \"$1\"; stat -c %s \"$1\"", "sh", f],
                           capture_output=True, text=True).stdout.strip()
    if (full, while_open, after, got, shell) != (len(text), (0, 0), 0, 0, "0"):
        bad.append((i, full, while_open, after, got, shell))
print(bad or "ok")' "$P/tr/reader.cpp"
	assert_output ok
	assert_equal "$(stat -c %s "$P/tr/reader.cpp")" 0
}

@test "malformed args: EINVAL from close(2), the reason in status, the text kept" {
	mkdir "$P/bad"
	while IFS='|' read -r text reason; do
		run -0 pyset "$P/bad/args" < <(printf '%b' "$text")
		[ "$output" = EINVAL ] || fail "args '$text' gave $output"
		run -0 cat "$P/bad/status"
		assert_line "state failed"
		assert_output --partial "$reason"
		assert_equal "$(cat "$P/bad/args")" "$(printf '%b' "$text")"
	done <<-'CASES'
	[readr]\n|args:1: unknown section [readr]
	[program]\ncorez = 0,0\n|args:2: [program] unknown key 'corez'
	[reader]\nmath_fidelity = HiFi4\n|args:2: [reader] key 'math_fidelity' is only for [compute]
	[cb.0]\nformat = bfloat16\npages = 1\npages = 2\n|args:4: [cb.0] duplicate key 'pages'
	[program]\n[program]\n|args:2: section [program] appears twice
	cores = 0,0\n|args:1: key 'cores' is outside a section
	[program]\ncores =\n|args:2: [program] empty value for key 'cores'
	[reader]\nargs = x3\n|args:2: [reader] args: bad number 'x3'
	[reader]\nargs = 0x100000000\n|does not fit in 32 bits
	[compute]\nargs = 1.0.0f\n|args:2: [compute] args: bad float '1.0.0f'
	[program]\ntimeout_ms = 0\n|args:2: [program] timeout_ms: 0 is out of range
	[program]\ncores = 1-,2\n|args:2: [program] cores: bad core range '1-,2'
	[program]\ncores = 12,0\n|leaves the 12x10 grid
	[program]\ncores = 1,0 1,0\n|core 1,0 is listed twice
	[cb.32]\n|CB index 32 is out of range
	[cb.0]\nformat = bfloat17\npages = 1\n|unknown data format 'bfloat17'
	[cb.0]\npages = 1\n|[cb.0] needs a format
	[reader]\nargs = @in/x\n|is not a buffer name
	[reader]\ncompile_args = @in\n|is an address known at launch
	[writer]\ndefines = 1X=2\n|bad define '1X=2'
	[program]\ncores = 0,0\n[reader]\nargs.1,1 = 5\n|which is not in [program] cores
	[program]\ntimeout_ms = 5\n  6\n|indented line continues 'timeout_ms'
	[program\n|args:1: syntax error
	CASES
	# A good args clears the failure.
	run -0 pyset "$P/bad/args" <<<"[program]"
	assert_output ok
	run -0 cat "$P/bad/status"
	refute_line "state failed"
}

@test "args that do not parse: a source and a run keep the args:LINE reason in status" {
	mkdir "$P/ba"
	run -0 pyset "$P/ba/args" < <(printf '[program]\ncores = 0,0\nbogus = 1\n')
	assert_output EINVAL
	cp "$K/store_arg.cpp" "$P/ba/reader.cpp"
	why="error args:3: [program] unknown key 'bogus' (cores, timeout_ms, build_timeout_ms, noc, semaphores)"
	run -0 cat "$P/ba/status"
	assert_line "$why"
	run -0 run_prog ba
	assert_output EINVAL
	run -0 cat "$P/ba/status"
	assert_line "state failed"
	assert_line "$why"
}

@test "the shell's > sets args at its last close, and a plain echo works" {
	mkdir "$P/sh"
	printf '[program]\ncores = 1,1\n' >"$P/sh/args"
	assert_equal "$(cat "$P/sh/args")" "$(printf '[program]\ncores = 1,1')"
	run -0 cat "$P/sh/status"
	refute_line "state failed"
}

# ---- run ------------------------------------------------------------------------

@test "loopback: a reader and a writer through CB 0 copy a buffer bit-exact" {
	mkdir "$MNT/dram/buffers/in" "$MNT/dram/buffers/out"
	echo 65536 >"$MNT/dram/buffers/in/size"
	echo 65536 >"$MNT/dram/buffers/out/size"
	head -c 65536 /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/in/data"
	make_prog lb reader.cpp loop_reader.cpp < <(loopback_args 32)
	cp "$K/loop_writer.cpp" "$P/lb/writer.cpp"
	run -0 run_prog lb
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/out/data"
	run -0 cat "$P/lb/status"
	assert_line "state done"
	assert_line "core 0,0 done"
	# Again, with new data: the warm run gives the new bytes.
	head -c 65536 /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/in/data"
	run -0 ttfs_guard 60 sh -c "echo 1 > '$P/lb/run'"
	cmp "$BATS_TEST_TMPDIR/in.bin" "$MNT/dram/buffers/out/data"
	run -0 python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
p = [p for p in d["programs"] if p["name"] == "lb"][0]
print(p["state"], p["error"], [(c["logical"], c["result"]) for c in p["cores"]])' \
		"$MNT/device/info.json"
	assert_output "done None [([0, 0], 'done')]"
	# run's attributes may be cached; a write must not leave a size behind.
	assert_equal "$(stat -c '%s %a' "$P/lb/run")" "0 200"
}

@test "build/ holds each RISC's ELF and XIP image and the log" {
	make_prog bd reader.cpp store_arg.cpp <<-INI
	[reader]
	args = 0x160000 1
	common_args = 2
	[writer]
	args = 0x160010 3
	common_args = 4
	INI
	cp "$K/store_arg.cpp" "$P/bd/writer.cpp"
	run -0 ttfs_guard 60 sh -c "echo 1 > '$P/bd/run'"
	assert_equal "$(l1_word 0,0 0x160014)" 0x00000004
	run -0 ls "$P/bd/build"
	assert_output "$(printf '%s\n' brisc.elf brisc.xip log ncrisc.elf ncrisc.xip)"
	for f in brisc.elf ncrisc.elf; do
		assert_equal "$(head -c 4 "$P/bd/build/$f" | od -An -tx1 | tr -d ' ')" 7f454c46
		assert_equal "$(stat -c '%a %s' "$P/bd/build/$f")" "444 $(cat "$P/bd/build/$f" | wc -c)"
	done
	# The XIP image is the ELF's loadable bytes: no ELF header.
	[ "$(head -c 4 "$P/bd/build/brisc.xip" | od -An -tx1 | tr -d ' ')" != 7f454c46 ]
	# The log is the last build's: the writer, set after the reader.
	run -0 cat "$P/bd/build/log"
	assert_output --partial "writer.cpp for brisc"
	run -0 pyio open "$P/bd/build/log" w
	assert_output EACCES
	run -1 stat "$P/bd/build/trisc0.elf"
}

@test "per-core runtime args: each core gets its override, the rest args" {
	make_prog pc reader.cpp store_arg.cpp <<-INI
	[program]
	cores = 0-2,0
	[reader]
	args = 0x160000 0x1111
	args.1,0 = 0x160000 0x2222
	args.2,0 = 0x160000 0x3333
	common_args = 0xc0
	INI
	run -0 run_prog pc
	assert_output ok
	assert_equal "$(l1_word 0,0 0x160000) $(l1_word 1,0 0x160000) $(l1_word 2,0 0x160000)" \
		"0x00001111 0x00002222 0x00003333"
	assert_equal "$(l1_word 2,0 0x160004)" 0x000000c0
	run -0 cat "$P/pc/status"
	assert_line "core 0,0 done"
	assert_line "core 1,0 done"
	assert_line "core 2,0 done"
}

@test "run with no sources is ENOEXEC; anything but 1 or start is EINVAL" {
	mkdir "$P/none"
	run -0 run_prog none
	assert_output ENOEXEC
	for v in 0 2 11 go "1 " "1\n2" start2; do
		run -0 pyrun "$P/none/run" "$(printf '%b' "$v")"
		[ "$output" = EINVAL ] || fail "run '$v': $output"
	done
	run -0 pyio open "$P/none/run" r
	assert_output EACCES
}

@test "a compile error: run is EIO, file:line in status and build/log" {
	make_prog ce reader.cpp syntax_error.cpp <<<"[reader]"
	run -0 run_prog ce
	assert_output EIO
	run -0 cat "$P/ce/status"
	assert_line "state failed"
	assert_output --regexp "reader.cpp:6:[0-9]+: error: .*no_such_variable"
	run -0 cat "$P/ce/build/log"
	assert_output --regexp "reader.cpp:6:[0-9]+: error: .*no_such_variable"
	# device/info.json lists it, the compiler's text escaped into valid JSON.
	run -0 python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
p = [p for p in d["programs"] if p["name"] == "ce"][0]
print(p["state"], p["kernels"], "no_such_variable" in p["error"])' "$MNT/device/info.json"
	assert_output "failed ['reader.cpp'] True"
}

@test "a compile error inside an SDK macro: status names the user's line, no path of this machine" {
	make_prog dp writer.cpp dprint_no_semicolon.cpp <<<"[program]"
	run -0 run_prog dp
	assert_output EIO
	run -0 cat "$P/dp/status"
	assert_line --regexp "^error build of writer.cpp for brisc failed: writer.cpp:5:5: error: expected ',' or ';' before '::' token \(at sdk/api/debug/dprint.h:[0-9]+:[0-9]+, in expansion of macro 'DPRINT'\)$"
	[[ "$output" != *[\ \(\'\"]/* ]] || fail "an absolute path in status: $output"
	# Nor in device/info.json, which carries the same error.
	local repo
	repo=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	run -0 cat "$MNT/device/info.json"
	assert_output --partial "writer.cpp:5:5: error:"
	refute_output --partial "$repo"
}

@test "build/log names the SDK's files sdk/..., with no path of this machine" {
	make_prog dl writer.cpp dprint_no_semicolon.cpp <<<"[program]"
	run -0 run_prog dl
	assert_output EIO
	local repo sdk
	repo=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
	sdk=$(cd "$(dirname "$TTFS_BIN")/../share/ttfs/sdk" 2>/dev/null && pwd -P) || sdk=$repo/runtime/kernel
	run -0 cat "$P/dl/build/log"
	# gcc's own lines, where it names the SDK file the macro is in.
	assert_output --regexp "(^|"$'\n'")sdk/api/debug/dprint.h:[0-9]+:[0-9]+: "
	refute_output --partial "$repo"
	refute_output --partial "$sdk"
}

@test "compile_args that don't match what the kernel reads: a compile error, EIO" {
	make_prog ct reader.cpp ct_args.cpp <<-INI
	[reader]
	args = 0x160000
	compile_args = 1 2
	INI
	run -0 run_prog ct
	assert_output EIO
	run -0 cat "$P/ct/status"
	assert_output --partial "reader.cpp"
	assert_output --partial "error"
	# With the three words it reads, it builds and runs.
	run -0 pyset "$P/ct/args" <<-INI
	[reader]
	args = 0x160000
	compile_args = 1 2 40
	INI
	assert_output ok
	run -0 run_prog ct
	assert_output ok
	assert_equal "$(l1_word 0,0 0x160000)" 0x0000002b
}

@test "an unknown buffer, and a buffer removed after args was written: ENOENT" {
	make_prog ub reader.cpp store_arg.cpp <<-INI
	[reader]
	args = @nosuch 1
	INI
	run -0 run_prog ub
	assert_output ENOENT
	run -0 cat "$P/ub/status"
	assert_output --partial "no buffer 'nosuch'"
	mkdir "$MNT/dram/buffers/gone"
	echo 4096 >"$MNT/dram/buffers/gone/size"
	run -0 pyset "$P/ub/args" <<-INI
	[reader]
	args = 0x160000 @gone
	INI
	assert_output ok
	run -0 run_prog ub
	assert_output ok
	assert_equal "$(l1_word 0,0 0x160000)" "$(printf '0x%08x' "$(cat "$MNT/dram/buffers/gone/address")")"
	rmdir "$MNT/dram/buffers/gone"
	run -0 run_prog ub
	assert_output ENOENT
	run -0 cat "$P/ub/status"
	assert_output --partial "no buffer 'gone'"
}

# A writer gated on $FLAG that then writes 16 pages of 0xa5 to @victim.
gated_args() {
	cat <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[writer]
	args = $FLAG 1 @victim 16 2048 0xa5 0x168000
	INI
}

@test "a running program pins its buffers: rmdir and resize EBUSY, status names it, other buffers untouched" {
	local B="$MNT/dram/buffers" writer
	set_l1_word 0,0 $FLAG 0
	mkdir "$B/victim"
	echo 32768 >"$B/victim/size"
	assert_equal "$(cat "$B/victim/status")" "not pinned"
	make_prog gw writer.cpp gated_writer.cpp < <(gated_args)
	ttfs_guard 60 pyrun "$P/gw/run" 1 >"$BATS_TEST_TMPDIR/run.out" &
	writer=$!
	wait_state gw running
	run -0 ttfs_guard 20 pyio rmdir "$B/victim"
	assert_output EBUSY
	[ -d "$B/victim" ]
	run -0 ttfs_guard 20 pyio write "$B/victim/size" "$(printf 4096 | xxd -p)"
	assert_output EBUSY
	run -0 ttfs_guard 20 pyio write "$B/victim/page_size" "$(printf 1024 | xxd -p)"
	assert_output EBUSY
	assert_equal "$(cat "$B/victim/size") $(cat "$B/victim/page_size")" "32768 2048"
	assert_equal "$(cat "$B/victim/status")" "pinned by program gw"
	grep -q "dram/buffers/victim: pinned by program gw" "$BATS_FILE_TMPDIR/daemon.log"
	# Setting the shape it has is still fine.
	echo 32768 >"$B/victim/size"
	mkdir "$B/other"
	echo 32768 >"$B/other/size"
	head -c 32768 /dev/urandom >"$BATS_TEST_TMPDIR/other.bin"
	cp "$BATS_TEST_TMPDIR/other.bin" "$B/other/data"
	assert_equal "$(cat "$B/other/status")" "not pinned"
	set_l1_word 0,0 $FLAG 1
	wait "$writer"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/run.out")" ok
	# The pin goes before the writer returns: rmdir works at once.
	cmp "$BATS_TEST_TMPDIR/other.bin" "$B/other/data"
	cmp <(head -c 32768 /dev/zero | tr '\0' '\245') "$B/victim/data"
	assert_equal "$(cat "$B/victim/status")" "not pinned"
	rmdir "$B/victim"
	rmdir "$B/other"
}

@test "a started program pins its buffers until its run ends; a failed start pins nothing" {
	local B="$MNT/dram/buffers"
	set_l1_word 0,0 $FLAG 0
	mkdir "$B/victim"
	echo 32768 >"$B/victim/size"
	make_prog gs writer.cpp gated_writer.cpp < <(gated_args)
	run -0 run_prog gs start
	assert_output ok
	run -0 ttfs_guard 20 pyio rmdir "$B/victim"
	assert_output EBUSY
	assert_equal "$(cat "$B/victim/status")" "pinned by program gs"
	set_l1_word 0,0 $FLAG 1
	wait_state gs done
	rmdir "$B/victim"
	# Resolved, then refused (@victim is gone, @kept is not): nothing stays pinned.
	mkdir "$B/kept"
	echo 4096 >"$B/kept/size"
	run -0 pyset "$P/gs/args" <<-INI
	[program]
	cores = 0,0
	[writer]
	args = $FLAG 1 @kept 1 2048 0 @victim
	INI
	run -0 run_prog gs
	assert_output ENOENT
	assert_equal "$(cat "$B/kept/status")" "not pinned"
	rmdir "$B/kept"
}

# assert_cb_wait STATE: $output (a status) says core 0,0's NCRISC waits in
# cb_wait_front on CB 3, as ttrt_core_wait_reason reads it from the
# hardware (the stream registers of CB 3: nothing received, nothing acked).
assert_cb_wait() {
	assert_output --regexp "core 0,0 $1[:;] ncrisc pc 0x[0-9a-f]+ \(reader.cpp:7 kernel_main, in cb_wait_front\(3, 1\)\) cb_wait_front cb 3: received 0 acked 0"
}

@test "a kernel that hangs: status names the CB wait, run is ETIMEDOUT, the next runs" {
	make_prog hang reader.cpp hang_cb.cpp <<-INI
	[program]
	timeout_ms = 3000
	[cb.3]
	format = bfloat16
	pages = 1
	INI
	# Live: while it waits, status says on what (read until the kernel
	# got there: a loaded host takes a while to start 600 harts' worth).
	run -0 run_prog hang start
	assert_output ok
	for _ in $(seq 50); do
		grep -q 'cb_wait_front cb 3' "$P/hang/status" && break
		sleep 0.05
	done
	run -0 cat "$P/hang/status"
	assert_line "state running"
	assert_cb_wait running
	# At the timeout, status keeps what it waited on.
	wait_state hang timeout
	run -0 cat "$P/hang/status"
	assert_output --partial "timed out after 3000 ms"
	assert_cb_wait timeout
	# Blocking: ETIMEDOUT after timeout_ms.
	run -0 run_prog hang
	assert_output ETIMEDOUT
	# The daemon and the core are fine: a program on the same core runs.
	make_prog after reader.cpp store_arg.cpp <<-INI
	[reader]
	args = 0x160000 0x600d
	INI
	run -0 run_prog after
	assert_output ok
	assert_equal "$(l1_word 0,0 0x160000)" 0x0000600d
}

@test "a runaway loop (for (;;) {}) is running at its PC, not waiting" {
	make_prog loop reader.cpp runaway_loop.cpp <<-INI
	[program]
	cores = 1,1
	timeout_ms = 10000
	INI
	run -0 run_prog loop start
	assert_output ok
	# Until NCRISC, out of its firmware, shows the same line twice (it
	# stays in its loop) or says it waits.
	local line prev=
	for _ in $(seq 100); do
		line=$(grep '^ncrisc ' "$MNT/cores/1,1/status")
		[[ "$line" == *waiting* || ( "$line" == "$prev" && "$line" != *idle* ) ]] && break
		prev=$line
		sleep 0.05
	done
	run -0 grep '^ncrisc ' "$MNT/cores/1,1/status"
	assert_output --regexp '^ncrisc running pc 0x[0-9a-f]{8} \(reader.cpp:[0-9]+ kernel_main\) insns [0-9]+$'
	[[ "$output" =~ pc\ (0x[0-9a-f]+\ \([^\)]+\)) ]]
	local pc=${BASH_REMATCH[1]}
	run -0 cat "$P/loop/status"
	assert_line "core 1,1 running; ncrisc pc $pc running"
	wait_state loop timeout
	run -0 cat "$P/loop/status"
	assert_line "error timed out after 10000 ms; core 1,1: ncrisc pc $pc running"
}

@test "kernels that fault: EIO, status names core, RISC, PC and address" {
	for k in fault_noc fault_illegal fault_store; do
		make_prog "$k" reader.cpp "$k.cpp" <<-INI
		[program]
		cores = 1,2
		timeout_ms = 5000
		INI
		run -0 run_prog "$k"
		[ "$output" = EIO ] || fail "$k: $output $(cat "$P/$k/status")"
		run -0 cat "$P/$k/status"
		assert_line "state failed"
		assert_output --partial "1,2"
		assert_output --partial "ncrisc"
		assert_output --regexp "(pc|PC) 0x[0-9a-f]+"
	done
	run -0 cat "$P/fault_store/status"
	assert_output --partial "store access fault at address 0x00400000"
	run -0 cat "$P/fault_noc/status"
	assert_output --partial "(30,30)"
	run -0 cat "$P/fault_illegal/status"
	assert_output --partial "illegal"
}

@test "start returns at once; poll() on status wakes when the program ends" {
	set_l1_word 0,0 $FLAG 0
	make_prog st reader.cpp wait_flag.cpp < <(flag_args)
	run -0 ttfs_guard 60 python3 -c '
import os, select, sys, time
status, run, l1, flag = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4], 0)
fd = os.open(status, os.O_RDONLY)
before = os.read(fd, 65536).decode()
p = select.poll()
p.register(fd, select.POLLIN | select.POLLPRI)
assert p.poll(0) == [], "ready before anything changed"
w = os.open(run, os.O_WRONLY)
t = time.monotonic()
os.write(w, b"start")
os.close(w)
print("start took less than 1s:", time.monotonic() - t < 1.0)
assert p.poll(10000), "no wake at start"
text = os.pread(fd, 65536, 0).decode()
print([l for l in text.splitlines() if l.startswith("state")][0])
# Now running and re-read: not ready until it ends.
assert p.poll(300) == [], "ready while nothing changed"
l = os.open(l1, os.O_WRONLY)
os.pwrite(l, (1).to_bytes(4, "little"), flag)
os.close(l)
t = time.monotonic()
while True:
    ev = p.poll(10000)
    assert ev, "no wake when it ended"
    text = os.pread(fd, 65536, 0).decode()
    if "state done" in text:
        break
print("woken", time.monotonic() - t < 5)
' "$P/st/status" "$P/st/run" "$MNT/cores/0,0/l1" "$FLAG"
	assert_output "$(printf '%s\n' "start took less than 1s: True" "state running" "woken True")"
	assert_equal "$(l1_word 0,0 $((FLAG + 4)))" 0x00005a5a
}

@test "rmdir while running is EBUSY; two programs on overlapping cores: EBUSY" {
	set_l1_word 0,0 $FLAG 0
	make_prog busy reader.cpp wait_flag.cpp < <(flag_args)
	run -0 run_prog busy start
	assert_output ok
	wait_state busy running
	run -0 ttfs_guard 20 pyio rmdir "$P/busy"
	assert_output EBUSY
	[ -d "$P/busy" ]
	# Another program on 0-1,0 shares core 0,0.
	make_prog other reader.cpp store_arg.cpp <<-INI
	[program]
	cores = 0-1,0
	[reader]
	args = 0x160000 1
	INI
	run -0 run_prog other
	assert_output EBUSY
	run -0 cat "$P/other/status"
	assert_output --partial "0,0"
	# Running start again on a running program: EBUSY too.
	run -0 run_prog busy start
	assert_output EBUSY
	set_l1_word 0,0 $FLAG 1
	wait_state busy done
	run -0 run_prog other
	assert_output ok
	rmdir "$P/busy"
}

@test "a second run of a running program is EBUSY at once, not a wait for the first" {
	local writer
	set_l1_word 0,0 $FLAG 0
	make_prog twice reader.cpp wait_flag.cpp < <(flag_args)
	ttfs_guard 60 pyrun "$P/twice/run" 1 >"$BATS_TEST_TMPDIR/first.out" &
	writer=$!
	wait_state twice running
	# Before, the second writer waited in the kernel (D state, deaf to
	# kill -9) for the whole first run, then ran the program again.
	run -1 ttfs_guard 5 bash -c "echo 1 > '$P/twice/run'"
	assert_output --partial "Device or resource busy"
	run -0 ttfs_guard 5 pyrun "$P/twice/run" 1
	assert_output EBUSY
	run -0 ttfs_guard 5 pyrun "$P/twice/run" start
	assert_output EBUSY
	grep -q "programs/twice/run: busy: the program is running" "$BATS_FILE_TMPDIR/daemon.log"
	set_l1_word 0,0 $FLAG 1
	wait "$writer"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/first.out")" ok
	# At rest again: the next run works (the flag still set: done at once).
	run -0 run_prog twice
	assert_output ok
}

# A blocking run interrupted as Ctrl-C would (helpers.bash), reading
# device/arch meanwhile: a blocked run holds up nothing else.
interrupted_run() {
	interrupt_blocked_write "$P/$1/run" "$MNT/device/arch"
}

@test "Ctrl-C of a blocking run: EINTR, the program is stopped, the next run works" {
	set_l1_word 0,0 $FLAG 0
	make_prog cc reader.cpp wait_flag.cpp < <(flag_args)
	run -0 ttfs_guard 30 interrupted_run cc
	read -r code secs arch served <<<"$output"
	assert_equal "$code $arch $served" "4 blackhole True"
	python3 -c "import sys; sys.exit(not float(sys.argv[1]) < 1.0)" "$secs" ||
		fail "the interrupted writer took $secs s to end"
	run -0 cat "$P/cc/status"
	assert_line "state failed"
	assert_line "error stopped"
	grep -q "programs/cc/run: interrupted" "$BATS_FILE_TMPDIR/daemon.log"
	# Stopped: the flag set now changes nothing; the next run waits anew.
	set_l1_word 0,0 $FLAG 1
	run -0 run_prog cc
	assert_output ok
	assert_equal "$(l1_word 0,0 $((FLAG + 4)))" 0x00005a5a
}

# ---- unmount and SIGTERM ----------------------------------------------------------

# A second daemon of our own: D2 and M2.
start_second() {
	D2="$BATS_TEST_TMPDIR/d2"
	M2="$D2/mnt"
	mkdir -p "$D2/cache"
	ttfs_start "$D2" "$M2" -o cache_dir="$D2/cache"
	export TTFS_GUARD_MNT="$M2" TTFS_GUARD_PID="$(cat "$D2/pid")"
	mkdir "$M2/programs/w"
	printf '[reader]\nargs = %s 1 7\n' $FLAG >"$M2/programs/w/args"
	cp "$K/wait_flag.cpp" "$M2/programs/w/reader.cpp"
}

@test "unmount with a started program stops it and exits 0" {
	start_second
	run -0 ttfs_guard 60 pyrun "$M2/programs/w/run" start
	assert_output ok
	run -0 cat "$M2/programs/w/status"
	assert_line "state running"
	ttfs_stop "$D2" "$M2"
}

# SIG: the daemon stops with a run writer blocked (bash's echo, which
# reports the error of write(2) as it is) and exits 0; the writer gets
# EINTR. (A writer that retries an interrupted write(2) by itself, as
# Python does, sends it again to a daemon that is going away.)
stop_during_run() {
	local sig=$1 writer pid status=0
	start_second
	bash -c 'echo 1 > "$1"' _ "$M2/programs/w/run" 2>"$D2/writer.err" &
	writer=$!
	pid=$(cat "$D2/pid")
	for _ in $(seq 200); do
		grep -q "state running" "$M2/programs/w/status" && break
		sleep 0.1
	done
	grep -q "state running" "$M2/programs/w/status" || fail "programs/w did not start"
	kill "-$sig" "$pid"
	for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid"; fail "the daemon did not exit on $sig"; }
	wait "$pid" || status=$?
	assert_equal "$status" 0
	wait "$writer" && fail "the writer succeeded"
	run cat "$D2/writer.err"
	assert_output --partial "write error: Interrupted system call"
	grep -q "programs/w/run: interrupted, program stopped" "$D2/daemon.log"
	fusermount3 -uz "$M2" 2>/dev/null || true
	ttfs_log_clean "$D2/daemon.log"
}

@test "SIGTERM during a blocking run: the writer gets EINTR, the daemon exits 0" {
	stop_during_run TERM
}

@test "SIGINT and SIGHUP during a blocking run: the writer gets EINTR, the daemon exits 0" {
	stop_during_run INT
	rm -rf "$D2"
	stop_during_run HUP
}
