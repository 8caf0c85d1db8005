/* SPDX-License-Identifier: Apache-2.0
 *
 * Two chained hash tables over the same entries (by id; by parent and
 * name, live entries only), plus one record per parent that lists its live
 * children in creation order for readdir and counts them for nlink. Tables
 * double when they hold as many entries as slots; they do not shrink, so
 * their slots cost at most what the largest population did.
 */
#include "inode_table.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { BY_ID, BY_NAME, NHASH };

#define MIN_SLOTS 64

struct children;

struct inode_entry {
	uint64_t id;
	uint64_t parent;
	uint64_t name_hash;
	int kind;
	unsigned flags;
	void *payload;
	inode_release_fn release;
	uint64_t nlookup;              /* the kernel's lookups not yet forgotten */
	uint64_t holds;                /* getters that have not put it back */
	int removed;
	struct inode_entry *chain[NHASH];
	struct inode_entry *prev, *next;   /* live siblings, creation order */
	struct children *dir;              /* the parent's record while live */
	size_t name_cap;                   /* bytes name[] has room for */
	char name[];                       /* changes only by rename, under the lock */
};

struct children {
	uint64_t parent;
	size_t count, subdirs;
	struct inode_entry *first, *last;
	struct children *chain;
};

struct entry_hash {
	struct inode_entry **slots;
	size_t mask, count;
};

struct inode_table {
	pthread_mutex_t lock;
	struct entry_hash hash[NHASH];
	struct children **dirs;
	size_t dirs_mask, dirs_count;
	uint64_t next_id;
};

/* splitmix64's finalizer: spreads consecutive ids over the slots. */
static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* FNV-1a over the name, seeded by the parent. */
static uint64_t name_hash(uint64_t parent, const char *name)
{
	uint64_t h = 0xcbf29ce484222325ull ^ mix64(parent);

	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		h ^= *p;
		h *= 0x100000001b3ull;
	}
	return mix64(h);
}

static uint64_t key_of(const struct inode_entry *e, int which)
{
	return which == BY_ID ? mix64(e->id) : e->name_hash;
}

static int hash_init(struct entry_hash *h)
{
	h->slots = calloc(MIN_SLOTS, sizeof(*h->slots));
	if (!h->slots)
		return -ENOMEM;
	h->mask = MIN_SLOTS - 1;
	h->count = 0;
	return 0;
}

/* Doubles the slots. Failing to is not an error: chains just get longer. */
static void hash_grow(struct entry_hash *h, int which)
{
	size_t n = (h->mask + 1) * 2;
	struct inode_entry **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	for (size_t i = 0; i <= h->mask; i++) {
		struct inode_entry *e = h->slots[i], *next;

		for (; e; e = next) {
			size_t s = key_of(e, which) & (n - 1);

			next = e->chain[which];
			e->chain[which] = slots[s];
			slots[s] = e;
		}
	}
	free(h->slots);
	h->slots = slots;
	h->mask = n - 1;
}

static void hash_insert(struct entry_hash *h, struct inode_entry *e, int which)
{
	size_t s;

	if (h->count > h->mask)
		hash_grow(h, which);
	s = key_of(e, which) & h->mask;
	e->chain[which] = h->slots[s];
	h->slots[s] = e;
	h->count++;
}

static void hash_unlink(struct entry_hash *h, struct inode_entry *e, int which)
{
	struct inode_entry **link = &h->slots[key_of(e, which) & h->mask];

	for (; *link; link = &(*link)->chain[which]) {
		if (*link == e) {
			*link = e->chain[which];
			e->chain[which] = NULL;
			h->count--;
			return;
		}
	}
}

static struct inode_entry *find_id_locked(struct inode_table *t, uint64_t id)
{
	struct entry_hash *h = &t->hash[BY_ID];
	struct inode_entry *e = h->slots[mix64(id) & h->mask];

	while (e && e->id != id)
		e = e->chain[BY_ID];
	return e;
}

