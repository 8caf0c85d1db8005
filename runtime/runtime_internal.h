/* SPDX-License-Identifier: Apache-2.0
 *
 * Runtime internals shared between runtime/ files; not part of ttrt.h.
 */
#ifndef TTRT_INTERNAL_H
#define TTRT_INTERNAL_H

#include "ttrt.h"
#include "backend.h"
#include "device/firmware_image.h"

#include <pthread.h>
#include <stdarg.h>

int ttrt_dram_harvested_physical(void);
/* The disabled physical DRAM bank of the chip this process drives (one
 * per process: a card's harvesting, read by the kmd backend at open). */
int ttrt_topology_set_dram_harvested(int physical);
int ttrt_worker_column_noc0(int logical_x);
/* Translated NOC coordinates of a logical DRAM bank as kernels address it. */
struct ttrt_xy ttrt_dram_translated_xy(int logical_bank, int noc);

struct ttrt_buffer_space;

/* For waiters on the cores (program_run.c): the backend's change count
 * (-ENOTSUP without one), and, only once that succeeded, a sleep until it
 * moves past `seen` or timeout_ns passes. */
int ttrt_device_change_count(struct ttrt_device *dev, uint64_t *count);
void ttrt_device_wait_change(struct ttrt_device *dev, uint64_t seen, uint64_t timeout_ns);

struct ttrt_device {
	struct ttrt_config cfg;
	struct ttrt_backend *backend;
	char backend_desc[TTRT_PATH_MAX + 8];

	struct ttrt_buffer_space *buffer_space;   /* runtime/buffer/ */

	struct fw_image firmware[TTRT_NUM_RISCS];   /* brisc, ncrisc, trisc0..2 */
	int firmware_loaded;
	char firmware_from[TTRT_PATH_MAX];   /* the directory of the ELFs */

	/* A card with tt_metal_home and sfpi_path that card_build_check
	 * accepts (device_card.c): tt-metal's firmware, built at open into
	 * card_fw_dir, is what boots, and kernels are built with tt-metal's
	 * recipe against it (program/build/card_kernel.c). */
	int card_build;
	char card_fw_dir[TTRT_PATH_MAX];
	uint64_t card_fw_key;

	/* The ABI profile every boot and launch goes through (ttrt_abi.h),
	 * fixed at open. launch_problem: why the device cannot boot or
	 * launch ("" when it can); memory access works either way. */
	struct ttrt_abi abi;
	char launch_problem[1536];

	/* The chip as a whole (device_state.c): boot and reset hold it
	 * exclusive, launches shared. chip_ready is written under it held
	 * exclusive: 0 after a boot that failed or was interrupted. */
	pthread_rwlock_t chip_lock;
	int chip_ready;

	/* Programs (runtime/program): which one holds each core while it
	 * runs, and the build setup, made at the first build. */
	pthread_mutex_t programs_lock;
	struct ttrt_program *core_owner[TTRT_NUM_TENSIX];
	/* The kernels each core was launched with last (core_owner.c):
	 * [TTRT_NUM_TENSIX], NULL until the first launch. */
	struct ttrt_core_kernels *core_kernels;
	struct build_env *build_env;
	struct build_watch *build_watch;   /* with build_env; the kept stamp */
	/* Background builds and runs under way; closing waits for them.
	 * Their own lock, taken last: a program's lock may be held. */
	pthread_mutex_t program_threads_lock;
	unsigned program_threads;
	pthread_cond_t program_threads_done;
	/* Every program made on the device and not deleted, for listings
	 * (info.json). Taken before a program's lock, never the other way. */
	pthread_mutex_t program_list_lock;
	struct ttrt_program *program_list;

	/* What code each core's RISCs were launched with, for the place of
	 * a PC (debug/pc_source.h); its own lock, taken last. */
	struct ttrt_code_table *code;
};

/* The five firmware ELFs of dir (brisc.elf .. trisc2.elf). */
int ttrt_firmware_load_all(struct ttrt_device *dev, const char *dir, char *err, size_t errlen);
/* A card's firmware (device_card.c): with dev->card_build, build
 * tt-metal's firmware (or take it from the cache) and load it; a failure
 * becomes launch_problem, memory access still works. Only -ENOMEM fails. */
int ttrt_device_card_firmware(struct ttrt_device *dev);

/* ---- ABI profile of the device (abi/device_abi.c) ---- */

/* Sets dev->abi from the config (builtin, derived or a saved profile) and
 * dev->launch_problem when it cannot be had or is incomplete. Only
 * -ENOMEM fails: a bad profile leaves memory access working. */
int ttrt_device_abi_init(struct ttrt_device *dev);
/* Whether ttfs's firmware is loaded from firmware_dir: on the simulator,
 * and on kmd only when firmware_dir is given (a card boots tt-metal's,
 * device_card.c, or launch_problem says what it lacks). */
