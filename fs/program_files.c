/* SPDX-License-Identifier: Apache-2.0
 *
 * The open files of programs/<name>/ (docs/tree.md, "programs/"):
 *
 * - The user's files (args, sources, headers) are editable text. A
 *   handle opened for writing holds its own copy (the text as set),
 *   writes and ftruncate edit the copy, and close(2) hands a changed copy
 *   to the runtime (the FUSE flush), so close(2) returns the runtime's
 *   error: EINVAL for bad args, EBUSY while the program runs. O_TRUNC
 *   empties the text at open, as for a regular file: stat(2) and the
 *   kernel, which set the size to 0 at that open, then agree. Setting a
 *   file starts a build in the background.
 * - run takes one command per write(2): `1` runs and waits, `start`
 *   launches and returns. Opening it while the program runs is EBUSY: the
 *   kernel holds the file's inode lock through a write, so a second
 *   writer's open (its O_TRUNC) or write would wait, unkillable, for the
 *   whole run of the first.
 * - status is rendered at open; a read at offset 0 after the first read
 *   renders it again, and poll(2) says when it changed (poll_notify.h).
 * - profile, the last run's device profiler records, is taken at open.
 * - build/<artifact> is a copy of what the last build made, taken at open.
 */
#include "log.h"
#include "programs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

const char *const program_file_names[PF_COUNT] = {
	[PF_RUN] = "run",
	[PF_STATUS] = "status",
	[PF_PROFILE] = "profile",
};

const mode_t program_file_modes[PF_COUNT] = {
	[PF_RUN] = FILE_MODE_WO,
	[PF_STATUS] = FILE_MODE_RO,
	[PF_PROFILE] = FILE_MODE_RO,
};

const char *const artifact_names[NUM_ARTIFACT_NAMES] = {
	"brisc.elf", "brisc.xip", "ncrisc.elf", "ncrisc.xip", "trisc0.elf", "trisc0.xip",
	"trisc1.elf", "trisc1.xip", "trisc2.elf", "trisc2.xip", "log",
};

int artifact_index(const char *name)
{
	for (int i = 0; i < NUM_ARTIFACT_NAMES; i++)
		if (strcmp(name, artifact_names[i]) == 0)
			return i;
	return -1;
}

int program_file_size(struct ttrt_program *p, uint32_t file, off_t *size)
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (file == PF_RUN) {
		*size = 0;
		return 0;
	}
	rc = file == PF_PROFILE ? ttrt_program_profile(p, &text, &len) :
				  ttrt_program_render_status(p, &text, &len);
	free(text);
	if (rc == 0)
		*size = (off_t)len;
	return rc;
}

int program_artifact_size(struct ttrt_program *p, uint32_t index, off_t *size)
{
	char *data = NULL;
	size_t len = 0;
	int rc;

	if (index >= NUM_ARTIFACT_NAMES)
		return -ENOENT;
	rc = ttrt_program_artifact(p, artifact_names[index], &data, &len);
	free(data);
	if (rc == 0)
		*size = (off_t)len;
	return rc;
}

static void program_handle_release(struct handle *h)
{
	ttrt_program_put(h->prog);
}

/* ---- the user's files ------------------------------------------------------ */

struct edit {
	pthread_mutex_t lock;
	char *data;
	size_t len, cap;
	int written;       /* written since the copy was last set */
	int append;        /* O_APPEND: every write goes at the end */
};

static ssize_t edit_read(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off)
{
	struct edit *ed = h->priv;
	int rc;

	(void)fs;
	pthread_mutex_lock(&ed->lock);
	rc = file_policy_read(off, &size, ed->len);
	if (rc == 0 && size > 0)
		memcpy(buf, ed->data + off, size);
	pthread_mutex_unlock(&ed->lock);
	return rc ? rc : (ssize_t)size;
}

static int edit_reserve(struct edit *ed, size_t need)
{
	size_t cap = ed->cap ? ed->cap : 4096;
	char *data;

	if (need <= ed->cap)
		return 0;
	while (cap < need)
		cap *= 2;
	data = realloc(ed->data, cap);
	if (!data)
		return -ENOMEM;
	ed->data = data;
	ed->cap = cap;
	return 0;
}

/* Writes past the end grow the text (a gap reads as zeros) up to the
 * runtime's limit: a write crossing it is short, one at it EFBIG. */
