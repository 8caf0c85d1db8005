# SPDX-License-Identifier: Apache-2.0
#
# Shared by the suites that make programs (programs.bats,
# program_files.bats, kernel_groups.bats): K is the directory of their
# kernels; each sets P="$MNT/programs".

K="$BATS_TEST_DIRNAME/programs"

# programs_mount [OPTIONS]: the mount, with a kernel cache of the suite's
# own and OPTIONS.
programs_mount() {
	mkdir -p "$BATS_FILE_TMPDIR/cache"
	ttfs_mount -o cache_dir="$BATS_FILE_TMPDIR/cache" "$@"
}

# remove_programs: rmdir every program (a teardown). A program still
# running (a test that failed half way) is let go first.
remove_programs() {
	local d
	for d in "$MNT"/programs/*; do
		[ -d "$d" ] || continue
		python3 -c 'import os, sys
try:
    os.write(os.open(sys.argv[1], os.O_WRONLY), b"1")
except OSError:
    pass' "$MNT/cores/0,0/l1" || true
		# Unguarded: teardown runs in bats's EXIT trap, where a background
		# guard's children have reported tests twice; the suite's watchdog
		# still aborts a mount that hangs.
		rmdir "$d" 2>/dev/null || echo "# teardown: rmdir $d failed" >&2
	done
}

# pyset PATH: stdin becomes the file's whole text (open with O_TRUNC, one
# write, close). Prints "ok", or the errno of open, write or close.
pyset() {
	python3 -c '
import errno, os, sys
data = sys.stdin.buffer.read()
try:
    fd = os.open(sys.argv[1], os.O_WRONLY | os.O_TRUNC)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)
    print("ok")
except OSError as e:
    print(errno.errorcode[e.errno])
' "$1"
}

# run_prog NAME [VALUE]: `echo 1 > run` (or VALUE), guarded.
run_prog() { ttfs_guard 60 pyrun "$P/$1/run" "${2:-1}"; }

# l1_word CORE ADDR: the 32-bit little-endian word at ADDR of a core's L1.
l1_word() {
	python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
print("0x%08x" % int.from_bytes(os.pread(fd, 4, int(sys.argv[2], 0)), "little"))
' "$MNT/cores/$1/l1" "$2"
}

# words CORE ADDR N [dec]: N little-endian 32-bit words of a core's L1, in
# hex (0x%08x), or in decimal with dec.
words() {
	python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
d = os.pread(fd, 4 * int(sys.argv[3]), int(sys.argv[2], 0))
fmt = "%d" if sys.argv[4] == "dec" else "0x%08x"
print(" ".join(fmt % int.from_bytes(d[i:i + 4], "little") for i in range(0, len(d), 4)))
' "$MNT/cores/$1/l1" "$2" "$3" "${4:-hex}"
}

# set_l1_word CORE ADDR VALUE
set_l1_word() {
	python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_WRONLY)
os.pwrite(fd, int(sys.argv[3], 0).to_bytes(4, "little"), int(sys.argv[2], 0))
' "$MNT/cores/$1/l1" "$2" "$3"
}

# state NAME: the state line of a program's status.
state() { sed -n 's/^state //p' "$P/$1/status"; }

# wait_state NAME STATE [SECONDS]: until status says STATE.
wait_state() {
	local i
	for i in $(seq $((${3:-20} * 20))); do
		[ "$(state "$1")" = "$2" ] && return 0
		sleep 0.05
	done
	echo "programs/$1 is $(state "$1"), not $2:" >&2
	cat "$P/$1/status" >&2
	return 1
}

# A program NAME with one kernel FILE (reader.cpp ...) from programs/SRC
# and the args given on stdin.
make_prog() {
	local name=$1 file=$2 src=$3
	mkdir "$P/$name"
	run -0 pyset "$P/$name/args"
	assert_output ok
	cp "$K/$src" "$P/$name/$file"
}

# loopback_args PAGES [READER]: the args of a reader (loop_reader.cpp, or
# the one the caller copies) and loop_writer.cpp through CB 0 on core 0,0,
# copying PAGES pages of buffer in to buffer out.
loopback_args() {
	cat <<-INI
	[program]
	cores = 0,0
	timeout_ms = 10000
	[cb.0]
	format = bfloat16
	pages = 2
	[reader]
	args = @in $1
	compile_args = accessor(in)
	[writer]
	args = @out $1 0
	INI
}

# start_cb3_hang NAME SRC CORE: a program NAME whose reader (programs/SRC)
# waits in cb_wait_front on CB 3, which nobody fills, on CORE, started
# (timeout 3000 ms), once status says it waits there (a loaded host takes
# a while to start it).
start_cb3_hang() {
	make_prog "$1" reader.cpp "$2" <<-INI
	[program]
	cores = $3
	timeout_ms = 3000
	[cb.3]
	format = bfloat16
	pages = 1
	INI
	run -0 run_prog "$1" start
	assert_output ok
	for _ in $(seq 100); do
		grep -q 'cb_wait_front cb 3' "$P/$1/status" && break
		sleep 0.05
	done
}

# The flag the wait_flag kernel polls: core 0,0, L1 0x170000.
FLAG=0x170000
flag_args() {
	cat <<-INI
	[program]
	cores = ${1:-0,0}
	timeout_ms = ${2:-60000}
	[reader]
	args = $FLAG 1 0x5a5a
	INI
}
