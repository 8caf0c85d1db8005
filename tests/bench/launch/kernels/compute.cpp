// SPDX-License-Identifier: Apache-2.0
// Compute kernel of the launch benchmark, built three times (TRISC0..2).
// The compute API comes with the Tensix coprocessor in a later issue; until
// then it only works through its argument, so that every TRISC has a real
// kernel to build, pack and run.
void kernel_main()
{
	uint32_t n = get_arg_val<uint32_t>(0);
	volatile uint32_t sum = 0;

	for (uint32_t i = 0; i < n; i++)
		sum = sum + i;
}
