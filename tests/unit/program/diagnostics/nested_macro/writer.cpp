// SPDX-License-Identifier: Apache-2.0
// DPRINT inside a macro of the user's: two expansions to follow.
#define SHOW(v) DPRINT(#v " {}\n", (v))

void kernel_main()
{
	int x = 1
	SHOW(x);
}
