#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# tools/mailbox/ttfs-mailbox: a copy of cores/<x>,<y>/mailbox (or of l1,
# with --l1) decodes offline to exactly the text of the mounted go and
# launch files; bad input and bad usage exit 1 and 2.

load helpers

setup_file() {
	: "${TTFS_MAILBOX_BIN:?set TTFS_MAILBOX_BIN to the ttfs-mailbox binary}"
	ttfs_mount
}
teardown_file() { ttfs_unmount; }

mbtool() { "$TTFS_MAILBOX_BIN" "$@"; }

# copy CORE: snapshot cores/CORE/{mailbox,l1,go,launch} into $BATS_TEST_TMPDIR.
copy() {
	cp "$MNT/cores/$1/mailbox" "$BATS_TEST_TMPDIR/mailbox.bin"
	cp "$MNT/cores/$1/l1" "$BATS_TEST_TMPDIR/l1.bin"
	cat "$MNT/cores/$1/go" >"$BATS_TEST_TMPDIR/go"
	cat "$MNT/cores/$1/launch" >"$BATS_TEST_TMPDIR/launch"
}

# same_as_mount: every way of decoding the copies gives the mounted text
# (each step returns on a difference, so `same_as_mount || fail` works too).
same_as_mount() {
	local t=$BATS_TEST_TMPDIR
	cat "$t/go" "$t/launch" >"$t/both"
	decodes_to "$t/both" "$t/mailbox.bin" || return 1
	decodes_to "$t/go" --go "$t/mailbox.bin" || return 1
	decodes_to "$t/launch" --launch "$t/mailbox.bin" || return 1
	decodes_to "$t/both" --l1 "$t/l1.bin" || return 1
	decodes_to "$t/go" --l1 --go "$t/l1.bin" || return 1
	decodes_to "$t/launch" --l1 --launch - <"$t/l1.bin" || return 1
	decodes_to "$t/both" - <"$t/mailbox.bin"
}

# decodes_to WANT ARGS...: ttfs-mailbox ARGS exits 0 and prints file WANT.
decodes_to() {
	local want=$1
	shift
	mbtool "$@" >"$BATS_TEST_TMPDIR/out" || { echo "ttfs-mailbox $* failed" >&2; return 1; }
	diff -u "$want" "$BATS_TEST_TMPDIR/out" >&2 || { echo "ttfs-mailbox $*: not $want" >&2; return 1; }
}

@test "a booted core's mailbox copy decodes to its go and launch files" {
	copy 0,0
	assert_equal "$(cat "$BATS_TEST_TMPDIR/go")" done
	same_as_mount
	run -0 mbtool "$BATS_TEST_TMPDIR/mailbox.bin"
	assert_line --index 0 done
	assert_line --index 1 'launch_msg_rd_ptr 0'
	assert_line --index 40 'preload 0'
	assert_equal "${#lines[@]}" 41
}

@test "--all adds subordinate_sync and go_message_index; stderr stays empty" {
	copy 0,0
	run -0 --separate-stderr mbtool --all "$BATS_TEST_TMPDIR/mailbox.bin"
	assert_equal "$stderr" ""
	assert_equal "$(printf '%s\n' "${lines[@]:0:41}")" "$(cat "$BATS_TEST_TMPDIR/go" "$BATS_TEST_TMPDIR/launch")"
	assert_equal "$(printf '%s\n' "${lines[@]:41}")" "subordinate_sync.dm1 0x00 done
subordinate_sync.trisc0 0x00 done
subordinate_sync.trisc1 0x00 done
subordinate_sync.trisc2 0x00 done
go_message_index 0"
	run -0 mbtool --l1 --all "$BATS_TEST_TMPDIR/l1.bin"
	assert_line --index 41 'subordinate_sync.dm1 0x00 done'
}

