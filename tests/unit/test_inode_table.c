/* SPDX-License-Identifier: Apache-2.0
 *
 * fs/inode_table.c without a mount: add, find by id and by name, lookup
 * counts and forget, remove, rename, ids never reused, growth to 100k entries,
 * and the payload released exactly once, when removed and forgotten.
 */
#include "check.h"
#include "inode_table.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARENT 1000
#define OTHER 2000

static int released[8];

static void release_slot(void *payload)
{
	released[(int *)payload - released]++;
}

static void test_add_find(void)
{
	struct inode_table *t;
	struct inode_entry *e;
	uint64_t a, b, c;
	char buf[INODE_NAME_ROOM];

	REQUIRE(inode_table_create(&t) == 0, "create");
	CHECK_EQ(inode_table_add(t, PARENT, "a", 7, INODE_DIR, NULL, NULL, &a), 0);
	CHECK_EQ(inode_table_add(t, PARENT, "b", 7, INODE_DIR, NULL, NULL, &b), 0);
	CHECK(a != b, "distinct ids %" PRIu64 " %" PRIu64, a, b);
	CHECK_EQ(inode_table_add(t, PARENT, "a", 7, INODE_DIR, NULL, NULL, &c), -EEXIST);
	/* The same name under another parent is another entry. */
	CHECK_EQ(inode_table_add(t, OTHER, "a", 9, 0, NULL, NULL, &c), 0);
	CHECK(c != a && c != b, "fresh id");

	e = inode_table_lookup(t, PARENT, "a");
	REQUIRE(e != NULL, "lookup a");
	CHECK_EQ(inode_entry_id(e), a);
	CHECK_EQ(inode_entry_kind(e), 7);
	CHECK_EQ(inode_table_name(t, a, buf, sizeof(buf)), 0);
	CHECK(strcmp(buf, "a") == 0, "name %s", buf);
	inode_table_put(t, e);
	e = inode_table_lookup(t, OTHER, "a");
	REQUIRE(e != NULL, "lookup other a");
	CHECK_EQ(inode_entry_id(e), c);
	CHECK_EQ(inode_entry_kind(e), 9);
	inode_table_put(t, e);
	CHECK(inode_table_lookup(t, PARENT, "c") == NULL, "no c");
	CHECK(inode_table_lookup(t, OTHER, "b") == NULL, "no b under OTHER");

	e = inode_table_get(t, b);
	REQUIRE(e != NULL, "get b");
	CHECK(inode_table_name(t, inode_entry_id(e), buf, sizeof(buf)) == 0 && !strcmp(buf, "b"),
	      "name of b");
	inode_table_put(t, e);
	CHECK(inode_table_get(t, 12345) == NULL, "unknown id");

	/* nlink: subdirectories only. */
	CHECK_EQ(inode_table_subdirs(t, PARENT), 2);
	CHECK_EQ(inode_table_subdirs(t, OTHER), 0);
	CHECK_EQ(inode_table_subdirs(t, 3000), 0);
	CHECK_EQ(inode_table_count(t), 3);
	inode_table_destroy(t);
}

static int collect(void *ctx, uint64_t id, const char *name, int kind)
{
	char *out = ctx;

	(void)id;
	(void)kind;
	strcat(out, name);
	strcat(out, ",");
	return 0;
}

static int stop_after_one(void *ctx, uint64_t id, const char *name, int kind)
{
	(void)id;
	(void)name;
	(void)kind;
	(*(int *)ctx)++;
	return 1;
}

static void test_children_order(void)
{
	struct inode_table *t;
	char names[64] = "";
	uint64_t id;
	int calls = 0;

	REQUIRE(inode_table_create(&t) == 0, "create");
	inode_table_add(t, PARENT, "z", 1, INODE_DIR, NULL, NULL, &id);
	inode_table_add(t, PARENT, "y", 1, INODE_DIR, NULL, NULL, &id);
	inode_table_add(t, PARENT, "x", 1, INODE_DIR, NULL, NULL, &id);
	inode_table_add(t, OTHER, "w", 1, INODE_DIR, NULL, NULL, &id);
	CHECK_EQ(inode_table_remove(t, PARENT, "y", NULL), 0);
	inode_table_add(t, PARENT, "y", 1, INODE_DIR, NULL, NULL, &id);
	inode_table_foreach_child(t, PARENT, collect, names);
	CHECK(strcmp(names, "z,x,y,") == 0, "creation order: %s", names);
	inode_table_foreach_child(t, PARENT, stop_after_one, &calls);
	CHECK_EQ(calls, 1);
	names[0] = '\0';
	inode_table_foreach_child(t, 3000, collect, names);
	CHECK(names[0] == '\0', "no children: %s", names);
	inode_table_destroy(t);
}

