#!/usr/bin/env python3
"""Generates docs/performance.md and docs/performance-process.svg from bench/results/ (standard library only).

Usage: bench/report.py [--results DIR] [--doc FILE] [--svg FILE]
"""
import argparse
import csv
import html
import json
import math
import os
import statistics

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TARGET_SPEEDUP = 10.0       # per process, geometric mean, against glslangValidator
TARGET_MEDIAN_US = 50.0     # in process, median file, optimizer on (at or under)
TARGET_RSS_MIB = 10.0       # peak resident size per process
TARGET_ALL_RATIO = 1.5      # in process, the three targets in one compile against SPIR-V alone


def read_csv(path):
    if not os.path.isfile(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def num(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def times(r):
    """'3.2× faster' / '1.5× slower' / 'tie' for a ratio (glslang time / our time)."""
    if r is None:
        return "–"
    if abs(r - 1) < 0.05:
        return "tie"
    return "%s× faster" % fmt_sig(r) if r > 1 else "%s× slower" % fmt_sig(1 / r)


def fmt_sig(v):
    if v >= 100:
        return "%.0f" % v
    if v >= 10:
        return "%.1f" % v
    return "%.2f" % v


def ms(v):
    return "–" if v is None else ("%.2f" % v if v < 10 else "%.1f" % v)


def us(v):
    return "–" if v is None else ("%.1f" % v if v < 100 else "%.0f" % v)


def kib(v):
    return "–" if v is None else "{:,.0f}".format(v / 1024)


def mib_from_kib(v):
    return "–" if v is None else "%.1f" % (v / 1024)


def code(s):
    return "`%s`" % s


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def met(ok):
    return "**met**" if ok else "**not met**"


# ---------------------------------------------------------------------------------------------------
def draw_chart(rows, path, subtitle, ours_label):
    """Horizontal bars, log scale: per entry point, our process time and glslang's."""
    if not rows:
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="60" font-family="sans-serif" '
               'font-size="13"><text x="10" y="35">No entry point was measured by both compilers.</text></svg>\n')
        with open(path, "w") as f:
            f.write(svg)
        return
    label_w, bar_w, right = 330, 560, 100
    row_h, top, bottom = 20, 70, 40
    width = label_w + bar_w + right
    height = top + row_h * len(rows) + bottom
    lo = min(min(r["ours"], r["glslang"]) for r in rows)
    hi = max(max(r["ours"], r["glslang"]) for r in rows)
    # The axis runs from the 1-2-5 step at or below the fastest time to the one at or above the slowest.
    steps = [m * 10 ** e for e in range(-4, 6) for m in (1, 2, 5)]
    lo_exp = math.log10(max([v for v in steps if v <= lo] or [steps[0]]))
    hi_exp = math.log10(min([v for v in steps if v >= hi] or [steps[-1]]))
    if hi_exp - lo_exp < 1:
        hi_exp = lo_exp + 1

    def x(v):
        return label_w + (math.log10(v) - lo_exp) / (hi_exp - lo_exp) * bar_w

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="sans-serif" font-size="11">' % (width, height, width, height),
           '<rect width="100%" height="100%" fill="#ffffff"/>',
           '<text x="10" y="20" font-size="15" font-weight="bold">Process time per entry point '
           '(median, ms, log scale)</text>',
           '<text x="10" y="38" font-size="12" fill="#444">%s</text>' % html.escape(subtitle),
           '<rect x="%d" y="48" width="12" height="10" fill="#1f77b4"/>' % label_w,
           '<text x="%d" y="57">%s</text>' % (label_w + 16, html.escape(ours_label)),
           '<rect x="%d" y="48" width="12" height="10" fill="#ff7f0e"/>' % (label_w + 40 + 7 * len(ours_label)),
           '<text x="%d" y="57">glslangValidator</text>' % (label_w + 56 + 7 * len(ours_label))]
    ticks = []
    for e in range(int(math.floor(lo_exp)) - 1, int(math.ceil(hi_exp)) + 1):
        for m in (1, 2, 5):
            v = m * 10 ** e
            if lo_exp - 1e-9 <= math.log10(v) <= hi_exp + 1e-9:
                ticks.append(v)
    axis_y = top + row_h * len(rows)
    for v in ticks:
        xv = x(v)
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (xv, top - 4, xv, axis_y))
        label = ("%g" % v)
        out.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#444">%s</text>' % (xv, axis_y + 14, label))
    out.append('<text x="%d" y="%d" text-anchor="middle" fill="#444">milliseconds</text>'
               % (label_w + bar_w // 2, axis_y + 30))
    for i, r in enumerate(rows):
        y = top + i * row_h
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (label_w - 6, y + 13, html.escape(r["id"])))
        for j, (key, color) in enumerate((("ours", "#1f77b4"), ("glslang", "#ff7f0e"))):
            w = max(1.0, x(r[key]) - label_w)
            out.append('<rect x="%d" y="%d" width="%.1f" height="8" fill="%s"><title>%s %s: %.3f ms</title></rect>'
                       % (label_w, y + 2 + j * 8, w, color, html.escape(r["id"]),
                          ours_label if key == "ours" else "glslangValidator", r[key]))
        out.append('<text x="%.1f" y="%d" fill="#444">%s</text>'
                   % (label_w + bar_w + 4, y + 13, times(r["glslang"] / r["ours"])))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# ---------------------------------------------------------------------------------------------------
def before_after_section(res, info):
    """The "Before and after" section from before_after.csv/.json (bench/before_after.py), or a note when
    those results belong to another commit than this page, or nothing when there are none."""
    path = os.path.join(res, "before_after.json")
    rows = read_csv(os.path.join(res, "before_after.csv"))
    if not os.path.isfile(path) or not rows:
        return []
    with open(path) as f:
        ba = json.load(f)
    L = ["## Before and after", ""]
    if ba.get("after_commit") != info.get("commit") or ba.get("source_diff_sha1", "") != info.get(
            "source_diff_sha1", ""):
        L.append("The last before-and-after comparison ([`before_after.csv`](%s/before_after.csv): baseline "
                 "`%s`, after `%s`, %s) measured another tree than this page (`%s`), so its figures are left out. "
                 "`bench/run.sh --baseline %s` measures both again in one run." % (
                     os.path.relpath(res, os.path.join(ROOT, "docs")), ba.get("before_short", "?"),
                     ba.get("after_commit", "?"), ba.get("date", "?"), info.get("commit", "?"),
                     ba.get("before_ref") or ba.get("before_short", "REF")))
        L.append("")
        return L

    def fnum(v):
        return None if v in (None, "") else num(v)

    def ratio(r):
        v = fnum(r["ratio"])
        return "–" if v is None else ("%.2f×" % v if v >= 0.1 else "%.3f×" % v)

    def secs(v):
        return "%.3f s" % v if v < 1 else ("%.2f s" % v if v < 10 else "%.1f s" % v)

    def mib(v):
        return "%.1f MiB" % (v / 1024) if v < 100 * 1024 else "{:,.0f} MiB".format(v / 1024)

    def cell(r, key, fmt):
        status = r.get(key + "_status", "ok") if key in ("before", "after") else "ok"
        v = fnum(r[key])
        if v is None:
            return (status if status != "ok" else r[key]) or "–"
        return fmt(v)

    load0 = (ba.get("load_average_start") or [0])[0]
    load1 = (ba.get("load_average_end") or [0])[0]
    cores = ba.get("cores") or 1
    loaded = max(load0, load1) > 0.25 * cores
    ref = ba.get("before_ref") or ba.get("before_short")
    def built(ba, side):
        # The tree's folder, and whether a profile optimized it (bench/run.sh --pgo).
        text = "`%s/`" % ba.get(side + "_build", "?")
        return text + (" with profile-guided optimization" if ba.get(side + "_pgo", "OFF") == "USE" else "")
    L.append("Measured by `bench/run.sh --baseline %s` on %s: the baseline `%s` (%s, \"%s\") built as %s, "
             "against this page's commit `%s` built as %s, the two trees alternating, on %d cores with a load "
             "average of %.2f at the start and %.2f at the end%s. \"after/before\" under 1× is an improvement. "
             "The raw figures are in [`before_after.csv`](%s/before_after.csv)." % (
                 ref, ba["date"], ba["before_short"], ba.get("before_date", "?")[:10],
                 ba.get("before_subject", "")[:90].replace("|", "\\|"), built(ba, "before"),
                 ba["after_commit"], built(ba, "after"), cores, load0, load1,
                 " (a loaded machine: the times are inflated and noisy, the instruction counts are not)"
                 if loaded else "", os.path.relpath(res, os.path.join(ROOT, "docs"))))
    L.append("")
    if ba.get("mode") == "quick":
        L.append("> **Quick comparison** (`--quick`): no N=4000 inputs, one run per generated input, %d compiles "
                 "per file in process. It shows that the comparison works; the full run replaces it." % ba["iters"])
        L.append("")

    # generated inputs
    sc = [r for r in rows if r["section"] == "scaling"]
    figures = []
    for r in sc:
        if (r["figure"], r["setting"]) not in figures:
            figures.append((r["figure"], r["setting"]))
    get = {(r["figure"], r["setting"], r["metric"]): r for r in sc}
    if figures:
        L.append("### Generated inputs, one process per compile")
        L.append("")
        L.append("`oneshader -T cs_6_0 -E main -O3|-Od` on shapes of `bench/scaling_inputs.py`: *chain* (f_i calls "
                 "f_(i-1), N deep) and *fan* (main calls N small functions). Wall time (spawn to exit) and peak "
                 "resident size (`/usr/bin/time`), each the best of %d run(s) (a compile over %g s runs once; one over %g s is "
                 "stopped). glslangValidator and glslangValidator followed by `spirv-opt -O` compile the same input "
                 "once per row pair (the same figure on the -O3 and -Od rows)." % (
                     ba.get("runs", 1), ba.get("repeat_max_s", 2), ba.get("timeout_s", 300)))
        L.append("")
        L.append("| Input | Optimizer | time before | time after | after/before | peak before | peak after | "
                 "after/before | glslangValidator | glslang + spirv-opt -O |")
        L.append("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|")
        for fig, opt in figures:
            t, m = get.get((fig, opt, "time")), get.get((fig, opt, "peak"))
            if not t or not m:
                continue

            def peer(key):
                tv, mv = fnum(t[key]), fnum(m[key])
                return "%s / %s" % (secs(tv), mib(mv)) if tv is not None and mv is not None else (t[key] or "–")
            L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                fig, opt, cell(t, "before", secs), cell(t, "after", secs), ratio(t), cell(m, "before", mib),
                cell(m, "after", mib), ratio(m), peer("glslang"), peer("glslang_opt")))
        L.append("")
        counted = [get[(f, o, "instructions")] for f, o in figures if (f, o, "instructions") in get]
        if counted:
            L.append("Instructions per process (valgrind `--tool=callgrind`, the total \"Collected\"; the same "
                     "count on a loaded machine):")
            L.append("")
            L.append("| Input | Optimizer | before | after | after/before |")
            L.append("|---|---|--:|--:|--:|")
            for r in counted:
                L.append("| %s | %s | %s | %s | %s |" % (r["figure"], r["setting"],
                                                         cell(r, "before", "{:,.0f}".format),
                                                         cell(r, "after", "{:,.0f}".format), ratio(r)))
            L.append("")

    # the getting-started shader per process
    pr = {r["metric"]: r for r in rows if r["section"] == "process"}
    if pr:
        fig = next(iter(pr.values()))["figure"]
        L.append("### The getting-started pixel shader, per process")
        L.append("")
        L.append("`%s`, the shader `scripts/build.sh` and the README compile: one `oneshader -T ps_6_0 -E PSMain "
                 "... -Fo out.spv` process, glslangValidator on the same entry point beside." % fig)
        L.append("")
        L.append("| Figure | before | after | after/before | glslangValidator |")
        L.append("|---|--:|--:|--:|--:|")
        labels = {"instructions": ("instructions (callgrind)", "{:,.0f}".format),
                  "time": ("wall time, %s" % (pr.get("time", {}).get("note") or "median"), lambda v: "%s ms" % ms(v)),
                  "peak": ("peak resident size (median of %d)" % ba.get("mem_runs", 1), mib)}
        for k in ("instructions", "time", "peak"):
            if k in pr:
                r = pr[k]
                label, fmt = labels[k]
                L.append("| %s | %s | %s | %s | %s |" % (label, cell(r, "before", fmt), cell(r, "after", fmt),
                                                         ratio(r), cell(r, "glslang", fmt)))
        L.append("")
        hw = ba.get("hello_world")
        if hw and hw.get("instructions"):
            L.append("For scale, a statically linked C hello world (`puts`, `cc -O2 -static`; the oneshader "
                     "executable is static too) runs {:,} instructions and takes {} ms per process.".format(
                         hw["instructions"], ms(hw["time_ms"])))
            L.append("")

    # in process
    ip = [r for r in rows if r["section"] == "inprocess"]
    if ip:
        L.append("### In process")
        L.append("")
        L.append("`bench/oneshader_compile_bench` of each tree on the corpus (SPIR-V, every entry point of a file in "
                 "one `oneshader::compile`), as `bench/compare.py` measures it: the trees alternate for two rounds of "
                 "%d timed compiles per file and setting, each file keeps its better median, and only the files "
                 "both trees compile with status ok count." % ba["iters"])
        L.append("")
        L.append("| Median corpus file | before | after | after/before | median of per-file after/before | files |")
        L.append("|---|--:|--:|--:|--:|---|")
        for r in ip:
            per = None
            if r["note"].startswith("median per-file after/before "):
                per = float(r["note"].split(";")[0].rsplit(" ", 1)[1])
            L.append("| %s | %s | %s | %s | %s | %s |" % (
                r["setting"], cell(r, "before", lambda v: "%s µs" % us(v)), cell(r, "after", lambda v: "%s µs" % us(v)),
                ratio(r), "%.2f×" % per if per is not None else "–", r["files"]))
        L.append("")
        left = ba.get("inprocess_left_out", {})
        total = ip[0]["files"].split("/")[-1] if ip[0]["files"] else "?"
        parts = []
        for opt in ("on", "off"):
            lo = left.get(opt)
            if lo:
                parts.append("with the optimizer %s, %d fail in the baseline and %d in this tree" % (
                    opt, len(lo["before"]), len(lo["after"])))
        if len(parts) == 2 and left["on"] == left["off"]:
            parts = [parts[0].split(", ", 1)[1] + " (optimizer on and off alike)"]
        if parts:
            L.append("Of the %s corpus files, %s; a file fails when any of its entry points does, and is left "
                     "out (listed in [`before_after.json`](%s/before_after.json))." % (
                         total, "; ".join(parts), os.path.relpath(res, os.path.join(ROOT, "docs"))))
            L.append("")
    return L