static struct inode_entry *find_name_locked(struct inode_table *t, uint64_t parent,
					    const char *name)
{
	struct entry_hash *h = &t->hash[BY_NAME];
	uint64_t key = name_hash(parent, name);
	struct inode_entry *e = h->slots[key & h->mask];

	for (; e; e = e->chain[BY_NAME])
		if (e->name_hash == key && e->parent == parent && strcmp(e->name, name) == 0)
			return e;
	return NULL;
}

static struct children **dir_slot(struct inode_table *t, uint64_t parent)
{
	struct children **link = &t->dirs[mix64(parent) & t->dirs_mask];

	while (*link && (*link)->parent != parent)
		link = &(*link)->chain;
	return link;
}

static void dirs_grow(struct inode_table *t)
{
	size_t n = (t->dirs_mask + 1) * 2;
	struct children **dirs = calloc(n, sizeof(*dirs));

	if (!dirs)
		return;
	for (size_t i = 0; i <= t->dirs_mask; i++) {
		struct children *c = t->dirs[i], *next;

		for (; c; c = next) {
			size_t s = mix64(c->parent) & (n - 1);

			next = c->chain;
			c->chain = dirs[s];
			dirs[s] = c;
		}
	}
	free(t->dirs);
	t->dirs = dirs;
	t->dirs_mask = n - 1;
}

/* The record of parent's children, made on its first child. */
static struct children *dir_get_locked(struct inode_table *t, uint64_t parent)
{
	struct children **link = dir_slot(t, parent), *c = *link;

	if (c)
		return c;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->parent = parent;
	if (t->dirs_count > t->dirs_mask) {
		dirs_grow(t);
		link = dir_slot(t, parent);
	}
	*link = c;
	t->dirs_count++;
	return c;
}

static void dir_add_child(struct children *c, struct inode_entry *e)
{
	e->dir = c;
	e->prev = c->last;
	e->next = NULL;
	if (c->last)
		c->last->next = e;
	else
		c->first = e;
	c->last = e;
	c->count++;
	if (e->flags & INODE_DIR)
		c->subdirs++;
}

/* Takes e off its parent's list; drops the record with its last child. */
static void dir_remove_child_locked(struct inode_table *t, struct inode_entry *e)
{
	struct children *c = e->dir, **link;

	if (e->prev)
		e->prev->next = e->next;
	else
		c->first = e->next;
	if (e->next)
		e->next->prev = e->prev;
	else
		c->last = e->prev;
	e->prev = e->next = NULL;
	e->dir = NULL;
	c->count--;
	if (e->flags & INODE_DIR)
		c->subdirs--;
	if (c->count)
		return;
	link = dir_slot(t, c->parent);
	*link = c->chain;
	t->dirs_count--;
	free(c);
}

int inode_table_create(struct inode_table **out)
{
	struct inode_table *t = calloc(1, sizeof(*t));
	int rc = -ENOMEM;

	if (!t)
		return -ENOMEM;
	if (hash_init(&t->hash[BY_ID]) || hash_init(&t->hash[BY_NAME]))
		goto fail;
	t->dirs = calloc(MIN_SLOTS, sizeof(*t->dirs));
	if (!t->dirs)
		goto fail;
	t->dirs_mask = MIN_SLOTS - 1;
	rc = -pthread_mutex_init(&t->lock, NULL);
	if (rc)
		goto fail;
	t->next_id = 1;
	*out = t;
	return 0;

fail:
	free(t->dirs);
	free(t->hash[BY_ID].slots);
	free(t->hash[BY_NAME].slots);
	free(t);
	return rc;
}

static void entry_free(struct inode_entry *e)
{
	if (e->release)
		e->release(e->payload);
	free(e);
}