static ssize_t edit_write(struct fs *fs, struct handle *h, const char *buf, size_t size, off_t off)
{
	struct edit *ed = h->priv;
	int rc;

	(void)fs;
	pthread_mutex_lock(&ed->lock);
	if (ed->append)
		off = (off_t)ed->len;
	rc = file_policy_write(off, &size, TTRT_PROGRAM_FILE_MAX);
	if (rc == 0 && size > 0)
		rc = edit_reserve(ed, (size_t)off + size);
	if (rc == 0 && size > 0) {
		if ((size_t)off > ed->len)
			memset(ed->data + ed->len, 0, (size_t)off - ed->len);
		memcpy(ed->data + off, buf, size);
		if ((size_t)off + size > ed->len)
			ed->len = (size_t)off + size;
		ed->written = 1;
	}
	pthread_mutex_unlock(&ed->lock);
	return rc ? rc : (ssize_t)size;
}

static int edit_commit(struct fs *fs, struct handle *h, struct edit *ed)
{
	return user_file_set(fs, h->node, h->prog, ed->data, ed->len);
}

/* Each close(2) after a write sets the copy; its error is close(2)'s.
 * Not before a write: the shell's `> file` closes the descriptor it
 * opened once before the command writes to its copy. */
static int edit_flush(struct fs *fs, struct handle *h)
{
	struct edit *ed = h->priv;
	int rc = 0;

	pthread_mutex_lock(&ed->lock);
	if (ed->written) {
		ed->written = 0;
		rc = edit_commit(fs, h, ed);
	}
	pthread_mutex_unlock(&ed->lock);
	return rc;
}

static void edit_release(struct handle *h)
{
	struct edit *ed = h->priv;

	pthread_mutex_destroy(&ed->lock);
	free(ed->data);
	free(ed);
	program_handle_release(h);
}

static const struct handle_ops edit_ops = {
	.read = edit_read,
	.write = edit_write,
	.flush = edit_flush,
	.release = edit_release,
};

static const struct handle_ops text_ops = {
	.read = handle_read_text,
	.release = program_handle_release,
};

int program_file_truncate(struct handle *h, off_t size)
{
	struct edit *ed = h->priv;
	int rc = 0;

	if (h->ops != &edit_ops)
		return -ENOTSUP;
	pthread_mutex_lock(&ed->lock);
	if ((size_t)size > ed->len)
		rc = edit_reserve(ed, (size_t)size);
	if (rc == 0) {
		if ((size_t)size > ed->len)
			memset(ed->data + ed->len, 0, (size_t)size - ed->len);
		ed->len = (size_t)size;
		ed->written = 1;
	}
	pthread_mutex_unlock(&ed->lock);
	return rc;
}

static int edit_open(struct fs *fs, struct handle *h, int flags)
{
	struct edit *ed = calloc(1, sizeof(*ed));
	int rc;

	if (!ed)
		return -ENOMEM;
	ed->append = !!(flags & O_APPEND);
	if (flags & O_TRUNC)
		rc = edit_commit(fs, h, ed);   /* the empty copy: EBUSY while it runs */
	else
		rc = user_file_get(fs, h->node, h->prog, &ed->data, &ed->len);
	if (rc) {
		free(ed);
		return rc;
	}
	ed->cap = ed->len;
	rc = -pthread_mutex_init(&ed->lock, NULL);
	if (rc) {
		free(ed->data);
		free(ed);
		return rc;
	}
	h->priv = ed;
	return 0;
}

/* ---- run ------------------------------------------------------------------ */

/* `1`: run and wait (Ctrl-C stops the program: EINTR); `start`: launch
 * and return. The errors are the runtime's (docs/tree.md). */
static ssize_t run_write(struct fs *fs, struct handle *h, const char *buf, size_t size, off_t off)
{
	const char *name = ttrt_program_name(h->prog);
	char value[ATTR_VALUE_MAX + 1];
	struct fs_interrupt intr;
	int start, rc;

	(void)fs;
	(void)off;
	if (file_policy_attr_value(buf, size, value))
		return -EINVAL;
	if (strcmp(value, "1") == 0)
		start = 0;
	else if (strcmp(value, "start") == 0)
		start = 1;
	else
		return -EINVAL;
	fs_interrupt_begin(&intr);
	rc = start ? ttrt_program_start(h->prog, &intr.wait) : ttrt_program_run(h->prog, &intr.wait);
	fs_interrupt_end(&intr);
	if (rc)
		ttfs_log("programs/%s/run: %s", name ? name : "?",
			 rc == -EINTR ? "interrupted, program stopped" : strerror(-rc));
	return rc ? rc : (ssize_t)size;
}

static const struct handle_ops run_ops = {
	.write = run_write,
	.release = program_handle_release,
};

/* ---- status ---------------------------------------------------------------- */

struct status_view {
	struct poll_waiter waiter;
	struct poll_notifier *notifier;
	pthread_mutex_t lock;      /* the handle's text may be rendered again */
	int was_read;
};

