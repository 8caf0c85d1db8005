/* SPDX-License-Identifier: Apache-2.0
 *
 * Messages from the running daemon: to stderr in the foreground, to syslog
 * (daemon facility) once it has gone to the background and stderr is
 * /dev/null.
 */
#ifndef TTFS_LOG_H
#define TTFS_LOG_H

void ttfs_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ttfs_log_to_syslog(void);

#endif
