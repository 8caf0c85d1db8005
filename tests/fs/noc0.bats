#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# noc0/<X>-<Y>: symlinks naming Tensix cores and DRAM endpoints by their
# NOC0 coordinates. Expected targets are computed here from the P100A
# tables (reference/blackhole-abi.md §3).

load helpers

COLS=(1 2 3 4 5 6 7 10 11 12 13 14)
# NOC0 endpoints of the enabled DRAM banks 0..6 (bank 7 is harvested).
DRAM_EPS=("0-0 0-1 0-11" "0-2 0-10 0-3" "0-9 0-4 0-8" "0-5 0-7 0-6"
	"9-0 9-1 9-11" "9-2 9-10 9-3" "9-9 9-4 9-8")
HARVESTED_EPS="9-5 9-7 9-6"

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

@test "noc0/ lists 120 Tensix links and 21 DRAM endpoint links" {
	expected=$(
		for x in "${!COLS[@]}"; do for y in $(seq 2 11); do echo "${COLS[$x]}-$y"; done; done
		for b in "${!DRAM_EPS[@]}"; do for e in ${DRAM_EPS[$b]}; do echo "$e"; done; done
	)
	run -0 ls "$MNT/noc0"
	assert_equal "$(printf '%s\n' "$output" | sort)" "$(printf '%s\n' "$expected" | sort)"
	assert_equal "${#lines[@]}" 141
}

@test "every Tensix link points at ../cores/<logical x>,<logical y>" {
	for x in "${!COLS[@]}"; do
		for y in $(seq 2 11); do
			name="${COLS[$x]}-$y"
			[ -L "$MNT/noc0/$name" ] || fail "$name is not a symlink"
			assert_equal "$name $(readlink "$MNT/noc0/$name")" "$name ../cores/$x,$((y - 2))"
		done
	done
	# The corners by name.
	assert_equal "$(readlink "$MNT/noc0/1-2")" "../cores/0,0"
	assert_equal "$(readlink "$MNT/noc0/10-2")" "../cores/7,0"
	assert_equal "$(readlink "$MNT/noc0/14-11")" "../cores/11,9"
}

@test "DRAM endpoint links point at ../dram/<bank>; harvested bank 7 has none" {
	for b in "${!DRAM_EPS[@]}"; do
		for e in ${DRAM_EPS[$b]}; do
			assert_equal "$e $(readlink "$MNT/noc0/$e")" "$e ../dram/$b"
		done
	done
	for e in $HARVESTED_EPS; do
		run ! stat "$MNT/noc0/$e"
	done
}

@test "links resolve: a Tensix link is a core directory, a DRAM link a bank file" {
	[ -d "$MNT/noc0/1-2" ]
	assert_equal "$(ls "$MNT/noc0/1-2/")" "$(ls "$MNT/cores/0,0/")"
	assert_equal "$(stat -L -c %s "$MNT/noc0/1-2/l1")" 1572864
	[ -f "$MNT/noc0/0-0" ]
	assert_equal "$(stat -L -c %s "$MNT/noc0/9-9")" "$(stat -c %s "$MNT/dram/6")"
	# st_size of a link is the length of its target.
	target=$(readlink "$MNT/noc0/14-11")
	assert_equal "$(stat -c %s "$MNT/noc0/14-11")" "${#target}"
}

@test "writing through noc0/1-2/l1 is seen in cores/0,0/l1, and back" {
	at=$((0x37010))   # CB data space, below it runs the firmware
	printf 'via-noc0' | dd of="$MNT/noc0/1-2/l1" bs=1 seek=$at conv=notrunc status=none
	assert_equal "$(dd if="$MNT/cores/0,0/l1" bs=1 skip=$at count=8 status=none)" via-noc0
	printf 'logical!' | dd of="$MNT/cores/11,9/l1" bs=1 seek=$((at + 64)) conv=notrunc status=none
	assert_equal "$(dd if="$MNT/noc0/14-11/l1" bs=1 skip=$((at + 64)) count=8 status=none)" "logical!"
	# 7,0 is NOC0 10-2 (the columns jump from 7 to 10); 6,0 (7-2) is untouched.
	cp "$MNT/cores/6,0/l1" "$BATS_TEST_TMPDIR/before"
	printf 'seven' | dd of="$MNT/noc0/10-2/l1" bs=1 seek=$((at + 128)) conv=notrunc status=none
	assert_equal "$(dd if="$MNT/cores/7,0/l1" bs=1 skip=$((at + 128)) count=5 status=none)" seven
	cmp "$BATS_TEST_TMPDIR/before" "$MNT/noc0/7-2/l1"
}

@test "all three endpoints of a DRAM bank reach the same memory" {
	printf 'bank4' | dd of="$MNT/noc0/9-0" bs=1 seek=4096 conv=notrunc status=none
	for e in 9-0 9-1 9-11; do
		assert_equal "$(dd if="$MNT/noc0/$e" bs=1 skip=4096 count=5 status=none)" bank4
	done
	assert_equal "$(dd if="$MNT/dram/4" bs=1 skip=4096 count=5 status=none)" bank4
}

@test "tiles that are neither a usable core nor a DRAM bank have no link" {
	# ARC, PCIe, Ethernet, security, L2CPU, harvested Tensix, off the grid, bad spellings.
	for name in 8-0 11-0 2-0 1-1 8-2 8-3 15-2 16-11 1-12 17-2 1-0 01-2 1-02 1,2 1-2-3 x-y; do
		run ! stat "$MNT/noc0/$name"
		[[ "$output" == *"No such file or directory"* ]] || fail "$name: $output"
	done
}
