#!/usr/bin/env python3
"""Before and after in one run: a baseline Release tree against the current one, on the same machine,
the two trees alternating. bench/run.sh --baseline REF builds the baseline and runs this; report.py renders
bench/results/before_after.csv as the "Before and after" section of docs/performance.md.

Figures (each for the baseline tree, "before", and the current one, "after"):
  scaling    generated compute shaders from bench/scaling_inputs.py, one process per compile: chain (f_i
             calls f_(i-1)) at N=100, 1000, 4000 and fan (main calls N functions) at N=1000, 4000, with
             -O3 and -Od: wall time and peak resident size (/usr/bin/time), the best of --runs (one run
             when a compile takes over 2 s; --timeout stops a compile); valgrind's instruction count
             for the chain at N=100 and 1000; glslangValidator and glslangValidator + spirv-opt -O beside.
  process    the getting-started pixel shader (corpus/2d/sprite.hlsl, PSMain, which scripts/build.sh and
             the README compile), one process: instructions (callgrind), median wall time, peak resident
             size; glslangValidator beside. A statically linked C hello world gives the floor of a process.
  inprocess  the median corpus file's median oneshader::compile time, optimizer on and off, from
             bench/oneshader_compile_bench (bench/compare.py's interleaved measurement), over the files
             both trees compile with status ok.
Writes bench/results/before_after.csv and before_after.json (both commits, the date, the load average).
--quick drops N=4000 and repeats less. Standard library only.

Usage: bench/before_after.py --base BUILD --base-src TREE [--new BUILD] [--quick] [--runs N] [--iters N]
"""
import argparse
import csv
import datetime
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import bench  # noqa: E402  (entry points, command lines, process timing, source_state)
import compare  # noqa: E402  (the interleaved in-process measurement)
import scaling_inputs  # noqa: E402

REPEAT_MAX_S = 2.0        # a compile slower than this is run once
GETTING_STARTED = ("corpus/2d/sprite.hlsl", "PSMain")
FIELDS = ["section", "figure", "setting", "metric", "unit", "before", "after", "ratio", "before_status",
          "after_status", "glslang", "glslang_opt", "files", "note"]


def log(msg):
    print("before/after: " + msg, flush=True)


def git(*args, cwd=ROOT):
    return subprocess.run(["git", "-C", cwd] + list(args), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True).stdout.strip()


