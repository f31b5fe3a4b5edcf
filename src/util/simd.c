/* simd.c: which build of the vector kernels runs. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util/simd.h"

static int use_avx2;
static int decided;	/* read without the once: set after use_avx2 */
static pthread_once_t simd_once = PTHREAD_ONCE_INIT;

static void
simd_decide(void)
{
	const char *force = getenv("SPECDEC_SIMD");
	int avx2 = 0;

#if SIMD_AVX2_BUILD
	__builtin_cpu_init();
	avx2 = __builtin_cpu_supports("avx2") != 0;
#endif
	if (force != NULL && strcmp(force, "generic") == 0)
		avx2 = 0;
	__atomic_store_n(&use_avx2, avx2, __ATOMIC_RELAXED);
	__atomic_store_n(&decided, 1, __ATOMIC_RELEASE);
}

int
simd_use_avx2(void)
{
	if (!__atomic_load_n(&decided, __ATOMIC_ACQUIRE))
		pthread_once(&simd_once, simd_decide);
	return __atomic_load_n(&use_avx2, __ATOMIC_RELAXED);
}
