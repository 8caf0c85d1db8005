#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
#
# cmake --install into a temporary prefix (DESTDIR), then the installed
# tree copied elsewhere and used with the checkout hidden: the daemon
# finds its kernel SDK and firmware from its own executable
# (runtime/data_dirs.c), and nothing installed names the checkout or the
# build tree. docs/install.md.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

: "${TTFS_SOURCE_DIR:?set by ctest}" "${TTFS_BUILD_DIR:?set by ctest}"

setup_file() {
	export STAGE=$BATS_FILE_TMPDIR/stage
	DESTDIR=$STAGE cmake --install "$TTFS_BUILD_DIR" --prefix /usr >"$BATS_FILE_TMPDIR/install.log"
	# Moved after the install, as a user moves a relocatable tree.
	export MOVED=$BATS_FILE_TMPDIR/elsewhere/ttfs
	mkdir -p "$(dirname "$MOVED")"
	cp -a "$STAGE/usr" "$MOVED"
}

@test "cmake --install puts the daemon, tools, SDK, firmware, man page, docs and examples under the prefix" {
	local f
	for f in bin/ttfs bin/ttfs-tile bin/ttfs-mailbox bin/ttfs-abi \
		share/ttfs/sdk/prelude.h share/ttfs/sdk/kernel.ld share/ttfs/sdk/api/debug/dprint.h \
		share/ttfs/include/tt/fw_abi.h share/ttfs/include/tt/l1_map.h share/ttfs/abi/tt-metal-2f3626c4.abi \
		share/man/man1/ttfs.1 share/doc/ttfs/README.md share/doc/ttfs/docs/programs.md \
		lib/systemd/system/ttfs@.service \
		share/doc/ttfs/examples/add1-sfpi/compute.cpp share/doc/ttfs/examples/lib/ttexample.py; do
		[ -f "$STAGE/usr/$f" ] || fail "not installed: $f"
	done
	for f in brisc ncrisc trisc0 trisc1 trisc2; do
		[ -f "$STAGE/usr/lib/ttfs/firmware/$f.elf" ] || fail "not installed: $f.elf"
		[ -f "$STAGE/usr/lib/ttfs/firmware/$f.ld" ] || fail "not installed: $f.ld"
	done
	for f in bin/ttfs bin/ttfs-tile share/doc/ttfs/examples/add1-sfpi/run; do
		[ -x "$STAGE/usr/$f" ] || fail "not executable: $f"
	done
	# Test-only pieces stay in the build tree.
	run -0 find "$STAGE" -name 'ttfs-fakekmd*' -o -name 'firmware-test-hang' -o -name '*.bats'
	assert_output ""
}

