#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# A program directory holds any files (docs/tree.md, "programs/"): made,
# written, renamed (sed -i's and vim's saves, mv) and removed as in any
# directory, regular files only, at most 64 of 1 MiB each; the kernels
# include their own headers, which are in their cache keys. Kernels are
# in programs/.

load helpers
load program_helpers

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }
teardown() { remove_programs; }

# value_prog NAME VALUE: a program whose reader stores VALUE, from its
# own header value.h, at L1 0x160000 of core 0,0.
value_prog() {
	make_prog "$1" reader.cpp include_value.cpp <<-INI
	[reader]
	args = 0x160000
	INI
	echo "#define VALUE $2" >"$P/$1/value.h"
}

# ran NAME VALUE: a run of NAME stores VALUE.
ran() {
	set_l1_word 0,0 0x160000 0
	run -0 run_prog "$1"
	assert_output ok
	assert_equal "$(l1_word 0,0 0x160000)" "$2"
}

# built NAME: the build line of the status ("build_ms ... (N built, M from the cache)").
built() { sed -n 's/^build_ms [0-9.]* //p' "$P/$1/status"; }

# The names in a program's directory, dot files too, one line.
names() { ls -A "$P/$1" | tr '\n' ' '; }

vim_bin() { command -v vim.tiny || command -v vim || fail "no vim: run tools/install-deps"; }

# vim_edit FILE FROM TO [SET...]: vim, as a user's, substitutes TO for
# FROM in FILE and saves (:wq), with the options SET. backupskip is
# emptied: the mount is under /tmp, where vim makes no backup by default;
# HOME is this test's, where vim puts a backup it cannot make beside the
# file.
vim_edit() {
	local file=$1 from=$2 to=$3 opts="set backupskip=" o
	shift 3
	for o in "$@"; do opts="$opts $o"; done
	HOME="$BATS_TEST_TMPDIR" ttfs_guard 60 "$(vim_bin)" -u NONE -i NONE -N -es \
		-c "$opts" -c "%s/$from/$to/" -c wq "$file" </dev/null
}

@test "a kernel includes its own header by a relative #include" {
	value_prog inc 0x1111
	ran inc 0x00001111
	run -0 ls "$P/inc"
	assert_output "$(printf '%s\n' args build profile reader.cpp run status value.h)"
}

@test "changing only a header builds the kernel again, not from the cache" {
	value_prog hdr 0x1111
	ran hdr 0x00001111
	echo "#define VALUE 0x3333" >"$P/hdr/value.h"
	ran hdr 0x00003333
	assert_equal "$(built hdr)" "(1 built, 0 from the cache)"
	# The first header again: its build is in the cache.
	echo "#define VALUE 0x1111" >"$P/hdr/value.h"
	ran hdr 0x00001111
	assert_equal "$(built hdr)" "(0 built, 1 from the cache)"
	# A file no kernel includes is in every key too: a new one builds.
	echo "// not included" >"$P/hdr/other.h"
	ran hdr 0x00001111
	assert_equal "$(built hdr)" "(1 built, 0 from the cache)"
}

@test "sed -i edits a source and a header in place; no file of its own is left" {
	value_prog sed 0x1111
	ran sed 0x00001111
	run -0 ttfs_guard 60 sed -i 's/0x1111/0x2222/' "$P/sed/value.h"
	assert_equal "$(cat "$P/sed/value.h")" "#define VALUE 0x2222"
	ran sed 0x00002222
	run -0 ttfs_guard 60 sed -i 's/out\[0\] = VALUE;/out[0] = VALUE + 1;/' "$P/sed/reader.cpp"
	grep -q 'VALUE + 1' "$P/sed/reader.cpp"
	ran sed 0x00002223
	assert_equal "$(names sed)" "args build profile reader.cpp run status value.h "
}

@test "mv onto a source sets it, keeps the file's inode, and the old name goes" {
	value_prog mv 0x1111
	sed 's/out\[0\] = VALUE;/out[0] = 2 * VALUE;/' "$K/include_value.cpp" >"$P/mv/new.cpp"
	local ino
	ino=$(stat -c %i "$P/mv/new.cpp")
	run -0 ttfs_guard 20 mv "$P/mv/new.cpp" "$P/mv/reader.cpp"
	assert_equal "$(stat -c %i "$P/mv/reader.cpp")" "$ino"
	[ ! -e "$P/mv/new.cpp" ]
	ran mv 0x00002222
	# From outside the program (another file system): mv copies.
	cp "$K/include_value.cpp" "$BATS_TEST_TMPDIR/reader.cpp"
	run -0 ttfs_guard 20 mv "$BATS_TEST_TMPDIR/reader.cpp" "$P/mv/reader.cpp"
	ran mv 0x00001111
	# From another program: copied too (EXDEV), then unlinked there.
	mkdir "$P/other"
	echo "#define VALUE 0x4444" >"$P/other/value.h"
	run -0 pyio rename "$P/other/value.h" "$P/mv/value.h"
	assert_output EXDEV
	run -0 ttfs_guard 20 mv "$P/other/value.h" "$P/mv/value.h"
	[ ! -e "$P/other/value.h" ]
	ran mv 0x00004444
	assert_equal "$(names mv)" "args build profile reader.cpp run status value.h "
}

