/* SPDX-License-Identifier: Apache-2.0
 *
 * Source lines of kernel ELFs (runtime/debug/srcline.c): a kernel and a
 * header of the user's, built through the real build (build.c, with its
 * debug info and prefix maps), every address of its code looked up:
 * the user's line with the SDK call inlined into it, a user header's
 * own line, an out-of-line SDK function's caller, no path of this
 * machine, the same ELF from two builds in different directories; and
 * what has no line (an ELF without debug info, bytes that are no ELF, an
 * address past the code).
 */
#include "../check.h"
#include "../program/temp_dir.h"
#include "debug/srcline.h"
#include "program/build/build.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char reader[] =
	"#include \"api/dataflow/dataflow_api.h\"\n"     /* 1 */
	"#include \"my.h\"\n"                             /* 2 */
	"void kernel_main()\n"                            /* 3 */
	"{\n"                                             /* 4 */
	"\tcb_wait_front(tt::CBIndex::c_3, 1);\n"         /* 5 */
	"\tpoke(get_arg_val<uint32_t>(0));\n"             /* 6 */
	"}\n";
static const char my_h[] =
	"#pragma once\n"                                             /* 1 */
	"#include <cstdint>\n"                                       /* 2 */
	"inline void poke(uint32_t v)\n"                             /* 3 */
	"{\n"                                                        /* 4 */
	"\t*reinterpret_cast<volatile uint32_t *>(0x400000u) = v;\n" /* 5 */
	"}\n";

static struct build_env env;

/* reader.cpp with my.h beside it, built for NCRISC in cache_dir. */
static void build_reader(const char *sdk, const char *inc, const char *cache_dir,
			 struct build_result *r)
{
	char err[512] = "";
	const struct build_file files[] = { { "my.h", my_h, sizeof(my_h) - 1 },
					    { "reader.cpp", reader, sizeof(reader) - 1 } };
	struct build_request req = { .risc = PACK_NCRISC, .name = "reader.cpp", .source = reader,
				     .source_len = sizeof(reader) - 1, .files = files,
				     .n_files = 2, .noc = 1 };

	REQUIRE(build_env_init(&env, NULL, sdk, inc, cache_dir, err, sizeof(err)) == 0, "%s", err);
	if (build_kernel(&env, &req, r) != 0)
		fprintf(stderr, "reader.cpp: %s\n", r->log ? r->log : "(no log)");
	REQUIRE(r->status == 0 && r->elf, "build reader.cpp");
}

/* Every place the ELF's first 1 KiB of code is at, one per line. */
static char *all_places(struct srcline_elf *s)
{
	char *text = calloc(1, 1 << 16), where[256];
	size_t used = 0;

	REQUIRE(text != NULL, "calloc");
	for (uint64_t a = 0; a < 1024; a += 2) {
		if (srcline_where(s, a, 0, where, sizeof(where)) != 0)
			continue;
		if (used + strlen(where) + 2 < (1 << 16) && !strstr(text, where))
			used += (size_t)sprintf(text + used, "%s\n", where);
	}
	return text;
}

/* An address whose place is exactly want, or UINT64_MAX. */
static uint64_t address_of(struct srcline_elf *s, const char *want)
{
	char where[256];

	for (uint64_t a = 0; a < 1024; a += 2)
		if (srcline_where(s, a, 0, where, sizeof(where)) == 0 && !strcmp(where, want))
			return a;
	return UINT64_MAX;
}

static bool has_bytes(const uint8_t *hay, size_t n, const char *needle)
{
	return memmem(hay, n, needle, strlen(needle)) != NULL;
}

