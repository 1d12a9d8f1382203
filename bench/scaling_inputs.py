#!/usr/bin/env python3
"""Generated HLSL inputs that grow along one axis each, for bench/scaling.py (standard library only).

Each shape is a compute shader of `n` units that both OneShader and glslangValidator accept:
  chain     f_i calls f_(i-1), each with an `if` and a sin/cos (inlining depth)
  fan       main calls n small functions once each (inlining breadth)
  nesting   n nested `if`s, 10 deep per level of braces group (control-flow depth)
  straight  n statements of arithmetic in one block (long straight-line code)
  resources n structured buffers, each read once (many bindings)
  cbuffer   one constant buffer of n float4 members, all read (large layouts)
  switch    one switch of n cases (big switch statements)
  locals    n local variables, each stored and read (mem2reg and friends)
  returns   main calls n functions with two early returns each (inlining bodies of several exits)
  structs   n struct types, a local of each written and read (scalar replacement of aggregates)
  rewrites  n calls that the targets rewrite in place (sign of a uint, mad) in one block

Usage: bench/scaling_inputs.py SHAPE N [OUT.hlsl]   (prints to standard output without OUT)
"""
import sys

HEADER = "RWStructuredBuffer<float> Out : register(u0);\n"
MAIN = "[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {\n%s}\n"


def chain(n):
    s = [HEADER, "float f0(float x) { return x; }\n"]
    for i in range(1, n + 1):
        s.append("float f%d(float x) { float y = f%d(x * 1.01); if (y > %d.0) y = sin(y); else y = cos(y); "
                 "return y + 1.0; }\n" % (i, i - 1, i))
    s.append(MAIN % ("    Out[id.x] = f%d(Out[id.x]);\n" % n))
    return "".join(s)


def fan(n):
    s = [HEADER]
    for i in range(n):
        s.append("float g%d(float x) { float y = x * 1.01; if (y > %d.0) y = sin(y); else y = cos(y); "
                 "return y + 1.0; }\n" % (i, i))
    body = "    float v = Out[id.x];\n" + "".join("    v += g%d(v);\n" % i for i in range(n)) + "    Out[id.x] = v;\n"
    s.append(MAIN % body)
    return "".join(s)


def nesting(n):
    # Braces nest at most 64 deep (a language limit): deeper levels chain as else-if.
    body = ["    float v = Out[id.x];\n"]
    depth = 0
    for i in range(n):
        if depth < 60:
            body.append("    if (v > %d.0) {\n        v = v * 0.5 + %d.0;\n" % (i, i))
            depth += 1
        else:
            body.append("    v = v > %d.0 ? v - 1.0 : v + 1.0;\n" % i)
    body.append("    }\n" * depth)
    body.append("    Out[id.x] = v;\n")
    return HEADER + MAIN % "".join(body)


def straight(n):
    body = ["    float a = Out[id.x], b = Out[id.x + 1];\n"]
    for i in range(n):
        body.append("    a = a * b + %d.0; b = b - a * 0.5;\n" % (i % 97))
    body.append("    Out[id.x] = a + b;\n")
    return HEADER + MAIN % "".join(body)


def resources(n):
    s = [HEADER]
    for i in range(n):
        s.append("StructuredBuffer<float> In%d : register(t%d);\n" % (i, i))
    body = "    float v = 0.0;\n" + "".join("    v += In%d[id.x];\n" % i for i in range(n)) + "    Out[id.x] = v;\n"
    s.append(MAIN % body)
    return "".join(s)


def cbuffer(n):
    s = [HEADER, "cbuffer Params : register(b0) {\n"]
    for i in range(n):
        s.append("    float4 p%d;\n" % i)
    s.append("};\n")
    body = "    float4 v = 0;\n" + "".join("    v += p%d;\n" % i for i in range(n)) + "    Out[id.x] = v.x + v.y + v.z + v.w;\n"
    s.append(MAIN % body)
    return "".join(s)


def switch(n):
    body = ["    float v = Out[id.x];\n    switch (id.x) {\n"]
    for i in range(n):
        body.append("    case %d: v = v * %d.0 + 1.0; break;\n" % (i, i % 13 + 1))
    body.append("    default: v = 0.0; break;\n    }\n    Out[id.x] = v;\n")
    return HEADER + MAIN % "".join(body)


def locals_(n):
    body = ["    float s = Out[id.x];\n"]
    for i in range(n):
        body.append("    float l%d = s * %d.0;\n" % (i, i % 11 + 1))
    body.append("    s = 0.0;\n")
    for i in range(n):
        body.append("    s += l%d;\n" % i)
    body.append("    Out[id.x] = s;\n")
    return HEADER + MAIN % "".join(body)


def returns(n):
    s = [HEADER]
    for i in range(n):
        s.append("float r%d(float x) { if (x > %d.0) return x; if (x < -%d.0) return -x; return x * 0.5; }\n" % (i, i, i))
    body = "    float v = Out[id.x];\n" + "".join("    v = r%d(v);\n" % i for i in range(n)) + "    Out[id.x] = v;\n"
    s.append(MAIN % body)
    return "".join(s)


def structs(n):
    s = [HEADER]
    for i in range(n):
        s.append("struct S%d { float a; float4 b; int c[3]; };\n" % i)
    body = ["    float v = 0.0;\n"]
    for i in range(n):
        body.append("    { S%d s; s.a = Out[%d]; s.b = s.a; s.c[id.x %% 3] = %d; v += s.b.y + s.c[0]; }\n" % (i, i, i))
    body.append("    Out[id.x] = v;\n")
    s.append(MAIN % "".join(body))
    return "".join(s)


def rewrites(n):
    body = ["    float v = Out[id.x];\n    int k = 0;\n    uint u = asuint(v);\n"]
    for i in range(n):
        body.append("    k += sign(u * %du); v = mad(v, 1.5, %d.0);\n" % (i + 3, i % 13))
    body.append("    Out[id.x] = v + float(k);\n")
    return HEADER + MAIN % "".join(body)


SHAPES = {
    "chain": chain, "fan": fan, "nesting": nesting, "straight": straight, "resources": resources,
    "cbuffer": cbuffer, "switch": switch, "locals": locals_, "returns": returns, "structs": structs,
    "rewrites": rewrites,
}


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in SHAPES:
        sys.exit("usage: scaling_inputs.py {%s} N [OUT.hlsl]" % ",".join(SHAPES))
    text = SHAPES[sys.argv[1]](int(sys.argv[2]))
    if len(sys.argv) == 4:
        with open(sys.argv[3], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
