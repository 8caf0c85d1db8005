/* SPDX-License-Identifier: Apache-2.0 */
#ifndef TTFS_DAEMONIZE_H
#define TTFS_DAEMONIZE_H

/* Fork into the background before anything starts threads (the simulator
 * runs its cores on a thread pool, and threads do not survive fork). The
 * parent waits until the child calls daemon_ready() or exits, and leaves
 * with the child's verdict, so start-up errors still reach the terminal
 * and the exit code. In foreground mode both are no-ops. */
int daemon_start(int foreground);
/* The child is serving: release the parent (exit 0) and detach stdio. */
void daemon_ready(void);

#endif
