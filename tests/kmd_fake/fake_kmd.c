/* SPDX-License-Identifier: Apache-2.0
 *
 * The simulated tt-kmd (fake_kmd.h): its device fds, the system-call
 * table it installs, and its options and faults.
 */
#include "fake_kmd_internal.h"
#include "backend/kmd_sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define DEVICE_PREFIX "/dev/tenstorrent/"

struct fake_kmd fake = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.memfd = -1,
	.dram_bank_size = 4ull << 30,
	.harvest_dram = 7,
	.api_version = KMD_API_VERSION,
	.ones_x = -1,
	.ones_y = -1,
};

int fake_is_device_fd(int fd)
{
	for (int i = 0; i < fake.nfds; i++)
		if (fake.fds[i] == fd)
			return 1;
	return 0;
}

int fake_is_stale_fd(int fd)
{
	for (int i = 0; i < fake.nfds; i++)
		if (fake.fds[i] == fd)
			return fake.stale[i];
	return 0;
}

/* Whether this process opened the device: the one that cleans up after
 * it (a daemon forks into the background before it opens anything). */
static int opened_here;

static int open_device(void)
{
	int fd, rc;

	if (fake.open_errno)
		return -fake.open_errno;
	if (fake.nfds == FAKE_MAX_FDS)
		return -EMFILE;
	if (!fake.chip) {
		rc = fake_chip_up();
		if (rc)
			return rc;
	}
	/* A real fd, so numbers are unique and close() works as usual. */
	fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	opened_here = 1;
	fake.stale[fake.nfds] = 0;
	fake.fds[fake.nfds++] = fd;
	return fd;
}

static int fake_open(const char *path, int flags)
{
	int rc;

	if (strncmp(path, DEVICE_PREFIX, strlen(DEVICE_PREFIX)) != 0)
		return open(path, flags);
	pthread_mutex_lock(&fake.lock);
	rc = open_device();
	pthread_mutex_unlock(&fake.lock);
	if (rc < 0) {
		errno = -rc;
		return -1;
	}
	return rc;
}

/* Closing the device frees the fd's windows, as tt-kmd's release does. */
static int fake_close(int fd)
{
	pthread_mutex_lock(&fake.lock);
	for (int i = 0; i < fake.nfds; i++) {
		if (fake.fds[i] != fd)
			continue;
		fake.nfds--;
		fake.fds[i] = fake.fds[fake.nfds];
		fake.stale[i] = fake.stale[fake.nfds];
		for (int w = 0; w < FAKE_NUM_WINDOWS; w++)
			if (fake.win[w].allocated && fake.win[w].owner_fd == fd) {
				memset(&fake.win[w], 0, sizeof(fake.win[w]));
				fake.stats.windows_allocated--;
			}
		if (fake.nfds == 0 && fake.chip)
			fake_chip_down();
		break;
	}
	pthread_mutex_unlock(&fake.lock);
	return close(fd);
}

/* The chip lock "held by another process" (fault `lock`): the mutex
 * answers as a held one does. */
static int fake_mutex_trylock(pthread_mutex_t *m)
{
	if (fake.lock_held)
		return EBUSY;
	return pthread_mutex_trylock(m);
}

static struct ttrt_kmd_sys table = {
	.open = fake_open,
	.close = fake_close,
	.ioctl = fake_ioctl,
	.mmap = fake_mmap,
	.munmap = fake_munmap,
	.flock = flock,
	.mutex_trylock = fake_mutex_trylock,
	.reg_read32 = fake_reg_read32,
	.reg_write32 = fake_reg_write32,
	.write_barrier = fake_write_barrier,
	.lock_dir = NULL,
};

static char own_lock_dir[64];

/* The lock file the backend makes for the fake's chip (01:00.0), and the
 * directory, once the process ends. */
static void remove_own_lock_dir(void)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/TT_UMD_LOCK.CHIP_IN_USE_0_PCIe", own_lock_dir);
	if (opened_here)
		unlink(path);
	rmdir(own_lock_dir);   /* only if empty: a child may use it still */
}

/* A directory of this process's own: no two test processes share a chip
 * lock unless a test names one directory for both (lock_dir=). */
static const char *lock_dir(void)
{
	if (fake.lock_dir[0])
		return fake.lock_dir;
	if (!own_lock_dir[0]) {
		snprintf(own_lock_dir, sizeof(own_lock_dir), "/tmp/fake-tt-kmd.XXXXXX");
		if (!mkdtemp(own_lock_dir))
			snprintf(own_lock_dir, sizeof(own_lock_dir), "/tmp");
		else
			atexit(remove_own_lock_dir);
	}
	return own_lock_dir;
}

void fake_kmd_install(void)
{
	pthread_mutex_lock(&fake.lock);
	table.lock_dir = lock_dir();
	pthread_mutex_unlock(&fake.lock);
	ttrt_kmd_sys_install(&table);
}

void fake_kmd_reset_faults(void)
{
	pthread_mutex_lock(&fake.lock);
	fake.api_version = KMD_API_VERSION;
	fake.open_errno = fake.mmap_errno = fake.lock_held = 0;
	fake.ones_x = fake.ones_y = -1;
	fake.harvest_dram = 7;
	fake.nfails = 0;
	fake.stats.configures = 0;
	fake.stats.power_calls = 0;
	fake.stats.orderings_seen = 0;
	pthread_mutex_unlock(&fake.lock);
}

void fake_kmd_stats(struct fake_kmd_stats *out)
{
	pthread_mutex_lock(&fake.lock);
	*out = fake.stats;
	pthread_mutex_unlock(&fake.lock);
}

