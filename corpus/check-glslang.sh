#!/usr/bin/env bash
# check-glslang.sh - compile every entry point of the corpus with glslangValidator (the peer compiler).
#
# Entry points and the header directives of each file (defines, include-dirs, glslang-flags, entry)
# are read by corpus/corpus_entries.py, as bench/bench.py reads them.
# Files under spec/errors/ are expected to fail and are counted separately.
#
# Usage: corpus/check-glslang.sh [-v] [file-or-dir ...]     (default: the whole corpus)
set -u
here="$(cd "$(dirname "$0")" && pwd)"
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
[ $# -eq 0 ] && set -- "$here"
command -v glslangValidator >/dev/null || { echo "glslangValidator not found" >&2; exit 2; }

list_entries() { python3 "$here/corpus_entries.py" "$@"; }

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