@test "nothing installed names the checkout or the build tree" {
	local src build
	src=$(cd "$TTFS_SOURCE_DIR" && pwd -P)
	build=$(cd "$TTFS_BUILD_DIR" && pwd -P)
	# The checkout's own directories, so that a short checkout path
	# (/ttfs) does not match /usr/share/ttfs in the docs.
	run grep -rlF -e "$src/runtime/" -e "$src/fs/" -e "$src/tools/" -e "$src/tests/" \
		-e "$build/" "$STAGE"
	if [ "$status" = 0 ] && [[ ${TTFS_SANITIZE:-off} =~ ^(on|yes|true|1|address)$ ]]; then
		# gcc's AddressSanitizer names each object's globals, and UBSan
		# each check's place, by the source file as given on the command
		# line, which -ffile-prefix-map does not rewrite. Such a build is
		# never installed; there, only those source names (SRC/....c or
		# .h) are allowed, nothing else.
		local f others=()
		for f in $output; do
			strings "$f" | grep -F -e "$src/" -e "$build/" |
				grep -Evq "^$src/[A-Za-z0-9_/.-]+\.[ch]\$" && others+=("$f")
		done
		[ ${#others[@]} = 0 ] || fail "these name $src or $build: ${others[*]}"
		return 0
	fi
	[ "$status" = 1 ] || fail "these name $src or $build: $output"
}

@test "moved elsewhere, the installed ttfs names its own firmware directory" {
	run -0 "$MOVED/bin/ttfs" --help
	assert_output --partial "(default $MOVED/lib/ttfs/firmware)"
}

@test "moved elsewhere with the checkout hidden: mount, build and run an example, unmount" {
	[ -c /dev/fuse ] || skip "no /dev/fuse"
	local hide=() work=$BATS_FILE_TMPDIR/work
	mkdir -p "$work"
	cp "$BATS_TEST_DIRNAME/mount-and-run" "$work/"
	if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
		# A ThreadSanitizer build reads its suppressions (tools/tsan.supp,
		# .ci/run) at start: a copy stays visible.
		if [[ ${TSAN_OPTIONS:-} =~ suppressions=([^:]+) ]]; then
			cp "${BASH_REMATCH[1]}" "$work/tsan.supp"
			export TSAN_OPTIONS=${TSAN_OPTIONS/${BASH_REMATCH[1]}/$work/tsan.supp}
		fi
		hide=("$TTFS_SOURCE_DIR")
		case $(cd "$TTFS_BUILD_DIR" && pwd -P)/ in
		"$(cd "$TTFS_SOURCE_DIR" && pwd -P)"/*) ;;
		*) hide+=("$TTFS_BUILD_DIR") ;;
		esac
		run -0 unshare -m --propagation private "$work/mount-and-run" "$MOVED/bin/ttfs" \
			"$MOVED/share/doc/ttfs/examples" "$work" "${hide[@]}"
	else
		echo "# not root or no unshare: the checkout stays visible" >&3
		run -0 "$work/mount-and-run" "$MOVED/bin/ttfs" "$MOVED/share/doc/ttfs/examples" "$work"
	fi
	assert_line "PASS: x + 1.0 for 65536 elements (64 tiles) within 0.01"
	# The kernels were compiled (not taken from a cache) against the moved SDK.
	[ -n "$(ls "$work/cache")" ] || fail "no kernel was built"
}

@test "started with no PATH in its environment, as mount(8) starts it: the example still builds" {
	[ -c /dev/fuse ] || skip "no /dev/fuse"
	local work=$BATS_FILE_TMPDIR/work-nopath
	mkdir -p "$work"
	run -0 env TTFS_NO_PATH=1 "$BATS_TEST_DIRNAME/mount-and-run" "$MOVED/bin/ttfs" \
		"$MOVED/share/doc/ttfs/examples" "$work"
	assert_line "PASS: x + 1.0 for 65536 elements (64 tiles) within 0.01"
}

@test "the systemd unit of cmake --install --prefix DIR runs DIR/bin/ttfs and passes systemd-analyze verify" {
	local prefix=$BATS_FILE_TMPDIR/prefix
	cmake --install "$TTFS_BUILD_DIR" --prefix "$prefix" >/dev/null
	run -0 grep "^ExecStart=" "$prefix/lib/systemd/system/ttfs@.service"
	assert_output --regexp "^ExecStart=$prefix/bin/ttfs "
	command -v systemd-analyze >/dev/null ||
		skip "no systemd-analyze (Debian: the systemd package): the unit is not verified"
	# The man page of a prefix is not where man looks.
	run -0 systemd-analyze verify --man=no "$prefix/lib/systemd/system/ttfs@tenstorrent-0.service"
	assert_output ""
}

@test "an explicit firmware_dir still wins over the one found" {
	[ -c /dev/fuse ] || skip "no /dev/fuse"
	run -1 "$MOVED/bin/ttfs" -f -o firmware_dir=/nonexistent/fw "$BATS_FILE_TMPDIR"
	assert_output --partial "/nonexistent/fw/brisc.elf"
	assert_output --partial "(from -o firmware_dir)"
}
