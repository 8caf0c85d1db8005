#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Everything at once (tests/stress/stress.py): 4 readers and 4 writers on
# l1 and a buffer's data, buffers created and removed, resets, status
# reads, for TTFS_STRESS_SECONDS (20 by default), then every byte checked.
# Under a ThreadSanitizer build (.ci/run) this is the race hunt; the
# daemon's log must stay clean (ttfs_unmount).

load helpers

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

@test "readers, writers, buffer churn and resets at once; every byte checked" {
	local secs=${TTFS_STRESS_SECONDS:-20}
	run -0 ttfs_guard $((secs + 120)) python3 "$BATS_TEST_DIRNAME/../stress/stress.py" "$MNT" "$secs"
	echo "$output"
	[[ "$output" == *"bytes checked"* ]]
	refute_output --partial FAIL
}
