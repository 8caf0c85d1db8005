/* SPDX-License-Identifier: Apache-2.0
 *
 * bench_io: L1 and DRAM-buffer throughput through a ttfs mount versus the
 * runtime API called directly, plus 4-byte pread latency on a mailbox; and
 * ttfs against the floor, a do-nothing FUSE server (floor.c).
 *
 * usage: bench_io MOUNTPOINT [FLOOR_MOUNTPOINT]
 *
 * MOUNTPOINT must be a mounted simulator (tests/bench/io/run does that).
 * The direct side opens its own simulated device in this process, so both
 * sides copy the same amount of sparse host memory; the difference is the
 * FUSE round trip. Environment knobs: BENCH_MIN_TIME (seconds per
 * measurement, default 0.3), BENCH_RUNS (runs per measurement, default 5),
 * BENCH_LAT_SAMPLES (default 20000).
 *
 * FLOOR_MOUNTPOINT is bench_floor serving l1 and data, of the sizes of
 * cores/0,0/l1 and of the 1 MiB buffer's data. Every ttfs figure is then
 * set against the same figure on the floor, measured in the same round:
 * the two alternate (ABBA) so that load from elsewhere on the machine
 * falls on both alike, and the medians over the rounds are reported.
 * Knobs: BENCH_FLOOR_ROUNDS (default 15), BENCH_FLOOR_SAMPLES (4-byte
 * preads per side per round, default 4000), BENCH_FLOOR_TIME (seconds of
 * 1 MiB reads per side per round, default 0.1), BENCH_FLOOR_ONLY=1 skips
 * the comparison with the direct calls. With BENCH_TTFS_PID and
 * BENCH_FLOOR_PID (the run script sets them) it also reports each
 * daemon's CPU time per request, summed over all its threads.
 *
 * With a floor, the verdict is the floor's targets (ttfs >= 0.8x the
 * floor's throughput, p50 <= 1.2x); the mount/direct ratios are printed
 * for information. Without one, they are the targets.
 *
 * MB/s are 10^6 bytes per second. Exit status is 0 unless setup fails.
 */
#include "ttrt.h"
#include "../quick.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define KiB 1024u
#define MiB (1024u * 1024u)

#define L1_BASE     0x40000u      /* 1 MiB window from here fits in 1.5 MiB */
#define WINDOW      MiB           /* offsets cycle through this many bytes */
#define CORE_X      0
#define CORE_Y      0
#define MAX_RUNS    32

static const size_t sizes[] = { 4 * KiB, 64 * KiB, MiB };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

enum target { T_L1, T_DRAM, T_COUNT };
enum op { OP_READ, OP_WRITE, OP_COUNT };
enum path { P_MOUNT, P_DIRECT, P_COUNT };

static const char *target_name[T_COUNT] = { "L1", "DRAM buf" };
static const char *op_name[OP_COUNT] = { "read", "write" };

