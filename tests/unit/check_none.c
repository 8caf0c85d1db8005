/* SPDX-License-Identifier: Apache-2.0
 *
 * A test program that runs no check: check_exit() must fail it (ctest
 * expects this one to fail), so a test whose checks were all skipped or
 * compiled out cannot pass by saying nothing.
 */
#include "check.h"

int main(void)
{
	return check_exit("check_none");
}
