/* SPDX-License-Identifier: Apache-2.0
 *
 * A program's files (ttrt.h, "A program's files"), without a mount: made,
 * set, read, listed, removed and renamed by name, empty ones too; at most
 * TTRT_PROGRAM_FILES_MAX of TTRT_PROGRAM_FILE_MAX bytes; the args file as
 * one of them, whose text is parsed when set, checked before a rename
 * over it (refused: the old args stay, the status says why) and gone
 * when renamed away; an empty kernel source is no kernel.
 */
#include "program_status_util.h"
#include "temp_dir.h"
#include "../launch/launch_util.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

static struct ttrt_device *dev;

/* The file's text is want (NULL: there is no such file). */
static bool file_is(struct ttrt_program *p, const char *name, const char *want)
{
	char *text = NULL;
	size_t len = 0, size = 7;
	int rc = ttrt_program_get_file(p, name, &text, &len);
	bool ok;

	if (!want)
		return rc == -ENOENT && ttrt_program_file_size(p, name, &size) == -ENOENT;
	ok = rc == 0 && len == strlen(want) && (!len || !memcmp(text, want, len)) &&
	     ttrt_program_file_size(p, name, &size) == 0 && size == len;
	free(text);
	return ok;
}

static int set(struct ttrt_program *p, const char *name, const char *text)
{
	return ttrt_program_set_file(p, name, text, strlen(text));
}

struct listing {
	char text[4096];
	unsigned n;
};

static int list_one(void *ctx, const char *name, size_t len)
{
	struct listing *l = ctx;
	size_t at = strlen(l->text);

	snprintf(l->text + at, sizeof(l->text) - at, "%s:%zu ", name, len);
	l->n++;
	return 0;
}

static unsigned count(struct ttrt_program *p)
{
	struct listing l = { "", 0 };

	CHECK_EQ(ttrt_program_list_files(p, list_one, &l), 0);
	return l.n;
}

static struct ttrt_program *new_program(const char *name)
{
	struct ttrt_program *p;

	REQUIRE(ttrt_program_new(dev, name, NULL, NULL, &p) == 0, "program %s", name);
	return p;
}

static void test_files(void)
{
	struct ttrt_program *p = new_program("files");
	char *big = calloc(1, TTRT_PROGRAM_FILE_MAX + 1);
	struct listing l = { "", 0 };
	char name[TTRT_BUFFER_NAME_MAX + 2];

	REQUIRE(big, "calloc");
	CHECK_EQ(count(p), 0);
	CHECK(file_is(p, "args", NULL), "a new program has no args");
	CHECK_EQ(ttrt_program_create_file(p, "a.h"), 0);
	CHECK(file_is(p, "a.h", ""), "a new file is empty");
	CHECK_EQ(ttrt_program_create_file(p, "a.h"), -EEXIST);
	CHECK_EQ(set(p, "a.h", "#define A 1\n"), 0);
	CHECK(file_is(p, "a.h", "#define A 1\n"), "set");
	CHECK_EQ(set(p, "b.h", "b"), 0);
	CHECK(file_is(p, "b.h", "b"), "set makes the file");
	CHECK_EQ(ttrt_program_set_file(p, "b.h", "", 0), 0);
	CHECK(file_is(p, "b.h", ""), "set empty: the file stays, empty");
	CHECK_EQ(ttrt_program_create_file(p, "a b"), -EINVAL);
	CHECK_EQ(set(p, "x~", "x"), -EINVAL);
	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	CHECK_EQ(ttrt_program_create_file(p, name), -ENAMETOOLONG);
	CHECK_EQ(ttrt_program_set_file(p, "big.h", big, TTRT_PROGRAM_FILE_MAX + 1), -EFBIG);
	CHECK_EQ(ttrt_program_set_file(p, "big.h", big, TTRT_PROGRAM_FILE_MAX), 0);
	CHECK_EQ(ttrt_program_list_files(p, list_one, &l), 0);
	CHECK(strstr(l.text, "a.h:12 ") && strstr(l.text, "b.h:0 ") &&
	      strstr(l.text, "big.h:1048576 ") && l.n == 3, "listing: %s", l.text);

	CHECK_EQ(ttrt_program_remove_file(p, "big.h"), 0);
	CHECK(file_is(p, "big.h", NULL), "removed");
	CHECK_EQ(ttrt_program_remove_file(p, "big.h"), -ENOENT);

	/* rename: to a new name, over another file, to itself. */
	CHECK_EQ(ttrt_program_rename_file(p, "a.h", "c.h", NULL, 0), 0);
	CHECK(file_is(p, "a.h", NULL) && file_is(p, "c.h", "#define A 1\n"), "renamed");
	CHECK_EQ(ttrt_program_rename_file(p, "c.h", "b.h", NULL, 0), 0);
	CHECK(file_is(p, "c.h", NULL) && file_is(p, "b.h", "#define A 1\n"), "over b.h");
	CHECK_EQ(count(p), 1);
	CHECK_EQ(ttrt_program_rename_file(p, "b.h", "b.h", NULL, 0), 0);
	CHECK(file_is(p, "b.h", "#define A 1\n"), "to itself");
	CHECK_EQ(ttrt_program_rename_file(p, "nope.h", "d.h", NULL, 0), -ENOENT);
	CHECK_EQ(ttrt_program_rename_file(p, "b.h", "d~", NULL, 0), -EINVAL);

	/* At most TTRT_PROGRAM_FILES_MAX, args among them. */
	CHECK_EQ(set(p, "args", "[program]\ncores = 0,0\n"), 0);
	for (int i = (int)count(p); i < TTRT_PROGRAM_FILES_MAX; i++) {
		snprintf(name, sizeof(name), "f%d.h", i);
		CHECK_EQ(ttrt_program_create_file(p, name), 0);
	}
	CHECK_EQ(count(p), TTRT_PROGRAM_FILES_MAX);
	CHECK_EQ(ttrt_program_create_file(p, "one-more.h"), -ENOSPC);
	CHECK_EQ(set(p, "one-more.h", "x"), -ENOSPC);
	CHECK_EQ(set(p, "b.h", "still settable"), 0);
	CHECK_EQ(ttrt_program_rename_file(p, "b.h", "one-more.h", NULL, 0), 0);
	CHECK_EQ(ttrt_program_remove_file(p, "args"), 0);
	CHECK(file_is(p, "args", NULL), "args removed");
	CHECK_EQ(count(p), TTRT_PROGRAM_FILES_MAX - 1);
	CHECK_EQ(ttrt_program_delete(p), 0);
	CHECK_EQ(ttrt_program_create_file(p, "late.h"), -ENOENT);
	CHECK_EQ(ttrt_program_list_files(p, list_one, &l), -ENOENT);
	ttrt_program_put(p);
	free(big);
}

