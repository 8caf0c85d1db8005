/* SPDX-License-Identifier: Apache-2.0
 *
 * Every fault the simulated tt-kmd can inject gives a clear error from
 * the kmd backend: opening fails, naming the device, the request and the
 * reason, and leaves no window allocated or mapped; or, once open, the one
 * request fails and the next works.
 */
#include "../check.h"
#include "backend/kmd_internal.h"
#include "kmd_test.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const errnos[] = { "EINVAL", "EFAULT", "ENOMEM", "ENODEV", "ENOTTY",
				      "EBUSY",  "EPERM",  "EIO",    "EAGAIN" };
static const int errno_values[] = { EINVAL, EFAULT, ENOMEM, ENODEV, ENOTTY,
				    EBUSY,  EPERM,  EIO,    EAGAIN };
#define NERR (sizeof(errnos) / sizeof(errnos[0]))

static const char *const open_ioctls[] = { "GET_DRIVER_INFO", "GET_DEVICE_INFO",
					   "QUERY_MAPPINGS", "ALLOCATE_TLB",
					   "SET_POWER_STATE", "CONFIGURE_TLB" };
#define NIOCTL (sizeof(open_ioctls) / sizeof(open_ioctls[0]))

static void nothing_left(const char *what)
{
	struct fake_kmd_stats s;

	fake_kmd_stats(&s);
	CHECK(s.windows_allocated == 0 && s.windows_mapped == 0, "%s: %llu windows, %llu maps left",
	      what, (unsigned long long)s.windows_allocated, (unsigned long long)s.windows_mapped);
}

/* Each ioctl the open makes, failing with each errno. */
static void open_faults(void)
{
	for (size_t i = 0; i < NIOCTL; i++)
		for (size_t e = 0; e < NERR; e++) {
			struct ttrt_backend *be = NULL;
			char spec[96], err[512];
			snprintf(spec, sizeof(spec), "fail=%s:%s", open_ioctls[i], errnos[e]);
			int rc = kmd_test_open(spec, &be, err, sizeof(err));
			int tolerated = strcmp(open_ioctls[i], "SET_POWER_STATE") == 0 &&
					(errno_values[e] == EINVAL || errno_values[e] == ENOTTY);
			if (tolerated) {
				/* A driver before 2.6 has no SET_POWER_STATE. */
				CHECK(rc == 0, "%s: %s", spec, err);
				if (rc == 0)
					be->ops->close(be);
				nothing_left(spec);
				continue;
			}
			CHECK(rc != 0, "%s: the open succeeded", spec);
			if (rc == 0) {
				be->ops->close(be);
				continue;
			}
			/* CONFIGURE_TLB first runs for telemetry: the read fails with EIO. */
			if (strcmp(open_ioctls[i], "CONFIGURE_TLB") == 0) {
				CHECK_EQ(rc, -EIO);
				CHECK(strstr(err, "telemetry") != NULL, "%s: '%s'", spec, err);
			} else {
				CHECK_EQ(rc, -errno_values[e]);
				CHECK(strstr(err, open_ioctls[i]) && strstr(err, strerror(errno_values[e])) &&
					      strstr(err, "/dev/tenstorrent/0"),
				      "%s: '%s'", spec, err);
			}
			nothing_left(spec);
		}
}

static void other_open_faults(void)
{
	struct ttrt_backend *be = NULL;
	char err[512];

	CHECK_EQ(kmd_test_open("api=1", &be, err, sizeof(err)), -EPROTONOSUPPORT);
	CHECK(strstr(err, "API version 1") && strstr(err, "2.0.0"), "'%s'", err);
	CHECK_EQ(kmd_test_open("open=ENOENT", &be, err, sizeof(err)), -ENOENT);
	CHECK(strstr(err, "tt-kmd loaded"), "'%s'", err);
	CHECK_EQ(kmd_test_open("open=EACCES", &be, err, sizeof(err)), -EACCES);
	CHECK(strstr(err, "Permission denied"), "'%s'", err);
	CHECK_EQ(kmd_test_open("mmap=ENOMEM", &be, err, sizeof(err)), -ENOMEM);
	CHECK(strstr(err, "mmap of TLB window"), "'%s'", err);
	nothing_left("mmap=ENOMEM");
	/* The fifth window cannot be had: the first four go back. */
	CHECK_EQ(kmd_test_open("fail=ALLOCATE_TLB:ENOMEM:4", &be, err, sizeof(err)), -ENOMEM);
	CHECK(strstr(err, "every window is taken"), "'%s'", err);
	nothing_left("fail=ALLOCATE_TLB:ENOMEM:4");
	CHECK_EQ(kmd_test_open("lock", &be, err, sizeof(err)), -EBUSY);
	CHECK(strstr(err, "in use by"), "'%s'", err);
	CHECK_EQ(kmd_test_open("harvest_dram=3,fail=GET_DEVICE_INFO:EIO", &be, err, sizeof(err)),
		 -EIO);
}

