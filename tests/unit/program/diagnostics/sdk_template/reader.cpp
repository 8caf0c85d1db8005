// SPDX-License-Identifier: Apache-2.0
// get_arg_val of an 8-byte type: a static_assert in the SDK's template.
void kernel_main()
{
	uint64_t big = get_arg_val<uint64_t>(0);
	(void)big;
}
