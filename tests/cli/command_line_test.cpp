// The option model: a DXC-style command line to a checked Request with its CompileOptions.
#include <catch2/catch.hpp>

#include <initializer_list>

#include "command_line.hpp"

using namespace oneshader;
using namespace oneshader::cli;

namespace {

Request parsed(std::initializer_list<std::string> argv) {
    std::vector<std::string> in(argv);
    auto result = parse_command_line(in);
    if (auto* e = std::get_if<CommandLineError>(&result)) FAIL(e->message);
    return std::get<Request>(result);
}

std::string refused(std::initializer_list<std::string> argv) {
    std::vector<std::string> in(argv);
    auto result = parse_command_line(in);
    REQUIRE(std::holds_alternative<CommandLineError>(result));
    return std::get<CommandLineError>(result).message;
}

}  // namespace

TEST_CASE("profile and entry point come from -T and -E") {
    Request r = parsed({"-T", "ps_6_2", "-E", "PSMain", "a.hlsl"});
    CHECK(r.mode == Mode::Compile);
    CHECK(r.input == "a.hlsl");
    REQUIRE(r.options.profile);
    CHECK(r.options.profile->stage == Stage::Pixel);
    CHECK(r.options.profile->minor == 2);
    REQUIRE(r.options.entry_points.size() == 1);
    CHECK(r.options.entry_points[0].name == "PSMain");
    CHECK(r.options.entry_points[0].stage == Stage::Pixel);
}

TEST_CASE("with -T and no -E the entry point is main") {
    Request r = parsed({"-Tcs_5_1", "a.hlsl"});
    REQUIRE(r.options.entry_points.size() == 1);
    CHECK(r.options.entry_points[0].name == "main");
    CHECK(r.options.entry_points[0].stage == Stage::Compute);
}

TEST_CASE("without -T every entry point is compiled, for SPIR-V, optimized, with names") {
    Request r = parsed({"a.hlsl"});
    CHECK_FALSE(r.options.profile);
    CHECK(r.options.entry_points.empty());
    CHECK(r.options.targets == std::vector<Target>{Target::SpirV});
    CHECK(r.options.optimize);
    CHECK(r.options.keep_names);
    CHECK_FALSE(r.options.warnings_as_errors);
    CHECK_FALSE(r.options.enable_16bit_types);
    CHECK(r.options.default_matrix_packing == MatrixPacking::ColumnMajor);
    CHECK_FALSE(r.output);
    CHECK(parsed({"--all-entries", "a.hlsl"}).options.entry_points.empty());
}

TEST_CASE("defines and include folders keep their order, and a define without a value has none") {
    Request r = parsed({"-DA", "-D", "B=2", "-DC=", "-Iinc", "-I", "more", "a.hlsl"});
    REQUIRE(r.options.defines.size() == 3);
    CHECK(r.options.defines[0].name == "A");
    CHECK_FALSE(r.options.defines[0].value);
    CHECK(r.options.defines[1].name == "B");
    CHECK(r.options.defines[1].value == "2");
    CHECK(r.options.defines[2].name == "C");
    CHECK(r.options.defines[2].value == "");
    CHECK(r.options.include_directories == std::vector<std::string>{"inc", "more"});
}

TEST_CASE("values keep every '=' after the option's own, switches may repeat, and '--' ends the options") {
    Request r = parsed({"-D", "A=B=C", "-fspv-extension=SPV_KHR_x=1", "-WX", "-WX", "--verify-ir", "--verify-ir",
                        "-E", "first", "-E", "second", "-T", "ps_6_0", "--", "-odd-name.hlsl"});
    REQUIRE(r.options.defines.size() == 1);
    CHECK(r.options.defines[0].name == "A");
    CHECK(r.options.defines[0].value == "B=C");
    CHECK(r.options.spirv.extensions == std::vector<std::string>{"SPV_KHR_x=1"});
    CHECK(r.options.warnings_as_errors);
    CHECK(r.options.verify_ir);
    REQUIRE(r.options.entry_points.size() == 1);
    CHECK(r.options.entry_points[0].name == "second");
    CHECK(r.input == "-odd-name.hlsl");
    CHECK(refused({"--namespace", "a::b", "a.hlsl"}) == "--namespace shapes the generated C++ header; add --header <file.hpp>.");
}

