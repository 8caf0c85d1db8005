#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Stopping the daemon: fusermount3 -u and SIGTERM (and SIGINT) unmount and
# exit 0 with a clean log, also with buffers and data in use.

load helpers

setup() {
	ttfs_require_fuse
	M="$BATS_TEST_TMPDIR/mnt"
}

teardown() {
	local d
	for d in "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"; do
		if mountpoint -q "$d/mnt"; then
			fusermount3 -uz "$d/mnt"
		fi
		if [ -f "$d/pid" ]; then
			kill -9 "$(cat "$d/pid")" 2>/dev/null
		fi
	done
	return 0
}

# stopped_by SIGNAL: send it, then require unmount and exit 0.
stopped_by() {
	local pid status
	pid=$(cat "$BATS_TEST_TMPDIR/pid")
	kill "-$1" "$pid"
	status=0
	wait "$pid" || status=$?
	if [ "$status" != 0 ]; then cat "$BATS_TEST_TMPDIR/daemon.log" >&2; fi
	assert_equal "exit status $status" "exit status 0"
	! mountpoint -q "$M" || fail "still mounted after SIG$1"
	ttfs_log_clean "$BATS_TEST_TMPDIR/daemon.log"
}

use_it() {
	mkdir "$M/dram/buffers/b"
	echo 65536 >"$M/dram/buffers/b/size"
	head -c 65536 /dev/urandom >"$M/dram/buffers/b/data"
	mkdir "$M/dram/buffers/empty"
	printf 'x' | dd of="$M/cores/0,0/l1" bs=1 seek=$((0x40000)) conv=notrunc status=none
	cat "$M/device/info.json" "$M/device/grid" "$M/device/telemetry" >/dev/null
}

@test "fusermount3 -u unmounts and the daemon exits 0" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=16M
	use_it
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
	! mountpoint -q "$M"
}

@test "SIGTERM unmounts and the daemon exits 0" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=16M
	use_it
	stopped_by TERM
}

@test "SIGINT unmounts and the daemon exits 0" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=16M
	stopped_by INT
}

# A script's background job starts with SIGINT ignored (no job control);
# ttfs must still take SIGINT as a clean stop, as documented.
@test "kill -INT of a daemon started in the background from a script: unmount, exit 0" {
	mkdir -p "$M"
	bash -c '"$1" -f -o dram_size=16M "$2" 3>&- 2>"$3/daemon.log" &
		echo $! >"$3/pid"
		wait $!
		echo $? >"$3/status"' _ "$TTFS_BIN" "$M" "$BATS_TEST_TMPDIR" 3>&- &
	script=$!
	for _ in $(seq 100); do mountpoint -q "$M" && break; sleep 0.1; done
	mountpoint -q "$M" || fail "no mount; log: $(cat "$BATS_TEST_TMPDIR/daemon.log")"
	# The precondition: such a job really starts with SIGINT ignored (bit 1 of SigIgn).
	ign=$(bash -c 'awk "/^SigIgn/ {print \$2}" /proc/self/status & wait')
	assert_equal "$(( 0x$ign & 2 ))" 2
	kill -INT "$(cat "$BATS_TEST_TMPDIR/pid")"
	for _ in $(seq 200); do kill -0 "$script" 2>/dev/null || break; sleep 0.1; done
	kill -0 "$script" 2>/dev/null && fail "the daemon ignored SIGINT"
	wait "$script"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/status")" 0
	! mountpoint -q "$M" || fail "still mounted after SIGINT"
	ttfs_log_clean "$BATS_TEST_TMPDIR/daemon.log"
}

@test "SIGTERM with a file held open still exits 0" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=16M
	use_it
	exec 5<"$M/dram/buffers/b/data"
	stopped_by TERM
	exec 5<&-
}

@test "an unmount that is refused (busy) leaves the daemon serving" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=16M
	(cd "$M/cores/0,0" && sleep 3) 3>&- &
	holder=$!
	sleep 0.5
	run ! fusermount3 -u "$M"
	assert_equal "$(cat "$M/device/arch")" blackhole
	wait "$holder"
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "a killed daemon leaves a stale mount: ENOTCONN until fusermount3 -u, then it mounts again" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=16M
	pid=$(cat "$BATS_TEST_TMPDIR/pid")
	ttfs_watchdog_stop "$BATS_TEST_TMPDIR"
	kill -KILL "$pid"
	wait "$pid" || true
	run ls "$M"
	assert_failure
	assert_output --partial "Transport endpoint is not connected"
	grep -q " $M " /proc/self/mountinfo || fail "the stale mount is already gone"
	run -0 fusermount3 -u "$M"
	! grep -q " $M " /proc/self/mountinfo || fail "still listed after fusermount3 -u"
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=16M
	assert_equal "$(cat "$M/device/arch")" blackhole
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "two mounts are two separate simulated cards" {
	mkdir -p "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	ttfs_start "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/a/mnt" -o dram_size=8M
	ttfs_start "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/b/mnt" -o dram_size=4M
	at=$((0x37000))
	cp "$BATS_TEST_TMPDIR/b/mnt/cores/1,1/l1" "$BATS_TEST_TMPDIR/before"
	printf 'card-a' | dd of="$BATS_TEST_TMPDIR/a/mnt/cores/1,1/l1" bs=1 seek=$at conv=notrunc status=none
	assert_equal "$(dd if="$BATS_TEST_TMPDIR/a/mnt/cores/1,1/l1" bs=1 skip=$at count=6 status=none)" card-a
	cmp "$BATS_TEST_TMPDIR/before" "$BATS_TEST_TMPDIR/b/mnt/cores/1,1/l1"
	assert_equal "$(stat -c %s "$BATS_TEST_TMPDIR/b/mnt/dram/0")" $((4 * 1024 * 1024))
	ttfs_stop "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/a/mnt"
	ttfs_stop "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/b/mnt"
}
