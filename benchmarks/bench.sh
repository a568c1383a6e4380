#!/usr/bin/env bash
# bin/jnvm microbench: J-NVM against its baselines on emulated NVMM (/dev/shm), with a Markdown report.
# bin/jnvm builds everything first; run directly, this needs benchmarks/target/benchmarks.jar.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAR="$HERE/target/benchmarks.jar"
GROUPS_ALL="gateway proxy alloc recovery jpdt"
# jpdt builds maps of 100k (1M with --full) 1 KB records per fork: only on request or --full.
GROUPS_QUICK="gateway proxy alloc recovery"

usage() {
  cat <<'TXT'
usage: bin/jnvm microbench [--full] [--only GROUP[,GROUP...]] [--out DIR] [--help]
  (default)      quick run, about 2 minutes: JMH 1 fork, 2 x 1 s warm-up, 3 x 1 s measurement;
                 recovery of 1M objects, 3 reopens per thread count (1 and 2)
  --full         longer JMH (2 forks, 5 x 2 s + 5 x 2 s), C with every write-back instruction
                 the CPU has; recovery of 1M, 10M and 100M objects (100M needs about 10 GiB in
                 /dev/shm and a few minutes to build);
                 adds jpdt with 1M entries (about 1.8 GiB in /dev/shm, half an hour)
  --only GROUP   gateway | proxy | alloc | recovery | jpdt (comma-separated for several);
                 jpdt (J-PDT maps against java.util) runs only with --full or --only, quick: 100k
                 entries
  --out DIR      results directory (default: results/<timestamp>)
Writes raw JMH JSON and logs, recovery.tsv, env.properties and report.md (also printed).
Environment: JAVA_HOME selects the JDK.
TXT
}

die() { echo "bench: $*" >&2; exit 1; }

MODE=quick
OUT=""
ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --full) MODE=full ;;
    --out) [ $# -ge 2 ] || die "--out needs a directory"; OUT="$2"; shift ;;
    --only) [ $# -ge 2 ] || die "--only needs a group"; ONLY="${2//,/ }"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
  shift
done
if [ -z "$ONLY" ]; then
  if [ "$MODE" = full ]; then ONLY="$GROUPS_ALL"; else ONLY="$GROUPS_QUICK"; fi
fi
for g in $ONLY; do
  case " $GROUPS_ALL " in *" $g "*) ;; *) die "unknown group: $g (known: $GROUPS_ALL)" ;; esac
done
[ -f "$JAR" ] || die "$JAR not found: run bin/jnvm microbench (it builds first) or mvn -B package"

OUT="${OUT:-$ROOT/results/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$OUT"
read -r -a FLAGS <<< "$("$ROOT/bin/jnvm" java-flags)"

# Heap files of this run carry this tag (see BenchHeap): whatever a killed JVM left is swept.
export JNVM_BENCH_TAG="b$$"
sweep() { rm -f /dev/shm/jnvm-bench-"$JNVM_BENCH_TAG"-* /dev/shm/.jnvm-bench-"$JNVM_BENCH_TAG"-*; }
trap sweep EXIT

if [ "$MODE" = full ]; then
  JMH_OPTS=(-f 2 -wi 5 -i 5 -w 2s -r 2s)
  RECOVERY_OPTS=(--objects 1M,10M,100M --repeats 3 --threads 1,2)
  JPDT_ENTRIES=1000000
else
  JMH_OPTS=(-f 1 -wi 2 -i 3 -w 1s -r 1s)
  RECOVERY_OPTS=(--objects 1M --repeats 3 --threads 1,2)
  JPDT_ENTRIES=100000
fi

STEP=0
STEPS=$(( $(wc -w <<< "$ONLY") + 2 ))
progress() { STEP=$((STEP + 1)); echo "[bench] ($STEP/$STEPS) $*" >&2; }

# Environment loads the JNI library: no restricted-method warning on JDK 22+.
java_cp() { "$JAVA" "${FLAGS[@]}" --enable-native-access=ALL-UNNAMED -cp "$JAR" "$@"; }

env_value() { sed -n "s/^$1=//p" "$OUT/env.properties" | tail -1; }

# The C side uses the instruction this JVM emits; --full also measures the CPU's other ones.
flush_param() {
  local jvm f list=""
  jvm="$(env_value jvm.flush)"
  for f in $(env_value cpu.flush | tr ',' ' '); do
    case "$f" in clwb|clflushopt) list="${list:+$list,}$f" ;; esac
  done
  if [ "$MODE" = full ] && [ -n "$list" ]; then echo "$list"
  elif [ -n "$jvm" ] && [ "$jvm" != unknown ]; then echo "$jvm"
  else echo "${list:-clflushopt}"; fi
}

run_jmh() {
  local group="$1" pattern="$2"
  shift 2
  progress "$group: JMH ${JMH_OPTS[*]} $* (log: $OUT/$group.log)"
  if ! "$JAVA" "${FLAGS[@]}" -jar "$JAR" "$pattern" "${JMH_OPTS[@]}" "$@" \
      -rf json -rff "$OUT/$group.json" > "$OUT/$group.log" 2>&1; then
    tail -20 "$OUT/$group.log" >&2
    die "$group: JMH failed (see $OUT/$group.log)"
  fi
  if grep -q '<failure>' "$OUT/$group.log"; then
    echo "[bench] $group: some benchmarks failed (see $OUT/$group.log):" >&2
    grep -E '^[a-z.]+\.[A-Za-z]+(Exception|Error)' "$OUT/$group.log" | sort -u | head -3 >&2 || true
  fi
}

run_recovery() {
  progress "recovery: ${RECOVERY_OPTS[*]} (log: $OUT/recovery.log)"
  if ! java_cp org.jnvm.bench.recovery.RecoveryBench "${RECOVERY_OPTS[@]}" \
      --out "$OUT/recovery.tsv" 2>&1 | tee "$OUT/recovery.log" \
      | grep --line-buffered '^\[recovery\]' >&2; then
    tail -5 "$OUT/recovery.log" >&2
    die "recovery failed (see $OUT/recovery.log)"
  fi
}

progress "environment -> $OUT/env.properties"
java_cp org.jnvm.bench.report.Environment > "$OUT/env.properties" 2> "$OUT/env.log" \
  || { cat "$OUT/env.log" >&2; die "cannot describe the environment"; }
printf 'run.mode=%s: %s (JMH %s; recovery %s)\n' "$MODE" "${ONLY// /, }" "${JMH_OPTS[*]}" \
  "${RECOVERY_OPTS[*]}" >> "$OUT/env.properties"
echo "[bench] gateway backend: $(env_value gateway)" >&2
[ "$(env_value jni)" = available ] || echo "[bench] C baseline $(env_value jni)" >&2

for g in $ONLY; do
  case "$g" in
    gateway) run_jmh gateway 'org\.jnvm\.bench\.gateway\.' -p "flush=$(flush_param)" ;;
    proxy) run_jmh proxy 'org\.jnvm\.bench\.proxy\.' ;;
    alloc) run_jmh alloc 'org\.jnvm\.bench\.alloc\.' ;;
    recovery) run_recovery ;;
    jpdt) run_jmh jpdt 'org\.jnvm\.bench\.jpdt\.(MapBench|ScanBench)\.' -p "entries=$JPDT_ENTRIES" ;;
  esac
done

progress "report -> $OUT/report.md"
echo >&2
java_cp org.jnvm.bench.report.Report "$OUT" 2> "$OUT/report.log" \
  || { cat "$OUT/report.log" >&2; die "cannot write the report"; }