/* ---- the option string ---- */

static const struct {
	const char *name;
	int value;
} errnos[] = {
	{ "EINVAL", EINVAL }, { "EFAULT", EFAULT }, { "ENOMEM", ENOMEM }, { "ENODEV", ENODEV },
	{ "ENOTTY", ENOTTY }, { "EBUSY", EBUSY },   { "EPERM", EPERM },   { "EIO", EIO },
	{ "EAGAIN", EAGAIN }, { "ENOENT", ENOENT }, { "EACCES", EACCES }, { "ENXIO", ENXIO },
	{ "EEXIST", EEXIST }, { "ENOSPC", ENOSPC },
};

static int errno_named(const char *name)
{
	for (size_t i = 0; i < sizeof(errnos) / sizeof(errnos[0]); i++)
		if (strcmp(errnos[i].name, name) == 0)
			return errnos[i].value;
	return 0;
}

static unsigned long request_named(const char *name)
{
	static const unsigned long all[] = { KMD_GET_DEVICE_INFO, KMD_QUERY_MAPPINGS,
					     KMD_GET_DRIVER_INFO, KMD_RESET_DEVICE,
					     KMD_ALLOCATE_TLB,    KMD_FREE_TLB,
					     KMD_CONFIGURE_TLB,   KMD_SET_POWER_STATE };

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (strcmp(kmd_ioctl_name(all[i]), name) == 0)
			return all[i];
	return 0;
}

/* fail=IOCTL:ERRNO[:SKIP[:TIMES]] */
static int parse_fail(char *v)
{
	char *req = strtok(v, ":"), *err = strtok(NULL, ":"), *skip = strtok(NULL, ":"),
	     *times = strtok(NULL, ":");
	struct fake_fail f = { 0 };

	if (!req || !err || fake.nfails == FAKE_MAX_FAILS)
		return -EINVAL;
	f.request = request_named(req);
	f.err = errno_named(err);
	f.skip = skip ? strtol(skip, NULL, 0) : 0;
	f.times = times ? strtol(times, NULL, 0) : -1;
	if (!f.request || !f.err)
		return -EINVAL;
	fake.fails[fake.nfails++] = f;
	return 0;
}

static int parse_item(char *item)
{
	char *eq = strchr(item, '=');
	char *v = eq ? eq + 1 : NULL;
	uint64_t size;

	if (eq)
		*eq = '\0';
	if (strcmp(item, "lock") == 0 && !v)
		return fake.lock_held = 1, 0;
	if (!v)
		return -EINVAL;
	if (strcmp(item, "fail") == 0)
		return parse_fail(v);
	if (strcmp(item, "open") == 0)
		return (fake.open_errno = errno_named(v)) ? 0 : -EINVAL;
	if (strcmp(item, "mmap") == 0)
		return (fake.mmap_errno = errno_named(v)) ? 0 : -EINVAL;
	if (strcmp(item, "api") == 0)
		return fake.api_version = (uint32_t)strtoul(v, NULL, 0), 0;
	if (strcmp(item, "ones") == 0)
		return sscanf(v, "%d-%d", &fake.ones_x, &fake.ones_y) == 2 ? 0 : -EINVAL;
	if (strcmp(item, "harvest_dram") == 0) {
		fake.harvest_dram = atoi(v);
		return fake.harvest_dram >= 0 && fake.harvest_dram < 8 ? 0 : -EINVAL;
	}
	if (strcmp(item, "dram_size") == 0) {
		if (ttrt_parse_size(v, &size) || size < KMD_TLB_2M || size > (4ull << 30))
			return -EINVAL;
		fake.dram_bank_size = size;
		return 0;
	}
	if (strcmp(item, "control") == 0) {
		snprintf(fake.control, sizeof(fake.control), "%s", v);
		return 0;
	}
	if (strcmp(item, "lock_dir") == 0) {
		snprintf(fake.lock_dir, sizeof(fake.lock_dir), "%s", v);
		table.lock_dir = fake.lock_dir;
		return 0;
	}
	return -EINVAL;
}

int fake_kmd_configure(const char *spec)
{
	char *copy = strdup(spec ? spec : ""), *save = NULL;
	int rc = copy ? 0 : -ENOMEM;

	pthread_mutex_lock(&fake.lock);
	for (char *item = copy ? strtok_r(copy, ",", &save) : NULL; item && rc == 0;
	     item = strtok_r(NULL, ",", &save)) {
		char shown[128];
		snprintf(shown, sizeof(shown), "%s", item);
		rc = parse_item(item);
		if (rc)
			fprintf(stderr, "fake tt-kmd: bad option '%s'\n", shown);
	}
	/* A fault set while windows are live shows at once (ones=). */
	for (int w = 0; w < FAKE_NUM_WINDOWS && rc == 0 && fake.chip; w++)
		if (fake.win[w].allocated)
			rc = fake_remap_window(&fake.win[w]);
	pthread_mutex_unlock(&fake.lock);
	free(copy);
	return rc;
}

void fake_poll_control(void)
{
	char path[sizeof(fake.control)], spec[512];
	ssize_t n;
	int fd;

	pthread_mutex_lock(&fake.lock);
	snprintf(path, sizeof(path), "%s", fake.control);
	pthread_mutex_unlock(&fake.lock);
	if (!path[0] || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	n = read(fd, spec, sizeof(spec) - 1);
	close(fd);
	unlink(path);
	if (n <= 0)
		return;
	spec[n] = '\0';
	spec[strcspn(spec, "\n")] = '\0';
	(void)fake_kmd_configure(spec);
}
