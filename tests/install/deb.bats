#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
#
# The Debian package (packaging/CMakeLists.txt): built by cpack from this
# build tree, installed with dpkg -i on this machine, mounted with
# mount -t fuse.ttfs and through an /etc/fstab line, its systemd unit
# checked and run as systemd would run it (tests/install/unit-run: no
# systemd runs here), removed with dpkg -r, and then no file of it is left.
# Installing needs root; the package is removed, the fstab line and the
# unit's environment file taken out and the mounts undone in teardown_file
# even when a test failed. A machine that already has a ttfs package is
# left alone. docs/install.md.

# helpers.bash for its watchdog (ttfs_guard); the daemon is the installed one.
export TTFS_BIN=/usr/bin/ttfs
load ../fs/helpers

: "${TTFS_SOURCE_DIR:?set by ctest}" "${TTFS_BUILD_DIR:?set by ctest}"

# The fstab line, and the comment before it that says whose it is.
FSTAB_NOTE="# ttfs test (tests/install/deb.bats): removed when the test ends"

# bats 1.8 (Debian 12) cannot skip from setup_file: it says why in
# DEB_SKIP, and setup skips each test.
setup_file() {
	export DEB_SKIP=
	if ! command -v cpack >/dev/null || ! command -v dpkg-deb >/dev/null; then
		DEB_SKIP="no cpack or dpkg-deb"
	elif dpkg-query -W -f='${Status}' ttfs 2>/dev/null | grep -q "ok installed"; then
		DEB_SKIP="a ttfs package is installed on this machine: not touching it (dpkg -r ttfs lets this run)"
	fi
	[ -z "$DEB_SKIP" ] || return 0
	mkdir -p "$BATS_FILE_TMPDIR/pkg"
	(cd "$BATS_FILE_TMPDIR/pkg" && cpack -G DEB --config "$TTFS_BUILD_DIR/CPackConfig.cmake" \
		-B "$BATS_FILE_TMPDIR/pkg" >cpack.log 2>&1) || {
		cat "$BATS_FILE_TMPDIR/pkg/cpack.log" >&2
		return 1
	}
	DEB=$(echo "$BATS_FILE_TMPDIR"/pkg/ttfs_*.deb)
	export DEB
}

setup() {
	[ -z "$DEB_SKIP" ] || skip "$DEB_SKIP"
}

# What this file changed on the machine, put back whatever happened.
teardown_file() {
	local mnt
	for mnt in "$BATS_FILE_TMPDIR"/mnt-*; do
		[ -d "$mnt" ] || continue
		mountpoint -q "$mnt" || continue
		ttfs_abort "$mnt" "$(daemon_of "$mnt")" "teardown" 2>/dev/null || true
		umount -l "$mnt" 2>/dev/null || true
	done
	if [ -f "$BATS_FILE_TMPDIR/fstab-line" ]; then
		fstab_remove "$(cat "$BATS_FILE_TMPDIR/fstab-line")" ||
			echo "teardown: could not take the test's line out of /etc/fstab" >&2
	fi
	[ ! -f "$BATS_FILE_TMPDIR/unit-env-made" ] || rm -f /etc/ttfs/sim.env
	[ ! -f "$BATS_FILE_TMPDIR/etc-ttfs-made" ] || rmdir /etc/ttfs 2>/dev/null || true
	if [ -f "$BATS_FILE_TMPDIR/installed" ]; then
		dpkg -r ttfs >/dev/null 2>&1 || echo "teardown: dpkg -r ttfs failed" >&2
	fi
}

# daemon_of MOUNTPOINT: the pid of the ttfs serving it (run by mount.fuse3,
# so not our child), from /proc.
daemon_of() {
	local p
	for p in /proc/[0-9]*; do
		tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -q "^/*[a-z/]*ttfs .* $1 " &&
			echo "${p#/proc/}" && return 0
	done
	return 1
}

# fstab_remove LINE: takes LINE and the note before it out of /etc/fstab
# (the file goes when the test made it).
fstab_remove() {
	local line=$1 tmp
	tmp=$(mktemp /etc/fstab.ttfs-test.XXXXXX) || return 1
	grep -vxF -e "$line" -e "$FSTAB_NOTE" /etc/fstab >"$tmp" || true
	cat "$tmp" >/etc/fstab && rm -f "$tmp" || return 1
	if [ -f "$BATS_FILE_TMPDIR/fstab-made" ] && [ ! -s /etc/fstab ]; then
		rm -f /etc/fstab
	fi
	rm -f "$BATS_FILE_TMPDIR/fstab-line"
}

