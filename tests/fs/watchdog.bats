#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The test helpers' watchdog: ttfs_guard must end a request the daemon
# never answers by aborting the FUSE connection, and otherwise behave like
# the command it runs (its status, its stdin), so that CI fails instead of
# hanging and no guarded test passes or fails by accident.

load helpers

setup() {
	ttfs_require_fuse
	M="$BATS_TEST_TMPDIR/mnt"
	ttfs_start "$BATS_TEST_TMPDIR" "$M"
	export TTFS_GUARD_MNT=$M
	TTFS_GUARD_PID=$(cat "$BATS_TEST_TMPDIR/pid")
	export TTFS_GUARD_PID
}

teardown() {
	local pid
	pid=$(cat "$BATS_TEST_TMPDIR/pid")
	kill -CONT "$pid" 2>/dev/null || true
	if mountpoint -q "$M"; then
		ttfs_stop "$BATS_TEST_TMPDIR" "$M"
	else
		ttfs_watchdog_stop "$BATS_TEST_TMPDIR" 2>/dev/null || true
		fusermount3 -uz "$M" 2>/dev/null || true
		kill -9 "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
}

@test "ttfs_guard returns the command's own status" {
	run ttfs_guard 20 sh -c 'exit 3'
	assert_equal "$status" 3
	run -0 ttfs_guard 20 stat -c %F "$M/README"
	assert_output "regular file"
}

@test "ttfs_guard feeds a here-document to the command" {
	run -0 ttfs_guard 20 python3 - <<'PY'
print(sum(range(10)))
PY
	assert_output 45
}

@test "ttfs_guard aborts the connection of a request that is never answered" {
	kill -STOP "$TTFS_GUARD_PID"
	run ttfs_guard 2 stat "$M/README"
	assert_equal "$status" 124
	assert_output --partial "hung the mount; the connection was aborted"
	# Aborted: every later request fails at once instead of hanging.
	run ttfs_guard 5 stat "$M/README"
	assert_failure
	[ "$status" != 124 ] || fail "the second stat hung too"
	assert_output --partial "Transport endpoint is not connected"
}
