#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Starting the daemon: --help, --version, -o options and the INI config
# file. A bad option or config line stops it before it mounts, naming the
# culprit; good ones take effect, with -o over the file.

load helpers

setup() {
	ttfs_require_fuse
	M="$BATS_TEST_TMPDIR/mnt"
	mkdir -p "$M"
}

teardown() {
	# Only if a test left a daemon behind (a bad option wrongly accepted).
	if mountpoint -q "$M"; then
		fusermount3 -uz "$M"
	fi
	if [ -f "$BATS_TEST_TMPDIR/pid" ]; then
		kill "$(cat "$BATS_TEST_TMPDIR/pid")" 2>/dev/null
	fi
	return 0
}

# refused ARGS...: the daemon must exit nonzero, quickly, without mounting.
refused() {
	run --separate-stderr timeout 20 "$TTFS_BIN" -f "$@" "$M" 3>&-
	[ "$status" -ne 0 ] || fail "ttfs $* exited 0"
	[ "$status" -ne 124 ] || fail "ttfs $* did not exit (it mounted?)"
	! mountpoint -q "$M" || fail "ttfs $* left a mount"
}

ini() { printf "$2" >"$BATS_TEST_TMPDIR/$1"; echo "$BATS_TEST_TMPDIR/$1"; }

@test "--version exits 0 and prints the version" {
	run -0 --separate-stderr "$TTFS_BIN" --version
	assert_output --regexp '^ttfs [0-9]+\.[0-9]+\.[0-9]+'
}

@test "--help exits 0 and lists ttfs's -o keys" {
	run -0 --separate-stderr "$TTFS_BIN" --help
	for key in config= backend= device= dram_size= cache_dir= timeout_ms= noc=; do
		assert_output --partial "-o $key"
	done
	assert_output --partial MOUNTPOINT
}

@test "no mountpoint: usage and a nonzero exit" {
	run --separate-stderr "$TTFS_BIN"
	[ "$status" -ne 0 ]
	[[ "$stderr" == *usage* ]]
}

@test "-o dram_size=abc: refused, the message names the option" {
	refused -o dram_size=abc
	[[ "$stderr" == *dram_size* ]] || fail "stderr: $stderr"
	[[ "$stderr" == *abc* ]] || fail "stderr: $stderr"
}

@test "-o dram_size out of range or unaligned: refused" {
	for bad in 0 5G 1023K 1048577 64MB; do
		refused -o "dram_size=$bad"
		[[ "$stderr" == *dram_size* ]] || fail "dram_size=$bad: $stderr"
	done
}

@test "-o backend=gpu and -o timeout_ms=0: refused, naming the option" {
	refused -o backend=gpu
	[[ "$stderr" == *backend* ]] || fail "stderr: $stderr"
	refused -o timeout_ms=0
	[[ "$stderr" == *timeout_ms* ]] || fail "stderr: $stderr"
	refused -o cache_dir=relative
	[[ "$stderr" == *cache_dir* ]] || fail "stderr: $stderr"
}

@test "-o noc=lazy: refused, naming the option and its values" {
	refused -o noc=lazy
	[[ "$stderr" == *"noc must be 'instant' or 'strict', not 'lazy'"* ]] || fail "stderr: $stderr"
}

@test "an unknown -o foo=bar: refused, naming it" {
	refused -o foo=bar
	[[ "$stderr" == *foo=bar* ]] || fail "stderr: $stderr"
}

@test "device= without backend= means the card: refused when there is none" {
	refused -o device="$BATS_TEST_TMPDIR/no-such-device"
	[[ "$stderr" == *no-such-device* ]] || fail "stderr: $stderr"
}

@test "a config file with an unknown key: refused with FILE:LINE:" {
	f=$(ini bad.ini '[ttfs]\ndram_size = 64M\n\nbogus = 1\n')
	refused -o config="$f"
	[[ "$stderr" == *"$f:4:"* ]] || fail "stderr: $stderr"
	[[ "$stderr" == *bogus* ]] || fail "stderr: $stderr"
}

@test "a config file with a bad value or section: refused with FILE:LINE:" {
	f=$(ini badvalue.ini 'backend = sim\ndram_size = huge\n')
	refused -o config="$f"
	[[ "$stderr" == *"$f:2:"* ]] || fail "stderr: $stderr"
	# An unknown section is named at its own line, with keys or without.
	f=$(ini badsection.ini '[ttfs]\nbackend = sim\n[other]\ndram_size = 64M\n')
	refused -o config="$f"
	[[ "$stderr" == *"$f:3: unknown section [other]"* ]] || fail "stderr: $stderr"
	f=$(ini emptysection.ini '[ttfs]\nbackend = sim\n\n[trailing]\n')
	refused -o config="$f"
	[[ "$stderr" == *"$f:4: unknown section [trailing]"* ]] || fail "stderr: $stderr"
	f=$(ini syntax.ini '[ttfs]\nbackend = sim\nnot a key value line\n')
	refused -o config="$f"
	[[ "$stderr" == *"$f:3:"* ]] || fail "stderr: $stderr"
}

