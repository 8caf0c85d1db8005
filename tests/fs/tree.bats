#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The mounted tree: what ls shows, what stat says, what the text files hold.

load helpers

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

@test "the root holds README, cores, device, dram, l1, noc0, programs" {
	run -0 ls "$MNT"
	assert_output "$(printf '%s\n' README cores device dram l1 noc0 programs)"
	[ -f "$MNT/README" ]
	for d in cores device dram l1 noc0 programs; do [ -d "$MNT/$d" ]; done
	# 2 + one per subdirectory.
	assert_equal "$(stat -c %h "$MNT")" 8
}

@test "l1/ holds buffers/ and nothing else" {
	run -0 ls "$MNT/l1"
	assert_output buffers
	assert_equal "$(stat -c %h "$MNT/l1")" 3
	assert_equal "$(stat -c %h "$MNT/l1/buffers")" 2
	[ ! -e "$MNT/l1/banks" ]
}

@test "device/ holds its eight files" {
	run -0 ls "$MNT/device"
	assert_output "$(printf '%s\n' abi arch backend board grid info.json reset telemetry)"
}

@test "cores/ has a directory x,y for every logical core 0..11 x 0..9" {
	expected=$(for y in $(seq 0 9); do for x in $(seq 0 11); do echo "$x,$y"; done; done | sort)
	run -0 ls "$MNT/cores"
	assert_equal "$(printf '%s\n' "$output" | sort)" "$expected"
	assert_equal "${#lines[@]}" 120
	# l1 and mailbox in every core, and nothing DESIGN §1.2 does not name.
	for c in 0,0 11,9 5,4; do
		run -0 ls "$MNT/cores/$c"
		assert_line l1
		assert_line mailbox
		for f in "${lines[@]}"; do
			[[ " l1 mailbox launch go cbs status dprint " == *" $f "* ]] || fail "cores/$c/$f"
		done
	done
}

@test "cores/ has no directory outside the logical grid" {
	for bad in 12,0 0,10 01,1 -1,0 1 1,1,1 a,b 1-2; do
		run ! stat "$MNT/cores/$bad"
	done
}

@test "dram/ holds banks 0..6 and buffers/" {
	run -0 ls "$MNT/dram"
	assert_output "$(printf '%s\n' 0 1 2 3 4 5 6 buffers)"
	[ -d "$MNT/dram/buffers" ]
	run ! stat "$MNT/dram/7"
}

@test "l1 stats 1572864 bytes, mailbox 12768, banks 4 GiB" {
	for c in 0,0 11,9 3,7; do
		assert_equal "$(stat -c %s "$MNT/cores/$c/l1")" 1572864
		assert_equal "$(stat -c %s "$MNT/cores/$c/mailbox")" 12768
	done
	for b in 0 1 2 3 4 5 6; do
		assert_equal "$(stat -c %s "$MNT/dram/$b")" $((4 * 1024 * 1024 * 1024))
	done
}

@test "modes: l1 and banks rw, mailbox and device files read-only, reset write-only" {
	assert_equal "$(stat -c %A "$MNT/cores/0,0/l1")" "-rw-r--r--"
	assert_equal "$(stat -c %A "$MNT/dram/0")" "-rw-r--r--"
	assert_equal "$(stat -c %A "$MNT/cores/0,0/mailbox")" "-r--r--r--"
	for f in abi arch board backend grid telemetry info.json; do
		assert_equal "$(stat -c %A "$MNT/device/$f")" "-r--r--r--"
	done
	assert_equal "$(stat -c %A "$MNT/device/reset")" "--w-------"
	assert_equal "$(stat -c %A "$MNT/README")" "-r--r--r--"
}

@test "arch, board, backend" {
	run -0 cat "$MNT/device/arch"
	assert_output blackhole
	run -0 cat "$MNT/device/board"
	assert_output p100a
	run -0 cat "$MNT/device/backend"
	assert_output sim
}