static void test_places(struct srcline_elf *s)
{
	char *places = all_places(s), where[256];
	uint64_t sdk_only = UINT64_MAX, in_call;

	/* The SDK call inlined into the user's line, and the user's own
	 * header. */
	CHECK(strstr(places, "reader.cpp:5 kernel_main, in cb_wait_front\n") != NULL, "%s", places);
	CHECK(strstr(places, "my.h:5 poke\n") != NULL, "%s", places);
	/* No place is a path of this machine, or any absolute path. */
	CHECK(!strstr(places, "\n/") && places[0] != '/', "%s", places);
	CHECK(!strstr(places, "/tmp") && !strstr(places, "/work"), "%s", places);
	/* SDK code with no frame of the user's (start-up): as it is. */
	for (uint64_t a = 0; a < 1024 && sdk_only == UINT64_MAX; a += 2)
		if (srcline_where(s, a, 0, where, sizeof(where)) == 0 && !strncmp(where, "sdk/", 4))
			sdk_only = a;
	CHECK(sdk_only != UINT64_MAX, "no SDK-only address in\n%s", places);
	/* ... unless a caller's address is given (the ra of an SDK function
	 * not inlined): the user's frame there. */
	in_call = address_of(s, "reader.cpp:5 kernel_main, in cb_wait_front");
	REQUIRE(in_call != UINT64_MAX, "no address in cb_wait_front");
	CHECK_EQ(srcline_where(s, sdk_only, in_call, where, sizeof(where)), 0);
	CHECK(!strcmp(where, "reader.cpp:5 kernel_main, in cb_wait_front"), "%s", where);
	/* A caller in SDK code too gives the SDK place. */
	CHECK_EQ(srcline_where(s, sdk_only, sdk_only, where, sizeof(where)), 0);
	CHECK(!strncmp(where, "sdk/", 4), "%s", where);
	/* Past the code: nothing. */
	CHECK_EQ(srcline_where(s, 0x100000, 0, where, sizeof(where)), -ENOENT);
	CHECK_EQ(where[0], '\0');
	/* A short buffer is cut, not overrun. */
	CHECK_EQ(srcline_where(s, in_call, 0, where, 8), 0);
	CHECK_EQ(strlen(where), 7);
	free(places);
}

/* The SDK call's arguments: the constant ones without any register; a
 * register the debug info names is read from the state given. */
static void test_arguments(struct srcline_elf *s)
{
	struct srcline_state none = { 0 };
	uint64_t in_call = address_of(s, "reader.cpp:5 kernel_main, in cb_wait_front");
	char where[256];

	REQUIRE(in_call != UINT64_MAX, "no address in cb_wait_front");
	CHECK_EQ(srcline_where_at(s, in_call, 0, &none, where, sizeof(where)), 0);
	CHECK(!strcmp(where, "reader.cpp:5 kernel_main, in cb_wait_front(3, 1)"), "%s", where);
	/* Without a state, as srcline_where: the name alone. */
	CHECK_EQ(srcline_where_at(s, in_call, 0, NULL, where, sizeof(where)), 0);
	CHECK(!strcmp(where, "reader.cpp:5 kernel_main, in cb_wait_front"), "%s", where);
}

/* The code the ELF loads is compared with what L1 holds now. */
static void test_code_matches(struct srcline_elf *s, const uint8_t *elf, size_t len)
{
	uint8_t word[4];
	const uint8_t *text = NULL;

	/* The first PT_LOAD's bytes, at link address 0 (kernel.ld). */
	for (size_t off = 0x34; off + 4 <= len && !text; off += 4)
		if (!memcmp(elf + off, "\x37\x06\xb2\xff", 4))   /* lui a2,0xffb20: _start */
			text = elf + off;
	if (!text) {
		CHECK(srcline_code_matches(s, 0, elf, 0) >= 0, "the ELF has code at 0");
		return;
	}
	memcpy(word, text, 4);
	CHECK_EQ(srcline_code_matches(s, 0, word, 4), 1);
	word[0] ^= 1;
	CHECK_EQ(srcline_code_matches(s, 0, word, 4), 0);
	CHECK_EQ(srcline_code_matches(s, 0x100000, word, 4), -ENOENT);
}

/* ELFs with no lines: section headers gone (as a strip of .debug_*
 * would leave no DWARF), and bytes that are no ELF. */
static void test_no_lines(const uint8_t *elf, size_t len)
{
	uint8_t *copy = malloc(len);
	struct srcline_elf *s;
	char where[64] = "x";

	REQUIRE(copy != NULL, "malloc");
	memcpy(copy, elf, len);
	memset(copy + 0x20, 0, 4);   /* e_shoff */
	memset(copy + 0x30, 0, 4);   /* e_shnum, e_shstrndx */
	s = srcline_elf_new(copy, len);
	REQUIRE(s != NULL, "srcline_elf_new");
	CHECK_EQ(srcline_where(s, 0x10, 0, where, sizeof(where)), -ENOENT);
	CHECK_EQ(where[0], '\0');
	srcline_elf_put(s);
	memset(copy, 0x5a, len);
	s = srcline_elf_new(copy, len);
	REQUIRE(s != NULL, "srcline_elf_new");
	CHECK_EQ(srcline_where(s, 0x10, 0, where, sizeof(where)), -ENOENT);
	CHECK_EQ(srcline_code_matches(s, 0x10, copy, 4), -ENOENT);
	srcline_elf_put(s);
	free(copy);
}

