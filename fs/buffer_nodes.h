/* SPDX-License-Identifier: Apache-2.0
 *
 * The FS side of dram/buffers/: which buffer each inode id names, and how
 * many kernel lookups each still holds (FUSE forget accounting), so an id
 * outlives rmdir until the kernel forgets it and is never reused.
 */
#ifndef TTFS_BUFFER_NODES_H
#define TTFS_BUFFER_NODES_H

#include "ttrt.h"

struct buffer_nodes;

int buffer_nodes_create(struct buffer_nodes **out);
void buffer_nodes_destroy(struct buffer_nodes *bn);
/* Registers buf (takes a reference) under a fresh id. */
int buffer_nodes_add(struct buffer_nodes *bn, struct ttrt_buffer *buf, uint64_t *id);
/* A new reference to the live buffer behind id, or NULL (unknown or removed). */
struct ttrt_buffer *buffer_nodes_get(struct buffer_nodes *bn, uint64_t id);
int buffer_nodes_find(struct buffer_nodes *bn, const char *name, uint64_t *id);
/* Marks id removed; returns -ENOENT if it was not live. */
int buffer_nodes_remove(struct buffer_nodes *bn, uint64_t id);
void buffer_nodes_lookup(struct buffer_nodes *bn, uint64_t id, uint64_t n);
void buffer_nodes_forget(struct buffer_nodes *bn, uint64_t id, uint64_t n);
/* Live buffers in creation order; fn returns non-zero to stop. */
void buffer_nodes_foreach(struct buffer_nodes *bn,
			  int (*fn)(void *ctx, uint64_t id, const char *name), void *ctx);

#endif
