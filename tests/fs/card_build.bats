#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Programs on a card (docs/abi.md, "Programs on a card"): a kmd mount with
# tt_metal_home and sfpi_path builds tt-metal's firmware with tt-metal's
# recipe, boots it through the derived profile, and builds kernels with
# the recipe. Run against the simulated tt-kmd (TTFS_TEST_KMD=1: TTFS_BIN
# is ttfs-fakekmd) with the test-double tree tests/fixtures/tt-metal-card,
# whose firmware is ttfs's own, and the test-double SFPI toolchain
# tests/fixtures/tt-metal-card-sfpi over Debian's riscv64-unknown-elf-*.
# No firmware_dir: on kmd, ttfs's own firmware boots only when named.

load helpers

FIX="$BATS_TEST_DIRNAME/../fixtures"
CARD="$FIX/tt-metal-card"
SFPI="$FIX/tt-metal-card-sfpi"
EXAMPLES="$BATS_TEST_DIRNAME/../../examples"

setup_file() {
	[ "${TTFS_TEST_KMD:-0}" = 1 ] || skip "kmd mode only (ctest fs_card_build_kmd)"
	command -v riscv64-unknown-elf-g++ >/dev/null || skip "no riscv64-unknown-elf-g++"
	unset TTFS_FIRMWARE_DIR
	mkdir -p "$BATS_FILE_TMPDIR/cache"
	ttfs_mount -o cache_dir="$BATS_FILE_TMPDIR/cache",dram_size=64M \
		-o tt_metal_home="$CARD",sfpi_path="$SFPI"
}
teardown_file() { ttfs_unmount; }

# A second mount of this test, as $M; unmounted by teardown if left.
card_mount() {
	M="$BATS_TEST_TMPDIR/mnt"
	ttfs_start "$BATS_TEST_TMPDIR" "$M" "$@"
}
teardown() {
	if [ -n "${M:-}" ] && mountpoint -q "$M" 2>/dev/null; then
		ttfs_stop "$BATS_TEST_TMPDIR" "$M" || true
	fi
}

value() { sed -n "s/^$2 = //p" "$1"; }
fwdir() { echo "$BATS_FILE_TMPDIR"/cache/card-fw-*; }

@test "device/abi: derived from the card tree, equal to the built-in profile, launch ok" {
	run -0 cat "$MNT/device/backend"
	assert_output "kmd /dev/tenstorrent/0"
	A="$MNT/device/abi"
	assert_equal "$(value "$A" name)" derived
	assert_equal "$(value "$A" source)" "derived from $CARD"
	assert_equal "$(value "$A" tt_metal_commit)" "$(cat "$CARD/VERSION")"
	assert_equal "$(value "$A" launch)" ok
	# Every field, as the built-in profile (the fixture's headers are
	# the PYD layout our firmware was written for); the probe was
	# compiled by sfpi_path's compiler.
	diff <(sed -n '/^l1_size = /,/^go_signal = /p' "$A") \
		<("$TTFS_ABI_BIN" --builtin | sed -n '/^l1_size = /,/^go_signal = /p')
	assert_equal "$(value "$A" compiler)" \
		"$SFPI/compiler/bin/riscv-tt-elf-g++ -mcpu=tt-bh, FW_BUILD for BRISC (C++ library: ttfs's freestanding <cstdint>)"
	assert_equal "$(value "$A" brisc_fw_base)" 0x3840
}