# example_at MOUNTPOINT: the add1-sfpi example from the installed docs,
# under the watchdog; its result line.
example_at() {
	local pid
	pid=$(daemon_of "$1") || { echo "no ttfs serves $1" >&2; return 1; }
	TTFS_GUARD_MNT=$1 TTFS_GUARD_PID=$pid ttfs_guard 300 \
		/usr/share/doc/ttfs/examples/add1-sfpi/run "$1"
}

# unmounted MOUNTPOINT PID: umount(8) it; the daemon exits.
unmounted() {
	umount "$1" || return 1
	for _ in $(seq 100); do
		kill -0 "$2" 2>/dev/null || return 0
		sleep 0.1
	done
	echo "ttfs ($2) still runs after umount $1" >&2
	return 1
}

require_root() {
	[ "$(id -u)" = 0 ] || skip "installing a package needs root"
	command -v dpkg >/dev/null || skip "no dpkg"
	[ -c /dev/fuse ] || skip "no /dev/fuse"
}

@test "the package: ttfs, the project's version, Depends computed plus fuse3 and the RISC-V toolchain" {
	local version
	version=$("$TTFS_BUILD_DIR/fs/ttfs" --version | awk '{print $2}')
	assert_equal "$(dpkg-deb -f "$DEB" Package)" ttfs
	assert_equal "$(dpkg-deb -f "$DEB" Version)" "$version"
	run -0 dpkg-deb -f "$DEB" Depends
	# Computed by dpkg-shlibdeps from what the binaries link.
	assert_output --regexp "(^|, )libfuse3-3 \(>= [0-9.]+\)(,|$)"
	assert_output --regexp "(^|, )libelf1 \(>= [0-9.]+\)(,|$)"
	assert_output --regexp "(^|, )libdw1 \(>= [0-9.]+\)(,|$)"
	assert_output --regexp "(^|, )libinih1 \(>= [0-9.]+\)(,|$)"
	assert_output --regexp "(^|, )libc6 \(>= [0-9.]+\)(,|$)"
	# What ttfs runs.
	local p
	for p in fuse3 gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf bubblewrap; do
		[[ ", $output," == *", $p,"* ]] || fail "Depends lacks $p: $output"
	done
}

@test "the package holds what cmake --install puts under /usr" {
	run -0 dpkg-deb -c "$DEB"
	local f
	for f in bin/ttfs bin/ttfs-tile bin/ttfs-mailbox bin/ttfs-abi share/ttfs/sdk/prelude.h \
		share/ttfs/include/tt/fw_abi.h lib/ttfs/firmware/brisc.elf lib/ttfs/firmware/brisc.ld \
		share/man/man1/ttfs.1 share/doc/ttfs/examples/add1-sfpi/run; do
		assert_line --regexp " \./usr/$f\$"
	done
}

@test "dpkg -i installs it; /usr/bin/ttfs mounts the simulator, builds and runs an example from /usr/share/doc/ttfs/examples" {
	require_root
	run -0 dpkg -i "$DEB"
	touch "$BATS_FILE_TMPDIR/installed"
	run -0 dpkg-query -W -f='${Status}' ttfs
	assert_output "install ok installed"
	local work=$BATS_FILE_TMPDIR/run
	mkdir -p "$work"
	run -0 "$BATS_TEST_DIRNAME/mount-and-run" /usr/bin/ttfs /usr/share/doc/ttfs/examples "$work"
	assert_line "PASS: x + 1.0 for 65536 elements (64 tiles) within 0.01"
}

@test "mount -t fuse.ttfs sim DIR: the simulator, an example runs, umount stops the daemon" {
	require_root
	[ -f "$BATS_FILE_TMPDIR/installed" ] || skip "the package was not installed"
	local mnt=$BATS_FILE_TMPDIR/mnt-t pid
	mkdir -p "$mnt"
	run -0 mount -t fuse.ttfs sim "$mnt" -o cache_dir="$BATS_FILE_TMPDIR/cache-t",nosuid,nodev
	assert_equal "$(findmnt -n -o SOURCE,FSTYPE "$mnt")" "sim    fuse.ttfs"
	assert_equal "$(cat "$mnt/device/backend")" sim
	pid=$(daemon_of "$mnt")
	run example_at "$mnt"
	[ "$status" = 0 ] || fail "the example failed: $output"
	assert_line "PASS: x + 1.0 for 65536 elements (64 tiles) within 0.01"
	run -0 unmounted "$mnt" "$pid"
}

