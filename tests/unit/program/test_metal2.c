/* SPDX-License-Identifier: Apache-2.0
 *
 * Metal 2.0 kernels (runtime/program/build/metal2.c): the
 * kernel_args_generated.h written from an args section, the kernel_main
 * written for a TT_KERNEL entry, a marker in a comment, a string or a
 * preprocessor line left alone, the errors with their lines, and random
 * text around markers read without a fault (built under ASan and UBSan).
 */
#include "program/args/args.h"
#include "program/build/metal2.h"

#include "../check.h"
#include "../test_rng.h"

#include <errno.h>
#include <string.h>

static const char section[] = "[program]\ncores = 0,0\n[kernel.m2]\nsource = m.cpp\n"
			      "processor = brisc\nnamed_compile_args = block=3 scale=10\n"
			      "arg_names = out n\ncommon_arg_names = bias\n"
			      "args = 1 2 3\ncommon_args = 4\n";

static struct prog_args *parse(const char *text)
{
	struct prog_args *a = NULL;
	char err[256];

	REQUIRE(prog_args_parse(text, strlen(text), "args", 12, 10, &a, err, sizeof(err)) == 0,
		"%s", err);
	return a;
}

static int prepare(const struct prog_args *a, const char *src, struct metal2_kernel *m, char *err)
{
	return metal2_prepare(&a->kernel[a->n_kernels - 1], NULL, src, strlen(src), m, err, 256);
}

static void entry_and_header(const struct prog_args *a)
{
	static const char src[] = "#include \"experimental/kernel_args.h\"\n"
				  "// TT_KERNEL in a comment\n"
				  "template <uint32_t block, uint32_t scale>\n"
				  "TT_KERNEL void f(uint32_t out, const uint32_t n, uint32_t bias) {}\n";
	struct metal2_kernel m;
	char err[256];

	REQUIRE(prepare(a, src, &m, err) == 0, "%s", err);
	REQUIRE(m.header && m.source, "a header and an entry");
	CHECK(strstr(m.header, "constexpr experimental::RtaArg<uint32_t> out{0};"), "%s", m.header);
	CHECK(strstr(m.header, "constexpr experimental::RtaArg<uint32_t> n{4};"), "%s", m.header);
	CHECK(strstr(m.header, "constexpr experimental::CrtaArg<uint32_t> bias{0};"), "%s", m.header);
	CHECK(strstr(m.header, "constexpr experimental::CtaVal<uint32_t> scale{10u};"), "%s", m.header);
	CHECK(strstr(m.header, "get_arg_val<uint32_t>(2 + idx)"), "%s", m.header);
	CHECK(strstr(m.header, "get_common_arg_val<uint32_t>(1 + idx)"), "%s", m.header);
	CHECK_EQ(m.source_len, strlen(m.source));
	CHECK(!strncmp(m.source, src, strlen(src)), "the source comes first, unchanged");
	CHECK(strstr(m.source, "\tf<get_arg(args::block), get_arg(args::scale)>(get_arg(args::out), "
			       "get_arg(args::n), get_arg(args::bias));\n}\n"), "%s", m.source);
	metal2_free(&m);
}

static void not_a_marker(void)
{
	static const char src[] = "// TT_KERNEL\nconst char *s = \"TT_KERNEL\";\n"
				  "#define X TT_KERNEL\nvoid kernel_main() {}\n";
	struct prog_args *a = parse("[program]\ncores = 0,0\n[kernel.k]\nsource = k.cpp\n"
				    "processor = brisc\nnamed_compile_args = x=1\n");
	struct metal2_kernel m;
	char err[256];

	CHECK_EQ(prepare(a, src, &m, err), 0);
	CHECK(!m.header && !m.source, "a legacy kernel gets no header and no entry");
	prog_args_free(a);
}

static void no_params(void)
{
	struct prog_args *a = parse("[program]\ncores = 0,0\n[kernel.k]\nsource = k.cpp\n"
				    "processor = brisc\n");
	struct metal2_kernel m;
	char err[256];

	REQUIRE(prepare(a, "TT_KERNEL void g(void) {}\n", &m, err) == 0, "%s", err);
	CHECK(m.header && strstr(m.source, "\tg();\n"), "%s", m.source ? m.source : "");
	metal2_free(&m);
	prog_args_free(a);
}

/* The bindings: dfb::, sem::, tensor:: and scratch:: tokens, a tensor's
 * address the common arg after the named ones, a scratchpad's after the
 * tensors', the common varargs after all of them; a kernel with bindings
 * only is a Metal 2.0 one. scratch:: with no scratch_names fails unless
 * the source has its own namespace scratch. */
