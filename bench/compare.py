#!/usr/bin/env python3
"""Before and after in one run: two Release build trees (each with oneshader and
bench/oneshader_compile_bench, as bench/run.sh builds them) measured interleaved on the same machine.

  bench/compare.py BASE_BUILD NEW_BUILD REPO [ITERS] [RUNS]

In process: the median corpus file's median compile time, optimizer on and off (each tree run twice,
alternating, the better run per file kept). Per process: every entry point compiled RUNS times by each
tool in turn; the medians and the geometric mean of new/base. Process times include Python's own
start of each process, so compare them with each other, not with docs/performance.md.
Standard library only; run from the repository root.
"""
import csv, io, os, statistics, subprocess, sys, time, math
base, new, repo = sys.argv[1:4]
iters = int(sys.argv[4]) if len(sys.argv) > 4 else 100
runs = int(sys.argv[5]) if len(sys.argv) > 5 else 7
sys.path.insert(0, os.path.join(repo, "corpus"))
import corpus_entries as ce
files = []
for root, _, fs in os.walk(os.path.join(repo, "corpus")):
    if "/spec/errors" in root: continue
    files += [os.path.join(root, f) for f in fs if f.endswith(".hlsl")]
entries = ce.list_entries(files)
by_file = {}
for e in entries: by_file.setdefault(e["file"], []).append(e)
import tempfile
man = os.path.join(tempfile.mkdtemp(), "manifest.tsv")
with open(man, "w") as f:
    for path, es in by_file.items():
        e0 = es[0]
        flags = "16bit" if "--hlsl-enable-16bit-types" in e0["glslang_flags"] else ""
        f.write("\t".join([path, " ".join("%s:%s" % (e["entry"], e["stage"]) for e in es),
                           " ".join(e0["defines"]), " ".join(e0["include_dirs"]), flags]) + "\n")
def inproc(build):
    r = subprocess.run([os.path.join(build, "bench", "oneshader_compile_bench"), "--manifest", man, "--iters", str(iters),
                        "--warmup", "3", "--targets", "spirv", "--optimize", "both"], stdout=subprocess.PIPE, text=True)
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    return rows
res = {"base": [], "new": []}
for k in range(2):
    for name, b in (("base", base), ("new", new)) if k % 2 == 0 else (("new", new), ("base", base)):
        res[name].append(inproc(b))
def med_of(rows_list, opt):
    per = {}
    for rows in rows_list:
        for r in rows:
            if r["target"] != "spirv" or r.get("optimize") != opt: continue
            per.setdefault(r["file"], []).append(float(r["median_us"]))
    vals = sorted(min(v) for v in per.values())
    return statistics.median(vals), len(vals)
for opt in ("on", "off"):
    try:
        b, n = med_of(res["base"], opt); nn, n2 = med_of(res["new"], opt)
        print("in-process median file, optimizer %s: base %.1f us, new %.1f us (%d files)" % (opt, b, nn, n))
    except Exception as ex:
        print("inproc parse failed", ex)
# per process
def t(cmd):
    s = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); return time.perf_counter() - s
ratios = []; bt = []; nt = []
for e in entries:
    stage = {"vertex": "vs_6_0", "pixel": "ps_6_0", "compute": "cs_6_0"}[e["stage"]]
    args = ["-T", stage, "-E", e["entry"]]
    for d in e["defines"]: args += ["-D", d]
    for d in e["include_dirs"]: args += ["-I", d]
    if "--hlsl-enable-16bit-types" in e["glslang_flags"]: args += ["-enable-16bit-types"]
    args += [e["file"], "-Fo", os.path.join(os.path.dirname(man), "out.spv")]
    a = []; c = []
    for _ in range(runs):
        a.append(t([os.path.join(base, "oneshader")] + args)); c.append(t([os.path.join(new, "oneshader")] + args))
    bt.append(statistics.median(a)); nt.append(statistics.median(c))
    ratios.append(statistics.median(c) / statistics.median(a))
g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
print("per process over %d entry points: median base %.2f ms, new %.2f ms; geometric mean new/base %.3f" %
      (len(ratios), 1000 * statistics.median(bt), 1000 * statistics.median(nt), g))