@test "an /etc/fstab line: mount DIR mounts it, mount -a leaves it be, umount stops it" {
	require_root
	[ -f "$BATS_FILE_TMPDIR/installed" ] || skip "the package was not installed"
	local mnt=$BATS_FILE_TMPDIR/mnt-fstab line pid
	mkdir -p "$mnt"
	line="sim  $mnt  fuse.ttfs  defaults,allow_other,timeout_ms=5000,cache_dir=$BATS_FILE_TMPDIR/cache-f  0 0"
	[ -e /etc/fstab ] || touch "$BATS_FILE_TMPDIR/fstab-made"
	echo "$line" >"$BATS_FILE_TMPDIR/fstab-line"
	printf '%s\n%s\n' "$FSTAB_NOTE" "$line" >>/etc/fstab
	run -0 mount "$mnt"
	assert_equal "$(findmnt -n -o SOURCE,FSTYPE "$mnt")" "sim    fuse.ttfs"
	run -0 findmnt -n -o OPTIONS "$mnt"
	assert_output --partial allow_other
	pid=$(daemon_of "$mnt")
	# Already mounted: mount -a mounts it no second time.
	run -0 mount -a -t fuse.ttfs
	assert_equal "$(findmnt -n -o TARGET "$mnt" | wc -l)" 1
	run example_at "$mnt"
	[ "$status" = 0 ] || fail "the example failed: $output"
	assert_line "PASS: x + 1.0 for 65536 elements (64 tiles) within 0.01"
	run -0 unmounted "$mnt" "$pid"
	fstab_remove "$line"
	run -1 grep -F "$mnt" /etc/fstab
}

@test "ttfs@.service: installed, not enabled, names /usr/bin/ttfs, passes systemd-analyze verify" {
	require_root
	[ -f "$BATS_FILE_TMPDIR/installed" ] || skip "the package was not installed"
	run -0 grep "^ExecStart=" /usr/lib/systemd/system/ttfs@.service
	assert_output --regexp '^ExecStart=/usr/bin/ttfs '
	# Enabling is the admin's: no link to it under /etc/systemd.
	run -0 find /etc/systemd -name 'ttfs@*'
	assert_output ""
	command -v systemd-analyze >/dev/null ||
		skip "no systemd-analyze (Debian: the systemd package): the unit is not verified"
	local man=()
	command -v man >/dev/null || man=(--man=no)   # Documentation=man:ttfs(1)
	run -0 systemd-analyze verify "${man[@]}" ttfs@tenstorrent-0.service
	assert_output ""
}

@test "ttfs@sim run as systemd runs it: mounts, an example runs, restarts after a crash, stops with exit 0" {
	require_root
	[ -f "$BATS_FILE_TMPDIR/installed" ] || skip "the package was not installed"
	[ ! -e /etc/ttfs/sim.env ] || skip "/etc/ttfs/sim.env exists on this machine: not touching it"
	local mnt=$BATS_FILE_TMPDIR/mnt-unit
	[ -d /etc/ttfs ] || { mkdir /etc/ttfs && touch "$BATS_FILE_TMPDIR/etc-ttfs-made"; }
	touch "$BATS_FILE_TMPDIR/unit-env-made"
	printf 'TTFS_SOURCE=sim\nTTFS_MOUNTPOINT=%s\nTTFS_OPTIONS=allow_other,cache_dir=%s\n' \
		"$mnt" "$BATS_FILE_TMPDIR/cache-u" >/etc/ttfs/sim.env
	run "$BATS_TEST_DIRNAME/unit-run" /usr/lib/systemd/system/ttfs@.service sim --crash -- \
		timeout -s KILL 300 /usr/share/doc/ttfs/examples/add1-sfpi/run "$mnt"
	# Which step failed is in the emulator's lines: show them.
	[ "$status" -eq 0 ] || fail "unit-run exited $status:"$'\n'"$output"
	assert_line "ExecStart: /usr/bin/ttfs sim $mnt -o allow_other,cache_dir=$BATS_FILE_TMPDIR/cache-u: exit 0"
	assert_line --regexp "^started: main process [0-9]+$"
	assert_line "crashed: killed by signal 9"
	assert_line "restarted"
	assert_equal "$(grep -c '^check: exit 0$' <<<"$output")" 2
	assert_line "stopped: exit 0"
	! mountpoint -q "$mnt" || fail "$mnt is still mounted after the stop"
	rm /etc/ttfs/sim.env "$BATS_FILE_TMPDIR/unit-env-made"
}

@test "dpkg -r removes it and no file of the package is left" {
	require_root
	[ -f "$BATS_FILE_TMPDIR/installed" ] || skip "the package was not installed"
	run -0 dpkg -r ttfs
	rm -f "$BATS_FILE_TMPDIR/installed"
	run -1 dpkg-query -W -f='${Status}\n' ttfs
	# Every file of the package, and its own directories, are gone.
	local left=() path
	while read -r path; do
		path=${path#.}
		[ -e "$path" ] || [ -L "$path" ] || continue
		[ -d "$path" ] && [[ $path != */ttfs && $path != */ttfs/* ]] && continue
		left+=("$path")
	done < <(dpkg-deb -c "$DEB" | awk '{print $6}')
	[ ${#left[@]} = 0 ] || fail "left behind: ${left[*]}"
}
