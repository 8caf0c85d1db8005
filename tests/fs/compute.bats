#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Compute kernels that go wrong, through the mount: each fault's status
# names the core, the TRISC and the CB, and `run` returns the errno of
# docs/programs.md; a compute hang says what each TRISC waits on, and the
# next program on the core runs. DPRINT TSLICE of a CB the packer fills.

load helpers

setup_file() {
	mkdir -p "$BATS_FILE_TMPDIR/cache"
	ttfs_mount -o cache_dir="$BATS_FILE_TMPDIR/cache"
}
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() {
	local d
	for d in "$MNT"/programs/*; do
		[ -d "$d" ] || continue
		# Unguarded: teardown runs in bats's EXIT trap, where a background
		# guard's children have reported tests twice; the suite's watchdog
		# still aborts a mount that hangs.
		rmdir "$d" 2>/dev/null || echo "# teardown: rmdir $d failed" >&2
	done
	ttfs_remove_buffers
}

run_prog() { ttfs_guard 60 pyrun "$P/$1/run" 1; }

# prog NAME ARGS: a program with these args and compute.cpp from stdin.
prog() {
	mkdir "$P/$1"
	printf '%s' "$2" > "$P/$1/args"
	cat > "$P/$1/compute.cpp"
}

# The args of a one-core program on core 2,2 with c_0 (FMT, 2 pages) and c_16.
args() {
	printf '[program]\ncores = 2,2\ntimeout_ms = %s\n[cb.0]\nformat = %s\npages = 2\n' \
		"${2:-30000}" "${1:-bfloat16}"
	printf '[cb.16]\nformat = bfloat16\npages = 2\n'
}

# fill_cb0 NAME: program NAME gets a reader that pushes a page of anything
# into CB 0, for the unpacker's cb_wait_front.
fill_cb0() {
	printf '%s\n' 'void kernel_main() { cb_reserve_back(tt::CBIndex::c_0, 1); cb_push_back(tt::CBIndex::c_0, 1); }' \
		>"$P/$1/reader.cpp"
}

# fails NAME ERRNO: run gives ERRNO; prints the status.
fails() {
	run -0 run_prog "$1"
	assert_output "$2"
	cat "$P/$1/status"
}

# has_error NAME REGEX: the program's error line matches.
has_error() {
	grep -E "^error $2" "$P/$1/status" || { cat "$P/$1/status" >&2; return 1; }
}

@test "a DST index out of range names the core, trisc1 and the CB" {
	prog dst "$(args)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	void kernel_main()
	{
		cb_wait_front(tt::CBIndex::c_0, 1);
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 9);
		tile_regs_commit();
	}
	EOF
	run -0 run_prog dst
	assert_output EIO
	# copy_tile's command writer is not inlined: its caller is found. The
	# unpacker waits in cb_wait_front (named first).
	run -0 has_error dst 'core 2,2 faulted: (.*; )?trisc1 pc 0x[0-9a-f]+ \(compute.cpp:6 kernel_main, in copy_tile(\([^()]*\))?\) fault: math: copy_tile: DST index 9 out of range \(8 tiles per section: SyncHalf, 16-bit DST\), CB 0;'
}

@test "custom SFPI: a params helper's DST index out of range names the helper" {
	prog params "$(args)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	#ifdef TRISC_MATH
	inline void face(uint32_t a, uint32_t b, uint32_t o) { dst_reg[o * 32] = dst_reg[a * 32] + dst_reg[b * 32]; }
	#endif
	void kernel_main()
	{
		tile_regs_acquire();
		MATH((_llk_math_eltwise_binary_sfpu_params_<false>(face, 0, 9, 0)));
		tile_regs_commit();
	}
	EOF
	run -0 run_prog params
	assert_output EIO
	# The template's call named as written.
	run -0 has_error params 'core 2,2 faulted: trisc1 pc 0x[0-9a-f]+ \(compute.cpp:8 kernel_main, in _llk_math_eltwise_binary_sfpu_params_(\([^()]*\))?\) fault: math: _llk_math_eltwise_binary_sfpu_params_: DST index 9 out of range \(8 tiles per section: SyncHalf, 16-bit DST\);'
}

@test "binary SFPU: a DST index out of range names the call; Int32 in a 16-bit DST names the format" {
	prog binsfpu "$(args)" <<-'EOF'
	#include "api/compute/eltwise_binary_sfpu.h"
	void kernel_main()
	{
		tile_regs_acquire();
		add_binary_tile_init();
		add_binary_tile(0, 1, 9);
		tile_regs_commit();
	}
	EOF
	run -0 run_prog binsfpu
	assert_output EIO
	run -0 has_error binsfpu 'core 2,2 faulted: trisc1 pc 0x[0-9a-f]+ \(compute.cpp:6 kernel_main, in add_binary_tile(\([^()]*\))?\) fault: math: add_binary_tile: DST index 9 out of range \(8 tiles per section: SyncHalf, 16-bit DST\);'
	prog int16dst "$(args Int32)" <<-'EOF'
	#include "api/compute/add_int_sfpu.h"
	#include "api/compute/tile_move_copy.h"
	void kernel_main()
	{
		cb_wait_front(tt::CBIndex::c_0, 1);
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 0);
		add_int_tile<DataFormat::Int32>(0, 0, 0);
		tile_regs_commit();
	}
	EOF
	fill_cb0 int16dst
	run -0 run_prog int16dst
	assert_output EIO
	run -0 has_error int16dst 'core 2,2 faulted: trisc1 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) fault: math: Int32 data needs an fp32 DST \(fp32_dest_acc_en\), not a 16-bit one;'
}

@test "broadcast: a DST index out of range names the call; tilize and untilize name a block format" {
	prog bcast "$(args)" <<-'EOF'
	#include "api/compute/bcast.h"
	void kernel_main()
	{
		cb_wait_front(tt::CBIndex::c_0, 1);
		tile_regs_acquire();
		mul_tiles_bcast_rows(tt::CBIndex::c_0, tt::CBIndex::c_0, 0, 0, 9);
		tile_regs_commit();
	}
	EOF
	run -0 run_prog bcast
	assert_output EIO
	run -0 has_error bcast 'core 2,2 faulted: (.*; )?trisc1 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) fault: math: mul_tiles_bcast_rows: DST index 9 out of range \(8 tiles per section: SyncHalf, 16-bit DST\), CB 0;'
	prog tilize "$(args Bfp8_b)" <<-'EOF'
	#include "api/compute/tilize.h"
	void kernel_main()
	{
		tilize_init(tt::CBIndex::c_0, 1, tt::CBIndex::c_16);
		tilize_block(tt::CBIndex::c_0, 1, tt::CBIndex::c_16);
	}
	EOF
	run -0 run_prog tilize
	assert_output EIO
	run -0 has_error tilize 'core 2,2 faulted: trisc0 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) fault: unpack: tilize of Bfp8_b \(6\) data in CB 0: row-major data is Float32, Float16_b, Float16, Int32, UInt32 or UInt16;'
	prog untilize "$(args | sed '/cb.16/,$s/bfloat16/Bfp8_b/')" <<-'EOF'
	#include "api/compute/untilize.h"
	void kernel_main()
	{
		untilize_init(tt::CBIndex::c_0);
		cb_wait_front(tt::CBIndex::c_0, 1);
		untilize_block(tt::CBIndex::c_0, 1, tt::CBIndex::c_16);
	}
	EOF
	fill_cb0 untilize
	run -0 run_prog untilize
	assert_output EIO
	run -0 has_error untilize 'core 2,2 faulted: trisc2 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) fault: pack: untilize into Bfp8_b \(6\) CB 16: row-major data is Float32, Float16_b, Float16, Int32, UInt32 or UInt16;'
}

@test "a CB that was never configured names the core, trisc0 and the CB" {
	prog nocb "$(args)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	void kernel_main()
	{
		cb_wait_front(tt::CBIndex::c_5, 1);
	}
	EOF
	run -0 run_prog nocb
	assert_output EIO
	run -0 has_error nocb 'core 2,2 faulted: trisc0 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) fault: unpack: CB 5 was never configured \(cb_wait_front\);'
}

@test "pack_tile without tile_regs_wait names the core, trisc2 and the CB" {
	prog nowait "$(args)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	void kernel_main()
	{
		cb_reserve_back(tt::CBIndex::c_16, 1);
		pack_tile(0, tt::CBIndex::c_16);
		cb_push_back(tt::CBIndex::c_16, 1);
	}
	EOF
	run -0 run_prog nowait
	assert_output EIO
	run -0 has_error nowait 'core 2,2 faulted: trisc2 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) fault: pack: pack_tile without tile_regs_wait \(no DST section committed by math\), CB 16;'
}

@test "waiting for more pages than the CB holds names the core, trisc0 and the CB" {
	prog deadlock "$(args)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	void kernel_main()
	{
		cb_wait_front(tt::CBIndex::c_0, 4);
	}
	EOF
	run -0 run_prog deadlock
	assert_output EIO
	run -0 has_error deadlock 'core 2,2 faulted: trisc0 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) fault: unpack: cb_wait_front\(cb 0, 4 pages\): CB 0 holds only 2 pages;'
}

@test "an unsupported data format names the core, trisc0, the format and the CB" {
	prog bfp4 "$(args Bfp4_b)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	void kernel_main()
	{
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 0);
		tile_regs_commit();
	}
	EOF
	run -0 run_prog bfp4
	assert_output EIO
	run -0 has_error bfp4 'core 2,2 faulted: trisc0 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) fault: unpack: unsupported data format Bfp4_b \(7\) in CB 0;'
}

# The tile the unpacker waits for never comes: math waits for the
# unpacker, pack for math's commit.
@test "a compute hang names what each TRISC waits on; the core runs the next program" {
	prog hang "$(args bfloat16 1500)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	void kernel_main()
	{
		cb_wait_front(tt::CBIndex::c_0, 1);
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 0);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(tt::CBIndex::c_16, 1);
		pack_tile(0, tt::CBIndex::c_16);
		cb_push_back(tt::CBIndex::c_16, 1);
		tile_regs_release();
	}
	EOF
	run -0 run_prog hang
	assert_output ETIMEDOUT
	cat "$P/hang/status"
	run -0 has_error hang 'timed out after 1500 ms; core 2,2: '
	assert_output --regexp 'trisc0 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [a-z_]+, in cb_wait_front(\([^()]*\))?\) cb_wait_front cb 0'
	assert_output --regexp 'trisc1 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^()]+(\([^()]*\))?\) math: waiting for the unpacker \(SrcA 0, SrcB 0\)'
	assert_output --regexp 'trisc2 pc 0x[0-9a-f]+ \(compute.cpp:[0-9]+ [^)]+, in tile_regs_wait(\([^()]*\))?\) tile_regs_wait: waiting for math to commit a DST section \(MATH_PACK 0\)'

	# The same core, a kernel that finishes: a copy fed by a reader.
	prog after "$(args bfloat16)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	void kernel_main()
	{
		cb_wait_front(tt::CBIndex::c_0, 1);
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 0);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(tt::CBIndex::c_16, 1);
		pack_tile(0, tt::CBIndex::c_16);
		cb_push_back(tt::CBIndex::c_16, 1);
		tile_regs_release();
		cb_pop_front(tt::CBIndex::c_0, 1);
	}
	EOF
	cat > "$P/after/reader.cpp" <<-'EOF'
	void kernel_main()
	{
		cb_reserve_back(0, 1);
		volatile uint16_t *t = (volatile uint16_t *)get_write_ptr(0);
		for (uint32_t i = 0; i < 1024; i++)
			t[i] = 0x3f80 + (i & 0x7f);   /* 1.0 + i%128 / 128 */
		cb_push_back(0, 1);
	}
	EOF
	cat > "$P/after/writer.cpp" <<-'EOF'
	void kernel_main()
	{
		cb_wait_front(16, 1);
		volatile uint16_t *t = (volatile uint16_t *)get_read_ptr(16);
		DPRINT << t[0] << " " << t[5] << " " << t[1023] << ENDL();
		cb_pop_front(16, 1);
	}
	EOF
	run -0 run_prog after
	assert_output ok
	run -0 grep '^state ' "$P/after/status"
	assert_output 'state done'
	run -0 ttfs_guard 10 cat "$MNT/cores/2,2/dprint"
	assert_output --partial 'brisc: 16256 16261 16383'
}

