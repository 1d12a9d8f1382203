#!/usr/bin/env python3
"""Cost against input size: every shape of bench/scaling_inputs.py at growing sizes, one process per compile.

For each shape and size it measures, each the best of --runs processes (wall seconds and peak resident KiB from
/usr/bin/time):
  oneshader -O3, oneshader -Od (SPIR-V),
  glslangValidator -V (HLSL), and glslangValidator followed by spirv-opt -O (the pair a project would run),
  oneshader -O3 to MSL and to WGSL (the text backends have their own per-function and per-value work),
and checks our SPIR-V with spirv-val. A compile that takes longer than --timeout is recorded as such.
Writes bench/results/scaling.csv, docs/performance-scaling.md and docs/performance-scaling.svg (log-log
time against size per shape). Standard library only.

Usage: bench/scaling.py [--build-dir DIR] [--sizes 10,100,1000,10000] [--shapes chain,fan,...] [--runs N]
"""
import argparse
import csv
import html
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import scaling_inputs  # noqa: E402

TOOLS = ["oneshader -O3", "oneshader -Od", "glslang", "glslang + spirv-opt -O", "oneshader MSL", "oneshader WGSL"]
# The tools whose growth from the second-largest to the largest size each shape's section states.
GROWTH = ["oneshader -O3", "oneshader MSL", "oneshader WGSL"]


