/* SPDX-License-Identifier: Apache-2.0
 *
 * The program API (ttrt.h "programs") on the simulated chip, without a
 * mount: a loopback (a reader and a writer through a CB) run twice and
 * compared byte for byte, the second run building nothing; then what goes
 * wrong: bad args, no source, a compile error, an unknown buffer, a kernel
 * that hangs (timeout, what it waits on, the cores reset and the next run
 * fine), two programs on one core, a run interrupted, delete while running.
 *
 * test_program KERNELS_DIR   (tests/unit/sdk/kernels)
 */
#include "program_status_util.h"
#include "temp_dir.h"
#include "program/build/build.h"
#include "../launch/launch_util.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PAGES 8
#define PAGE  2048

static const char *kernels_dir;
static struct ttrt_buffer *buf_in, *buf_out;

static int lookup(void *ctx, const char *name, struct ttrt_buffer **out)
{
	(void)ctx;
	if (!strcmp(name, "in"))
		*out = buf_in;
	else if (!strcmp(name, "out"))
		*out = buf_out;
	else
		return -ENOENT;
	ttrt_buffer_get(*out);
	return 0;
}

static char *kernel_source(const char *name, size_t *len)
{
	char path[512];
	char *src;

	snprintf(path, sizeof(path), "%s/%s", kernels_dir, name);
	src = (char *)read_file(path, len);
	REQUIRE(src != NULL, "cannot read %s", path);
	return src;
}

static void set_kernel(struct ttrt_program *p, enum ttrt_kernel k, const char *file)
{
	size_t len = 0;
	char *src = kernel_source(file, &len);

	CHECK_EQ(ttrt_program_set_source(p, k, src, len), 0);
	free(src);
}

static int set_args(struct ttrt_program *p, const char *text)
{
	char err[512] = "";
	int rc = ttrt_program_set_args(p, text, strlen(text), err, sizeof(err));

	if (rc)
		fprintf(stderr, "(args: %s)\n", err);
	return rc;
}

/* A live status line may take a moment on a loaded machine: the
 * simulated RISC has to reach its wait first. */
static bool status_shows_soon(struct ttrt_program *p, const char *want)
{
	for (int i = 0; i < 100; i++) {
		char *s = status(p);
		bool ok = strstr(s, want) != NULL;

		free(s);
		if (ok)
			return true;
		usleep(50000);
	}
	return status_has(p, want);
}

static const char loopback_args[] = "[program]\ncores = 1,1\n"
				    "[cb.0]\nformat = bfloat16\npages = 2\n"
				    "[reader]\nargs = @in 8\ncompile_args = accessor(in)\n"
				    "[writer]\nargs = @out 8\n";

static struct ttrt_program *new_program(struct ttrt_device *dev, const char *name)
{
	struct ttrt_program *p;

	REQUIRE(ttrt_program_new(dev, name, lookup, NULL, &p) == 0, "program %s", name);
	return p;
}

static void test_loopback(struct ttrt_device *dev)
{
	static uint8_t in[PAGES * PAGE], out[PAGES * PAGE];
	struct ttrt_program *p = new_program(dev, "loopback");
	unsigned long compiles;

	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(rand() >> 7);
	CHECK_EQ(ttrt_buffer_write(buf_in, 0, in, sizeof(in)), 0);
	CHECK_EQ(ttrt_program_state(p), TTRT_PROGRAM_EMPTY);
	CHECK_EQ(set_args(p, loopback_args), 0);
	set_kernel(p, TTRT_KERNEL_READER, "loopback_reader.cpp");
	set_kernel(p, TTRT_KERNEL_WRITER, "loopback_writer.cpp");
	CHECK_EQ(ttrt_program_run(p, NULL), 0);
	CHECK(status_has(p, "state done\n"), "done");
	CHECK(status_has(p, "core 1,1 done\n"), "core done");
	CHECK_EQ(ttrt_buffer_read(buf_out, 0, out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) == 0, "loopback copies the bytes");

	/* Again, with other bytes: nothing is built, the result is new. */
	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)~in[i];
	CHECK_EQ(ttrt_buffer_write(buf_in, 0, in, sizeof(in)), 0);
	compiles = build_compiler_runs();
	CHECK_EQ(ttrt_program_run(p, NULL), 0);
	CHECK_EQ(build_compiler_runs(), compiles);   /* a warm run compiles nothing */
	/* The line tells the build that made what runs (one or two builds,
	 * depending on how the background builder split the two sources). */
	CHECK(status_has(p, " built, 0 from the cache)") && !status_has(p, "(0 built"),
	      "the build that made it");
	CHECK_EQ(ttrt_buffer_read(buf_out, 0, out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) == 0, "second run copies the new bytes");

	{
		const char *names[16];
		int n = ttrt_program_artifacts(p, names, 16);
		char *elf = NULL;
		size_t len = 0;

		CHECK_EQ(n, 5);   /* brisc and ncrisc, elf and xip, and the log */
		CHECK_EQ(ttrt_program_artifact(p, "ncrisc.elf", &elf, &len), 0);
		CHECK(len > 4 && elf && !memcmp(elf, "\x7f" "ELF", 4), "ncrisc.elf is an ELF");
		free(elf);
		CHECK_EQ(ttrt_program_artifact(p, "trisc0.elf", &elf, &len), -ENOENT);
	}
	CHECK_EQ(ttrt_program_delete(p), 0);
	CHECK_EQ(ttrt_program_run(p, NULL), -ENOENT);
	ttrt_program_put(p);
}

