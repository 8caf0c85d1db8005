/* SPDX-License-Identifier: Apache-2.0
 *
 * ttfs-tile: prepare host data for the device and read results back
 * (docs/tools.md). Tilize and untilize row-major matrices of bfloat16 or
 * float32 (four 16x16 faces per 32x32 tile, tiles in row-major order),
 * and convert float32 <-> bfloat16, on raw little-endian files.
 *
 *   ttfs-tile tilize --rows 640 --cols 640 --format bf16 a.bin a.tiles
 *   ttfs-tile f32-to-bf16 x.f32 x.bf16
 */
#include "tile.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "ttfs-tile"

/* Exit statuses: 2 for bad usage or input, 1 when the output cannot be
 * written. */
#define EXIT_BAD_INPUT 2
#define EXIT_WRITE 1

static void usage(FILE *f)
{
	fprintf(f,
		"usage: " PROG " tilize   --rows H --cols W [--format bf16|f32] IN OUT\n"
		"       " PROG " untilize --rows H --cols W [--format bf16|f32] IN OUT\n"
		"       " PROG " f32-to-bf16 [--truncate] IN OUT\n"
		"       " PROG " bf16-to-f32 IN OUT\n"
		"\n"
		"Raw little-endian files; IN or OUT - is standard input or output.\n"
		"  tilize      row-major H x W -> 32x32 tiles in row-major tile order, each\n"
		"              tile four 16x16 faces (top-left, top-right, bottom-left,\n"
		"              bottom-right), each face row-major; H and W multiples of 32\n"
		"  untilize    the inverse\n"
		"  --format    element type: bf16 (bfloat16, the default) or f32 (float32)\n"
		"  f32-to-bf16 round to nearest, ties to even (NaN stays NaN, overflow is inf)\n"
		"  --truncate  drop the low 16 bits instead of rounding\n"
		"  bf16-to-f32 exact\n"
		"\n"
		"exit status: 0 done, 1 the output could not be written, 2 bad usage or input\n");
}

/* Reads all of path ("-" = stdin) into a fresh buffer; prints why not. */
static int read_file(const char *path, uint8_t **out, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t cap = 1 << 16, n = 0;
	uint8_t *buf = NULL;
	int err = 0;

	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
		return -errno;
	}
	buf = malloc(cap);
	if (!buf) {
		err = -ENOMEM;
		goto out;
	}
	for (;;) {
		size_t got;

		if (n == cap) {
			uint8_t *p = realloc(buf, cap * 2);
			if (!p) {
				err = -ENOMEM;
				goto out;
			}
			buf = p;
			cap *= 2;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f))
				err = -EIO;
			break;
		}
	}
out:
	if (err) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(-err));
		free(buf);
		buf = NULL;
	}
	if (f != stdin)
		fclose(f);
	*out = buf;
	*len = n;
	return err;
}

static int write_file(const char *path, const uint8_t *buf, size_t len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "wb") : stdout;
	int ok;

	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
		return -1;
	}
	ok = fwrite(buf, 1, len, f) == len;
	if (f == stdout)
		ok = !fflush(f) && ok;
	else
		ok = !fclose(f) && ok;
	if (!ok) {
		fprintf(stderr, PROG ": %s: write failed: %s\n", path, strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}

/* A positive multiple of 32, as --rows/--cols need. */
static int parse_dim(const char *opt, const char *s, size_t *v)
{
	char *end;
	unsigned long long n;

	errno = 0;
	n = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || *end || errno || n == 0 || n % TILE_DIM || n > (1ull << 20)) {
		fprintf(stderr, PROG ": %s %s: want a positive multiple of %d (at most %llu)\n",
			opt, s, TILE_DIM, 1ull << 20);
		return -EINVAL;
	}
	*v = (size_t)n;
	return 0;
}

