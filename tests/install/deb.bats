#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
#
# The Debian package (packaging/CMakeLists.txt): built by cpack from this
# build tree, installed with dpkg -i on this machine, used, removed with
# dpkg -r, and then no file of it is left. Installing needs root; the
# package is removed (and everything else put back) in teardown_file even
# when a test failed. A machine that already has a ttfs package is left
# alone. docs/install.md.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

: "${TTFS_SOURCE_DIR:?set by ctest}" "${TTFS_BUILD_DIR:?set by ctest}"

setup_file() {
	command -v cpack >/dev/null || skip "no cpack"
	command -v dpkg-deb >/dev/null || skip "no dpkg-deb"
	if dpkg-query -W -f='${Status}' ttfs 2>/dev/null | grep -q "ok installed"; then
		skip "a ttfs package is installed on this machine: not touching it (dpkg -r ttfs lets this run)"
	fi
	mkdir -p "$BATS_FILE_TMPDIR/pkg"
	(cd "$BATS_FILE_TMPDIR/pkg" && cpack -G DEB --config "$TTFS_BUILD_DIR/CPackConfig.cmake" \
		-B "$BATS_FILE_TMPDIR/pkg" >cpack.log 2>&1) || {
		cat "$BATS_FILE_TMPDIR/pkg/cpack.log" >&2
		return 1
	}
	DEB=$(echo "$BATS_FILE_TMPDIR"/pkg/ttfs_*.deb)
	export DEB
}

# What this file changed on the machine, put back whatever happened.
teardown_file() {
	if [ -f "$BATS_FILE_TMPDIR/installed" ]; then
		dpkg -r ttfs >/dev/null 2>&1 || echo "teardown: dpkg -r ttfs failed" >&2
	fi
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
	assert_output --regexp "(^|, )libinih1 \(>= [0-9.]+\)(,|$)"
	assert_output --regexp "(^|, )libc6 \(>= [0-9.]+\)(,|$)"
	# What ttfs runs.
	local p
	for p in fuse3 gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf; do
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