/* After all that, the chip still runs programs. */
static void test_loopback_again(struct ttrt_device *dev)
{
	struct ttrt_program *p = new_program(dev, "again");

	CHECK_EQ(set_args(p, loopback_args), 0);
	set_kernel(p, TTRT_KERNEL_READER, "loopback_reader.cpp");
	set_kernel(p, TTRT_KERNEL_WRITER, "loopback_writer.cpp");
	CHECK_EQ(ttrt_program_run(p, NULL), 0);
	ttrt_program_put(p);
}

static void test_bad_input(struct ttrt_device *dev)
{
	static const char broken[] = "void kernel_main()\n{\n\tint x = ;\n}\n";
	struct ttrt_program *p = new_program(dev, "bad");

	CHECK_EQ(set_args(p, "[program]\ncores = 0,0\nbogus = 1\n"), -EINVAL);
	CHECK(status_has(p, "args:3:"), "the bad line");
	CHECK(status_has(p, "state failed"), "failed");
	/* The reason stays through a source set and a run that the args stop. */
	set_kernel(p, TTRT_KERNEL_WRITER, "loopback_writer.cpp");
	CHECK(status_has(p, "error args:3: [program] unknown key 'bogus'"), "kept at a source set");
	CHECK_EQ(ttrt_program_run(p, NULL), -EINVAL);
	CHECK(status_has(p, "error args:3: [program] unknown key 'bogus'"), "kept by the run");
	CHECK(status_has(p, "state failed"), "failed after the run");
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_WRITER, "", 0), 0);
	CHECK_EQ(set_args(p, "[program]\ncores = 0,0\n"), 0);
	CHECK_EQ(ttrt_program_run(p, NULL), -ENOEXEC);
	CHECK(status_has(p, "no kernel source"), "no source");

	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_WRITER, broken, sizeof(broken) - 1), 0);
	CHECK_EQ(ttrt_program_run(p, NULL), -EIO);
	CHECK(status_has(p, "writer.cpp:3:"), "the compile error's line");
	{
		char *log = NULL;
		size_t len = 0;

		CHECK_EQ(ttrt_program_artifact(p, "log", &log, &len), 0);
		CHECK(log && memmem(log, len, "writer.cpp:3:", 13), "the log has it");
		CHECK(log && memmem(log, len, "== writer.cpp for brisc ==", 26), "under its header");
		free(log);
	}
	CHECK_EQ(set_args(p, "[program]\ncores = 0,0\n[reader]\nargs = @nosuch\n"), 0);
	set_kernel(p, TTRT_KERNEL_WRITER, "loopback_writer.cpp");
	CHECK_EQ(ttrt_program_run(p, NULL), -ENOENT);
	CHECK(status_has(p, "no buffer 'nosuch'"), "unknown buffer");
	ttrt_program_put(p);
}

/* The writer alone: it waits on CB 0 that no reader fills. */
static struct ttrt_program *hanging_program(struct ttrt_device *dev, const char *name,
					    const char *timeout_ms)
{
	struct ttrt_program *p = new_program(dev, name);
	char args[256];

	snprintf(args, sizeof(args),
		 "[program]\ncores = 1,1\ntimeout_ms = %s\n[cb.0]\nformat = bfloat16\npages = 2\n"
		 "[writer]\nargs = @out 8\n",
		 timeout_ms);
	CHECK_EQ(set_args(p, args), 0);
	set_kernel(p, TTRT_KERNEL_WRITER, "loopback_writer.cpp");
	return p;
}

