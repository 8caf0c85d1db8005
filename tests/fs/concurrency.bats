#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Parallel IO: four writers on four cores (and on four DRAM buffers) with
# readers running at the same time; afterwards every byte is checked
# against an image built independently in the test.

load helpers

L1_SIZE=1572864
CORES=(0,0 5,3 7,0 11,9)
# In the CB data space (from 0x37000): below it the cores run their firmware.
OFFSETS=($((0x37000)) $((0x77000)) $((0xB7123)) $((0xF7207)))
CHUNK=262144
ROUNDS=6
SENTINEL=$((0x140000))
SENTINEL_LEN=131072

setup_file() { ttfs_mount -o dram_size=64M; }
teardown_file() { ttfs_unmount; }

# writer W: ROUNDS rounds of distinct random 256 KiB patterns at each
# offset, in blocks of 4 KiB and 64 KiB by turns.
l1_writer() {
	local w=$1 l1="$MNT/cores/${CORES[$1]}/l1" r k
	for r in $(seq 0 $((ROUNDS - 1))); do
		for k in "${!OFFSETS[@]}"; do
			dd if="$T/p.$w.$r.$k" of="$l1" bs=$((r % 2 ? 65536 : 4096)) oflag=seek_bytes \
				seek="${OFFSETS[$k]}" conv=notrunc status=none || return 1
		done
	done
}

# reader R: until the writers are done, check every core's sentinel and
# read whole L1s. Exits 1 at the first wrong byte.
l1_reader() {
	local r=$1 n=0 c
	while [ ! -e "$T/done" ] || [ $n -lt 3 ]; do
		for c in "${!CORES[@]}"; do
			cmp -s "$T/sentinel.$c" <(dd if="$MNT/cores/${CORES[$c]}/l1" bs=65536 \
				iflag=skip_bytes,count_bytes skip=$SENTINEL count=$SENTINEL_LEN status=none) ||
				{ echo "reader $r: sentinel of ${CORES[$c]} changed" >&2; return 1; }
			[ "$(cat "$MNT/cores/${CORES[$c]}/l1" | wc -c)" = $L1_SIZE ] ||
				{ echo "reader $r: short read" >&2; return 1; }
		done
		n=$((n + 1))
		# A whole pass made while the writers were still writing.
		[ -e "$T/done" ] || touch "$T/overlap.$r"
	done
}

@test "4 parallel writers on 4 cores plus 4 readers: no wrong byte" {
	T=$BATS_TEST_TMPDIR
	# Patterns, sentinels, and the image each core must end with.
	for w in "${!CORES[@]}"; do
		head -c $SENTINEL_LEN /dev/urandom >"$T/sentinel.$w"
		# The image starts as the core's L1 now: firmware, mailboxes, zeros.
		cp "$MNT/cores/${CORES[$w]}/l1" "$T/image.$w"
		dd if="$T/sentinel.$w" of="$T/image.$w" bs=65536 oflag=seek_bytes seek=$SENTINEL \
			conv=notrunc status=none
		for r in $(seq 0 $((ROUNDS - 1))); do
			for k in "${!OFFSETS[@]}"; do
				head -c $CHUNK /dev/urandom >"$T/p.$w.$r.$k"
			done
		done
		for k in "${!OFFSETS[@]}"; do
			dd if="$T/p.$w.$((ROUNDS - 1)).$k" of="$T/image.$w" bs=65536 oflag=seek_bytes \
				seek="${OFFSETS[$k]}" conv=notrunc status=none
		done
		# L1 starts zeroed; put the sentinel in before anyone runs.
		dd if="$T/sentinel.$w" of="$MNT/cores/${CORES[$w]}/l1" bs=65536 oflag=seek_bytes \
			seek=$SENTINEL conv=notrunc status=none
	done
	cp "$MNT/cores/1,1/l1" "$T/untouched"
	# The patterns really are distinct, so a misplaced write would show.
	[ "$(cat "$T"/p.* | md5sum)" != "$(cat "$T"/p.0.0.0 "$T"/p.0.0.0 | md5sum)" ]

	pids=()
	for r in 0 1 2 3; do
		l1_reader "$r" 3>&- &
		pids+=($!)
	done
	wpids=()
	for w in "${!CORES[@]}"; do
		l1_writer "$w" 3>&- &
		wpids+=($!)
	done
	for p in "${wpids[@]}"; do
		wait "$p" || fail "a writer failed"
	done
	touch "$T/done"
	for p in "${pids[@]}"; do
		wait "$p" || fail "a reader saw a wrong byte"
	done
	ls "$T"/overlap.* >/dev/null || fail "no reader pass overlapped the writers"
	# Every byte of every core's L1.
	for w in "${!CORES[@]}"; do
		cmp "$T/image.$w" "$MNT/cores/${CORES[$w]}/l1" || fail "core ${CORES[$w]} differs"
	done
	# A core nobody wrote is unchanged.
	cmp "$T/untouched" "$MNT/cores/1,1/l1"
}

@test "4 parallel writers on 4 DRAM buffers plus readers: no wrong byte" {
	T=$BATS_TEST_TMPDIR
	size=$((1024 * 1024 + 4096 + 17))
	for w in 0 1 2 3; do
		mkdir "$MNT/dram/buffers/w$w"
		echo $((1000 + 512 * w)) >"$MNT/dram/buffers/w$w/page_size"
		echo $size >"$MNT/dram/buffers/w$w/size"
		head -c $size /dev/urandom >"$T/d.$w"
	done
	mkdir "$MNT/dram/buffers/still"
	echo 65536 >"$MNT/dram/buffers/still/size"
	head -c 65536 /dev/urandom >"$T/still"
	cp "$T/still" "$MNT/dram/buffers/still/data"

	# The reader paces itself: unpaced, its passes (4 MiB each) took the
	# daemon's CPU from the writers, and under ThreadSanitizer the
	# writers' 12 MiB then outlasted bats' timeout. Passes still overlap
	# the writers, which take seconds.
	(
		while [ ! -e "$T/ddone" ]; do
			cmp -s "$T/still" "$MNT/dram/buffers/still/data" || exit 1
			cat "$MNT"/dram/buffers/w*/data >/dev/null || exit 1
			sleep 0.2
		done
	) 3>&- &
	reader=$!
	wpids=()
	for w in 0 1 2 3; do
		(
			for bs in 4096 65536 12345; do
				dd if="$T/d.$w" of="$MNT/dram/buffers/w$w/data" bs=$bs conv=notrunc \
					status=none || exit 1
			done
		) 3>&- &
		wpids+=($!)
	done
	for p in "${wpids[@]}"; do
		wait "$p" || fail "a writer failed"
	done
	touch "$T/ddone"
	wait "$reader" || fail "the reader saw a wrong byte"
	for w in 0 1 2 3; do
		cmp "$T/d.$w" "$MNT/dram/buffers/w$w/data" || fail "buffer w$w differs"
	done
	cmp "$T/still" "$MNT/dram/buffers/still/data"
	rmdir "$MNT"/dram/buffers/*
}
