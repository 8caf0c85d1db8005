#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The simulated cores through the mount: all 120 boot our firmware and go
# idle; a kernel launched by writing L1 with shell tools runs, gets its
# runtime args and writes over the NOC; faults are reported and reset
# recovers.

load helpers

setup_file() {
	: "${TTFS_TEST_KERNEL_BIN:?set TTFS_TEST_KERNEL_BIN to tests/unit/launch/test_kernel.bin}"
	ttfs_mount -o dram_size=16M
}
teardown_file() { ttfs_unmount; }

# launch CORE A B DSTX DSTY MODE: write runtime args, the kernel and a launch
# message (BRISC only, host mode) into CORE's L1, then go = GO.
launch() {
	python3 - "$MNT/cores/$1/l1" "$TTFS_TEST_KERNEL_BIN" "${@:2}" <<'PY'
import struct, sys
l1, kernel, a, b, dx, dy, mode = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
KCB, TEXT, RESULT = 0x82B0, 0x100, 0x40000
msg = bytearray(96)
struct.pack_into("<3I", msg, 0x00, KCB, KCB, KCB)                # kernel_config_base
struct.pack_into("<HH", msg, 0x16, 0, 0x40)                       # rta/crta of brisc
msg[0x2A] = 1                                                     # mode = host
struct.pack_into("<I", msg, 0x2C, TEXT)                           # kernel_text_offset[brisc]
msg[0x46] = 32                                                    # min_remote_cb_start_index
struct.pack_into("<I", msg, 0x4C, 1)                              # enables = brisc
with open(l1, "r+b", buffering=0) as f:
    f.seek(0x370); f.write(bytes([0, 0, 0, 0xE0]))               # RESET_READ_PTR_FROM_HOST
    f.seek(0x3A0); f.write(struct.pack("<I", 0))                  # go_message_index
    f.seek(0x70); f.write(msg)
    f.seek(KCB); f.write(struct.pack("<6I", a, b, dx, dy, RESULT, mode))
    f.seek(KCB + TEXT); f.write(open(kernel, "rb").read())
    f.seek(0x370); f.write(bytes([0, 0, 0, 0x80]))               # GO
PY
}

# wait_go CORE WANT: poll cores/CORE/go until it reads WANT (30 s: the
# sanitizer builds on a loaded host are slow; a pass takes milliseconds).
wait_go() {
	for _ in $(seq 3000); do
		[ "$(cat "$MNT/cores/$1/go")" = "$2" ] && return 0
		sleep 0.01
	done
	echo "cores/$1/go is '$(cat "$MNT/cores/$1/go")', not '$2'" >&2
	return 1
}

# wait_status CORE PATTERN COUNT: poll until COUNT lines of
# cores/CORE/status match PATTERN (30 s). A state is read live: a RISC
# shows as running for the moment a store wakes it, and the firmware
# writes done before it loops back to park, so one read right after an
# event can catch the moment before. The assertion after it says what
# was there.
wait_status() {
	for _ in $(seq 600); do
		[ "$(grep -c -- "$2" "$MNT/cores/$1/status")" = "$3" ] && return 0
		sleep 0.05
	done
	return 0
}

word_at() {   # word_at CORE ADDR: one little-endian u32 in decimal
	od -An -tu4 -j "$(($2))" -N4 "$MNT/cores/$1/l1" | tr -d ' '
}