static void test_hang(struct ttrt_device *dev)
{
	struct ttrt_program *p = hanging_program(dev, "hang", "1500");
	struct ttrt_program *ok = new_program(dev, "after");

	CHECK_EQ(ttrt_program_run(p, NULL), -ETIMEDOUT);
	CHECK(status_has(p, "state timeout"), "timeout");
	CHECK(status_has(p, "core 1,1 timeout: brisc"), "names the RISC");
	CHECK(status_has(p, "cb_wait_front cb 0: received 0 acked 0"), "and what it waited on");
	/* The same core right after: it was reset and runs the next program. */
	CHECK_EQ(set_args(ok, loopback_args), 0);
	set_kernel(ok, TTRT_KERNEL_READER, "loopback_reader.cpp");
	set_kernel(ok, TTRT_KERNEL_WRITER, "loopback_writer.cpp");
	CHECK_EQ(ttrt_program_run(ok, NULL), 0);
	ttrt_program_put(ok);
	ttrt_program_put(p);
}

static int calls_until_interrupt;

static int interrupt_later(void *arg)
{
	(void)arg;
	return --calls_until_interrupt <= 0;
}

static void test_busy_and_stop(struct ttrt_device *dev)
{
	struct ttrt_program *a = hanging_program(dev, "a", "20000");
	struct ttrt_program *b = hanging_program(dev, "b", "20000");
	struct ttrt_wait wait = { interrupt_later, NULL };
	struct timespec t0;

	CHECK_EQ(ttrt_program_start(a, NULL), 0);
	CHECK_EQ(ttrt_program_state(a), TTRT_PROGRAM_RUNNING);
	CHECK_EQ(ttrt_program_start(a, NULL), -EBUSY);
	CHECK_EQ(ttrt_program_run(b, NULL), -EBUSY);
	CHECK(status_has(b, "core 1,1 is in use by program 'a'"), "who holds the core");
	CHECK_EQ(ttrt_program_delete(a), -EBUSY);
	CHECK_EQ(ttrt_program_set_source(a, TTRT_KERNEL_READER, "x", 1), -EBUSY);
	/* A live status names what the writer waits on. */
	CHECK(status_shows_soon(a, "core 1,1 running; brisc"), "live per-RISC line");
	CHECK(status_has(a, "cb_wait_front cb 0"), "live wait reason");

	calls_until_interrupt = 5;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK_EQ(ttrt_program_wait(a, &wait), -EINTR);
	{
		struct timespec t1;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		CHECK(t1.tv_sec - t0.tv_sec < 10, "interrupted long before the timeout");
	}
	CHECK(status_has(a, "core 1,1 stopped"), "stopped");
	CHECK_EQ(ttrt_program_delete(a), 0);
	ttrt_program_put(a);

	/* The core is free again; b times out on its own. */
	CHECK_EQ(set_args(b, "[program]\ncores = 1,1\ntimeout_ms = 200\n[cb.0]\nformat = bfloat16\n"
			     "pages = 2\n[writer]\nargs = @out 8\n"),
		 0);
	CHECK_EQ(ttrt_program_run(b, NULL), -ETIMEDOUT);
	ttrt_program_stop(b);
	ttrt_program_put(b);
}

/* device reset stops a program that runs, long before its timeout. */
static void test_reset_stops(struct ttrt_device *dev)
{
	struct ttrt_program *p = hanging_program(dev, "reset", "20000");
	char err[256] = "";
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK_EQ(ttrt_program_start(p, NULL), 0);
	CHECK_EQ(ttrt_device_reset(dev, NULL, err, sizeof(err)), 0);
	CHECK_EQ(ttrt_program_wait(p, NULL), -EINTR);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK(t1.tv_sec - t0.tv_sec < 10, "the reset did not wait for the timeout");
	CHECK(status_has(p, "error stopped"), "stopped");
	ttrt_program_put(p);
}

/* A kernel that faults ends the run with EIO, and the status names the
 * core, the RISC, the PC and the cause. */