static void test_names(void)
{
	static const struct {
		const char *file, *shown;
		int user;
	} cases[] = {
		{ "./reader.cpp", "reader.cpp", 1 },
		{ "././my.h", "my.h", 1 },
		{ "sdk/api/dataflow/dataflow_api.h", "sdk/api/dataflow/dataflow_api.h", 0 },
		{ "include/tt/l1_map.h", "include/tt/l1_map.h", 0 },
		{ "../chlkc_descriptors.h", "../chlkc_descriptors.h", 0 },
		{ "/usr/lib/gcc/riscv64-unknown-elf/12.2.0/include/stdint.h", ".../stdint.h", 0 },
		{ "/", "/", 0 },
		{ "<built-in>", "<built-in>", 0 },
		{ NULL, "??", 0 },
	};
	char buf[128];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		srcline_show_file(cases[i].file, buf, sizeof(buf));
		CHECK(!strcmp(buf, cases[i].shown), "%s shown as %s", cases[i].file, buf);
		CHECK_EQ(srcline_is_user_file(buf), cases[i].user);
	}
}

struct racer {
	struct srcline_elf *s;
	uint64_t addr;
	char want[256];
	int bad;
};

static void *race(void *arg)
{
	struct racer *r = arg;
	char where[256];

	for (int i = 0; i < 200; i++)
		if (srcline_where(r->s, r->addr, 0, where, sizeof(where)) || strcmp(where, r->want))
			r->bad++;
	return NULL;
}

/* One ELF looked up from several threads at once (the status of many
 * cores running the same kernel), its first lookup among them. */
static void test_threads(const uint8_t *elf, size_t len, uint64_t addr)
{
	struct srcline_elf *s = srcline_elf_new(elf, len);
	struct racer r[4];
	pthread_t t[4];

	REQUIRE(s != NULL, "srcline_elf_new");
	for (int i = 0; i < 4; i++) {
		r[i] = (struct racer){ .s = s, .addr = addr };
		snprintf(r[i].want, sizeof(r[i].want), "reader.cpp:5 kernel_main, in cb_wait_front");
		srcline_elf_get(s);
		REQUIRE(pthread_create(&t[i], NULL, race, &r[i]) == 0, "pthread_create");
	}
	srcline_elf_put(s);   /* the threads hold it now */
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		CHECK_EQ(r[i].bad, 0);
		srcline_elf_put(r[i].s);
	}
}

int main(int argc, char **argv)
{
	char cache1[] = "/tmp/ttfs-srcline-XXXXXX", cache2[] = "/tmp/ttfs-srcline-XXXXXX";
	struct build_result a, b;
	struct srcline_elf *s;
	uint64_t in_call;

	REQUIRE(argc == 3, "usage: %s SDK_DIR INCLUDE_DIR", argv[0]);
	REQUIRE(mkdtemp(cache1) && mkdtemp(cache2), "mkdtemp");
	build_reader(argv[1], argv[2], cache1, &a);
	build_reader(argv[1], argv[2], cache2, &b);
	/* The builds' directories (one new one per build) are not in the
	 * ELF: two builds of the same kernel are the same bytes. */
	CHECK(!a.cache_hit && !b.cache_hit, "both compiled");
	CHECK(a.elf_len == b.elf_len && !memcmp(a.elf, b.elf, a.elf_len),
	      "two builds differ (%zu, %zu bytes)", a.elf_len, b.elf_len);
	CHECK(!has_bytes(a.elf, a.elf_len, cache1), "the ELF names the build's directory");
	CHECK(!has_bytes(a.elf, a.elf_len, argv[1]), "the ELF names the SDK's directory");
	CHECK(!has_bytes(a.elf, a.elf_len, argv[2]), "the ELF names the include directory");
	CHECK(has_bytes(a.elf, a.elf_len, "sdk/api/dataflow"), "the ELF names the SDK as sdk/");

	s = srcline_elf_new(a.elf, a.elf_len);
	REQUIRE(s != NULL, "srcline_elf_new");
	test_places(s);
	test_arguments(s);
	test_code_matches(s, a.elf, a.elf_len);
	in_call = address_of(s, "reader.cpp:5 kernel_main, in cb_wait_front");
	srcline_elf_put(s);
	test_threads(a.elf, a.elf_len, in_call);
	test_no_lines(a.elf, a.elf_len);
	test_names();

	build_result_free(&a);
	build_result_free(&b);
	temp_dir_remove(cache1);
	temp_dir_remove(cache2);
	return check_exit("test_srcline");
}
