// SPDX-License-Identifier: Apache-2.0
// Built with -DNOC_INDEX=nocx: the error is in the SDK and on the command
// line, nowhere in this file.
void kernel_main()
{
}
