/* SPDX-License-Identifier: Apache-2.0
 *
 * Who the driver and the device are: GET_DRIVER_INFO with the ioctl API
 * version check, GET_DEVICE_INFO, QUERY_MAPPINGS, and SET_POWER_STATE
 * (reference/blackhole-abi.md §1).
 */
#include "kmd_internal.h"
#include "runtime_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const char *kmd_ioctl_name(unsigned long request)
{
	switch (request) {
	case KMD_GET_DEVICE_INFO: return "GET_DEVICE_INFO";
	case KMD_QUERY_MAPPINGS: return "QUERY_MAPPINGS";
	case KMD_GET_DRIVER_INFO: return "GET_DRIVER_INFO";
	case KMD_RESET_DEVICE: return "RESET_DEVICE";
	case KMD_ALLOCATE_TLB: return "ALLOCATE_TLB";
	case KMD_FREE_TLB: return "FREE_TLB";
	case KMD_CONFIGURE_TLB: return "CONFIGURE_TLB";
	case KMD_SET_POWER_STATE: return "SET_POWER_STATE";
	default: return "ioctl";
	}
}

int kmd_ioctl(struct kmd_backend *kb, unsigned long request, void *arg, const char *detail,
	      char *err, size_t errlen)
{
	if (kb->sys->ioctl(kb->fd, request, arg) == 0)
		return 0;
	int e = errno ? errno : EIO;
	/* ENOMEM from ALLOCATE_TLB: the driver's windows ran out. */
	const char *hint = request == KMD_ALLOCATE_TLB && e == ENOMEM
				   ? " (every window is taken: is another program using the card?)"
				   : "";

	ttrt_set_err(err, errlen, "%s: %s%s failed: %s%s", kb->path, kmd_ioctl_name(request),
		     detail ? detail : "", strerror(e), hint);
	return -e;
}

static int driver_info(struct kmd_backend *kb, char *err, size_t errlen)
{
	struct kmd_get_driver_info *d = &kb->driver;
	int rc;

	memset(d, 0, sizeof(*d));
	d->in.output_size_bytes = sizeof(d->out);
	rc = kmd_ioctl(kb, KMD_GET_DRIVER_INFO, d, NULL, err, errlen);
	if (rc)
		return rc;
	/* API 1 (tt-kmd 1.32/1.33) laid the TLB structs out differently:
	 * using them would program windows with garbage. */
	if (d->out.driver_version != KMD_API_VERSION) {
		ttrt_set_err(err, errlen,
			     "%s: tt-kmd %u.%u.%u speaks ioctl API version %u; ttfs needs version %u "
			     "(tt-kmd 2.0.0 or newer)",
			     kb->path, d->out.major, d->out.minor, d->out.patch,
			     d->out.driver_version, KMD_API_VERSION);
		return -EPROTONOSUPPORT;
	}
	return 0;
}

static int device_info(struct kmd_backend *kb, char *err, size_t errlen)
{
	struct kmd_get_device_info *d = &kb->device;
	int rc;

	memset(d, 0, sizeof(*d));
	d->in.output_size_bytes = sizeof(d->out);
	rc = kmd_ioctl(kb, KMD_GET_DEVICE_INFO, d, NULL, err, errlen);
	if (rc)
		return rc;
	if (d->out.vendor_id != KMD_VENDOR_TENSTORRENT || d->out.device_id != KMD_DEVICE_BLACKHOLE) {
		ttrt_set_err(err, errlen,
			     "%s: PCI device %04x:%04x is not a Blackhole (%04x:%04x)", kb->path,
			     d->out.vendor_id, d->out.device_id, KMD_VENDOR_TENSTORRENT,
			     KMD_DEVICE_BLACKHOLE);
		return -ENODEV;
	}
	return 0;
}

/* BAR0 holds the 2 MiB windows: without it there is nothing to map. */
static int mappings(struct kmd_backend *kb, char *err, size_t errlen)
{
	struct kmd_query_mappings q;
	int rc;

	memset(&q, 0, sizeof(q));
	q.in.output_mapping_count = KMD_MAX_MAPPINGS;
	rc = kmd_ioctl(kb, KMD_QUERY_MAPPINGS, &q, NULL, err, errlen);
	if (rc)
		return rc;
	for (int i = 0; i < KMD_MAX_MAPPINGS; i++)
		if (q.out[i].mapping_id == KMD_MAPPING_RESOURCE0_UC)
			kb->bar0_size = q.out[i].mapping_size;
	if (kb->bar0_size < KMD_TLB_2M) {
		ttrt_set_err(err, errlen, "%s: QUERY_MAPPINGS lists no BAR0 (TLB windows)",
			     kb->path);
		return -ENODEV;
	}
	return 0;
}

int kmd_device_identify(struct kmd_backend *kb, char *err, size_t errlen)
{
	int rc = driver_info(kb, err, errlen);

	if (rc == 0)
		rc = device_info(kb, err, errlen);
	if (rc == 0)
		rc = mappings(kb, err, errlen);
	return rc;
}

void kmd_device_bdf(const struct kmd_backend *kb, char *buf, size_t len)
{
	uint16_t bdf = kb->device.out.bus_dev_fn;

	snprintf(buf, len, "%04x:%02x:%02x.%u", kb->device.out.pci_domain, bdf >> 8,
		 (bdf >> 3) & 0x1F, bdf & 7u);
}

/* Busy: AI clock high, Tensix and the GDDR PHYs awake; idle: all off.
 * PYD and tt-metal do the same around their work. */
int kmd_device_power(struct kmd_backend *kb, int busy, char *err, size_t errlen)
{
	struct kmd_set_power_state p;
	int rc;

	memset(&p, 0, sizeof(p));
	p.argsz = sizeof(p);
	p.validity = 4;   /* four flags valid, no settings */
	p.power_flags = busy ? (KMD_POWER_MAX_AI_CLK | KMD_POWER_MRISC_PHY |
				KMD_POWER_TENSIX_ENABLE | KMD_POWER_L2CPU_ENABLE) : 0;
	rc = kmd_ioctl(kb, KMD_SET_POWER_STATE, &p, NULL, err, errlen);
	/* tt-kmd before 2.6 does not know the request: its clocks are whatever
	 * the firmware chose, and work still runs. */
	if (rc == -ENOTTY || rc == -EINVAL) {
		if (err && errlen)
			err[0] = '\0';
		return 0;
	}
	if (rc == 0)
		kb->powered = busy;
	return rc;
}
