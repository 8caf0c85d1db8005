// SPDX-License-Identifier: Apache-2.0
// A compile-time arg past those given (none): the SDK's static_assert.
void kernel_main()
{
	constexpr uint32_t n = get_compile_time_arg_val(3);
	(void)n;
}