@test "the firmware: built by the recipe into the cache, weakened, and what the cores run" {
	d=$(fwdir)
	[ -d "$d" ] || fail "no card-fw-* directory in the cache"
	for r in brisc ncrisc trisc0 trisc1 trisc2; do
		[ -s "$d/$r.elf" ] && [ -s "$d/${r}_weakened.elf" ] || fail "$r firmware missing in $d"
	done
	# The recipe's steps, as argv (no shell): compile, link, weaken.
	run -0 grep -c '^\$ ' "$d/build.log"
	assert_output 15
	run -0 grep -F "$SFPI/compiler/bin/riscv-tt-elf-g++ -std=c++17 -flto=auto -ffast-math -fno-exceptions -mcpu=tt-bh -fno-tree-loop-distribute-patterns -MMD" "$d/build.log"
	assert_line --partial "-DPROCESSOR_INDEX=0 -DCOMPILE_FOR_BRISC -DARCH_BLACKHOLE -DDISPATCH_MESSAGE_ADDR=0xffb70438 -DFW_BUILD -DNOC_INDEX=1 -DNOC_MODE=0"
	# It ran in a directory of its own, renamed into place when all worked.
	assert_line --regexp " -c $CARD/tt_metal/hw/firmware/src/tt-1xx/brisc\.cc -o $BATS_FILE_TMPDIR/cache/tmp-fw-[A-Za-z0-9]{6}/brisc_fw\.o\$"
	run -0 grep -F -- "-T$CARD/runtime/hw/toolchain/blackhole/firmware_trisc1.ld $CARD/runtime/hw/lib/blackhole/tmu-crt0.o" "$d/build.log"
	run -0 grep -F "$SFPI/compiler/bin/riscv-tt-elf-objcopy --localize-symbol=_start --localize-symbol=main --localize-symbol=exit --weaken" "$d/build.log"
	# Weakened: main and _start local, the rest weak.
	run -0 riscv64-unknown-elf-nm "$d/ncrisc_weakened.elf"
	assert_line --regexp '^[0-9a-f]+ W fw_crt_init$'
	assert_line --regexp '^[0-9a-f]+ t main$'
	assert_line --regexp '^[0-9a-f]+ t _start$'
	# The cores run it: BRISC's text in L1 at the profile's base is the
	# text of the recipe's brisc.elf.
	riscv64-unknown-elf-objcopy -O binary -j .text "$d/brisc.elf" "$BATS_TEST_TMPDIR/text.bin"
	n=$(stat -c %s "$BATS_TEST_TMPDIR/text.bin")
	[ "$n" -gt 64 ] || fail "text of $n bytes"
	run -0 pyio pread "$MNT/cores/3,2/l1" 0x3840 "$n"
	assert_output "ok $(od -An -v -tx1 "$BATS_TEST_TMPDIR/text.bin" | tr -d ' \n')"
}

@test "loopback: DRAM -> L1 -> DRAM through programs/, kernels built by the card recipe, bit-exact" {
	run -0 ttfs_guard 120 "$EXAMPLES/loopback/run" "$MNT"
	assert_line "PASS: 32768 bytes copied DRAM -> L1 -> DRAM bit-exact"
	assert_line "  state done"
}

@test "add2-riscv: the card recipe's kernel adds, PASS" {
	run -0 ttfs_guard 120 "$EXAMPLES/add2-riscv/run" "$MNT"
	assert_line "PASS: 14 + 7 = 21"
}

@test "eltwise-binary: compute kernels built by the card recipe (trisck.cc), PASS" {
	run -0 ttfs_guard 300 "$EXAMPLES/eltwise-binary/run" "$MNT"
	assert_line "PASS: 65536 elements (64 tiles) of a + b within 0.01"
}

@test "build/log: the recipe's argv, compile then link against the weakened firmware" {
	P="$MNT/programs/rec"
	mkdir "$P"
	printf '[program]\ncores = 1,1\n[reader]\nargs = 0x160000 0x4321\n' >"$P/args"
	cp "$BATS_TEST_DIRNAME/programs/store_arg.cpp" "$P/reader.cpp"
	run -0 ttfs_guard 60 pyrun "$P/run" 1
	assert_output ok
	run -0 pyio pread "$MNT/cores/1,1/l1" 0x160000 4
	assert_output "ok 21430000"
	d=$(fwdir)
	run -0 cat "$P/build/log"
	assert_line --index 0 "== reader.cpp for ncrisc =="
	assert_line --regexp "^\\\$ $SFPI/compiler/bin/riscv-tt-elf-g\+\+ -std=c\+\+17 -flto=auto .* -mcpu=tt-bh .* -Werror .* -O2 .* -DPROCESSOR_INDEX=1 -DCOMPILE_FOR_NCRISC .* -DKERNEL_BUILD -DNOC_INDEX=1 -DNOC_MODE=0 .* -I$CARD/tt_metal/hw/inc .* -c $CARD/tt_metal/hw/firmware/src/tt-1xx/ncrisck.cc -o .*/k/ncrisc.o\$"
	assert_line --regexp "^\\\$ $SFPI/compiler/bin/riscv-tt-elf-g\+\+ -O2 -Wl,--just-symbols=$d/ncrisc_weakened.elf .* -T$CARD/runtime/hw/toolchain/blackhole/kernel_ncrisc.ld -Wl,--emit-relocs .*/k/ncrisc.o $CARD/runtime/hw/lib/blackhole/substitutes.o -o .*/k/ncrisc.elf\$"
	run -0 cat "$P/status"
	assert_line --regexp '^build_ms [0-9.]+ \(1 built, 0 from the cache\)$'
}

