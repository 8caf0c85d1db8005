/* SPDX-License-Identifier: Apache-2.0
 *
 * The inode table of dynamic nodes (made at run time: buffers, programs
 * and the files in a program's directory), in the manner of libfuse's passthrough_ll: each
 * entry counts the kernel's lookups of it (+1 per entry reply, -n per
 * forget) and is released once it is both removed and forgotten. Entries
 * are found by id and by (parent inode, name) in O(1); ids are never
 * reused, so a stale inode never names a newer node.
 *
 * This table is the only registry of names of dynamic nodes: two live
 * entries under one parent never share a name. The payload (a runtime
 * object) is released through its callback when the entry is freed.
 *
 * Every call takes the table's lock. A getter returns the entry held: its
 * payload stays valid, even across a concurrent remove, until
 * inode_table_put.
 */
#ifndef TTFS_INODE_TABLE_H
#define TTFS_INODE_TABLE_H

#include <stddef.h>
#include <stdint.h>

struct inode_table;
struct inode_entry;

/* Every entry has room for a name of this many bytes with its NUL (or
 * for its first name, if longer): what inode_table_rename may give it. */
#define INODE_NAME_ROOM 64

/* Flags of inode_table_add. */
#define INODE_DIR 1u   /* counts as a subdirectory in its parent's nlink */

typedef void (*inode_release_fn)(void *payload);
/* readdir callback: return non-zero to stop. */
typedef int (*inode_child_fn)(void *ctx, uint64_t id, const char *name, int kind);

int inode_table_create(struct inode_table **out);
/* Frees every entry, live or not, releasing its payload. */
void inode_table_destroy(struct inode_table *t);

/* Adds a live entry under a fresh id. On success the table owns payload
 * (release is called when the entry is freed). -EEXIST if parent already
 * has a live entry of that name, -ENOMEM; on failure payload stays the
 * caller's. */
int inode_table_add(struct inode_table *t, uint64_t parent, const char *name, int kind,
		    unsigned flags, void *payload, inode_release_fn release, uint64_t *id);
/* The live entry (held) of that id or (parent, name), or NULL. */
struct inode_entry *inode_table_get(struct inode_table *t, uint64_t id);
struct inode_entry *inode_table_lookup(struct inode_table *t, uint64_t parent, const char *name);
void inode_table_put(struct inode_table *t, struct inode_entry *e);
/* Unlinks (parent, name): it can no longer be found by name or by id, but
 * lives on while the kernel remembers it or someone holds it. *out, if
 * given, receives the entry held. -ENOENT if there is no such live entry. */
int inode_table_remove(struct inode_table *t, uint64_t parent, const char *name,
		       struct inode_entry **out);
/* Renames the live entry (parent, name) to new_name, keeping its id, as
 * rename(2) does: a live entry of that name is removed first (as by
 * inode_table_remove). -ENOENT if there is no such entry, -ENAMETOOLONG
 * for a name longer than both INODE_NAME_ROOM - 1 and the entry's first
 * name. */
int inode_table_rename(struct inode_table *t, uint64_t parent, const char *name,
		       const char *new_name);
/* The name of the live entry id, copied into buf: 0, -ENOENT (none, or
 * removed) or -ENAMETOOLONG (buf is too small). */
int inode_table_name(struct inode_table *t, uint64_t id, char *buf, size_t len);
/* Kernel lookup counts: ref when an entry reply hands the id out (-ENOENT
 * if the id is no longer tracked), forget when the kernel drops it. */
int inode_table_ref(struct inode_table *t, uint64_t id, uint64_t n);
void inode_table_forget(struct inode_table *t, uint64_t id, uint64_t n);

/* Live INODE_DIR children of parent (its nlink is 2 + this). */
size_t inode_table_subdirs(struct inode_table *t, uint64_t parent);
/* Live children of parent in creation order, under the lock: fn must not
 * call back into the table. */
void inode_table_foreach_child(struct inode_table *t, uint64_t parent, inode_child_fn fn,
			       void *ctx);
/* Entries tracked, live or removed but not yet released. */
size_t inode_table_count(struct inode_table *t);

/* Fields of a held entry; they never change while it is held (its name
 * may, by a rename: inode_table_name). */
uint64_t inode_entry_id(const struct inode_entry *e);
int inode_entry_kind(const struct inode_entry *e);
void *inode_entry_payload(const struct inode_entry *e);

#endif