void inode_table_destroy(struct inode_table *t)
{
	struct entry_hash *h;

	if (!t)
		return;
	h = &t->hash[BY_ID];
	for (size_t i = 0; i <= h->mask; i++) {
		struct inode_entry *e = h->slots[i], *next;

		for (; e; e = next) {
			next = e->chain[BY_ID];
			entry_free(e);
		}
	}
	for (size_t i = 0; i <= t->dirs_mask; i++) {
		struct children *c = t->dirs[i], *next;

		for (; c; c = next) {
			next = c->chain;
			free(c);
		}
	}
	free(t->dirs);
	free(t->hash[BY_ID].slots);
	free(t->hash[BY_NAME].slots);
	pthread_mutex_destroy(&t->lock);
	free(t);
}

int inode_table_add(struct inode_table *t, uint64_t parent, const char *name, int kind,
		    unsigned flags, void *payload, inode_release_fn release, uint64_t *id)
{
	size_t len = strlen(name);
	size_t cap = len + 1 > INODE_NAME_ROOM ? len + 1 : INODE_NAME_ROOM;
	struct inode_entry *e = calloc(1, sizeof(*e) + cap);
	struct children *c;

	if (!e)
		return -ENOMEM;
	e->name_cap = cap;
	memcpy(e->name, name, len + 1);
	e->parent = parent;
	e->name_hash = name_hash(parent, name);
	e->kind = kind;
	e->flags = flags;
	e->payload = payload;
	e->release = release;

	pthread_mutex_lock(&t->lock);
	if (find_name_locked(t, parent, name)) {
		pthread_mutex_unlock(&t->lock);
		free(e);
		return -EEXIST;
	}
	c = dir_get_locked(t, parent);
	if (!c) {
		pthread_mutex_unlock(&t->lock);
		free(e);
		return -ENOMEM;
	}
	e->id = t->next_id++;
	hash_insert(&t->hash[BY_ID], e, BY_ID);
	hash_insert(&t->hash[BY_NAME], e, BY_NAME);
	dir_add_child(c, e);
	*id = e->id;
	pthread_mutex_unlock(&t->lock);
	return 0;
}

struct inode_entry *inode_table_get(struct inode_table *t, uint64_t id)
{
	struct inode_entry *e;

	pthread_mutex_lock(&t->lock);
	e = find_id_locked(t, id);
	if (e && e->removed)
		e = NULL;
	if (e)
		e->holds++;
	pthread_mutex_unlock(&t->lock);
	return e;
}

struct inode_entry *inode_table_lookup(struct inode_table *t, uint64_t parent, const char *name)
{
	struct inode_entry *e;

	pthread_mutex_lock(&t->lock);
	e = find_name_locked(t, parent, name);
	if (e)
		e->holds++;
	pthread_mutex_unlock(&t->lock);
	return e;
}

/* Once removed, forgotten and put back, e leaves the table; the caller
 * frees it after unlocking (its release may take other locks). */
static int unlink_if_done_locked(struct inode_table *t, struct inode_entry *e)
{
	if (!e->removed || e->nlookup > 0 || e->holds > 0)
		return 0;
	hash_unlink(&t->hash[BY_ID], e, BY_ID);
	return 1;
}

void inode_table_put(struct inode_table *t, struct inode_entry *e)
{
	int done;

	if (!e)
		return;
	pthread_mutex_lock(&t->lock);
	e->holds--;
	done = unlink_if_done_locked(t, e);
	pthread_mutex_unlock(&t->lock);
	if (done)
		entry_free(e);
}

/* Marks e removed and takes it off the name hash and its parent's list;
 * returns whether it can be freed (after unlocking). */
static int remove_locked(struct inode_table *t, struct inode_entry *e)
{
	e->removed = 1;
	hash_unlink(&t->hash[BY_NAME], e, BY_NAME);
	dir_remove_child_locked(t, e);
	return unlink_if_done_locked(t, e);
}

int inode_table_remove(struct inode_table *t, uint64_t parent, const char *name,
		       struct inode_entry **out)
{
	struct inode_entry *e;
	int done;

