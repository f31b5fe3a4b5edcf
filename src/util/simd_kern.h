/* simd_kern.h: the two builds of a kernel body (see util/simd.h), included by a
 * kernel file after it defines KERN_BODY, the body's header name: the portable
 * build as name##_generic, on x86-64 the AVX2 build as name##_avx2 too, and
 * DISPATCH(name, args), which calls the build that runs. No include guard:
 * a file includes it once. */
#if SIMD_AVX2_BUILD
#include <immintrin.h>
#endif

#define KERN(name) name##_generic
#define KERN_ATTR
#define KERN_AVX2 0
#include KERN_BODY
#undef KERN
#undef KERN_ATTR
#undef KERN_AVX2

#if SIMD_AVX2_BUILD
#define KERN(name) name##_avx2
#define KERN_ATTR __attribute__((target("avx2")))
#define KERN_AVX2 1
#include KERN_BODY
#undef KERN
#undef KERN_ATTR
#undef KERN_AVX2
#define DISPATCH(name, args) (simd_use_avx2() ? name##_avx2 args : name##_generic args)
#else
#define DISPATCH(name, args) (name##_generic args)
#endif
