// SPDX-License-Identifier: Apache-2.0
//
// The start code of a kernel, compiled into every kernel image as its
// first bytes (section .start, placed first by kernel.ld). It is part of
// the kernel's own translation unit (prelude.h includes it last), not a
// second file on the compiler's command line: a second file would parse
// the whole force-included API again, about half of every build's time. The firmware calls
// base + kernel_text_offset[risc] with a plain jalr and the kernel returns
// with ret (docs/launching.md), so _start is an ordinary function: on a
// data-movement RISC it syncs the NOC counters, then it calls
// kernel_main. .data and .bss need nothing: kernel.ld keeps both in the
// image, which the host writes at each launch.
//
// A TRISC build calls the same name: the prelude (ttfs/compute_entry.h)
// gives both `void kernel_main()` and the legacy `NAMESPACE::MAIN` the
// assembler name kernel_main, so either spelling is what runs. TRISCs
// issue no NOC transactions, so they leave the counters alone; they
// configure the Tensix coprocessor instead.
//
// It also defines the few C library functions the compiler may call on its
// own (memcpy, memset, memmove, memcmp, strlen): kernels link no libc.
// The prelude declares kernel_main as the kernel defines it.
#pragma once

extern "C" void _start(void);

// No loop here may become a call to memcpy/memset: they are defined below.
#define TTFS_NO_LIBCALLS __attribute__((optimize("no-tree-loop-distribute-patterns")))

extern "C" TTFS_NO_LIBCALLS __attribute__((section(".start"), used)) void _start(void)
{
#if !defined(COMPILE_FOR_TRISC)
	ttfs::noc_local_state_init();
#else
	// The hardware configure every compute kernel starts with, so one
	// that calls no *_init_common still runs (ttfs/compute_llk.h).
	ttfs::tx::start();
#endif
	kernel_main();
}

extern "C" {

TTFS_NO_LIBCALLS void *memcpy(void *dst, const void *src, size_t n)
{
	uint8_t *d = static_cast<uint8_t *>(dst);
	const uint8_t *s = static_cast<const uint8_t *>(src);
	while (n--)
		*d++ = *s++;
	return dst;
}

TTFS_NO_LIBCALLS void *memmove(void *dst, const void *src, size_t n)
{
	uint8_t *d = static_cast<uint8_t *>(dst);
	const uint8_t *s = static_cast<const uint8_t *>(src);
	if (d < s) {
		while (n--)
			*d++ = *s++;
	} else {
		while (n--)
			d[n] = s[n];
	}
	return dst;
}

TTFS_NO_LIBCALLS void *memset(void *dst, int c, size_t n)
{
	uint8_t *d = static_cast<uint8_t *>(dst);
	while (n--)
		*d++ = static_cast<uint8_t>(c);
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const uint8_t *x = static_cast<const uint8_t *>(a);
	const uint8_t *y = static_cast<const uint8_t *>(b);
	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x < *y ? -1 : 1;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

}  // extern "C"
