#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# ABI profiles (docs/abi.md): device/abi shows the active one; a profile
# derived from a tt-metal header set (tests/fixtures) drives the mailbox
# view; a profile that does not describe the running firmware, or that
# cannot be derived, leaves memory access working and programs refused
# with the reason in their status.

load helpers

FIX="$BATS_TEST_DIRNAME/../fixtures"
K="$BATS_TEST_DIRNAME/programs"

setup_file() {
	mkdir -p "$BATS_FILE_TMPDIR/cache"
	ttfs_mount -o cache_dir="$BATS_FILE_TMPDIR/cache"
}
teardown_file() { ttfs_unmount; }

# abi_mount OPTS...: a second mount in this test's directory, as $M.
abi_mount() {
	M="$BATS_TEST_TMPDIR/mnt"
	mkdir -p "$BATS_TEST_TMPDIR/cache"
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o cache_dir="$BATS_TEST_TMPDIR/cache",dram_size=4M "$@"
}
abi_unmount() { ttfs_stop "$BATS_TEST_TMPDIR" "$M"; }
# A test that failed before its abi_unmount must not leave its mount (and
# its watchdog, which holds bats' output open) behind.
teardown() {
	if [ -n "${M:-}" ] && mountpoint -q "$M" 2>/dev/null; then
		ttfs_stop "$BATS_TEST_TMPDIR" "$M" || true
	fi
}

# value FILE KEY: the value of "KEY = value" in FILE.
value() { sed -n "s/^$2 = //p" "$1"; }

# A program on core 0,0 that stores 0x1234 at L1 0x160000.
make_store_prog() {
	mkdir "$1/programs/$2"
	printf '[program]\ncores = 0,0\n[reader]\nargs = 0x160000 0x1234\ncommon_args = 0x99\n' \
		>"$1/programs/$2/args"
	cp "$K/store_arg.cpp" "$1/programs/$2/reader.cpp"
}

