/* SPDX-License-Identifier: Apache-2.0
 *
 * Every open file and directory, so that a daemon stopped by a signal (the
 * kernel then sends no release) still frees them before it exits.
 */
#ifndef TTFS_OPEN_FILES_H
#define TTFS_OPEN_FILES_H

#include <pthread.h>

struct open_file {
	struct open_file *prev, *next;
	void (*close)(struct open_file *of);   /* frees the object it is in */
};

struct open_files {
	pthread_mutex_t lock;
	struct open_file head;
};

int open_files_init(struct open_files *list);
void open_files_add(struct open_files *list, struct open_file *of,
		    void (*close)(struct open_file *of));
void open_files_remove(struct open_files *list, struct open_file *of);
/* At exit: close whatever is still open. */
void open_files_close_all(struct open_files *list);

#endif
