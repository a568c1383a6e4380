#!/usr/bin/env bash
# bin/jnvm dso-bench: DSO latency and throughput against Redis (see DsoBench --help).
# Installs Debian's redis-server when it is missing and this user may (root or sudo); otherwise
# says so and measures the DSO alone.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
extra=()
if ! command -v redis-server >/dev/null 2>&1; then
  echo "[dso-bench] redis-server is missing: installing Debian's redis-server" >&2
  if [ "$(id -u)" -eq 0 ]; then
    apt-get install -y redis-server >&2 || { apt-get update >&2 && apt-get install -y redis-server >&2; } || true
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get install -y redis-server >&2 || true
  fi
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "[dso-bench] could not install redis-server (need root or sudo and apt): Redis rows skipped" >&2
    extra=(--redis no)
  fi
fi
jar="$(ls "$ROOT"/crucial/target/crucial-*.jar | grep -v -e -sources -e -tests -e -javadoc | head -1)"
cp="$jar:$(cat "$ROOT/crucial/target/classpath.txt")"
cd "$ROOT"
exec "$JAVA" -Djava.awt.headless=true ${JNVM_JAVA_OPTS:-} -cp "$cp" org.jnvm.crucial.bench.DsoBench "$@" "${extra[@]}"
