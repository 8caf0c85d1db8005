// SPDX-License-Identifier: Apache-2.0
// A kernel whose build does not end: each static_assert is a constant
// evaluation of 900,000 loop turns (about 2 s of the compiler's time, under
// GCC's limit of 33554432 operations per evaluation), and there are 100 of
// them, each with its own argument so none is reused. The compiler reads
// nothing but this file and uses a few MiB: only a time limit, an
// interrupt or a stop ends it (tests/fs/build_safety.bats).
#include "api/dataflow/dataflow_api.h"

constexpr unsigned spin(unsigned seed)
{
	unsigned s = seed;

	for (unsigned i = 0; i < 3000; i++)
		for (unsigned j = 0; j < 300; j++)
			s = s * 1664525u + 1013904223u + j;
	return s;
}

#define SPIN1(n)   static_assert(spin(n) != 0 || true, "");
#define SPIN10(n)  SPIN1(n##0) SPIN1(n##1) SPIN1(n##2) SPIN1(n##3) SPIN1(n##4) \
		   SPIN1(n##5) SPIN1(n##6) SPIN1(n##7) SPIN1(n##8) SPIN1(n##9)
#define SPIN100(n) SPIN10(n##0) SPIN10(n##1) SPIN10(n##2) SPIN10(n##3) SPIN10(n##4) \
		   SPIN10(n##5) SPIN10(n##6) SPIN10(n##7) SPIN10(n##8) SPIN10(n##9)
SPIN100(1)

void kernel_main()
{
}
