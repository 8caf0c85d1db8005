/* SPDX-License-Identifier: Apache-2.0 */
#include "open_files.h"

int open_files_init(struct open_files *list)
{
	list->head.prev = list->head.next = &list->head;
	return -pthread_mutex_init(&list->lock, NULL);
}

void open_files_add(struct open_files *list, struct open_file *of,
		    void (*close)(struct open_file *of))
{
	of->close = close;
	pthread_mutex_lock(&list->lock);
	of->next = list->head.next;
	of->prev = &list->head;
	list->head.next->prev = of;
	list->head.next = of;
	pthread_mutex_unlock(&list->lock);
}

void open_files_remove(struct open_files *list, struct open_file *of)
{
	pthread_mutex_lock(&list->lock);
	of->prev->next = of->next;
	of->next->prev = of->prev;
	of->prev = of->next = of;
	pthread_mutex_unlock(&list->lock);
}

void open_files_close_all(struct open_files *list)
{
	for (;;) {
		struct open_file *of;

		pthread_mutex_lock(&list->lock);
		of = list->head.next;
		if (of == &list->head) {
			pthread_mutex_unlock(&list->lock);
			break;
		}
		of->prev->next = of->next;
		of->next->prev = of->prev;
		pthread_mutex_unlock(&list->lock);
		of->close(of);
	}
	pthread_mutex_destroy(&list->lock);
}