/* Renders the status into h; the generation is taken first, so a change
 * during the render is seen as one by the next poll (a wake too many,
 * never one too few). */
static int status_render(struct handle *h, uint64_t *gen)
{
	char *text;
	size_t len;
	int rc;

	*gen = ttrt_program_generation(h->prog);
	rc = ttrt_program_render_status(h->prog, &text, &len);
	if (rc)
		return rc;
	free(h->text);
	h->text = text;
	h->len = len;
	return 0;
}

static ssize_t status_read(struct fs *fs, struct handle *h, char *buf, size_t size, off_t off)
{
	struct status_view *sv = h->priv;
	uint64_t gen;
	ssize_t n = 0;
	int rc = 0;

	pthread_mutex_lock(&sv->lock);
	/* A reader that poll()ed re-reads from 0 without reopening. */
	if (off == 0 && sv->was_read) {
		rc = status_render(h, &gen);
		if (rc == 0)
			poll_waiter_seen(sv->notifier, &sv->waiter, gen);
	}
	if (rc == 0) {
		sv->was_read = 1;
		n = handle_read_text(fs, h, buf, size, off);
	}
	pthread_mutex_unlock(&sv->lock);
	return rc ? rc : n;
}

/* Ready (readable, and POLLPRI as sysfs gives) once the status differs
 * from the text this descriptor read; not ready before. */
static unsigned status_poll(struct fs *fs, struct handle *h, struct fuse_pollhandle *ph)
{
	struct status_view *sv = h->priv;

	(void)fs;
	if (poll_waiter_poll(sv->notifier, &sv->waiter, ph))
		return POLLIN | POLLRDNORM | POLLPRI;
	return 0;
}

static void status_release(struct handle *h)
{
	struct status_view *sv = h->priv;

	poll_waiter_remove(sv->notifier, &sv->waiter);
	pthread_mutex_destroy(&sv->lock);
	free(sv);
	program_handle_release(h);
}

static const struct handle_ops status_ops = {
	.read = status_read,
	.poll = status_poll,
	.release = status_release,
};

static int status_open(struct fs *fs, struct handle *h)
{
	struct status_view *sv = calloc(1, sizeof(*sv));
	uint64_t gen;
	int rc;

	if (!sv)
		return -ENOMEM;
	rc = status_render(h, &gen);
	if (rc == 0)
		rc = -pthread_mutex_init(&sv->lock, NULL);
	if (rc) {
		free(sv);
		return rc;
	}
	sv->notifier = &fs->notifier;
	sv->waiter.prog = h->prog;
	poll_waiter_add(sv->notifier, &sv->waiter, gen);
	h->priv = sv;
	return 0;
}

/* ---- opening ------------------------------------------------------------- */

/* The handle's ops are set last: until then handle_put only frees it and
 * the caller puts the program. */
int program_file_open(struct fs *fs, struct node n, struct ttrt_program *p, int flags,
		      struct handle **out)
{
	const struct handle_ops *ops;
	struct handle *h;
	int rc;

	rc = handle_new(n, NULL, &h);
	if (rc) {
		ttrt_program_put(p);
		return rc;
	}
	h->prog = p;
	switch (n.kind == K_PROGRAM_FILE ? (int)n.file : -1) {
	case PF_RUN:
		ops = &run_ops;
		if (ttrt_program_running(p)) {
			ttfs_log("programs/%s/run: busy: the program is running", ttrt_program_name(p));
			rc = -EBUSY;
		}
		break;
	case PF_STATUS:
		ops = &status_ops;
		rc = status_open(fs, h);
		break;
	case PF_PROFILE:
		ops = &text_ops;
		rc = ttrt_program_profile(p, &h->text, &h->len);
		break;
	default:
		if (n.kind != K_PROGRAM_USER_FILE) {
			ops = NULL;
			rc = -ENOENT;
		} else if ((flags & O_ACCMODE) == O_RDONLY) {
			ops = &text_ops;
			rc = user_file_get(fs, n, p, &h->text, &h->len);
		} else {
			ops = &edit_ops;
			rc = edit_open(fs, h, flags);
		}
		break;
	}
	if (rc) {
		handle_put(h);
		ttrt_program_put(p);
		return rc;
	}
	h->ops = ops;
	*out = h;
	return 0;
}

int program_artifact_open(struct node n, struct ttrt_program *p, struct handle **out)
{
	char *data = NULL;
	size_t len = 0;
	int rc = ttrt_program_artifact(p, artifact_names[n.file], &data, &len);

	if (rc == 0)
		rc = handle_new_text(n, data, len, out);
	if (rc) {
		ttrt_program_put(p);
		return rc;
	}
	(*out)->ops = &text_ops;
	(*out)->prog = p;
	return 0;
}
