// SPDX-License-Identifier: Apache-2.0
// A header of the program's own, with a missing ';'.
inline int twice(int x)
{
	return x * 2
}
