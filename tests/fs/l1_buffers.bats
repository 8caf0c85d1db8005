#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# l1/buffers/ and sharded buffers (docs/tree.md "Buffers", docs/sharding.md):
# where L1 buffers go, their bytes on each core through cores/X,Y/l1, one
# namespace with dram/buffers/, the shard spec files and their errors, and
# programs that reach L1 and sharded buffers through @NAME and
# accessor(NAME). Kernels are in programs/.

load helpers

K="$BATS_TEST_DIRNAME/programs"

setup_file() {
	mkdir -p "$BATS_FILE_TMPDIR/cache"
	ttfs_mount -o dram_size=64M -o cache_dir="$BATS_FILE_TMPDIR/cache"
}
teardown_file() { ttfs_unmount; }

teardown() {
	local d
	for d in "$MNT"/programs/*; do
		[ -d "$d" ] && { rmdir "$d" 2>/dev/null || echo "# teardown: rmdir $d failed" >&2; }
	done
	ttfs_remove_buffers
}

L() { echo "$MNT/l1/buffers/$1"; }
D() { echo "$MNT/dram/buffers/$1"; }

# l1_hex CORE ADDR LEN: LEN bytes of a core's L1 in hex (one os.pread).
l1_hex() {
	python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
print(os.pread(fd, int(sys.argv[3]), int(sys.argv[2], 0)).hex())
' "$MNT/cores/$1/l1" "$2" "$3"
}

# pages_hex FILE PAGE_SIZE PAGE...: those pages of FILE, concatenated, in hex.
pages_hex() {
	python3 -c '
import sys
data = open(sys.argv[1], "rb").read()
ps = int(sys.argv[2])
print(b"".join(data[int(p) * ps:(int(p) + 1) * ps] for p in sys.argv[3:]).hex())
' "$@"
}

# shard BUFFER LAYOUT CORES SHARD TENSOR [ORIENTATION]: the spec, one write
# per file, as echo does.
shard() {
	echo "$2" >"$1/layout"
	echo "$3" >"$1/shard_cores"
	echo "$4" >"$1/shard_shape"
	echo "$5" >"$1/tensor_shape"
	[ -z "${6:-}" ] || echo "$6" >"$1/shard_orientation"
}

@test "an L1 buffer: placed from the top of L1 down, bytes round trip with dd and os.pread" {
	local a b
	a=$(L a)
	mkdir "$a"
	run -0 ls "$a"
	assert_output "$(printf '%s\n' address data layout page_size shard_cores shard_orientation \
		shard_shape size status tensor_shape)"
	echo 1024 >"$a/page_size"
	echo $((220 * 1024)) >"$a/size"
	# Two 1 KiB pages on each of the 110 L1 banks, ending at the top of L1.
	assert_equal "$(cat "$a/address")" 0x0017f800
	head -c $((220 * 1024)) /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	dd if="$BATS_TEST_TMPDIR/in.bin" of="$a/data" bs=64K status=none
	cmp "$BATS_TEST_TMPDIR/in.bin" "$a/data"
	run -0 python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
want = open(sys.argv[2], "rb").read()
print(os.pread(fd, 3000, 191 * 1024 - 100) == want[191 * 1024 - 100:191 * 1024 + 2900])
' "$a/data" "$BATS_TEST_TMPDIR/in.bin"
	assert_output True
	# Page 0 is on bank 0 (core 0,3), page 191 = 110 + 81 on bank 81
	# (core 0,0) one page up: tt-metal's bank numbering.
	assert_equal "$(l1_hex 0,3 0x17f800 1024)" "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 1024 0)"
	assert_equal "$(l1_hex 0,0 0x17fc00 1024)" "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 1024 191)"
	# The next one goes below it; nothing is on the last column.
	b=$(L b)
	mkdir "$b"
	echo 64 >"$b/size"
	assert_equal "$(cat "$b/address")" 0x0017f000
	run -0 python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print([(b["name"], b["memory"], b["layout"]) for b in d["buffers"]])' "$MNT/device/info.json"
	assert_output "[('a', 'l1', 'interleaved'), ('b', 'l1', 'interleaved')]"
}

@test "L1 and DRAM buffers share one namespace: a name taken in either is EEXIST" {
	mkdir "$(D x)"
	run -0 pyio mkdir "$(L x)"
	assert_output EEXIST
	mkdir "$(L y)"
	run -0 pyio mkdir "$(D y)"
	assert_output EEXIST
	rmdir "$(D x)"
	mkdir "$(L x)"
	run -0 ls "$MNT/l1/buffers"
	assert_output "$(printf '%s\n' x y)"
	assert_equal "$(stat -c %h "$MNT/l1/buffers")" 4
	run -0 pyio mkdir "$MNT/l1/x"
	assert_output EPERM
}

@test "a block-sharded L1 buffer written in host order reads back per core through cores/X,Y/l1" {
	local s=$(L s) addr
	mkdir "$s"
	echo 64 >"$s/page_size"
	shard "$s" block_sharded 0-1,0-1 "2 2" "4 4"
	echo 1024 >"$s/size"
	assert_equal "$(cat "$s/status")" "not pinned"
	head -c 1024 /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	dd if="$BATS_TEST_TMPDIR/in.bin" of="$s/data" bs=1024 status=none
	cmp "$BATS_TEST_TMPDIR/in.bin" "$s/data"
	addr=$(cat "$s/address")
	# Four pages per core at the same address, the shard's rows one after
	# the other (reference/program-model.md §5.4's example).
	assert_equal "$(l1_hex 0,0 "$addr" 256)" "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 64 0 1 4 5)"
	assert_equal "$(l1_hex 1,0 "$addr" 256)" "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 64 2 3 6 7)"
	assert_equal "$(l1_hex 0,1 "$addr" 256)" "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 64 8 9 12 13)"
	assert_equal "$(l1_hex 1,1 "$addr" 256)" "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 64 10 11 14 15)"
	# col_major walks the cores y first.
	rmdir "$s"
	mkdir "$s"
	echo 64 >"$s/page_size"
	shard "$s" block_sharded 0-1,0-1 "2 2" "4 4" col_major
	echo 1024 >"$s/size"
	cp "$BATS_TEST_TMPDIR/in.bin" "$s/data"
	addr=$(cat "$s/address")
	assert_equal "$(l1_hex 0,1 "$addr" 256)" "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 64 2 3 6 7)"
	assert_equal "$(l1_hex 1,0 "$addr" 256)" "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 64 8 9 12 13)"
	assert_equal "$(cat "$s/shard_cores") $(cat "$s/shard_shape") $(cat "$s/tensor_shape")" \
		"0-1,0-1 2 2 4 4"
	assert_equal "$(cat "$s/layout") $(cat "$s/shard_orientation")" "block_sharded col_major"
}

@test "a width-sharded DRAM buffer: host order in and out, each shard on its bank" {
	local w=$(D w) addr
	mkdir "$w"
	shard "$w" width_sharded "1-3,0" "2 2" "2 6"
	echo $((12 * 2048)) >"$w/size"
	head -c $((12 * 2048)) /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$w/data"
	cmp "$BATS_TEST_TMPDIR/in.bin" "$w/data"
	addr=$(cat "$w/address")
	run -0 python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
print(os.pread(fd, 4 * 2048, int(sys.argv[2], 0)).hex())' "$MNT/dram/2" "$addr"
	assert_output "$(pages_hex "$BATS_TEST_TMPDIR/in.bin" 2048 2 3 8 9)"
}

@test "shard cores that leave the grid are EINVAL, and the log says why" {
	local b=$(L g) d=$(D g2)
	mkdir "$b" "$d"
	run -0 pyio write "$b/shard_cores" "$(printf '0-12,0\n' | xxd -p)"
	assert_output EINVAL
	grep -qF "l1/buffers/g/shard_cores: core range '0-12,0' leaves the 12x10 grid (x 0..11, y 0..9)" \
		"$BATS_FILE_TMPDIR/daemon.log"
	assert_equal "$(stat -c %s "$b/shard_cores")" 0
	# DRAM buffers shard over the seven banks, x = bank, y = 0.
	run -0 pyio write "$d/shard_cores" "$(printf '5-7,0' | xxd -p)"
	assert_output EINVAL
	grep -qF "dram/buffers/g2/shard_cores: core range '5-7,0' leaves the DRAM banks (x 0..6, y 0)" \
		"$BATS_FILE_TMPDIR/daemon.log"
	run -0 pyio write "$b/layout" "$(printf 'diagonal' | xxd -p)"
	assert_output EINVAL
	assert_equal "$(cat "$b/layout")" interleaved
}

@test "shards that do not tile the tensor: unallocated, data is EINVAL, status and log say why" {
	local b=$(L h) why
	mkdir "$b"
	echo 32 >"$b/page_size"
	shard "$b" height_sharded 0-3,0 "2 2" "8 4"
	echo $((32 * 32)) >"$b/size"
	why="height_sharded: a shard is whole rows of the tensor, so shard_shape's columns (2) must be tensor_shape's (4)"
	assert_equal "$(cat "$b/status")" "$(printf 'not allocated: %s\nnot pinned' "$why")"
	run -0 pyio open "$b/address" r
	assert_output ENODATA
	run -0 pyio pwrite "$b/data" 0 abcd
	assert_output EINVAL
	grep -qF "l1/buffers/h/data: not allocated: $why" "$BATS_FILE_TMPDIR/daemon.log"
	# Too many shards for the cores.
	echo "2 4" >"$b/shard_shape"
	echo "0-2,0" >"$b/shard_cores"
	run -0 cat "$b/status"
	assert_line "not allocated: height_sharded: tensor_shape 8 4 takes 4 shards of 2 4 pages, but shard_cores has 3 cores"
	# Fixed in any order of writes: the buffer is placed.
	echo "0-3,0" >"$b/shard_cores"
	assert_equal "$(cat "$b/status")" "not pinned"
	run -0 pyio pwrite "$b/data" 0 abcd
	assert_output "ok 2"
}

# A reader (loop_reader.cpp: a TensorAccessor from accessor(src)) copies
# src page by page through CB 0 to the writer (loop_writer.cpp), which
# writes DRAM buffer out.
copy_prog() {
	mkdir "$MNT/programs/$1"
	cat >"$MNT/programs/$1/args" <<-INI
	[program]
	cores = 5,5
	timeout_ms = 30000
	[cb.0]
	format = bfloat16
	pages = 2
	[reader]
	args = @$2 $3
	compile_args = accessor($2)
	[writer]
	args = @out $3 0
	INI
	cp "$K/loop_reader.cpp" "$MNT/programs/$1/reader.cpp"
	cp "$K/loop_writer.cpp" "$MNT/programs/$1/writer.cpp"
}

@test "kernels read L1 and sharded buffers through @NAME and accessor(NAME), as tt-metal's TensorAccessor does" {
	local src
	mkdir "$(D out)"
	echo $((16 * 2048)) >"$(D out)/size"
	head -c $((16 * 2048)) /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	for layout in interleaved "block_sharded 0-1,0-1 col_major" "height_sharded 3-4,2-3" \
		"width_sharded 7,1 2-4,4" "dram height_sharded 0-3,0"; do
		set -- $layout
		if [ "$1" = dram ]; then src=$(D src); shift; else src=$(L src); fi
		mkdir "$src"
		case $1 in
		block_sharded) shard "$src" "$1" "$2" "2 2" "4 4" "$3" ;;
		height_sharded) shard "$src" "$1" "$2" "4 1" "16 1" ;;
		width_sharded) shard "$src" "$1" "$2 $3" "2 2" "2 8" ;;
		esac
		echo $((16 * 2048)) >"$src/size"
		cp "$BATS_TEST_TMPDIR/in.bin" "$src/data"
		head -c $((16 * 2048)) /dev/zero >"$(D out)/data"
		copy_prog cp src 16
		run -0 ttfs_guard 60 pyrun "$MNT/programs/cp/run" 1
		assert_output ok
		cmp "$BATS_TEST_TMPDIR/in.bin" "$(D out)/data" || fail "$layout: out differs"
		rmdir "$MNT/programs/cp" "$src"
	done
}

@test "a running program pins the L1 buffers its args name: rmdir and a new shape are EBUSY" {
	local v=$(L victim)
	mkdir "$v"
	echo 4096 >"$v/size"
	python3 -c 'import os, sys
os.pwrite(os.open(sys.argv[1], os.O_WRONLY), (0).to_bytes(4, "little"), 0x170000)' \
		"$MNT/cores/0,0/l1"
	mkdir "$MNT/programs/gw"
	cat >"$MNT/programs/gw/args" <<-INI
	[program]
	cores = 0,0
	timeout_ms = 60000
	[writer]
	args = 0x170000 1 @victim 0 2048 0 0x168000
	INI
	cp "$K/gated_writer.cpp" "$MNT/programs/gw/writer.cpp"
	run -0 ttfs_guard 60 pyrun "$MNT/programs/gw/run" start
	assert_output ok
	run -0 ttfs_guard 20 pyio rmdir "$v"
	assert_output EBUSY
	run -0 ttfs_guard 20 pyio write "$v/layout" "$(printf block_sharded | xxd -p)"
	assert_output EBUSY
	assert_equal "$(cat "$v/status")" "pinned by program gw"
	grep -qF "l1/buffers/victim/layout: pinned by program gw" "$BATS_FILE_TMPDIR/daemon.log"
	python3 -c 'import os, sys
os.pwrite(os.open(sys.argv[1], os.O_WRONLY), (1).to_bytes(4, "little"), 0x170000)' \
		"$MNT/cores/0,0/l1"
	# Generously: a loaded machine may take a while to run the rest.
	for _ in $(seq 1200); do
		grep -q "^state done" "$MNT/programs/gw/status" && break
		sleep 0.05
	done
	run -0 grep "^state" "$MNT/programs/gw/status"
	assert_output "state done"
	assert_equal "$(cat "$v/status")" "not pinned"
	rmdir "$v"
}

@test "a program naming a buffer whose shards do not tile fails at run, naming the reason" {
	local s=$(L bad)
	mkdir "$s" "$(D out)"
	echo 2048 >"$(D out)/size"
	shard "$s" block_sharded 0,0 "2 2" "4 4"
	echo $((16 * 2048)) >"$s/size"
	copy_prog bp bad 1
	run -0 ttfs_guard 60 pyrun "$MNT/programs/bp/run" 1
	assert_output EINVAL
	run -0 cat "$MNT/programs/bp/status"
	assert_output --partial "args:9: [reader] compile_args: buffer 'bad': block_sharded: tensor_shape 4 4 takes 4 shards of 2 2 pages, but shard_cores has 1 core"
}

@test "a program whose CBs would overlap an L1 buffer on one of its cores fails with ENOSPC naming both" {
	local big=$(L big)
	mkdir "$big"
	echo 1024 >"$big/page_size"
	echo $((1300 * 110 * 1024)) >"$big/size"   # 1300 KiB on each bank, down to 0x3b000
	assert_equal "$(cat "$big/address")" 0x0003b000
	mkdir "$MNT/programs/cb"
	# A reader that stores two words below the CBs, so that the run does
	# something; what matters is where the CBs go.
	cp "$K/store_arg.cpp" "$MNT/programs/cb/reader.cpp"
	# cb_run CORES PAGES: run with CB 0 of PAGES 2 KiB pages on CORES;
	# prints ok or the errno, then the status's error line if any.
	cb_run() {
		printf '[program]\ncores = %s\n[cb.0]\nformat = bfloat16\npages = %s\n' "$1" "$2" \
			>"$MNT/programs/cb/args"
		printf '[reader]\nargs = 0x36000 1\ncommon_args = 2\n' >>"$MNT/programs/cb/args"
		ttfs_guard 60 pyrun "$MNT/programs/cb/run" 1
		sed -n 's/^error //p' "$MNT/programs/cb/status"
	}
	# Eight 2 KiB pages from 0x37000 end where the buffer starts: fine.
	run -0 cb_run "11,0 0,0" 8
	assert_output ok
	run -0 cb_run "11,0 0,0" 9
	assert_output "$(printf '%s\n' ENOSPC \
		"[cb.0] (0x37000..0x3b800) on core 0,0 overlaps L1 buffer 'big' (0x3b000..0x180000)")"
	# The last column has no L1 bank: nothing of the buffer there.
	run -0 cb_run 11,0 9
	assert_output ok
	# A sharded buffer stands only on its own cores.
	rmdir "$big"
	mkdir "$big"
	echo 1024 >"$big/page_size"
	shard "$big" height_sharded 5,5 "1300 1" "1300 1"
	echo $((1300 * 1024)) >"$big/size"
	run -0 cb_run 4,5 9
	assert_output ok
	run -0 cb_run "4,5 5,5" 9
	assert_line --index 0 ENOSPC
	assert_line --index 1 --partial "on core 5,5 overlaps L1 buffer 'big'"
}

# A program on 2-3,3 whose CB 0 is L1 buffer $1 (4 pages of 2048 bytes):
# cb_push.cpp pushes the pages, loop_writer.cpp writes them to DRAM
# buffer out, core 2,3's as pages 0..3, core 3,3's as 4..7.
cb_on_buffer_prog() {
	mkdir "$MNT/programs/$2"
	cat >"$MNT/programs/$2/args" <<-INI
	[program]
	cores = 2-3,3
	[cb.0]
	format = bfloat16
	buffer = $1
	pages = ${3:-4}
	[reader]
	args = ${3:-4}
	[writer]
	args.2,3 = @out 4 0
	args.3,3 = @out 4 4
	INI
	cp "$K/cb_push.cpp" "$MNT/programs/$2/reader.cpp"
	cp "$K/loop_writer.cpp" "$MNT/programs/$2/writer.cpp"
}

@test "a CB on an L1 buffer: the kernels find the host's bytes in the CB, with no copy" {
	local in=$(L in) addr
	mkdir "$in" "$(D out)"
	shard "$in" height_sharded 2-3,3 "4 1" "8 1"
	echo $((8 * 2048)) >"$in/size"
	echo $((8 * 2048)) >"$(D out)/size"
	head -c $((8 * 2048)) /dev/urandom >"$BATS_TEST_TMPDIR/in.bin"
	cp "$BATS_TEST_TMPDIR/in.bin" "$in/data"
	cb_on_buffer_prog in cbb
	run -0 ttfs_guard 60 pyrun "$MNT/programs/cbb/run" 1
	assert_output ok
	cmp "$BATS_TEST_TMPDIR/in.bin" "$(D out)/data"
	# CB 0 of both cores is at the buffer's address: the shard itself.
	addr=$(printf '%#x' "$(cat "$in/address")")
	run -0 grep '^0 ' "$MNT/cores/2,3/cbs"
	assert_output --regexp "^0 $addr 8192 4 2048 "
	run -0 grep '^0 ' "$MNT/cores/3,3/cbs"
	assert_output --regexp "^0 $addr 8192 4 2048 "
	assert_equal "$(cat "$in/status")" "not pinned"
}

@test "buffer = NAME that is missing, in DRAM, or too small on a core fails at run with the line" {
	mkdir "$(D out)"
	echo $((8 * 2048)) >"$(D out)/size"
	cb_on_buffer_prog nosuch cbm
	run -0 ttfs_guard 60 pyrun "$MNT/programs/cbm/run" 1
	assert_output ENOENT
	run -0 grep '^error' "$MNT/programs/cbm/status"
	assert_output "error args:5: [cb.0] buffer: no buffer 'nosuch'"
	# A DRAM buffer.
	mkdir "$(D nosuch)"
	echo 8192 >"$(D nosuch)/size"
	run -0 ttfs_guard 60 pyrun "$MNT/programs/cbm/run" 1
	assert_output EINVAL
	run -0 grep '^error' "$MNT/programs/cbm/status"
	assert_output "error args:5: [cb.0] buffer: 'nosuch' is a DRAM buffer; a CB's memory is an L1 buffer (l1/buffers/)"
	rmdir "$(D nosuch)"
	# An L1 buffer with one page on each core: too small for four.
	mkdir "$(L nosuch)"
	shard "$(L nosuch)" height_sharded 2-3,3 "1 1" "2 1"
	echo 4096 >"$(L nosuch)/size"
	run -0 ttfs_guard 60 pyrun "$MNT/programs/cbm/run" 1
	assert_output EINVAL
	run -0 grep '^error' "$MNT/programs/cbm/status"
	assert_output "error args:5: [cb.0] buffer: L1 buffer 'nosuch' has 2048 bytes on core 2,3, the CB needs 8192"
	# Large enough, but on other cores only.
	rmdir "$(L nosuch)"
	mkdir "$(L nosuch)"
	shard "$(L nosuch)" height_sharded 3-4,3 "4 1" "8 1"
	echo $((8 * 2048)) >"$(L nosuch)/size"
	run -0 ttfs_guard 60 pyrun "$MNT/programs/cbm/run" 1
	assert_output EINVAL
	run -0 grep '^error' "$MNT/programs/cbm/status"
	assert_output "error args:5: [cb.0] buffer: L1 buffer 'nosuch' has 0 bytes on core 2,3, the CB needs 8192"
	# A name that cannot be a buffer's: refused when the args are written.
	run -0 python3 -c 'import errno, os, sys
try:
    fd = os.open(sys.argv[1], os.O_WRONLY | os.O_TRUNC)
    os.write(fd, b"[cb.0]\nformat = bfloat16\npages = 1\nbuffer = a/b\n")
    os.close(fd)
    print("ok")
except OSError as e:
    print(errno.errorcode[e.errno])' "$MNT/programs/cbm/args"
	assert_output EINVAL
	run -0 grep '^error' "$MNT/programs/cbm/status"
	assert_output --partial "args:4: [cb.0] buffer: 'a/b' is not a buffer name"
}