static void bindings(void)
{
	static uint32_t cta[] = { 5, 9 }, sizes[] = { 4096 };
	const struct prog_resolved_kernel rk = { .tensor_cta = cta, .scratch_size = sizes };
	struct prog_args *a = parse("[program]\ncores = 0,0\n[kernel.k]\nsource = k.cpp\n"
				    "processor = brisc\ncommon_arg_names = c\ncommon_args = 1\n"
				    "dfb_names = in=0 out=16\nsemaphore_names = go=3\n"
				    "tensor_names = t=bufa u=bufb\nscratch_names = pad=l1buf\n");
	struct prog_args *plain = parse("[program]\ncores = 0,0\n[kernel.k]\nsource = k.cpp\n"
					"processor = brisc\narg_names = x\nargs = 1\n");
	const struct prog_kernel_args *k = &a->kernel[a->n_kernels - 1];
	struct metal2_kernel m;
	char err[256];

	REQUIRE(metal2_prepare(k, &rk, "void kernel_main() {}\n", 22, &m, err, sizeof(err)) == 0,
		"%s", err);
	REQUIRE(m.header && !m.source, "a header, no entry");
	CHECK(strstr(m.header, "namespace dfb {\nconstexpr DFBBindingToken in{0};\n"
			       "constexpr DFBBindingToken out{16};\n}"), "%s", m.header);
	CHECK(strstr(m.header, "constexpr SemaphoreBindingToken<3u, SemScope::LOCAL_NONATOMIC> go{};"),
	      "%s", m.header);
	CHECK(strstr(m.header, "using t_t = ::tensor_accessor::TensorBindingToken<5u, 4u>;\n"
			       "constexpr t_t t{};\n"
			       "using u_t = ::tensor_accessor::TensorBindingToken<9u, 8u>;"), "%s", m.header);
	CHECK(strstr(m.header, "constexpr ScratchpadBindingToken pad{3u, 4096u};"), "%s", m.header);
	CHECK(strstr(m.header, "get_common_arg_val<uint32_t>(4 + idx)"), "%s", m.header);
	metal2_free(&m);
	CHECK_EQ(metal2_prepare(k, NULL, "void kernel_main() {}\n", 22, &m, err, sizeof(err)),
		 -EINVAL);
	k = &plain->kernel[plain->n_kernels - 1];
	CHECK_EQ(metal2_prepare(k, NULL, "void kernel_main()\n{\n\tauto p = scratch :: pad;\n}\n", 49,
				&m, err, sizeof(err)), -EIO);
	CHECK(!strcmp(err, "k.cpp:3: scratch:: names a Metal 2.0 scratchpad binding, and the args "
			   "section binds none (scratch_names = NAME=L1BUFFER)"), "%s", err);
	REQUIRE(metal2_prepare(k, NULL, "namespace scratch { int pad; }\nint x = scratch::pad;\n", 53,
			       &m, err, sizeof(err)) == 0, "%s", err);
	metal2_free(&m);
	prog_args_free(plain);
	prog_args_free(a);
}

static void errors(const struct prog_args *a)
{
	static const struct { const char *src, *want; } cases[] = {
		{ "\n\nTT_KERNEL void f(uint32_t out, uint32_t n) {}\n",
		  "m.cpp:3: TT_KERNEL entry 'f' does not match the args section: parameters the "
		  "section does not name: none; named args it does not take: block scale bias" },
		{ "TT_KERNEL void f(float out) {}", "m.cpp:1: TT_KERNEL entry 'f': parameter 'float out' is not uint32_t" },
		{ "TT_KERNEL void f(uint32_t) {}", "m.cpp:1: TT_KERNEL entry 'f': a parameter without a name" },
		{ "TT_KERNEL void f() {}\nTT_KERNEL void g() {}", "m.cpp:2: a second TT_KERNEL entry (the first is at line 1)" },
		{ "TT_KERNEL int f() {}", "m.cpp:1: TT_KERNEL: the entry must return void" },
		{ "TT_KERNEL void f(uint32_t out", "m.cpp:1: TT_KERNEL entry 'f': unclosed parameter list" },
		{ "TT_KERNEL", "m.cpp:1: TT_KERNEL: the entry must return void" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct metal2_kernel m;
		char err[256] = "";

		CHECK_EQ(prepare(a, cases[i].src, &m, err), -EIO);
		CHECK(!strncmp(err, cases[i].want, strlen(cases[i].want)), "case %zu: %s", i, err);
		CHECK(!m.header && !m.source, "case %zu: nothing made", i);
	}
}

/* Random text with markers, brackets and quotes: no fault, no leak. */
static void random_text(const struct prog_args *a)
{
	static const char *const bits[] = { "TT_KERNEL", " void ", "f", "(", ")", "<", ">", ",",
					    "template", "uint32_t", " x", "\"", "'", "//", "/*",
					    "*/", "\n", "#", "\\", "const", "n", "out" };
	uint64_t r = 2024;

	for (int t = 0; t < 3000; t++) {
		char src[512] = "";
		struct metal2_kernel m;
		char err[256];
		int n = (int)(test_rng_next(&r) % 40);

		for (int i = 0; i < n; i++)
			strcat(src, bits[test_rng_next(&r) % (sizeof(bits) / sizeof(bits[0]))]);
		int rc = prepare(a, src, &m, err);
		CHECK(rc == 0 || rc == -EIO, "rc %d on '%s'", rc, src);
		metal2_free(&m);
	}
}

int main(void)
{
	struct prog_args *a = parse(section);

	entry_and_header(a);
	not_a_marker();
	bindings();
	no_params();
	errors(a);
	random_text(a);
	prog_args_free(a);
	return check_exit("test_metal2");
}
