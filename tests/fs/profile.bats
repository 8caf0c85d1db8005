#!/usr/bin/env bats
# SPDX-License-Identifier: Apache-2.0
# programs/NAME/profile: the device profiler's records of a program's last
# run, as tt-metal's profile_log_device.csv (docs/tree.md, "Files of a
# program"). Kernels are in programs/.

load helpers
load program_helpers

setup_file() { programs_mount; }
teardown_file() { ttfs_unmount; }

setup() {
	P="$MNT/programs"
	[ "${TTFS_TEST_KMD:-0}" = 1 ] && [[ $BATS_TEST_DESCRIPTION != "on a card"* ]] &&
		skip "the simulator's profiler (ctest fs_profile)"
	[ "${TTFS_TEST_KMD:-0}" = 1 ] || [[ $BATS_TEST_DESCRIPTION != "on a card"* ]] ||
		skip "kmd mode only (ctest fs_profile_kmd)"
	return 0
}

teardown() { remove_programs; }

HEADER1='ARCH: blackhole, CHIP_FREQ[MHz]: 1000, Max Compute Cores: 120'
HEADER2='PCIe slot, core_x, core_y, RISC processor type, timer_id, time[cycles since reset], data, run host ID, trace id, trace id counter, zone name, type, source line, source file, meta data'

# profiled NAME CORE LOW HIGH EVENT LOOPS: a program running
# programs/profiled.cpp on BRISC of CORE with those runtime args.
profiled() {
	make_prog "$1" writer.cpp profiled.cpp <<-INI
	[program]
	cores = $2
	[writer]
	args = $3 $4 $5 $6
	INI
}

# rows FILE: the profile's rows (after its two header lines) as
# "RISC type name data" per line, and a check of what must hold of any
# profile: the headers, one run, zones that nest on each RISC and end
# after they start in both clocks, tt-metal's timer ids.
rows() {
	python3 - "$1" <<-'PY'
	import csv, json, sys
	lines = open(sys.argv[1]).read().splitlines()
	assert lines[0].startswith("ARCH: blackhole, CHIP_FREQ[MHz]: "), lines[0]
	keys = [k.strip() for k in lines[1].split(",")]
	rows = [dict(zip(keys, r)) for r in csv.reader(l for l in lines[2:] if not l.startswith("#"))]
	assert len({r["run host ID"] for r in rows}) <= 1, "rows of two runs"
	open_zones = {}
	for r in rows:
	    t, i = int(r["time[cycles since reset]"]), json.loads(r["meta data"])["instret"]
	    stack = open_zones.setdefault(r["RISC processor type"], [])
	    if r["type"] == "ZONE_START":
	        stack.append((r["zone name"], t, i))
	    elif r["type"] == "ZONE_END":
	        name, t0, i0 = stack.pop()
	        assert name == r["zone name"], f"{r['zone name']} ends inside {name}"
	        assert t0 < t and i0 < i, f"{name} ends before it starts"
	    if r["type"] != "TS_EVENT":
	        h = 2166136261
	        for b in f"{r['zone name']},{r['source file']},{r['source line']},KERNEL_PROFILER".encode():
	            h = ((h ^ b) * 16777619) & 0xFFFFFFFF
	        assert int(r["timer_id"]) == (h & 0xFFFF) ^ (h >> 16), f"timer id of {r}"
	    print(r["core_x"], r["core_y"], r["RISC processor type"], r["type"], r["zone name"] or r["timer_id"],
	          r["data"], r["source file"])
	assert all(not s for s in open_zones.values()), "a zone never ends"
	PY
}

@test "profile: tt-metal's two header lines before a run, read-only, listed" {
	mkdir "$P/pe"
	run -0 cat "$P/pe/profile"
	assert_output "$(printf '%s\n%s' "$HEADER1" "$HEADER2")"
	assert_equal "$(stat -c '%a %s' "$P/pe/profile")" "444 $(cat "$P/pe/profile" | wc -c)"
	run -0 pyio open "$P/pe/profile" w
	assert_output EACCES
	run -0 pyio unlink "$P/pe/profile"
	assert_output EPERM
	run -0 pyio create "$P/pe/profile"
	assert_output EEXIST
}

