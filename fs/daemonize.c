/* SPDX-License-Identifier: Apache-2.0 */
#include "daemonize.h"
#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int ready_fd = -1;

/* Parent: 0 from the child means "mounted"; EOF means it died first. */
static int wait_for_child(int fd, pid_t child)
{
	char verdict;
	ssize_t n;
	int status;

	do {
		n = read(fd, &verdict, 1);
	} while (n < 0 && errno == EINTR);
	if (n == 1 && verdict == 0)
		return 0;
	if (waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status))
		return WEXITSTATUS(status);
	return 1;
}

int daemon_start(int foreground)
{
	int fds[2];
	pid_t pid;

	if (foreground)
		return 0;
	if (pipe2(fds, O_CLOEXEC) != 0) {
		perror("ttfs: pipe");
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		perror("ttfs: fork");
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid > 0) {
		close(fds[1]);
		_exit(wait_for_child(fds[0], pid));
	}
	close(fds[0]);
	ready_fd = fds[1];
	if (setsid() < 0)
		perror("ttfs: setsid");
	return 0;
}

static void detach_stdio(void)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (null < 0)
		return;
	dup2(null, STDIN_FILENO);
	dup2(null, STDOUT_FILENO);
	dup2(null, STDERR_FILENO);
	if (null > STDERR_FILENO)
		close(null);
}

void daemon_ready(void)
{
	char ok = 0;

	if (ready_fd < 0)
		return;
	if (chdir("/") != 0)
		perror("ttfs: chdir /");
	detach_stdio();
	ttfs_log_to_syslog();
	if (write(ready_fd, &ok, 1) != 1) {
		/* The parent is gone; nothing is waiting for the verdict. */
	}
	close(ready_fd);
	ready_fd = -1;
}
