/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_RACY_COPY_H
#define TTFS_RACY_COPY_H

/*
 * The zero-copy paths (ops_io.c) copy between a request and simulated
 * memory with plain memcpy and writev(2), libfuse's and reply_gathered's,
 * while harts, the NOC and other requests touch the same bytes: a race by design, as the
 * card's PCIe copies race its RISCs (see docs/architecture.md, "Shared
 * simulated memory"). Under ThreadSanitizer these copies are not checked
 * at all, rather than reported and suppressed: TSan looks every racing
 * word up in a list of all the racy address ranges it has seen, before
 * it applies suppressions and without remembering the access, so each
 * copy cost time in proportion to the races of the daemon's whole life:
 * tests/fs/concurrency.bats ran up tens of thousands of racy ranges, and
 * its FUSE threads then spent minutes in that search (FindRacyAddress).
 * Outside TSan these are no-ops.
 */
#if defined(__SANITIZE_THREAD__)
#define TTFS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TTFS_TSAN 1
#endif
#endif

#ifdef TTFS_TSAN
/* The dynamic annotations every TSan runtime exports. */
void AnnotateIgnoreReadsBegin(const char *file, int line);
void AnnotateIgnoreReadsEnd(const char *file, int line);
void AnnotateIgnoreWritesBegin(const char *file, int line);
void AnnotateIgnoreWritesEnd(const char *file, int line);

/* Until racy_copy_end, this thread's memory accesses go unchecked;
 * locks and atomics are still tracked. */
static inline void racy_copy_begin(void)
{
	AnnotateIgnoreReadsBegin(__FILE__, __LINE__);
	AnnotateIgnoreWritesBegin(__FILE__, __LINE__);
}

static inline void racy_copy_end(void)
{
	AnnotateIgnoreWritesEnd(__FILE__, __LINE__);
	AnnotateIgnoreReadsEnd(__FILE__, __LINE__);
}
#else
static inline void racy_copy_begin(void)
{
}

static inline void racy_copy_end(void)
{
}
#endif

#endif
