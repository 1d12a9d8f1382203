#!/usr/bin/env python3
"""Before and after in one run: two Release build trees (each with oneshader and
bench/oneshader_compile_bench, as bench/run.sh builds them) measured interleaved on the same machine.

  bench/compare.py BASE_BUILD NEW_BUILD REPO [ITERS] [RUNS]

In process: the median corpus file's median compile time, optimizer on and off (each tree run twice,
alternating, the better run per file kept; only the files both trees compile with status ok). Per process:
every entry point compiled RUNS times by each tool in turn; the medians and the geometric mean of
new/base. Process times include Python's own start of each process, so compare them with each other,
not with docs/performance.md. bench/before_after.py imports the in-process part.
Standard library only; run from the repository root.
"""
import csv
import io
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

STAGE_PROFILES = {"vertex": "vs_6_0", "pixel": "ps_6_0", "compute": "cs_6_0"}


def corpus_entries(repo):
    """The corpus entry points (corpus/spec/errors/ left out), as corpus/corpus_entries.py lists them."""
    sys.path.insert(0, os.path.join(repo, "corpus"))
    import corpus_entries as ce
    files = []
    errors = os.path.join(repo, "corpus", "spec", "errors")
    for root, _, fs in os.walk(os.path.join(repo, "corpus")):
        if root == errors or root.startswith(errors + os.sep):
            continue
        files += [os.path.join(root, f) for f in fs if f.endswith(".hlsl")]
    return [e for e in ce.list_entries(files) if e["stage"] in STAGE_PROFILES]


def write_manifest(entries, path):
    """The oneshader_compile_bench manifest: one line per file, every entry point of it."""
    by_file = {}
    for e in entries:
        by_file.setdefault(e["file"], []).append(e)
    with open(path, "w") as f:
        for file, es in by_file.items():
            e0 = es[0]
            flags = "16bit" if "--hlsl-enable-16bit-types" in e0["glslang_flags"] else ""
            f.write("\t".join([file, " ".join("%s:%s" % (e["entry"], e["stage"]) for e in es),
                               " ".join(e0["defines"]), " ".join(e0["include_dirs"]), flags]) + "\n")
    return len(by_file)


def run_bench(build, manifest, iters):
    """One oneshader_compile_bench process: SPIR-V, optimizer on and off (options every version has)."""
    r = subprocess.run([os.path.join(build, "bench", "oneshader_compile_bench"), "--manifest", manifest,
                        "--iters", str(iters), "--warmup", "3", "--targets", "spirv", "--optimize", "both"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return [r for r in csv.DictReader(io.StringIO(r.stdout)) if r.get("target") == "spirv"]


def inprocess(base, new, manifest, iters, rounds=2, log=None):
    """Both trees interleaved (base, new, new, base, ...). For each optimizer setting: the files both
    trees compile with status ok in every round, each file's best median over the rounds, and
    {files, base_us, new_us (medians over those files), ratio (median of the per-file new/base),
    excluded (files left out), failed ({"base": [...], "new": [...]}), total}."""
    runs = {"base": [], "new": []}
    for k in range(rounds):
        order = (("base", base), ("new", new)) if k % 2 == 0 else (("new", new), ("base", base))
        for name, build in order:
            if log:
                log("  in process: %s tree, round %d/%d" % (name, k + 1, rounds))
            runs[name].append(run_bench(build, manifest, iters))
    out = {}
    for opt in ("on", "off"):
        best, bad, seen = {"base": {}, "new": {}}, {"base": set(), "new": set()}, set()
        for name in ("base", "new"):
            for rows in runs[name]:
                for r in rows:
                    if r.get("optimize") != opt:
                        continue
                    seen.add(r["file"])
                    if r["status"] != "ok":
                        bad[name].add(r["file"])
                        continue
                    v = float(r["median_us"])
                    best[name][r["file"]] = min(v, best[name].get(r["file"], v))
        # A file missing from a tree's output (its bench stopped early) counts as failed there.
        failed = {name: sorted(bad[name] | (seen - set(best[name]))) for name in ("base", "new")}
        common = sorted(seen - set(failed["base"]) - set(failed["new"]))
        if not common:
            out[opt] = {"files": 0, "total": len(seen), "excluded": sorted(seen), "failed": failed}
            continue
        out[opt] = {
            "files": len(common), "total": len(seen), "excluded": sorted(seen - set(common)), "failed": failed,
            "base_us": statistics.median(best["base"][f] for f in common),
            "new_us": statistics.median(best["new"][f] for f in common),
            "ratio": statistics.median(best["new"][f] / best["base"][f] for f in common),
        }
    return out


def per_process(base, new, entries, runs, scratch):
    def t(cmd):
        s = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.perf_counter() - s
    ratios, bt, nt = [], [], []
    for e in entries:
        args = ["-T", STAGE_PROFILES[e["stage"]], "-E", e["entry"]]
        for d in e["defines"]:
            args += ["-D", d]
        for d in e["include_dirs"]:
            args += ["-I", d]
        if "--hlsl-enable-16bit-types" in e["glslang_flags"]:
            args += ["-enable-16bit-types"]
        args += [e["file"], "-Fo", os.path.join(scratch, "out.spv")]
        a, c = [], []
        for _ in range(runs):
            a.append(t([os.path.join(base, "oneshader")] + args))
            c.append(t([os.path.join(new, "oneshader")] + args))
        bt.append(statistics.median(a))
        nt.append(statistics.median(c))
        ratios.append(statistics.median(c) / statistics.median(a))
    g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    return len(ratios), statistics.median(bt), statistics.median(nt), g


def main():
    base, new, repo = sys.argv[1:4]
    iters = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 7
    entries = corpus_entries(repo)
    scratch = tempfile.mkdtemp()
    man = os.path.join(scratch, "manifest.tsv")
    write_manifest(entries, man)
    res = inprocess(base, new, man, iters)
    for opt in ("on", "off"):
        r = res[opt]
        if r["files"]:
            print("in-process median file, optimizer %s: base %.1f us, new %.1f us (%d of %d files both compile; "
                  "median per-file new/base %.3f)" % (opt, r["base_us"], r["new_us"], r["files"], r["total"],
                                                      r["ratio"]))
        else:
            print("in-process, optimizer %s: no file both trees compile" % opt)
    n, b, nn, g = per_process(base, new, entries, runs, scratch)
    print("per process over %d entry points: median base %.2f ms, new %.2f ms; geometric mean new/base %.3f" %
          (n, 1000 * b, 1000 * nn, g))


if __name__ == "__main__":
    main()
