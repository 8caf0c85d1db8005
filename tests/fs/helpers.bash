# SPDX-License-Identifier: Apache-2.0
#
# Shared by the mounted suites: mount the simulator in $BATS_FILE_TMPDIR,
# unmount it, and require a clean exit (status 0, no sanitizer report).
#
#   setup_file()    { ttfs_mount [-o opt ...]; }
#   teardown_file() { ttfs_unmount; }
#
# TTFS_BIN names the daemon (set by ctest). The daemon runs in the
# foreground (-f) with fd 3 closed, so bats never waits on it, and its
# stderr goes to $BATS_FILE_TMPDIR/daemon.log.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

: "${TTFS_BIN:?set TTFS_BIN to the ttfs binary}"
export LC_ALL=C
export BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-120}

# Sanitizer settings for an ASan/UBSan build (harmless otherwise).
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# Skip (do not fail) where FUSE cannot work at all.
ttfs_require_fuse() {
	[ -c /dev/fuse ] || skip "no /dev/fuse"
	command -v fusermount3 >/dev/null || skip "no fusermount3"
	if [ "$(id -u)" != 0 ] && [ ! -u "$(command -v fusermount3)" ]; then
		skip "fusermount3 is not setuid and we are not root"
	fi
}

# ---- watchdog -------------------------------------------------------------
# A request the daemon never answers leaves its caller in uninterruptible
# sleep: neither bats' timeout nor kill can end it. The watchdog aborts the
# FUSE connection instead (/sys/fs/fuse/connections/N/abort), which fails
# every pending request with ENOTCONN, so the test fails instead of hanging.
# Where fusectl cannot be used, killing the daemon aborts the connection too.

# ttfs_fusectl: make sure /sys/fs/fuse/connections is mounted (root only).
ttfs_fusectl() {
	[ -d /sys/fs/fuse/connections ] || return 1
	mountpoint -q /sys/fs/fuse/connections && return 0
	[ "$(id -u)" = 0 ] || return 1
	mount -t fusectl fusectl /sys/fs/fuse/connections 2>/dev/null
}

# ttfs_fuse_conn MOUNTPOINT: the FUSE connection number of a mount, from
# /proc/self/mountinfo. Not from stat(1): stat of a mount whose daemon does
# not answer hangs too.
ttfs_fuse_conn() {
	awk -v mnt="$1" '$5 == mnt { split($3, dev, ":"); if (dev[1] == 0) print dev[2]; exit }' \
		/proc/self/mountinfo
}

# ttfs_abort MOUNTPOINT PID REASON: abort the connection, note why in the log.
ttfs_abort() {
	local mnt=$1 pid=$2 reason=$3 conn
	conn=$(ttfs_fuse_conn "$mnt")
	echo "ttfs watchdog: $reason: aborting the FUSE connection of $mnt" >&2
	if [ -n "$conn" ] && [ -w "/sys/fs/fuse/connections/$conn/abort" ]; then
		echo 1 >"/sys/fs/fuse/connections/$conn/abort"
	else
		kill -KILL "$pid" 2>/dev/null
	fi
}

# ttfs_watchdog_start DIR MOUNTPOINT SECONDS: abort the mount if the daemon
# still serves it after SECONDS (the whole suite's budget). ttfs_stop then
# fails with the watchdog's note.
ttfs_watchdog_start() {
	local dir=$1 mnt=$2 secs=$3 pid
	pid=$(cat "$dir/pid")
	(
		exec 3>&- 1>/dev/null 2>>"$dir/watchdog.log"
		for _ in $(seq "$secs"); do
			sleep 1
			kill -0 "$pid" 2>/dev/null || exit 0
		done
		ttfs_abort "$mnt" "$pid" "suite still running after ${secs}s"
	) &
	echo $! >"$dir/watchdog.pid"
}