int ttrt_device_needs_firmware(const struct ttrt_device *dev);
/* After the firmware is loaded: a profile whose firmware bases are not
 * where the firmware ELFs start does not describe that firmware; say so
 * in launch_problem. */
void ttrt_device_abi_match_firmware(struct ttrt_device *dev);
void ttrt_firmware_free_all(struct ttrt_device *dev);

/* ---- whole-chip operations (device_state.c) ---- */

/* One operation's wait: a deadline fixed when it starts, and the caller's
 * interruption. */
struct ttrt_op {
	uint64_t deadline_us;            /* CLOCK_MONOTONIC */
	uint32_t timeout_ms;
	const struct ttrt_wait *wait;    /* NULL: cannot be interrupted */
};

int ttrt_chip_state_init(struct ttrt_device *dev);
void ttrt_chip_state_destroy(struct ttrt_device *dev);
/* The deadline is timeout_ms from now, or the config's timeout_ms for 0. */
void ttrt_op_start(struct ttrt_op *op, const struct ttrt_device *dev, uint32_t timeout_ms,
		   const struct ttrt_wait *wait);
/* -EINTR if interrupted, -ETIMEDOUT past the deadline, else 0. */
int ttrt_op_check(const struct ttrt_op *op);
/* Take chip_lock within op's deadline: 0, -ETIMEDOUT or -EINTR. */
int ttrt_chip_lock(struct ttrt_device *dev, int exclusive, const struct ttrt_op *op);
/* Shared, for a launch: also -EIO while the chip is down. */
int ttrt_chip_lock_launch(struct ttrt_device *dev, const struct ttrt_op *op);
void ttrt_chip_unlock(struct ttrt_device *dev);
/* The steps of ttrt_launch_prepare and ttrt_launch_go for a caller that
 * holds the chip already (ttrt_chip_lock_launch). */
int ttrt_launch_prepare_locked(struct ttrt_device *dev, struct ttrt_xy core,
			       const struct ttrt_launch *msg);
int ttrt_launch_go_locked(struct ttrt_device *dev, struct ttrt_xy core);
/* The NOC mode of a core's next launches; nothing on a backend without one. */
int ttrt_core_noc_mode(struct ttrt_device *dev, struct ttrt_xy core, enum ttrt_noc_mode mode);
/* Stop the listed cores, reload their firmware and wait until they report
 * ready, within op; the caller holds the chip shared and owns the cores. */
int ttrt_cores_reboot(struct ttrt_device *dev, const struct ttrt_xy *cores, uint32_t n,
		      const struct ttrt_op *op, char *err, size_t errlen);
/* Ask every running program to stop (runtime/program/core_owner.c). */
void ttrt_programs_stop_all(struct ttrt_device *dev);
/* Forget which kernels the cores ran: the chip was booted again. */
void ttrt_core_kernels_clear(struct ttrt_device *dev);
/* Count a program's thread in and out; ttrt_programs_wait_threads (device
 * close) returns when none is left. */
void ttrt_program_thread_enter(struct ttrt_device *dev);
void ttrt_program_thread_leave(struct ttrt_device *dev);
void ttrt_programs_wait_threads(struct ttrt_device *dev);
/* Poll a core's go signal until DONE, within op. */
int ttrt_poll_done(struct ttrt_device *dev, struct ttrt_xy core, const struct ttrt_op *op);
/* The boot jump the loader writes at L1 0: JAL x0 to the BRISC firmware. */
uint32_t ttrt_boot_jump(uint32_t target);
/* Whether the core still holds the firmware text (and boot jump) the
 * loader wrote (firmware_check.c): 1, 0 when something wrote over it, or
 * -errno. 1 where ttfs loads no firmware of its own. */
int ttrt_core_firmware_intact(struct ttrt_device *dev, struct ttrt_xy core);
/* Upload the firmware and wait for every core; the caller holds chip_lock
 * exclusive. */
int ttrt_device_boot(struct ttrt_device *dev, const struct ttrt_op *op, char *err, size_t errlen);

/* printf into err, if there is one. */
void ttrt_set_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A NUL-terminated string a kernel left in L1 at addr (a literal of its
 * image), read into out[size] with bounds: 0; 1 when no NUL ends it within
 * size - 1 bytes or the end of L1 (out holds those, terminated); -ENXIO
 * for addr 0 or past L1; or the read's -errno. */
int ttrt_l1_string(struct ttrt_device *dev, struct ttrt_xy core, uint32_t addr, char *out,
		   size_t size);

/* ttrt_dram_direct that appends to iov[0..*n), merging a piece into the
 * last one when they are contiguous in host memory; 0 or -errno. */
struct iovec;
int ttrt_dram_direct_append(struct ttrt_device *dev, int bank, uint64_t addr, size_t len,
			    int writing, struct iovec *iov, int *n, int max_iov);

#endif