static void expect_fault(struct ttrt_device *dev, const char *body, const char *cause)
{
	struct ttrt_program *p = new_program(dev, "fault");
	char src[512];

	snprintf(src, sizeof(src),
		 "#include \"api/dataflow/dataflow_api.h\"\nvoid kernel_main()\n{\n%s\n}\n", body);
	CHECK_EQ(set_args(p, "[program]\ncores = 2,3\ntimeout_ms = 5000\n"), 0);
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_READER, src, strlen(src)), 0);
	CHECK_EQ(ttrt_program_run(p, NULL), -EIO);
	CHECK(status_has(p, "state failed"), "failed");
	CHECK(status_has(p, "core 2,3 faulted: ncrisc pc 0x"), "names core, RISC and PC");
	CHECK(status_has(p, cause), "names the cause");
	ttrt_program_put(p);
}

static void test_faults(struct ttrt_device *dev)
{
	expect_fault(dev, "\tasm volatile(\".word 0\");", "illegal instruction");
	expect_fault(dev, "\t*(volatile uint32_t *)0x00400000 = 1;", "0x00400000");
	expect_fault(dev, "\tnoc_async_read(get_noc_addr(63, 63, 0x1000), 0x40000, 64);\n"
			  "\tnoc_async_read_barrier();", "noc1 read: no reachable tile at (63,63)");
}

/* Two kernel groups in one program: a sender on 0,0 (BRISC) multicasts a
 * page and a semaphore to receivers on 1-3,0 (NCRISC), which each write
 * it, plus their slot, to their page of `out`. The CB and the semaphore
 * are at one address on every core of their sections. */
static const char group_args[] =
	"[program]\ncores = 0-3,0\n"
	"[cb.0]\nformat = uint32\npages = 1\npage_size = 2048\n"
	"[semaphore.0]\ncores = 1-3,0\n"
	"[kernel.sender]\nsource = sender.cpp\nprocessor = brisc\ncores = 0,0\n"
	"args = 2 2 4 2 3 512 1000\n"   /* receivers NOC 2-2..4-2, 3 of them, 512 words */
	"[kernel.receiver]\nsource = receiver.cpp\nprocessor = ncrisc\nnoc = 0\ncores = 1-3,0\n"
	"args.1,0 = 0 512 @out\nargs.2,0 = 1 512 @out\nargs.3,0 = 2 512 @out\n";

static void set_file(struct ttrt_program *p, const char *name, const char *file)
{
	size_t len = 0;
	char *src = kernel_source(file, &len);

	CHECK_EQ(ttrt_program_set_file(p, name, src, len), 0);
	free(src);
}

