#!/usr/bin/env bash
# check-glslang.sh - compile every entry point of the corpus with glslangValidator (the peer compiler).
#
# Entry points are found by the [shader("vertex"|"pixel"|"compute")] attribute; the function name is the
# first identifier followed by '(' after it. Included files are expanded first, so an entry point that
# lives in a .hlsli counts for each .hlsl that includes it. A file may carry header directives:
#   // defines: NAME=VALUE NAME2        passed as -D
#   // include-dirs: dir1 dir2          relative to the file, passed as -I
#   // glslang-flags: --flag            extra glslangValidator flags
#   // entry: NAME STAGE                an entry point without a [shader] attribute (STAGE: vertex|pixel|compute)
# Files under spec/errors/ are expected to fail and are counted separately.
#
# Usage: corpus/check-glslang.sh [-v] [file-or-dir ...]     (default: the whole corpus)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
[ $# -eq 0 ] && set -- "$here"
command -v glslangValidator >/dev/null || { echo "glslangValidator not found" >&2; exit 2; }

list_entries() {
python3 - "$@" <<'PY'
import os, re, sys
inc_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
def directives(path):
    d = {"defines": [], "include-dirs": [], "glslang-flags": [], "entry": []}
    for line in open(path, encoding="utf-8"):
        m = re.match(r'^\s*//\s*(defines|include-dirs|glslang-flags|entry):\s*(.*)$', line)
        if m:
            if m.group(1) == "entry": d["entry"].append(m.group(2).split())
            else: d[m.group(1)] += m.group(2).split()
    return d
def expand(path, dirs, seen):
    if path in seen: return ""
    seen.add(path)
    out = []
    for line in open(path, encoding="utf-8"):
        m = inc_re.match(line)
        if m:
            for base in [os.path.dirname(path)] + dirs:
                cand = os.path.normpath(os.path.join(base, m.group(1)))
                if os.path.isfile(cand):
                    out.append(expand(cand, dirs, seen)); break
            continue
        out.append(line)
    return "".join(out)
files = []
for arg in sys.argv[1:]:
    if os.path.isdir(arg):
        for root, _, names in os.walk(arg):
            files += [os.path.join(root, n) for n in names if n.endswith(".hlsl")]
    else:
        files.append(arg)
for f in sorted(files):
    d = directives(f)
    dirs = [os.path.normpath(os.path.join(os.path.dirname(f), x)) for x in d["include-dirs"]]
    text = expand(f, dirs, set())
    text = re.sub(r'//[^\n]*', '', text)
    entries = []
    for m in re.finditer(r'\[\s*shader\s*\(\s*"(\w+)"\s*\)\s*\]', text):
        rest = text[m.end():]
        rest = re.sub(r'^(\s*\[[^\]]*\]\s*)*', '', rest)   # skip [numthreads(...)] and other attributes
        fm = re.search(r'([A-Za-z_]\w*)\s*\(', rest)
        if fm: entries.append((fm.group(1), m.group(1)))
    entries += [(e[0], e[1]) for e in d["entry"] if len(e) >= 2]
    seen = set()
    for name, stage in entries:
        if (name, stage) in seen: continue
        seen.add((name, stage))
        args = ["-D" + x for x in d["defines"]] + ["-I" + x for x in dirs] + d["glslang-flags"]
        print("\t".join([f, name, stage, " ".join(args)]))
PY
}

pass=0; fail=0; xfail=0; xpass=0
while IFS=$'\t' read -r file entry stage extra; do
    case "$stage" in
        vertex) s=vert ;; pixel) s=frag ;; compute) s=comp ;; *) echo "?? $file $entry: unknown stage $stage"; continue ;;
    esac
    rel="${file#$here/}"
    # shellcheck disable=SC2086
    out="$(glslangValidator -D -V -S "$s" -e "$entry" --target-env vulkan1.2 $extra "$file" -o /dev/null 2>&1)"
    rc=$?
    if [[ "$rel" == spec/errors/* ]]; then
        if [ $rc -ne 0 ]; then xfail=$((xfail+1)); echo "XFAIL $rel $entry ($stage)"
        else xpass=$((xpass+1)); echo "XPASS $rel $entry ($stage)   (glslang accepts; the error is OneShader-specific)"; fi
        continue
    fi
    if [ $rc -eq 0 ]; then
        pass=$((pass+1)); echo "PASS  $rel $entry ($stage)"
    else
        fail=$((fail+1)); echo "FAIL  $rel $entry ($stage)"
        reason="$(printf '%s\n' "$out" | grep -m1 'ERROR' )"
        [ -z "$reason" ] && [ $rc -gt 128 ] && reason="glslangValidator crashed (exit $rc)"
        echo "      ${reason}"
        [ $verbose -eq 1 ] && printf '%s\n' "$out" | grep -E 'ERROR' | head -5 | sed 's/^/      /'
    fi
done < <(list_entries "$@")

echo
echo "glslang: $pass passed, $fail failed ($((pass+fail)) entry points); spec/errors: $xfail rejected as expected, $xpass accepted"