@test "all 120 cores boot: go done, every RISC idle in firmware" {
	local n=0
	for d in "$MNT"/cores/*; do
		assert_equal "$(cat "$d/go")" done
		run -0 grep -c '^\(brisc\|ncrisc\|trisc[012]\) \+idle \+pc 0x0000[3-6]' "$d/status"
		assert_output 5
		n=$((n + 1))
	done
	assert_equal "$n" 120
	run -0 grep -o IIIII "$MNT/device/grid"
	assert_equal "${#lines[@]}" 120
	run -0 python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))
print(sum(r["state"]=="idle" for c in d["cores"] for r in c["riscs"].values()))' "$MNT/device/info.json"
	assert_output 600
}

@test "the mailbox shows go = DONE and the launch ring at 0x70 in L1 terms" {
	# mailbox offset 0x310 is L1 0x370: go_messages[0], signal in byte 3.
	run -0 bash -c "hexdump -v -e '4/1 \"%02x\"' -s 0x310 -n 4 '$MNT/cores/4,4/mailbox'"
	assert_output "00000000"
	# The first BRISC instruction at L1 0 is the host's JAL x0 to 0x3840:
	# decode its J-type immediate independently of the encoder.
	run -0 python3 -c 'import struct,sys
w = struct.unpack("<I", open(sys.argv[1], "rb").read(4))[0]
imm = ((w >> 31) << 20) | (((w >> 12) & 0xFF) << 12) | (((w >> 20) & 1) << 11) | (((w >> 21) & 0x3FF) << 1)
print(hex(w & 0xFFF), hex(imm))' "$MNT/cores/4,4/l1"
	assert_output "0x6f 0x3840"
}

@test "a kernel written with shell tools runs: args in, result in L1 and over the NOC" {
	# core 1,1 is NOC0 2-3; core 7,8 is NOC0 10-10 (logical x 7 -> column 10)
	launch 1,1 42 7 10 10 0
	wait_go 1,1 done
	assert_equal "$(word_at 1,1 0x40000)" 42007
	assert_equal "$(word_at 1,1 0x40004)" 2
	assert_equal "$(word_at 1,1 0x40008)" 3
	run -0 bash -c "hexdump -C -s 0x40000 -n 16 '$MNT/cores/1,1/l1' | head -1 | cut -c11-58"
	local mine=$output
	run -0 bash -c "hexdump -C -s 0x40000 -n 16 '$MNT/cores/7,8/l1' | head -1 | cut -c11-58"
	assert_equal "$output" "$mine"
	assert_equal "$(readlink "$MNT/noc0/10-10")" ../cores/7,8
	run -0 grep '^enables 0x01 brisc$' "$MNT/cores/1,1/launch"
	run -0 grep '^kernel_text_offset.brisc 0x00100$' "$MNT/cores/1,1/launch"
	wait_status 1,1 '^brisc  idle' 1
	run -0 grep '^brisc  idle' "$MNT/cores/1,1/status"
}

@test "a bad load faults only that RISC; status names core, RISC, PC and address" {
	launch 2,2 1 2 2 3 1
	wait_status 2,2 '^brisc  fault' 1
	wait_status 2,2 ' idle ' 4
	assert_equal "$(cat "$MNT/cores/2,2/go")" go
	run -0 grep '^brisc  fault' "$MNT/cores/2,2/status"
	assert_output --regexp 'fault: load access fault at address 0x00400000; pc 0x000083[bc][0-9a-f]'
	run -0 grep '^core 2,2 noc0 3-4$' "$MNT/cores/2,2/status"
	run -0 grep -c ' idle ' "$MNT/cores/2,2/status"
	assert_output 4
	run -0 grep -o ' FIIII ' "$MNT/device/grid"
	assert_equal "${#lines[@]}" 1
	# the neighbours carry on
	launch 3,2 5 5 4 4 0
	wait_go 3,2 done
	assert_equal "$(word_at 3,2 0x40000)" 5005
}

@test "a NOC write to a missing tile faults with the reason" {
	launch 5,5 1 1 2 2 2
	wait_status 5,5 '^brisc  fault' 1
	run -0 grep '^brisc  fault' "$MNT/cores/5,5/status"
	assert_output --partial 'noc0 write: no reachable tile at (20,3)'
}

@test "echo 1 > device/reset reloads firmware everywhere and clears faults" {
	# scribble over core 0,0's BRISC firmware; reset must restore it
	local before
	before=$(od -An -tx4 -j $((0x3840)) -N 64 "$MNT/cores/0,0/l1")
	printf '\xff\xff\xff\xff' | dd of="$MNT/cores/0,0/l1" bs=1 seek=$((0x3850)) conv=notrunc status=none
	echo 1 >"$MNT/device/reset"
	assert_equal "$(od -An -tx4 -j $((0x3840)) -N 64 "$MNT/cores/0,0/l1")" "$before"
	wait_status 2,2 idle 5
	run -0 grep -c 'idle' "$MNT/cores/2,2/status"
	assert_output 5
	run -0 bash -c "grep -o -E '[-IRWF?]{5}' '$MNT/device/grid' | { grep -c F || true; }"
	assert_output 0
	launch 2,2 3 4 2 3 0
	wait_go 2,2 done
	assert_equal "$(word_at 2,2 0x40000)" 3004
}

@test "an idle booted chip parks its harts instead of spinning" {
	local pid t0 t1
	pid=$(cat "$BATS_FILE_TMPDIR/pid")
	t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
	sleep 2
	t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
	# clock ticks (1/100 s) over 2 s: a spinning chip burns ~200; the 2% target
	# itself is measured by tests/bench/io/run, not here
	[ $((t1 - t0)) -le 10 ] || fail "daemon used $((t1 - t0)) ticks in 2 s while idle"
}
