#!/usr/bin/env python3
"""Instructions per in-process compile, counted by valgrind, on a fixed set of median-sized corpus files.

Wall time on a loaded machine is noise; valgrind's instruction count is not. For each file and target this
runs `oneshader_compile_bench` under callgrind twice, once compiling 2 times and once 4 times, and reports
half the difference: the steady cost of one compile, without the process start, the source read and the work
done on a library's first use (which `--startup` reports apart, as the first compile's extra).

Usage: bench/instructions.py [--bench build/bench/oneshader_compile_bench] [--targets spirv,all]
                             [--optimize on|off] [--jobs 2] [--startup] [--csv OUT]
Prints one row per file and the medians; `all` is SPIR-V, MSL and WGSL from one compile, and its ratio to
`spirv` is the median of the per-file ratios.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Ten files near the median of the corpus by size of the compile, each valid for all three targets.
FILES = [
    ("corpus/lang/member_functions.hlsl", "CSMain:compute", ""),
    ("corpus/compute/cluster_build.hlsl", "CSBuildClusters:compute", ""),
    ("corpus/spec/MaterialCached.hlsl", "VSMain:vertex PSMain:pixel", "corpus/spec/Common"),
    ("corpus/lang/wave.hlsl", "CSCompact:compute PSQuad:pixel", ""),
    ("corpus/2d/msdf_text.hlsl", "VSMsdf:vertex PSMsdf:pixel", ""),
    ("corpus/compute/light_cull.hlsl", "CSCullLights:compute", ""),
    ("corpus/2d/blur.hlsl", "VSBlur:vertex PSBlur:pixel", ""),
    ("corpus/compute/instance_cull.hlsl", "CSCull:compute CSResetArgs:compute", ""),
    ("corpus/2d/tilemap.hlsl", "VSTilemap:vertex PSTilemap:pixel", ""),
    ("corpus/lang/functions.hlsl", "CSMain:compute", ""),
]


def count(valgrind, bench, manifest, target, optimize, warmup):
    """Instructions of one bench process: `warmup` + 2 compiles (one timed, one counting the heap)."""
    r = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", bench,
                        "--manifest", manifest, "--iters", "1", "--warmup", str(warmup), "--targets", target,
                        "--optimize", optimize], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    m = re.search(r"Collected : (\d+)", r.stderr)
    if r.returncode != 0 or not m:
        sys.exit("instructions: the bench failed on %s:\n%s" % (manifest, r.stderr[-2000:]))
    status = r.stdout.splitlines()[1].split(",")[3]
    return int(m.group(1)), status


def measure(args, tmp, index, target):
    path, entries, include_dirs = FILES[index]
    manifest = os.path.join(tmp, "m%d.tsv" % index)
    with open(manifest, "w") as f:
        f.write("\t".join([path, entries, "", include_dirs, ""]) + "\n")
    two, status = count(args.valgrind, args.bench, manifest, target, args.optimize, 0)
    four, _ = count(args.valgrind, args.bench, manifest, target, args.optimize, 2)
    steady = (four - two) // 2
    if not args.startup:
        return path, target, status, steady, None
    # The process with no compile at all: the preprocess row compiles nothing; its own cost is small and
    # is measured with the same difference, so what remains is the process, the read and the first use.
    return path, target, status, steady, two - 2 * steady


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bench", default=os.path.join(ROOT, "build/bench/oneshader_compile_bench"))
    p.add_argument("--valgrind", default=shutil.which("valgrind"))
    p.add_argument("--targets", default="spirv,all")
    p.add_argument("--optimize", default="on", choices=["on", "off"])
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--startup", action="store_true", help="also report the process, read and first-use cost")
    p.add_argument("--csv")
    args = p.parse_args()
    if not args.valgrind:
        sys.exit("instructions: valgrind is not installed")
    args.bench = os.path.abspath(args.bench)
    targets = args.targets.split(",")
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(measure, args, tmp, i, t) for i in range(len(FILES)) for t in targets]
        results = [f.result() for f in futures]
    by = {(r[0], r[1]): r for r in results}
    rows = []
    header = ["file"] + targets + (["startup(" + t + ")" for t in targets] if args.startup else [])
    for path, _, _ in FILES:
        row = [os.path.relpath(path, "corpus")]
        for t in targets:
            r = by[(path, t)]
            row.append("%d%s" % (r[3], "" if r[2] == "ok" else " (" + r[2] + ")"))
        if args.startup:
            row += ["%d" % by[(path, t)][4] for t in targets]
        rows.append(row)
    print(",".join(header))
    for row in rows:
        print(",".join(row))
    for t in targets:
        print("median %s: %d" % (t, statistics.median(by[(f[0], t)][3] for f in FILES)))
    if "spirv" in targets and "all" in targets:
        ratios = [by[(f[0], "all")][3] / by[(f[0], "spirv")][3] for f in FILES]
        print("median all/spirv ratio: %.3f" % statistics.median(ratios))
    if args.csv:
        with open(args.csv, "w") as f:
            f.write(",".join(header) + "\n")
            for row in rows:
                f.write(",".join(row) + "\n")


if __name__ == "__main__":
    main()
