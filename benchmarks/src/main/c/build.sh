#!/usr/bin/env bash
# Compiles the JNI baseline of the gateway benchmark: build.sh JAVA_HOME OUT_DIR.
# A missing gcc or missing JDK headers skip it with a message instead of failing the build: the
# C benchmarks then report themselves unavailable. A compile error still fails (it is a bug).
set -euo pipefail
java_home="$1"
out="$2"
src="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/jnvm_bench.c"
lib="$out/libjnvmbench.so"

if ! command -v gcc >/dev/null 2>&1; then
  echo "[benchmarks] gcc not found: JNI baseline skipped (the C benchmarks will report unavailable)"
  rm -f "$lib"
  exit 0
fi
if [ ! -f "$java_home/include/jni.h" ]; then
  echo "[benchmarks] no jni.h under $java_home/include (a JRE, not a JDK?): JNI baseline skipped"
  rm -f "$lib"
  exit 0
fi
mkdir -p "$out"
gcc -O2 -Wall -Wextra -shared -fPIC \
  -I"$java_home/include" -I"$java_home/include/linux" \
  -o "$lib" "$src"
echo "[benchmarks] JNI baseline built: $lib"