@test "device/abi: the built-in profile, field by field as key = value" {
	run -0 cat "$MNT/device/abi"
	assert_line --index 0 "name = builtin"
	assert_line --index 1 "source = built-in (ttfs firmware, tt/l1_map.h)"
	assert_line --index 2 "tt_metal_commit = none"
	assert_line "mailbox_base = 0x60"
	assert_line "mailbox_size = 0x31e0"
	assert_line "brisc_fw_base = 0x3840"
	assert_line "kernel_config_base = 0x82b0"
	assert_line "bank_to_noc_base = 0x112b0"
	assert_line "mbox_launch = 0x10"
	assert_line "mbox_go_messages = 0x310"
	assert_line "mbox_go_message_index = 0x340"
	assert_line "launch_msg_size = 0x60"
	assert_line "launch_local_cb_mask_size = 0x4"
	assert_line "num_circular_buffers = 0x20"
	assert_line --index $((${#lines[@]} - 1)) "launch = ok"
	# name, source, commit, every field, the verdict: all key = value
	for l in "${lines[@]}"; do
		[[ "$l" =~ ^[a-z_0-9]+\ =\ .+$ ]] || fail "bad line '$l'"
	done
	assert_equal "$(stat -c %s "$MNT/cores/0,0/mailbox")" 12768
}

@test "a saved device/abi decodes a mailbox dump as the mount does (ttfs-mailbox --abi)" {
	cp "$MNT/device/abi" "$BATS_TEST_TMPDIR/builtin.abi"
	cp "$MNT/cores/2,3/mailbox" "$BATS_TEST_TMPDIR/mb.bin"
	run -0 "$TTFS_MAILBOX_BIN" --abi "$BATS_TEST_TMPDIR/builtin.abi" --go "$BATS_TEST_TMPDIR/mb.bin"
	assert_output "$(cat "$MNT/cores/2,3/go")"
	run -0 "$TTFS_MAILBOX_BIN" --abi "$BATS_TEST_TMPDIR/builtin.abi" --launch "$BATS_TEST_TMPDIR/mb.bin"
	assert_output "$(cat "$MNT/cores/2,3/launch")"
	printf 'name = x\nmbox_go_messages = 0x310\n' >"$BATS_TEST_TMPDIR/partial.abi"
	run -2 "$TTFS_MAILBOX_BIN" --abi "$BATS_TEST_TMPDIR/partial.abi" "$BATS_TEST_TMPDIR/mb.bin"
	assert_output --partial "ttfs-mailbox: ABI profile 'x' ($BATS_TEST_TMPDIR/partial.abi) lacks "
}

@test "abi = a saved profile file: launches go through it and programs run" {
	cp "$MNT/device/abi" "$BATS_TEST_TMPDIR/saved.abi"
	abi_mount -o abi="$BATS_TEST_TMPDIR/saved.abi"
	run -0 value "$M/device/abi" source
	assert_output "$BATS_TEST_TMPDIR/saved.abi"
	run -0 value "$M/device/abi" launch
	assert_output ok
	make_store_prog "$M" p
	run -0 ttfs_guard 60 pyrun "$M/programs/p/run" 1
	assert_output ok
	run -0 python3 -c 'import os,sys; fd=os.open(sys.argv[1],os.O_RDONLY); print(hex(int.from_bytes(os.pread(fd,4,0x160000),"little")))' "$M/cores/0,0/l1"
	assert_output 0x1234
	abi_unmount
}

@test "cb_stream_base: the profile numbers the overlay streams the CB wait diagnosis reads" {
	assert_equal "$(value "$MNT/device/abi" cb_stream_base)" 0x0
	# A saved profile whose CB n is stream n + 3; everything else is our
	# firmware's, so programs run. Our kernel API polls stream 3 for CB 3,
	# which this profile calls CB 0.
	sed 's/^cb_stream_base = .*/cb_stream_base = 0x3/' "$MNT/device/abi" >"$BATS_TEST_TMPDIR/s3.abi"
	abi_mount -o abi="$BATS_TEST_TMPDIR/s3.abi"
	assert_equal "$(value "$M/device/abi" cb_stream_base)" 0x3
	assert_equal "$(value "$M/device/abi" launch)" ok
	mkdir "$M/programs/h"
	printf '[program]\ncores = 0,0\ntimeout_ms = 1000\n[cb.3]\nformat = bfloat16\npages = 1\n[reader]\n' \
		>"$M/programs/h/args"
	cp "$K/hang_cb.cpp" "$M/programs/h/reader.cpp"
	run -0 ttfs_guard 60 pyrun "$M/programs/h/run" 1
	assert_output ETIMEDOUT
	run -0 cat "$M/programs/h/status"
	assert_output --regexp "ncrisc pc 0x[0-9a-f]+ \(reader.cpp:7 kernel_main, in cb_wait_front\(3, 1\)\) cb_wait_front cb 0: received 0 acked 0 \(not a cb of this launch\)"
	abi_unmount
}

# fields FILE: the field lines of a profile (from l1_size on, no comments,
# no launch verdict).
fields() { sed -n '/^l1_size = /,/^go_signal = /p' "$1"; }

@test "abi = derived from each checked tt-metal version: device/abi has the saved profile's values" {
	: "${TTFS_ABI_BIN:?set TTFS_ABI_BIN to the ttfs-abi binary}"
	for v in 2f3626c4 015b433f; do
		abi_mount -o abi=derived,tt_metal_home="$FIX/tt-metal-$v"
		A="$M/device/abi"
		assert_equal "$(value "$A" name)" derived
		assert_equal "$(value "$A" source)" "derived from $FIX/tt-metal-$v"
		assert_equal "$(value "$A" tt_metal_commit)" "$(cat "$FIX/tt-metal-$v/VERSION")"
		run -0 grep -c '^file = ' "$A"
		[ "$output" -ge 10 ] || fail "$v: only $output files listed"
		assert_equal "$(grep -c '^file = tt_metal/hw/inc/hostdev/dev_msgs.h$' "$A")" 1
		"$TTFS_ABI_BIN" --check "tt-metal-$v" >"$BATS_TEST_TMPDIR/saved.abi"
		assert_equal "$(fields "$A")" "$(fields "$BATS_TEST_TMPDIR/saved.abi")"
		abi_unmount
	done
}

@test "abi = derived from tt-metal 2f3626c4's headers: the moved fields, memory works, programs refused" {
	abi_mount -o abi=derived,tt_metal_home="$FIX/tt-metal-2f3626c4"
	A="$M/device/abi"
	assert_equal "$(value "$A" mailbox_size)" 0x3260
	assert_equal "$(value "$A" brisc_fw_base)" 0x38c0
	assert_equal "$(value "$A" kernel_config_base)" 0x9de0
	assert_equal "$(value "$A" launch_msg_size)" 0x70
	assert_equal "$(value "$A" mbox_go_messages)" 0x390
	assert_equal "$(value "$A" mbox_go_message_index)" 0x3c0
	assert_equal "$(value "$A" num_circular_buffers)" 0x40
	assert_equal "$(value "$A" cb_stream_base)" 0x0
	run -0 value "$A" compiler
	assert_output --regexp "FW_BUILD for BRISC \(C\+\+ library: "
	# Our simulated firmware is the built-in layout: the profile says so,
	# and the firmware was not started.
	run -0 value "$A" launch
	assert_output --regexp "^unavailable: the ABI profile 'derived' \(derived from .*tt-metal-2f3626c4, tt-metal 2f3626c410b0e4657e017636f91fac9acf314fe1\) does not match the firmware: it puts brisc firmware at 0x38c0, but .*/brisc.elf starts at 0x3840; the firmware was not started, so programs cannot run \(memory access works\)$"
	# The mailbox view follows the profile; memory access works.
	assert_equal "$(stat -c %s "$M/cores/0,0/mailbox")" 12896
	run -0 pyio pwrite "$M/cores/1,1/l1" 0x150000 a1b2c3d4
	run -0 pyio pread "$M/cores/1,1/l1" 0x150000 4
	assert_output "ok a1b2c3d4"
	run -0 pyio pwrite "$M/dram/3" 0x1000 0102030405
	run -0 pyio pread "$M/dram/3" 0x1000 5
	assert_output "ok 0102030405"
	# A program is refused before anything is written to a core, and its
	# status says why before it is run.
	make_store_prog "$M" p
	run -0 cat "$M/programs/p/status"
	assert_line --partial "launch unavailable: the ABI profile 'derived'"
	run -0 ttfs_guard 60 pyrun "$M/programs/p/run" 1
	assert_output EIO
	run -0 cat "$M/programs/p/status"
	assert_line "state failed"
	assert_line --partial "error cannot run on this device: the ABI profile 'derived'"
	assert_line --partial "launch unavailable: the ABI profile 'derived'"
	assert_output --partial "does not match the firmware"
	run -0 pyio pread "$M/cores/0,0/l1" 0x160000 4
	assert_output "ok 00000000"
	# A reset would boot with the wrong offsets: refused too.
	run -0 ttfs_guard 30 pyrun "$M/device/reset" 1
	assert_output EIO
	abi_unmount
}

@test "a header set with fields missing: device/abi names them, memory works, programs refused" {
	abi_mount -o abi=derived,tt_metal_home="$FIX/tt-metal-broken-field"
	A="$M/device/abi"
	assert_equal "$(value "$A" mailbox_size)" missing
	assert_equal "$(value "$A" mbox_go_messages)" missing
	assert_equal "$(value "$A" mbox_go_message_index)" 0x3c0
	run -0 value "$A" launch
	assert_output --regexp "^unavailable: ABI profile 'derived' \(derived from .*tt-metal-broken-field\) lacks 3 fields: mailbox_size, go_message_entries, mbox_go_messages; its tree's headers define no MEM_MAILBOX_SIZE \(dev_mem_map\.h\), mailboxes_t::go_messages \(dev_msgs\.h\): this tt-metal version names them otherwise, so it needs a saved profile \(that of a checked version, -o abi=tt-metal-2f3626c4, or one written by hand; docs/abi\.md\)$"
	# No mailbox size: an empty mailbox file rather than a guessed one.
	assert_equal "$(stat -c %s "$M/cores/0,0/mailbox")" 0
	run -0 pyio pwrite "$M/cores/0,0/l1" 0x150000 55aa
	run -0 pyio pread "$M/cores/0,0/l1" 0x150000 2
	assert_output "ok 55aa"
	make_store_prog "$M" p
	run -0 ttfs_guard 60 pyrun "$M/programs/p/run" 1
	assert_output EIO
	run -0 cat "$M/programs/p/status"
	assert_line "state failed"
	assert_line --partial "error cannot run on this device: ABI profile 'derived'"
	assert_output --partial "lacks 3 fields: mailbox_size, go_message_entries, mbox_go_messages"
	abi_unmount
}

@test "a partial tree, a tree without dev_msgs.h, and no tt_metal_home: reasons that say what to do" {
	T="$BATS_TEST_TMPDIR/partial"
	cp -r "$FIX/tt-metal-2f3626c4" "$T"
	rm "$T/tt_metal/hostdevcommon/api/hostdevcommon/profiler_common.h"
	abi_mount -o abi=derived,tt_metal_home="$T"
	run -0 value "$M/device/abi" launch
	assert_output "unavailable: no usable ABI profile: the ABI probe does not compile against the headers of $T ($(command -v riscv64-unknown-elf-g++ >/dev/null && echo riscv64-unknown-elf-g++ || echo g++)): tt_metal/hw/inc/hostdev/dev_msgs.h:12 includes hostdevcommon/profiler_common.h, which the tree does not have: point tt_metal_home at a whole tt-metal checkout, or use the saved profile of a checked version (-o abi=tt-metal-2f3626c4, docs/abi.md) (the compiler's output: $BATS_TEST_TMPDIR/cache/abi-probe.log)"
	run -0 grep -c 'fatal error: hostdevcommon/profiler_common.h' "$BATS_TEST_TMPDIR/cache/abi-probe.log"
	run -0 pyio pread "$M/cores/0,0/l1" 0 4
	assert_line --regexp '^ok [0-9a-f]{8}$'
	abi_unmount
	rm "$T/tt_metal/hw/inc/hostdev/dev_msgs.h"
	abi_mount -o abi=derived,tt_metal_home="$T"
	run -0 value "$M/device/abi" launch
	assert_output "unavailable: no usable ABI profile: tt_metal_home $T: no dev_msgs.h (looked in tt_metal/hw/inc/hostdev/ and tt_metal/hw/inc/), which defines the mailbox and launch message structures: point tt_metal_home at a whole tt-metal checkout, or use the saved profile of a checked version (-o abi=tt-metal-2f3626c4, docs/abi.md)"
	abi_unmount
	abi_mount -o abi=derived
	run -0 value "$M/device/abi" launch
	assert_output "unavailable: no usable ABI profile: abi = derived needs tt_metal_home, the tt-metal tree to derive the profile from"
	abi_unmount
}

@test "bad abi values are refused at mount" {
	run ttfs_start "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/m2" -o abi=latest
	assert_failure
	run -0 cat "$BATS_TEST_TMPDIR/daemon.log"
	assert_output --partial "-o abi=latest: no saved ABI profile 'latest' (looked in "
	assert_output --partial "; saved: tt-metal-015b433f, tt-metal-2f3626c4, tt-metal-pyd-0.4.0)"
	run ttfs_start "$BATS_TEST_TMPDIR" "$BATS_TEST_TMPDIR/m3" -o abi=rel/x.abi
	assert_failure
	run -0 cat "$BATS_TEST_TMPDIR/daemon.log"
	assert_output --partial "abi must be 'builtin', 'derived', the name of a saved profile or the absolute path of one, not 'rel/x.abi'"
}

@test "abi = the name of a saved profile: loaded without a tt-metal tree, and checked against the firmware" {
	# The PYD one is our firmware's layout: programs run.
	abi_mount -o abi=tt-metal-pyd-0.4.0
	assert_equal "$(value "$M/device/abi" name)" tt-metal-pyd-0.4.0
	assert_equal "$(value "$M/device/abi" launch)" ok
	run -0 value "$M/device/abi" source
	assert_output --regexp "/tt-metal-pyd-0.4.0.abi$"
	make_store_prog "$M" p
	run -0 ttfs_guard 60 pyrun "$M/programs/p/run" 1
	assert_output ok
	abi_unmount
	# 2f3626c4's is not: memory works, programs are refused.
	abi_mount -o abi=tt-metal-2f3626c4
	assert_equal "$(value "$M/device/abi" name)" tt-metal-2f3626c4
	assert_equal "$(value "$M/device/abi" mbox_go_messages)" 0x390
	assert_equal "$(stat -c %s "$M/cores/0,0/mailbox")" 12896
	run -0 value "$M/device/abi" launch
	assert_output --regexp "^unavailable: the ABI profile 'tt-metal-2f3626c4' \(.*/tt-metal-2f3626c4.abi, tt-metal 2f3626c410b0e4657e017636f91fac9acf314fe1\) does not match the firmware"
	abi_unmount
}

@test "ttfs-abi prints the built-in profile, derives one as the mount does, and checks saved ones" {
	: "${TTFS_ABI_BIN:?set TTFS_ABI_BIN to the ttfs-abi binary}"
	run -0 "$TTFS_ABI_BIN" --builtin
	assert_output "$(grep -v '^launch = ' "$MNT/device/abi")"
	run -0 "$TTFS_ABI_BIN" --derive "$FIX/tt-metal-2f3626c4" --work "$BATS_TEST_TMPDIR" \
		--out "$BATS_TEST_TMPDIR/main.abi"
	assert_output ""
	abi_mount -o abi=derived,tt_metal_home="$FIX/tt-metal-2f3626c4"
	# The same profile, but for where it came from.
	assert_equal "$(grep -v '^source = ' "$BATS_TEST_TMPDIR/main.abi")" \
		"$(grep -v '^source = \|^launch = ' "$M/device/abi")"
	abi_unmount
	run -0 "$TTFS_ABI_BIN" --check "$BATS_TEST_TMPDIR/main.abi"
	assert_line "mbox_go_messages = 0x390"
	# The saved profiles by name, and the SFPI toolchain (its test double).
	run -0 "$TTFS_ABI_BIN" --check tt-metal-015b433f
	assert_line "name = tt-metal-015b433f"
	assert_line "brisc_fw_base = 0x39e0"
	run -0 "$TTFS_ABI_BIN" --derive "$FIX/tt-metal-015b433f" --sfpi "$FIX/tt-metal-card-sfpi" \
		--work "$BATS_TEST_TMPDIR"
	assert_line --regexp "^compiler = .*/tt-metal-card-sfpi/compiler/bin/riscv-tt-elf-g\+\+ -mcpu=tt-bh, FW_BUILD for BRISC"
	assert_line "brisc_fw_base = 0x39e0"
	# A header set with missing fields: printed, but exit 1 with the reason.
	run -1 --separate-stderr "$TTFS_ABI_BIN" --derive "$FIX/tt-metal-broken-field" \
		--work "$BATS_TEST_TMPDIR"
	assert_line "mailbox_size = missing"
	assert_equal "$stderr" "ttfs-abi: ABI profile 'derived' (derived from $FIX/tt-metal-broken-field) lacks 3 fields: mailbox_size, go_message_entries, mbox_go_messages; its tree's headers define no MEM_MAILBOX_SIZE (dev_mem_map.h), mailboxes_t::go_messages (dev_msgs.h): this tt-metal version names them otherwise, so it needs a saved profile (that of a checked version, -o abi=tt-metal-2f3626c4, or one written by hand; docs/abi.md)"
	run -1 --separate-stderr "$TTFS_ABI_BIN" --derive "$FIX/tt-metal-card-sfpi" \
		--work "$BATS_TEST_TMPDIR"
	assert_output ""
	[[ "$stderr" == "ttfs-abi: tt_metal_home $FIX/tt-metal-card-sfpi: no Blackhole dev_mem_map.h ("* ]] ||
		fail "stderr: $stderr"
	run -2 "$TTFS_ABI_BIN" --builtin --check x
	run -2 "$TTFS_ABI_BIN"
}

@test "a card (kmd backend, simulated tt-kmd) without tt-metal: memory works, programs say what is missing" {
	[ -n "${TTFS_FAKEKMD_BIN:-}" ] || skip "TTFS_FAKEKMD_BIN not set"
	M="$BATS_TEST_TMPDIR/mnt"
	mkdir -p "$BATS_TEST_TMPDIR/cache"
	TTFS_BIN=$TTFS_FAKEKMD_BIN ttfs_start "$BATS_TEST_TMPDIR" "$M" \
		-o device=/dev/tenstorrent/0,cache_dir="$BATS_TEST_TMPDIR/cache"
	run -0 cat "$M/device/backend"
	assert_output "kmd /dev/tenstorrent/0"
	run -0 value "$M/device/abi" launch
	assert_output "unavailable: programs need tt-metal's firmware on a card: set tt_metal_home and sfpi_path in the INI file or with -o (docs/hardware.md, docs/abi.md); memory access works without them"
	run -0 pyio pwrite "$M/cores/4,4/l1" 0x150000 c0ffee
	run -0 pyio pread "$M/cores/4,4/l1" 0x150000 3
	assert_output "ok c0ffee"
	make_store_prog "$M" p
	run -0 ttfs_guard 60 pyrun "$M/programs/p/run" 1
	assert_output EIO
	run -0 cat "$M/programs/p/status"
	assert_line "error cannot run on this device: programs need tt-metal's firmware on a card: set tt_metal_home and sfpi_path in the INI file or with -o (docs/hardware.md, docs/abi.md); memory access works without them"
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"

	# With tt_metal_home the profile is derived from it by default; the
	# first file a card build lacks is named.
	TTFS_BIN=$TTFS_FAKEKMD_BIN ttfs_start "$BATS_TEST_TMPDIR" "$M" \
		-o device=/dev/tenstorrent/0,cache_dir="$BATS_TEST_TMPDIR/cache" \
		-o tt_metal_home="$FIX/tt-metal-2f3626c4",sfpi_path="$BATS_TEST_TMPDIR/sfpi"
	assert_equal "$(value "$M/device/abi" name)" derived
	assert_equal "$(value "$M/device/abi" mbox_go_messages)" 0x390
	assert_equal "$(stat -c %s "$M/cores/0,0/mailbox")" 12896
	run -0 value "$M/device/abi" launch
	assert_output "unavailable: programs need tt-metal's firmware on a card: $BATS_TEST_TMPDIR/sfpi/compiler/bin/riscv-tt-elf-g++: No such file or directory (needed for a card build)"
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}