@test "a compile error gives file:line in status, and the log names the user's file" {
	P="$MNT/programs/bad"
	mkdir "$P"
	printf '[program]\ncores = 0,0\n[reader]\nargs = 1\n' >"$P/args"
	printf 'void kernel_main() {\n\tuint32_t x = get_arg_val<uint32_t>(0);\n\tundefined_thing(x);\n}\n' >"$P/reader.cpp"
	run -0 ttfs_guard 60 pyrun "$P/run" 1
	assert_output EIO
	run -0 cat "$P/status"
	assert_line "state failed"
	assert_line --regexp "^error build of reader\.cpp for ncrisc failed: reader\.cpp:3:[0-9]+: error: '?undefined_thing'? was not declared in this scope$"
	run -0 cat "$P/build/log"
	assert_line --regexp "^reader\.cpp:3:[0-9]+: error: "
}

# m2_card NAME SOURCE: a Metal 2.0 kernel (dataflow_api/metal2.cpp's
# args) on 1,1, built by the card recipe and run.
m2_card() {
	P="$MNT/programs/$1"
	mkdir "$P"
	cp "$2" "$P/metal2.cpp"
	printf '%s\n' '[program]' 'cores = 1,1' '[kernel.m2]' 'source = metal2.cpp' \
		'processor = brisc' 'named_compile_args = block=3 scale=10' 'arg_names = out n' \
		'common_arg_names = bias' 'args = 0x160000 4 7 8 9 10' 'common_args = 100 55' \
		>"$P/args"
	run -0 ttfs_guard 60 pyrun "$P/run" 1
	assert_output ok
	# block scale n bias, n*scale+bias, varargs 7..10 times block, common vararg 0.
	run -0 pyio pread "$MNT/cores/1,1/l1" 0x160000 40
	assert_output "ok 030000000a00000004000000640000008c00000015000000180000001b0000001e00000037000000"
}

@test "Metal 2.0: a TT_KERNEL kernel builds for a card with its kernel_args_generated.h, and a 2.0 API source as C++20" {
	m2_card m2 "$BATS_TEST_DIRNAME/dataflow_api/metal2.cpp"
	run -0 grep -c -- "-std=c++17 -flto=auto .* -c $CARD/tt_metal/hw/firmware/src/tt-1xx/brisck.cc" "$P/build/log"
	assert_output 1
	# A source that names experimental/2_0/ compiles and links as C++20,
	# as the simulator builds it.
	{ cat "$BATS_TEST_DIRNAME/dataflow_api/metal2.cpp"; echo '// uses nothing of api/compute/experimental/2_0/'; } \
		>"$BATS_TEST_TMPDIR/m2cxx20.cpp"
	m2_card m2cxx20 "$BATS_TEST_TMPDIR/m2cxx20.cpp"
	run -0 grep -c -- "-std=c++20 -Wno-volatile -flto=auto .* -c $CARD/tt_metal/hw/firmware/src/tt-1xx/brisck.cc" "$P/build/log"
	assert_output 1
	run -0 grep -c -- "riscv-tt-elf-g++ -O2 -Wl,--just-symbols=.* -std=c++20 -Wno-volatile -flto=auto .* -o .*/k/brisc.elf\$" "$P/build/log"
	assert_output 1
	run -1 grep -c -- "-std=c++17" "$P/build/log"
	assert_output 0
}

@test "upstream_path: a card build resolves the source's relative includes from its place in tt_metal_home" {
	P="$MNT/programs/up"
	mkdir "$P"
	# ../../../../ from tt_metal/kernels/eltwise/dataflow/ is the tree's
	# top (the fixture's ttnn/ is ttfs's SDK), though the tree has no
	# tt_metal/kernels.
	printf '%s\n' '#include "api/dataflow/dataflow_api.h"' \
		'#include "../../../../ttnn/tt-metalium/constants.hpp"' \
		'void kernel_main() { *(volatile uint32_t *)get_arg_val<uint32_t>(0) = tt::constants::BFLOAT8_B_TILE_HW; }' \
		>"$P/rel.cpp"
	printf '[program]\ncores = 1,1\n[kernel.r]\nsource = rel.cpp\nprocessor = brisc\nargs = 0x160000\n' >"$P/args"
	run -0 ttfs_guard 60 pyrun "$P/run" 1
	assert_output EIO
	run -0 grep "^error build of rel.cpp for brisc failed: rel.cpp:2:10: fatal error: ../../../../ttnn/tt-metalium/constants.hpp: No such file or directory" "$P/status"
	printf 'upstream_path = tt_metal/kernels/eltwise/dataflow/rel.cpp\n' >>"$P/args"
	run -0 ttfs_guard 60 pyrun "$P/run" 1
	assert_output ok
	run -0 pyio pread "$MNT/cores/1,1/l1" 0x160000 4
	assert_output "ok 40040000"
	run -0 grep -c -- "-I.*/src -iquote\.\./up/tt_metal/kernels/eltwise/dataflow -c $CARD/tt_metal/hw/firmware/src/tt-1xx/brisck.cc" "$P/build/log"
	assert_output 1
}

