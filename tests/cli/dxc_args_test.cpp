// The normaliser: DXC spellings in, one canonical form out, refusals by the name the user typed.
#include <catch2/catch.hpp>

#include <initializer_list>

#include "dxc_args.hpp"

using oneshader::cli::normalize_dxc_args;
using Args = std::vector<std::string>;

namespace {

Args normalized(std::initializer_list<std::string> argv) {
    Args in(argv);
    auto result = normalize_dxc_args(in);
    INFO(result.error.value_or(""));
    REQUIRE_FALSE(result.error);
    return result.args;
}

std::string refusal(std::initializer_list<std::string> argv) {
    Args in(argv);
    auto result = normalize_dxc_args(in);
    REQUIRE(result.error);
    return *result.error;
}

}  // namespace

TEST_CASE("values follow DXC options after a space or joined") {
    Args joined = normalized({"-Tps_6_0", "-EPSMain", "-DNAME=1", "-Iinc", "-Foout.spv", "-HV2021", "a.hlsl"});
    Args spaced = normalized({"-T", "ps_6_0", "-E", "PSMain", "-D", "NAME=1", "-I", "inc", "-Fo", "out.spv", "-HV",
                              "2021", "a.hlsl"});
    Args expected{"--T=ps_6_0", "--E=PSMain", "--D=NAME=1", "--I=inc", "--Fo=out.spv", "--HV=2021", "--", "a.hlsl"};
    CHECK(joined == expected);
    CHECK(spaced == expected);
}

TEST_CASE("a separate value is taken as is, even when it starts with a dash") {
    CHECK(normalized({"-Fo", "-odd.spv", "a.hlsl"}) == Args{"--Fo=-odd.spv", "--", "a.hlsl"});
}

TEST_CASE("DXC flags become one canonical option each") {
    CHECK(normalized({"-spirv", "-O0", "-Od", "-O1", "-O2", "-O3", "-Zpr", "-Zpc", "-WX", "-enable-16bit-types",
                      "-nologo", "-P", "-fspv-target-env=vulkan1.3"}) ==
          Args{"--spirv", "--O=0", "--O=d", "--O=1", "--O=2", "--O=3", "--Zp=r", "--Zp=c", "--WX",
               "--enable-16bit-types", "--nologo", "--P", "--fspv-target-env=vulkan1.3", "--"});
    CHECK(normalized({"-help"}) == Args{"--help", "--"});
    CHECK(normalized({"-?"}) == Args{"--help", "--"});
}

TEST_CASE("oneshader's long options take values after a space or '='") {
    CHECK(normalized({"--target", "msl", "--target=wgsl", "--reflect", "r.json", "--depfile=d.d", "--all-entries",
                      "--no-names", "a.hlsl"}) ==
          Args{"--target=msl", "--target=wgsl", "--reflect=r.json", "--depfile=d.d", "--all-entries", "--no-names",
               "--", "a.hlsl"});
    CHECK(normalized({"--version"}) == Args{"--version", "--"});
}

TEST_CASE("input files go after '--', including those after a '--' on the command line") {
    CHECK(normalized({"a.hlsl", "-T", "ps_6_0", "--", "-b.hlsl"}) == Args{"--T=ps_6_0", "--", "a.hlsl", "-b.hlsl"});
}

TEST_CASE("an option without its value is refused with an example") {
    CHECK(refusal({"a.hlsl", "-T"}) == "option '-T' needs a value, for example '-T ps_6_0'.");
    CHECK(refusal({"a.hlsl", "-Fo"}) == "option '-Fo' needs a value, for example '-Fo shader.spv'.");
    CHECK(refusal({"-E", "", "a.hlsl"}) == "option '-E' needs a value, for example '-E main'.");
    CHECK(refusal({"a.hlsl", "--target"}) == "option '--target' needs a value, for example '--target msl'.");
    CHECK(refusal({"a.hlsl", "--depfile="}) == "option '--depfile' needs a value, for example '--depfile shader.d'.");
    CHECK(refusal({"-fspv-target-env", "a.hlsl"}) ==
          "option '-fspv-target-env' needs a value, for example '-fspv-target-env=vulkan1.2'.");
}