@test "a launch message written with python (no GO) decodes as the mount shows it" {
	# ring entry 3 selected by launch_msg_rd_ptr 3; go_messages[2] = INIT
	# selected by go_message_index 2 (the firmware leaves INIT alone)
	python3 - "$MNT/cores/6,4/l1" <<'PY'
import struct, sys
msg = bytearray(96)
struct.pack_into("<3I", msg, 0x00, 0x82B0, 0x92B0, 0xA2B0)       # kernel_config_base
struct.pack_into("<3H", msg, 0x0C, 0x10, 0x20, 0x30)             # sem_offset
struct.pack_into("<HH", msg, 0x12, 0x120, 0x1A0)                 # local/remote cb offset
struct.pack_into("<HH", msg, 0x16, 0, 0x40)                      # rta/crta of brisc
struct.pack_into("<HH", msg, 0x26, 0x80, 0xC0)                   # rta/crta of trisc2
msg[0x2A] = 1                                                    # mode = host
struct.pack_into("<5I", msg, 0x2C, 0x100, 0x900, 0x1100, 0x1900, 0x2100)
struct.pack_into("<I", msg, 0x40, 0x10001)                       # local_cb_mask
msg[0x44:0x48] = bytes([1, 0, 32, 0])
struct.pack_into("<II", msg, 0x48, 4242, 0x1F)                   # host id, enables
struct.pack_into("<5H", msg, 0x50, 1, 2, 3, 4, 5)                # watcher ids
struct.pack_into("<H", msg, 0x5A, 12)
msg[0x5C:0x60] = bytes([2, 3, 0, 1])
with open(sys.argv[1], "r+b", buffering=0) as f:
    f.seek(0x70 + 3 * 96); f.write(msg)
    f.seek(0x6C); f.write(struct.pack("<I", 3))                  # launch_msg_rd_ptr
    f.seek(0x370 + 2 * 4); f.write(bytes([0, 0, 0, 0x40]))       # go_messages[2] = INIT
    f.seek(0x3A0); f.write(struct.pack("<I", 2))                 # go_message_index
PY
	copy 6,4
	assert_equal "$(cat "$BATS_TEST_TMPDIR/go")" init
	run -0 grep -x -e 'launch_msg_rd_ptr 3' -e 'mode host' -e 'enables 0x1f brisc,ncrisc,trisc0,trisc1,trisc2' \
		-e 'kernel_text_offset.trisc2 0x02100' -e 'sub_device_origin 2,3' "$BATS_TEST_TMPDIR/launch"
	assert_equal "${#lines[@]}" 5
	same_as_mount
	run -0 mbtool --all "$BATS_TEST_TMPDIR/mailbox.bin"
	assert_line 'go_message_index 2'
	# a dump as long as tt-exalens `brxy 6,4 0x60 3192` gives
	head -c 3192 "$BATS_TEST_TMPDIR/mailbox.bin" >"$BATS_TEST_TMPDIR/exalens.bin"
	run -0 mbtool "$BATS_TEST_TMPDIR/exalens.bin"
	assert_equal "$output" "$(cat "$BATS_TEST_TMPDIR/go" "$BATS_TEST_TMPDIR/launch")"
}

@test "random bytes in the ring, read pointer and go index decode as the mount shows them" {
	python3 - "$MNT" <<'PY'
import random, struct, sys
r = random.Random(7)
for x in range(1, 12, 2):
    with open(f"{sys.argv[1]}/cores/{x},8/l1", "r+b", buffering=0) as f:
        f.seek(0x6C); f.write(struct.pack("<I", r.randrange(1 << 32)))     # any rd_ptr
        f.seek(0x70); f.write(bytes(r.randrange(256) for _ in range(8 * 96)))
        idx = r.choice([1, 5, 8, 9, 1000, 0xFFFFFFFF])
        slot = idx if idx < 9 else 0
        # signals the firmware ignores: unknown values and INIT
        f.seek(0x370 + 4 * slot); f.write(bytes([1, 2, 3, r.choice([0x55, 0x40, 0x01, 0xFF])]))
        f.seek(0x3A0); f.write(struct.pack("<I", idx))
PY
	for x in 1 3 5 7 9 11; do
		copy "$x,8"
		same_as_mount || fail "core $x,8 decodes differently"
	done
}

@test "out-of-range go_message_index: --all says go_messages[0] is used" {
	python3 -c 'import struct, sys
b = bytearray(12768)
struct.pack_into("<I", b, 0x340, 100)
b[0x313] = 0x80
open(sys.argv[1], "wb").write(b)' "$BATS_TEST_TMPDIR/mb.bin"
	run -0 mbtool --all "$BATS_TEST_TMPDIR/mb.bin"
	assert_line --index 0 go
	assert_line --index 45 'go_message_index 100 (out of range: go_messages[0] is used)'
}