@test "every text file's st_size is the number of bytes cat returns" {
	# telemetry's heartbeat can gain a digit between stat and cat: retry once.
	for f in README device/arch device/board device/backend device/grid device/telemetry \
		device/info.json $(cd "$MNT" && ls -d cores/0,0/* cores/11,9/* | grep -v -e /l1 -e /mailbox); do
		for attempt in 1 2 3; do
			size=$(stat -c %s "$MNT/$f")
			bytes=$(cat "$MNT/$f" | wc -c)
			[ "$size" = "$bytes" ] && break
		done
		assert_equal "$f $size" "$f $bytes"
		# dprint is empty until a kernel prints (diag.bats)
		[ "$size" -gt 0 ] || [[ "$f" == */dprint ]]
	done
}

@test "text files end with a newline and read the same through dd and cat" {
	for f in README device/grid device/telemetry device/info.json; do
		[ "$(tail -c 1 "$MNT/$f" | xxd -p)" = 0a ]
	done
	a=$(cat "$MNT/device/grid")
	b=$(dd if="$MNT/device/grid" bs=7 status=none)
	assert_equal "$a" "$b"
}

@test "telemetry lines are 'name value unit'" {
	run -0 cat "$MNT/device/telemetry"
	[ "${#lines[@]}" -ge 5 ]
	for line in "${lines[@]}"; do
		[[ "$line" =~ ^[a-z_0-9]+\ [^\ ]+\ [^\ ]+$ ]] || fail "bad telemetry line: '$line'"
	done
	# The readings the design names are there.
	for name in asic_temperature aiclk board_id fw_bundle_version; do
		assert_line --regexp "^$name "
	done
	assert_line --regexp '^aiclk [0-9]+ MHz$'
	assert_line --regexp '^asic_temperature [0-9.]+ C$'
}

@test "info.json parses and lists the 120 cores with their NOC0 coordinates" {
	run -0 python3 - "$MNT/device/info.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
cols = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14]
assert d["arch"] == "blackhole", d["arch"]
assert d["board"] == "p100a", d["board"]
cores = d["cores"]
assert len(cores) == 120, len(cores)
seen = set()
for c in cores:
    x, y = c["logical"]
    assert c["noc0"] == [cols[x], y + 2], c
    seen.add((x, y))
assert seen == {(x, y) for x in range(12) for y in range(10)}
print("ok")
PY
	assert_output ok
}

@test "grid names the chip and shows 120 Tensix cells, 20 harvested, in 12 rows" {
	run -0 cat "$MNT/device/grid"
	assert_line --index 0 --partial blackhole
	assert_output --partial sim
	assert_output --partial ARC
	# A Tensix cell is five RISC states; rows 02..11 hold 12 of them and 2 harvested.
	cells=$(grep -E '^[0-9]{2} ' <<<"$output" | grep -oE '[RIW?F-]{5}' | wc -l)
	assert_equal "$cells" 120
	for y in 02 03 04 05 06 07 08 09 10 11; do
		row=$(grep "^$y " <<<"$output")
		assert_equal "$y $(grep -oE '[RIW?F-]{5}' <<<"$row" | wc -l)" "$y 12"
		assert_equal "$y $(grep -o xxxxx <<<"$row" | wc -l)" "$y 2"
	done
}

@test "README describes the tree" {
	run -0 cat "$MNT/README"
	for word in device/ cores/ noc0/ dram/ buffers/; do
		assert_output --partial "$word"
	done
}

@test "a missing name is ENOENT" {
	run -1 --separate-stderr cat "$MNT/nope"
	[[ "$stderr" == *"No such file or directory"* ]]
	run -1 --separate-stderr cat "$MNT/device/nope"
	[[ "$stderr" == *"No such file or directory"* ]]
	run -1 --separate-stderr cat "$MNT/cores/0,0/nope"
	[[ "$stderr" == *"No such file or directory"* ]]
}
