#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# A core's L1 through the mount: printf/echo/dd in, hexdump/xxd/dd out,
# the mailbox view of the same memory, and the bounds of both files.

load helpers

L1_SIZE=1572864
MAILBOX_BASE=$((0x60))
MAILBOX_SIZE=12768
# Firmware, mailboxes and the kernel config live below 0x37000 and the cores
# run that firmware: tests write only from here up (CB data space).
USER=$((0x37000))

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

@test "printf into l1 at 0x37000 with dd, read back with hexdump and xxd" {
	l1="$MNT/cores/0,0/l1"
	printf '\x78\x56\x34\x12' | dd of="$l1" bs=1 seek=$((0x37000)) conv=notrunc status=none
	run -0 hexdump -C -s $((0x37000)) -n 4 "$l1"
	assert_line --index 0 "00037000  78 56 34 12                                       |xV4.|"
	run -0 xxd -s $((0x37000)) -l 4 -p "$l1"
	assert_output 78563412
	# As a little-endian word it is 0x12345678.
	run -0 od -A n -t x4 -j $((0x37000)) -N 4 "$l1"
	assert_equal "$(echo $output)" 12345678
}

@test "echo text into l1 at an odd offset, read it back with dd" {
	l1="$MNT/cores/3,4/l1"
	cp "$l1" "$BATS_TEST_TMPDIR/before"
	echo "hello, tensix" | dd of="$l1" bs=1 seek=$((0x40001)) conv=notrunc status=none
	run -0 dd if="$l1" bs=1 skip=$((0x40001)) count=14 status=none
	assert_output "hello, tensix"
	# Exactly those 14 bytes changed (cmp -l counts from 1).
	run cmp -l "$BATS_TEST_TMPDIR/before" "$l1"
	assert_equal "$(awk '{ print $1 }' <<<"$output" | head -1) $(wc -l <<<"$output")" \
		"$((0x40001 + 1)) 14"
	[ "$(awk '{ print $1 }' <<<"$output" | tail -1)" = $((0x40001 + 14)) ]
}

@test "a random 64 KiB block round-trips through dd at an unaligned offset" {
	l1="$MNT/cores/11,9/l1"
	head -c 65536 /dev/urandom >"$BATS_TEST_TMPDIR/in"
	off=$((USER + 12345))
	dd if="$BATS_TEST_TMPDIR/in" of="$l1" bs=4096 oflag=seek_bytes seek=$off conv=notrunc status=none
	dd if="$l1" of="$BATS_TEST_TMPDIR/out" bs=65536 iflag=skip_bytes,count_bytes skip=$off \
		count=65536 status=none
	cmp "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/out"
	# xxd sees the same bytes.
	assert_equal "$(xxd -s $off -l 32 -p "$l1")" "$(xxd -l 32 -p "$BATS_TEST_TMPDIR/in")"
}

@test "the whole of l1 reads as 1572864 bytes with cat and cp" {
	l1="$MNT/cores/6,2/l1"
	printf 'END!' | dd of="$l1" bs=1 seek=$((L1_SIZE - 4)) conv=notrunc status=none
	assert_equal "$(cat "$l1" | wc -c)" $L1_SIZE
	cp "$l1" "$BATS_TEST_TMPDIR/copy"
	assert_equal "$(stat -c %s "$BATS_TEST_TMPDIR/copy")" $L1_SIZE
	assert_equal "$(tail -c 4 "$BATS_TEST_TMPDIR/copy")" "END!"
}

@test "cores are separate memories" {
	at=$((USER + 256))
	cp "$MNT/cores/2,0/l1" "$BATS_TEST_TMPDIR/before"
	printf 'AAAA' | dd of="$MNT/cores/1,0/l1" bs=1 seek=$at conv=notrunc status=none
	printf 'BBBB' | dd of="$MNT/cores/0,1/l1" bs=1 seek=$at conv=notrunc status=none
	assert_equal "$(dd if="$MNT/cores/1,0/l1" bs=1 skip=$at count=4 status=none)" AAAA
	assert_equal "$(dd if="$MNT/cores/0,1/l1" bs=1 skip=$at count=4 status=none)" BBBB
	cmp "$BATS_TEST_TMPDIR/before" "$MNT/cores/2,0/l1"
}

@test "mailbox is L1 from 0x60: mailbox offset 0x310 is L1 0x370" {
	core="$MNT/cores/2,5"
	# The go message (L1 0x370) as the firmware left it, through both files.
	assert_equal "$(xxd -s $((0x310)) -l 4 -p "$core/mailbox")" \
		"$(xxd -s $((0x370)) -l 4 -p "$core/l1")"
	# The tail of the mailbox region (unused by the firmware): a write through
	# l1 shows in mailbox at offset - 0x60, up to its last byte.
	printf '\xa1\xa2\xa3' | dd of="$core/l1" bs=1 seek=$((MAILBOX_BASE + MAILBOX_SIZE - 3)) \
		conv=notrunc status=none
	run -0 xxd -s $((MAILBOX_SIZE - 3)) -p "$core/mailbox"
	assert_output a1a2a3
	# The whole mailbox equals L1[0x60, 0x60 + 12768).
	cmp <(cat "$core/mailbox") \
		<(dd if="$core/l1" iflag=skip_bytes,count_bytes skip=$MAILBOX_BASE count=$MAILBOX_SIZE \
			bs=65536 status=none)
	assert_equal "$(cat "$core/mailbox" | wc -c)" $MAILBOX_SIZE
	# Different from the bytes just around it in L1.
	cmp -s <(cat "$core/mailbox") <(dd if="$core/l1" iflag=skip_bytes,count_bytes \
		skip=$((MAILBOX_BASE + 4)) count=$MAILBOX_SIZE bs=65536 status=none) && fail "mailbox offset wrong"
	true
}