@test "firmware that does not build: memory works, launch unavailable with the first error and the log" {
	# An SFPI toolchain whose compiler answers --version and fails every
	# compile, with a gcc-style error.
	S="$BATS_TEST_TMPDIR/sfpi"
	mkdir -p "$S/compiler/bin" "$BATS_TEST_TMPDIR/cache"
	printf '#!/bin/sh\n[ "$1" = --version ] && { echo "broken-g++ 1"; exit 0; }\necho "brisc.cc:7:3: error: broken toolchain (test)" >&2\nexit 1\n' \
		>"$S/compiler/bin/riscv-tt-elf-g++"
	chmod +x "$S/compiler/bin/riscv-tt-elf-g++"
	card_mount -o cache_dir="$BATS_TEST_TMPDIR/cache",dram_size=4M \
		-o tt_metal_home="$CARD",sfpi_path="$S"
	run -0 value "$M/device/abi" launch
	assert_output --regexp "^unavailable: programs need tt-metal's firmware on a card: tt-metal's firmware did not build \(brisc compile: exit status\): brisc\.cc:7:3: error: broken toolchain \(test\) \(log: $BATS_TEST_TMPDIR/cache/card-fw-[0-9a-f]{16}\.log\); memory access works$"
	log=$(echo "$BATS_TEST_TMPDIR"/cache/card-fw-*.log)
	run -0 grep -c '^\$ ' "$log"
	assert_output 1
	run -0 pyio pwrite "$M/cores/2,2/l1" 0x150000 beef
	run -0 pyio pread "$M/cores/2,2/l1" 0x150000 2
	assert_output "ok beef"
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "a second mount of the same tree and toolchain takes the firmware from the cache" {
	d=$(fwdir)
	before=$(stat -c %Y.%i "$d/build.log")
	card_mount -o cache_dir="$BATS_FILE_TMPDIR/cache",dram_size=4M \
		-o tt_metal_home="$CARD",sfpi_path="$SFPI"
	assert_equal "$(value "$M/device/abi" launch)" ok
	assert_equal "$(stat -c %Y.%i "$d/build.log")" "$before"
	run -0 ls -d "$BATS_FILE_TMPDIR"/cache/card-fw-*
	assert_equal "${#lines[@]}" 1
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
}

@test "a saved profile by name instead of a derived one: the card builds, boots and runs with it" {
	mkdir -p "$BATS_TEST_TMPDIR/cache"
	# The layout of the fixture's firmware (the PYD one): programs run.
	card_mount -o cache_dir="$BATS_TEST_TMPDIR/cache",dram_size=64M \
		-o tt_metal_home="$CARD",sfpi_path="$SFPI",abi=tt-metal-pyd-0.4.0
	assert_equal "$(value "$M/device/abi" name)" tt-metal-pyd-0.4.0
	assert_equal "$(value "$M/device/abi" compiler)" ""
	assert_equal "$(value "$M/device/abi" launch)" ok
	run -0 ttfs_guard 120 "$EXAMPLES/loopback/run" "$M"
	assert_line "PASS: 32768 bytes copied DRAM -> L1 -> DRAM bit-exact"
	ttfs_stop "$BATS_TEST_TMPDIR" "$M"
	# Another version's: the firmware built from this tree does not start
	# at its bases, so nothing boots with the wrong offsets.
	card_mount -o cache_dir="$BATS_TEST_TMPDIR/cache",dram_size=64M \
		-o tt_metal_home="$CARD",sfpi_path="$SFPI",abi=tt-metal-2f3626c4
	run -0 value "$M/device/abi" launch
	assert_output --regexp "^unavailable: the ABI profile 'tt-metal-2f3626c4' \(.*/tt-metal-2f3626c4.abi, tt-metal 2f3626c410b0e4657e017636f91fac9acf314fe1\) does not match the firmware: it puts brisc firmware at 0x38c0, but .*/brisc.elf starts at 0x3840"
	run -0 pyio pwrite "$M/cores/2,2/l1" 0x150000 beef
	run -0 pyio pread "$M/cores/2,2/l1" 0x150000 2
	assert_output "ok beef"
}