def timed(cmd, timeout):
    """(seconds, peak KiB, ok) of one process. The time is the wall clock around it, to the
    microsecond: /usr/bin/time's own figure has 10 ms steps, which made small sizes read as 0 s and
    their growth with size meaningless. /usr/bin/time still gives the peak resident size."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        start = time.perf_counter()
        try:
            p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", t.name] + cmd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired:
            return timeout, None, "timeout"
        seconds = time.perf_counter() - start
        fields = t.read().split()
        if not fields:
            return None, None, "no timing"
        return seconds, int(fields[-1]), "ok" if p.returncode == 0 else "failed"


def best(cmds, runs, timeout):
    """The best of `runs` (each a sequence of processes whose times add up and whose peaks take the max)."""
    results = []
    for _ in range(runs):
        secs, peak, status = 0.0, 0, "ok"
        for cmd in cmds:
            s, m, st = timed(cmd, timeout)
            if st != "ok":
                return s, m, st
            secs += s
            peak = max(peak, m)
        results.append((secs, peak))
    return min(r[0] for r in results), min(r[1] for r in results), "ok"


def measure(args):
    tool = os.path.join(args.build_dir, "oneshader")
    glslang, spirv_opt, spirv_val = (shutil.which(t) for t in ("glslangValidator", "spirv-opt", "spirv-val"))
    rows = []
    work = tempfile.mkdtemp(prefix="oneshader-scaling-")
    for shape in args.shapes:
        for n in args.sizes:
            src = os.path.join(work, "%s%d.hlsl" % (shape, n))
            with open(src, "w") as f:
                f.write(scaling_inputs.SHAPES[shape](n))
            out = os.path.join(work, "out.spv")
            row = {"shape": shape, "size": n, "source_bytes": os.path.getsize(src)}
            plans = {
                "oneshader -O3": [[tool, "-T", "cs_6_0", "-E", "main", "-O3", src, "-Fo", out]],
                "oneshader -Od": [[tool, "-T", "cs_6_0", "-E", "main", "-Od", src, "-Fo", out]],
                "oneshader MSL": [[tool, "-T", "cs_6_0", "-E", "main", "-O3", "--target", "msl", src, "-Fo", out + ".metal"]],
                "oneshader WGSL": [[tool, "-T", "cs_6_0", "-E", "main", "-O3", "--target", "wgsl", src, "-Fo", out + ".wgsl"]],
            }
            if glslang:
                g = [glslang, "-V", "-D", "-e", "main", "-S", "comp", src, "-o", out + ".g"]
                plans["glslang"] = [g]
                if spirv_opt:
                    plans["glslang + spirv-opt -O"] = [g, [spirv_opt, "-O", out + ".g", "-o", out + ".go"]]
            for name in TOOLS:
                if name not in plans:
                    row[name + " s"], row[name + " KiB"], row[name + " status"] = "", "", "missing"
                    continue
                s, m, st = best(plans[name], args.runs, args.timeout)
                row[name + " s"], row[name + " KiB"], row[name + " status"] = round(s, 6) if s is not None else s, m if m is not None else "", st
                if name == "oneshader -O3" and st == "ok" and spirv_val:
                    v = subprocess.run([spirv_val, "--target-env", "vulkan1.2", out], capture_output=True)
                    row["valid"] = "yes" if v.returncode == 0 else "no"
            rows.append(row)
            print("scaling: %-9s %6d  %s" % (shape, n, "  ".join(
                "%s %s" % (t.split()[0][:9] + ("" if t == "glslang" else t[len(t.split()[0]):]),
                           "%.3fs" % row[t + " s"] if row[t + " status"] == "ok" else row[t + " status"])
                for t in TOOLS)), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    return rows


def write_csv(rows, path):
    keys = ["shape", "size", "source_bytes", "valid"] + [t + k for t in TOOLS for k in (" s", " KiB", " status")]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k, "") for k in keys})


COLOURS = {"oneshader -O3": "#1f77b4", "oneshader -Od": "#7fb8e6", "glslang": "#d62728",
           "glslang + spirv-opt -O": "#ff9896", "oneshader MSL": "#2ca02c", "oneshader WGSL": "#9467bd"}


def draw(rows, shapes, path):
    """Small multiples: one log-log panel per shape, seconds against units."""
    cols, pw, ph, pad = 4, 240, 170, 46
    nrows = (len(shapes) + cols - 1) // cols
    width, height = cols * pw + 20, nrows * ph + 60
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="10">' % (width, height),
           '<rect width="100%" height="100%" fill="white"/>']
    sizes = sorted({r["size"] for r in rows})
    times = [r[t + " s"] for r in rows for t in TOOLS if r.get(t + " status") == "ok" and r[t + " s"]]
    lo, hi = math.log10(max(min(times), 1e-3)), math.log10(max(times)) if times else 1
    if hi - lo < 1:
        hi = lo + 1
    xs_lo, xs_hi = math.log10(sizes[0]), math.log10(sizes[-1]) if len(sizes) > 1 else math.log10(sizes[0]) + 1
    for k, shape in enumerate(shapes):
        x0, y0 = 10 + (k % cols) * pw + pad, 20 + (k // cols) * ph
        w, h = pw - pad - 10, ph - 50
        out.append('<text x="%d" y="%d" font-weight="bold">%s</text>' % (x0, y0 + 10, html.escape(shape)))
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>' % (x0, y0 + 16, w, h))

        def px(n):
            return x0 + (math.log10(n) - xs_lo) / (xs_hi - xs_lo) * w

        def py(s):
            return y0 + 16 + h - (math.log10(max(s, 1e-3)) - lo) / (hi - lo) * h
        for n in sizes:
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (px(n), y0 + 16 + h + 12, n))
        for e in range(int(math.floor(lo)), int(math.ceil(hi)) + 1):
            if lo <= e <= hi:
                out.append('<text x="%d" y="%.1f" text-anchor="end">%gs</text>' % (x0 - 3, py(10 ** e) + 3, 10 ** e))
        for t in TOOLS:
            pts = [(px(r["size"]), py(r[t + " s"])) for r in rows
                   if r["shape"] == shape and r.get(t + " status") == "ok" and r[t + " s"]]
            if len(pts) > 1:
                out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>' % (
                    COLOURS[t], " ".join("%.1f,%.1f" % p for p in pts)))
    ly = height - 18
    for k, t in enumerate(TOOLS):
        lx = 20 + k * 160
        out.append('<rect x="%d" y="%d" width="14" height="4" fill="%s"/>' % (lx, ly - 4, COLOURS[t]))
        out.append('<text x="%d" y="%d">%s</text>' % (lx + 18, ly, html.escape(t)))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def cell(r, t):
    st = r.get(t + " status")
    if st != "ok":
        return st or "–"
    return "%.3f s / %.0f MiB" % (r[t + " s"], r[t + " KiB"] / 1024)


def write_doc(rows, shapes, sizes, runs, timeout, path, svg, load):
    L = ["# Performance: cost against input size", "",
         "<!-- Generated by bench/scaling.py; do not edit by hand. -->", "",
         "Measured on %d cores with a load average of %.1f at the start%s." % (
             os.cpu_count() or 0, load, " (other work was running: absolute times are inflated, the growth "
             "with size and the comparison run under the same load)" if load > 0.5 * (os.cpu_count() or 1) else ""),
         "",
         "Generated compute shaders that grow along one axis each (`bench/scaling_inputs.py` says what each shape "
         "is), compiled one process per compile; each figure is the best of %d runs (wall time / peak resident "
         "size). `glslang + spirv-opt -O` is glslangValidator followed by the SPIR-V optimizer, what a project "
         "gets for optimized output from that toolchain. `oneshader MSL` and `oneshader WGSL` are the same -O3 "
         "compile to the text targets. Our -O3 SPIR-V is checked with `spirv-val`. A compile still running after "
         "%g s is stopped and shown as a timeout; `failed` is a compile that reported an error (the largest inputs "
         "can pass a target's own limits, which are diagnostics)." % (runs, timeout), "",
         "![time against size](%s)" % os.path.basename(svg), ""]
    for shape in shapes:
        L.append("## %s" % shape)
        L.append("")
        L.append("| units | source | " + " | ".join(TOOLS) + " | valid |")
        L.append("|---:|---:|" + "---:|" * len(TOOLS) + "---|")
        for r in rows:
            if r["shape"] != shape:
                continue
            L.append("| %d | %.0f KB | %s | %s |" % (r["size"], r["source_bytes"] / 1000,
                                                    " | ".join(cell(r, t) for t in TOOLS), r.get("valid", "–")))
        big = [r for r in rows if r["shape"] == shape and r["size"] in (sizes[-1], sizes[-2] if len(sizes) > 1 else 0)]
        if len(big) == 2:
            a, b = sorted(big, key=lambda r: r["size"])
            growth = ["%s x%.1f in time and x%.1f in peak memory" % (
                t, b[t + " s"] / max(a[t + " s"], 1e-3), b[t + " KiB"] / max(a[t + " KiB"], 1))
                for t in GROWTH if a.get(t + " status") == "ok" and b.get(t + " status") == "ok"]
            if growth:
                L.append("")
                L.append("From %d to %d units (x%d): %s." % (a["size"], b["size"], b["size"] // a["size"], "; ".join(growth)))
        L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build-release"))
    ap.add_argument("--sizes", default="10,100,1000,10000")
    ap.add_argument("--shapes", default=",".join(scaling_inputs.SHAPES))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--csv", default=os.path.join(ROOT, "bench", "results", "scaling.csv"))
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "performance-scaling.md"))
    ap.add_argument("--svg", default=os.path.join(ROOT, "docs", "performance-scaling.svg"))
    args = ap.parse_args()
    args.sizes = [int(s) for s in args.sizes.split(",")]
    args.shapes = [s for s in args.shapes.split(",") if s]
    unknown = [s for s in args.shapes if s not in scaling_inputs.SHAPES]
    if unknown:
        sys.exit("scaling: unknown shapes: " + ", ".join(unknown))
    load = os.getloadavg()[0]
    rows = measure(args)
    os.makedirs(os.path.dirname(args.csv), exist_ok=True)
    write_csv(rows, args.csv)
    draw(rows, args.shapes, args.svg)
    write_doc(rows, args.shapes, args.sizes, args.runs, args.timeout, args.doc, args.svg, load)
    print("scaling: wrote %s, %s, %s" % tuple(os.path.relpath(p, ROOT) for p in (args.csv, args.doc, args.svg)))


if __name__ == "__main__":
    main()
