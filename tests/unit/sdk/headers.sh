#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Every kernel SDK header, alone in a translation unit, compiles without a
# warning as a kernel build sees it; a kernel with no include at all
# compiles with the prelude forced in; an out-of-range compile-time arg
# does not compile.
# usage: headers.sh RISCV_GXX SDK_DIR RUNTIME_INCLUDE
set -u
gxx=$1 sdk=$2 inc=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
flags="-std=c++17 -march=rv32im -mabi=ilp32 -ffreestanding -fno-exceptions -fno-rtti -nostdlib
	-O2 -mcmodel=medany -fno-jump-tables -Wall -Wextra -Werror -I$sdk -I$sdk/std -I$inc"
fail=0 n=0

compile() {   # compile NAME FILE EXTRA...: must succeed with no output
	name=$1 file=$2
	shift 2
	if ! out=$("$gxx" $flags "$@" -c "$file" -o "$tmp/o.o" 2>&1) || [ -n "$out" ]; then
		echo "FAIL: $name"
		echo "$out" | head -20
		fail=1
	fi
	n=$((n + 1))
}

for h in prelude.h dataflow_api.h api/dataflow/dataflow_api.h debug/dprint.h \
	 api/debug/dprint.h api/debug/device_print.h debug/device_print.h \
	 compile_time_args.h api/compile_time_args.h \
	 api/tensor/tensor_accessor.h api/tensor/tensor_accessor_args.h \
	 accessor/tensor_accessor.h accessor/tensor_accessor_args.h \
	 hostdevcommon/kernel_structs.h hostdevcommon/common_values.hpp \
	 tt-metalium/constants.hpp tt-metalium/buffer_types.hpp \
	 experimental/noc.h experimental/endpoints.h experimental/core_local_mem.h \
	 experimental/circular_buffer.h experimental/dataflow_buffer.h experimental/tensor.h \
	 experimental/lock.h experimental/kernel_args.h experimental/noc_semaphore.h api/dataflow/noc_semaphore.h api/dataflow/noc.h api/dataflow/endpoints.h api/core_local_mem.h \
	 api/dataflow/circular_buffer.h api/dataflow/dataflow_buffer.h api/tensor/noc_traits.h \
	 api/lock.h \
	 ttnn/cpp/ttnn/kernel/dataflow/generate_reduce_scaler.hpp \
	 ttnn/cpp/ttnn/kernel/dataflow/generate_mm_scaler.hpp \
	 ttnn/cpp/ttnn/kernel/dataflow/generate_bcast_scalar.hpp \
	 ttnn/cpp/ttnn/deprecated/tt_dnn/kernels/dataflow/generate_bcast_scalar.hpp \
	 ttnn/cpp/ttnn/deprecated/tt_dnn/kernels/dataflow/generate_reduce_scaler.hpp \
	 ttnn/cpp/ttnn/operations/kernel_helper_functions/pad_tile.hpp \
	 ttnn/cpp/ttnn/operations/ccl/kernel_common/sharding_addrgen.hpp \
	 ttnn/cpp/ttnn/operations/ccl/common/types/sharding_common.hpp; do
	printf '#include "%s"\n' "$h" > "$tmp/h.cpp"
	compile "$h" "$tmp/h.cpp"
	[ -f "$sdk/$h" ] || { echo "FAIL: $h missing"; fail=1; }
done
for h in cstdint cstddef type_traits utility array limits cstring algorithm; do
	printf '#include <%s>\n' "$h" > "$tmp/h.cpp"
	compile "<$h>" "$tmp/h.cpp"
	head -5 "$sdk/std/$h" | grep -q "Debian's bare-metal" ||
		{ echo "FAIL: std/$h does not say why it exists"; fail=1; }
done