struct ctx {
	const char *mnt;
	struct ttrt_device *dev;
	struct ttrt_buffer *dbuf;      /* direct-side DRAM buffer */
	int fd[T_COUNT];               /* mount-side files */
	char bufdir[4096];
	uint8_t *mem;
	double min_time;
	int runs;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static double env_double(const char *name, double def)
{
	const char *v = getenv(name);
	char *end;
	double d;

	if (!v || !*v)
		return def;
	d = strtod(v, &end);
	return (*end || d <= 0) ? def : d;
}

/* One transfer of len bytes at window offset off. Returns 0 or -errno. */
static int xfer(struct ctx *c, enum target t, enum op o, enum path p, size_t off, size_t len)
{
	struct ttrt_xy core = { CORE_X, CORE_Y };
	ssize_t n;

	if (p == P_DIRECT) {
		if (t == T_L1)
			return o == OP_READ ? ttrt_l1_read(c->dev, core, L1_BASE + (uint32_t)off, c->mem, len)
					    : ttrt_l1_write(c->dev, core, L1_BASE + (uint32_t)off, c->mem, len);
		return o == OP_READ ? ttrt_buffer_read(c->dbuf, off, c->mem, len)
				    : ttrt_buffer_write(c->dbuf, off, c->mem, len);
	}
	if (t == T_L1)
		off += L1_BASE;
	n = o == OP_READ ? pread(c->fd[t], c->mem, len, (off_t)off)
			 : pwrite(c->fd[t], c->mem, len, (off_t)off);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

/* Median MB/s over c->runs runs of at least min_time / runs seconds each. */
static int measure(struct ctx *c, enum target t, enum op o, enum path p, size_t len, double *mbps)
{
	double rates[MAX_RUNS], per_run = c->min_time / c->runs;
	size_t slots = WINDOW / len, i = 0;
	int rc;

	/* Warm up: touch the whole window once (sparse pages, caches). */
	for (size_t s = 0; s < slots; s++)
		if ((rc = xfer(c, t, o, p, s * len, len)))
			return rc;
	for (int r = 0; r < c->runs; r++) {
		double t0 = now_s(), el;
		uint64_t bytes = 0;

		do {
			for (int k = 0; k < 8; k++, i++) {
				if ((rc = xfer(c, t, o, p, (i % slots) * len, len)))
					return rc;
				bytes += len;
			}
			el = now_s() - t0;
		} while (el < per_run);
		rates[r] = (double)bytes / el / 1e6;
	}
	qsort(rates, (size_t)c->runs, sizeof(rates[0]), cmp_double);
	*mbps = c->runs % 2 ? rates[c->runs / 2]
			    : (rates[c->runs / 2 - 1] + rates[c->runs / 2]) / 2;
	return 0;
}

static int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_TRUNC);
	ssize_t n;
	int e;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	e = errno;
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : (n < 0 ? -e : -EIO);
}

