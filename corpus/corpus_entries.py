#!/usr/bin/env python3
"""The corpus entry points and the options their files ask for, as the scripts read them
(corpus/check-glslang.sh, bench/bench.py; the C++ tests read them through
tests/common/corpus_files.hpp). Standard library only.

Entry points are found by the [shader("vertex"|"pixel"|"compute")] attribute; the function name is
the first identifier followed by '(' after it. Included files are expanded first, so an entry point
that lives in a .hlsli counts for each .hlsl that includes it. Header directives:
  // defines: NAME=VALUE NAME2        passed as -D
  // include-dirs: dir1 dir2          relative to the file, passed as -I
  // glslang-flags: --flag            extra glslangValidator flags
  // entry: NAME STAGE                an entry point without a [shader] attribute

Run as a script with files or folders, it prints one line per entry point:
file, entry, stage and the glslangValidator arguments, tab-separated.
"""
import os
import re
import sys

INC_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def directives(path):
    d = {"defines": [], "include-dirs": [], "glslang-flags": [], "entry": []}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r'^\s*//\s*(defines|include-dirs|glslang-flags|entry):\s*(.*)$', line)
            if m:
                if m.group(1) == "entry":
                    d["entry"].append(m.group(2).split())
                else:
                    d[m.group(1)] += m.group(2).split()
    return d


def expand(path, dirs, seen):
    if path in seen:
        return ""
    seen.add(path)
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = INC_RE.match(line)
            if m:
                for base in [os.path.dirname(path)] + dirs:
                    cand = os.path.normpath(os.path.join(base, m.group(1)))
                    if os.path.isfile(cand):
                        out.append(expand(cand, dirs, seen))
                        break
                continue
            out.append(line)
    return "".join(out)


def list_entries(files):
    """[{file, entry, stage, defines, include_dirs (paths as given, joined to the file's folder),
    glslang_flags}] in file order, each (entry, stage) of a file once."""
    result = []
    for f in sorted(files):
        d = directives(f)
        dirs = [os.path.normpath(os.path.join(os.path.dirname(f), x)) for x in d["include-dirs"]]
        text = re.sub(r'//[^\n]*', '', expand(f, dirs, set()))
        entries = []
        for m in re.finditer(r'\[\s*shader\s*\(\s*"(\w+)"\s*\)\s*\]', text):
            rest = re.sub(r'^(\s*\[[^\]]*\]\s*)*', '', text[m.end():])  # skip [numthreads(...)] and the like
            fm = re.search(r'([A-Za-z_]\w*)\s*\(', rest)
            if fm:
                entries.append((fm.group(1), m.group(1)))
        entries += [(e[0], e[1]) for e in d["entry"] if len(e) >= 2]
        seen = set()
        for name, stage in entries:
            if (name, stage) in seen:
                continue
            seen.add((name, stage))
            result.append({"file": f, "entry": name, "stage": stage, "defines": d["defines"],
                           "include_dirs": dirs, "glslang_flags": d["glslang-flags"]})
    return result


def main(args):
    files = []
    for arg in args:
        if os.path.isdir(arg):
            for root, _, names in os.walk(arg):
                files += [os.path.join(root, n) for n in names if n.endswith(".hlsl")]
        else:
            files.append(arg)
    for e in list_entries(files):
        glslang_args = (["-D" + x for x in e["defines"]] + ["-I" + x for x in e["include_dirs"]] +
                        e["glslang_flags"])
        print("\t".join([e["file"], e["entry"], e["stage"], " ".join(glslang_args)]))


if __name__ == "__main__":
    main(sys.argv[1:])