@test "vim saves a header: by rename beside it, in place, and with its backup in HOME" {
	value_prog vim 0x1111
	ran vim 0x00001111
	# A backup name the program takes: rename to it, write anew, unlink it.
	run -0 vim_edit "$P/vim/value.h" 0x1111 0x2222 backupext=.bak
	assert_equal "$(cat "$P/vim/value.h")" "#define VALUE 0x2222"
	ran vim 0x00002222
	# In place: open, ftruncate, write.
	run -0 vim_edit "$P/vim/value.h" 0x2222 0x3333 backupcopy=yes
	assert_equal "$(cat "$P/vim/value.h")" "#define VALUE 0x3333"
	ran vim 0x00003333
	# vim's own backup name, value.h~, is not a program's: vim makes it
	# in HOME, unlinks the file and writes it anew.
	run -0 vim_edit "$P/vim/value.h" 0x3333 0x4444
	assert_equal "$(cat "$P/vim/value.h")" "#define VALUE 0x4444"
	[ ! -e "$BATS_TEST_TMPDIR/value.h~" ]
	ran vim 0x00004444
	# No swap file, probe (4913) or backup is left.
	assert_equal "$(names vim)" "args build profile reader.cpp run status value.h "
}

@test "vim saves args and a source" {
	value_prog va 0x1111
	run -0 vim_edit "$P/va/args" 0x160000 0x160004 backupext=.bak
	set_l1_word 0,0 0x160004 0
	ran va 0x00000000
	assert_equal "$(l1_word 0,0 0x160004)" 0x00001111
	run -0 vim_edit "$P/va/reader.cpp" 'out\[0\] = VALUE;' 'out[1] = VALUE + 1;' backupext=.bak
	grep -q 'out\[1\] = VALUE + 1;' "$P/va/reader.cpp"
	set_l1_word 0,0 0x160008 0
	ran va 0x00000000
	assert_equal "$(l1_word 0,0 0x160008)" 0x00001112
	assert_equal "$(names va)" "args build profile reader.cpp run status value.h "
}

@test "rm removes a file: a source, a header, the args; run, status and build/ stay" {
	value_prog rm 0x1111
	rm "$P/rm/value.h"
	run -0 run_prog rm
	assert_output EIO
	run -0 cat "$P/rm/status"
	assert_output --partial "value.h: No such file or directory"
	rm "$P/rm/reader.cpp"
	run -0 cat "$P/rm/status"
	refute_line --partial "kernels reader.cpp"
	run -0 run_prog rm
	assert_output ENOEXEC
	rm "$P/rm/args"
	assert_equal "$(names rm)" "build profile run status "
	run -0 pyio unlink "$P/rm/args"
	assert_output ENOENT
	for f in run status profile; do
		run -0 pyio unlink "$P/rm/$f"
		assert_equal "$f $output" "$f EPERM"
	done
	run -0 pyio rmdir "$P/rm/build"
	assert_output EPERM
	# args again, by creating it.
	printf '[reader]\nargs = 0x160000\n' >"$P/rm/args"
	assert_equal "$(names rm)" "args build profile run status "
}

@test "run, status, profile and build/ cannot be replaced or renamed" {
	mkdir "$P/sp"
	echo x >"$P/sp/x.h"
	for f in run status profile build; do
		run -0 pyio rename "$P/sp/x.h" "$P/sp/$f"
		[ "$output" = EPERM ] || [ "$output" = EISDIR ] || fail "x.h onto $f: $output"
		run -0 pyio rename "$P/sp/$f" "$P/sp/y"
		assert_equal "$f $output" "$f EPERM"
	done
	run -0 pyio rename "$P/sp/x.h" "$P/sp/build/x.h"
	assert_output EXDEV
	run -0 pyio create "$P/sp/status"
	assert_output EEXIST
	assert_equal "$(names sp)" "args build profile run status x.h "
}

