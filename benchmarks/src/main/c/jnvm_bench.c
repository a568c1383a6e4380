/*
 * The C baseline of the gateway benchmark: the store + write-back + fence that the JVM emits for
 * Pmem.putLong + Pmem.pwb + Pmem.pfence, done from C and reached through JNI, on the same lines
 * of the same persistent heap as the Java side.
 *
 * Kind codes match org.jnvm.bench.gateway.Flush: 1 clwb, 2 clflushopt, 3 clflush.
 * The hot functions trust their kind: the Java side checks it once with supported(), because an
 * instruction the CPU lacks raises SIGILL, which kills the JVM.
 */
#include <cpuid.h>
#include <jni.h>
#include <stdint.h>

enum { CLWB = 1, CLFLUSHOPT = 2, CLFLUSH = 3 };
enum { LINE = 64 };

#define INLINE static inline __attribute__((always_inline))

INLINE void flush_line(int kind, char *p) {
  switch (kind) {
    case CLWB:
      __asm__ volatile("clwb %0" : "+m"(*(volatile char *)p) : : "memory");
      break;
    case CLFLUSHOPT:
      __asm__ volatile("clflushopt %0" : "+m"(*(volatile char *)p) : : "memory");
      break;
    default:
      __asm__ volatile("clflush %0" : "+m"(*(volatile char *)p) : : "memory");
      break;
  }
}

INLINE void fence(void) { __asm__ volatile("sfence" : : : "memory"); }

INLINE void store(char *p, int64_t v) { *(volatile int64_t *)p = v; }

/* One store, its write-back and a fence, n times: the C cost without a JNI call per line. */
INLINE void one_line_loop(int kind, char *p, int64_t v, int n) {
  for (int i = 0; i < n; i++) {
    store(p, v + i);
    flush_line(kind, p);
    fence();
  }
}

/* A store and a write-back on each of n consecutive lines, then one fence. */
INLINE void many_lines(int kind, char *p, int64_t v, int n) {
  for (int i = 0; i < n; i++) {
    store(p + (intptr_t)i * LINE, v);
    flush_line(kind, p + (intptr_t)i * LINE);
  }
  fence();
}

/* CPUID: CLFLUSH is leaf 1 EDX bit 19; CLFLUSHOPT and CLWB are leaf 7 EBX bits 23 and 24. */
static int cpu_has(int kind) {
  unsigned a, b, c, d;
  if (kind == CLFLUSH) {
    return __get_cpuid(1, &a, &b, &c, &d) && ((d >> 19) & 1);
  }
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  if (kind == CLWB) return (b >> 24) & 1;
  if (kind == CLFLUSHOPT) return (b >> 23) & 1;
  return 0;
}

JNIEXPORT jboolean JNICALL Java_org_jnvm_bench_gateway_NativeFlush_supported(
    JNIEnv *env, jclass cls, jint kind) {
  (void)env;
  (void)cls;
  return cpu_has(kind) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_org_jnvm_bench_gateway_NativeFlush_store1(
    JNIEnv *env, jclass cls, jlong address, jlong value, jint kind) {
  (void)env;
  (void)cls;
  char *p = (char *)(intptr_t)address;
  store(p, value);
  flush_line(kind, p);
  fence();
}

JNIEXPORT void JNICALL Java_org_jnvm_bench_gateway_NativeFlush_store1Loop(
    JNIEnv *env, jclass cls, jlong address, jlong value, jint kind, jint n) {
  (void)env;
  (void)cls;
  char *p = (char *)(intptr_t)address;
  /* One specialised loop per instruction, so that no branch is left inside the loop. */
  switch (kind) {
    case CLWB: one_line_loop(CLWB, p, value, n); break;
    case CLFLUSHOPT: one_line_loop(CLFLUSHOPT, p, value, n); break;
    default: one_line_loop(CLFLUSH, p, value, n); break;
  }
}

JNIEXPORT void JNICALL Java_org_jnvm_bench_gateway_NativeFlush_storeLines(
    JNIEnv *env, jclass cls, jlong address, jint lines, jlong value, jint kind) {
  (void)env;
  (void)cls;
  char *p = (char *)(intptr_t)address;
  switch (kind) {
    case CLWB: many_lines(CLWB, p, value, lines); break;
    case CLFLUSHOPT: many_lines(CLFLUSHOPT, p, value, lines); break;
    default: many_lines(CLFLUSH, p, value, lines); break;
  }
}
