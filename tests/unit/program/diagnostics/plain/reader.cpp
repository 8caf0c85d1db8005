// SPDX-License-Identifier: Apache-2.0
// A plain error in the user's file, and a warning after it.
void kernel_main()
{
	uint32_t a = get_arg_val<uint32_t>(0);
	int x = no_such_variable + a;
}
