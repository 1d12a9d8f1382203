#!/usr/bin/env python3
"""Runs an instrumented `oneshader` (ONESHADER_PGO=GENERATE) on every corpus entry point, which writes the
profile that an ONESHADER_PGO=USE build is optimized with. scripts/build-pgo.sh calls it.

Each entry point compiles twice: optimized to SPIR-V, MSL and WGSL with reflection (the common use, and
the paths of all three backends), and with -Od to SPIR-V. Compiles that fail (an entry point a target
refuses) are part of the training too; only a crash stops it.

Usage: scripts/pgo_train.py TOOL [--jobs N]
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import bench  # noqa: E402  (the corpus's entry points and the command line for each)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tool")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    tool = os.path.abspath(args.tool)
    os.chdir(ROOT)
    entries = bench.list_entries(bench.corpus_files(False, []))
    with tempfile.TemporaryDirectory(prefix="oneshader-pgo-") as out:
        def one(k_e):
            k, e = k_e
            base = os.path.join(out, str(k))
            runs = [
                ["--target", "spirv", "--target", "msl", "--target", "wgsl", "--reflect", base + ".json"],
                ["-Od"],
            ]
            crashed = []
            for extra in runs:
                cmd = bench.ours_cmd(tool, e, base)
                cmd = cmd[:-3] + extra + cmd[-3:]
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode < 0 or r.returncode > 2:
                    crashed.append("%s: exit %d\n%s" % (" ".join(cmd), r.returncode, r.stderr[-2000:]))
            return crashed
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            failures = [c for cs in ex.map(one, enumerate(entries)) for c in cs]
    if failures:
        print("pgo_train: %d compiles crashed:\n%s" % (len(failures), "\n".join(failures)), file=sys.stderr)
        return 1
    print("pgo_train: %d entry points compiled, each twice" % len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