static void test_kernel_groups(struct ttrt_device *dev)
{
	static uint32_t out[PAGES * PAGE / 4];
	struct ttrt_program *p = new_program(dev, "groups");
	char *text = NULL;
	size_t len = 0;

	memset(out, 0xEE, sizeof(out));
	CHECK_EQ(ttrt_buffer_write(buf_out, 0, out, sizeof(out)), 0);
	CHECK_EQ(set_args(p, group_args), 0);
	set_file(p, "sender.cpp", "group_sender.cpp");
	/* A source the args name that is not there: the run says which. */
	CHECK_EQ(ttrt_program_run(p, NULL), -EINVAL);
	CHECK(status_has(p, "error args:15: [kernel.receiver] source: no file 'receiver.cpp' in the program"),
	      "the missing source");
	set_file(p, "receiver.cpp", "group_receiver.cpp");
	CHECK_EQ(ttrt_program_get_file(p, "receiver.cpp", &text, &len), 0);
	CHECK(len > 0 && text && strstr(text, "kernel_main"), "the file as set");
	free(text);
	CHECK_EQ(ttrt_program_get_file(p, "nosuch.cpp", &text, &len), -ENOENT);
	CHECK_EQ(ttrt_program_run(p, NULL), 0);
	CHECK(status_has(p, "core 0,0 done\ncore 1,0 done\ncore 2,0 done\ncore 3,0 done\n"),
	      "every core of both groups");
	CHECK_EQ(ttrt_buffer_read(buf_out, 0, out, sizeof(out)), 0);
	for (uint32_t slot = 0; slot < 3; slot++)
		for (uint32_t i = 0; i < 512; i++)
			if (out[slot * 512 + i] != 1000 + 7 * i + slot) {
				CHECK(0, "page %u word %u: %u, want %u", slot, i, out[slot * 512 + i],
				      1000 + 7 * i + slot);
				break;
			}
	CHECK_EQ(out[3 * 512], 0xEEEEEEEE);   /* no fourth receiver */
	/* Which kernel runs where: the status's groups, each core's record,
	 * and the grid's list. */
	CHECK(status_has(p, "kernels sender.cpp receiver.cpp\n"
			    "group 0,0: brisc sender (sender.cpp)\n"
			    "group 1-3,0: ncrisc receiver (receiver.cpp)\n"), "groups in status");
	{
		struct ttrt_core_kernels ck;

		CHECK_EQ(ttrt_core_kernels(dev, (struct ttrt_xy){ 2, 0 }, &ck), 0);
		CHECK(!strcmp(ck.program, "groups") && !ck.running && !ck.kernel[0][0] &&
		      !strcmp(ck.kernel[1], "receiver") && !strcmp(ck.source[1], "receiver.cpp"),
		      "2,0 ran receiver: '%s' '%s' '%s'", ck.program, ck.kernel[1], ck.source[1]);
		CHECK_EQ(ttrt_render_grid(dev, &text, &len), 0);
		CHECK(text && strstr(text, "kernels (the program launched last on each core):\n") &&
		      strstr(text, "\ngroups 0,0: brisc sender (sender.cpp)\n") &&
		      strstr(text, "\ngroups 1-3,0: ncrisc receiver (receiver.cpp)\n"),
		      "grid:\n%s", text);
		free(text);
		CHECK_EQ(ttrt_render_status(dev, (struct ttrt_xy){ 0, 0 }, &text, &len), 0);
		CHECK(text && strstr(text, "\nprogram groups ended\nkernel brisc sender (sender.cpp)\n"),
		      "0,0's status:\n%s", text);
		free(text);
	}
	{
		char *log = NULL;

		CHECK_EQ(ttrt_program_artifact(p, "log", &log, &len), 0);
		CHECK(log && memmem(log, len, "== sender.cpp (kernel sender) for brisc ==", 42) &&
		      memmem(log, len, "== receiver.cpp (kernel receiver) for ncrisc ==", 47),
		      "each kernel's part of the log");
		free(log);
	}
	/* Two kernels on one processor of a core, found with the files: the
	 * short name writer.cpp runs on every core's BRISC. */
	set_kernel(p, TTRT_KERNEL_WRITER, "loopback_writer.cpp");
	CHECK_EQ(ttrt_program_run(p, NULL), -EINVAL);
	CHECK(status_has(p, "error args:9: two kernels on brisc of core 0,0: [writer] (writer.cpp, on every core) and [kernel.sender]"),
	      "the clash");
	CHECK_EQ(ttrt_program_set_source(p, TTRT_KERNEL_WRITER, "", 0), 0);
	CHECK_EQ(ttrt_program_run(p, NULL), 0);
	ttrt_program_put(p);
}

int main(int argc, char **argv)
{
	char cache[] = "/tmp/ttfs-test-program-XXXXXX";
	char nested[128];
	struct ttrt_config cfg;
	struct ttrt_device *dev;
	char err[512] = "";

	REQUIRE(argc == 2, "usage: %s KERNELS_DIR", argv[0]);
	kernels_dir = argv[1];
	REQUIRE(mkdtemp(cache) != NULL, "mkdtemp");
	ttrt_config_defaults(&cfg);
	REQUIRE(ttrt_config_set(&cfg, "dram_size", "64M", err, sizeof(err)) == 0, "%s", err);
	/* A cache directory whose parents do not exist yet, as ~/.cache/ttfs
	 * on a fresh account. */
	snprintf(nested, sizeof(nested), "%s/not/yet", cache);
	REQUIRE(ttrt_config_set(&cfg, "cache_dir", nested, err, sizeof(err)) == 0, "%s", err);
	REQUIRE(ttrt_device_open(&cfg, &dev, err, sizeof(err)) == 0, "open: %s", err);
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "in", &buf_in) == 0, "in");
	REQUIRE(ttrt_buffer_new(dev, TTRT_BUFFER_DRAM, "out", &buf_out) == 0, "out");
	REQUIRE(ttrt_buffer_set_size(buf_in, PAGES * PAGE) == 0, "in size");
	REQUIRE(ttrt_buffer_set_size(buf_out, PAGES * PAGE) == 0, "out size");

	test_loopback(dev);
	test_kernel_groups(dev);
	test_bad_input(dev);
	test_hang(dev);
	test_busy_and_stop(dev);
	test_faults(dev);
	test_reset_stops(dev);
	test_loopback_again(dev);

	ttrt_buffer_put(buf_in);
	ttrt_buffer_put(buf_out);
	ttrt_device_close(dev);
	temp_dir_remove(cache);
	return check_exit("test_program");
}