# tslice_row H: the values TSLICE prints for row H, columns 2, 16, 30, of
# the tile the reader below makes (L1 element i holds i % 251), read
# through the four 16x16 faces.
tslice_row() {
	python3 -c '
import sys
h = int(sys.argv[1])
pos = lambda r, c: ((r // 16) * 2 + c // 16) * 256 + (r % 16) * 16 + c % 16
print(" ".join(str(pos(h, w) % 251) for w in (2, 16, 30)))' "$1"
}

@test "DPRINT TSLICE of compute-side CBs: the unpacker's input and the packer's output" {
	prog tslice "$(args)" <<-'EOF'
	#include "api/compute/compute_kernel_api.h"
	void kernel_main()
	{
		cb_wait_front(tt::CBIndex::c_0, 1);
	#ifdef TRISC_UNPACK
		DPRINT << TSLICE(tt::CBIndex::c_0, 0, SliceRange{ .h0 = 1, .h1 = 32, .hs = 15, .w0 = 2, .w1 = 32, .ws = 14 }) << ENDL();
	#endif
		tile_regs_acquire();
		copy_tile(tt::CBIndex::c_0, 0, 0);
		tile_regs_commit();
		tile_regs_wait();
		cb_reserve_back(tt::CBIndex::c_16, 1);
		pack_tile(0, tt::CBIndex::c_16);
	#ifdef TRISC_PACK
		DPRINT << TSLICE(tt::CBIndex::c_16, 0, SliceRange{ .h0 = 1, .h1 = 32, .hs = 15, .w0 = 2, .w1 = 32, .ws = 14 }) << ENDL();
	#endif
		cb_push_back(tt::CBIndex::c_16, 1);
		tile_regs_release();
		cb_pop_front(tt::CBIndex::c_0, 1);
	}
	EOF
	cat > "$P/tslice/reader.cpp" <<-'EOF'
	void kernel_main()
	{
		cb_reserve_back(0, 1);
		volatile uint16_t *t = (volatile uint16_t *)get_write_ptr(0);
		for (uint32_t i = 0; i < 1024; i++) {
			float f = (float)(i % 251);
			uint32_t u;
			memcpy(&u, &f, 4);
			t[i] = (uint16_t)(u >> 16);
		}
		cb_push_back(0, 1);
	}
	EOF
	cat > "$P/tslice/writer.cpp" <<-'EOF'
	void kernel_main()
	{
		cb_wait_front(16, 1);
		cb_pop_front(16, 1);
	}
	EOF
	run -0 run_prog tslice
	assert_output ok
	run -0 ttfs_guard 10 cat "$MNT/cores/2,2/dprint"
	local h
	for h in 1 16 31; do
		assert_line "trisc0: $(tslice_row $h)"
		assert_line "trisc2: $(tslice_row $h)"
	done
	# and nothing else but the blank lines of ENDL
	[ "$(grep -c ': [0-9]' <<<"$output")" = 6 ] || fail "six rows: $output"
}