/* tt-umd's CHIP_IN_USE file as another UMD process sees it: 56 bytes, the
 * mutex, "TTUMDMTX" at 40, the owner's tid at 48 and pid at 52. */
static void check_lock_file(const char *dir, pid_t owner)
{
	char path[256];
	unsigned char buf[64];
	struct stat st;
	uint64_t mark;
	int32_t pid;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/TT_UMD_LOCK.CHIP_IN_USE_0_PCIe", dir);
	fd = open(path, O_RDONLY);
	CHECK(fd >= 0, "%s: %s", path, strerror(errno));
	if (fd < 0)
		return;
	/* Other users' UMD opens it too: 0666 whatever the creator's umask. */
	CHECK(fstat(fd, &st) == 0 && (st.st_mode & 0777) == 0666, "%s: mode %03o", path,
	      (unsigned)(st.st_mode & 0777));
	n = read(fd, buf, sizeof(buf));
	close(fd);
	CHECK_EQ(n, 56);
	memcpy(&mark, buf + 40, 8);
	memcpy(&pid, buf + 52, 4);
	CHECK(mark == 0x5454554d444d5458ull, "initialised mark 0x%016llx", (unsigned long long)mark);
	CHECK_EQ(pid, (int32_t)owner);
}

/* The lock directory of lock_held_by_child, which the fake keeps using
 * for the tests after it; removed at the end. */
static char lock_dir[] = "/tmp/ttfs-kmd-lock-XXXXXX";

static void remove_lock_dir(void)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/TT_UMD_LOCK.CHIP_IN_USE_0_PCIe", lock_dir);
	unlink(path);
	rmdir(lock_dir);
}

/* The chip lock held by another process: the message names it. */
static void lock_held_by_child(void)
{
	char *dir = lock_dir, opts[128];
	int ready[2];
	char err[512], c;
	struct ttrt_backend *be = NULL;

	REQUIRE(mkdtemp(dir), "mkdtemp");
	atexit(remove_lock_dir);
	/* The child creates the lock file under a umask that would close it
	 * to other users. */
	umask(077);
	snprintf(opts, sizeof(opts), "lock_dir=%s", dir);
	REQUIRE(pipe(ready) == 0, "pipe");
	pid_t pid = fork();
	REQUIRE(pid >= 0, "fork");
	if (pid == 0) {
		struct ttrt_backend *mine;
		char e[512];
		close(ready[0]);
		if (kmd_test_open(opts, &mine, e, sizeof(e)) != 0)
			_exit(1);
		(void)!write(ready[1], "y", 1);
		pause();
		_exit(0);
	}
	close(ready[1]);
	CHECK(read(ready[0], &c, 1) == 1, "the child could not open the device");
	check_lock_file(dir, pid);
	int rc = kmd_test_open(opts, &be, err, sizeof(err));
	CHECK_EQ(rc, -EBUSY);
	char want[64];
	snprintf(want, sizeof(want), "in use by pid %ld", (long)pid);
	CHECK(strstr(err, want) != NULL, "'%s' lacks '%s'", err, want);
	if (rc == 0)
		be->ops->close(be);
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
	close(ready[0]);
	/* Its death released the lock (a robust mutex: EOWNERDEAD, taken over). */
	rc = kmd_test_open(opts, &be, err, sizeof(err));
	CHECK(rc == 0, "after the holder died: %s", err);
	if (rc == 0) {
		check_lock_file(dir, getpid());
		be->ops->close(be);
		check_lock_file(dir, 0);
	}
}

/* Once open: one failing CONFIGURE_TLB fails one request, the next works;
 * a tile that reads all ones gives EIO for it alone. */