# ---------------------------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", default=os.path.join(ROOT, "bench", "results"))
    ap.add_argument("--doc", default=os.path.join(ROOT, "docs", "performance.md"))
    ap.add_argument("--svg", default=os.path.join(ROOT, "docs", "performance-process.svg"))
    args = ap.parse_args()
    res = args.results
    with open(os.path.join(res, "run.json")) as f:
        info = json.load(f)
    with open(os.path.join(res, "machine.txt")) as f:
        machine = [line.rstrip("\n") for line in f if line.strip()]
    process = read_csv(os.path.join(res, "process.csv"))
    memory = read_csv(os.path.join(res, "memory.csv"))
    size = read_csv(os.path.join(res, "size.csv"))
    inproc = read_csv(os.path.join(res, "inprocess.csv"))
    interleaved = read_csv(os.path.join(res, "inprocess_interleaved.csv"))
    text_targets = read_csv(os.path.join(res, "text_targets.csv"))
    instructions = read_csv(os.path.join(res, "instructions.csv"))
    front_end = info["state"] == "front-end"
    quick = info["mode"] == "quick"
    loaded = any(line.startswith("load average at start:") and
                 float(line.split(":")[1].split()[0]) > 0.25 * (info.get("cores") or 1) for line in machine)
    ours_label = "oneshader (front end only)" if front_end else "oneshader"
    compared_status = "front-end" if front_end else "ok"
    results_link = os.path.relpath(res, os.path.dirname(args.doc))
    svg_link = os.path.relpath(args.svg, os.path.dirname(args.doc))

    # --- per process ---------------------------------------------------------------------------------
    compared, excluded = [], []
    for r in process:
        o, g = num(r["oneshader_median_ms"]), num(r["glslang_median_ms"])
        if r["oneshader_status"] == compared_status and r["glslang_status"] == "ok":
            compared.append({"id": r["id"], "ours": o, "glslang": g, "ratio": g / o,
                             "ours_rng": (num(r["oneshader_min_ms"]), num(r["oneshader_max_ms"])),
                             "g_rng": (num(r["glslang_min_ms"]), num(r["glslang_max_ms"]))})
        else:
            why = []
            if r["oneshader_status"] != compared_status:
                why.append("oneshader: %s%s" % (r["oneshader_status"],
                                                (" — " + r["oneshader_error"]) if r["oneshader_error"] else ""))
            if r["glslang_status"] != "ok":
                why.append("glslang: %s%s" % (r["glslang_status"],
                                              (" — " + r["glslang_error"]) if r["glslang_error"] else ""))
            excluded.append((r["id"], "; ".join(why)))
    gm = geomean([c["ratio"] for c in compared])
    slower = sorted([c for c in compared if c["ratio"] < 0.95], key=lambda c: c["ratio"])
    ours_med = statistics.median([c["ours"] for c in compared]) if compared else None
    g_med = statistics.median([c["glslang"] for c in compared]) if compared else None
    subtitle = "%d entry points, median of %d runs each%s%s%s" % (
        len(compared), info["process_runs"], "; oneshader runs the FRONT END ONLY (no code generation yet)"
        if front_end else "", "; QUICK run" if quick else "", "; loaded machine" if loaded else "")
    draw_chart(compared, args.svg, subtitle, ours_label)

    # --- in process ------------------------------------------------------------------------------------
    def inproc_rows(target, optimize):
        return {r["file"]: r for r in inproc if r["target"] == target and r["optimize"] == optimize}
    spv_on, spv_off = inproc_rows("spirv", "on"), inproc_rows("spirv", "off")
    pre = inproc_rows("preprocess", "-")
    extra_targets = [t for t in info.get("inprocess_targets", []) if t in ("msl", "wgsl", "all")]
    target_label = {"msl": "MSL", "wgsl": "WGSL", "all": "all three targets"}
    # Each text target, and the three targets in one compile, against SPIR-V alone: the median over
    # the files every one of them compiles.
    def median_of_target(t):
        rows = inproc_rows(t, "on")
        vals = [num(r["median_us"]) for r in rows.values() if r["status"] == "ok"]
        return statistics.median(vals) if vals else None
    ratio_all = None
    all_rows = inproc_rows("all", "on")
    ratios = [num(all_rows[f]["median_us"]) / num(r["median_us"]) for f, r in spv_on.items()
              if r["status"] == "ok" and f in all_rows and all_rows[f]["status"] == "ok" and num(r["median_us"])]
    if ratios:
        ratio_all = statistics.median(ratios)
    # The same ratio with the files compiled in turn rather than each in a loop of its own.
    def interleaved_rows(target):
        return {r["file"]: r for r in interleaved if r["target"] == target and r["status"] == "ok"}
    spv_turn, all_turn = interleaved_rows("spirv"), interleaved_rows("all")
    ratios_turn = [num(all_turn[f]["median_us"]) / num(r["median_us"]) for f, r in spv_turn.items()
                   if f in all_turn and num(r["median_us"])]
    ratio_turn = statistics.median(ratios_turn) if ratios_turn else None
    median_turn_spv = statistics.median([num(r["median_us"]) for r in spv_turn.values()]) if spv_turn else None
    median_turn_all = statistics.median([num(r["median_us"]) for r in all_turn.values()]) if all_turn else None
    files = sorted(set(spv_on) | set(spv_off))
    usable = ("ok", "front-end") if front_end else ("ok",)
    usable_on = [num(r["median_us"]) for r in spv_on.values() if r["status"] in usable]
    usable_off = [num(r["median_us"]) for r in spv_off.values() if r["status"] in usable]
    median_file_on = statistics.median(usable_on) if usable_on else None
    median_file_off = statistics.median(usable_off) if usable_off else None
    slowest = max(((num(r["median_us"]), f) for f, r in spv_on.items() if r["status"] in usable),
                  default=(None, None))
    alloc_on = [num(r["alloc_bytes"]) for r in spv_on.values() if r["status"] in usable]
    median_alloc = statistics.median(alloc_on) if alloc_on else None
    inproc_failed = [(f, r["status"], r["first_error"]) for f, r in spv_on.items() if r["status"] not in usable]

    # --- memory ------------------------------------------------------------------------------------------
    mem_rows = [r for r in memory if num(r["oneshader_maxrss_kib"]) is not None]
    ours_rss = [num(r["oneshader_maxrss_kib"]) for r in mem_rows]
    g_rss = [num(r["glslang_maxrss_kib"]) for r in memory if num(r["glslang_maxrss_kib"]) is not None]
    rss_max = max(ours_rss) if ours_rss else None
    rss_med = statistics.median(ours_rss) if ours_rss else None
    g_rss_med = statistics.median(g_rss) if g_rss else None
    over_rss = sorted([(num(r["oneshader_maxrss_kib"]), r["id"]) for r in mem_rows
                       if num(r["oneshader_maxrss_kib"]) > TARGET_RSS_MIB * 1024], reverse=True)

    # --- size ---------------------------------------------------------------------------------------------
    both_size = [r for r in size if num(r["oneshader_nonames_words"]) and num(r["glslang_opt_words"])]
    tot = {k: sum(num(r[k]) for r in both_size) for k in
           ("oneshader_words", "oneshader_nonames_words", "glslang_words", "glslang_stripped_words",
            "glslang_opt_words")} if both_size else {}
    larger = sorted([(num(r["oneshader_nonames_words"]) / num(r["glslang_opt_words"]), r) for r in both_size
                     if num(r["oneshader_nonames_words"]) > num(r["glslang_opt_words"])],
                    key=lambda t: -t[0])
    invalid = [r for r in size if r["oneshader_valid"] == "no"]
    g_only = [r for r in size if num(r["glslang_words"]) and num(r["glslang_stripped_words"])
              and num(r["glslang_opt_words"])]
    g_invalid = [r for r in size if r.get("glslang_valid") == "no"]

    # --- the page ------------------------------------------------------------------------------------------
    L = []
    L.append("# Performance")
    L.append("")
    L.append("<!-- Generated by bench/report.py from %s; do not edit by hand. Rerun bench/run.sh. -->"
             % os.path.relpath(res, ROOT))
    L.append("")
    load_text = next((l.split(":", 1)[1].strip() for l in machine if l.startswith("load average")), "?")
    if quick:
        L.append("> **Quick run%s.** These numbers come from `bench/run.sh --quick` (%d files, %d entry points, %d "
                 "process runs each, %d in-process compiles per file) on a machine whose load average was %s on %s "
                 "cores%s. They show that the harness works end to end; they are not representative. `bench/run.sh` "
                 "on a quiet machine replaces them." % (
                     " on a loaded machine" if loaded else "", info["files"], info["entry_points"],
                     info["process_runs"], info["inprocess_iterations"], load_text, info.get("cores", "?"),
                     " while other builds ran" if loaded else ""))
        L.append("")
    elif info["mode"] == "partial":
        L.append("> **Partial run.** Only %d corpus files (%d entry points) were measured; `bench/run.sh` without "
                 "file arguments measures the whole corpus." % (info["files"], info["entry_points"]))
        L.append("")
    if not quick and loaded:
        L.append("> **Loaded machine.** The load average was %s on %s cores when this run started: the times are "
                 "inflated and noisy. Rerun `bench/run.sh` on a quiet machine." % (load_text, info.get("cores", "?")))
        L.append("")
    if front_end:
        L.append("> **Front end only.** This build stops every compile with `OSH0005` after the front end "
                 "(preprocessing, parsing, semantic analysis and reflection): lowering to IR is not connected to "
                 "the optimizer and the SPIR-V backend yet. So every oneshader time below is the cost of the "
                 "front end (and, per process, of starting the program and reporting OSH0005), not of a full "
                 "compile, the optimizer on/off columns measure the same work, and SPIR-V sizes are "
                 "unavailable. glslangValidator's times are full compiles.")
        L.append("")
    headline = []
    if gm:
        headline.append("Per process, %s is %s glslangValidator on the geometric mean of %s "
                        "(median %s ms against %s ms)." % (
                            ours_label, "about as fast as" if times(gm) == "tie" else times(gm) + " than",
                            plural(len(compared), "entry point"), ms(ours_med), ms(g_med)))
    if median_file_on is not None:
        headline.append("In process, the median corpus file takes %s µs%s." % (
            us(median_file_on), " (front end only)" if front_end else " with the optimizer on"))
    text_medians = [(target_label[t], median_of_target(t)) for t in ("msl", "wgsl", "all") if t in extra_targets]
    text_medians = [(n, v) for n, v in text_medians if v is not None]
    if text_medians:
        headline.append("To %s." % ", to ".join("%s %s µs" % (n, us(v)) for n, v in text_medians))
    if rss_max is not None:
        headline.append("A oneshader process peaks at %s MiB resident at most (glslangValidator: median %s MiB)."
                        % (mib_from_kib(rss_max), mib_from_kib(g_rss_med)))
    if tot:
        headline.append("Without names, our SPIR-V totals %s words against %s for glslang + `spirv-opt -O`."
                        % ("{:,.0f}".format(tot["oneshader_nonames_words"]),
                           "{:,.0f}".format(tot["glslang_opt_words"])))
    else:
        headline.append("SPIR-V sizes are unavailable: oneshader produced no SPIR-V in this run.")
    L.append(" ".join(headline))
    L.append("")
    L.append("Every number comes from the files in [`bench/results/`](%s), measured on one machine (see "
             "[Method](#method)), commit `%s`, %s. Treat them as local measurements, not promises for your "
             "hardware." % (results_link, info["commit"], info["date"]))
    L.append("")

    L.append("## Targets")
    L.append("")
    L.append("| Target | Goal | Measured | Status |")
    L.append("|---|---|---|---|")
    if gm:
        L.append("| Per process against glslangValidator (geometric mean) | at least %g× faster | %s%s | %s |"
                 % (TARGET_SPEEDUP, times(gm), " (front end only)" if front_end else "",
                    met(gm >= TARGET_SPEEDUP) + (" (for the front end; a full compile is not measured yet)"
                                                 if front_end else "")))
    else:
        L.append("| Per process against glslangValidator (geometric mean) | at least %g× faster | no entry point "
                 "measured by both | not measured |" % TARGET_SPEEDUP)
    if median_file_on is not None:
        L.append("| In process, median file, optimizer on | at most %g µs | %s µs%s | %s |"
                 % (TARGET_MEDIAN_US, us(median_file_on), " (front end only)" if front_end else "",
                    met(median_file_on <= TARGET_MEDIAN_US) + (" (for the front end alone)" if front_end else "")))
    else:
        L.append("| In process, median file, optimizer on | at most %g µs | – | not measured |" % TARGET_MEDIAN_US)
    if rss_max is not None:
        L.append("| Peak resident size per process | under %g MiB | %s MiB at most, %s MiB median%s | %s |"
                 % (TARGET_RSS_MIB, mib_from_kib(rss_max), mib_from_kib(rss_med),
                    " (front end only)" if front_end else "", met(rss_max < TARGET_RSS_MIB * 1024)))
    else:
        L.append("| Peak resident size per process | under %g MiB | – | not measured |" % TARGET_RSS_MIB)
    if tot:
        L.append("| SPIR-V words without names against glslang + `spirv-opt -O` (total) | no larger | %s against "
                 "%s (%+.1f%%) | %s |" % ("{:,.0f}".format(tot["oneshader_nonames_words"]),
                                          "{:,.0f}".format(tot["glslang_opt_words"]),
                                          100 * (tot["oneshader_nonames_words"] / tot["glslang_opt_words"] - 1),
                                          met(tot["oneshader_nonames_words"] <= tot["glslang_opt_words"])))
    else:
        L.append("| SPIR-V words without names against glslang + `spirv-opt -O` (total) | no larger | unavailable "
                 "(no SPIR-V from oneshader) | not measured |")
    if ratio_all is not None:
        L.append("| In process, SPIR-V + MSL + WGSL in one compile against SPIR-V alone (median of the per-file "
                 "ratios, %d files) | at most %g× | %.2f× | %s |" % (len(ratios), TARGET_ALL_RATIO, ratio_all,
                                                                   met(ratio_all <= TARGET_ALL_RATIO)))
    if ratio_turn is not None:
        L.append("| The same, the files compiled in turn (each compile follows another file's; %d files) | at most "
                 "%g× | %.2f× | %s |" % (len(ratios_turn), TARGET_ALL_RATIO, ratio_turn,
                                        met(ratio_turn <= TARGET_ALL_RATIO)))
    L.append("")

    L.append("### The losses")
    L.append("")
    losses = []
    if front_end:
        losses.append("**No shader code yet.** oneshader stops with `OSH0005` after the front end on every entry "
                      "point, so none of the comparisons below is a full compile against a full compile, and "
                      "output size, the optimizer's cost and MSL/WGSL cannot be measured.")
    if gm and gm < TARGET_SPEEDUP:
        losses.append("**Per process, short of the %g× goal:** %s on the geometric mean%s." % (
            TARGET_SPEEDUP, times(gm), " — and that is the front end alone" if front_end else ""))
    if slower:
        losses.append("**Slower than glslangValidator per process on %d of %s:** %s." % (
            len(slower), plural(len(compared), "entry point"), ", ".join("%s (%s ms against %s ms, %s)" % (
                code(c["id"]), ms(c["ours"]), ms(c["glslang"]), times(c["ratio"])) for c in slower[:8])
            + (", ..." if len(slower) > 8 else "")))
    if median_file_on is not None and median_file_on >= TARGET_MEDIAN_US:
        losses.append("**In process, the median file takes %s µs**, over the %g µs goal%s; the slowest is %s at "
                      "%s µs." % (us(median_file_on), TARGET_MEDIAN_US, " (front end alone)" if front_end else "",
                                  code(slowest[1]), us(slowest[0])))
    if over_rss:
        losses.append("**Peak resident size over %g MiB on %s:** %s." % (
            TARGET_RSS_MIB, plural(len(over_rss), "entry point"), ", ".join("%s (%s MiB)" % (code(i), mib_from_kib(v))
                                                     for v, i in over_rss[:8]) + (", ..." if len(over_rss) > 8 else "")))
    if tot and tot["oneshader_nonames_words"] > tot["glslang_opt_words"]:
        losses.append("**Our SPIR-V without names is larger than glslang + `spirv-opt -O`** in total (%+.1f%%)."
                      % (100 * (tot["oneshader_nonames_words"] / tot["glslang_opt_words"] - 1)))
    if larger:
        losses.append("**Larger than glslang + `spirv-opt -O` on %d of %s:** %s." % (
            len(larger), plural(len(both_size), "entry point"), ", ".join("%s (%+.0f%%)" % (code(r["id"]), 100 * (f - 1))
                                                   for f, r in larger[:8]) + (", ..." if len(larger) > 8 else "")))
    if invalid:
        losses.append("**spirv-val rejects our output for %s:** %s." % (
            plural(len(invalid), "entry point"), ", ".join(code(r["id"]) for r in invalid[:8]) + (", ..." if len(invalid) > 8 else "")))
    ours_failed = [(i, w) for i, w in excluded if w.startswith("oneshader:")]
    if ours_failed:
        losses.append("**oneshader does not compile %s**, left out of the comparison (listed under "
                      "[Left out](#left-out))." % plural(len(ours_failed), "entry point"))
    if inproc_failed:
        losses.append("**In process, %s fail%s:** %s." % (plural(len(inproc_failed), "file"),
                                                         "s" if len(inproc_failed) == 1 else "", ", ".join(
            "%s (%s)" % (code(f), s) for f, s, _ in inproc_failed)))
    for t, note in sorted(info.get("target_notes", {}).items()):
        losses.append("**%s is not measured:** %s." % ({"msl": "MSL", "wgsl": "WGSL"}.get(t, t), note))
    if not losses:
        losses.append("None: every target is met and no entry point is slower or larger.")
    L += ["- " + x for x in losses]
    L.append("")

    L += before_after_section(res, info)

    # process table
    L.append("## Process time per entry point")
    L.append("")
    L.append("One process per entry point: `oneshader -T <profile> -E <entry> <file> -Fo <out>` against "
             "`glslangValidator -D -V -S <stage> -e <entry> --target-env vulkan1.2 <file> -o <out>`, the same "
             "defines and include directories, each writing its output file (the exact commands are in "
             "[`entries.csv`](%s/entries.csv)). Median of %d runs in milliseconds, with the fastest and slowest "
             "in brackets. \"vs glslang\" is glslang's median divided by ours." % (results_link,
                                                                                    info["process_runs"]))
    L.append("")
    L.append("![%s](%s)" % (html.escape(subtitle), svg_link))
    L.append("")
    if compared:
        L.append("| Entry point | glslangValidator ms | %s ms | vs glslang |" % ours_label)
        L.append("|---|--:|--:|---|")
        for c in compared:
            L.append("| %s | %s (%s–%s) | %s (%s–%s) | %s |" % (
                code(c["id"]), ms(c["glslang"]), ms(c["g_rng"][0]), ms(c["g_rng"][1]), ms(c["ours"]),
                ms(c["ours_rng"][0]), ms(c["ours_rng"][1]), times(c["ratio"])))
        L.append("| **geometric mean** (%d entry points) | %s (median) | %s (median) | **%s** |"
                 % (len(compared), ms(g_med), ms(ours_med), times(gm)))
        L.append("")
    if excluded:
        L.append("### Left out")
        L.append("")
        L.append("Entry points one of the two compilers does not compile%s; their times are in "
                 "[`process.csv`](%s/process.csv) but not in the mean." % (
                     " (for oneshader: anything other than stopping cleanly after the front end)" if front_end
                     else "", results_link))
        L.append("")
        for i, why in excluded:
            L.append("- %s: %s" % (code(i), why.replace("|", "\\|")))
        L.append("")

    # in-process table
    L.append("## In-process compile time")
    L.append("")
    L.append("`oneshader::compile` on text read once, every entry point of the file in one call (except those "
             "listed under [Left out](#left-out) as failing in oneshader), in a warm "
             "process (`bench/compile_bench.cpp`); includes come from an in-memory cache through "
             "`CompileOptions::include_resolver`. 3 warm-up compiles, then up to %d timed ones (fewer when a "
             "setting passes 3 s); the median in microseconds. Heap: bytes requested from `operator new` by one "
             "compile, the number of allocations and the peak of live heap during it, counted by a replaced "
             "global `operator new`/`delete` in the benchmark program. \"Preprocess\" is `oneshader::preprocess` "
             "on the same file, for scale." % info["inprocess_iterations"])
    L.append("")
    if median_file_on is not None:
        L.append("Over %d files: the median file takes %s µs with the optimizer on and %s µs with it off, and "
                 "allocates %s KiB; the slowest is %s at %s µs.%s" % (
                     len(usable_on), us(median_file_on), us(median_file_off), kib(median_alloc),
                     code(slowest[1]), us(slowest[0]),
                     " All of it is the front end: the optimizer does not run yet, so on and off do the same "
                     "work." if front_end else ""))
        L.append("")
    if ratio_turn is not None:
        L.append("Compiled in turn (`--interleave`: in each of up to %d rounds every file is compiled once for "
                 "SPIR-V, then every file once for all three targets, so each compile follows another file's), "
                 "the median file takes %s µs for SPIR-V and %s µs for all three targets, and the median of the "
                 "per-file ratios is %.2f× (%d files). A loop over one file keeps that file's code paths and data "
                 "warm in the caches and branch predictors, which favours the shorter path of one target; a build "
                 "compiles one file after another." % (info["inprocess_iterations"], us(median_turn_spv),
                                                        us(median_turn_all), ratio_turn, len(ratios_turn)))
        L.append("")
    # A ShaderCompileCache hit on the same inputs: the key, the lookup and the include checks.
    for t, how in (("cache", "`ShaderCompileCache::compile`, includes checked through the in-memory resolver"),
                   ("cache-file", "`ShaderCompileCache::compile_file`, the file and its includes read from disk")):
        rows = [r for r in inproc_rows(t, "-").values() if r["status"] == "ok"]
        if rows:
            hit = statistics.median([num(r["median_us"]) for r in rows])
            allocs = statistics.median([num(r["alloc_count"]) for r in rows])
            L.append("A compile-cache hit (%s) takes %s µs for the median file (%d files), with %s allocations."
                     % (how, us(hit), len(rows), allocs))
            L.append("")
    hdr = "| File | Entry points | SPIR-V µs | alloc KiB | allocations | peak heap KiB | SPIR-V, optimizer off µs | alloc KiB |"
    sep = "|---|--:|--:|--:|--:|--:|--:|--:|"
    for t in extra_targets:
        hdr += " %s µs | alloc KiB |" % ("SPIR-V+MSL+WGSL" if t == "all" else t.upper())
        sep += "--:|--:|"
    hdr += " Preprocess µs | status |"
    sep += "--:|---|"
    L.append(hdr)
    L.append(sep)
    extra = {t: inproc_rows(t, "on") for t in extra_targets}
    for f in files:
        on, off = spv_on.get(f), spv_off.get(f)
        cells = [code(os.path.relpath(f, "corpus")), on["entries"] if on else "–"]
        for r in (on, off):
            if r and r["status"] in usable:
                cells += [us(num(r["median_us"])), kib(num(r["alloc_bytes"]))]
                if r is on:
                    cells += ["{:,.0f}".format(num(r["alloc_count"])), kib(num(r["peak_heap_bytes"]))]
            else:
                cells += ["failed", "–"] + (["–", "–"] if r is on else [])
        for t in extra_targets:
            r = extra[t].get(f)
            cells += ([us(num(r["median_us"])), kib(num(r["alloc_bytes"]))] if r and r["status"] == "ok"
                      else ["refused" if r else "–", "–"])
        p = pre.get(f)
        cells.append(us(num(p["median_us"])) if p else "–")
        cells.append(on["status"] if on else "–")
        L.append("| " + " | ".join(str(c) for c in cells) + " |")
    L.append("")
    L.append("Status `front-end`: the compile stopped with `OSH0005` after the front end, as this build does for "
             "every shader; `ok`: SPIR-V came out for every entry point." if front_end else
             "Status `ok`: SPIR-V came out for every entry point of the file.")
    L.append("")

    # text targets per process
    if text_targets:
        L.append("## MSL and WGSL per process")
        L.append("")
        L.append("One process per entry point and target: `oneshader --target msl|wgsl -T <profile> -E <entry> "
                 "<file> -Fo <out>`, the median of a few runs, beside the same entry point's SPIR-V time from the "
                 "table above and the peer route to MSL: `glslangValidator` then `spirv-cross --msl "
                 "--msl-version 20400` on its SPIR-V (two processes, the sum of their medians). In "
                 "milliseconds; \"vs peer\" is the peer's time divided by our MSL time.")
        L.append("")
        def col(name, status):
            return [num(r[name]) for r in text_targets if r[status] == "ok" and num(r[name])]
        msl_t, wgsl_t = col("msl_median_ms", "msl_status"), col("wgsl_median_ms", "wgsl_status")
        spv_t = [num(r["spirv_median_ms"]) for r in text_targets if num(r["spirv_median_ms"])]
        peer = [(num(r["glslang_spirv_cross_median_ms"]), num(r["msl_median_ms"])) for r in text_targets
                if r["glslang_spirv_cross_status"] == "ok" and r["msl_status"] == "ok"
                and num(r["msl_median_ms"])]
        peer_gm = geomean([g / o for g, o in peer])
        parts = []
        if msl_t:
            parts.append("to MSL the median entry point takes %s ms (%d entry points)" % (
                ms(statistics.median(msl_t)), len(msl_t)))
        if wgsl_t:
            parts.append("to WGSL %s ms (%d)" % (ms(statistics.median(wgsl_t)), len(wgsl_t)))
        if spv_t:
            parts.append("to SPIR-V %s ms" % ms(statistics.median(spv_t)))
        text = "Per process, " + ", ".join(parts) + "."
        if peer_gm:
            text += (" glslangValidator + spirv-cross takes a median of %s ms to MSL: oneshader is %s on the "
                     "geometric mean of %d entry points." % (ms(statistics.median([g for g, _ in peer])),
                                                             times(peer_gm), len(peer)))
        L.append(text)
        L.append("")
        L.append("| Entry point | SPIR-V ms | MSL ms | WGSL ms | glslang + spirv-cross ms | vs peer |")
        L.append("|---|--:|--:|--:|--:|---|")
        for r in text_targets:
            m, wv = num(r["msl_median_ms"]), num(r["wgsl_median_ms"])
            g = num(r["glslang_spirv_cross_median_ms"])
            L.append("| %s | %s | %s | %s | %s | %s |" % (
                code(r["id"]), ms(num(r["spirv_median_ms"])),
                ms(m) if r["msl_status"] == "ok" else "refused (%s)" % r["msl_status"],
                ms(wv) if r["wgsl_status"] == "ok" else "refused (%s)" % r["wgsl_status"],
                ms(g) if r["glslang_spirv_cross_status"] == "ok" else r["glslang_spirv_cross_status"],
                times(g / m) if g and m and r["msl_status"] == "ok" else "–"))
        L.append("")

    # instructions per process
    counted = [(num(r["oneshader_instructions"]), num(r["glslang_instructions"]), r["id"]) for r in instructions
               if num(r["oneshader_instructions"])]
    if counted:
        L.append("## Instructions per process")
        L.append("")
        L.append("Valgrind's count of the instructions one process executes (`valgrind --tool=callgrind`, "
                 "\"Collected\"), for the commands of the process table: a figure that does not move with the "
                 "machine's load.")
        L.append("")
        ours_i = [o for o, _, _ in counted]
        g_i = [g for _, g, _ in counted if g]
        pairs = [(o, g) for o, g, _ in counted if g]
        L.append("oneshader: median %s instructions per compile (from %s to %s, %d entry points). On the %d entry "
                 "points glslangValidator was counted for too (the quick files: seconds each under valgrind), "
                 "oneshader's median is %s against glslangValidator's %s." % (
                     "{:,.0f}".format(statistics.median(ours_i)), "{:,.0f}".format(min(ours_i)),
                     "{:,.0f}".format(max(ours_i)), len(ours_i), len(pairs),
                     "{:,.0f}".format(statistics.median([o for o, _ in pairs])) if pairs else "–",
                     "{:,.0f}".format(statistics.median(g_i)) if g_i else "–"))
        L.append("")
        L.append("| The five largest | oneshader instructions | glslangValidator instructions |")
        L.append("|---|--:|--:|")
        for o, g, i in sorted(counted, key=lambda t: -t[0])[:5]:
            L.append("| %s | %s | %s |" % (code(i), "{:,.0f}".format(o), "{:,.0f}".format(g) if g else "–"))
        L.append("")

    # memory
    L.append("## Memory")
    L.append("")
    L.append("Peak resident set size of one process (`/usr/bin/time -v`, \"Maximum resident set size\"), the "
             "median of %d run(s), in MiB." % info["memory_runs"])
    L.append("")
    if ours_rss:
        L.append("oneshader: median %s MiB, at most %s MiB%s; glslangValidator: median %s MiB, at most %s MiB."
                 % (mib_from_kib(rss_med), mib_from_kib(rss_max), " (front end only)" if front_end else "",
                    mib_from_kib(g_rss_med), mib_from_kib(max(g_rss) if g_rss else None)))
        L.append("")
        L.append("| Entry point | %s MiB | glslangValidator MiB |" % ours_label)
        L.append("|---|--:|--:|")
        for r in memory:
            L.append("| %s | %s | %s |" % (code(r["id"]), mib_from_kib(num(r["oneshader_maxrss_kib"])),
                                           mib_from_kib(num(r["glslang_maxrss_kib"]))))
        L.append("")

    # size
    L.append("## Output size")
    L.append("")
    L.append("SPIR-V words (file size / 4) per entry point: ours with names (the default) and with `--no-names`; "
             "glslangValidator's output as it writes it, with debug instructions stripped (`spirv-opt "
             "--strip-debug`), and optimized then stripped (`spirv-opt -O --strip-debug`). The like-for-like "
             "comparison is ours without names against glslang + `spirv-opt -O`. `spirv-opt` runs with "
             "`--skip-validation`: glslang 12 with `--target-env vulkan1.2` decorates storage buffers `BufferBlock`, "
             "which SPIR-V 1.4 and later forbid, so `spirv-val` rejects %d of glslang's %d outputs here and "
             "`spirv-opt` would refuse them." % (len(g_invalid), sum(1 for r in size if r.get("glslang_valid"))))
    L.append("")
    if tot:
        L.append("| Totals over %d entry points | words |" % len(both_size))
        L.append("|---|--:|")
        for k, label in (("oneshader_words", "oneshader, names"), ("oneshader_nonames_words", "oneshader, no names"),
                         ("glslang_words", "glslang"), ("glslang_stripped_words", "glslang, debug stripped"),
                         ("glslang_opt_words", "glslang + spirv-opt -O, debug stripped")):
            L.append("| %s | %s |" % (label, "{:,.0f}".format(tot[k])))
        L.append("")
        L.append("| Entry point | oneshader | no names | valid | glslang | stripped | + spirv-opt -O | no names vs -O |")
        L.append("|---|--:|--:|---|--:|--:|--:|--:|")
        for r in both_size:
            L.append("| %s | %s | %s | %s | %s | %s | %s | %+.0f%% |" % (
                code(r["id"]), r["oneshader_words"], r["oneshader_nonames_words"], r["oneshader_valid"],
                r["glslang_words"], r["glslang_stripped_words"], r["glslang_opt_words"],
                100 * (num(r["oneshader_nonames_words"]) / num(r["glslang_opt_words"]) - 1)))
        L.append("")
    else:
        L.append("**Unavailable:** oneshader produced no SPIR-V in this run. For reference, glslang's output "
                 "over %d entry points:" % len(g_only))
        L.append("")
        if g_only:
            def tsum(k):
                return "{:,.0f}".format(sum(num(r[k]) or 0 for r in g_only))
            L.append("| glslang | debug stripped | + spirv-opt -O, debug stripped |")
            L.append("|--:|--:|--:|")
            L.append("| %s | %s | %s |" % (tsum("glslang_words"), tsum("glslang_stripped_words"),
                                           tsum("glslang_opt_words")))
        L.append("")

    # method
    scaling_doc = os.path.join(os.path.dirname(args.doc), "performance-scaling.md")
    if os.path.isfile(scaling_doc):
        L.append("## Cost against input size")
        L.append("")
        L.append("Generated inputs of 10 to 10,000 units per shape (call chains and fans, nesting, straight-line code, "
                 "resources, constant buffers, switch cases, locals, functions with early returns, struct locals, "
                 "calls the targets rewrite), to SPIR-V against glslangValidator and glslangValidator + "
                 "`spirv-opt -O`, and to MSL and WGSL: [performance-scaling.md](performance-scaling.md), from "
                 "`bench/scaling.py`.")
        L.append("")
    # Hand-written: instruction counts from bench/instructions.py, which bench/run.sh does not run.
    counts_doc = os.path.join(ROOT, "bench", "instruction_counts.md")
    if os.path.isfile(counts_doc):
        with open(counts_doc) as f:
            L += f.read().rstrip("\n").split("\n")
        L.append("")
    L.append("## Method")
    L.append("")
    L.append("Machine and tools (from [`machine.txt`](%s/machine.txt)):" % results_link)
    L.append("")
    L.append("```text")
    L += machine
    L.append("```")
    L.append("")
    L.append("- `bench/run.sh` configures and builds a Release tree (`build-release/`, `-DCMAKE_BUILD_TYPE=Release`), "
             "then runs `bench/bench.py` and this report (`bench/report.py`). With `--pgo` the tree is built with "
             "profile-guided optimization (`scripts/build-pgo.sh`: an instrumented build compiles every corpus "
             "entry point, then the measured build is optimized with that profile); the `build:` line above "
             "says which (`ONESHADER_PGO=USE`).")
    L.append("- Entry points are found as `corpus/check-glslang.sh` finds them (the `[shader(\"...\")]` attribute, "
             "the `// entry:`, `// defines:`, `// include-dirs:` and `// glslang-flags:` header directives); "
             "`corpus/spec/errors/` is skipped. `--hlsl-enable-16bit-types` for glslang is "
             "`-enable-16bit-types` for oneshader.")
    L.append("- Per process: each command is started with `posix_spawn` and reaped with `wait4`, standard output "
             "and error to `/dev/null`; the wall time is from just before the spawn to just after the reap. One "
             "untimed warm-up run of each command, then %d rounds; in every round each entry point runs "
             "oneshader and glslangValidator back to back, the order alternating between rounds and entry "
             "points. The median of each is compared; the geometric mean of the per-entry ratios summarizes."
             % info["process_runs"])
    L.append("- In process: `oneshader_compile_bench` (`bench/compile_bench.cpp`), one row per file, target and "
             "optimizer setting; the timed region is `oneshader::compile` plus destroying its result.")
    L.append("- Memory: `/usr/bin/time -v` around the same commands.")
    L.append("- Size: the outputs of the timed commands; `spirv-val --target-env vulkan1.2` checks ours.")
    L.append("- Rerun everything: `bench/run.sh` (about %s); `bench/run.sh --quick` checks the harness on 4 "
             "files in a minute or two. `bench/report.py` alone regenerates this page from `bench/results/`."
             % "a few minutes on an idle machine")
    L.append("")
    with open(args.doc, "w") as f:
        f.write("\n".join(L))
    print("report: wrote %s and %s" % (os.path.relpath(args.doc, ROOT), os.path.relpath(args.svg, ROOT)))


if __name__ == "__main__":
    main()