/* The payload lives until the entry is both removed and forgotten, and is
 * released once. */
static void test_lookup_forget_remove(void)
{
	struct inode_table *t;
	struct inode_entry *e, *held;
	uint64_t id, id2, first;

	memset(released, 0, sizeof(released));
	REQUIRE(inode_table_create(&t) == 0, "create");
	CHECK_EQ(inode_table_add(t, PARENT, "buf", 1, INODE_DIR, &released[0], release_slot, &id),
		 0);
	first = id;
	CHECK_EQ(inode_table_ref(t, id, 1), 0);
	CHECK_EQ(inode_table_ref(t, id, 2), 0);
	/* Forgotten while live: it stays, the name is the registry. */
	inode_table_forget(t, id, 3);
	CHECK_EQ(released[0], 0);
	e = inode_table_lookup(t, PARENT, "buf");
	CHECK(e != NULL, "still there after forget");
	inode_table_put(t, e);

	CHECK_EQ(inode_table_ref(t, id, 2), 0);
	CHECK_EQ(inode_table_remove(t, PARENT, "buf", NULL), 0);
	CHECK_EQ(inode_table_remove(t, PARENT, "buf", NULL), -ENOENT);
	CHECK(inode_table_lookup(t, PARENT, "buf") == NULL, "name gone");
	CHECK(inode_table_get(t, id) == NULL, "id no longer live");
	CHECK_EQ(inode_table_subdirs(t, PARENT), 0);
	CHECK_EQ(released[0], 0);   /* the kernel still knows it */
	CHECK_EQ(inode_table_count(t), 1);
	/* A new entry of the same name gets a new id while the old lingers. */
	CHECK_EQ(inode_table_add(t, PARENT, "buf", 1, INODE_DIR, &released[1], release_slot, &id2),
		 0);
	CHECK(id2 != id, "new id %" PRIu64 " vs %" PRIu64, id2, id);
	inode_table_forget(t, id, 1);
	CHECK_EQ(released[0], 0);
	inode_table_forget(t, id, 1);
	CHECK_EQ(released[0], 1);
	CHECK_EQ(inode_table_ref(t, id, 1), -ENOENT);
	inode_table_forget(t, id, 1);   /* unknown now: ignored */
	CHECK_EQ(released[0], 1);
	CHECK_EQ(inode_table_count(t), 1);

	/* A holder keeps the payload across remove and forget. */
	held = inode_table_get(t, id2);
	REQUIRE(held != NULL, "get id2");
	CHECK_EQ(inode_table_remove(t, PARENT, "buf", &e), 0);
	CHECK(e == held, "remove hands back the entry");
	CHECK_EQ(released[1], 0);
	inode_table_put(t, e);
	CHECK_EQ(released[1], 0);
	CHECK(inode_entry_payload(held) == &released[1], "payload still there");
	inode_table_put(t, held);
	CHECK_EQ(released[1], 1);
	CHECK_EQ(inode_table_count(t), 0);

	/* Ids are never reused, even after everything was released. */
	CHECK_EQ(inode_table_add(t, PARENT, "buf", 1, INODE_DIR, &released[2], release_slot, &id),
		 0);
	CHECK(id > id2 && id2 > first, "ids grow: %" PRIu64 " %" PRIu64 " %" PRIu64, first, id2,
	      id);
	/* destroy releases what is left. */
	inode_table_destroy(t);
	CHECK_EQ(released[2], 1);
	CHECK_EQ(released[0], 1);
	CHECK_EQ(released[1], 1);
}

#define MANY 100000