TEST_CASE("optimization level: the last one wins") {
    CHECK_FALSE(parsed({"-O0", "a.hlsl"}).options.optimize);
    CHECK_FALSE(parsed({"-Od", "a.hlsl"}).options.optimize);
    CHECK(parsed({"-O1", "a.hlsl"}).options.optimize);
    CHECK(parsed({"-O0", "-O3", "a.hlsl"}).options.optimize);
    CHECK_FALSE(parsed({"-O3", "-Od", "a.hlsl"}).options.optimize);
}

TEST_CASE("matrix packing: the last of -Zpr and -Zpc wins") {
    CHECK(parsed({"-Zpr", "a.hlsl"}).options.default_matrix_packing == MatrixPacking::RowMajor);
    CHECK(parsed({"-Zpr", "-Zpc", "a.hlsl"}).options.default_matrix_packing == MatrixPacking::ColumnMajor);
}

TEST_CASE("flags map to their CompileOptions fields") {
    Request r = parsed({"-WX", "-enable-16bit-types", "--no-names", "-nologo", "-HV", "202x",
                        "-fspv-target-env=vulkan1.2", "a.hlsl"});
    CHECK(r.options.warnings_as_errors);
    CHECK(r.options.enable_16bit_types);
    CHECK_FALSE(r.options.keep_names);
}

TEST_CASE("targets: repeatable, -spirv counts as one, repeats collapse") {
    Request r = parsed({"--target", "msl", "-spirv", "--target=wgsl", "--target", "msl", "-Fo", "x", "a.hlsl"});
    CHECK(r.options.targets == std::vector<Target>{Target::SpirV, Target::Msl, Target::Wgsl});
    CHECK(parsed({"--target", "wgsl", "a.hlsl"}).options.targets == std::vector<Target>{Target::Wgsl});
}

TEST_CASE("preprocess-only mode, where -Fi wins over -Fo for the output") {
    Request r = parsed({"-P", "a.hlsl", "-Fo", "o.i", "-Fi", "p.i", "-T", "vs_6_0"});
    CHECK(r.mode == Mode::Preprocess);
    CHECK(r.output == "p.i");
    CHECK(r.options.profile);
    CHECK(parsed({"-P", "a.hlsl", "-Fo", "o.i"}).output == "o.i");
    CHECK_FALSE(parsed({"-P", "a.hlsl"}).output);
}

TEST_CASE("syntax-only mode: several targets and --reflect allowed, no -Fo, its depfile names the JSON") {
    Request r = parsed({"--syntax-only", "--target", "msl", "--target", "wgsl", "a.hlsl"});
    CHECK(r.mode == Mode::SyntaxOnly);
    CHECK_FALSE(r.output);
    Request t = parsed({"--syntax-only", "-T", "ps_6_0", "-E", "PSMain", "--reflect", "a.json", "--depfile", "a.d", "a.hlsl"});
    CHECK(t.mode == Mode::SyntaxOnly);
    CHECK(t.reflect == "a.json");
    CHECK(t.options.entry_points.size() == 1);
    CHECK(refused({"--syntax-only", "a.hlsl", "-Fo", "a.spv"}).starts_with("--syntax-only writes no shader"));
    CHECK(refused({"--syntax-only", "--depfile", "a.d", "a.hlsl"}).starts_with("--depfile with --syntax-only needs --reflect"));
    CHECK(refused({"--syntax-only", "-P", "a.hlsl"}).starts_with("-P, --dump-ir and --syntax-only cannot be combined"));
    CHECK(refused({"--syntax-only", "--dump-ir", "a.hlsl"}).starts_with("-P, --dump-ir and --syntax-only cannot be combined"));
}

TEST_CASE("help and version requests win over everything else") {
    CHECK(parsed({"--help"}).mode == Mode::Help);
    CHECK(parsed({"a.hlsl", "b.hlsl", "--version"}).mode == Mode::Version);
    CHECK(parsed({"-?"}).mode == Mode::Help);
}