ttfs_watchdog_stop() {
	local dir=$1
	[ -f "$dir/watchdog.pid" ] || return 0
	kill "$(cat "$dir/watchdog.pid")" 2>/dev/null
	wait "$(cat "$dir/watchdog.pid")" 2>/dev/null || true
	rm -f "$dir/watchdog.pid"
	if [ -s "$dir/watchdog.log" ]; then
		cat "$dir/watchdog.log" >&2
		return 1
	fi
	return 0
}

# ttfs_guard SECONDS CMD [ARGS...]: run one command that could hang the
# mount ($MNT, daemon pid in $BATS_FILE_TMPDIR/pid, or TTFS_GUARD_MNT and
# TTFS_GUARD_PID). If it has not finished after SECONDS, abort the
# connection, report it and return 124; else return the command's status.
ttfs_guard() {
	local secs=$1 mnt=${TTFS_GUARD_MNT:-$MNT} pid cmd status fired
	shift
	pid=${TTFS_GUARD_PID:-$(cat "$BATS_FILE_TMPDIR/pid")}
	fired=$(mktemp)
	# Without job control a background job's stdin is /dev/null; keep ours
	# so a here-document reaches the command. Neither child keeps bats's
	# traps (set -ET passes ERR and DEBUG down, and a child forked in
	# teardown, which bats runs from its EXIT trap, may run that one on
	# exit): a child that ran them would report the test a second time
	# ("not ok N" then "ok N") from its own process. The command's status
	# reaches us through wait.
	( trap - ERR DEBUG EXIT; set +eET; "$@" ) <&0 &
	cmd=$!
	(
		trap - ERR DEBUG EXIT
		set +eET
		exec 3>&- 1>/dev/null
		for _ in $(seq $((secs * 10))); do
			sleep 0.1
			kill -0 "$cmd" 2>/dev/null || exit 0
		done
		echo fired >"$fired"
		ttfs_abort "$mnt" "$pid" "'$*' still running after ${secs}s"
	) &
	local dog=$!
	status=0
	wait "$cmd" || status=$?
	kill "$dog" 2>/dev/null || true   # it may have seen cmd end and exited
	wait "$dog" 2>/dev/null || true   # killed: 143, not a failure of cmd
	if [ -s "$fired" ]; then
		rm -f "$fired"
		echo "ttfs_guard: '$*' hung the mount; the connection was aborted" >&2
		return 124
	fi
	rm -f "$fired"
	return "$status"
}

# Seconds a whole suite may keep one mount before the watchdog aborts it.
export TTFS_WATCHDOG_SECONDS=${TTFS_WATCHDOG_SECONDS:-480}

# Kmd mode (TTFS_TEST_KMD=1, set by the fs_*_kmd ctest entries): TTFS_BIN
# is ttfs-fakekmd, the daemon with the simulated tt-kmd of tests/kmd_fake,
# and every mount names the device, so the suites run unchanged over the
# real kmd backend. TTFS_FAKE_KMD passes faults and options to the fake.
# The fake runs ttfs's firmware, which a kmd mount boots only when
# firmware_dir names it (a card's firmware is tt-metal's; docs/abi.md).
ttfs_backend_args() {
	if [ "${TTFS_TEST_KMD:-0}" = 1 ]; then
		echo "-o device=/dev/tenstorrent/0"
		[ -z "${TTFS_FIRMWARE_DIR:-}" ] || echo "-o firmware_dir=$TTFS_FIRMWARE_DIR"
	fi
}