@test "profile: zones nested, data, an event, one row each, after a run" {
	profiled pz 2,3 0x9abcdef0 0x12345678 65535 0
	run -0 run_prog pz
	assert_output ok
	noc0=$(cd "$MNT/noc0" && for l in *; do
		if [ "$(readlink "$l")" = "../cores/2,3" ]; then echo "${l/-/ }"; fi; done)
	[ -n "$noc0" ]
	run -0 rows "$P/pz/profile"
	assert_output "$(printf '%s\n' \
		"$noc0 BRISC ZONE_START outer 0 writer.cpp" \
		"$noc0 BRISC ZONE_START inner 0 writer.cpp" \
		"$noc0 BRISC ZONE_END inner 0 writer.cpp" \
		"$noc0 BRISC TS_DATA value $((0x123456789abcdef0)) writer.cpp" \
		"$noc0 BRISC TS_EVENT 65535 0 " \
		"$noc0 BRISC ZONE_END outer 0 writer.cpp")"
	# The source lines are the macros' own.
	run -0 grep -c ',outer,ZONE_\(START\|END\),10,writer.cpp,' "$P/pz/profile"
	assert_output 2
	assert_equal "$(stat -c %s "$P/pz/profile")" "$(cat "$P/pz/profile" | wc -c)"
}

@test "profile: a run replaces the last one's rows; its run host ID moves on" {
	profiled pr 0,0 1 0 2 3
	run -0 run_prog pr
	first=$(sed -n '3p' "$P/pr/profile" | cut -d, -f8)
	run -0 rows "$P/pr/profile"
	assert_equal "${#lines[@]}" 12
	run -0 run_prog pr
	run -0 rows "$P/pr/profile"
	assert_equal "${#lines[@]}" 12
	second=$(sed -n '3p' "$P/pr/profile" | cut -d, -f8)
	[ "$first" != "$second" ] || fail "run host ID $first twice"
}

@test "profile: past 80 records a RISC drops what does not fit, every zone shown has its end" {
	profiled pd 1,1 0 0 1 100
	run -0 run_prog pd
	assert_output ok
	run -0 rows "$P/pd/profile"
	# outer 2, inner 2, data 2, event 1: 73 left for loop zones, 36 pairs.
	assert_equal "${#lines[@]}" 78
	assert_equal "$(grep -c ',loop,ZONE_END,' "$P/pd/profile")" 36
	run -0 tail -1 "$P/pd/profile"
	assert_output "# core 1,1 BRISC: 64 records dropped: its buffer holds 80"
}

@test "profile: a kernel that faults still has the records it made" {
	profiled pf 0,0 0 0 1 0
	# A store past L1 when kernel_main returns, after "outer" ended.
	sed -i -e 's/^void kernel_main()$/struct fault_after {\n\t~fault_after() { *reinterpret_cast<volatile uint32_t *>(0x400000u) = 1; }\n};\n\n&/' \
		-e 's/^\tDeviceZoneScopedN("outer");$/\tfault_after f;\n&/' "$P/pf/writer.cpp"
	grep -q 'fault_after f;' "$P/pf/writer.cpp"
	run -0 run_prog pf
	assert_output EIO
	run -0 rows "$P/pf/profile"
	assert_line --partial "BRISC ZONE_END outer"
}

@test "on a card: profile says there is no device profiler; profiled kernels build and run" {
	profiled pk 0,0 0 0 1 3
	run -0 run_prog pk
	assert_output ok
	run -0 cat "$P/pk/profile"
	assert_output --partial "no device profiler on a card"
	assert_equal "${#lines[@]}" 1
	# The macros compiled to nothing: BRISC's profiler buffer (L1 0x1870)
	# was never set up.
	run -0 l1_word 0,0 0x1870
	assert_output 0x00000000
}