def callgrind(cmd, timeout):
    """Valgrind's instruction count of one process (callgrind's "Collected"), and a status."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        return None, "no valgrind"
    try:
        p = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace",
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    m = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        return None, "failed"
    return int(m.group(1)), "ok"


def timed(cmd, timeout):
    """(wall seconds, peak resident KiB, status) of one process. The peak is /usr/bin/time's (a small
    parent, so the child's peak is its own); the wall time is measured here, finer than time's 10 ms."""
    lock, state = threading.Lock(), {"exited": False, "killed": False}
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        t0 = time.perf_counter()
        p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", out.name] + cmd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)

        def stop():
            with lock:
                if not state["exited"]:
                    os.killpg(p.pid, signal.SIGKILL)  # time and the compiler under it
                    state["killed"] = True
        timer = threading.Timer(timeout, stop)
        timer.start()
        os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)  # exited, not yet reaped: the group stays
        t1 = time.perf_counter()
        with lock:
            state["exited"] = True
        timer.cancel()
        p.wait()
        if state["killed"]:
            return None, None, "timeout (%g s)" % timeout
        fields = out.read().split()
    peak = int(fields[-1]) if fields and fields[-1].isdigit() else None
    if p.returncode != 0 or peak is None:
        return None, None, "failed"
    return t1 - t0, peak, "ok"


def ratio(before, after):
    return "%.4f" % (after / before) if before and after is not None else ""


# ---------------------------------------------------------------------------------------------------
def measure_scaling(args, tools, work, rows):
    sizes = [("chain", 100), ("chain", 1000), ("chain", 4000), ("fan", 1000), ("fan", 4000)]
    if args.quick:
        sizes = [s for s in sizes if s[1] < 4000]
    counted = {("chain", 100), ("chain", 1000)}
    glslang, spirv_opt = shutil.which("glslangValidator"), shutil.which("spirv-opt")
    for shape, n in sizes:
        src = os.path.join(work, "%s%d.hlsl" % (shape, n))
        with open(src, "w") as f:
            f.write(scaling_inputs.SHAPES[shape](n))
        out = os.path.join(work, "out.spv")
        plans = {}
        for opt in ("-O3", "-Od"):
            for tree in ("before", "after"):
                plans[(tree, opt)] = [[tools[tree], "-T", "cs_6_0", "-E", "main", opt, src, "-Fo", out]]
        g = [glslang, "-V", "-D", "-e", "main", "-S", "comp", src, "-o", out + ".g"] if glslang else None
        if g:
            plans[("glslang", "")] = [g]
            if spirv_opt:
                plans[("glslang_opt", "")] = [g, [spirv_opt, "-O", out + ".g", "-o", out + ".go"]]
        results = {k: [] for k in plans}  # (seconds, KiB) per run; a status string when a run failed
        for r in range(args.runs):
            keys = list(plans)
            if r % 2:  # alternate which tree goes first
                keys = [k for pair in zip(keys[1::2], keys[0::2]) for k in pair] + keys[len(keys) // 2 * 2:]
            for k in keys:
                got = results[k]
                if got and (isinstance(got[-1], str) or min(x[0] for x in got) > REPEAT_MAX_S):
                    continue
                secs, peak, status = 0.0, 0, "ok"
                for cmd in plans[k]:
                    s, m, st = timed(cmd, args.timeout)
                    if st != "ok":
                        status = st
                        break
                    secs, peak = secs + s, max(peak, m)
                got.append((secs, peak) if status == "ok" else status)
        best = {}
        for k, got in results.items():
            if got and isinstance(got[-1], str):
                best[k] = (None, None, got[-1])
            else:
                best[k] = (min(x[0] for x in got), min(x[1] for x in got), "ok")
        figure = "%s N=%d" % (shape, n)
        line = []
        for opt in ("-O3", "-Od"):
            b, a = best[("before", opt)], best[("after", opt)]
            gl, go = best.get(("glslang", ""), (None, None, "missing")), best.get(("glslang_opt", ""),
                                                                                  (None, None, "missing"))
            for i, (metric, unit) in enumerate((("time", "s"), ("peak", "KiB"))):
                def val(x):
                    return "" if x[i] is None else ("%.3f" % x[i] if i == 0 else "%d" % x[i])
                rows.append({"section": "scaling", "figure": figure, "setting": opt, "metric": metric, "unit": unit,
                             "before": val(b), "after": val(a), "ratio": ratio(b[i], a[i]),
                             "before_status": b[2], "after_status": a[2],
                             "glslang": val(gl) if gl[2] == "ok" else gl[2],
                             "glslang_opt": val(go) if go[2] == "ok" else go[2]})
            line.append("%s %s -> %s" % (opt, "%.3fs" % b[0] if b[0] is not None else b[2],
                                         "%.3fs" % a[0] if a[0] is not None else a[2]))
        log("%-11s %s; glslang %s, + spirv-opt %s" % (figure, ", ".join(line), *(
            "%.3fs" % best[k][0] if k in best and best[k][0] is not None else best.get(k, (0, 0, "missing"))[2]
            for k in (("glslang", ""), ("glslang_opt", "")))))
        if (shape, n) in counted:
            for opt in ("-O3", "-Od"):
                counts = {}
                for tree in ("before", "after"):
                    counts[tree] = callgrind(plans[(tree, opt)][0], args.valgrind_timeout)
                b, a = counts["before"], counts["after"]
                rows.append({"section": "scaling", "figure": figure, "setting": opt, "metric": "instructions",
                             "unit": "instructions", "before": b[0] or "", "after": a[0] or "",
                             "ratio": ratio(b[0], a[0]), "before_status": b[1], "after_status": a[1]})
                log("%-11s %s instructions %s -> %s" % (figure, opt, b[0] or b[1], a[0] or a[1]))


def measure_process(args, tools, work, rows, info):
    path, entry = GETTING_STARTED
    es = [e for e in bench.list_entries([os.path.join(ROOT, path)]) if e["entry"] == entry]
    if not es:
        log("%s has no entry point %s: the getting-started figures are skipped" % (path, entry))
        return
    e = es[0]
    out = os.path.join(work, "gs.spv")
    cmds = {t: bench.ours_cmd(tools[t], e, out) for t in ("before", "after")}
    glslang = shutil.which("glslangValidator")
    gcmd = bench.glslang_cmd(glslang, e, out + ".g") if glslang else None
    figure = "%s %s (%s)" % (os.path.relpath(path, "corpus"), entry, bench.STAGES[e["stage"]][0])
    status = {t: "ok" if bench.run(c).returncode == 0 else "failed" for t, c in cmds.items()}
    counts = {t: callgrind(c, args.valgrind_timeout) for t, c in cmds.items()}
    gcount = callgrind(gcmd, args.valgrind_timeout) if gcmd else (None, "missing")
    rows.append({"section": "process", "figure": figure, "setting": "", "metric": "instructions",
                 "unit": "instructions", "before": counts["before"][0] or "", "after": counts["after"][0] or "",
                 "ratio": ratio(counts["before"][0], counts["after"][0]), "before_status": counts["before"][1],
                 "after_status": counts["after"][1], "glslang": gcount[0] or gcount[1]})
    times = {"before": [], "after": [], "glslang": []}
    for t in ("before", "after"):
        bench.timed_run(cmds[t])  # warm-up
    for r in range(args.process_runs):
        order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
        for t in order:
            times[t].append(bench.timed_run(cmds[t])[0])
        if gcmd and r < max(3, args.process_runs // 3):
            times["glslang"].append(bench.timed_run(gcmd)[0])
    med = {t: statistics.median(v) if v else None for t, v in times.items()}
    rows.append({"section": "process", "figure": figure, "setting": "", "metric": "time", "unit": "ms",
                 "before": "%.3f" % med["before"], "after": "%.3f" % med["after"],
                 "ratio": ratio(med["before"], med["after"]), "before_status": status["before"],
                 "after_status": status["after"], "glslang": "%.3f" % med["glslang"] if med["glslang"] else "",
                 "note": "median of %d processes each (glslangValidator: %d)" % (args.process_runs,
                                                                                  len(times["glslang"]))})
    peaks = {}
    for t, c in list(cmds.items()) + ([("glslang", gcmd)] if gcmd else []):
        v = [x for x in (bench.maxrss_kib(c) for _ in range(args.mem_runs)) if x is not None]
        peaks[t] = int(statistics.median(v)) if v else None
    rows.append({"section": "process", "figure": figure, "setting": "", "metric": "peak", "unit": "KiB",
                 "before": peaks["before"] or "", "after": peaks["after"] or "",
                 "ratio": ratio(peaks["before"], peaks["after"]), "before_status": status["before"],
                 "after_status": status["after"], "glslang": peaks.get("glslang") or ""})
    log("%s: instructions %s -> %s, %.2f -> %.2f ms, %s -> %s KiB" % (
        figure, counts["before"][0], counts["after"][0], med["before"], med["after"], peaks["before"],
        peaks["after"]))
    # The floor of any process: a statically linked C hello world (the oneshader executable is static too).
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc:
        c_src, exe = os.path.join(work, "hello.c"), os.path.join(work, "hello")
        with open(c_src, "w") as f:
            f.write('#include <stdio.h>\nint main(void) { puts("hello, world"); return 0; }\n')
        if subprocess.run([cc, "-O2", "-static", c_src, "-o", exe], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0:
            n, st = callgrind([exe], args.valgrind_timeout)
            t = statistics.median(bench.timed_run([exe])[0] for _ in range(args.process_runs))
            info["hello_world"] = {"instructions": n, "status": st, "time_ms": round(t, 3)}
            log("static hello world: %s instructions, %.2f ms" % (n, t))


def measure_inprocess(args, tools_dirs, work, rows, info):
    entries = compare.corpus_entries(ROOT)
    manifest = os.path.join(work, "manifest.tsv")
    total = compare.write_manifest(entries, manifest)
    res = compare.inprocess(tools_dirs["before"], tools_dirs["after"], manifest, args.iters, rounds=2, log=log)
    info["inprocess_left_out"] = {opt: {"before": [os.path.relpath(f, ROOT) for f in res[opt]["failed"]["base"]],
                                        "after": [os.path.relpath(f, ROOT) for f in res[opt]["failed"]["new"]]}
                                  for opt in ("on", "off")}
    for opt in ("on", "off"):
        r = res[opt]
        rows.append({"section": "inprocess", "figure": "median corpus file", "setting": "optimizer " + opt,
                     "metric": "time", "unit": "us", "before": "%.2f" % r["base_us"] if r["files"] else "",
                     "after": "%.2f" % r["new_us"] if r["files"] else "",
                     "ratio": ratio(r.get("base_us"), r.get("new_us")), "before_status": "ok" if r["files"] else
                     "none", "after_status": "ok" if r["files"] else "none", "files": "%d/%d" % (r["files"], total),
                     "note": ("median per-file after/before %.4f; " % r["ratio"] if r["files"] else "") +
                     "left out: %d failed before, %d failed after" % (len(r["failed"]["base"]),
                                                                      len(r["failed"]["new"]))})
        if r["files"]:
            log("in process, optimizer %s: %.1f -> %.1f us (median file of the %d of %d files both compile)" % (
                opt, r["base_us"], r["new_us"], r["files"], total))
    return res


# ---------------------------------------------------------------------------------------------------
def pgo_setting(build_dir):
    """The tree's ONESHADER_PGO (OFF where the option is unset or older than the option)."""
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("ONESHADER_PGO:"):
                    return line.split("=", 1)[1].strip() or "OFF"
    except OSError:
        pass
    return "OFF"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True, help="the baseline's Release build folder")
    ap.add_argument("--base-src", required=True, help="the baseline's source tree (a git worktree)")
    ap.add_argument("--base-ref", help="the revision as given (for the page)")
    ap.add_argument("--new", default=os.path.join(ROOT, "build-release"), help="the current Release build folder")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results"))
    ap.add_argument("--quick", action="store_true", help="no N=4000, fewer repetitions")
    ap.add_argument("--runs", type=int, help="runs per generated input and tree (default 3; quick 1)")
    ap.add_argument("--process-runs", type=int, help="processes per tree for the time (default 21; quick 7)")
    ap.add_argument("--mem-runs", type=int, help="/usr/bin/time runs for the peak (default 3; quick 1)")
    ap.add_argument("--iters", type=int, help="in-process compiles per file and round (default 100; quick 10)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds before one compile is stopped")
    ap.add_argument("--valgrind-timeout", type=float, default=600.0)
    args = ap.parse_args()
    args.runs = args.runs or (1 if args.quick else 3)
    args.process_runs = args.process_runs or (7 if args.quick else 21)
    args.mem_runs = args.mem_runs or (1 if args.quick else 3)
    args.iters = args.iters or (10 if args.quick else 100)
    dirs = {"before": os.path.abspath(args.base), "after": os.path.abspath(args.new)}
    tools = {t: os.path.join(d, "oneshader") for t, d in dirs.items()}
    for t, d in dirs.items():
        for exe in (tools[t], os.path.join(d, "bench", "oneshader_compile_bench")):
            if not os.access(exe, os.X_OK):
                sys.exit("before/after: %s is missing (bench/run.sh builds it)" % exe)
    os.chdir(ROOT)
    start = time.time()
    after_commit, diff_sha1 = bench.source_state()
    info = {
        "mode": "quick" if args.quick else "full",
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "before_ref": args.base_ref or "",
        "before_commit": git("rev-parse", "HEAD", cwd=args.base_src),
        "before_short": git("rev-parse", "--short", "HEAD", cwd=args.base_src),
        "before_subject": git("log", "-1", "--format=%s", cwd=args.base_src),
        "before_date": git("log", "-1", "--format=%cI", cwd=args.base_src),
        "after_commit": after_commit,
        "after_full": git("rev-parse", "HEAD"),
        "after_subject": git("log", "-1", "--format=%s"),
        "source_diff_sha1": diff_sha1,
        "before_build": os.path.relpath(dirs["before"], ROOT),
        "after_build": os.path.relpath(dirs["after"], ROOT),
        "before_pgo": pgo_setting(dirs["before"]),
        "after_pgo": pgo_setting(dirs["after"]),
        "runs": args.runs, "process_runs": args.process_runs, "mem_runs": args.mem_runs, "iters": args.iters,
        "timeout_s": args.timeout, "repeat_max_s": REPEAT_MAX_S,
        "cores": os.cpu_count(),
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
    }
    log("before %s (%s), after %s; load average %.2f" % (info["before_short"], info["before_subject"][:60],
                                                         after_commit, info["load_average_start"][0]))
    rows = []
    work = tempfile.mkdtemp(prefix="oneshader-before-after-")
    seconds = {}
    try:
        t0 = time.time()
        measure_inprocess(args, dirs, work, rows, info)
        seconds["inprocess"] = round(time.time() - t0)
        t0 = time.time()
        measure_process(args, tools, work, rows, info)
        seconds["process"] = round(time.time() - t0)
        t0 = time.time()
        measure_scaling(args, tools, work, rows)
        seconds["scaling"] = round(time.time() - t0)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    info["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    info["seconds"] = dict(seconds, total=round(time.time() - start))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "before_after.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: r.get(k, "") for k in FIELDS})
    with open(os.path.join(args.out, "before_after.json"), "w") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    log("wrote before_after.csv and before_after.json in %s (%d s)" % (os.path.relpath(args.out, ROOT),
                                                                        info["seconds"]["total"]))


if __name__ == "__main__":
    main()
