#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Every read and write of a buffer's data completes and matches a
# reference model, whatever the page size and the request size (1 byte to
# 4 MiB at random offsets); fio verifies what it wrote. Each command that
# could hang the mount runs under ttfs_guard.

load helpers

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }
teardown() { ttfs_remove_buffers; }

# make_buffer NAME PAGE_SIZE SIZE
make_buffer() {
	mkdir "$MNT/dram/buffers/$1"
	echo "$2" >"$MNT/dram/buffers/$1/page_size"
	echo "$3" >"$MNT/dram/buffers/$1/size"
}

# io_model DATA PAGE_SIZE SEED REQUESTS: random pread/pwrite against a
# bytearray model of the file; prints "ok" or what went wrong. A third of
# the offsets are page-aligned, and half the requests use a memory-page
# aligned buffer (as dd does), so that the kernel sends whole 1 MiB
# requests: those cover the most buffer pages.
io_model() {
	python3 - "$@" <<'PY'
import mmap, os, random, sys
path, page = sys.argv[1], int(sys.argv[2])
seed, count = int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
fd = os.open(path, os.O_RDWR)
size = os.fstat(fd).st_size
model = bytearray(rng.randbytes(size))
if os.pwrite(fd, model, 0) != size:
    sys.exit("initial fill was short")
MAX = 4 << 20
def fail(msg):
    print(msg)
    sys.exit(1)
for i in range(count):
    length = min(int(2 ** rng.uniform(0, 22)), MAX)   # 1 byte .. 4 MiB
    if rng.random() < 0.1:   # some requests cross the end of the file
        off = size - rng.randint(1, min(length, size))
    else:
        off = rng.randint(0, size - min(length, size))
        if rng.random() < 0.33:
            off -= off % page
    want = max(0, min(length, size - off))
    aligned = rng.random() < 0.5
    if rng.random() < 0.5:
        data = rng.randbytes(length)
        if aligned:
            mem = mmap.mmap(-1, length)
            mem[:] = data
            n = os.pwritev(fd, [mem], off)
            mem.close()
        else:
            n = os.pwrite(fd, data, off)
        if n != want:
            fail(f"request {i}: pwrite {length} at {off}: {n} bytes, expected {want}")
        model[off:off + n] = data[:n]
    else:
        if aligned:
            mem = mmap.mmap(-1, length)
            got = bytes(mem[:os.preadv(fd, [mem], off)])
            mem.close()
        else:
            got = os.pread(fd, length, off)
        if got != bytes(model[off:off + want]):
            fail(f"request {i}: pread {length} at {off}: {len(got)} bytes, "
                 f"expected {want}, data {'matches' if got == model[off:off+len(got)] else 'differs'}")
whole = os.pread(fd, size + 1, 0)
if whole != bytes(model):
    fail("final whole-file read differs from the model")
os.close(fd)
print("ok")
PY
}

@test "random reads and writes of 1 B to 4 MiB match the model for page sizes 32 to 64K" {
	local size=$((5 * 1024 * 1024 + 1000)) seed=11
	for ps in 32 1024 2048 65536; do
		make_buffer "p$ps" "$ps" "$size"
		run ttfs_guard 60 io_model "$MNT/dram/buffers/p$ps/data" "$ps" "$seed" 120
		assert_equal "page_size $ps: $output" "page_size $ps: ok"
		rmdir "$MNT/dram/buffers/p$ps"
		seed=$((seed + 1))
	done
}

@test "dd bs=1M reads a 4 MiB buffer with 1 KiB pages (was a reply never sent)" {
	make_buffer big 1024 4194304
	run -0 ttfs_guard 20 dd if="$MNT/dram/buffers/big/data" of=/dev/null bs=1M
	[[ "$output" == *"4194304 bytes"* ]] || fail "$output"
	# Unaligned: the pieces straddle one more page.
	run -0 ttfs_guard 20 dd if="$MNT/dram/buffers/big/data" of=/dev/null bs=1M skip=100 iflag=skip_bytes
	[[ "$output" == *"4194204 bytes"* ]] || fail "$output"
	run -0 ttfs_guard 20 dd if=/dev/zero of="$MNT/dram/buffers/big/data" bs=1M count=4 conv=notrunc
	[[ "$output" == *"4194304 bytes"* ]] || fail "$output"
}

@test "fio --verify=crc32c on a buffer's data" {
	command -v fio >/dev/null || skip "fio not installed (tools/install-deps)"
	for ps in 1024 2048; do
		make_buffer "fio$ps" "$ps" 8M
		run ttfs_guard 60 fio --name=verify --filename="$MNT/dram/buffers/fio$ps/data" \
			--size=8M --rw=randwrite --bsrange=4k-1m --ioengine=psync --fallocate=none \
			--verify=crc32c --do_verify=1 --verify_fatal=1 --verify_state_save=0 --randseed=7 --output-format=terse
		[ "$status" -eq 0 ] || fail "page_size $ps: fio exited $status: $output"
		rmdir "$MNT/dram/buffers/fio$ps"
	done
}