cat > "$tmp/bare.cpp" <<'K'
void kernel_main()
{
	uint32_t a = get_arg_val<uint32_t>(0) + get_compile_time_arg_val(1);
	cb_reserve_back(tt::CBIndex::c_1, 1);
	noc_async_write(get_write_ptr(tt::CBIndex::c_1), get_noc_addr(1, 2, a), 32);
	noc_async_write_barrier();
	cb_push_back(tt::CBIndex::c_1, 1);
	DPRINT << "a " << a << ENDL();
}
K
compile "kernel with no include" "$tmp/bare.cpp" -include "$sdk/prelude.h" \
	-DKERNEL_COMPILE_TIME_ARGS=5,6

# The compute side, as a TRISC build sees it: every compute header in
# both spellings, sfpi.h, and the prelude (with the start code) of each
# TRISC, with the TRISC_* define its build has.
# The 2.0 API's headers (experimental/2_0) need C++20, as a kernel build
# gives it to a kernel that includes them (without its volatile warning).
compute_headers=$(cd "$sdk" && find api/compute compute_kernel_api -name '*.h' ! -path '*/2_0/*' | sort)
api_2_0=$(cd "$sdk" && find api/compute/experimental/2_0 -name '*.h' | sort)
for t in 0 1 2; do
	stage=$(echo UNPACK MATH PACK | cut -d' ' -f$((t + 1)))
	for h in $compute_headers compute_kernel_api.h sfpi.h prelude.h \
		 experimental/circular_buffer.h experimental/dataflow_buffer.h \
		 experimental/core_local_mem.h api/dataflow/circular_buffer.h; do
		printf '#include "%s"\n' "$h" > "$tmp/h.cpp"
		compile "$h on TRISC$t" "$tmp/h.cpp" -DCOMPILE_FOR_TRISC=$t -DTRISC_$stage
	done
	for h in $api_2_0; do
		printf '#include "%s"\n' "$h" > "$tmp/h.cpp"
		compile "$h on TRISC$t (C++20)" "$tmp/h.cpp" -DCOMPILE_FOR_TRISC=$t -DTRISC_$stage \
			-std=c++20 -Wno-volatile
	done
done
[ -n "$api_2_0" ] || { echo "FAIL: no api/compute/experimental/2_0 headers"; fail=1; }

# In C++17 the 2.0 API says why it does not compile.
printf '#include "api/compute/experimental/2_0/llk_operand.h"\n' > "$tmp/h.cpp"
if out=$("$gxx" $flags -DCOMPILE_FOR_TRISC=1 -DTRISC_MATH -c "$tmp/h.cpp" -o "$tmp/o.o" 2>&1) ||
   ! echo "$out" | grep -q "needs C++20 with Debian's g++"; then
	echo "FAIL: the 2.0 API in C++17 does not fail with its reason"
	echo "$out" | head -5
	fail=1
fi
n=$((n + 1))

# What tt-metal's compute headers make visible: std::min and std::max
# with no <algorithm>, the tile constants through tt-metalium.
cat > "$tmp/std.cpp" <<'K'
#include "api/compute/common.h"
#include "tt-metalium/constants.hpp"
void kernel_main()
{
	uint32_t n = std::min(get_arg_val<uint32_t>(0), tt::constants::TILE_HW);
	DPRINT << std::max(n, std::numeric_limits<uint32_t>::min()) << ENDL();
}
K
compile "std names on TRISC1" "$tmp/std.cpp" -DCOMPILE_FOR_TRISC=1 -DTRISC_MATH

