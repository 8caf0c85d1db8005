#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Live diagnosis through the mount: cores/<x>,<y>/status says what each
# RISC waits on, dprint shows the DPRINT rings, both rendered from the
# device on every open. A kernel of four hand-assembled instructions hangs
# polling an L1 word; shell tools launch it, watch it and release it.

load helpers

setup_file() { ttfs_mount -o dram_size=16M; }
teardown_file() { ttfs_unmount; }

FLAG=$((0x60000))

# launch_poller CORE: BRISC runs "lui a0,0x60; 1: lw a1,0(a0); beqz a1,1b;
# ret" from the kernel-config buffer (host mode, BRISC only), so it spins
# until the word at L1 0x60000 is not 0.
launch_poller() {
	python3 - "$MNT/cores/$1/l1" <<'PY'
import struct, sys
KCB, TEXT = 0x82B0, 0x100
code = struct.pack("<4I", 0x00060537, 0x00052583, 0xFE058EE3, 0x00008067)
msg = bytearray(96)
struct.pack_into("<3I", msg, 0x00, KCB, KCB, KCB)    # kernel_config_base
msg[0x2A] = 1                                         # mode = host
struct.pack_into("<I", msg, 0x2C, TEXT)               # kernel_text_offset[brisc]
msg[0x46] = 32                                        # min_remote_cb_start_index
struct.pack_into("<I", msg, 0x4C, 1)                  # enables = brisc
with open(sys.argv[1], "r+b", buffering=0) as f:
    f.seek(0x60000); f.write(struct.pack("<I", 0))
    f.seek(0x370); f.write(bytes([0, 0, 0, 0xE0]))   # RESET_READ_PTR_FROM_HOST
    f.seek(0x3A0); f.write(struct.pack("<I", 0))
    f.seek(0x70); f.write(msg)
    f.seek(KCB + TEXT); f.write(code)
    f.seek(0x370); f.write(bytes([0, 0, 0, 0x80]))   # GO
PY
}

# wait_poller_parked CORE: until launch_poller's BRISC shows waiting.
wait_poller_parked() {
	local i
	for i in $(seq 100); do
		status_line "$1" brisc | grep -q ' waiting ' && break
		sleep 0.05
	done
}

# release_poller CORE: set the word it polls; the kernel returns and the
# firmware reports done.
release_poller() {
	local i
	printf '\x01\x00\x00\x00' | dd of="$MNT/cores/$1/l1" bs=1 seek=$FLAG conv=notrunc status=none
	for i in $(seq 600); do
		[ "$(cat "$MNT/cores/$1/go")" = done ] && break
		sleep 0.05
	done
	assert_equal "$(cat "$MNT/cores/$1/go")" done
}

# status_line CORE RISC: that RISC's line of cores/CORE/status.
status_line() {
	ttfs_guard 10 grep "^$2 " "$MNT/cores/$1/status"
}

@test "cores/0,0/status and dprint exist, are read-only and read whole" {
	run -0 ls "$MNT/cores/0,0"
	assert_line status
	assert_line dprint
	for f in status dprint; do
		[ "$(stat -c %A "$MNT/cores/0,0/$f")" = -r--r--r-- ] || fail "$f mode"
		run -0 ttfs_guard 10 cat "$MNT/cores/0,0/$f"
		# st_size is the length of the text rendered now
		assert_equal "$(stat -c %s "$MNT/cores/0,0/$f")" "$(cat "$MNT/cores/0,0/$f" | wc -c)"
	done
	assert_equal "$(pyio open "$MNT/cores/0,0/dprint" w)" EACCES
}