static void test_args_file(void)
{
	static const char good[] = "[program]\ncores = 0,0\n";
	static const char good2[] = "[program]\ncores = 1,0\n";
	struct ttrt_program *p = new_program("args");
	char err[512] = "";
	char *text = NULL;
	size_t len = 0;

	CHECK_EQ(ttrt_program_create_file(p, "args"), 0);
	CHECK(file_is(p, "args", ""), "empty args");
	CHECK_EQ(set(p, "args", good), 0);
	CHECK(file_is(p, "args", good), "args as a file");
	CHECK_EQ(ttrt_program_get_args(p, &text, &len), 0);
	CHECK(len == strlen(good) && !memcmp(text, good, len), "the same text");
	free(text);

	/* A rename over args is checked first: refused, nothing moves. */
	CHECK_EQ(set(p, "new.ini", "[program]\ncorez = 1\n"), 0);
	CHECK_EQ(ttrt_program_rename_file(p, "new.ini", "args", err, sizeof(err)), -EINVAL);
	CHECK(strstr(err, "args:2: [program] unknown key 'corez'"), "err: %s", err);
	CHECK(file_is(p, "args", good) && file_is(p, "new.ini", "[program]\ncorez = 1\n"),
	      "nothing renamed");
	CHECK_EQ(ttrt_program_state(p), TTRT_PROGRAM_FAILED);
	CHECK(status_has(p, "error args:2: [program] unknown key 'corez'"), "the reason");
	/* The next change ends it. */
	CHECK_EQ(set(p, "new.ini", good2), 0);
	CHECK(ttrt_program_state(p) != TTRT_PROGRAM_FAILED, "a change ends the refusal");
	CHECK_EQ(ttrt_program_rename_file(p, "new.ini", "args", err, sizeof(err)), 0);
	CHECK(file_is(p, "args", good2) && file_is(p, "new.ini", NULL), "renamed over args");

	/* Renamed away: no args, the text under its new name. */
	CHECK_EQ(ttrt_program_rename_file(p, "args", "old.ini", NULL, 0), 0);
	CHECK(file_is(p, "args", NULL) && file_is(p, "old.ini", good2), "args renamed away");
	CHECK_EQ(ttrt_program_get_args(p, &text, &len), 0);
	CHECK(!text && !len, "no args");
	/* Set with a bad line: kept as written, and failing. */
	CHECK_EQ(set(p, "args", "[bad\n"), -EINVAL);
	CHECK(file_is(p, "args", "[bad\n"), "kept");
	CHECK_EQ(ttrt_program_state(p), TTRT_PROGRAM_FAILED);
	ttrt_program_delete(p);
	ttrt_program_put(p);
}

static void test_empty_source(void)
{
	struct ttrt_program *p = new_program("empty");
	char *s;

	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_READER, "void kernel_main() {}\n", 22), 0);
	CHECK(status_has(p, "kernels reader.cpp"), "a reader");
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_READER, "", 0), 0);
	s = status(p);
	CHECK(file_is(p, "reader.cpp", ""), "the file stays, empty");
	CHECK(!strstr(s, "reader.cpp"), "an empty source is no kernel: %s", s);
	free(s);
	CHECK_EQ(ttrt_program_state(p), TTRT_PROGRAM_EMPTY);
	ttrt_program_delete(p);
	ttrt_program_put(p);
}

int main(void)
{
	char cache[] = "/tmp/ttfs-test-program-files-XXXXXX";
	struct ttrt_config cfg;
	char err[512] = "";

	REQUIRE(mkdtemp(cache) != NULL, "mkdtemp");
	ttrt_config_defaults(&cfg);
	REQUIRE(ttrt_config_set(&cfg, "dram_size", "64M", err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_config_set(&cfg, "cache_dir", cache, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_device_open(&cfg, &dev, err, sizeof(err)) == 0, "open: %s", err);
	test_files();
	test_args_file();
	test_empty_source();
	ttrt_device_close(dev);
	temp_dir_remove(cache);
	return check_exit("test_program_files");
}
