#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The packer runs a kernel image wherever it puts it, so an SDK kernel must
# hold no absolute reference (R_RISCV_HI20/LO12/32/64 in a loaded section;
# the ELFs are linked with --emit-relocs) and keep .data inside the image.
# usage: pic.sh READELF KERNEL.elf...
set -u
readelf=$1
shift
fail=0
for elf; do
	abs=$("$readelf" -rW "$elf" | awk '/^Relocation section/ { sec = $3 }
		sec !~ /debug/ && $3 ~ /^R_RISCV_(HI20|LO12_I|LO12_S|32|64)$/' | head -5)
	if [ -n "$abs" ]; then
		echo "FAIL: $elf has absolute references:"
		echo "$abs"
		fail=1
	fi
	# Every PT_LOAD runs where it is loaded (VirtAddr = PhysAddr).
	if "$readelf" -lW "$elf" | awk '$1 == "LOAD" && $3 != $4 { bad = 1 } END { exit !bad }'; then
		echo "FAIL: $elf has a segment that runs away from its load address"
		fail=1
	fi
done
[ $fail = 0 ] && echo "$# kernels position independent"
exit $fail