TEST_CASE("unsupported profiles are refused, naming the stage") {
    CHECK(refused({"-T", "gs_6_0", "a.hlsl"}) ==
          "-T gs_6_0 is a geometry shader profile, which oneshader does not compile. Use vs_6_x, ps_6_x or cs_6_x; "
          "geometry, tessellation, mesh and library profiles are not supported.");
    CHECK(refused({"-T", "hs_6_0", "a.hlsl"}).starts_with("-T hs_6_0 is a hull shader profile"));
    CHECK(refused({"-T", "ds_6_0", "a.hlsl"}).starts_with("-T ds_6_0 is a domain shader profile"));
    CHECK(refused({"-T", "ms_6_5", "a.hlsl"}).starts_with("-T ms_6_5 is a mesh shader profile"));
    CHECK(refused({"-T", "as_6_5", "a.hlsl"}).starts_with("-T as_6_5 is an amplification shader profile"));
    CHECK(refused({"-T", "lib_6_3", "a.hlsl"}).starts_with("-T lib_6_3 is a library"));
    for (std::string p : {"ps_7_0", "nonsense", "ps_6"})
        CHECK(refused({"-T", p, "a.hlsl"}).starts_with("-T " + p + " is not a supported profile."));
}

TEST_CASE("binding options become BindingOptions") {
    oneshader::cli::Request r = parsed({"-fvk-b-shift", "100", "0", "-fvk-t-shift", "200", "all", "-fvk-bind-globals",
                                        "3", "1", "-fvk-auto-shift-bindings", "-auto-binding-space", "2", "a.hlsl"});
    const oneshader::BindingOptions& b = r.options.bindings;
    REQUIRE(b.shifts.size() == 2);
    CHECK(b.shifts[0].register_class == 'b');
    CHECK(b.shifts[0].shift == 100);
    CHECK(b.shifts[0].space == 0u);
    CHECK(b.shifts[1].register_class == 't');
    CHECK_FALSE(b.shifts[1].space);
    REQUIRE(b.globals);
    CHECK(b.globals->binding == 3);
    CHECK(b.globals->set == 1);
    CHECK(b.auto_shift);
    CHECK(b.default_space == 2);
    oneshader::cli::Request t = parsed({"-vkbr", "s3", "1", "3", "4", "a.hlsl"});
    REQUIRE(t.options.bindings.registers.size() == 1);
    CHECK(t.options.bindings.registers[0].register_class == 's');
    CHECK(t.options.bindings.registers[0].number == 3);
    CHECK(t.options.bindings.registers[0].space == 1);
    CHECK(t.options.bindings.registers[0].binding == 3);
    CHECK(t.options.bindings.registers[0].set == 4);
    oneshader::cli::Request h = parsed({"-fvk-bind-resource-heap", "6", "7", "-fvk-bind-sampler-heap", "0", "2", "a.hlsl"});
    REQUIRE(h.options.bindings.resource_heap);
    CHECK(h.options.bindings.resource_heap->binding == 6);
    CHECK(h.options.bindings.resource_heap->set == 7);
    REQUIRE(h.options.bindings.sampler_heap);
    CHECK(h.options.bindings.sampler_heap->binding == 0);
    CHECK(h.options.bindings.sampler_heap->set == 2);
    CHECK_FALSE(t.options.bindings.resource_heap);
}

TEST_CASE("bad binding option values are refused with an example") {
    CHECK(refused({"-fvk-t-shift", "x", "0", "a.hlsl"}) ==
          "-fvk-t-shift x 0: the shift must be a number, for example '-fvk-t-shift 100 0'.");
    CHECK(refused({"-fvk-t-shift", "1", "space0", "a.hlsl"}) == "-fvk-t-shift 1 space0: the space must be a number or 'all'.");
    CHECK(refused({"-vkbr", "q5", "0", "1", "2", "a.hlsl"}).starts_with("-fvk-bind-register q5 0 1 2: write the register"));
    CHECK(refused({"-fvk-bind-globals", "a", "0", "a.hlsl"}).starts_with("-fvk-bind-globals a 0: write the binding"));
    CHECK(refused({"-fvk-bind-resource-heap", "-1", "2", "a.hlsl"}) ==
          "-fvk-bind-resource-heap -1 2: write the binding, then the set, for example '-fvk-bind-resource-heap 0 1'.");
    CHECK(refused({"-fvk-bind-sampler-heap", "1", "x", "a.hlsl"}).starts_with("-fvk-bind-sampler-heap 1 x: write the"));
    CHECK(refused({"-vkbr", "t5", "0", "1", "2", "-fvk-t-shift", "1", "0", "a.hlsl"})
              .starts_with("-fvk-bind-register gives every register its slot"));
}