# ttfs_start DIR MOUNTPOINT [ttfs args...]: start a daemon in the background.
# Its pid goes to DIR/pid, its stderr to DIR/daemon.log. Returns 0 once
# MOUNTPOINT is mounted, 1 if the daemon exited or it took over 10 s.
ttfs_start() {
	local dir=$1 mnt=$2 pid
	shift 2
	mkdir -p "$mnt"
	# A background job of a script starts with SIGINT ignored; give the
	# daemon the default dispositions a terminal user's daemon has.
	env --default-signal=INT,QUIT,TERM,HUP \
		"$TTFS_BIN" -f $(ttfs_backend_args) "$@" "$mnt" 3>&- >"$dir/daemon.out" \
		2>"$dir/daemon.log" &
	pid=$!
	echo "$pid" >"$dir/pid"
	for _ in $(seq 100); do
		if mountpoint -q "$mnt"; then
			ttfs_fusectl || true
			rm -f "$dir/watchdog.log"
			ttfs_watchdog_start "$dir" "$mnt" "$TTFS_WATCHDOG_SECONDS"
			return 0
		fi
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	echo "ttfs did not mount $mnt; its log:" >&2
	cat "$dir/daemon.log" >&2
	return 1
}

# ttfs_log_clean LOG: fail if a sanitizer reported anything.
ttfs_log_clean() {
	if grep -E "ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer|runtime error:|SUMMARY: .*Sanitizer" "$1" >&2; then
		echo "sanitizer report in $1:" >&2
		cat "$1" >&2
		return 1
	fi
	return 0
}

# ttfs_stop DIR MOUNTPOINT: unmount with fusermount3 -u, then require the
# daemon to exit 0 with a clean log.
ttfs_stop() {
	local dir=$1 mnt=$2 pid status
	pid=$(cat "$dir/pid")
	ttfs_watchdog_stop "$dir" || { fusermount3 -uz "$mnt" 2>/dev/null; wait "$pid"; return 1; }
	for _ in $(seq 50); do
		fusermount3 -u "$mnt" 2>/dev/null && break
		mountpoint -q "$mnt" || break
		sleep 0.1
	done
	if mountpoint -q "$mnt"; then
		echo "cannot unmount $mnt; lazy unmount and kill" >&2
		fusermount3 -uz "$mnt"
		kill "$pid" 2>/dev/null
		wait "$pid"
		return 1
	fi
	status=0
	wait "$pid" || status=$?
	if [ "$status" != 0 ]; then
		echo "ttfs exited with status $status; its log:" >&2
		cat "$dir/daemon.log" >&2
		return 1
	fi
	ttfs_log_clean "$dir/daemon.log"
}

# The file-wide mount: $MNT in $BATS_FILE_TMPDIR.
ttfs_mount() {
	ttfs_require_fuse
	export MNT="$BATS_FILE_TMPDIR/mnt"
	ttfs_start "$BATS_FILE_TMPDIR" "$MNT" "$@"
}

ttfs_unmount() {
	[ -n "${MNT:-}" ] && [ -f "$BATS_FILE_TMPDIR/pid" ] || return 0
	ttfs_stop "$BATS_FILE_TMPDIR" "$MNT"
}

