// SPDX-License-Identifier: Apache-2.0
// DPRINT (stream and format-string forms) and DEVICE_PRINT on BRISC and
// NCRISC, and a kernel's own .data/.bss.
#include "api/debug/device_print.h"
#include "api/debug/dprint.h"
#include "api/dataflow/dataflow_api.h"

uint32_t initialised = 1234;   // .data: copied in by the start code
uint32_t zeroed[4];            // .bss: cleared by the start code

void kernel_main()
{
	uint32_t lines = get_arg_val<uint32_t>(0);

	DPRINT_DATA0(DPRINT << "brisc " << initialised << " " << zeroed[3] << ENDL());
	DPRINT_DATA1(DPRINT << "ncrisc" << ENDL());
	initialised++;
	zeroed[3] = 7;   // the next launch must see 1234 and 0 again
	DPRINT << "u " << 42u << " i " << -7 << " h " << HEX() << 255u << DEC() << " c " << 'x'
	       << " w[" << SETW(4) << 5 << "]" << ENDL();
	DPRINT << "f " << 1.5f << " " << F32(0.25f) << " " << -2.0f << " " << 1234567.0f << " "
	       << FIXED() << SETPRECISION(2) << 3.14159f << " " << BF16(0x3FC0) << ENDL();
	DPRINT << "u64 " << static_cast<uint64_t>(0x123456789ull) << " x " << my_x[0] << ENDL();
	DPRINT("fmt {} {:#x} {:>5}|{:<4}|{:^7}|{:08.3f} {{{}}} {:+d} {:#b}\n", 7u, 255u, -3, "ab", true,
	       3.14159f, 'c', 5, 5u);
	DEVICE_PRINT("idx {1:X} {0} {1}\n", 10u, 255u);
	DEVICE_PRINT("dev {:.3e} {:g} {} {:#o} {:.2s}\n", 12345.678f, 0.0001f, static_cast<int8_t>(-8),
		     8u, "xyz");
	DPRINT_DATA1("data1 only {}\n", get_arg_val<uint32_t>(0));
	for (uint32_t i = 0; i < lines; i++)
		DPRINT << "line " << i << ENDL();
}
