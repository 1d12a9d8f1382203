#!/usr/bin/env python3
"""Measures OneShader against glslangValidator on every corpus entry point; writes bench/results/.

Run through bench/run.sh, which builds the Release tree first. Standard library only.

Measurements (one CSV per kind, plus machine.txt and run.json):
  process.csv    wall time per process, oneshader vs glslangValidator, interleaved, median of --runs each
  inprocess.csv  oneshader::compile per file (bench/compile_bench.cpp): median us, heap bytes per compile
  inprocess_interleaved.csv  SPIR-V alone and all three targets, the files compiled in turn (--interleave)
  memory.csv     peak resident size per process (/usr/bin/time -v, "Maximum resident set size")
  size.csv       SPIR-V words: ours with and without names, glslang, glslang + spirv-opt -O (debug stripped)
  entries.csv    the entry points and the exact command lines used
"""
import argparse
import csv
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "corpus")
QUICK_FILES = ["2d/sprite.hlsl", "3d/pbr_forward.hlsl", "compute/histogram.hlsl", "spec/Sprite.hlsl"]
STAGES = {"vertex": ("vs", "vert"), "pixel": ("ps", "frag"), "compute": ("cs", "comp")}


# ---------------------------------------------------------------------------------------------------
# Entry points and header directives: corpus/corpus_entries.py, shared with corpus/check-glslang.sh.
sys.path.insert(0, CORPUS)
import corpus_entries  # noqa: E402


def list_entries(files):
    """[(file relative to ROOT, entry, stage, defines, include dirs relative to ROOT, glslang flags)]"""
    result = []
    for e in corpus_entries.list_entries(files):
        if e["stage"] not in STAGES:
            continue
        result.append(dict(e, file=os.path.relpath(e["file"], ROOT),
                           include_dirs=[os.path.relpath(x, ROOT) for x in e["include_dirs"]]))
    return result


def hlsl_files(top):
    files = []
    errors = os.path.join(CORPUS, "spec", "errors")
    for root, _, names in os.walk(top):
        if root == errors or root.startswith(errors + os.sep):
            continue  # expected to fail
        files += [os.path.join(root, n) for n in names if n.endswith(".hlsl")]
    return files


def corpus_files(quick, paths):
    if paths:
        files = []
        for p in (os.path.abspath(p) for p in paths):
            files += hlsl_files(p) if os.path.isdir(p) else [p]
        return files
    if quick:
        return [os.path.join(CORPUS, f) for f in QUICK_FILES if os.path.isfile(os.path.join(CORPUS, f))]
    return hlsl_files(CORPUS)


def entry_id(e):
    return "%s:%s(%s)" % (os.path.relpath(e["file"], "corpus"), e["entry"], STAGES[e["stage"]][0])


def safe_name(e):
    return re.sub(r'[^A-Za-z0-9_.-]', '_', entry_id(e))


def ours_cmd(tool, e, out, names=True):
    cmd = [tool, "-T", STAGES[e["stage"]][0] + "_6_0", "-E", e["entry"]]
    cmd += ["-D" + d for d in e["defines"]] + ["-I" + i for i in e["include_dirs"]]
    if "--hlsl-enable-16bit-types" in e["glslang_flags"]:
        cmd.append("-enable-16bit-types")
    if not names:
        cmd.append("--no-names")
    return cmd + [e["file"], "-Fo", out]


def glslang_cmd(glslang, e, out):
    cmd = [glslang, "-D", "-V", "-S", STAGES[e["stage"]][1], "-e", e["entry"], "--target-env", "vulkan1.2"]
    cmd += ["-D" + d for d in e["defines"]] + ["-I" + i for i in e["include_dirs"]] + e["glslang_flags"]
    return cmd + [e["file"], "-o", out]


# ---------------------------------------------------------------------------------------------------
DEVNULL_ACTIONS = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                   (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]


