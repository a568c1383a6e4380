#!/usr/bin/env bash
# Sourced by build.sh and check.sh: adds the deb-src entries `apt-get source openjdk-17` needs,
# derived from the Debian sources this machine already uses (same URIs, Suites, Components and
# Signed-By; Types deb-src), so the scripts follow the machine's mirror and name no host.
#
#   deb_src_stanzas [FILE...]   prints deb822 deb-src stanzas for the "deb" entries of the given
#                               apt source files (default: /etc/apt/sources.list and
#                               /etc/apt/sources.list.d/*.{sources,list}) whose components
#                               include main; security suites are left out (their sources 404)
#   add_deb_src                 writes them to /etc/apt/sources.list.d/jnvm-openjdk-src.sources
#                               once, then runs apt-get update; fails if none is found

JNVM_DEB_SRC_FILE=/etc/apt/sources.list.d/jnvm-openjdk-src.sources

deb_src_stanzas() {
  local files=("$@")
  if [ ${#files[@]} -eq 0 ]; then
    files=(/etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list)
  fi
  local f
  for f in "${files[@]}"; do
    [ -f "$f" ] && [ "$f" != "$JNVM_DEB_SRC_FILE" ] || continue
    case "$f" in
      *.sources) deb822_to_src <"$f" ;;
      *) one_line_to_src <"$f" ;;
    esac
  done
}

# deb822 stanzas (blank-line separated "Key: value" fields) of Types deb, as deb-src stanzas.
deb822_to_src() {
  awk '
    function flush() {
      if (types ~ /(^| )deb( |$)/ && comps ~ /(^| )main( |$)/ && enabled != "no") {
        n = split(suites, s, " "); kept = ""
        for (i = 1; i <= n; i++) if (s[i] !~ /-security$/) kept = kept (kept ? " " : "") s[i]
        if (kept != "" && uris !~ /security/) {
          print "Types: deb-src"; print "URIs: " uris; print "Suites: " kept
          print "Components: " comps
          if (signed != "") print "Signed-By: " signed
          print ""
        }
      }
      types = uris = suites = comps = signed = enabled = ""
    }
    /^[ \t]*#/ { next }
    /^[ \t]*$/ { flush(); next }
    {
      key = tolower($1); sub(/:$/, "", key)
      val = $0; sub(/^[^:]*:[ \t]*/, "", val)
      if (key == "types") types = val
      else if (key == "uris") uris = val
      else if (key == "suites") suites = val
      else if (key == "components") comps = val
      else if (key == "signed-by") signed = val
      else if (key == "enabled") enabled = tolower(val)
    }
    END { flush() }
  '
}

# One-line entries ("deb [options] URI SUITE COMPONENT...") as deb-src stanzas.
one_line_to_src() {
  awk '
    /^[ \t]*deb[ \t]/ {
      signed = ""; i = 2
      if ($2 ~ /^\[/) {
        while (i <= NF) {
          if ($i ~ /^\[?signed-by=/) { signed = $i; sub(/^\[?signed-by=/, "", signed); sub(/\]$/, "", signed) }
          if ($i ~ /\]$/) { i++; break }
          i++
        }
      }
      uri = $i; suite = $(i + 1); comps = ""
      for (j = i + 2; j <= NF; j++) comps = comps (comps ? " " : "") $j
      if (comps !~ /(^| )main( |$)/ || suite ~ /-security$/ || uri ~ /security/) next
      print "Types: deb-src"; print "URIs: " uri; print "Suites: " suite
      print "Components: " comps
      if (signed != "") print "Signed-By: " signed
      print ""
    }
  '
}

add_deb_src() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if [ -f "$JNVM_DEB_SRC_FILE" ]; then return 0; fi
  local stanzas
  stanzas="$(deb_src_stanzas)"
  if [ -z "$stanzas" ]; then
    echo "no Debian 'deb' source with component main found in /etc/apt: cannot derive deb-src" >&2
    return 2
  fi
  echo "[hotspot-patch] adding $JNVM_DEB_SRC_FILE (deb-src of this machine's Debian sources)" >&2
  printf '%s\n' "$stanzas" | $sudo tee "$JNVM_DEB_SRC_FILE" >/dev/null
  $sudo apt-get update -qq
}
