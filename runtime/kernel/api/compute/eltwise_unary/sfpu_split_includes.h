// SPDX-License-Identifier: Apache-2.0
//
// The per-op headers behind ttnn's SFPU_OP_CHAIN_0: the host defines
// SFPU_OP_<GROUP>_INCLUDE=1 for each op of the chain (ttnn's
// unary_op_utils), and this header includes that op's header, as
// tt-metal's does; the catch-all SFPU_OP_COMPUTE_KERNEL_API_INCLUDE takes
// api/compute/compute_kernel_api.h. A guard for an op the SDK does not have
// stops the build with its name (runtime/kernel/README.md lists the ops).
#pragma once

#if SFPU_OP_ISINF_ISNAN_INCLUDE
#include "api/compute/eltwise_unary/isinf_isnan.h"
#endif

#if SFPU_OP_ERF_ERFC_INCLUDE
#include "api/compute/eltwise_unary/erf_erfc.h"
#endif

#if SFPU_OP_LOGICAL_NOT_INCLUDE
#include "api/compute/eltwise_unary/logical_not.h"
#endif

#if SFPU_OP_EXP_INCLUDE
#include "api/compute/eltwise_unary/exp.h"
#endif

#if SFPU_OP_GELU_INCLUDE
#include "api/compute/eltwise_unary/gelu.h"
#endif

#if SFPU_OP_SQRT_INCLUDE
#include "api/compute/eltwise_unary/sqrt.h"
#endif

#if SFPU_OP_RSQRT_INCLUDE
#include "api/compute/eltwise_unary/rsqrt.h"
#endif

#if SFPU_OP_CBRT_INCLUDE
#include "api/compute/eltwise_unary/cbrt.h"
#endif

#if SFPU_OP_RECIP_INCLUDE
#include "api/compute/eltwise_unary/recip.h"
#endif

#if SFPU_OP_RELU_FAMILY_INCLUDE
#include "api/compute/eltwise_unary/relu.h"
#endif

#if SFPU_OP_ELU_INCLUDE
#include "api/compute/eltwise_unary/elu.h"
#endif

#if SFPU_OP_I0_INCLUDE
#include "api/compute/eltwise_unary/i0.h"
#endif

#if SFPU_OP_I1_INCLUDE
#include "api/compute/eltwise_unary/i1.h"
#endif

#if SFPU_OP_ERFINV_INCLUDE
#include "api/compute/eltwise_unary/erfinv.h"
#endif

#if SFPU_OP_NEG_INCLUDE
#include "api/compute/eltwise_unary/negative.h"
#endif

#if SFPU_OP_TRIG_FAMILY_INCLUDE
#include "api/compute/eltwise_unary/trigonometry.h"
#endif

#if SFPU_OP_COSH_INCLUDE
#include "api/compute/eltwise_unary/cosh.h"
#endif

#if SFPU_OP_SINH_INCLUDE
#include "api/compute/eltwise_unary/sinh.h"
#endif

#if SFPU_OP_RSUB_INCLUDE
#include "api/compute/eltwise_unary/rsub.h"
#endif

#if SFPU_OP_IDENTITY_INCLUDE
#include "api/compute/eltwise_unary/identity.h"
#endif

#if SFPU_OP_BITWISE_INCLUDE
#include "api/compute/eltwise_unary/bitwise.h"
#endif

#if SFPU_OP_BITWISE_XOR_INCLUDE
#include "api/compute/eltwise_unary/bitwise_xor.h"
#endif

#if SFPU_OP_BITWISE_NOT_INCLUDE
#include "api/compute/eltwise_unary/bitwise_not.h"
#endif

#if SFPU_OP_BITWISE_AND_INCLUDE
#include "api/compute/eltwise_unary/bitwise_and.h"
#endif

#if SFPU_OP_BITWISE_OR_INCLUDE
#include "api/compute/eltwise_unary/bitwise_or.h"
#endif

#if SFPU_OP_SHIFT_INCLUDE
#include "api/compute/eltwise_unary/shift.h"
#endif

