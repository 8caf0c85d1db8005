// SPDX-License-Identifier: Apache-2.0
// A template of the user's own, instantiated with a bad type.
template <typename T>
void poke(T t)
{
	t.nope();
}

void kernel_main()
{
	poke(1);
}