@test "truncating l1 with > changes nothing" {
	l1="$MNT/cores/4,4/l1"
	printf 'keep' | dd of="$l1" bs=1 seek=$USER conv=notrunc status=none
	cp "$l1" "$BATS_TEST_TMPDIR/before"
	: >"$l1"
	assert_equal "$(stat -c %s "$l1")" $L1_SIZE
	assert_equal "$(dd if="$l1" bs=1 skip=$USER count=4 status=none)" keep
	cmp "$BATS_TEST_TMPDIR/before" "$l1"
}

@test "reading l1 at its end gives 0 bytes; past its end is ENXIO" {
	l1="$MNT/cores/0,0/l1"
	run -0 pyio pread "$l1" $L1_SIZE 16
	assert_output "ok "
	run -0 pyio pread "$l1" $((L1_SIZE + 1)) 16
	assert_output ENXIO
	run -0 pyio pread "$l1" $((L1_SIZE * 4)) 1
	assert_output ENXIO
	# A read that starts inside and runs past the end is cut at the end.
	printf '\x5a\x5b' | dd of="$l1" bs=1 seek=$((L1_SIZE - 2)) conv=notrunc status=none
	run -0 pyio pread "$l1" $((L1_SIZE - 2)) 100
	assert_output "ok 5a5b"
	# dd reports the same errno.
	run -1 --separate-stderr dd if="$l1" of=/dev/null bs=1 iflag=skip_bytes skip=$((L1_SIZE + 10)) count=1
	[[ "$stderr" == *"No such device or address"* ]]
}

@test "a write across the end of l1 is short; one at or past the end is EFBIG" {
	l1="$MNT/cores/5,5/l1"
	# Known bytes in the last 128 KiB.
	head -c 131072 /dev/urandom >"$BATS_TEST_TMPDIR/tail"
	dd if="$BATS_TEST_TMPDIR/tail" of="$l1" bs=131072 seek=$(((L1_SIZE - 131072) / 131072)) \
		conv=notrunc status=none
	# At and past the end: EFBIG, nothing written.
	run -0 pyio fill "$l1" $((L1_SIZE)) 1 0
	assert_output EFBIG
	run -0 pyio fill "$l1" $((L1_SIZE + 4096)) 1 0
	assert_output EFBIG
	cmp "$BATS_TEST_TMPDIR/tail" \
		<(dd if="$l1" bs=131072 skip=$(((L1_SIZE - 131072) / 131072)) status=none)
	# 11 bytes 10 before the end: the 10 that fit are written.
	run -0 pyio fill "$l1" $((L1_SIZE - 10)) 11 0
	assert_output "ok 10"
	assert_equal "$(xxd -s $((L1_SIZE - 10)) -p "$l1")" 00000000000000000000
	# 256 KiB from 128 KiB before the end: dd writes 128 KiB, then the
	# rest, at the end, is EFBIG.
	head -c 262144 /dev/zero | tr '\0' '\252' >"$BATS_TEST_TMPDIR/aa"
	run -1 --separate-stderr dd if="$BATS_TEST_TMPDIR/aa" of="$l1" bs=262144 \
		oflag=seek_bytes seek=$((L1_SIZE - 131072)) conv=notrunc
	[[ "$stderr" == *"File too large"* ]]
	cmp <(head -c 131072 "$BATS_TEST_TMPDIR/aa") \
		<(dd if="$l1" bs=131072 skip=$(((L1_SIZE - 131072) / 131072)) status=none)
	# A write that ends exactly at the end fits.
	run -0 pyio pwrite "$l1" $((L1_SIZE - 2)) c0de
	assert_output "ok 2"
	assert_equal "$(xxd -s $((L1_SIZE - 2)) -p "$l1")" c0de
}

@test "mailbox is read-only and bounded: EACCES to write, ENXIO past its end" {
	mb="$MNT/cores/0,0/mailbox"
	run -0 pyio open "$mb" w
	assert_output EACCES
	run -0 pyio open "$mb" rw
	assert_output EACCES
	run ! --separate-stderr bash -c 'printf x >"$1"' _ "$mb"
	[[ "$stderr" == *"Permission denied"* ]]
	run -0 pyio pread "$mb" $MAILBOX_SIZE 4
	assert_output "ok "
	run -0 pyio pread "$mb" $((MAILBOX_SIZE + 1)) 4
	assert_output ENXIO
}
