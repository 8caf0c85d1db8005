#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# The inode table of dynamic nodes (fs/inode_table.c): link counts of every
# directory, inode numbers of buffers, and the daemon's memory after many
# buffers come and go.

load helpers

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }
teardown() { ttfs_remove_buffers; }

BUFS() { echo "$MNT/dram/buffers"; }

links() { stat -c %h "$1"; }

# rss_kib: the daemon's resident set in KiB.
rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$(cat "$BATS_FILE_TMPDIR/pid")/status"; }

# many OP COUNT PREFIX: mkdir, rmdir, or mkdir+rmdir ("cycle") COUNT times
# (buffers PREFIX0.., or PREFIX itself for cycle) in one python process: a
# shell loop would take minutes.
many() {
	cat >"$BATS_FILE_TMPDIR/many.py" <<'PY'
import os, sys
d, op, n, prefix = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
for i in range(n):
    p = os.path.join(d, prefix if op == "cycle" else prefix + str(i))
    if op in ("mkdir", "cycle"):
        os.mkdir(p)
    if op in ("rmdir", "cycle"):
        os.rmdir(p)
PY
	ttfs_guard 300 python3 "$BATS_FILE_TMPDIR/many.py" "$(BUFS)" "$@"
}

@test "dram/buffers has link count 2 + the number of buffers" {
	assert_equal "$(links "$(BUFS)")" 2
	mkdir "$(BUFS)/one" "$(BUFS)/two" "$(BUFS)/three"
	assert_equal "$(links "$(BUFS)")" 5
	rmdir "$(BUFS)/two"
	assert_equal "$(links "$(BUFS)")" 4
	rmdir "$(BUFS)/one" "$(BUFS)/three"
	assert_equal "$(links "$(BUFS)")" 2
}

@test "every directory has link count 2 + its subdirectories" {
	mkdir "$(BUFS)/x" "$(BUFS)/y"
	local d n bad=0 dirs=0
	while read -r d; do
		n=$(find "$d" -mindepth 1 -maxdepth 1 -type d | wc -l)
		dirs=$((dirs + 1))
		if [ "$(links "$d")" != $((n + 2)) ]; then
			echo "$d: link count $(links "$d"), expected 2 + $n" >&2
			bad=$((bad + 1))
		fi
	done < <(find "$MNT" -type d)
	assert_equal "$bad" 0
	# root, device, cores, 120 cores, noc0, dram, buffers, x, y
	[ "$dirs" -ge 128 ]
}

@test "a buffer's inode is stable across lookups; a removed name's inode is never reused" {
	local b=$(BUFS)/stable first again size_ino old_inos=() ino
	mkdir "$b"
	first=$(stat -c %i "$b")
	size_ino=$(stat -c %i "$b/size")
	for _ in 1 2 3; do
		assert_equal "$(stat -c %i "$b")" "$first"
		assert_equal "$(stat -c %i "$b/size")" "$size_ino"
		ls "$(BUFS)" >/dev/null
	done
	# readdir reports the same inode as lookup.
	run -0 ls -i "$(BUFS)"
	assert_output "$first stable"
	[ "$size_ino" != "$first" ]
	old_inos+=("$first" "$size_ino")
	for _ in 1 2 3; do
		rmdir "$b"
		mkdir "$b"
		for ino in "$(stat -c %i "$b")" "$(stat -c %i "$b/size")"; do
			for old in "${old_inos[@]}"; do
				[ "$ino" != "$old" ] || fail "inode $ino of a new buffer was used before"
			done
			old_inos+=("$ino")
		done
	done
	rmdir "$b"
}

@test "5,000 buffers, then 10,000 mkdir/rmdir cycles: RSS back within 5 MiB" {
	[ -r "/proc/$(cat "$BATS_FILE_TMPDIR/pid")/status" ] || skip "no /proc status for the daemon"
	# Warm up: the first buffers and FUSE threads allocate once.
	many cycle 200 warm
	local start after_many after_cycles
	start=$(rss_kib)
	many mkdir 5000 m
	assert_equal "$(links "$(BUFS)")" 5002
	run -0 stat -c %s "$(BUFS)/m4999/size" "$(BUFS)/m0/size"
	assert_output "$(printf '2\n2\n')"
	many rmdir 5000 m
	assert_equal "$(links "$(BUFS)")" 2
	after_many=$(rss_kib)
	many cycle 10000 c
	after_cycles=$(rss_kib)
	echo "RSS KiB: start $start, after 5000 buffers $after_many, after 10000 cycles $after_cycles" >&2
	if grep -qaE "__(asan|tsan)_init" "$TTFS_BIN"; then
		# ASan keeps freed memory in its quarantine (256 MiB), TSan in its
		# shadow: RSS says nothing there. LeakSanitizer checks at exit.
		echo "sanitizer build: RSS bounds not checked" >&2
	else
		[ $((after_many - start)) -le 5120 ] || fail "RSS grew $((after_many - start)) KiB with 5000 buffers"
		[ $((after_cycles - start)) -le 5120 ] || fail "RSS grew $((after_cycles - start)) KiB after cycles"
	fi
	run -0 ls "$(BUFS)"
	assert_output ""
}

@test "racing mkdir, rmdir, stat and ls of the same names: the listing agrees with the link count" {
	cat >"$BATS_FILE_TMPDIR/race.py" <<'PY'
import errno, os, random, sys, time
d, role, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(seed)
end = time.monotonic() + 3
ok = {errno.EEXIST, errno.ENOENT}
while time.monotonic() < end:
    p = os.path.join(d, "r%d" % random.randrange(4))
    try:
        if role == "names":
            os.mkdir(p) if random.random() < 0.5 else os.rmdir(p)
        else:
            os.stat(os.path.join(p, "size"))
            for n in os.listdir(d):
                os.stat(os.path.join(d, n))
    except OSError as e:
        if e.errno not in ok:
            sys.exit("%s %s: %s" % (role, p, e))
PY
	local pids=() i
	for i in 1 2; do
		ttfs_guard 60 python3 "$BATS_FILE_TMPDIR/race.py" "$(BUFS)" names "$i" &
		pids+=($!)
		ttfs_guard 60 python3 "$BATS_FILE_TMPDIR/race.py" "$(BUFS)" stat "$((i + 10))" &
		pids+=($!)
	done
	for i in "${pids[@]}"; do
		wait "$i" || fail "a racer failed with status $?"
	done
	local n
	n=$(find "$(BUFS)" -mindepth 1 -maxdepth 1 -type d | wc -l)
	assert_equal "$(links "$(BUFS)")" $((n + 2))
}