static void request_faults(void)
{
	struct ttrt_backend *be;
	struct ttrt_xy a = { 2, 2 }, b = { 1, 2 };   /* NOC0: a reads all ones */
	uint8_t in[64], out[64];
	char err[512];

	/* Open takes a few CONFIGURE_TLBs (telemetry): skip plenty, then
	 * count on the next being ours. */
	REQUIRE(kmd_test_open("ones=2-2", &be, err, sizeof(err)) == 0, "%s", err);
	memset(in, 0x5A, sizeof(in));
	CHECK_EQ(be->ops->write(be, b, 0x40000, in, sizeof(in)), 0);
	CHECK_EQ(be->ops->write(be, a, 0x40000, in, sizeof(in)), 0);   /* dropped */
	CHECK_EQ(be->ops->read(be, a, 0x40000, out, sizeof(out)), -EIO);
	CHECK_EQ(be->ops->read(be, b, 0x40000, out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) == 0, "the other tile's bytes");
	/* Data of all ones on a live tile is data. */
	memset(in, 0xFF, sizeof(in));
	CHECK_EQ(be->ops->write(be, b, 0x41000, in, sizeof(in)), 0);
	CHECK_EQ(be->ops->read(be, b, 0x41000, out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) == 0, "all-ones data read back");
	/* ...and so is a DRAM bank's: only the NOC as a whole can hang it. */
	CHECK_EQ(be->ops->write(be, ttrt_dram_bank_noc0(3), 64, in, sizeof(in)), 0);
	CHECK_EQ(be->ops->read(be, ttrt_dram_bank_noc0(3), 64, out, sizeof(out)), 0);
	be->ops->close(be);

	REQUIRE(kmd_test_open("", &be, err, sizeof(err)) == 0, "%s", err);
	memset(in, 0x33, sizeof(in));
	CHECK_EQ(be->ops->write(be, b, 0x1000, in, sizeof(in)), 0);
	REQUIRE(fake_kmd_configure("fail=CONFIGURE_TLB:EINVAL:0:1") == 0, "configure");
	CHECK_EQ(be->ops->read(be, a, 0x100000, out, 4), -EIO);   /* a new target */
	CHECK_EQ(be->ops->read(be, b, 0x1000, out, sizeof(out)), 0);
	CHECK(memcmp(in, out, sizeof(in)) == 0, "after the failed request");
	CHECK_EQ(be->ops->read(be, a, 0x100000, out, 4), 0);
	/* FREE_TLB failing at close loses nothing the fd's close does not free. */
	REQUIRE(fake_kmd_configure("fail=FREE_TLB:EBUSY") == 0, "configure");
	be->ops->close(be);
	nothing_left("FREE_TLB failing");

	/* Telemetry: an ARC that does not answer is EIO, not numbers. */
	REQUIRE(kmd_test_open("", &be, err, sizeof(err)) == 0, "%s", err);
	struct ttrt_telemetry t;
	CHECK_EQ(be->ops->telemetry(be, &t), 0);
	CHECK_EQ(t.aiclk_mhz, 1350);   /* busy since the open */
	CHECK_EQ(t.enabled_gddr, 0x7F);
	CHECK_EQ(t.modelled, 0);
	REQUIRE(fake_kmd_configure("ones=8-0") == 0, "configure");
	CHECK(be->ops->telemetry(be, &t) != 0, "telemetry from a dead ARC");
	be->ops->close(be);
	struct fake_kmd_stats s;
	fake_kmd_stats(&s);
	CHECK_EQ(s.power_flags, 0);   /* idle after the close */
}

/* The harvested DRAM bank comes from telemetry into the topology. */
static void harvest(void)
{
	struct ttrt_backend *be;
	char err[512];

	REQUIRE(kmd_test_open("harvest_dram=2", &be, err, sizeof(err)) == 0, "%s", err);
	CHECK_EQ(ttrt_dram_bank_physical(2), 3);
	CHECK_EQ(ttrt_dram_bank_physical(6), 7);
	be->ops->close(be);
	REQUIRE(kmd_test_open("harvest_dram=7", &be, err, sizeof(err)) == 0, "%s", err);
	CHECK_EQ(ttrt_dram_bank_physical(6), 6);
	be->ops->close(be);
}

int main(void)
{
	fake_kmd_install();
	open_faults();
	other_open_faults();
	lock_held_by_child();
	request_faults();
	harvest();
	return check_exit("test_kmd_faults");
}
