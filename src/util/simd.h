/* simd.h: four-lane vectors of doubles and 64-bit integers (the GCC and Clang
 * vector extensions, which every target lowers to its own instructions: two SSE2
 * operations a vector on a plain x86-64, one AVX2 operation with AVX2, NEON on
 * aarch64), and the choice of the build a kernel runs.
 *
 * A kernel file writes its loops once, in a body included twice: a portable
 * build and, on x86-64, a build for AVX2 (function multi-versioning by hand).
 * Every lane does the same IEEE operations in the same order on both builds,
 * without fused multiply-adds, so the two give the same bits; tests/batch/simd.sh
 * runs whole simulations both ways and compares them. */
#ifndef SPECDEC_SIMD_H
#define SPECDEC_SIMD_H

#include <stdint.h>
#include <string.h>

/* GCC notes that a 32-byte vector passed without AVX has another ABI; the kernels
 * pass them only between static functions of one file, where no ABI applies. */
#if defined(__clang__)
#if __has_warning("-Wpsabi")
#pragma clang diagnostic ignored "-Wpsabi"
#endif
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

typedef double f64x4 __attribute__((vector_size(32)));
typedef uint64_t u64x4 __attribute__((vector_size(32)));
typedef int64_t i64x4 __attribute__((vector_size(32)));

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SIMD_AVX2_BUILD 1	/* kernels have an AVX2 build as well */
#else
#define SIMD_AVX2_BUILD 0
#endif

/* 1 when the AVX2 builds run: built for x86-64, the processor has AVX2 and the
 * environment variable SPECDEC_SIMD is not "generic" (which forces the portable
 * build, for the test that compares the two). Decided once per process. */
int simd_use_avx2(void);

#endif