@test "a rename over args with bad content fails: EINVAL, the old args stay, status says why" {
	value_prog ra 0x1111
	printf '[reader]\nargz = 1\n' >"$P/ra/new.ini"
	run -0 pyio rename "$P/ra/new.ini" "$P/ra/args"
	assert_output EINVAL
	assert_equal "$(cat "$P/ra/args")" "$(printf '[reader]\nargs = 0x160000')"
	assert_equal "$(cat "$P/ra/new.ini")" "$(printf '[reader]\nargz = 1')"
	run -0 cat "$P/ra/status"
	assert_line --partial "error args:2: [reader] unknown key 'argz'"
	# The old args still run.
	ran ra 0x00001111
	# Good content: renamed, the old args gone.
	printf '[reader]\nargs = 0x160008\n' >"$P/ra/new.ini"
	run -0 pyio rename "$P/ra/new.ini" "$P/ra/args"
	assert_output ok
	[ ! -e "$P/ra/new.ini" ]
	ran ra 0x00000000
	assert_equal "$(l1_word 0,0 0x160008)" 0x00001111
	# args renamed away: no args, the text under its new name.
	mv "$P/ra/args" "$P/ra/old.ini"
	assert_equal "$(cat "$P/ra/old.ini")" "$(printf '[reader]\nargs = 0x160008')"
	[ ! -e "$P/ra/args" ]
}

@test "mkfifo, mknod, symlink and link in a program directory: EPERM, nothing made" {
	mkdir "$P/nod"
	echo x >"$P/nod/a.h"
	run -0 pyio mkfifo "$P/nod/fifo"
	assert_output EPERM
	run mknod "$P/nod/null" c 1 3
	assert_failure
	assert_output --partial "Operation not permitted"
	run -0 pyio symlink "$P/nod/link.h" a.h
	assert_output EPERM
	run -0 pyio link "$P/nod/hard.h" "$P/nod/a.h"
	assert_output EPERM
	assert_equal "$(names nod)" "a.h args build profile run status "
}

@test "the 65th file is ENOSPC; names as for programs; a name longer than 63 is ENAMETOOLONG" {
	mkdir "$P/many"
	# args and 63 more.
	for i in $(seq 63); do : >"$P/many/f$i.h"; done
	run -0 pyio create "$P/many/one-more.h"
	assert_output ENOSPC
	run -0 pyio rename "$P/many/f1.h" "$P/many/f2.h"
	assert_output ok
	run -0 pyio create "$P/many/one-more.h"
	assert_output ok
	run -0 pyio create "$P/many/two-more.h"
	assert_output ENOSPC
	assert_equal "$(ls "$P/many" | wc -l)" $((64 + 4))
	rm "$P/many/f3.h"
	for name in 'a b' 'a~' '#a#' 'é'; do
		run -0 pyio create "$P/many/$name"
		assert_equal "'$name' $output" "'$name' EINVAL"
	done
	run -0 pyio create "$P/many/$(printf 'n%.0s' $(seq 64))"
	assert_output ENAMETOOLONG
	run -0 pyio create "$P/many/.hidden-1_x.h"
	assert_output ok
}

@test "a file renamed while open for writing gets what is written; one removed gets nothing" {
	mkdir "$P/open"
	run -0 ttfs_guard 20 python3 -c '
import os, sys
d = sys.argv[1]
fd = os.open(d + "/a.h", os.O_WRONLY | os.O_CREAT, 0o644)
os.write(fd, b"// written before the rename\n")
os.rename(d + "/a.h", d + "/b.h")
os.close(fd)
fd = os.open(d + "/c.h", os.O_WRONLY | os.O_CREAT, 0o644)
os.unlink(d + "/c.h")
os.write(fd, b"lost")
os.close(fd)
print(sorted(os.listdir(d)), open(d + "/b.h").read().strip())' "$P/open"
	assert_output "['args', 'b.h', 'build', 'profile', 'run', 'status'] // written before the rename"
}

@test "while the program runs its files cannot be made, removed or renamed: EBUSY" {
	set_l1_word 0,0 $FLAG 0
	make_prog busy reader.cpp wait_flag.cpp < <(flag_args)
	echo x >"$P/busy/x.h"
	run -0 run_prog busy start
	assert_output ok
	wait_state busy running
	run -0 pyio create "$P/busy/y.h"
	assert_output EBUSY
	run -0 pyio unlink "$P/busy/x.h"
	assert_output EBUSY
	run -0 pyio rename "$P/busy/x.h" "$P/busy/z.h"
	assert_output EBUSY
	set_l1_word 0,0 $FLAG 1
	wait_state busy done
	assert_equal "$(names busy)" "args build profile reader.cpp run status x.h "
}
