#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The ttfs-tile CLI on real files, as a user runs it: the layout of a known
# matrix, round trips, conversions, and the bad inputs that exit 2.
# TTFS_TILE_BIN names the binary (set by ctest). No mount needed.

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

: "${TTFS_TILE_BIN:?set TTFS_TILE_BIN to the ttfs-tile binary}"
T=$TTFS_TILE_BIN

# u16 FILE INDEX: the little-endian 16-bit value at element INDEX.
u16() { od -An -tu2 -j $(($2 * 2)) -N 2 "$1" | tr -d ' '; }

setup() {
	cd "$BATS_TEST_TMPDIR"
	# A 64 x 96 bfloat16 "matrix" whose element (i, j) holds i * 96 + j.
	python3 -c 'import struct,sys; sys.stdout.buffer.write(struct.pack("<6144H", *range(6144)))' >lin.bin
}

@test "tilize: faces and tiles where kernel-api.md §4 puts them; untilize inverts it" {
	run -0 "$T" tilize --rows 64 --cols 96 --format bf16 lin.bin til.bin
	assert_equal "$(stat -c %s til.bin)" 12288
	assert_equal "$(u16 til.bin 0)" 0         # (0,0)
	assert_equal "$(u16 til.bin 16)" 96       # (1,0): face 0, row 1
	assert_equal "$(u16 til.bin 256)" 16      # (0,16): face 1
	assert_equal "$(u16 til.bin 512)" 1536    # (16,0): face 2
	assert_equal "$(u16 til.bin 768)" 1552    # (16,16): face 3
	assert_equal "$(u16 til.bin 1024)" 32     # (0,32): tile 1
	assert_equal "$(u16 til.bin 3072)" 3072   # (32,0): tile 3 = tile row 1
	run -0 "$T" untilize --rows 64 --cols 96 til.bin back.bin
	cmp lin.bin back.bin
	# The same bytes as f32 elements (pairs of bf16) are a 64 x 48 f32 matrix
	# only if 48 were a multiple of 32; as 32 x 96 f32 it round-trips.
	run -0 "$T" tilize --rows 32 --cols 96 --format f32 lin.bin t32.bin
	run -0 od -An -tx4 -j $((256 * 4)) -N 4 t32.bin   # f32 element (0,16) = bf16 32, 33
	assert_output " 00210020"
	run -0 "$T" untilize --rows 32 --cols 96 --format f32 t32.bin b32.bin
	cmp lin.bin b32.bin
}

@test "stdin and stdout" {
	"$T" tilize --rows 64 --cols 96 - - <lin.bin >til.bin
	"$T" untilize --rows 64 --cols 96 til.bin - | cmp - lin.bin
}

@test "f32-to-bf16 rounds to nearest even, --truncate drops; bf16-to-f32 widens" {
	# 1.0, a tie below even (0x3f808000), a tie above odd (0x3f818000), NaN with a low payload
	printf '\x00\x00\x80\x3f\x00\x80\x80\x3f\x00\x80\x81\x3f\x01\x00\x80\x7f' >f.bin
	run -0 "$T" f32-to-bf16 f.bin b.bin
	run -0 od -An -tx2 b.bin
	assert_output " 3f80 3f80 3f82 7fc0"
	run -0 "$T" f32-to-bf16 --truncate f.bin t.bin
	run -0 od -An -tx2 t.bin
	assert_output " 3f80 3f80 3f81 7fc0"
	run -0 "$T" bf16-to-f32 b.bin w.bin
	run -0 od -An -tx4 w.bin
	assert_output " 3f800000 3f800000 3f820000 7fc00000"
}

@test "bad input exits 2 naming what is wrong" {
	run -2 "$T" tilize --rows 33 --cols 96 lin.bin o.bin
	assert_output --partial "--rows 33: want a positive multiple of 32"
	run -2 "$T" tilize --rows 64 --cols 0 lin.bin o.bin
	assert_output --partial "--cols 0: want a positive multiple of 32"
	run -2 "$T" tilize --rows 64 --cols 128 lin.bin o.bin
	assert_output "ttfs-tile: lin.bin: 12288 bytes, want 16384 (64 x 128 bfloat16)"
	run -2 "$T" untilize --rows 64 --cols 96 --format f32 lin.bin o.bin
	assert_output "ttfs-tile: lin.bin: 12288 bytes, want 24576 (64 x 96 float32)"
	run -2 "$T" tilize --rows 64 --cols 96 --format fp16 lin.bin o.bin
	assert_output "ttfs-tile: --format fp16: unknown format (bf16 or f32)"
	run -2 "$T" tilize --rows 64 --cols 96 nosuch.bin o.bin
	assert_output "ttfs-tile: nosuch.bin: No such file or directory"
	run -2 "$T" tilize --cols 96 lin.bin o.bin
	assert_output "ttfs-tile: tilize needs --rows and --cols"
	head -c 7 lin.bin >odd.bin
	run -2 "$T" f32-to-bf16 odd.bin o.bin
	assert_output "ttfs-tile: odd.bin: 7 bytes is not a whole number of float32 values (4 bytes each)"
	run -2 "$T" bf16-to-f32 --truncate lin.bin o.bin
	assert_output "ttfs-tile: --truncate is only for f32-to-bf16"
	run -2 "$T" transpose lin.bin o.bin
	assert_output --partial "unknown command 'transpose'"
	run -2 "$T"
	assert_output --partial "usage:"
	[ ! -e o.bin ]
	run -0 "$T" --help
	assert_output --partial "usage:"
}

@test "an unwritable output exits 1" {
	run -1 "$T" bf16-to-f32 lin.bin /nonexistent/dir/o.bin
	assert_output "ttfs-tile: /nonexistent/dir/o.bin: No such file or directory"
}