static int setup(struct ctx *c)
{
	struct ttrt_config cfg;
	char err[512] = "", path[4096 + 64], text[32];
	int rc;

	ttrt_config_defaults(&cfg);
	cfg.backend = TTRT_BACKEND_SIM;
	rc = ttrt_device_open(&cfg, &c->dev, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "bench_io: ttrt_device_open: %s\n", err[0] ? err : strerror(-rc));
		return rc;
	}
	rc = ttrt_buffer_new(c->dev, TTRT_BUFFER_DRAM, "bench", &c->dbuf);
	if (rc == 0)
		rc = ttrt_buffer_set_size(c->dbuf, WINDOW);
	if (rc) {
		fprintf(stderr, "bench_io: direct buffer: %s\n", strerror(-rc));
		return rc;
	}

	snprintf(path, sizeof(path), "%s/cores/%d,%d/l1", c->mnt, CORE_X, CORE_Y);
	c->fd[T_L1] = open(path, O_RDWR);
	if (c->fd[T_L1] < 0) {
		fprintf(stderr, "bench_io: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	snprintf(c->bufdir, sizeof(c->bufdir), "%s/dram/buffers/bench_io_%d", c->mnt, (int)getpid());
	if (mkdir(c->bufdir, 0755) != 0) {
		fprintf(stderr, "bench_io: mkdir %s: %s\n", c->bufdir, strerror(errno));
		c->bufdir[0] = '\0';
		return -errno;
	}
	snprintf(path, sizeof(path), "%s/size", c->bufdir);
	snprintf(text, sizeof(text), "%u\n", WINDOW);
	if ((rc = write_text(path, text))) {
		fprintf(stderr, "bench_io: %s: %s\n", path, strerror(-rc));
		return rc;
	}
	snprintf(path, sizeof(path), "%s/data", c->bufdir);
	c->fd[T_DRAM] = open(path, O_RDWR);
	if (c->fd[T_DRAM] < 0) {
		fprintf(stderr, "bench_io: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	return 0;
}

static void teardown(struct ctx *c)
{
	for (int t = 0; t < T_COUNT; t++)
		if (c->fd[t] >= 0)
			close(c->fd[t]);
	if (c->bufdir[0] && rmdir(c->bufdir) != 0)
		fprintf(stderr, "bench_io: rmdir %s: %s\n", c->bufdir, strerror(errno));
	if (c->dbuf) {
		ttrt_buffer_delete(c->dbuf);
		ttrt_buffer_put(c->dbuf);
	}
	ttrt_device_close(c->dev);
}

/* A round trip through each mount file, so fast-but-wrong cannot pass. */
static int check_round_trip(struct ctx *c)
{
	uint8_t *back = malloc(WINDOW);
	int bad = 0;

	if (!back)
		return -ENOMEM;
	for (size_t i = 0; i < WINDOW; i++)
		c->mem[i] = (uint8_t)(i * 131u + 7u);
	for (int t = 0; t < T_COUNT; t++) {
		memset(back, 0, WINDOW);
		size_t off = t == T_L1 ? L1_BASE : 0;
		if (pwrite(c->fd[t], c->mem, WINDOW, (off_t)off) != (ssize_t)WINDOW ||
		    pread(c->fd[t], back, WINDOW, (off_t)off) != (ssize_t)WINDOW ||
		    memcmp(back, c->mem, WINDOW) != 0) {
			fprintf(stderr, "bench_io: %s round trip through the mount failed\n",
				target_name[t]);
			bad = 1;
		}
	}
	free(back);
	return bad ? -EIO : 0;
}

static int latency(struct ctx *c, int samples, uint64_t *p50, uint64_t *p99, uint64_t *dp50)
{
	char path[4096 + 64];
	uint64_t *ns = malloc((size_t)samples * sizeof(*ns));
	uint8_t word[4];
	struct ttrt_xy core = { CORE_X, CORE_Y };
	int fd, rc = 0;

	if (!ns)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/cores/%d,%d/mailbox", c->mnt, CORE_X, CORE_Y);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		rc = -errno;
		fprintf(stderr, "bench_io: %s: %s\n", path, strerror(errno));
		free(ns);
		return rc;
	}
	for (int i = 0; i < 1000 && rc == 0; i++)
		if (pread(fd, word, 4, 0) != 4)
			rc = -EIO;
	for (int i = 0; i < samples && rc == 0; i++) {
		uint64_t t0 = now_ns();
		if (pread(fd, word, 4, 0) != 4)
			rc = -EIO;
		ns[i] = now_ns() - t0;
	}
	close(fd);
	if (rc == 0) {
		qsort(ns, (size_t)samples, sizeof(*ns), cmp_u64);
		*p50 = ns[samples / 2];
		*p99 = ns[(size_t)samples * 99 / 100];
		/* The same 4 bytes straight from the runtime, for scale. */
		for (int i = 0; i < samples; i++) {
			uint64_t t0 = now_ns();
			ttrt_l1_read(c->dev, core, 0x60, word, 4);
			ns[i] = now_ns() - t0;
		}
		qsort(ns, (size_t)samples, sizeof(*ns), cmp_u64);
		*dp50 = ns[samples / 2];
	}
	free(ns);
	return rc;
}

static const char *size_name(size_t len)
{
	static char s[32];

	if (len >= MiB)
		snprintf(s, sizeof(s), "%zu MiB", len / MiB);
	else
		snprintf(s, sizeof(s), "%zu KiB", len / KiB);
	return s;
}

/* --- ttfs against the floor ------------------------------------------ */

#define FLOOR_MAX_ROUNDS 101
#define FLOOR_BATCH      25      /* 4-byte preads on one side before switching */

enum side { S_TTFS, S_FLOOR, S_COUNT };
static const char *side_name[S_COUNT] = { "ttfs", "floor" };

enum metric { M_P50, M_P99, M_OPS, M_MBPS, M_COUNT };
static const char *metric_name[M_COUNT] = { "4 B pread p50 (us)", "4 B pread p99 (us)",
					    "4 B pread ops/s", "1 MiB read MB/s" };

struct floor_cfg {
	int rounds, samples;
	double secs;
	uint64_t *ns[S_COUNT];        /* this round's samples, per side */
	pid_t pid[S_COUNT];           /* the daemons, when known: 0 if not */
	uint64_t cpu_ns[S_COUNT][2];  /* their CPU time in the 4 B and 1 MiB parts */
	uint64_t reqs[S_COUNT][2];    /* the requests they served meanwhile */
};

/* CPU time of every live thread of pid, in ns (0 if pid is 0 or gone).
 * Wall-clock figures on a shared machine move with the load; a daemon's
 * own CPU time per request mostly does not. */
static uint64_t cpu_ns_of(pid_t pid)
{
	char path[64], line[128];
	uint64_t sum = 0;
	DIR *d;
	struct dirent *e;

	if (!pid)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		FILE *f;
		char p2[320];
		if (e->d_name[0] == '.')
			continue;
		snprintf(p2, sizeof(p2), "/proc/%d/task/%s/schedstat", (int)pid, e->d_name);
		f = fopen(p2, "r");
		if (!f)
			continue;
		if (fgets(line, sizeof(line), f))
			sum += strtoull(line, NULL, 10);
		fclose(f);
	}
	closedir(d);
	return sum;
}

static void cpu_mark(struct floor_cfg *f, uint64_t t[S_COUNT])
{
	for (int s = 0; s < S_COUNT; s++)
		t[s] = cpu_ns_of(f->pid[s]);
}

static void cpu_add(struct floor_cfg *f, const uint64_t t0[S_COUNT], int part, uint64_t reqs)
{
	for (int s = 0; s < S_COUNT; s++) {
		f->cpu_ns[s][part] += cpu_ns_of(f->pid[s]) - t0[s];
		f->reqs[s][part] += reqs;
	}
}

/* A round: samples 4-byte preads at off on each side, FLOOR_BATCH at a
 * time, the sides taking turns; then 1 MiB preads for f->secs, one at a
 * time, the sides taking turns. The machine is shared: turns this short
 * put a burst of load from elsewhere on both sides alike. */
static int floor_round(int fd[S_COUNT], off_t off, uint8_t *mem, struct floor_cfg *f,
		       double out[S_COUNT][M_COUNT])
{
	uint64_t busy[S_COUNT] = { 0, 0 }, bytes[S_COUNT] = { 0, 0 }, deadline, cpu[S_COUNT];
	uint8_t word[4];
	int n = 0, i;

	cpu_mark(f, cpu);
	while (n < f->samples) {
		int batch = f->samples - n < FLOOR_BATCH ? f->samples - n : FLOOR_BATCH;
		for (int k = 0; k < S_COUNT; k++) {
			int s = (n / FLOOR_BATCH + k) % S_COUNT;
			for (int i = n; i < n + batch; i++) {
				uint64_t t0 = now_ns();
				if (pread(fd[s], word, sizeof(word), off) != (ssize_t)sizeof(word))
					return errno ? -errno : -EIO;
				f->ns[s][i] = now_ns() - t0;
				busy[s] += f->ns[s][i];
			}
		}
		n += batch;
	}
	cpu_add(f, cpu, 0, (uint64_t)n);
	for (int s = 0; s < S_COUNT; s++) {
		qsort(f->ns[s], (size_t)n, sizeof(*f->ns[s]), cmp_u64);
		out[s][M_P50] = (double)f->ns[s][n / 2] / 1e3;
		out[s][M_P99] = (double)f->ns[s][(size_t)n * 99 / 100] / 1e3;
		out[s][M_OPS] = (double)n / ((double)busy[s] * 1e-9);
		busy[s] = 0;
	}
	cpu_mark(f, cpu);
	deadline = now_ns() + (uint64_t)(f->secs * 2e9);
	for (i = 0; now_ns() < deadline || i < 2; i++) {
		int s = i % S_COUNT;
		uint64_t t0 = now_ns();
		if (pread(fd[s], mem, MiB, off) != (ssize_t)MiB)
			return errno ? -errno : -EIO;
		busy[s] += now_ns() - t0;
		bytes[s] += MiB;
	}
	cpu_add(f, cpu, 1, (uint64_t)i / 2);
	for (int s = 0; s < S_COUNT; s++)
		out[s][M_MBPS] = (double)bytes[s] / ((double)busy[s] * 1e-9) / 1e6;
	return 0;
}

static double median_of(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int floor_verdict(const char *target, enum metric m, double ratio, int higher_is_better,
			 double bound)
{
	int ok = higher_is_better ? ratio >= bound : ratio <= bound;

	printf("  %-4s %-8s %-18s ttfs/floor %.3f %s %.1f\n", bench_mark(ok, "FAIL"), target,
	       metric_name[m], ratio, higher_is_better ? ">=" : "<=", bound);
	return ok;
}

/* One target: the medians over the rounds of each side's figures, and of
 * the per-round ratios (each round's two sides saw the same load). */
static int floor_target(int fd[S_COUNT], off_t off, const char *name, uint8_t *mem,
			struct floor_cfg *f, int *all_pass)
{
	static double r[FLOOR_MAX_ROUNDS][S_COUNT][M_COUNT];
	double v[FLOOR_MAX_ROUNDS], med[S_COUNT + 1][M_COUNT];
	struct floor_cfg warm = *f;
	int rc;

	warm.samples = f->samples < 500 ? f->samples : 500;   /* threads, pages, caches */
	warm.secs = 0.02;
	if ((rc = floor_round(fd, off, mem, &warm, r[0])))
		return rc;
	memset(f->cpu_ns, 0, sizeof(f->cpu_ns));
	memset(f->reqs, 0, sizeof(f->reqs));
	for (int i = 0; i < f->rounds; i++)
		if ((rc = floor_round(fd, off, mem, f, r[i])))
			return rc;
	for (int m = 0; m < M_COUNT; m++) {
		for (int s = 0; s < S_COUNT; s++) {
			for (int i = 0; i < f->rounds; i++)
				v[i] = r[i][s][m];
			med[s][m] = median_of(v, f->rounds);
		}
		for (int i = 0; i < f->rounds; i++)
			v[i] = r[i][S_FLOOR][m] > 0 ? r[i][S_TTFS][m] / r[i][S_FLOOR][m] : 0;
		med[S_COUNT][m] = median_of(v, f->rounds);
	}
	printf("%-9s %-20s %10s %10s %8s\n", name, "", side_name[S_TTFS], side_name[S_FLOOR],
	       "ratio");
	for (int m = 0; m < M_COUNT; m++) {
		int prec = m == M_P50 || m == M_P99 ? 2 : 0;
		printf("%-9s %-20s %10.*f %10.*f %8.3f\n", "", metric_name[m], prec, med[S_TTFS][m],
		       prec, med[S_FLOOR][m], med[S_COUNT][m]);
	}
	for (int part = 0; part < 2 && f->pid[S_TTFS] && f->pid[S_FLOOR]; part++) {
		double us[S_COUNT];
		for (int s = 0; s < S_COUNT; s++)
			us[s] = f->reqs[s][part] ? (double)f->cpu_ns[s][part] / 1e3 /
							   (double)f->reqs[s][part] : 0;
		printf("%-9s %-20s %10.2f %10.2f %8.3f\n", "",
		       part ? "daemon CPU us/1 MiB" : "daemon CPU us/4 B", us[S_TTFS], us[S_FLOOR],
		       us[S_FLOOR] > 0 ? us[S_TTFS] / us[S_FLOOR] : 0.0);
	}
	*all_pass &= floor_verdict(name, M_P50, med[S_COUNT][M_P50], 0, 1.2);
	*all_pass &= floor_verdict(name, M_OPS, med[S_COUNT][M_OPS], 1, 0.8);
	*all_pass &= floor_verdict(name, M_MBPS, med[S_COUNT][M_MBPS], 1, 0.8);
	return 0;
}

/* ttfs's L1 and DRAM-buffer data against the floor's files of the same
 * sizes. Returns 0 with *all_pass set, or -errno if a read failed. */
static int versus_floor(struct ctx *c, const char *floor_mnt, int *all_pass)
{
	static const char *floor_file[T_COUNT] = { "l1", "data" };
	static const off_t small_off[T_COUNT] = { L1_BASE, 0 };
	struct floor_cfg f;
	char path[4096 + 64];
	int fd[T_COUNT][S_COUNT], rc = 0;

	f.rounds = (int)env_double("BENCH_FLOOR_ROUNDS", 15);
	if (f.rounds > FLOOR_MAX_ROUNDS)
		f.rounds = FLOOR_MAX_ROUNDS;
	f.samples = (int)env_double("BENCH_FLOOR_SAMPLES", 4000);
	f.secs = env_double("BENCH_FLOOR_TIME", 0.1);
	f.pid[S_TTFS] = (pid_t)env_double("BENCH_TTFS_PID", 0);
	f.pid[S_FLOOR] = (pid_t)env_double("BENCH_FLOOR_PID", 0);
	f.ns[S_TTFS] = malloc((size_t)f.samples * sizeof(uint64_t));
	f.ns[S_FLOOR] = malloc((size_t)f.samples * sizeof(uint64_t));
	if (!f.ns[S_TTFS] || !f.ns[S_FLOOR]) {
		free(f.ns[S_TTFS]);
		free(f.ns[S_FLOOR]);
		return -ENOMEM;
	}
	for (int t = 0; t < T_COUNT; t++) {
		fd[t][S_TTFS] = c->fd[t];
		snprintf(path, sizeof(path), "%s/%s", floor_mnt, floor_file[t]);
		fd[t][S_FLOOR] = open(path, O_RDONLY);
		if (fd[t][S_FLOOR] < 0) {
			rc = -errno;
			fprintf(stderr, "bench_io: %s: %s\n", path, strerror(errno));
			while (t-- > 0)
				close(fd[t][S_FLOOR]);
			free(f.ns[S_TTFS]);
			free(f.ns[S_FLOOR]);
			return rc;
		}
	}
	printf("\nttfs vs the floor (a do-nothing FUSE server, same mount options):\n"
	       "medians of %d rounds; per round and side %d 4-byte preads in turns of %d and"
	       " %.2f s of 1 MiB reads in turns of one;\nratio: the median of the per-round"
	       " ratios\n\n", f.rounds, f.samples, FLOOR_BATCH, f.secs);
	for (int t = 0; t < T_COUNT && rc == 0; t++) {
		rc = floor_target(fd[t], small_off[t], target_name[t], c->mem, &f, all_pass);
		if (rc)
			fprintf(stderr, "bench_io: %s against the floor: %s\n", target_name[t],
				strerror(-rc));
		fflush(stdout);
	}
	for (int t = 0; t < T_COUNT; t++)
		close(fd[t][S_FLOOR]);
	free(f.ns[S_TTFS]);
	free(f.ns[S_FLOOR]);
	return rc;
}

/* The mount against the runtime API called in this process. */
static void versus_direct(struct ctx *c, int samples, int *all_pass)
{
	double mb[T_COUNT][OP_COUNT][NSIZES][P_COUNT];
	uint64_t p50 = 0, p99 = 0, dp50 = 0;
	int rc;

	printf("ttfs I/O benchmark: mount %s vs ttrt direct (sim), core %d,%d\n", c->mnt, CORE_X,
	       CORE_Y);
	printf("median of %d runs, >= %.2f s per measurement; MB/s = 1e6 B/s\n\n", c->runs,
	       c->min_time);
	printf("%-9s %-6s %8s %12s %12s %8s\n", "target", "op", "size", "mount MB/s",
	       "direct MB/s", "ratio");
	for (int t = 0; t < T_COUNT; t++)
		for (int o = 0; o < OP_COUNT; o++)
			for (size_t s = 0; s < NSIZES; s++) {
				for (int p = 0; p < P_COUNT; p++) {
					rc = measure(c, (enum target)t, (enum op)o, (enum path)p,
						     sizes[s], &mb[t][o][s][p]);
					if (rc) {
						fprintf(stderr, "bench_io: %s %s %s (%s): %s\n",
							target_name[t], op_name[o], size_name(sizes[s]),
							p == P_MOUNT ? "mount" : "direct", strerror(-rc));
						mb[t][o][s][p] = 0;
					}
				}
				printf("%-9s %-6s %8s %12.0f %12.0f %8.3f\n", target_name[t], op_name[o],
				       size_name(sizes[s]), mb[t][o][s][P_MOUNT], mb[t][o][s][P_DIRECT],
				       mb[t][o][s][P_DIRECT] > 0
					       ? mb[t][o][s][P_MOUNT] / mb[t][o][s][P_DIRECT]
					       : 0.0);
				fflush(stdout);
			}

	rc = latency(c, samples, &p50, &p99, &dp50);
	if (rc)
		fprintf(stderr, "bench_io: mailbox latency: %s\n", strerror(-rc));
	else
		printf("\nmailbox 4-byte pread (%d samples): p50 %.1f us, p99 %.1f us"
		       "  (direct ttrt_l1_read p50 %.3f us)\n",
		       samples, (double)p50 / 1e3, (double)p99 / 1e3, (double)dp50 / 1e3);

	printf("\ntargets:\n");
	for (int t = 0; t < T_COUNT; t++)
		for (int o = 0; o < OP_COUNT; o++) {
			double d = mb[t][o][NSIZES - 1][P_DIRECT];
			double r = d > 0 ? mb[t][o][NSIZES - 1][P_MOUNT] / d : 0;
			int ok = r >= 0.5;
			*all_pass &= ok;
			printf("  %-4s %-8s %-5s 1 MiB mount/direct %.3f >= 0.5\n",
			       bench_mark(ok, "MISS"), target_name[t], op_name[o], r);
		}
	{
		int ok = rc == 0 && p50 <= 20000;
		*all_pass &= ok;
		printf("  %-4s mailbox 4-byte pread p50 %.1f us <= 20 us\n", bench_mark(ok, "MISS"),
		       (double)p50 / 1e3);
	}
}

int main(int argc, char **argv)
{
	struct ctx c = { .fd = { -1, -1 } };
	int samples, rc, all_pass = 1, floor_only;
	const char *floor_mnt;

	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: %s MOUNTPOINT [FLOOR_MOUNTPOINT]\n", argv[0]);
		return 2;
	}
	c.mnt = argv[1];
	floor_mnt = argc == 3 ? argv[2] : NULL;
	floor_only = floor_mnt && getenv("BENCH_FLOOR_ONLY") && atoi(getenv("BENCH_FLOOR_ONLY"));
	c.min_time = env_double("BENCH_MIN_TIME", 0.3);
	c.runs = (int)env_double("BENCH_RUNS", 5);
	if (c.runs > MAX_RUNS)
		c.runs = MAX_RUNS;
	samples = (int)env_double("BENCH_LAT_SAMPLES", 20000);
	c.mem = aligned_alloc(4096, WINDOW);
	if (!c.mem)
		return 1;

	rc = setup(&c);
	if (rc == 0)
		rc = check_round_trip(&c);
	if (rc) {
		teardown(&c);
		free(c.mem);
		return 1;
	}

	/* With a floor to compare against, the direct figures are for
	 * information: any FUSE read pays a kernel round trip that the
	 * in-process call does not, so the floor is the target. */
	if (!floor_only) {
		int direct_pass = 1;

		versus_direct(&c, samples, floor_mnt ? &direct_pass : &all_pass);
		if (floor_mnt)
			printf("  (the mount/direct targets above are informational here:"
			       " the floor below is the target)\n");
	}
	else
		printf("ttfs I/O benchmark: mount %s\n", c.mnt);
	if (floor_mnt && versus_floor(&c, floor_mnt, &all_pass) != 0)
		all_pass = 0;
	printf("\n");
	printf("verdict: %s\n", bench_quick() ? "- (quick run: targets not judged)"
	       : all_pass ? "PASS (all targets met)" : "MISS (see targets above)");

	teardown(&c);
	free(c.mem);
	return 0;
}
