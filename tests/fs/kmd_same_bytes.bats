#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The same work through the sim backend and through the kmd backend
# against the simulated tt-kmd gives the same bytes: two mounts of
# ttfs-fakekmd side by side (without device=, it is the plain simulator),
# the same writes and the same program, then every byte of a core's L1,
# its mailbox and DRAM compared.

load helpers

setup_file() {
	ttfs_require_fuse
	export SIM="$BATS_FILE_TMPDIR/sim" KMD="$BATS_FILE_TMPDIR/kmd"
	mkdir -p "$BATS_FILE_TMPDIR/s" "$BATS_FILE_TMPDIR/k"
	TTFS_TEST_KMD=0 ttfs_start "$BATS_FILE_TMPDIR/s" "$SIM"
	# ttfs's firmware on the fake card: named, as a kmd mount boots it only
	# then (docs/abi.md).
	TTFS_TEST_KMD=0 ttfs_start "$BATS_FILE_TMPDIR/k" "$KMD" -o device=/dev/tenstorrent/0 \
		${TTFS_FIRMWARE_DIR:+-o firmware_dir="$TTFS_FIRMWARE_DIR"}
}

teardown_file() {
	ttfs_stop "$BATS_FILE_TMPDIR/s" "$SIM"
	ttfs_stop "$BATS_FILE_TMPDIR/k" "$KMD"
}

@test "the two mounts are the two backends" {
	assert_equal "$(cat "$SIM/device/backend")" sim
	assert_equal "$(cat "$KMD/device/backend")" "kmd /dev/tenstorrent/0"
}

@test "booted L1 and mailbox are byte for byte the same on every core sampled" {
	for c in 0,0 5,3 11,9; do
		cmp "$SIM/cores/$c/l1" "$KMD/cores/$c/l1"
		cmp "$SIM/cores/$c/mailbox" "$KMD/cores/$c/mailbox"
	done
}

@test "the same writes to L1 and DRAM read back the same, across window boundaries" {
	head -c $((3 * 1024 * 1024 + 4097)) /dev/urandom >"$BATS_TEST_TMPDIR/r"
	for m in "$SIM" "$KMD"; do
		dd if="$BATS_TEST_TMPDIR/r" of="$m/cores/2,7/l1" bs=1000 seek=300 count=1000 \
			conv=notrunc status=none
		python3 - "$m/dram/4" "$BATS_TEST_TMPDIR/r" <<'PY'
import os, sys
fd = os.open(sys.argv[1], os.O_WRONLY)
data = open(sys.argv[2], "rb").read()
os.pwrite(fd, data, 2 * 1024 * 1024 - 4097)
os.close(fd)
PY
	done
	cmp "$SIM/cores/2,7/l1" "$KMD/cores/2,7/l1"
	for m in "$SIM" "$KMD"; do
		dd if="$m/dram/4" bs=1M skip=1 count=5 status=none >"$BATS_TEST_TMPDIR/$(basename "$m").bin"
	done
	cmp "$BATS_TEST_TMPDIR/sim.bin" "$BATS_TEST_TMPDIR/kmd.bin"
	# And what was written is there, not just the same on both.
	cmp -n $((3 * 1024 * 1024 + 4097)) "$BATS_TEST_TMPDIR/r" \
		<(tail -c +$((1024 * 1024 - 4097 + 1)) "$BATS_TEST_TMPDIR/kmd.bin")
}

@test "the loopback example gives the same output buffer and the same core L1" {
	ex="$BATS_TEST_DIRNAME/../../examples/loopback"
	[ -d "$ex" ] || skip "no examples/loopback"
	for m in "$SIM" "$KMD"; do
		b="$m/dram/buffers"
		mkdir "$b/loopback-in" "$b/loopback-out"
		echo 32768 >"$b/loopback-in/size"
		echo 32768 >"$b/loopback-out/size"
		python3 -c 'import sys; sys.stdout.buffer.write(bytes((i * 7 + 3) % 251 for i in range(32768)))' \
			>"$b/loopback-in/data"
		mkdir "$m/programs/lb"
		cp "$ex"/*.cpp "$m/programs/lb/"
		cp "$ex/args" "$m/programs/lb/args"
		run -0 pyrun "$m/programs/lb/run" 1
		assert_output ok
	done
	cmp "$SIM/dram/buffers/loopback-out/data" "$KMD/dram/buffers/loopback-out/data"
	cmp "$SIM/dram/buffers/loopback-in/data" "$KMD/dram/buffers/loopback-out/data"
	# The mailbox too, but the launch message's host_assigned_id, which
	# counts the program's state changes and so depends on timing.
	cmp <(grep -v host_assigned_id "$SIM/cores/0,0/launch") \
		<(grep -v host_assigned_id "$KMD/cores/0,0/launch")
	cmp <(tail -c +$((0x310 + 1)) "$SIM/cores/0,0/mailbox") \
		<(tail -c +$((0x310 + 1)) "$KMD/cores/0,0/mailbox")
	cmp <(head -c $((0x10)) "$SIM/cores/0,0/mailbox") <(head -c $((0x10)) "$KMD/cores/0,0/mailbox")
}
