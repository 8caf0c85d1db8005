#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# DPRINT through a mount: tt-metal's format strings (DPRINT(fmt, ...),
# DEVICE_PRINT) beside the << form, on data-movement and compute kernels,
# into cores/X,Y/dprint; and their compile-time checks, whose messages are
# tt-metal's (runtime/kernel/README.md, "DPRINT").

load helpers
load program_helpers

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() { P="$MNT/programs"; }

teardown() { remove_programs; }

# program NAME CORE SECTIONS...: a program on CORE with those kernels
# ([reader] ...), their sources written by the caller.
program() {
	local name=$1 core=$2
	shift 2
	mkdir "$P/$name"
	printf '[program]\ncores = %s\n' "$core" >"$P/$name/args"
	printf '[%s]\n' "$@" >>"$P/$name/args"
}

@test "format strings and << print on BRISC and NCRISC into cores/X,Y/dprint" {
	program fmt 3,1 reader writer
	cat >"$P/fmt/reader.cpp" <<-'EOF'
	#include "api/dataflow/dataflow_api.h"
	#include "api/debug/device_print.h"
	void kernel_main()
	{
		uint32_t x = 255;
		volatile uint32_t v = 7;
		DPRINT("x = {}\n", x);
		DPRINT("hex {:x} {:#X} {:#010x} bin {:b} oct {:#o}\n", x, x, x, 5u, 8u);
		DPRINT("{1} {0} {1}\n", -3, "ab");
		DPRINT("[{:>6}] [{:<6}] [{:^6}] [{:*^7}] [{:+d}] [{: d}]\n", 42, 42, 42, "mid", 5, 5);
		DPRINT("{} {:d} {} {:?} {:?}\n", true, false, 'c', "a\tb\"", 'q');
		DPRINT("volatile {} {{literal}} {:s} {:.2s}\n", v, "str", "xyz");
		DEVICE_PRINT("device {}\n", int64_t(-1234567890123));
		DEVICE_PRINT("ct {} bf16 {}\n", CTSTR("kept"), bf16_t(0x3FC0));
		DPRINT << "stream " << x << " " << HEX() << x << ENDL();
		DPRINT("no args\n");
	}
	EOF
	cat >"$P/fmt/writer.cpp" <<-'EOF'
	void kernel_main()
	{
		DPRINT("writer on noc {}\n", uint32_t(noc_index));
		DPRINT("{:.3f} {:e} {:g} {:a} {:A} {:8.2f}|\n", 3.14159f, 1234.5f, 0.0001f, 3.0f, -0.5f, 2.5f);
		DEVICE_PRINT_DATA0("data0 {}\n", 1);
		DEVICE_PRINT_DATA1("data1 {}\n", 2);
	}
	EOF
	run -0 run_prog fmt
	assert_output ok
	run -0 ttfs_guard 10 cat "$MNT/cores/3,1/dprint"
	assert_output "$(cat <<-'OUT'
	brisc: writer on noc 0
	brisc: 3.142 1.234500e+03 0.0001 1.8p+1 -1P-1     2.50|
	brisc: data0 1
	ncrisc: x = 255
	ncrisc: hex ff 0XFF 0x000000ff bin 101 oct 010
	ncrisc: ab -3 ab
	ncrisc: [    42] [42    ] [  42  ] [**mid**] [+5] [ 5]
	ncrisc: true 0 c "a\tb\"" 'q'
	ncrisc: volatile 7 {literal} str xy
	ncrisc: device -1234567890123
	ncrisc: ct kept bf16 1.5
	ncrisc: stream 255 ff
	ncrisc: no args
	OUT
	)"
}

@test "format strings on the three TRISCs: DPRINT on each, DEVICE_PRINT_UNPACK/MATH/PACK on one" {
	program cfmt 3,1 compute
	cat >"$P/cfmt/compute.cpp" <<-'EOF'
	#include "api/compute/common.h"
	void kernel_main()
	{
		DPRINT("compute {:>3}|\n", 9);
		DEVICE_PRINT_UNPACK("unpack {:x}\n", 0xabu);
		DEVICE_PRINT_MATH("math {:.1f}\n", 1.3f);
		DEVICE_PRINT_PACK("pack {}\n", "done");
		DPRINT_MATH(DPRINT << "math stream " << 3 << ENDL());
	}
	EOF
	run -0 run_prog cfmt
	assert_output ok
	run -0 ttfs_guard 10 cat "$MNT/cores/3,1/dprint"
	assert_output "$(cat <<-'OUT'
	trisc0: compute   9|
	trisc0: unpack ab
	trisc1: compute   9|
	trisc1: math 1.3
	trisc1: math stream 3
	trisc2: compute   9|
	trisc2: pack done
	OUT
	)"
}

# bad NAME FORMAT ARGS: a writer whose DPRINT(FORMAT, ARGS) must not build;
# prints the status's error line.
bad() {
	mkdir "$P/$1"
	printf '[program]\ncores = 0,0\n[writer]\n' >"$P/$1/args"
	printf 'void kernel_main()\n{\n\tDPRINT(%s);\n}\n' "$2" >"$P/$1/writer.cpp"
	run -0 run_prog "$1"
	assert_output EIO
	grep '^error ' "$P/$1/status"
}

@test "a malformed format string does not compile: tt-metal's five messages" {
	run -0 bad b1 '"x {\\n", 1'
	assert_output --partial "error: static assertion failed: Invalid format string: unescaped '{' must be followed by '{', '}', or a digit"
	assert_output --partial "writer.cpp:3"
	run -0 bad b2 '"{} {1}\\n", 1, 2'
	assert_output --partial "Cannot mix indexed ({0}) and non-indexed ({}) placeholders in the same format string"
	run -0 bad b3 '"{0} {2}\\n", 1, 2'
	assert_output --partial "Placeholder index exceeds number of arguments"
	run -0 bad b4 '"{0} {0}\\n", 1, 2'
	assert_output --partial "All arguments must be referenced when using indexed placeholders"
	run -0 bad b5 '"{} {}\\n", 1'
	assert_output --partial "Number of {} placeholders must match number of arguments"
	run -0 bad b6 '"{:q}\\n", 1'
	assert_output --partial "Invalid format string"
}