@test "a firmware_dir without firmware: refused, naming the file, the key and where it was set" {
	f=$(ini fw.ini '[ttfs]\ndram_size = 4M\nfirmware_dir = /nonexistent-fw\n')
	refused -o config="$f"
	[[ "$stderr" == */nonexistent-fw/brisc.elf* ]] || fail "stderr: $stderr"
	[[ "$stderr" == *"firmware_dir at $f:3"* ]] || fail "stderr: $stderr"
	refused -o firmware_dir="$BATS_TEST_TMPDIR"
	[[ "$stderr" == *"$BATS_TEST_TMPDIR/brisc.elf"* ]] || fail "stderr: $stderr"
	[[ "$stderr" == *"-o firmware_dir"* ]] || fail "stderr: $stderr"
}

@test "-o max_threads above 100000: refused, naming it" {
	refused -o max_threads=100001
	[[ "$stderr" == *max_threads=100001* ]] || fail "stderr: $stderr"
}

@test "a missing config file: refused, naming it" {
	refused -o config="$BATS_TEST_TMPDIR/missing.ini"
	[[ "$stderr" == *missing.ini* ]] || fail "stderr: $stderr"
}

@test "a good config file takes effect: [ttfs] section and no section" {
	f=$(ini good.ini '; test config\n[ttfs]\nbackend = sim\ndram_size = 32M\ntimeout_ms = 30000\ncache_dir = /tmp/ttfs-test-cache\n')
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o config="$f"
	assert_equal "$(stat -c %s "$M/dram/0")" $((32 * 1024 * 1024))
	assert_equal "$(cat "$M/device/backend")" sim
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
	f=$(ini nosection.ini 'dram_size=16M\n')
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o config="$f"
	assert_equal "$(stat -c %s "$M/dram/6")" $((16 * 1024 * 1024))
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "-o options override the config file, whatever their order" {
	f=$(ini base.ini '[ttfs]\ndram_size = 32M\n')
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o config="$f" -o dram_size=8M
	assert_equal "$(stat -c %s "$M/dram/0")" $((8 * 1024 * 1024))
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=2M,config="$f"
	assert_equal "$(stat -c %s "$M/dram/0")" $((2 * 1024 * 1024))
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "backend=sim wins over device=, from the command line or the file" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o backend=sim,device=/dev/tenstorrent/0,dram_size=4M
	assert_equal "$(cat "$M/device/backend")" sim
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
	f=$(ini simdev.ini 'device = /dev/tenstorrent/0\nbackend = sim\ndram_size = 4M\n')
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o config="$f"
	assert_equal "$(cat "$M/device/backend")" sim
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

# mount -t fuse.ttfs SOURCE DIR and fstab run "ttfs SOURCE DIR -o OPTS"
# through mount.fuse3 (tests/install/deb.bats mounts that way).
@test "a source before the mountpoint, as mount.fuse3 passes it: sim mounts the simulator, named sim" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=4M sim
	assert_equal "$(cat "$M/device/backend")" sim
	assert_equal "$(findmnt -n -o SOURCE,FSTYPE "$M")" "sim    fuse.ttfs"
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "a device path as the source means that card: refused when there is none, naming it" {
	refused "$BATS_TEST_TMPDIR/no-such-device"
	[[ "$stderr" == *"$BATS_TEST_TMPDIR/no-such-device"* ]] || fail "stderr: $stderr"
	# -o keys win over the source.
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o backend=sim,dram_size=4M /dev/tenstorrent/0
	assert_equal "$(cat "$M/device/backend")" sim
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "a card's device as the source: the kmd backend on it (the simulated tt-kmd)" {
	[ -n "${TTFS_FAKEKMD_BIN:-}" ] || skip "no TTFS_FAKEKMD_BIN"
	TTFS_BIN=$TTFS_FAKEKMD_BIN ttfs_start "$BATS_TEST_TMPDIR" "$M" /dev/tenstorrent/0
	assert_equal "$(cat "$M/device/backend")" "kmd /dev/tenstorrent/0"
	assert_equal "$(findmnt -n -o SOURCE "$M")" /dev/tenstorrent/0
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "a source that is neither sim nor a path: refused with the reason" {
	refused tenstorrent0
	[[ "$stderr" == *"ttfs: source 'tenstorrent0': neither 'sim' nor a tt-kmd device path"* ]] ||
		fail "stderr: $stderr"
	refused sim extra
	[[ "$stderr" == *extra* ]] || fail "stderr: $stderr"
}

@test "mount(8)'s options are taken: kernel flags applied, fstab-only ones ignored" {
	ttfs_start "$BATS_TEST_TMPDIR" "$M" -o dram_size=4M \
		-o rw,nosuid,nodev,noatime,defaults,auto,nofail,_netdev,user,relatime,lazytime \
		-o x-systemd.automount,comment=x-gvfs-show -o "" sim
	run -0 findmnt -n -o OPTIONS "$M"
	assert_output --regexp "(^|,)rw,nosuid,nodev,noatime(,|$)"
	assert_equal "$(cat "$M/device/backend")" sim
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}
