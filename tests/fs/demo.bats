#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# tools/demo, the README's first command: it mounts the simulator, runs the
# add1-sfpi example through programs/, unmounts, and leaves nothing in
# /tmp; when the daemon fails it shows the daemon's log.

load helpers

DEMO=$BATS_TEST_DIRNAME/../../tools/demo

setup() {
	ttfs_require_fuse
	BUILD=$(dirname "$(dirname "$TTFS_BIN")")
}

# demo_leftovers: what tools/demo may have left in /tmp.
demo_leftovers() { find /tmp -maxdepth 1 -name 'ttfs-demo.*' | sort; }

@test "tools/demo runs the add1-sfpi example through a fresh mount and cleans up" {
	before=$(demo_leftovers)
	run -0 timeout 300 "$DEMO" "$BUILD"
	assert_line --partial "examples/add1-sfpi/run MOUNTPOINT"
	assert_line "PASS: x + 1.0 for 65536 elements (64 tiles) within 0.01"
	assert_equal "$(demo_leftovers)" "$before"
}

@test "tools/demo shows the daemon's log when the daemon fails, and still cleans up" {
	mkdir -p "$BATS_TEST_TMPDIR/build/fs"
	cat >"$BATS_TEST_TMPDIR/build/fs/ttfs" <<'SH'
#!/bin/sh
echo "ttfs: cannot open device: simulated failure for the demo test" >&2
exit 1
SH
	chmod +x "$BATS_TEST_TMPDIR/build/fs/ttfs"
	before=$(demo_leftovers)
	run "$DEMO" "$BATS_TEST_TMPDIR/build"
	assert_failure
	assert_output --partial "simulated failure for the demo test"
	assert_equal "$(demo_leftovers)" "$before"
}
