#!/usr/bin/env bash
# Checks, without building anything, that the J-NVM patch still applies to Debian's openjdk-17
# source package: fetches and unpacks the current sources (about 65 MB download, 860 MB unpacked,
# in a temporary directory deleted at exit) and runs `patch --dry-run`.
#
#   hotspot-patch/check.sh            check against freshly fetched sources
#   hotspot-patch/check.sh SRC_DIR    check against an unpacked source tree (e.g. one kept by
#                                     KEEP_SRC=1 build.sh); an already patched tree passes
# Exit status: 0 applies (or is applied), 1 does not apply, 2 could not fetch the sources.
set -euo pipefail

MODULE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PATCH_FILE="$MODULE/patch/jnvm-pmem-jdk17.patch"
# shellcheck source=deb-src.sh
source "$MODULE/deb-src.sh"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

dry_run() {
  local src="$1"
  if (cd "$src" && patch -p1 -R --dry-run -s -f <"$PATCH_FILE" >/dev/null 2>&1); then
    echo "[check] the patch is already applied in $src"
    return 0
  fi
  if (cd "$src" && patch -p1 --forward --dry-run <"$PATCH_FILE"); then
    echo "[check] OK: the patch applies to $(basename "$src")"
    return 0
  fi
  echo "[check] FAILED: the patch does not apply to $(basename "$src")" >&2
  return 1
}

fetch_into() {
  local dir="$1"
  add_deb_src || return 2
  (cd "$dir" && apt-get source -q openjdk-17 >/dev/null 2>&1) || return 2
  find "$dir" -maxdepth 1 -type d -name 'openjdk-17-*' | head -1
}

main() {
  if [ $# -ge 1 ]; then
    dry_run "$1"
    return
  fi
  local src
  TMP_DIR="$(mktemp -d)"
  trap 'rm -rf "$TMP_DIR"' EXIT
  src="$(fetch_into "$TMP_DIR")" || { echo "[check] could not fetch openjdk-17 sources" >&2; return 2; }
  dry_run "$src"
}

main "$@"; exit $?
