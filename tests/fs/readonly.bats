#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# Read-only files refuse to be opened for writing (EACCES) and stay intact.

load helpers

setup_file() { ttfs_mount; }
teardown_file() { ttfs_unmount; }

READONLY=(README device/arch device/board device/backend device/grid device/telemetry
	device/info.json cores/0,0/mailbox cores/11,9/mailbox)

setup() {
	# The per-core text views DESIGN §1.2 adds (launch, go, ...) are read-only too.
	local f
	for f in "$MNT"/cores/3,3/*; do
		case ${f##*/} in l1|mailbox) ;; *) READONLY+=("cores/3,3/${f##*/}") ;; esac
	done
}

@test "opening a read-only file for writing or read-write is EACCES" {
	mkdir "$MNT/dram/buffers/ro"
	echo 4096 >"$MNT/dram/buffers/ro/size"
	# One python for every file and mode: a process per open made this
	# test outlast bats' timeout on a loaded machine.
	local f expected=""
	for f in "${READONLY[@]}" dram/buffers/ro/address; do
		expected+="$f w EACCES"$'\n'"$f rw EACCES"$'\n'
	done
	run -0 python3 - "$MNT" "${READONLY[@]}" dram/buffers/ro/address <<'PY'
import errno, os, sys
mnt = sys.argv[1]
for f in sys.argv[2:]:
    for name, mode in (("w", os.O_WRONLY), ("rw", os.O_RDWR)):
        try:
            os.close(os.open(os.path.join(mnt, f), mode))
            print(f, name, "ok")
        except OSError as e:
            print(f, name, errno.errorcode.get(e.errno, str(e.errno)))
PY
	assert_equal "$output" "${expected%$'\n'}"
	rmdir "$MNT/dram/buffers/ro"
}

@test "echo into a read-only file: Permission denied, content unchanged" {
	for f in "${READONLY[@]}"; do
		before=$(cat "$MNT/$f" | md5sum)
		run ! --separate-stderr bash -c 'echo junk >"$1"' _ "$MNT/$f"
		[[ "$stderr" == *"Permission denied"* ]] || fail "$f: $stderr"
		run ! --separate-stderr bash -c 'echo junk >>"$1"' _ "$MNT/$f"
		[[ "$stderr" == *"Permission denied"* ]] || fail "$f (append): $stderr"
		[[ " device/telemetry device/grid device/info.json cores/3,3/status " == *" $f "* ]] ||
			assert_equal "$f $(cat "$MNT/$f" | md5sum)" "$f $before"
	done
	assert_equal "$(cat "$MNT/device/arch")" blackhole
}

@test "truncate on a read-only file is refused" {
	for f in README device/arch cores/0,0/mailbox; do
		run ! --separate-stderr truncate -s 0 "$MNT/$f"
		[[ "$stderr" == *"Permission denied"* ]] || fail "$f: $stderr"
	done
	assert_equal "$(stat -c %s "$MNT/cores/0,0/mailbox")" 12768
}

@test "chmod and chown are not allowed" {
	run ! --separate-stderr chmod 666 "$MNT/device/arch"
	[[ "$stderr" == *"Operation not permitted"* ]]
	run ! --separate-stderr chown 1234 "$MNT/cores/0,0/l1"
	[[ "$stderr" == *"Operation not permitted"* ]]
	assert_equal "$(stat -c %a "$MNT/device/arch")" 444
}

@test "symlinks and regular files cannot be created anywhere: EPERM" {
	for dir in "$MNT" "$MNT/device" "$MNT/cores/0,0" "$MNT/dram" "$MNT/noc0"; do
		run ! --separate-stderr touch "$dir/newfile"
		[[ "$stderr" == *"Operation not permitted"* ]] || fail "touch in $dir: $stderr"
		run ! --separate-stderr ln -s /tmp "$dir/newlink"
		[[ "$stderr" == *"Operation not permitted"* ]] || fail "ln -s in $dir: $stderr"
		run ! stat "$dir/newfile"
		run ! stat "$dir/newlink"
	done
	run -0 python3 -c 'import errno, os, sys
try:
    os.open(sys.argv[1], os.O_CREAT | os.O_EXCL | os.O_WRONLY)
except OSError as e:
    print(errno.errorcode[e.errno])' "$MNT/device/arch"
	assert_output EEXIST
}

@test "rm, mv and ln of the device's files are EPERM; of missing names ENOENT" {
	run ! --separate-stderr rm -f "$MNT/device/arch"
	[[ "$stderr" == *"Operation not permitted"* ]]
	run ! --separate-stderr mv "$MNT/cores/0,0/l1" "$MNT/cores/0,0/l2"
	[[ "$stderr" == *"Operation not permitted"* ]]
	run ! --separate-stderr ln "$MNT/device/arch" "$MNT/device/arch2"
	[[ "$stderr" == *"Operation not permitted"* ]]
	run ! --separate-stderr rm "$MNT/device/nope"
	[[ "$stderr" == *"No such file"* ]]
	assert_equal "$(cat "$MNT/device/arch")" blackhole
	[ -f "$MNT/cores/0,0/l1" ]
}

@test "reading a text file past its end is ENXIO, at its end EOF" {
	local len
	len=$(stat -c %s "$MNT/device/arch")
	run -0 pyio pread "$MNT/device/arch" "$len" 16
	assert_output "ok "
	run -0 pyio pread "$MNT/device/arch" "$((len + 1))" 16
	assert_output ENXIO
}