@test "too-short input exits 1 naming the file and the size it needs" {
	copy 0,0
	local t=$BATS_TEST_TMPDIR
	head -c 835 "$t/mailbox.bin" >"$t/short.bin"
	run -1 --separate-stderr mbtool "$t/short.bin"
	assert_equal "$output" ""
	assert_equal "$stderr" "ttfs-mailbox: $t/short.bin: too short: 835 bytes; a mailbox dump needs at least 836 (offset 0 = L1 0x60)"
	run -1 --separate-stderr mbtool --go - <"$t/short.bin"
	assert_equal "$stderr" "ttfs-mailbox: (stdin): too short: 835 bytes; a mailbox dump needs at least 836 (offset 0 = L1 0x60)"
	# the launch ring ends at 784: enough for --launch, one byte less is not
	head -c 784 "$t/mailbox.bin" >"$t/ring.bin"
	run -0 mbtool --launch "$t/ring.bin"
	assert_equal "$output" "$(cat "$t/launch")"
	head -c 783 "$t/mailbox.bin" >"$t/ring.bin"
	run -1 --separate-stderr mbtool --launch "$t/ring.bin"
	assert_equal "$stderr" "ttfs-mailbox: $t/ring.bin: too short: 783 bytes; a mailbox dump needs at least 784 (offset 0 = L1 0x60)"
	head -c 931 "$t/l1.bin" >"$t/l1short.bin"
	run -1 --separate-stderr mbtool --l1 "$t/l1short.bin"
	assert_equal "$stderr" "ttfs-mailbox: $t/l1short.bin: too short: 931 bytes; a whole-L1 dump needs at least 932 (offset 0 = L1 0)"
	: >"$t/empty.bin"
	run -1 mbtool "$t/empty.bin"
	assert_output --partial 'too short: 0 bytes'
}

@test "a missing or unreadable file exits 1 with the reason" {
	run -1 --separate-stderr mbtool "$BATS_TEST_TMPDIR/nope.bin"
	assert_equal "$output" ""
	assert_equal "$stderr" "ttfs-mailbox: $BATS_TEST_TMPDIR/nope.bin: No such file or directory"
	run -1 --separate-stderr mbtool "$BATS_TEST_TMPDIR"
	assert_equal "$stderr" "ttfs-mailbox: $BATS_TEST_TMPDIR: Is a directory"
}

@test "a dump of the wrong kind decodes with a note on stderr" {
	copy 0,0
	run -0 --separate-stderr mbtool "$BATS_TEST_TMPDIR/l1.bin"
	assert_equal "$stderr" "ttfs-mailbox: $BATS_TEST_TMPDIR/l1.bin: note: 1572864 bytes is the size of a whole L1; decoding it as a mailbox dump (offset 0 = L1 0x60), use --l1 if it is an L1 dump"
	run -0 --separate-stderr mbtool --l1 "$BATS_TEST_TMPDIR/mailbox.bin"
	assert_output --partial 'launch_msg_rd_ptr'
	assert_equal "$stderr" "ttfs-mailbox: $BATS_TEST_TMPDIR/mailbox.bin: note: 12768 bytes is the size of a mailbox dump; decoding it as a whole L1 (--l1, offset 0 = L1 0)"
}

@test "bad usage exits 2; --help exits 0" {
	copy 0,0
	local f=$BATS_TEST_TMPDIR/mailbox.bin
	run -2 --separate-stderr mbtool --bogus "$f"
	assert_equal "$output" ""
	assert_equal "${stderr_lines[0]}" "ttfs-mailbox: bad option '--bogus'"
	run -2 mbtool -x "$f"
	assert_line --index 0 "ttfs-mailbox: bad option '-x'"
	run -2 mbtool --go=1 "$f"
	assert_line --index 0 "ttfs-mailbox: bad option '--go=1'"
	run -2 mbtool
	assert_line --index 0 'ttfs-mailbox: no dump file given'
	run -2 mbtool "$f" "$f"
	assert_line --index 0 'ttfs-mailbox: more than one dump file given'
	run -2 mbtool --go --launch "$f"
	assert_output 'ttfs-mailbox: --go, --launch and --all exclude each other'
	run -0 mbtool --go --go "$f"
	assert_output done
	run -0 --separate-stderr mbtool --help
	assert_equal "$stderr" ""
	assert_line --index 0 'usage: ttfs-mailbox [--l1] [--go|--launch|--all] FILE|-'
}