TEST_CASE("debug info in a separate file is refused, -fspv-debug needs a category") {
    CHECK(refusal({"-Zs", "a.hlsl"}).starts_with("option '-Zs' is not supported: there is no separate debug file"));
    CHECK(refusal({"-fspv-debug", "a.hlsl"}) ==
          "option '-fspv-debug' needs a value, for example '-fspv-debug=vulkan-with-source'.");
}

TEST_CASE("the -fvk-* options oneshader does not take are refused, naming the option") {
    CHECK(refusal({"-fvk-allow-rwstructuredbuffer-arrays", "a.hlsl"}) ==
          "option '-fvk-allow-rwstructuredbuffer-arrays' is not supported. Of the -fvk-* options oneshader takes the register shifts and "
          "bindings (-fvk-b/t/u/s-shift, -fvk-bind-register, -fvk-bind-globals, -fvk-bind-resource-heap, "
          "-fvk-bind-sampler-heap, -fvk-bind-counter-heap, -fvk-auto-shift-bindings), "
          "-fvk-invert-y, -fvk-use-dx-position-w, -fvk-stage-io-order=, -fvk-support-nonzero-base-vertex/-instance and the layout flags "
          "-fvk-use-dx-layout, -fvk-use-gl-layout and -fvk-use-scalar-layout; "
          "remove it, or express it in the shader ([[vk::location]], [[vk::offset]]).");
    CHECK(refusal({"-fvk-allow-rwstructuredbuffer-arrays", "a.hlsl"}).starts_with("option '-fvk-allow-rwstructuredbuffer-arrays' is not"));
}

TEST_CASE("SPIR-V options (-fspv-*) other than the target environment are refused") {
    CHECK(refusal({"-fspv-flatten-resource-arrays", "a.hlsl"})
              .starts_with("option '-fspv-flatten-resource-arrays' is not supported. oneshader writes SPIR-V"));
    CHECK(refusal({"-fspv-flatten-resource-arrays"}).starts_with("option '-fspv-flatten-resource-arrays'"));
    CHECK(refusal({"-Fre", "a.json"}).find("--reflect") != std::string::npos);
}

TEST_CASE("other DXC options are refused by name") {
    CHECK(refusal({"-Fe", "out.txt", "a.hlsl"}) == "option '-Fe' is a DXC option oneshader does not support. Remove it.");
    CHECK(refusal({"-Feout.txt", "a.hlsl"}).starts_with("option '-Fe' is a DXC option"));
    CHECK(refusal({"-MF", "x.d"}).find("--depfile") != std::string::npos);
    CHECK(refusal({"-H"}).starts_with("option '-H' is a DXC option"));
}

TEST_CASE("options nobody knows are unknown") {
    CHECK(refusal({"-frobnicate", "a.hlsl"}) == "unknown option '-frobnicate'.");
    CHECK(refusal({"--frobnicate", "a.hlsl"}) == "unknown option '--frobnicate'.");
    CHECK(refusal({"--help=me"}) == "unknown option '--help=me'.");
    CHECK(refusal({"-O"}) == "unknown option '-O'.");
    CHECK(refusal({"-O4"}).starts_with("option '-O4' is not an optimization level."));
}

TEST_CASE("every refusal is reported at once, one a line") {
    CHECK(refusal({"-Zs", "-Fe", "x.txt", "-frobnicate", "a.hlsl", "-T"}) ==
          "option '-Zs' is not supported: there is no separate debug file; -Zi (or -fspv-debug=...) puts the debug "
          "information inside the SPIR-V module. Remove it.\n"
          "option '-Fe' is a DXC option oneshader does not support. Remove it.\n"
          "unknown option '-frobnicate'.\n"
          "option '-T' needs a value, for example '-T ps_6_0'.");
}

