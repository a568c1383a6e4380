#!/usr/bin/env bash
# Builds OpenJDK 17 (Debian's openjdk-17 source package) with the J-NVM patch, then runs the
# jnvm-core tests and the gateway benchmark on it. Run as root or with sudo available (apt).
#
#   hotspot-patch/build.sh          all stages: jdk, then test, then bench
#   hotspot-patch/build.sh jdk      fetch, patch, configure, build the image (build/jdk)
#   hotspot-patch/build.sh test     jnvm-core and hotspot-patch tests on build/jdk
#   hotspot-patch/build.sh bench    GatewayBench on stock JDK 17, stock JDK 25 and build/jdk
#
# Environment: KEEP_SRC=1 keeps the source tree and build intermediates (about 3 GB) for
# `make hotspot` iterations; BOOT_JDK (default: the system JDK 17); JOBS (default: nproc);
# NICE (default 10). Every stage appends its wall time to build/times.txt.
# Everything is written under hotspot-patch/build/ (git-ignored).
set -euo pipefail

MODULE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$MODULE/.." && pwd)"
OUT="$MODULE/build"
SRC_PARENT="$OUT/src"
IMAGE="$OUT/jdk"
PATCH_FILE="$MODULE/patch/jnvm-pmem-jdk17.patch"
TIMES="$OUT/times.txt"
JOBS="${JOBS:-$(nproc)}"
NICE="${NICE:-10}"
BOOT_JDK="${BOOT_JDK:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

# Packages the configure step needs: the Debian tarball has bundled libraries stripped, so the
# JDK is configured against the system ones.
BUILD_DEPS=(autoconf make zip unzip file gcc g++ libasound2-dev libcups2-dev libxrandr-dev
  libxtst-dev libxt-dev libxrender-dev libx11-dev libxext-dev libxi-dev libfontconfig-dev
  libfreetype-dev libjpeg-dev libgif-dev libpng-dev liblcms2-dev libharfbuzz-dev
  libpcsclite-dev zlib1g-dev)

log() { echo "[hotspot-patch] $*" >&2; }

# Runs "$@" and records its wall time under the name $1 in build/times.txt.
timed() {
  local name="$1"; shift
  local start end
  start=$(date +%s)
  "$@"
  end=$(date +%s)
  mkdir -p "$OUT"
  echo "$(date -u +%FT%TZ) $name $((end - start)) s" | tee -a "$TIMES" >&2
}

# deb-src entries derived from this machine's Debian sources, in a file of our own.
# shellcheck source=deb-src.sh
source "$MODULE/deb-src.sh"

source_dir() { find "$SRC_PARENT" -maxdepth 1 -type d -name 'openjdk-17-*' | head -1; }

fetch() {
  if [ -n "$(source_dir)" ]; then log "sources already in $(source_dir)"; return; fi
  add_deb_src
  $SUDO apt-get update -qq
  mkdir -p "$SRC_PARENT"
  (cd "$SRC_PARENT" && apt-get source -q openjdk-17)
}

install_deps() {
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${BUILD_DEPS[@]}" >/dev/null
}

apply_patch() {
  local src
  src="$(source_dir)"
  if (cd "$src" && patch -p1 -R --dry-run -s -f <"$PATCH_FILE" >/dev/null 2>&1); then
    log "patch already applied"
    return
  fi
  (cd "$src" && patch -p1 --forward <"$PATCH_FILE")
}

configure_jdk() {
  local src
  src="$(source_dir)"
  (cd "$src" && bash configure --with-boot-jdk="$BOOT_JDK" --with-jvm-variants=server \
    --with-debug-level=release --with-native-debug-symbols=none \
    --disable-warnings-as-errors --with-version-opt=jnvm-pmem \
    --with-libjpeg=system --with-giflib=system --with-libpng=system --with-lcms=system \
    --with-harfbuzz=system --with-zlib=system --with-pcsclite=system --with-extra-cflags="-I/usr/include/PCSC" \
    --with-extra-cxxflags="-I/usr/include/PCSC" >"$OUT/configure.log" 2>&1) \
    || { tail -30 "$OUT/configure.log" >&2; return 1; }
}