static void test_growth(void)
{
	static uint64_t ids[MANY];
	struct inode_table *t;
	char name[32], got[INODE_NAME_ROOM];
	int bad_get = 0, bad_lookup = 0, bad_gone = 0;

	REQUIRE(inode_table_create(&t) == 0, "create");
	for (int i = 0; i < MANY; i++) {
		snprintf(name, sizeof(name), "b%d", i);
		if (inode_table_add(t, PARENT, name, 1, INODE_DIR, NULL, NULL, &ids[i]) != 0)
			break;
		inode_table_ref(t, ids[i], 1);
	}
	CHECK_EQ(inode_table_count(t), MANY);
	CHECK_EQ(inode_table_subdirs(t, PARENT), MANY);
	for (int i = 0; i < MANY; i++) {
		struct inode_entry *e;

		snprintf(name, sizeof(name), "b%d", i);
		e = inode_table_lookup(t, PARENT, name);
		bad_lookup += !e || inode_entry_id(e) != ids[i];
		inode_table_put(t, e);
		e = inode_table_get(t, ids[i]);
		bad_get += !e || inode_table_name(t, ids[i], got, sizeof(got)) != 0 ||
			   strcmp(got, name) != 0;
		inode_table_put(t, e);
	}
	CHECK_EQ(bad_lookup, 0);
	CHECK_EQ(bad_get, 0);
	/* Remove the even ones and forget them: the odd ones are intact. */
	for (int i = 0; i < MANY; i += 2) {
		snprintf(name, sizeof(name), "b%d", i);
		inode_table_remove(t, PARENT, name, NULL);
		inode_table_forget(t, ids[i], 1);
	}
	CHECK_EQ(inode_table_count(t), MANY / 2);
	CHECK_EQ(inode_table_subdirs(t, PARENT), MANY / 2);
	for (int i = 0; i < MANY; i++) {
		struct inode_entry *e;

		snprintf(name, sizeof(name), "b%d", i);
		e = inode_table_lookup(t, PARENT, name);
		bad_gone += (i % 2 == 0) != (e == NULL);
		inode_table_put(t, e);
	}
	CHECK_EQ(bad_gone, 0);
	inode_table_destroy(t);
}

/* Threads racing add, lookup, get, remove, rename, ref and forget on a few names:
 * no entry is lost or freed twice, and every payload is released once. */
#define THREADS 4
#define ITERS 50000
#define NAMES 8

static atomic_long racing_added, racing_released;
static struct inode_table *racing;

static void release_counted(void *payload)
{
	atomic_fetch_add(&racing_released, 1);
	free(payload);
}

static void *race(void *arg)
{
	unsigned seed = (unsigned)(uintptr_t)arg;
	char name[16], other[16], got[INODE_NAME_ROOM];
	long bad = 0;

	for (int i = 0; i < ITERS; i++) {
		struct inode_entry *e;
		uint64_t id;
		int *payload;

		snprintf(name, sizeof(name), "n%d", rand_r(&seed) % NAMES);
		snprintf(other, sizeof(other), "n%d", rand_r(&seed) % NAMES);
		switch (rand_r(&seed) % 5) {
		case 0:
			payload = malloc(sizeof(*payload));
			if (!payload)
				break;
			if (inode_table_add(racing, PARENT, name, 1, INODE_DIR, payload,
					    release_counted, &id) == 0)
				atomic_fetch_add(&racing_added, 1);
			else
				free(payload);
			break;
		case 1:
			e = inode_table_lookup(racing, PARENT, name);
			/* Renamed meanwhile, or removed: still a name of the set. */
			if (e && inode_table_name(racing, inode_entry_id(e), got, sizeof(got)) == 0 &&
			    strncmp(got, "n", 1) != 0)
				bad++;
			if (e && inode_table_ref(racing, inode_entry_id(e), 2) == 0)
				inode_table_forget(racing, inode_entry_id(e), 2);
			inode_table_put(racing, e);
			break;
		case 2:
			if (inode_table_remove(racing, PARENT, name, &e) == 0)
				inode_table_put(racing, e);
			break;
		case 3:
			inode_table_rename(racing, PARENT, name, other);
			break;
		default:
			e = inode_table_lookup(racing, PARENT, name);
			if (e) {
				id = inode_entry_id(e);
				inode_table_put(racing, e);
				e = inode_table_get(racing, id);
				if (e && inode_entry_id(e) != id)
					bad++;
				inode_table_put(racing, e);
			}
		}
	}
	return (void *)(intptr_t)bad;
}

static void test_threads(void)
{
	pthread_t th[THREADS];
	char name[16];

	REQUIRE(inode_table_create(&racing) == 0, "create");
	for (int i = 0; i < THREADS; i++)
		REQUIRE(pthread_create(&th[i], NULL, race, (void *)(uintptr_t)(i + 1)) == 0,
			"thread");
	for (int i = 0; i < THREADS; i++) {
		void *bad;

		pthread_join(th[i], &bad);
		CHECK_EQ((intptr_t)bad, 0);
	}
	for (int i = 0; i < NAMES; i++) {
		snprintf(name, sizeof(name), "n%d", i);
		inode_table_remove(racing, PARENT, name, NULL);
	}
	CHECK_EQ(inode_table_count(racing), 0);
	CHECK_EQ(inode_table_subdirs(racing, PARENT), 0);
	CHECK(atomic_load(&racing_added) > 0, "some adds won");
	CHECK_EQ(atomic_load(&racing_released), atomic_load(&racing_added));
	inode_table_destroy(racing);
}

