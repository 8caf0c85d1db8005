#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The whole-chip wait of device/reset: bounded by timeout_ms, ended by the
# writer's Ctrl-C, and the chip usable afterwards.
#
# A reset that hangs needs firmware that never reports ready: the build's
# test-only firmware (runtime/sim/firmware/CMakeLists.txt) behaves like the
# real one except that a BRISC whose L1 word 0x17FFF0 holds "HANG" never
# reports ready. Each test mounts it with its own timeout_ms.

load helpers

: "${TTFS_TEST_HANG_FIRMWARE_DIR:?set TTFS_TEST_HANG_FIRMWARE_DIR (ctest does)}"

HANG_ADDR=$((0x17FFF0))
HANG_CORE=5,5

setup() {
	ttfs_require_fuse
	export MNT="$BATS_TEST_TMPDIR/mnt"
}

teardown() {
	if [ -f "$BATS_TEST_TMPDIR/pid" ]; then
		ttfs_stop "$BATS_TEST_TMPDIR" "$MNT"
	fi
}

# mount_hang TIMEOUT_MS: mount the test firmware; the guards use this mount.
mount_hang() {
	ttfs_start "$BATS_TEST_TMPDIR" "$MNT" \
		-o "firmware_dir=$TTFS_TEST_HANG_FIRMWARE_DIR,timeout_ms=$1"
	export TTFS_GUARD_MNT=$MNT TTFS_GUARD_PID=$(cat "$BATS_TEST_TMPDIR/pid")
}

# hang_word HEX: the word the test firmware looks at on core $HANG_CORE.
hang_word() {
	run -0 pyio pwrite "$MNT/cores/$HANG_CORE/l1" "$HANG_ADDR" "$1"
}

# timed_reset: `echo 1 > device/reset` as one write(2): "ok" or the errno
# name, and the seconds it took.
timed_reset() {
	python3 -c '
import errno, os, sys, time
t0 = time.monotonic()
try:
    fd = os.open(sys.argv[1], os.O_WRONLY)
    os.write(fd, b"1\n")
    os.close(fd)
    res = "ok"
except OSError as e:
    res = errno.errorcode[e.errno]
print(res, "%.3f" % (time.monotonic() - t0))
' "$MNT/device/reset"
}

# A blocked reset, interrupted as Ctrl-C would (helpers.bash).
interrupted_reset() {
	interrupt_blocked_write "$MNT/device/reset"
}

@test "a reset that cannot finish fails with ETIMEDOUT after timeout_ms" {
	# 3 s: over the 2 s the deadline used to be, whatever the setting, and
	# room for the boot at mount under ThreadSanitizer (about a second).
	mount_hang 3000
	run -0 ttfs_guard 10 timed_reset
	assert_output --regexp '^ok '
	hang_word 48414e47
	run -0 ttfs_guard 10 timed_reset
	read -r res secs <<<"$output"
	assert_equal "$res" ETIMEDOUT
	# timeout_ms bounds the whole reset.
	python3 -c "import sys; s = float(sys.argv[1]); sys.exit(not 3.0 <= s < 3.8)" "$secs" ||
		fail "reset took $secs s with timeout_ms=3000"
	grep -q "device/reset: core $HANG_CORE did not report ready within 3000 ms" \
		"$BATS_TEST_TMPDIR/daemon.log" || fail "$(cat "$BATS_TEST_TMPDIR/daemon.log")"
	# Cleared, the next reset brings every core back.
	hang_word 00000000
	run -0 ttfs_guard 10 timed_reset
	assert_output --regexp '^ok '
	assert_equal "$(cat "$MNT/cores/$HANG_CORE/go")" done
}

@test "Ctrl-C of a writer blocked in reset ends it with EINTR; the next reset works" {
	mount_hang 60000
	hang_word 48414e47
	run -0 ttfs_guard 20 interrupted_reset
	read -r code secs <<<"$output"
	assert_equal "$code" 4
	python3 -c "import sys; sys.exit(not float(sys.argv[1]) < 0.5)" "$secs" ||
		fail "the interrupted writer took $secs s to end"
	grep -q "device/reset: interrupted" "$BATS_TEST_TMPDIR/daemon.log" ||
		fail "$(cat "$BATS_TEST_TMPDIR/daemon.log")"
	# The chip is usable: a reset with the word cleared reloads every core.
	hang_word 00000000
	run -0 ttfs_guard 20 timed_reset
	assert_output --regexp '^ok '
	run -0 cat "$MNT/device/grid"
	assert_equal "$(grep -E '^[0-9]{2} ' <<<"$output" | grep -oE 'IIIII' | wc -l)" 120
}