# ttfs_remove_buffers: rmdir every dram/buffers/* and l1/buffers/* (a
# teardown for suites that make buffers).
ttfs_remove_buffers() {
	local d
	for d in "$MNT"/dram/buffers/* "$MNT"/l1/buffers/*; do
		[ -d "$d" ] && rmdir "$d"
	done
	return 0
}

# pyio OP PATH [ARGS]: one system call from python3, printing "ok RESULT" or
# the errno's name (ENXIO, EFBIG, ...), so tests can check exact errnos.
#   pyio open PATH r|w|rw|rt|wt   (t: with O_TRUNC)
#   pyio pread PATH OFFSET LEN (prints hex)
#   pyio pwrite PATH OFFSET HEX   pyio fill PATH OFFSET LEN BYTE (one pwrite)
#   pyio write PATH HEX (one write(2) after open O_WRONLY|O_TRUNC, as `>`)
#   pyio truncate PATH SIZE       pyio mkdir PATH   pyio rmdir PATH
#   pyio create PATH (O_CREAT|O_EXCL)   pyio unlink PATH   pyio rename PATH NEW
#   pyio mkfifo PATH   pyio symlink PATH TARGET   pyio link PATH TARGET
pyio() {
	python3 - "$@" <<'PY'
import errno, os, sys
op, path, args = sys.argv[1], sys.argv[2], sys.argv[3:]
modes = {"r": os.O_RDONLY, "w": os.O_WRONLY, "rw": os.O_RDWR,
         "rt": os.O_RDONLY | os.O_TRUNC, "wt": os.O_WRONLY | os.O_TRUNC}
try:
    if op == "open":
        os.close(os.open(path, modes[args[0]]))
        print("ok")
    elif op == "pread":
        fd = os.open(path, os.O_RDONLY)
        data = os.pread(fd, int(args[1], 0), int(args[0], 0))
        os.close(fd)
        print("ok", data.hex())
    elif op == "pwrite":
        fd = os.open(path, os.O_WRONLY)
        n = os.pwrite(fd, bytes.fromhex(args[1]), int(args[0], 0))
        os.close(fd)
        print("ok", n)
    elif op == "fill":
        fd = os.open(path, os.O_WRONLY)
        n = os.pwrite(fd, bytes([int(args[2], 0)]) * int(args[1], 0), int(args[0], 0))
        os.close(fd)
        print("ok", n)
    elif op == "write":
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
        try:
            n = os.write(fd, bytes.fromhex(args[0]))
        finally:
            os.close(fd)
        print("ok", n)
    elif op == "truncate":
        os.truncate(path, int(args[0], 0))
        print("ok")
    elif op == "mkdir":
        os.mkdir(path)
        print("ok")
    elif op == "rmdir":
        os.rmdir(path)
        print("ok")
    elif op == "create":
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        print("ok")
    elif op == "unlink":
        os.unlink(path)
        print("ok")
    elif op == "rename":
        os.rename(path, args[0])
        print("ok")
    elif op == "mkfifo":
        os.mkfifo(path)
        print("ok")
    elif op == "symlink":
        os.symlink(args[0], path)
        print("ok")
    elif op == "link":
        os.link(args[0], path)
        print("ok")
    else:
        sys.exit("pyio: unknown op " + op)
except OSError as e:
    print(errno.errorcode.get(e.errno, str(e.errno)))
PY
}

# interrupt_blocked_write PATH [SIDE]: write "1" to PATH in a child with
# Python's SIGINT handler, as in a terminal; once it has been blocked for
# a second, send it SIGINT. Prints the child's exit code (4:
# KeyboardInterrupt, what an interrupted write(2) becomes) and the seconds
# from SIGINT to its end; with SIDE, also SIDE's text and whether reading
# it while the writer was blocked took under a second (True/False).
interrupt_blocked_write() {
	python3 -c '
import os, signal, sys, time
pid = os.fork()
if pid == 0:
    fd = os.open(sys.argv[1], os.O_WRONLY)
    try:
        os.write(fd, b"1\n")
        os._exit(3)
    except KeyboardInterrupt:
        os._exit(4)
    except OSError as e:
        print("write:", e, file=sys.stderr)
        os._exit(5)
time.sleep(1)
if os.waitpid(pid, os.WNOHANG) != (0, 0):
    print("the writer was not blocked")
    sys.exit(1)
side = []
if len(sys.argv) > 2:
    t0 = time.monotonic()
    with open(sys.argv[2]) as f:
        side = [f.read().strip(), str(time.monotonic() - t0 < 1.0)]
t0 = time.monotonic()
os.kill(pid, signal.SIGINT)
_, status = os.waitpid(pid, 0)
print(os.waitstatus_to_exitcode(status), "%.3f" % (time.monotonic() - t0), *side)
' "$@"
}

# pyrun PATH VALUE: one write(2) of VALUE (a program's run file); "ok" or
# the errno's name (programs.bats, compute.bats).
pyrun() {
	python3 -c '
import errno, os, sys
try:
    fd = os.open(sys.argv[1], os.O_WRONLY)
    try:
        os.write(fd, sys.argv[2].encode())
    finally:
        os.close(fd)
    print("ok")
except OSError as e:
    print(errno.errorcode[e.errno])
' "$1" "$2"
}