static int names_of(void *ctx, uint64_t id, const char *name, int kind)
{
	(void)id;
	(void)kind;
	strcat(ctx, name);
	strcat(ctx, ",");
	return 0;
}

/* rename keeps the entry (its id, lookups, place in the listing) under a
 * new name, and replaces an entry of that name as rename(2) does: that
 * one is gone by name and by id, and released once forgotten. */
static void test_rename(void)
{
	struct inode_table *t;
	struct inode_entry *e;
	uint64_t a, b, c, d;
	char buf[INODE_NAME_ROOM], list[64] = "", longname[80];

	memset(released, 0, sizeof(released));
	REQUIRE(inode_table_create(&t) == 0, "create");
	CHECK_EQ(inode_table_add(t, PARENT, "a", 3, 0, &released[0], release_slot, &a), 0);
	CHECK_EQ(inode_table_add(t, PARENT, "b", 3, 0, &released[1], release_slot, &b), 0);
	CHECK_EQ(inode_table_add(t, PARENT, "c", 3, 0, &released[2], release_slot, &c), 0);
	inode_table_ref(t, a, 1);
	inode_table_ref(t, c, 1);

	CHECK_EQ(inode_table_rename(t, PARENT, "a", "x"), 0);
	CHECK(inode_table_lookup(t, PARENT, "a") == NULL, "a is gone by name");
	e = inode_table_lookup(t, PARENT, "x");
	CHECK(e && inode_entry_id(e) == a, "x is a's entry");
	inode_table_put(t, e);
	CHECK(inode_table_name(t, a, buf, sizeof(buf)) == 0 && !strcmp(buf, "x"), "name %s", buf);
	inode_table_foreach_child(t, PARENT, names_of, list);
	CHECK(!strcmp(list, "x,b,c,"), "its place kept: %s", list);

	/* Over c: c is removed, released when forgotten. */
	CHECK_EQ(inode_table_rename(t, PARENT, "x", "c"), 0);
	e = inode_table_lookup(t, PARENT, "c");
	CHECK(e && inode_entry_id(e) == a, "c is a's entry now");
	inode_table_put(t, e);
	CHECK(inode_table_get(t, c) == NULL, "the old c is gone by id");
	CHECK_EQ(inode_table_name(t, c, buf, sizeof(buf)), -ENOENT);
	CHECK_EQ(released[2], 0);
	inode_table_forget(t, c, 1);
	CHECK_EQ(released[2], 1);
	list[0] = '\0';
	inode_table_foreach_child(t, PARENT, names_of, list);
	CHECK(!strcmp(list, "c,b,"), "listing %s", list);

	/* To its own name: nothing changes. */
	CHECK_EQ(inode_table_rename(t, PARENT, "b", "b"), 0);
	e = inode_table_lookup(t, PARENT, "b");
	CHECK(e && inode_entry_id(e) == b, "b stays");
	inode_table_put(t, e);

	CHECK_EQ(inode_table_rename(t, PARENT, "nope", "y"), -ENOENT);
	CHECK_EQ(inode_table_rename(t, OTHER, "b", "y"), -ENOENT);
	memset(longname, 'l', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	CHECK_EQ(inode_table_rename(t, PARENT, "b", longname), -ENAMETOOLONG);
	CHECK(inode_table_lookup(t, PARENT, longname) == NULL, "not renamed");
	/* An entry made with a long name may take one as long back. */
	CHECK_EQ(inode_table_add(t, PARENT, longname, 3, 0, NULL, NULL, &d), 0);
	CHECK_EQ(inode_table_rename(t, PARENT, longname, "short"), 0);
	CHECK_EQ(inode_table_rename(t, PARENT, "short", longname), 0);
	CHECK_EQ(inode_table_name(t, d, buf, 8), -ENAMETOOLONG);

	inode_table_destroy(t);
	CHECK_EQ(released[0], 1);
	CHECK_EQ(released[1], 1);
}

int main(void)
{
	test_add_find();
	test_children_order();
	test_lookup_forget_remove();
	test_growth();
	test_rename();
	test_threads();
	return check_exit("test_inode_table");
}
