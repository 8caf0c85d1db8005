#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The packer runs a kernel image wherever it puts it, so an SDK kernel must
# hold no absolute reference (R_RISCV_HI20/LO12/32/64 in a loaded section;
# the ELFs are linked with --emit-relocs), no pc-relative one that lands
# outside the image, and keep .data inside the image.
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
	# pc-relative targets (symbol + addend) must fall inside [0, end).
	end=$("$readelf" -lW "$elf" | awk '$1 == "LOAD" { print $3, $6 }' | while read -r va msz; do
		echo $((va + msz))
	done | sort -n | tail -1)
	out=$("$readelf" -rW "$elf" | awk '/^Relocation section/ { sec = $3 }
		sec !~ /debug/ && $3 == "R_RISCV_PCREL_HI20" { print $4, ($6 == "+" ? $7 : "0") }' |
		while read -r sym add; do
			t=$((0x$sym + 0x$add))
			[ $t -ge 0 ] && [ $t -lt "${end:-0}" ] || printf '0x%x\n' $t
		done | head -3)
	if [ -n "$out" ]; then
		echo "FAIL: $elf reaches outside its image (end 0x$(printf %x "${end:-0}")): $out"
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
