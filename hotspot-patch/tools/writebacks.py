#!/usr/bin/env python3
"""Names the cache write-back instructions in HotSpot code printed without hsdis.

Without the hsdis plug-in, -XX:+PrintAssembly, -XX:+PrintInterpreter and -XX:+PrintStubCode
print machine code as hex words ("0x00007f..: 4881 ec18 | 0000 0048 | ..."). This script splits
a log into code blobs (one per compiled method, interpreter codelet or stub), disassembles each
blob's bytes with objdump and prints, for every blob that holds one, its write-back and fence
instructions in order:

    C2 WB::durable (14 bytes): clflushopt sfence

Usage: writebacks.py LOG [NAME_FILTER]   (x86_64 only; needs binutils' objdump)
"""
import re
import subprocess
import sys
import tempfile

HEX_LINE = re.compile(r"^\s*0x[0-9a-f]+:\s+((?:[0-9a-f]{2,8}\s*\|?\s*)+)$")
INSNS = ("clwb", "clflushopt", "clflush", "sfence", "mfence")


def blob_title(line):
    m = re.match(r"Compiled method \((c1|c2)\)(.*)", line)
    if m:
        tokens = m.group(2).split()
        at = next((i for i, t in enumerate(tokens) if "::" in t), None)
        if at is None:
            return None
        level = tokens[at - 1] if tokens[at - 1].isdigit() and at > 2 else "?"
        tier = "C2" if m.group(1) == "c2" else "C1 tier " + level
        return tier + " " + " ".join(tokens[at:])
    m = re.match(r"^(method entry point \(kind = \S+\))", line)
    if m:
        return "interpreter " + m.group(1)
    m = re.match(r"^StubRoutines::(\S+)", line)
    if m:
        return "stub " + m.group(1)
    return None


def blobs(lines):
    title, words = None, []
    for line in lines:
        if line.startswith("[/MachCode]"):
            if title and words:
                yield title, words
            title, words = None, []
            continue
        t = blob_title(line.strip())
        if t:
            if title and words:
                yield title, words
            title, words = t, []
            continue
        m = HEX_LINE.match(line.rstrip())
        if title and m:
            words.extend(w for w in re.split(r"[\s|]+", m.group(1)) if w)
    if title and words:
        yield title, words


def mnemonics(words):
    data = bytes.fromhex("".join(words))
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(data)
        f.flush()
        out = subprocess.run(
            ["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", f.name],
            capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) >= 3:
            op = parts[2].split()[0] if parts[2].split() else ""
            if op in INSNS:
                found.append(op)
    return found


def main():
    name_filter = sys.argv[2] if len(sys.argv) > 2 else ""
    with open(sys.argv[1], errors="replace") as f:
        for title, words in blobs(f):
            if name_filter not in title:
                continue
            found = mnemonics(words)
            if found:
                print(f"{title}: {' '.join(found)}")


if __name__ == "__main__":
    main()
