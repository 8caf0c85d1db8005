/* SPDX-License-Identifier: Apache-2.0 */
#include "buffer_nodes.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct buffer_node {
	uint64_t id;
	struct ttrt_buffer *buf;
	uint64_t nlookup;
	int removed;
	struct buffer_node *next;
};

struct buffer_nodes {
	pthread_mutex_t lock;
	struct buffer_node *head;
	uint64_t next_id;
};

int buffer_nodes_create(struct buffer_nodes **out)
{
	struct buffer_nodes *bn = calloc(1, sizeof(*bn));
	int rc;

	if (!bn)
		return -ENOMEM;
	rc = pthread_mutex_init(&bn->lock, NULL);
	if (rc) {
		free(bn);
		return -rc;
	}
	bn->next_id = 1;
	*out = bn;
	return 0;
}

void buffer_nodes_destroy(struct buffer_nodes *bn)
{
	if (!bn)
		return;
	while (bn->head) {
		struct buffer_node *n = bn->head;
		bn->head = n->next;
		ttrt_buffer_put(n->buf);
		free(n);
	}
	pthread_mutex_destroy(&bn->lock);
	free(bn);
}

int buffer_nodes_add(struct buffer_nodes *bn, struct ttrt_buffer *buf, uint64_t *id)
{
	struct buffer_node *n = calloc(1, sizeof(*n)), **tail;

	if (!n)
		return -ENOMEM;
	ttrt_buffer_get(buf);
	n->buf = buf;
	pthread_mutex_lock(&bn->lock);
	n->id = bn->next_id++;
	for (tail = &bn->head; *tail; tail = &(*tail)->next)
		;
	*tail = n;
	pthread_mutex_unlock(&bn->lock);
	*id = n->id;
	return 0;
}

static struct buffer_node *find_id_locked(struct buffer_nodes *bn, uint64_t id,
					  struct buffer_node ***link_out)
{
	for (struct buffer_node **link = &bn->head; *link; link = &(*link)->next) {
		if ((*link)->id == id) {
			if (link_out)
				*link_out = link;
			return *link;
		}
	}
	return NULL;
}

struct ttrt_buffer *buffer_nodes_get(struct buffer_nodes *bn, uint64_t id)
{
	struct ttrt_buffer *buf = NULL;
	struct buffer_node *n;

	pthread_mutex_lock(&bn->lock);
	n = find_id_locked(bn, id, NULL);
	if (n && !n->removed) {
		buf = n->buf;
		ttrt_buffer_get(buf);
	}
	pthread_mutex_unlock(&bn->lock);
	return buf;
}

int buffer_nodes_find(struct buffer_nodes *bn, const char *name, uint64_t *id)
{
	int rc = -ENOENT;

	pthread_mutex_lock(&bn->lock);
	for (struct buffer_node *n = bn->head; n; n = n->next) {
		if (!n->removed && strcmp(ttrt_buffer_name(n->buf), name) == 0) {
			*id = n->id;
			rc = 0;
			break;
		}
	}
	pthread_mutex_unlock(&bn->lock);
	return rc;
}

/* Drops the node once it is both removed and forgotten. Lock held. */
static void maybe_free_locked(struct buffer_node **link)
{
	struct buffer_node *n = *link;

	if (!n->removed || n->nlookup > 0)
		return;
	*link = n->next;
	ttrt_buffer_put(n->buf);
	free(n);
}

int buffer_nodes_remove(struct buffer_nodes *bn, uint64_t id)
{
	struct buffer_node *n, **link;
	int rc = -ENOENT;

	pthread_mutex_lock(&bn->lock);
	n = find_id_locked(bn, id, &link);
	if (n && !n->removed) {
		n->removed = 1;
		maybe_free_locked(link);
		rc = 0;
	}
	pthread_mutex_unlock(&bn->lock);
	return rc;
}

void buffer_nodes_lookup(struct buffer_nodes *bn, uint64_t id, uint64_t count)
{
	struct buffer_node *n;

	pthread_mutex_lock(&bn->lock);
	n = find_id_locked(bn, id, NULL);
	if (n)
		n->nlookup += count;
	pthread_mutex_unlock(&bn->lock);
}

void buffer_nodes_forget(struct buffer_nodes *bn, uint64_t id, uint64_t count)
{
	struct buffer_node *n, **link;

	pthread_mutex_lock(&bn->lock);
	n = find_id_locked(bn, id, &link);
	if (n) {
		n->nlookup = count > n->nlookup ? 0 : n->nlookup - count;
		maybe_free_locked(link);
	}
	pthread_mutex_unlock(&bn->lock);
}

void buffer_nodes_foreach(struct buffer_nodes *bn,
			  int (*fn)(void *ctx, uint64_t id, const char *name), void *ctx)
{
	pthread_mutex_lock(&bn->lock);
	for (struct buffer_node *n = bn->head; n; n = n->next)
		if (!n->removed && fn(ctx, n->id, ttrt_buffer_name(n->buf)))
			break;
	pthread_mutex_unlock(&bn->lock);
}