def timed_run(cmd):
    """Wall time in ms from spawning the process to reaping it, and its exit code."""
    t0 = time.perf_counter_ns()
    pid = os.posix_spawn(cmd[0], cmd, os.environ, file_actions=DEVNULL_ACTIONS)
    _, status, _ = os.wait4(pid, 0)
    t1 = time.perf_counter_ns()
    return (t1 - t0) / 1e6, os.waitstatus_to_exitcode(status)


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")


def error_codes(text):
    return re.findall(r'error (OSH\d{4})', text)


def first_error(text):
    for line in text.splitlines():
        if "error" in line.lower():
            return line.strip()[:200]
    return text.strip().splitlines()[0][:200] if text.strip() else ""


def words(path):
    return os.path.getsize(path) // 4 if os.path.isfile(path) else None


def maxrss_kib(cmd):
    p = subprocess.run(["/usr/bin/time", "-v"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, errors="replace")
    m = re.search(r'Maximum resident set size \(kbytes\):\s*(\d+)', p.stderr)
    return int(m.group(1)) if m else None


def source_state():
    """The commit measured ("abc1234", with a note when src/include/tools have uncommitted changes) and the
    SHA-1 of those changes ("" when none): bench/before_after.py records the same pair, so that report.py
    can tell whether its results belong to the commit of run.json."""
    commit = run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout.strip() or "unknown"
    diff = run(["git", "-C", ROOT, "diff", "HEAD", "--", "src", "include", "tools"]).stdout
    if diff.strip():
        commit += " (with uncommitted changes in src/include/tools)"
        return commit, hashlib.sha1(diff.encode("utf-8", "replace")).hexdigest()
    return commit, ""


def log(msg):
    print(msg, flush=True)


# ---------------------------------------------------------------------------------------------------
def machine_info(args, commit):
    lines = []
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    lines.append("cpu: " + cpu)
    lines.append("cores: %d (usable by this process: %d)" % (os.cpu_count() or 0, len(os.sched_getaffinity(0))))
    try:
        with open("/proc/meminfo") as f:
            lines.append("memory: " + f.readline().split(":", 1)[1].strip())
    except OSError:
        pass
    lines.append("load average at start: %.2f %.2f %.2f" % os.getloadavg())
    lines.append("os: %s %s" % (platform.system(), platform.release()))
    build_type, compiler, pgo = "?", "c++", "OFF"
    try:
        with open(os.path.join(args.build_dir, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("CMAKE_BUILD_TYPE:"):
                    build_type = line.split("=", 1)[1].strip()
                elif line.startswith("CMAKE_CXX_COMPILER:"):
                    compiler = line.split("=", 1)[1].strip()
                elif line.startswith("ONESHADER_PGO:"):
                    pgo = line.split("=", 1)[1].strip() or "OFF"
    except OSError:
        pass
    cxx = run([compiler, "--version"]).stdout.splitlines()
    lines.append("compiler: %s (%s)" % (cxx[0] if cxx else "unknown", compiler))
    lines.append("build: CMAKE_BUILD_TYPE=%s ONESHADER_PGO=%s (%s)" % (build_type, pgo,
                                                                     os.path.relpath(args.build_dir, ROOT)))
    lines.append("glslangValidator: " + run([args.glslang, "--version"]).stdout.splitlines()[0].strip())
    lines.append("spirv-opt: " + (run([args.spirv_opt, "--version"]).stdout.splitlines() or ["?"])[0].strip())
    lines.append("python: " + platform.python_version())
    lines.append("date: " + datetime.datetime.now().astimezone().isoformat(timespec="seconds"))
    lines.append("commit: " + commit)
    lines.append("mode: " + ("quick" if args.quick else ("partial" if args.files else "full")))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build-release"))
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results"))
    ap.add_argument("--quick", action="store_true", help="a few files, few repetitions")
    ap.add_argument("--runs", type=int, help="process runs per compiler and entry point (default 15; quick 10)")
    ap.add_argument("--iters", type=int, help="in-process compiles per file (default 200; quick 20)")
    ap.add_argument("--mem-runs", type=int, help="/usr/bin/time runs per entry point (default 3; quick 1)")
    ap.add_argument("--no-instructions", action="store_true",
                    help="skip the valgrind count of every entry point per process (instructions.csv is emptied)")
    ap.add_argument("--glslang", default=shutil.which("glslangValidator"))
    ap.add_argument("--spirv-opt", default=shutil.which("spirv-opt"))
    ap.add_argument("files", nargs="*", help="corpus files or folders to measure instead of the whole corpus")
    args = ap.parse_args()
    args.files = [os.path.abspath(p) for p in args.files]  # before the chdir below
    runs = args.runs or (10 if args.quick else 15)
    iters = args.iters or (20 if args.quick else 200)
    mem_runs = args.mem_runs or (1 if args.quick else 3)
    tool = os.path.join(args.build_dir, "oneshader")
    bench = os.path.join(args.build_dir, "bench", "oneshader_compile_bench")
    for exe, what in [(tool, "oneshader"), (bench, "oneshader_compile_bench"), (args.glslang, "glslangValidator"),
                      (args.spirv_opt, "spirv-opt"), ("/usr/bin/time", "/usr/bin/time (Debian package 'time')")]:
        if not exe or not os.access(exe, os.X_OK):
            sys.exit("bench: %s not found (%s)" % (what, exe))
    os.chdir(ROOT)
    out = args.out
    tmp = os.path.join(out, "tmp")
    for d in ["ours", "ours-nonames", "glslang", "glslang-strip", "glslang-opt"]:
        os.makedirs(os.path.join(tmp, d), exist_ok=True)

    commit, diff_sha1 = source_state()
    machine = machine_info(args, commit)
    with open(os.path.join(out, "machine.txt"), "w") as f:
        f.write("\n".join(machine) + "\n")
    log("\n".join("  " + m for m in machine))

    files = corpus_files(args.quick, args.files)
    entries = list_entries(files)
    log("bench: %d entry points in %d files" % (len(entries), len(files)))

    # --- probe: one compile each, which also gives the outputs for the size table --------------------
    for e in entries:
        n = safe_name(e)
        e["ours_out"] = os.path.join(tmp, "ours", n + ".spv")
        e["glslang_out"] = os.path.join(tmp, "glslang", n + ".spv")
        for p in (e["ours_out"], e["glslang_out"]):
            if os.path.exists(p):
                os.remove(p)
        r = run(ours_cmd(tool, e, e["ours_out"]))
        e["ours_exit"] = r.returncode
        codes = error_codes(r.stdout)
        if r.returncode == 0 and os.path.isfile(e["ours_out"]):
            e["ours_status"] = "ok"
        elif codes and all(c == "OSH0005" for c in codes):
            e["ours_status"] = "front-end"  # the front end accepted it; code generation is not connected yet
        else:
            e["ours_status"] = codes[0] if codes else "exit %d" % r.returncode
        e["ours_error"] = "" if e["ours_status"] in ("ok", "front-end") else first_error(r.stdout)
        g = run(glslang_cmd(args.glslang, e, e["glslang_out"]))
        e["glslang_exit"] = g.returncode
        e["glslang_status"] = "ok" if g.returncode == 0 and os.path.isfile(e["glslang_out"]) else (
            "crash" if g.returncode < 0 or g.returncode > 128 else "error")
        e["glslang_error"] = "" if e["glslang_status"] == "ok" else first_error(g.stdout)
    ours_ok = sum(e["ours_status"] == "ok" for e in entries)
    front = sum(e["ours_status"] == "front-end" for e in entries)
    state = "full" if ours_ok else "front-end"
    log("bench: oneshader compiles %d, stops after the front end (OSH0005) on %d, fails %d; glslang compiles %d"
        % (ours_ok, front, len(entries) - ours_ok - front, sum(e["glslang_status"] == "ok" for e in entries)))
    if state == "front-end":
        log("bench: no SPIR-V from oneshader yet: per-process and in-process times measure the FRONT END only; "
            "SPIR-V sizes are unavailable")

    with open(os.path.join(out, "entries.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "file", "entry", "stage", "oneshader_command", "glslang_command"])
        for e in entries:
            w.writerow([entry_id(e), e["file"], e["entry"], e["stage"],
                        " ".join(ours_cmd("oneshader", e, "OUT.spv")),
                        " ".join(glslang_cmd("glslangValidator", e, "OUT.spv"))])

    # --- (1) per process, interleaved ---------------------------------------------------------------
    log("bench: per-process timing, %d runs per compiler and entry point, interleaved" % runs)
    times = {entry_id(e): ([], []) for e in entries}
    cmds = [(entry_id(e), ours_cmd(tool, e, e["ours_out"]), glslang_cmd(args.glslang, e, e["glslang_out"]))
            for e in entries]
    for _, oc, gc in cmds:  # one untimed warm-up of each (page cache, dynamic loader)
        timed_run(oc)
        timed_run(gc)
    for rep in range(runs):
        for i, (eid, oc, gc) in enumerate(cmds):
            order = [(0, oc), (1, gc)] if (rep + i) % 2 == 0 else [(1, gc), (0, oc)]
            for which, c in order:
                ms, _ = timed_run(c)
                times[eid][which].append(ms)
        log("  run %d/%d done" % (rep + 1, runs))
    with open(os.path.join(out, "process.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "oneshader_status", "glslang_status", "runs", "oneshader_median_ms", "oneshader_min_ms",
                    "oneshader_max_ms", "glslang_median_ms", "glslang_min_ms", "glslang_max_ms", "ratio",
                    "oneshader_error", "glslang_error"])
        for e in entries:
            o, g = times[entry_id(e)]
            om, gm = statistics.median(o), statistics.median(g)
            w.writerow([entry_id(e), e["ours_status"], e["glslang_status"], runs, "%.3f" % om, "%.3f" % min(o),
                        "%.3f" % max(o), "%.3f" % gm, "%.3f" % min(g), "%.3f" % max(g), "%.3f" % (gm / om),
                        e["ours_error"], e["glslang_error"]])

    # --- (3) memory per process ------------------------------------------------------------------------
    log("bench: peak resident size (/usr/bin/time -v), %d run(s) each" % mem_runs)
    with open(os.path.join(out, "memory.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "oneshader_status", "glslang_status", "oneshader_maxrss_kib", "glslang_maxrss_kib"])
        for e in entries:
            o = [maxrss_kib(ours_cmd(tool, e, e["ours_out"])) for _ in range(mem_runs)]
            g = [maxrss_kib(glslang_cmd(args.glslang, e, e["glslang_out"])) for _ in range(mem_runs)]
            o = [x for x in o if x is not None]
            g = [x for x in g if x is not None]
            w.writerow([entry_id(e), e["ours_status"], e["glslang_status"],
                        int(statistics.median(o)) if o else "", int(statistics.median(g)) if g else ""])

    # --- (4) output size ---------------------------------------------------------------------------------
    log("bench: output sizes")
    with open(os.path.join(out, "size.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "oneshader_status", "glslang_status", "oneshader_words", "oneshader_nonames_words",
                    "oneshader_valid", "glslang_words", "glslang_stripped_words", "glslang_opt_words", "glslang_valid",
                    "note"])
        for e in entries:
            n = safe_name(e)
            note = []
            ow = onw = valid = ""
            if e["ours_status"] == "ok":
                ow = words(e["ours_out"])
                nn = os.path.join(tmp, "ours-nonames", n + ".spv")
                run(ours_cmd(tool, e, nn, names=False))
                onw = words(nn) or ""
                v = run([shutil.which("spirv-val") or "spirv-val", "--target-env", "vulkan1.2", e["ours_out"]])
                valid = "yes" if v.returncode == 0 else "no"
                if v.returncode != 0:
                    note.append("spirv-val: " + first_error(v.stdout))
            gw = gs = go = gvalid = ""
            if e["glslang_status"] == "ok":
                gw = words(e["glslang_out"])
                # glslang 12 with --target-env vulkan1.2 still decorates storage buffers BufferBlock, which
                # SPIR-V 1.4+ forbids; spirv-opt would refuse those modules, so it skips validation.
                v = run([shutil.which("spirv-val") or "spirv-val", "--target-env", "vulkan1.2", e["glslang_out"]])
                gvalid = "yes" if v.returncode == 0 else "no"
                s = os.path.join(tmp, "glslang-strip", n + ".spv")
                r = run([args.spirv_opt, "--skip-validation", "--strip-debug", e["glslang_out"], "-o", s])
                if r.returncode == 0:
                    gs = words(s)
                else:
                    note.append("spirv-opt --strip-debug failed: " + first_error(r.stdout))
                o = os.path.join(tmp, "glslang-opt", n + ".spv")
                r = run([args.spirv_opt, "--skip-validation", "-O", "--strip-debug", e["glslang_out"], "-o", o])
                if r.returncode == 0:
                    go = words(o)
                else:
                    note.append("spirv-opt -O failed: " + first_error(r.stdout))
            w.writerow([entry_id(e), e["ours_status"], e["glslang_status"], ow, onw, valid, gw, gs, go, gvalid,
                        "; ".join(note)])

    # --- (5) text targets per process ----------------------------------------------------------------------
    # MSL and WGSL one process per entry point, beside the peer route to MSL: glslangValidator, then
    # spirv-cross --msl on its SPIR-V (two processes, timed as their sum).
    text_runs = max(3, runs // 3)
    cross = shutil.which("spirv-cross")
    log("bench: text targets per process, %d runs each%s" % (text_runs, "" if cross else " (spirv-cross missing)"))
    for d in ["ours-msl", "ours-wgsl", "cross-msl"]:
        os.makedirs(os.path.join(tmp, d), exist_ok=True)
    with open(os.path.join(out, "text_targets.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "msl_status", "msl_median_ms", "wgsl_status", "wgsl_median_ms", "spirv_median_ms",
                    "glslang_spirv_cross_status", "glslang_spirv_cross_median_ms"])
        for e in entries:
            if e["ours_status"] != "ok":
                continue
            n = safe_name(e)
            row = [entry_id(e)]
            for target, ext in [("msl", ".metal"), ("wgsl", ".wgsl")]:
                o = os.path.join(tmp, "ours-" + target, n + ext)
                c = ours_cmd(tool, e, o)
                c[1:1] = ["--target", target]
                first = run(c)
                if first.returncode != 0:
                    row += [error_codes(first.stdout)[0] if error_codes(first.stdout) else "error", ""]
                    continue
                row += ["ok", "%.3f" % statistics.median(timed_run(c)[0] for _ in range(text_runs))]
            row.append("%.3f" % statistics.median(times[entry_id(e)][0]))
            if cross and e["glslang_status"] == "ok":
                o = os.path.join(tmp, "cross-msl", n + ".metal")
                cc = [cross, "--msl", "--msl-version", "20400", e["glslang_out"], "--output", o]
                if run(cc).returncode == 0:
                    g = statistics.median(times[entry_id(e)][1])
                    row += ["ok", "%.3f" % (g + statistics.median(timed_run(cc)[0] for _ in range(text_runs)))]
                else:
                    row += ["error", ""]
            else:
                row += ["not run", ""]
            w.writerow(row)

    # --- (6) instructions per process ----------------------------------------------------------------------
    # Valgrind's instruction count is stable on a loaded machine, where wall times are not. glslang runs
    # some 100M instructions a compile, seconds under valgrind: it is counted on the quick files only.
    valgrind = None if args.no_instructions else shutil.which("valgrind")
    log("bench: instructions per process%s" % ("" if valgrind else " (--no-instructions: skipped)" if
                                                args.no_instructions else " (valgrind missing: not measured)"))
    with open(os.path.join(out, "instructions.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "oneshader_instructions", "glslang_instructions"])
        for e in entries if valgrind else []:
            counts = []
            cmds = [ours_cmd(tool, e, e["ours_out"])]
            if os.path.relpath(e["file"], CORPUS) in QUICK_FILES:
                cmds.append(glslang_cmd(args.glslang, e, e["glslang_out"]))
            for c in cmds:
                r = run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"] + c)
                m = re.search(r'Collected : (\d+)', r.stdout)
                counts.append(m.group(1) if m else "")
            w.writerow([entry_id(e)] + counts + [""] * (2 - len(counts)))

    # --- (2) in process ------------------------------------------------------------------------------------
    by_file = {}
    for e in entries:
        by_file.setdefault(e["file"], []).append(e)
    manifest = os.path.join(tmp, "manifest.tsv")
    with open(manifest, "w") as f:
        for path, es in by_file.items():
            e0 = es[0]
            # The entry points oneshader compiles (or, front end only, checks); all of them when none does,
            # so that the failure shows in the table.
            es = [e for e in es if e["ours_status"] in ("ok", "front-end")] or es
            flags = "16bit" if "--hlsl-enable-16bit-types" in e0["glslang_flags"] else ""
            f.write("\t".join([path, " ".join("%s:%s" % (e["entry"], e["stage"]) for e in es),
                               " ".join(e0["defines"]), " ".join(e0["include_dirs"]), flags]) + "\n")
    # MSL and WGSL are measured once the library produces them for some file.
    targets = ["spirv"]
    probe = run([bench, "--manifest", manifest, "--iters", "1", "--warmup", "0", "--targets", "msl,wgsl",
                 "--optimize", "on"])
    target_notes = {}
    for t in ["msl", "wgsl"]:
        rows = [r for r in csv.DictReader(probe.stdout.splitlines()) if r["target"] == t] if probe.returncode == 0 else []
        if any(r["status"] == "ok" for r in rows):
            targets.append(t)
        else:
            statuses = sorted({"OSH0005, not implemented in this build" if r["status"] == "front-end" else r["status"]
                               for r in rows}) or ["the probe failed"]
            target_notes[t] = "the library gives no output for any corpus file (%s)" % ", ".join(statuses)
    if "msl" in targets and "wgsl" in targets:
        targets.append("all")  # the three targets from one compile
    targets.append("preprocess")
    targets += ["cache", "cache-file"]  # a ShaderCompileCache hit, in memory and on disk
    log("bench: in-process, %d compiles per file and setting, targets %s" % (iters, ",".join(targets)))
    r = subprocess.run([bench, "--manifest", manifest, "--iters", str(iters), "--warmup", "3", "--targets",
                        ",".join(targets), "--optimize", "both"], stdout=subprocess.PIPE, text=True)
    if r.returncode != 0:
        sys.exit("bench: oneshader_compile_bench failed (exit %d)" % r.returncode)
    with open(os.path.join(out, "inprocess.csv"), "w") as f:
        f.write(r.stdout)
    # The same files compiled in turn (each compile follows another file's), SPIR-V alone and the three
    # targets together: a loop over one file keeps its code paths warm in the caches and branch
    # predictors, which favours one target's shorter path; a build compiles one file after another.
    interleaved = "all" in targets
    if interleaved:
        log("bench: in-process, files in turn, %d rounds, targets spirv,all" % iters)
        r = subprocess.run([bench, "--manifest", manifest, "--iters", str(iters), "--warmup", "3", "--targets",
                            "spirv,all", "--optimize", "on", "--interleave"], stdout=subprocess.PIPE, text=True)
        if r.returncode != 0:
            sys.exit("bench: oneshader_compile_bench --interleave failed (exit %d)" % r.returncode)
        with open(os.path.join(out, "inprocess_interleaved.csv"), "w") as f:
            f.write(r.stdout)

    info = {
        "mode": "quick" if args.quick else ("partial" if args.files else "full"),
        "state": state,
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "commit": commit,
        "source_diff_sha1": diff_sha1,
        "files": len(files),
        "entry_points": len(entries),
        "process_runs": runs,
        "inprocess_iterations": iters,
        "memory_runs": mem_runs,
        "inprocess_targets": targets,
        "inprocess_interleaved": interleaved,
        "target_notes": target_notes,
        "load_average_end": list(os.getloadavg()),
        "cores": os.cpu_count(),
    }
    with open(os.path.join(out, "run.json"), "w") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    log("bench: results in %s" % out)


if __name__ == "__main__":
    main()