static const struct option long_opts[] = {
	{ "rows", required_argument, NULL, 'r' },
	{ "cols", required_argument, NULL, 'c' },
	{ "format", required_argument, NULL, 'f' },
	{ "truncate", no_argument, NULL, 't' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct opts {
	size_t rows, cols;
	enum tile_format fmt;
	int truncate;
	const char *in, *out;
};

/* The file must hold exactly what the command expects. */
static int check_size(const char *path, size_t have, size_t want, const char *what)
{
	if (have == want)
		return 0;
	fprintf(stderr, PROG ": %s: %zu bytes, want %zu (%s)\n", path, have, want, what);
	return -EINVAL;
}

static int run_layout(const struct opts *o, int to_tiles)
{
	size_t es = tile_elem_size(o->fmt), len, want = o->rows * o->cols * es;
	uint8_t *in = NULL, *out = NULL;
	char what[96];
	int rc = EXIT_BAD_INPUT;

	if (read_file(o->in, &in, &len))
		goto out;
	snprintf(what, sizeof(what), "%zu x %zu %s", o->rows, o->cols,
		 o->fmt == TILE_F32 ? "float32" : "bfloat16");
	if (check_size(o->in, len, want, what))
		goto out;
	out = malloc(want ? want : 1);
	if (!out) {
		fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
		goto out;
	}
	if (to_tiles)
		tile_tilize(in, out, o->rows, o->cols, es);
	else
		tile_untilize(in, out, o->rows, o->cols, es);
	rc = write_file(o->out, out, want) ? EXIT_WRITE : 0;
out:
	free(in);
	free(out);
	return rc;
}

static int run_convert(const struct opts *o, int to_bf16)
{
	size_t in_es = to_bf16 ? 4 : 2, out_es = to_bf16 ? 2 : 4, len, n;
	uint8_t *in = NULL, *out = NULL;
	int rc = EXIT_BAD_INPUT;

	if (read_file(o->in, &in, &len))
		goto out;
	if (len % in_es) {
		fprintf(stderr, PROG ": %s: %zu bytes is not a whole number of %s (%zu bytes each)\n",
			o->in, len, to_bf16 ? "float32 values" : "bfloat16 values", in_es);
		goto out;
	}
	n = len / in_es;
	out = malloc(n * out_es + 1);
	if (!out) {
		fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
		goto out;
	}
	if (to_bf16)
		tile_f32_to_bf16_buf(in, out, n, o->truncate);
	else
		tile_bf16_to_f32_buf(in, out, n);
	rc = write_file(o->out, out, n * out_es) ? EXIT_WRITE : 0;
out:
	free(in);
	free(out);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o = { .fmt = TILE_BF16 };
	const char *cmd;
	int layout, to_tiles = 0, to_bf16 = 0, c;

	if (argc < 2) {
		usage(stderr);
		return EXIT_BAD_INPUT;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "tilize") || !strcmp(cmd, "untilize")) {
		layout = 1;
		to_tiles = cmd[0] == 't';
	} else if (!strcmp(cmd, "f32-to-bf16") || !strcmp(cmd, "bf16-to-f32")) {
		layout = 0;
		to_bf16 = cmd[0] == 'f';
	} else {
		fprintf(stderr, PROG ": unknown command '%s' (tilize, untilize, f32-to-bf16, bf16-to-f32)\n",
			cmd);
		return EXIT_BAD_INPUT;
	}

	optind = 2;
	while ((c = getopt_long(argc, argv, "h", long_opts, NULL)) != -1) {
		switch (c) {
		case 'r':
		case 'c':
		case 'f':
			if (!layout) {
				fprintf(stderr, PROG ": %s takes no --%s\n", cmd,
					c == 'r' ? "rows" : c == 'c' ? "cols" : "format");
				return EXIT_BAD_INPUT;
			}
			if (c == 'f' && tile_parse_format(optarg, &o.fmt)) {
				fprintf(stderr, PROG ": --format %s: unknown format (bf16 or f32)\n", optarg);
				return EXIT_BAD_INPUT;
			}
			if (c == 'r' && parse_dim("--rows", optarg, &o.rows))
				return EXIT_BAD_INPUT;
			if (c == 'c' && parse_dim("--cols", optarg, &o.cols))
				return EXIT_BAD_INPUT;
			break;
		case 't':
			if (!to_bf16) {
				fprintf(stderr, PROG ": --truncate is only for f32-to-bf16\n");
				return EXIT_BAD_INPUT;
			}
			o.truncate = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return EXIT_BAD_INPUT;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr, PROG ": %s needs IN and OUT\n", cmd);
		usage(stderr);
		return EXIT_BAD_INPUT;
	}
	o.in = argv[optind];
	o.out = argv[optind + 1];
	if (layout) {
		if (!o.rows || !o.cols) {
			fprintf(stderr, PROG ": %s needs --rows and --cols\n", cmd);
			return EXIT_BAD_INPUT;
		}
		return run_layout(&o, to_tiles);
	}
	return run_convert(&o, to_bf16);
}