TEST_CASE("language versions other than 2021 and 202x are refused") {
    CHECK(refused({"-HV", "2018", "a.hlsl"}) ==
          "-HV 2018 is not a supported language version. Use -HV 2021 (202x is accepted too).");
}

TEST_CASE("target environments: DXC's five, others refused") {
    CHECK(parsed({"a.hlsl"}).options.spirv.target_env == oneshader::SpirvTargetEnv::Vulkan1_2);
    CHECK(parsed({"-fspv-target-env=vulkan1.0", "a.hlsl"}).options.spirv.target_env == oneshader::SpirvTargetEnv::Vulkan1_0);
    CHECK(parsed({"-fspv-target-env=vulkan1.1", "a.hlsl"}).options.spirv.target_env == oneshader::SpirvTargetEnv::Vulkan1_1);
    CHECK(parsed({"-fspv-target-env=vulkan1.3", "a.hlsl"}).options.spirv.target_env == oneshader::SpirvTargetEnv::Vulkan1_3);
    CHECK(parsed({"-fspv-target-env=universal1.5", "a.hlsl"}).options.spirv.target_env ==
          oneshader::SpirvTargetEnv::Universal1_5);
    CHECK(refused({"-fspv-target-env=vulkan1.4", "a.hlsl"}).starts_with("-fspv-target-env=vulkan1.4 is not supported."));
}

TEST_CASE("SPIR-V options: -fspv-extension, -fspv-entrypoint-name, -fvk-invert-y, -fspv-reflect and -Fc") {
    CHECK_FALSE(parsed({"a.hlsl"}).options.spirv.reflect);
    oneshader::cli::Request r = parsed({"-fspv-extension=SPV_KHR_a", "-fspv-extension=KHR", "-fspv-entrypoint-name=main",
                                        "-fvk-invert-y", "-fspv-reflect", "-fspv-preserve-bindings", "-Fc", "a.spvasm",
                                        "a.hlsl"});
    CHECK(r.options.spirv.reflect);
    CHECK(r.options.spirv.preserve_bindings);
    oneshader::cli::Request d = parsed({"-fvk-use-dx-position-w", "-fvk-support-nonzero-base-vertex",
                                        "-fvk-support-nonzero-base-instance", "a.hlsl"});
    CHECK(d.options.spirv.dx_position_w);
    CHECK(d.options.spirv.nonzero_base_vertex);
    CHECK(d.options.spirv.nonzero_base_instance);
    CHECK_FALSE(d.options.bindings.alpha_stage_io_order);
    CHECK(parsed({"-fvk-stage-io-order=alpha", "a.hlsl"}).options.bindings.alpha_stage_io_order);
    CHECK_FALSE(parsed({"-fvk-stage-io-order=alpha", "-fvk-stage-io-order=decl", "a.hlsl"}).options.bindings.alpha_stage_io_order);
    CHECK(refused({"-fvk-stage-io-order=random", "a.hlsl"})
              .starts_with("-fvk-stage-io-order=random is not an order. Use 'decl'"));
    CHECK(r.options.spirv.extensions == std::vector<std::string>{"SPV_KHR_a", "KHR"});
    CHECK(r.options.spirv.entry_point_name == "main");
    CHECK(r.options.spirv.invert_y);
    CHECK(r.disassembly == std::optional<std::string>("a.spvasm"));
    CHECK(refused({"-P", "-Fc", "a.s", "a.hlsl"}).starts_with("-Fc writes the SPIR-V as text and needs a compile"));
}

TEST_CASE("all entries together with -T or -E is refused") {
    CHECK(refused({"--all-entries", "-T", "ps_6_0", "a.hlsl"}).starts_with("--all-entries cannot be combined with -T or -E."));
    CHECK(refused({"-E", "main", "--all-entries", "a.hlsl"}).starts_with("--all-entries cannot be combined"));
}

