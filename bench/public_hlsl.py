#!/usr/bin/env python3
"""Compiles a set of public HLSL shaders with oneshader the way their projects call `dxc -spirv`, validates
every output with spirv-val, and reports what compiled and validated, what compiled but is invalid (a bug), and
what was refused, grouped by the first diagnostic code.

The shaders are third-party files, not part of this repository: fetch them into a folder and describe them with a
manifest, one entry point per line:

    <path relative to --root> <profile> <entry> [more DXC options...]

Lines starting with '#' are comments. `--make-manifest sascha-willems` writes the manifest of the HLSL shaders of
SaschaWillems/Vulkan (shaders/hlsl) found under --root, with the options its compileshaders.py passes to DXC.

    bench/public_hlsl.py --root DIR --manifest FILE --tool build/oneshader [--markdown]
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

# SaschaWillems/Vulkan shaders/hlsl/compileshaders.py: the profile per extension and the extensions it allows.
SASCHA_PROFILES = {".vert": "vs_6_1", ".frag": "ps_6_4", ".comp": "cs_6_1"}
SASCHA_EXTENSIONS = ["SPV_KHR_ray_tracing", "SPV_KHR_multiview", "SPV_KHR_shader_draw_parameters",
                     "SPV_EXT_descriptor_indexing", "SPV_KHR_ray_query", "SPV_KHR_fragment_shading_rate"]


def make_sascha_manifest(root):
    lines = ["# SaschaWillems/Vulkan shaders/hlsl: vertex, pixel and compute shaders, with compileshaders.py's options"]
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            ext = os.path.splitext(name)[1]
            if ext not in SASCHA_PROFILES:
                continue
            path = os.path.relpath(os.path.join(folder, name), root)
            options = ["-fspv-extension=" + e for e in SASCHA_EXTENSIONS]
            if os.path.basename(folder) == "debugprintf":
                options.append("-fspv-extension=SPV_KHR_non_semantic_info")
            lines.append(" ".join([path, SASCHA_PROFILES[ext], "main"] + options))
    return "\n".join(lines) + "\n"


def read_manifest(path):
    entries = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            words = line.split()
            entries.append({"path": words[0], "profile": words[1], "entry": words[2], "options": words[3:]})
    return entries


def target_env(options):
    for o in options:
        if o.startswith("-fspv-target-env="):
            return o.split("=", 1)[1]
    return "vulkan1.2"  # oneshader's default


def run_one(tool, root, e, scratch):
    out = os.path.join(scratch, "out.spv")
    if os.path.exists(out):
        os.remove(out)
    cmd = [tool, "-spirv", "-T", e["profile"], "-E", e["entry"]] + e["options"] + [os.path.join(root, e["path"]),
                                                                                   "-Fo", out]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    text = (r.stdout + r.stderr).strip()
    if r.returncode != 0 or not os.path.exists(out):
        m = re.search(r"error (OSH\d+): (.*)", text)
        code = m.group(1) if m else "no code"
        message = m.group(2) if m else (text.splitlines()[0] if text else "no output, exit status %d" % r.returncode)
        return "refused", code, message
    env = target_env(e["options"])
    val = ["spirv-val", "--target-env", env]
    if env == "vulkan1.0":
        val.append("--relax-block-layout")  # DXC's buffer layouts, as its own output needs
    v = subprocess.run(val + [out], capture_output=True, text=True)
    if v.returncode != 0:
        return "invalid", "spirv-val", (v.stdout + v.stderr).strip().splitlines()[0]
    return "valid", "", ""


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--root", required=True, help="the folder the manifest's paths are relative to")
    p.add_argument("--manifest", help="the manifest to read")
    p.add_argument("--tool", help="the oneshader executable")
    p.add_argument("--make-manifest", choices=["sascha-willems"], help="print a manifest for --root and exit")
    p.add_argument("--markdown", action="store_true", help="print the per-entry table as Markdown")
    args = p.parse_args()
    if args.make_manifest:
        sys.stdout.write(make_sascha_manifest(args.root))
        return 0
    if not args.manifest or not args.tool:
        p.error("--manifest and --tool are needed unless --make-manifest is given")
    entries = read_manifest(args.manifest)
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        for e in entries:
            status, code, message = run_one(os.path.abspath(args.tool), args.root, e, scratch)
            results.append((e, status, code, message))
    counts = collections.Counter(status for _, status, _, _ in results)
    by_code = collections.defaultdict(list)
    for e, status, code, message in results:
        if status == "refused":
            by_code[code].append((e, message))
    if args.markdown:
        print("| shader | profile | result |")
        print("|---|---|---|")
        for e, status, code, message in results:
            result = "valid" if status == "valid" else "%s: %s %s" % (status, code, message.replace("|", "\\|"))
            print("| `%s` | %s | %s |" % (e["path"], e["profile"], result))
        print()
    else:
        for e, status, code, message in results:
            print("%-8s %-60s %s %s" % (status, e["path"], code, message))
        print()
    print("%d entry points: %d compiled and valid, %d compiled but invalid, %d refused" %
          (len(results), counts["valid"], counts["invalid"], counts["refused"]))
    for code, items in sorted(by_code.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print("  %s: %d (e.g. %s: %s)" % (code, len(items), items[0][0]["path"], items[0][1]))
    return 1 if counts["invalid"] else 0


if __name__ == "__main__":
    sys.exit(main())