@test "an idle core's RISCs wait for the go signal" {
	run -0 status_line 0,0 brisc
	# The PC's place in ttfs's firmware follows it.
	assert_output --regexp '^brisc  idle    pc 0x[0-9a-f]{8} \(firmware/brisc.c:[0-9]+ [a-z_]+\) insns [0-9]+ wait: go signal \(idle\): go message 0 at 0x373 = done$'
	for r in ncrisc trisc0 trisc1 trisc2; do
		run -0 status_line 0,0 "$r"
		assert_output --regexp "^$r +idle +pc 0x[0-9a-f]{8} \(firmware/subordinate.c:[0-9]+ [a-z_]+\) insns [0-9]+ wait: go signal \(idle\): subordinate sync 0x6[89ab] = done$"
	done
	# nothing printed since boot
	assert_equal "$(cat "$MNT/cores/0,0/dprint" | wc -c)" 0
}

@test "a hung kernel: status names the polled word, its value and the PC, live" {
	launch_poller 6,3
	wait_poller_parked 6,3
	run -0 status_line 6,3 brisc
	assert_output --regexp '^brisc  waiting pc 0x000083b[4-8] insns [0-9]+ wait: polling 0x60000 \(value 0\) at pc 0x000083b[4-8]$'
	# the pc in the reason is the pc of the line
	[[ "$output" =~ pc\ (0x[0-9a-f]+)\ insns.*at\ pc\ (0x[0-9a-f]+)$ ]] &&
		assert_equal "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
	assert_equal "$(cat "$MNT/cores/6,3/go")" go
	release_poller 6,3
	local i
	# done is written before the firmware loops back to park, and a
	# running RISC names no wait: read until it has parked again
	for i in $(seq 600); do
		status_line 6,3 brisc | grep -q ' wait: go signal' && break
		sleep 0.05
	done
	run -0 status_line 6,3 brisc
	assert_output --partial ' wait: go signal (idle): go message 0 at 0x373 = done'
}

@test "code the host wrote over a program's kernel is not given the kernel's lines" {
	# A program's writer on BRISC of 6,4 first: its ELF is recorded there,
	# its image over the words launch_poller writes.
	local p="$MNT/programs/first"
	mkdir "$p"
	printf '[program]\ncores = 6,4\n[writer]\nargs = 0x70000 7\n' >"$p/args"
	cp "$BATS_TEST_DIRNAME/programs/store_arg.cpp" "$p/writer.cpp"
	run -0 ttfs_guard 60 sh -c "echo 1 > '$p/run'"
	# Its image (entered at its start) holds 0x83b0..0x83bc.
	local kcb text size
	kcb=$(awk '$1 == "kernel_config_base.tensix" {print $2}' "$MNT/cores/6,4/launch")
	text=$(awk '$1 == "kernel_text_offset.brisc" {print $2}' "$MNT/cores/6,4/launch")
	size=$(stat -c %s "$p/build/brisc.xip")
	[ $((kcb + text)) -le $((0x83b0)) ] && [ $((kcb + text + size)) -ge $((0x83bc)) ] ||
		fail "brisc's image is at $kcb + $text, $size bytes"
	launch_poller 6,4
	wait_poller_parked 6,4
	# The PC is where the kernel's image was, but the bytes are not its.
	run -0 status_line 6,4 brisc
	assert_output --regexp '^brisc  waiting pc 0x000083b[4-8] insns [0-9]+ wait: polling 0x60000 \(value 0\) at pc 0x000083b[4-8]$'
	release_poller 6,4
	rmdir "$p"
}

@test "dprint shows each RISC's ring, prefixed, and reading does not consume" {
	# A ring as the SDK's DPRINT leaves it: NCRISC printed two lines.
	python3 - "$MNT/cores/4,7/l1" <<'PY'
import struct, sys
text = b"hello 42\nsecond line\n"
ring = 0x400 + 1 * 1024                  # TT_DPRINT_RING(ncrisc)
with open(sys.argv[1], "r+b", buffering=0) as f:
    f.seek(ring); f.write(struct.pack("<4I", 0x54525044, len(text), 0, 1008) + text)
PY
	for _ in 1 2; do
		run -0 ttfs_guard 10 cat "$MNT/cores/4,7/dprint"
		assert_equal "$output" "$(printf 'ncrisc: hello 42\nncrisc: second line')"
	done
	assert_equal "$(stat -c %s "$MNT/cores/4,7/dprint")" 37
}