# ttnn's older compute kernels (softmax, reduce): the softmax header for
# exp and recip.
cat > "$tmp/old_compute.cpp" <<'K'
#include "compute_kernel_api/softmax.h"
#include "compute_kernel_api/reduce.h"
namespace NAMESPACE {
void MAIN
{
	constexpr uint32_t in = 0, scaler = 2, out = 16;
	acquire_dst();
	reduce_init(in, scaler, out);
	reduce_tile(in, scaler, 0, 0, 0);
	reduce_uninit();
	exp_tile_init<true>();
	exp_tile<true>(0);
	recip_tile_init();
	recip_tile(0);
	pack_tile(0, out);
	release_dst();
}
}  // namespace NAMESPACE
K
for t in 0 1 2; do
	stage=$(echo UNPACK MATH PACK | cut -d' ' -f$((t + 1)))
	compile "older compute spellings on TRISC$t" "$tmp/old_compute.cpp" -include "$sdk/prelude.h" \
		-DCOMPILE_FOR_TRISC=$t -DTRISC_$stage -DNAMESPACE=ns$t \
		-DREDUCE_OP=PoolType::SUM -DREDUCE_DIM=ReduceDim::REDUCE_ROW
done

# Spellings older and newer kernels use: tt::CB names, (uint) casts,
# get_dataformat into InterleavedAddrGenFast, named compile-time args,
# get_noc_addr(page, gen), hello-world prints.
cat > "$tmp/old.cpp" <<'K'
#include <stdint.h>
#include "dataflow_api.h"
#include "debug/dprint.h"
#include "hostdevcommon/common_values.hpp"

void kernel_main()
{
	constexpr auto cb_id_in0 = tt::CB::c_in0;
	uint32_t flag = get_semaphore(get_arg_val<uint32_t>(1));
	*reinterpret_cast<volatile tt_l1_ptr uint32_t *>(flag) = VALID;
	noc_async_writes_flushed();
	noc_semaphore_set_multicast(flag, get_noc_multicast_addr(5, 4, 3, 2, flag), 6);
	constexpr bool is_dram = get_compile_time_arg_val(0) == 1;
	constexpr uint32_t block = get_named_compile_time_arg_val("block");
	static_assert(block == 4 && is_dram, "named and indexed args");
	const InterleavedAddrGenFast<is_dram> s = {
		.bank_base_address = get_arg_val<uint32_t>(0),
		.page_size = get_tile_size(cb_id_in0),
		.data_format = get_dataformat(cb_id_in0),
	};
	const InterleavedAddrGen<true> g = { .bank_base_address = 0x1000, .page_size = 4 };
	uint64_t a = get_noc_addr(0, g);
	DPRINT << "noc coords 0 : " << (uint)my_x[0] << "," << (uint)my_y[0] << " "
	       << uint32_t(noc_index) << ENDL();
	DPRINT_DATA0(DPRINT << get_absolute_logical_x() << ENDL());
	cb_reserve_back(cb_id_in0, 1);
	noc_async_read_tile(0, s, get_write_ptr(cb_id_in0));
	noc_async_read(a, get_write_ptr(cb_id_in0), 4);
	noc_async_read_barrier();
	cb_push_back(cb_id_in0, 1);
}
K
compile "older spellings" "$tmp/old.cpp" -include "$sdk/prelude.h" -Wno-deprecated-declarations \
	-DKERNEL_COMPILE_TIME_ARGS=1 '-DKERNEL_COMPILE_TIME_ARG_MAP={"tile",2048},{"block",4}'

# The index check must bite: this one has to fail.
if "$gxx" $flags -include "$sdk/prelude.h" -DKERNEL_COMPILE_TIME_ARGS=5 -c "$tmp/bare.cpp" \
	-o "$tmp/o.o" 2>/dev/null; then
	echo "FAIL: get_compile_time_arg_val(1) with one arg compiled"
	fail=1
fi
# Nor may an unknown name.
sed 's/"block")/"blocks")/' "$tmp/old.cpp" > "$tmp/bad.cpp"
if "$gxx" $flags -include "$sdk/prelude.h" -Wno-deprecated-declarations -DKERNEL_COMPILE_TIME_ARGS=1 \
	'-DKERNEL_COMPILE_TIME_ARG_MAP={"block",4}' -c "$tmp/bad.cpp" -o "$tmp/o.o" 2>/dev/null; then
	echo "FAIL: an unknown named compile-time arg compiled"
	fail=1
fi
echo "$n compiles"
exit $fail