TEST_CASE("harmless DXC flags are accepted and change nothing") {
    CHECK(normalized({"-Wall", "-Wno-conversion", "-Wconversion", "-Ges", "-Gis", "-Gec", "-Gfa", "-Gfp",
                      "-Qunused-arguments", "-all-resources-bound", "-Vd", "-Zss", "-Zsb", "-res-may-alias", "a.hlsl"}) ==
          Args{"--", "a.hlsl"});
    // -Fd names the PDB, which a SPIR-V compile does not write; its value is not an input file.
    CHECK(normalized({"-Fd", "out.pdb", "a.hlsl"}) == Args{"--", "a.hlsl"});
    CHECK(normalized({"-Fdout.pdb", "a.hlsl"}) == Args{"--", "a.hlsl"});
    CHECK(normalized({"-WX"}) == Args{"--WX", "--"});
    // oneshader keeps every stage variable of an entry point already.
    CHECK(normalized({"-fspv-preserve-interface", "a.hlsl"}) == Args{"--", "a.hlsl"});
}

TEST_CASE("'/'-prefixed spellings are DXC options, absolute paths stay files") {
    CHECK(normalized({"/T", "ps_6_0", "/E", "main", "/Fo", "out.spv", "/Od", "/nologo", "a.hlsl"}) ==
          Args{"--T=ps_6_0", "--E=main", "--Fo=out.spv", "--O=d", "--nologo", "--", "a.hlsl"});
    CHECK(normalized({"/Tps_6_0", "/src/shaders/a.hlsl"}) == Args{"--T=ps_6_0", "--", "/src/shaders/a.hlsl"});
    CHECK(normalized({"-T", "ps_6_0", "/a.hlsl"}) == Args{"--T=ps_6_0", "--", "/a.hlsl"});
}

TEST_CASE("binding options take their separate values") {
    CHECK(normalized({"-fvk-b-shift", "100", "0", "-fvk-t-shift", "200", "all", "-fvk-u-shift", "3", "1",
                      "-fvk-s-shift", "4", "2", "a.hlsl"}) ==
          Args{"--fvk-shift=b 100 0", "--fvk-shift=t 200 all", "--fvk-shift=u 3 1", "--fvk-shift=s 4 2", "--",
               "a.hlsl"});
    CHECK(normalized({"-fvk-bind-register", "t5", "0", "1", "2", "-vkbr", "s3", "1", "3", "4", "-fvk-bind-globals",
                      "7", "8", "-fvk-auto-shift-bindings", "-auto-binding-space", "3"}) ==
          Args{"--fvk-bind-register=t5 0 1 2", "--fvk-bind-register=s3 1 3 4", "--fvk-bind-globals=7 8",
               "--fvk-auto-shift-bindings", "--auto-binding-space=3", "--"});
    CHECK(refusal({"-fvk-t-shift", "100"}) ==
          "option '-fvk-t-shift' needs 2 values, for example '-fvk-t-shift 100 0'.");
    CHECK(refusal({"-vkbr", "t0", "0", "1"}) == "option '-vkbr' needs 4 values, for example '-vkbr t5 0 1 2'.");
}

TEST_CASE("DXC's -Fh and -Vn take a value, separate or joined") {
    CHECK(normalized({"-Fh", "out.h", "-Vn", "g_ps", "a.hlsl"}) == Args{"--Fh=out.h", "--Vn=g_ps", "--", "a.hlsl"});
    CHECK(normalized({"-Fhout.h", "-Vng_ps", "a.hlsl"}) == Args{"--Fh=out.h", "--Vn=g_ps", "--", "a.hlsl"});
    CHECK(normalized({"--header", "a.hpp", "--namespace=game::shaders", "--axes", "A;B=X|Y", "--max-variants", "8"}) ==
          Args{"--header=a.hpp", "--namespace=game::shaders", "--axes=A;B=X|Y", "--max-variants=8", "--"});
}

TEST_CASE("a refused option's separate value is not taken for an input file") {
    CHECK(refusal({"-Fe", "out.txt"}) == "option '-Fe' is a DXC option oneshader does not support. Remove it.");
}
