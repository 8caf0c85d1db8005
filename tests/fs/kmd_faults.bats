#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The kmd backend's whole-chip reset, and under faults of the simulated tt-kmd (tests/kmd_fake,
# options in TTFS_FAKE_KMD): a fault while mounting refuses the mount with
# a message naming the device and the cause; a fault while mounted fails
# the one request it hits, and everything else goes on working, up to a
# clean unmount. Runs with TTFS_BIN=ttfs-fakekmd.

load helpers

DEV=/dev/tenstorrent/0

# refused SPEC: mounting with these faults must fail, the daemon exiting
# nonzero; prints its log.
refused() {
	local dir="$BATS_TEST_TMPDIR/r" pid status=0
	rm -rf "$dir"
	mkdir -p "$dir"
	if TTFS_FAKE_KMD="$1" ttfs_start "$dir" "$dir/mnt" -o device=$DEV 2>/dev/null; then
		ttfs_stop "$dir" "$dir/mnt"
		echo "mounted despite $1"
		return 1
	fi
	pid=$(cat "$dir/pid")
	wait "$pid" || status=$?
	if [ "$status" = 0 ]; then
		echo "the daemon exited 0 after refusing ($1)"
		return 1
	fi
	cat "$dir/daemon.log"
}

setup() { ttfs_require_fuse; }

@test "an ioctl API version 1 driver is refused, naming the version needed" {
	run refused api=1
	assert_output --partial "$DEV: tt-kmd 1.33.0 speaks ioctl API version 1; ttfs needs version 2"
}

@test "each ioctl of the open failing refuses the mount with the request and the reason" {
	for f in GET_DRIVER_INFO:EIO GET_DEVICE_INFO:ENODEV QUERY_MAPPINGS:EFAULT ALLOCATE_TLB:ENOMEM \
		SET_POWER_STATE:EPERM; do
		run refused "fail=$f"
		assert_output --partial "cannot open device: $DEV: ${f%%:*}"
		assert_output --regexp "failed: [A-Z][a-z]"   # and strerror's reason
	done
	run refused fail=ALLOCATE_TLB:ENOMEM:3
	assert_output --partial "every window is taken"
	run refused open=EACCES
	assert_output --partial "$DEV: Permission denied"
	run refused mmap=ENOMEM
	assert_output --partial "mmap of TLB window"
}

@test "a second daemon on the same chip is refused and told which pid holds it" {
	export TTFS_FAKE_KMD="lock_dir=$BATS_TEST_TMPDIR"
	ttfs_start "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/a" -o device=$DEV
	holder=$(cat "$BATS_TEST_TMPDIR/pid")
	run refused "lock_dir=$BATS_TEST_TMPDIR"
	assert_output --partial "chip 0000:01:00.0 is in use by pid $holder (ttfs-fakekmd)"
	# The holder is unharmed.
	run -0 dd if="$BATS_TEST_TMPDIR/a/cores/0,0/l1" bs=4 count=1 status=none
	ttfs_stop "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/a"
}

# inject SPEC: hand faults to the mounted fake through its control file.
inject() {
	echo "$1" >"$BATS_TEST_TMPDIR/ctl.new"
	mv "$BATS_TEST_TMPDIR/ctl.new" "$BATS_TEST_TMPDIR/ctl"
}

@test "a CONFIGURE_TLB failing while mounted fails that one read; the next works" {
	export TTFS_FAKE_KMD="control=$BATS_TEST_TMPDIR/ctl"
	export MNT="$BATS_TEST_TMPDIR/mnt"
	ttfs_start "$BATS_TEST_TMPDIR" "$MNT" -o device=$DEV
	run -0 pyio pwrite "$MNT/dram/0" $((1 << 30)) c0ffee
	inject fail=CONFIGURE_TLB:EINVAL:0:1
	run -0 pyio pread "$MNT/dram/0" $((3 << 30)) 3   # a window not yet used
	assert_output EIO
	run -0 pyio pread "$MNT/dram/0" $((3 << 30)) 3
	assert_output "ok 000000"
	run -0 pyio pread "$MNT/dram/0" $((1 << 30)) 3
	assert_output "ok c0ffee"
	grep -q "CONFIGURE_TLB for 0-0 @0xc0000000 failed: Invalid argument" "$BATS_TEST_TMPDIR/daemon.log"
	ttfs_stop "$BATS_TEST_TMPDIR" "$MNT"
}

@test "a core whose tile reads all ones gives EIO (possible NOC hang); other cores work" {
	export TTFS_FAKE_KMD="control=$BATS_TEST_TMPDIR/ctl"
	export MNT="$BATS_TEST_TMPDIR/mnt"
	ttfs_start "$BATS_TEST_TMPDIR" "$MNT" -o device=$DEV
	inject ones=2-2                                  # NOC0 2-2 is logical 1,0
	run -0 pyio pwrite "$MNT/cores/0,0/l1" 0x40000 a5a5   # takes the fault in
	run -0 pyio pread "$MNT/cores/1,0/l1" 0x40000 4
	assert_output EIO
	run -0 pyio pread "$MNT/cores/0,0/l1" 0x40000 2
	assert_output "ok a5a5"
	grep -q "reading 2-2 @0x40000 gave all ones .*possible NOC hang" "$BATS_TEST_TMPDIR/daemon.log"
	inject ones=-1--1                                 # the tile answers again
	run -0 pyio pwrite "$MNT/cores/0,0/l1" 0x40000 5a5a
	run -0 pyio pread "$MNT/cores/1,0/l1" 0x40000 4
	assert_output --regexp '^ok [0-9a-f]{8}$'
	ttfs_stop "$BATS_TEST_TMPDIR" "$MNT"
}

@test "echo asic-reset > device/reset: RESET_DEVICE, a fresh chip with firmware, the mount works on" {
	export MNT="$BATS_TEST_TMPDIR/mnt"
	ttfs_start "$BATS_TEST_TMPDIR" "$MNT" -o device=$DEV
	run -0 pyio pwrite "$MNT/cores/3,3/l1" 0x50000 12345678
	run -0 pyio pwrite "$MNT/dram/2" 4096 abcdef
	boot=$(dd if="$MNT/cores/3,3/l1" bs=64 count=1 status=none | od -An -tx1)
	run -0 bash -c 'echo asic-reset >"$1"' _ "$MNT/device/reset"
	# The ASIC reset lost what was in memory; the firmware is back.
	run -0 pyio pread "$MNT/cores/3,3/l1" 0x50000 4
	assert_output "ok 00000000"
	run -0 pyio pread "$MNT/dram/2" 4096 3
	assert_output "ok 000000"
	assert_equal "$(dd if="$MNT/cores/3,3/l1" bs=64 count=1 status=none | od -An -tx1)" "$boot"
	run -0 pyio pwrite "$MNT/cores/3,3/l1" 0x50000 cafe
	run -0 pyio pread "$MNT/cores/3,3/l1" 0x50000 2
	assert_output "ok cafe"
	grep "aiclk 1350" "$MNT/device/telemetry"
	ttfs_stop "$BATS_TEST_TMPDIR" "$MNT"
}