make_images() {
  local src
  src="$(source_dir)"
  (cd "$src" && nice -n "$NICE" make images JOBS="$JOBS" >"$OUT/make.log" 2>&1) \
    || { tail -60 "$OUT/make.log" >&2; return 1; }
  rm -rf "$IMAGE"
  cp -a "$src"/build/*/images/jdk "$IMAGE"
  "$IMAGE/bin/java" -version
}

# The source tree with its build directory is about 3 GB; the image is what we keep.
clean_sources() {
  if [ "${KEEP_SRC:-0}" = 1 ]; then log "KEEP_SRC=1: keeping $SRC_PARENT"; return; fi
  log "deleting sources and build intermediates ($(du -sh "$SRC_PARENT" | cut -f1))"
  rm -rf "$SRC_PARENT"
}

stage_jdk() {
  mkdir -p "$OUT"
  timed fetch fetch
  timed install-deps install_deps
  timed patch apply_patch
  timed configure configure_jdk
  timed make-images make_images
  clean_sources
}

stage_test() {
  [ -x "$IMAGE/bin/java" ] || { log "no patched JDK in $IMAGE: run '$0 jdk' first"; return 1; }
  (cd "$ROOT" && JAVA_HOME="$IMAGE" JNVM_PATCHED_JDK="$IMAGE" \
    timed test-core-on-patched mvn -B verify -pl jnvm-core,hotspot-patch -am)
}

# bin/jnvm jmh, waiting (up to 20 minutes) while another JMH run on this machine holds JMH's
# lock: two benchmarks at once would spoil both.
jmh() {
  local log="$1"; shift
  local tries=0
  while true; do
    "$ROOT/bin/jnvm" jmh "$@" >"$log" 2>&1 && return 0
    grep -q 'Unable to acquire the JMH lock' "$log" || { tail -20 "$log" >&2; return 1; }
    tries=$((tries + 1))
    [ "$tries" -lt 40 ] || { log "JMH lock still held after 20 minutes"; return 1; }
    log "another JMH run holds its lock; waiting 30 s"
    sleep 30
  done
}

# Which write-back instruction a JDK's gateway code holds: a short JMH run prints the compiled
# measurement loop of line1Java (no hsdis here: raw bytes, decoded by tools/writebacks.py), and
# the JVM prints its interpreter entries and write-back stubs (what the interpreter and C1 run).
emitted() {
  local name="$1" home="$2"
  local log="$OUT/bench/$name.asm.log"
  JAVA_HOME="$home" jmh "$log" 'GatewayBench\.line1Java' -f 1 -wi 2 -w 2 -i 1 -r 1 \
    -jvmArgsPrepend "-XX:+UnlockDiagnosticVMOptions -XX:CompileCommand=quiet $PRINT_STUB"
  "$home/bin/java" -XX:+UnlockDiagnosticVMOptions -XX:+PrintInterpreter -XX:+PrintStubCode \
    -version >>"$log" 2>&1
  python3 "$MODULE/tools/writebacks.py" "$log" | grep -v '^C1' | tee "$OUT/bench/$name.insns"
}
PRINT_STUB="-XX:CompileCommand=print,*GatewayBench_line1Java_jmhTest::line1Java_avgt_jmhStub"

# GatewayBench (store + pwb + pfence, one line and 64 lines per fence) on each JDK in turn, in
# one session, so the figures sit side by side; each JDK's -Xlog:os+cpu line says whether it
# detects clwb.
stage_bench() {
  [ -x "$IMAGE/bin/java" ] || { log "no patched JDK in $IMAGE: run '$0 jdk' first"; return 1; }
  local jdk25 name home
  jdk25="$(find /usr/lib/jvm -maxdepth 1 -type d -name '*25*' | head -1)"
  (cd "$ROOT" && mvn -B -q -DskipTests -Dfmt.skip package -pl benchmarks -am)
  mkdir -p "$OUT/bench"
  for name in jdk17 jdk25 patched; do
    case "$name" in
      jdk17) home="$BOOT_JDK" ;;
      jdk25) home="$jdk25" ;;
      patched) home="$IMAGE" ;;
    esac
    [ -n "$home" ] && [ -x "$home/bin/java" ] || { log "skipping $name: no JDK found"; continue; }
    log "GatewayBench on $name ($home)"
    "$home/bin/java" -Xlog:os+cpu -version >"$OUT/bench/$name.cpu.log" 2>&1
    grep -m1 'CPU:' "$OUT/bench/$name.cpu.log" >"$OUT/bench/$name.cpu" || true
    JAVA_HOME="$home" timed "bench-$name" jmh "$OUT/bench/$name.log" \
      'GatewayBench\.(line1Java|lines64Java)' -f 1 -wi 3 -w 2 -i 5 -r 2 \
      -rf json -rff "$OUT/bench/$name.json"
    grep -E '^GatewayBench' "$OUT/bench/$name.log" >&2 || true
    emitted "$name" "$home"
  done
  summary
}

# One table: JDK, clwb detected, ns per line for each benchmark, instructions in the C2 loop.
summary() {
  summary_rows | tee "$OUT/bench/summary.md"
}

summary_rows() {
  local name
  echo "| JDK | clwb in CPU line | line1Java ns | lines64Java ns/line | C2 loop of line1Java |"
  echo "|---|---|---|---|---|"
  for name in jdk17 jdk25 patched; do
    [ -f "$OUT/bench/$name.json" ] || continue
    python3 - "$OUT/bench/$name" "$name" <<'PY'
import json, sys
base, name = sys.argv[1], sys.argv[2]
cpu = open(base + ".cpu").read()
scores = {r["benchmark"].rsplit(".", 1)[1]: r["primaryMetric"] for r in json.load(open(base + ".json"))}
fmt = lambda m: f'{m["score"]:.1f} ± {m["scoreError"]:.1f}' if m else "-"
c2 = [l.split(": ", 1)[1].strip() for l in open(base + ".insns") if l.startswith("C2 ")]
print(f'| {name} | {"yes" if "clwb" in cpu else "no"} | {fmt(scores.get("line1Java"))} '
      f'| {fmt(scores.get("lines64Java"))} | {c2[-1] if c2 else "?"} |')
PY
  done
}

main() {
  case "${1:-all}" in
    jdk) stage_jdk ;;
    test) stage_test ;;
    bench) stage_bench ;;
    all) stage_jdk; stage_test; stage_bench ;;
    *) echo "usage: $0 [jdk|test|bench|all]" >&2; return 64 ;;
  esac
}

main "$@"; exit $?
