// SPDX-License-Identifier: Apache-2.0
// A wild store made in a header of the program's own (poke.h), inlined.
#include "poke.h"

void kernel_main()
{
	poke(0xdeadbeef);
}