	pthread_mutex_lock(&t->lock);
	e = find_name_locked(t, parent, name);
	if (!e) {
		pthread_mutex_unlock(&t->lock);
		return -ENOENT;
	}
	if (out)
		e->holds++;
	done = remove_locked(t, e);
	pthread_mutex_unlock(&t->lock);
	if (done)
		entry_free(e);
	if (out)
		*out = e;
	return 0;
}

int inode_table_rename(struct inode_table *t, uint64_t parent, const char *name,
		       const char *new_name)
{
	size_t len = strlen(new_name);
	struct inode_entry *e, *old = NULL;
	int done = 0;

	pthread_mutex_lock(&t->lock);
	e = find_name_locked(t, parent, name);
	if (!e || len + 1 > e->name_cap) {
		pthread_mutex_unlock(&t->lock);
		return e ? -ENAMETOOLONG : -ENOENT;
	}
	if (strcmp(name, new_name)) {
		old = find_name_locked(t, parent, new_name);
		if (old)
			done = remove_locked(t, old);
		hash_unlink(&t->hash[BY_NAME], e, BY_NAME);
		memcpy(e->name, new_name, len + 1);
		e->name_hash = name_hash(parent, new_name);
		hash_insert(&t->hash[BY_NAME], e, BY_NAME);
	}
	pthread_mutex_unlock(&t->lock);
	if (done)
		entry_free(old);
	return 0;
}

int inode_table_name(struct inode_table *t, uint64_t id, char *buf, size_t len)
{
	struct inode_entry *e;
	int rc = 0;

	pthread_mutex_lock(&t->lock);
	e = find_id_locked(t, id);
	if (!e || e->removed)
		rc = -ENOENT;
	else if (strlen(e->name) >= len)
		rc = -ENAMETOOLONG;
	else
		strcpy(buf, e->name);
	pthread_mutex_unlock(&t->lock);
	return rc;
}

int inode_table_ref(struct inode_table *t, uint64_t id, uint64_t n)
{
	struct inode_entry *e;

	pthread_mutex_lock(&t->lock);
	e = find_id_locked(t, id);
	if (e)
		e->nlookup += n;
	pthread_mutex_unlock(&t->lock);
	return e ? 0 : -ENOENT;
}

void inode_table_forget(struct inode_table *t, uint64_t id, uint64_t n)
{
	struct inode_entry *e;
	int done = 0;

	pthread_mutex_lock(&t->lock);
	e = find_id_locked(t, id);
	if (e) {
		e->nlookup = n > e->nlookup ? 0 : e->nlookup - n;
		done = unlink_if_done_locked(t, e);
	}
	pthread_mutex_unlock(&t->lock);
	if (done)
		entry_free(e);
}

size_t inode_table_subdirs(struct inode_table *t, uint64_t parent)
{
	struct children *c;
	size_t n;

	pthread_mutex_lock(&t->lock);
	c = *dir_slot(t, parent);
	n = c ? c->subdirs : 0;
	pthread_mutex_unlock(&t->lock);
	return n;
}

void inode_table_foreach_child(struct inode_table *t, uint64_t parent, inode_child_fn fn,
			       void *ctx)
{
	struct children *c;

	pthread_mutex_lock(&t->lock);
	c = *dir_slot(t, parent);
	for (struct inode_entry *e = c ? c->first : NULL; e; e = e->next)
		if (fn(ctx, e->id, e->name, e->kind))
			break;
	pthread_mutex_unlock(&t->lock);
}

size_t inode_table_count(struct inode_table *t)
{
	size_t n;

	pthread_mutex_lock(&t->lock);
	n = t->hash[BY_ID].count;
	pthread_mutex_unlock(&t->lock);
	return n;
}

uint64_t inode_entry_id(const struct inode_entry *e)
{
	return e->id;
}

int inode_entry_kind(const struct inode_entry *e)
{
	return e->kind;
}

void *inode_entry_payload(const struct inode_entry *e)
{
	return e->payload;
}