TEST_CASE("entry points named with --entry: several, by stage, in order") {
    Request r = parsed({"--entry", "VSMain:vertex", "--entry=PSMain:Pixel", "--entry", "CS_1:COMPUTE", "a.hlsl"});
    CHECK_FALSE(r.options.profile);
    REQUIRE(r.options.entry_points.size() == 3);
    CHECK(r.options.entry_points[0].name == "VSMain");
    CHECK(r.options.entry_points[0].stage == Stage::Vertex);
    CHECK(r.options.entry_points[1].name == "PSMain");
    CHECK(r.options.entry_points[1].stage == Stage::Pixel);
    CHECK(r.options.entry_points[2].name == "CS_1");
    CHECK(r.options.entry_points[2].stage == Stage::Compute);
}

TEST_CASE("entry points named with --entry: a malformed item, a repeated name and -T, -E or --all-entries are refused") {
    CHECK(refused({"--entry", "PSMain", "a.hlsl"}).starts_with("--entry PSMain is not NAME:STAGE"));
    CHECK(refused({"--entry", "PSMain:geometry", "a.hlsl"}).starts_with("--entry PSMain:geometry is not NAME:STAGE"));
    CHECK(refused({"--entry", "2x:pixel", "a.hlsl"}).starts_with("--entry 2x:pixel is not NAME:STAGE"));
    CHECK(refused({"--entry", "A:pixel", "--entry", "A:vertex", "a.hlsl"}).starts_with("--entry names 'A' twice"));
    CHECK(refused({"--entry", "A:pixel", "-T", "ps_6_0", "a.hlsl"}).starts_with("--entry cannot be combined"));
    CHECK(refused({"--entry", "A:pixel", "--all-entries", "a.hlsl"}).starts_with("--entry cannot be combined"));
    CHECK(refused({"--entry"}).find("needs a value") != std::string::npos);
}

TEST_CASE("an entry point without -T is refused when compiling") {
    CHECK(refused({"-E", "PSMain", "a.hlsl"}).starts_with("-E PSMain needs -T to give its stage"));
    CHECK(parsed({"-P", "-E", "PSMain", "a.hlsl"}).mode == Mode::Preprocess);
}

TEST_CASE("input files: exactly one") {
    CHECK(refused({"-T", "ps_6_0"}).starts_with("no input file."));
    CHECK(refused({"a.hlsl", "b.hlsl"}) == "more than one input file ('a.hlsl', 'b.hlsl'); oneshader compiles one "
                                           "file per run.");
}

TEST_CASE("bad values and combinations are refused") {
    CHECK(refused({"--target", "dxil", "a.hlsl"}) == "--target dxil is not a target. Use spirv, msl or wgsl.");
    CHECK(refused({"-D", "1X=2", "a.hlsl"}).starts_with("-D 1X=2 is not a macro definition."));
    CHECK(refused({"-D", "=2", "a.hlsl"}).starts_with("-D =2 is not a macro definition."));
    CHECK(refused({"-Fi", "x.i", "a.hlsl"}).starts_with("-Fi names the preprocessed output and needs -P"));
    CHECK(refused({"-P", "--reflect", "r.json", "a.hlsl"}).starts_with("--reflect cannot be combined with -P"));
    CHECK(refused({"--depfile", "a.d", "a.hlsl"}).starts_with("--depfile needs an output file"));
    CHECK(refused({"-P", "--depfile", "a.d", "a.hlsl"}).starts_with("--depfile needs an output file"));
    CHECK(refused({"--target", "msl", "--target", "wgsl", "a.hlsl"})
              .starts_with("2 targets cannot all go to standard output."));
}

TEST_CASE("refusals are printed with the prefix and the hint to run --help") {
    CHECK(format_command_line_error({"option '-Zi' is not supported: x."}) ==
          "oneshader: error: option '-Zi' is not supported: x. Run 'oneshader --help' for the options.");
    CHECK(format_command_line_error({"a.\nb."}) ==
          "oneshader: error: a.\noneshader: error: b. Run 'oneshader --help' for the options.");
}