#if SFPU_OP_RIGHT_SHIFT_INCLUDE
#include "api/compute/eltwise_unary/right_shift.h"
#endif

#if SFPU_OP_LEFT_SHIFT_INCLUDE
#include "api/compute/eltwise_unary/left_shift.h"
#endif

#if SFPU_OP_ROUND_FAMILY_INCLUDE
#include "api/compute/eltwise_unary/rounding.h"
#endif

#if SFPU_OP_REMAINDER_INCLUDE
#include "api/compute/eltwise_unary/remainder.h"
#endif

#if SFPU_OP_FMOD_INCLUDE
#include "api/compute/eltwise_unary/fmod.h"
#endif

#if SFPU_OP_BINOP_WITH_SCALAR_INCLUDE
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#endif

#if SFPU_OP_SOFTPLUS_INCLUDE
#include "api/compute/eltwise_unary/softplus.h"
#endif

#if SFPU_OP_SELU_INCLUDE
#include "api/compute/eltwise_unary/selu.h"
#endif

#if SFPU_OP_PRELU_INCLUDE
#include "api/compute/eltwise_unary/prelu.h"
#endif

#if SFPU_OP_FILL_INCLUDE
#include "api/compute/eltwise_unary/fill.h"
#endif

#if SFPU_OP_LOG1P_INCLUDE
#include "api/compute/eltwise_unary/log1p.h"
#endif

#if SFPU_OP_UNARY_COMP_INCLUDE
#include "api/compute/eltwise_unary/comp.h"
#endif

#if SFPU_OP_ACTIVATIONS_INCLUDE
#include "api/compute/eltwise_unary/activations.h"
#endif

#if SFPU_OP_THRESHOLD_INCLUDE
#include "api/compute/eltwise_unary/threshold.h"
#endif

#if SFPU_OP_CLAMP_INCLUDE
#include "api/compute/eltwise_unary/clamp.h"
#endif

#if SFPU_OP_HARDTANH_INCLUDE
#include "api/compute/eltwise_unary/hardtanh.h"
#endif

#if SFPU_OP_RPOW_INCLUDE
#include "api/compute/eltwise_unary/rpow.h"
#endif

#if SFPU_OP_HARDMISH_INCLUDE
#include "api/compute/eltwise_unary/hardmish.h"
#endif

#if SFPU_OP_SOFTCAP_INCLUDE
#include "api/compute/eltwise_unary/softcap.h"
#endif

#if SFPU_OP_TANHSHRINK_INCLUDE
#include "api/compute/eltwise_unary/tanhshrink.h"
#endif

#if SFPU_OP_MISH_INCLUDE
#include "api/compute/eltwise_unary/mish.h"
#endif

#if SFPU_OP_TYPECAST_INCLUDE
#include "api/compute/eltwise_unary/typecast.h"
#endif

#if SFPU_OP_DROPOUT_INCLUDE
#include "api/compute/eltwise_unary/dropout.h"
#endif

#if SFPU_OP_LOGSIGMOID_INCLUDE
#error "SFPU_OP_LOGSIGMOID_INCLUDE: this op is not in the SDK (runtime/kernel/README.md, SFPU ops)"
#endif

#if SFPU_OP_XIELU_INCLUDE
#include "api/compute/eltwise_unary/xielu.h"
#endif

#if SFPU_OP_WHERE_INCLUDE
#include "api/compute/eltwise_unary/where.h"
#endif

#if SFPU_OP_MAC_INCLUDE
#include "api/compute/eltwise_unary/mac.h"
#endif

#if SFPU_OP_LGAMMA_INCLUDE
#include "api/compute/eltwise_unary/lgamma.h"
#endif

#if SFPU_OP_DIGAMMA_INCLUDE
#include "api/compute/eltwise_unary/digamma.h"
#endif

#if SFPU_OP_POLYGAMMA_INCLUDE
#include "api/compute/eltwise_unary/polygamma.h"
#endif

#if SFPU_OP_COMPUTE_KERNEL_API_INCLUDE
#include "api/compute/compute_kernel_api.h"
#endif
