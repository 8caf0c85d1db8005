/* SPDX-License-Identifier: Apache-2.0
 *
 * Nodes of the tree. The fixed tree (device, cores, noc0, dram banks, l1) has
 * computed inode numbers, as Plan 9 devices pack (kind, instance, file)
 * into a qid: nothing is allocated per lookup. Directories created at run
 * time (buffers, programs) carry the never-reused id of their entry in the inode
 * table (inode_table.c) as idx; their fixed files share that id, and the
 * kernel's lookups of all of them are counted on the entry. A file made
 * in a program directory has an entry, and so an id, of its own.
 */
#ifndef TTFS_NODE_H
#define TTFS_NODE_H

#include <fuse_lowlevel.h>
#include <stdint.h>
#include <sys/stat.h>

enum node_kind {
	K_ROOT = 1,
	K_README,
	K_DEVICE_DIR,
	K_DEVICE_FILE,     /* file = enum device_file */
	K_CORES_DIR,
	K_CORE_DIR,        /* idx = core index */
	K_CORE_FILE,       /* idx = core index, file = enum core_file */
	K_NOC0_DIR,
	K_NOC0_LINK,       /* idx = x | y << 8 (NOC0) */
	K_DRAM_DIR,
	K_DRAM_BANK,       /* idx = bank */
	K_BUFFERS_DIR,     /* idx = enum ttrt_buffer_kind: dram/buffers or l1/buffers */
	K_BUFFER_DIR,      /* idx = buffer id */
	K_BUFFER_FILE,     /* idx = buffer id, file = enum buffer_file */
	K_PROGRAMS_DIR,
	K_PROGRAM_DIR,     /* idx = program id */
	K_PROGRAM_FILE,    /* idx = program id, file = enum program_file (run, status) */
	K_PROGRAM_BUILD,   /* idx = program id: its build/ directory */
	K_PROGRAM_ARTIFACT, /* idx = program id, file = index of the artifact name */
	K_L1_DIR,
	K_PROGRAM_USER_FILE, /* idx = the file's own id: a file made in a program directory */
	K_COUNT
};

struct node {
	enum node_kind kind;
	uint64_t idx;
	uint32_t file;
};

static inline fuse_ino_t node_ino(struct node n)
{
	if (n.kind == K_ROOT)
		return FUSE_ROOT_ID;
	return ((fuse_ino_t)n.kind << 56) | (n.idx << 8) | (n.file & 0xFF);
}

static inline struct node node_of_ino(fuse_ino_t ino)
{
	struct node n;

	if (ino == FUSE_ROOT_ID) {
		n.kind = K_ROOT;
		n.idx = 0;
		n.file = 0;
		return n;
	}
	n.kind = (enum node_kind)(ino >> 56);
	n.idx = (ino >> 8) & ((1ull << 48) - 1);
	n.file = ino & 0xFF;
	return n;
}

static inline struct node node_make(enum node_kind kind, uint64_t idx, uint32_t file)
{
	struct node n = { kind, idx, file };
	return n;
}

/* The inode table entry on which the kernel's lookups of n are counted,
 * or 0 for a fixed node (not counted: it never goes away). */
static inline uint64_t node_table_id(struct node n)
{
	switch (n.kind) {
	case K_BUFFER_DIR: case K_BUFFER_FILE:
	case K_PROGRAM_DIR: case K_PROGRAM_FILE: case K_PROGRAM_BUILD: case K_PROGRAM_ARTIFACT:
	case K_PROGRAM_USER_FILE:
		return n.idx;
	default:
		return 0;
	}
}

#endif
