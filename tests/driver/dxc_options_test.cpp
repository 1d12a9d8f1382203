// DXC's command-line options with DXC's meaning: each shader in tests/driver/dxc_options/ is
// compiled with the options a DXC test of tools/clang/test/CodeGenSPIRV/ runs it with, and the
// SPIR-V must carry the decorations that test checks (the disassembly lines below are DXC's
// CHECK lines) and pass spirv-val for the target environment.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"
#include "diagnostics_text.hpp"
#include "spirv_tools.hpp"

namespace fs = std::filesystem;
using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;

using spirv_tools::has_line;

namespace {

std::string path_of(const char* name) {
    return (fs::path(ONESHADER_SOURCE_DIR) / "tests/driver/dxc_options" / name).generic_string();
}

struct Compiled {
    std::string text;         // the disassembly, one instruction a line
    std::string diagnostics;  // every diagnostic, one a line
};

// `main` of the file as a pixel shader, optimized and not; both must validate for `env` and give
// the same decorations. Returns the optimized disassembly.
Compiled compile_ps(const char* file, CompileOptions o, spv_target_env env = SPV_ENV_VULKAN_1_2,
                    oneshader::Stage stage = oneshader::Stage::Pixel) {
    Compiled out;
    o.entry_points = {{"main", stage}};
    for (bool optimize : {false, true}) {
        o.optimize = optimize;
        o.verify_ir = true;
        oneshader::CompileResult r = oneshader::compile_file(path_of(file), o);
        out.diagnostics = diagnostics_of(r);
        INFO(file << (optimize ? " (optimized)" : " (unoptimized)") << "\n" << out.diagnostics);
        REQUIRE(r.ok());
        const oneshader::ShaderBlob* blob = r.find("main", oneshader::Target::SpirV);
        REQUIRE(blob != nullptr);
        std::vector<std::uint32_t> words = spirv_tools::words_of(*blob);
        CHECK(spirv_tools::validate(words, env) == "");
        out.text = spirv_tools::disassemble(words, env);
    }
    return out;
}

#define CHECK_LINE(text, line)                 \
    do {                                       \
        INFO(text);                            \
        CHECK(has_line(text, line));           \
    } while (0)

void check_slot(const std::string& text, const std::string& name, int set, int binding) {
    INFO(text);
    CHECK(has_line(text, "OpDecorate %" + name + " DescriptorSet " + std::to_string(set)));
    CHECK(has_line(text, "OpDecorate %" + name + " Binding " + std::to_string(binding)));
}

oneshader::RegisterShift shift(char cls, std::uint32_t n, std::optional<std::uint32_t> space) {
    oneshader::RegisterShift s;
    s.register_class = cls;
    s.shift = n;
    s.space = space;
    return s;
}

}  // namespace

TEST_CASE("dxc options: -fvk-*-shift N S moves registers of one class in one space") {
    // DXC's vulkan.binding.cl.shift.hlsl: -fvk-b-shift 100 0 -fvk-b-shift 200 2 -fvk-t-shift 200 0
    // -fvk-t-shift 300 1 -fvk-t-shift 400 0 -fvk-s-shift 500 0 -fvk-s-shift 600 2
    // -fvk-u-shift 700 0 -fvk-u-shift 800 3 (a later shift of the same space wins).
    CompileOptions o;
    o.bindings.shifts = {shift('b', 100, 0), shift('b', 200, 2), shift('t', 200, 0), shift('t', 300, 1),
                         shift('t', 400, 0), shift('s', 500, 0), shift('s', 600, 2), shift('u', 700, 0),
                         shift('u', 800, 3)};
    Compiled c = compile_ps("shifts.hlsl", o);
    check_slot(c.text, "cbuffer3", 0, 42);  // [[vk::binding]] is not shifted
    check_slot(c.text, "cbuffer1", 0, 100);
    check_slot(c.text, "cbuffer2", 2, 200);
    check_slot(c.text, "texture1", 1, 301);
    check_slot(c.text, "texture2", 0, 401);
    check_slot(c.text, "sampler1", 0, 500);
    check_slot(c.text, "sampler2", 2, 600);
    check_slot(c.text, "rwbuffer1", 3, 803);
    check_slot(c.text, "rwbuffer2", 0, 703);
    check_slot(c.text, "cbuffer4", 0, 0);  // no register(): not shifted
    check_slot(c.text, "cbuffer5", 0, 1);
    CHECK(c.diagnostics == "");
}

TEST_CASE("dxc options: -fvk-*-shift N all applies to every space") {
    // DXC's vulkan.binding.cl.all.hlsl: -fvk-b-shift 1000 all -fvk-t-shift 2000 all
    // -fvk-s-shift 3000 all -fvk-u-shift 4000 all.
    CompileOptions o;
    o.bindings.shifts = {shift('b', 1000, std::nullopt), shift('t', 2000, std::nullopt),
                         shift('s', 3000, std::nullopt), shift('u', 4000, std::nullopt)};
    Compiled c = compile_ps("shifts.hlsl", o);
    check_slot(c.text, "cbuffer3", 0, 42);
    check_slot(c.text, "cbuffer1", 0, 1000);
    check_slot(c.text, "cbuffer2", 2, 1000);
    check_slot(c.text, "texture1", 1, 2001);
    check_slot(c.text, "texture2", 0, 2001);
    check_slot(c.text, "sampler1", 0, 3000);
    check_slot(c.text, "sampler2", 2, 3000);
    check_slot(c.text, "rwbuffer1", 3, 4003);
    check_slot(c.text, "rwbuffer2", 0, 4003);
    check_slot(c.text, "cbuffer4", 0, 0);
    check_slot(c.text, "cbuffer5", 0, 1);

    // A space's own shift wins over `all`.
    o.bindings.shifts.push_back(shift('t', 5, 1));
    check_slot(compile_ps("shifts.hlsl", o).text, "texture1", 1, 6);
}

TEST_CASE("dxc options: -auto-binding-space names the set of resources that give none") {
    // DXC's vulkan.binding.cl.auto-binding-space test: -auto-binding-space 77 with the `all` shifts.
    CompileOptions o;
    o.bindings.shifts = {shift('b', 1000, std::nullopt), shift('t', 2000, std::nullopt),
                         shift('s', 3000, std::nullopt), shift('u', 4000, std::nullopt)};
    o.bindings.default_space = 77;
    Compiled c = compile_ps("shifts.hlsl", o);
    check_slot(c.text, "cbuffer3", 77, 42);  // [[vk::binding(42)]] without a set
    check_slot(c.text, "cbuffer1", 77, 1000);
    check_slot(c.text, "cbuffer2", 2, 1000);
    check_slot(c.text, "texture2", 77, 2001);
    check_slot(c.text, "cbuffer4", 77, 0);
}

TEST_CASE("dxc options: -fvk-auto-shift-bindings starts each class's implicit search at its shift") {
    // DXC's vulkan.binding.cl.auto-shift-bindings.hlsl: -fvk-b-shift 100 0 -fvk-t-shift 200 0
    // -fvk-t-shift 300 1 -fvk-s-shift 500 0 -fvk-u-shift 700 0 -fvk-auto-shift-bindings. Without
    // -fspv-flatten-resource-arrays a resource takes one binding, so the numbers run on from the
    // lowest free one of the class.
    CompileOptions o;
    o.bindings.shifts = {shift('b', 100, 0), shift('t', 200, 0), shift('t', 300, 1), shift('s', 500, 0),
                         shift('u', 700, 0)};
    o.bindings.auto_shift = true;
    Compiled c = compile_ps("auto_shift.hlsl", o);
    check_slot(c.text, "cbuffer1", 0, 42);
    check_slot(c.text, "texture1", 1, 301);
    check_slot(c.text, "texture2", 0, 200);
    check_slot(c.text, "t3d", 0, 201);
    check_slot(c.text, "tc", 0, 202);
    check_slot(c.text, "sb", 0, 203);
    check_slot(c.text, "bab", 0, 204);
    check_slot(c.text, "buf", 0, 205);
    check_slot(c.text, "ss", 0, 500);
    check_slot(c.text, "scs", 0, 501);
    check_slot(c.text, "rwbab", 0, 700);
    check_slot(c.text, "rwsb", 0, 701);
    check_slot(c.text, "asb", 0, 702);
    check_slot(c.text, "counter_var_asb", 0, 0);  // a counter has no class: its search starts at 0
    check_slot(c.text, "rwtexture2d", 0, 703);
    check_slot(c.text, "cbuffer2", 0, 100);

    // Without the flag the same shifts leave implicit resources alone.
    o.bindings.auto_shift = false;
    Compiled plain = compile_ps("auto_shift.hlsl", o);
    check_slot(plain.text, "texture2", 0, 200);
    check_slot(plain.text, "t3d", 0, 0);
    check_slot(plain.text, "cbuffer2", 0, 12);
}

TEST_CASE("dxc options: -fvk-bind-register and -fvk-bind-globals place registers by table") {
    // DXC's vulkan.binding.cl.register.hlsl and .globals.hlsl: -fvk-bind-register t5 0 1 2
    // -vkbr s3 1 3 4 -fvk-bind-globals 7 8.
    CompileOptions o;
    o.bindings.registers = {{'t', 5, 0, 1, 2}, {'s', 3, 1, 3, 4}};
    o.bindings.globals = oneshader::DescriptorSlot{7, 8};
    Compiled c = compile_ps("bind_register.hlsl", o);
    check_slot(c.text, "MyTexture", 2, 1);
    check_slot(c.text, "MySampler", 4, 3);
    check_slot(c.text, "_Globals", 8, 7);

    // $Globals needs its slot when the table is used, as in DXC.
    o.bindings.globals.reset();
    oneshader::CompileResult r = oneshader::compile_file(path_of("bind_register.hlsl"),
                                                         [&] { CompileOptions p = o; p.entry_points = {{"main", oneshader::Stage::Pixel}}; return p; }());
    CHECK_FALSE(r.ok());
    CHECK(diagnostics_of(r).find("-fvk-bind-globals") != std::string::npos);

    // A register the table lacks is an error naming the entry to add.
    o.bindings.globals = oneshader::DescriptorSlot{7, 8};
    o.bindings.registers.pop_back();
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    r = oneshader::compile_file(path_of("bind_register.hlsl"), o);
    CHECK_FALSE(r.ok());
    CHECK(diagnostics_of(r).find("-fvk-bind-register s3 1 <binding> <set>") != std::string::npos);
}

TEST_CASE("dxc options: -fvk-bind-globals alone moves only $Globals") {
    CompileOptions o;
    o.bindings.globals = oneshader::DescriptorSlot{3, 1};
    Compiled c = compile_ps("bind_register.hlsl", o);
    check_slot(c.text, "_Globals", 1, 3);
    check_slot(c.text, "MyTexture", 0, 5);
    check_slot(c.text, "MySampler", 1, 3);
}

TEST_CASE("dxc options: resources of different classes on one binding are a warning naming the shift") {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    oneshader::CompileResult r = oneshader::compile_file(path_of("class_overlap.hlsl"), o);
    REQUIRE(r.ok());
    std::string d = diagnostics_of(r);
    INFO(d);
    // b0 and u0 both collide with t0; the texture + sampler pair on one number does not warn.
    CHECK(d.find("warning OSH0351: 'PerDraw' (register b0, space0) and 'Albedo' (register t0, space0) both land on "
                 "descriptor set 0 binding 0") != std::string::npos);
    CHECK(d.find("-fvk-b-shift <n> 0 or -fvk-t-shift <n> 0") != std::string::npos);
    CHECK(d.find("'Output' (register u0, space0)") != std::string::npos);
    CHECK(d.find("LinearSampler' (register s0") == std::string::npos);

    // -WX makes it an error.
    o.warnings_as_errors = true;
    CHECK_FALSE(oneshader::compile_file(path_of("class_overlap.hlsl"), o).ok());

    // Shifting the classes apart (what DXC users do) leaves nothing to say, and moves the slots.
    o.warnings_as_errors = false;
    o.bindings.shifts = {shift('t', 1000, std::nullopt), shift('u', 2000, std::nullopt),
                         shift('s', 3000, std::nullopt)};
    Compiled c = compile_ps("class_overlap.hlsl", o);
    CHECK(c.diagnostics == "");
    check_slot(c.text, "Albedo", 0, 1000);
    check_slot(c.text, "LinearSampler", 0, 3000);
    check_slot(c.text, "PerDraw", 0, 0);
    check_slot(c.text, "Output", 0, 2000);
}

TEST_CASE("dxc options: reflection follows the remapped slots") {
    CompileOptions o;
    o.entry_points = {{"main", oneshader::Stage::Pixel}};
    o.bindings.shifts = {shift('t', 1000, std::nullopt), shift('u', 2000, std::nullopt),
                         shift('s', 3000, std::nullopt)};
    oneshader::CompileResult r = oneshader::compile_file(path_of("class_overlap.hlsl"), o);
    REQUIRE(r.ok());
    REQUIRE(r.reflection);
    std::string json = oneshader::write_reflection_json(*r.reflection);
    INFO(json);
    CHECK(json.find("\"binding\": 1000") != std::string::npos);
    CHECK(json.find("\"binding\": 2000") != std::string::npos);
    CHECK(json.find("\"binding\": 3000") != std::string::npos);
}

namespace {

Compiled compile_cs(const char* file, CompileOptions o, spv_target_env env) {
    return compile_ps(file, std::move(o), env, oneshader::Stage::Compute);
}

oneshader::CompileResult compile_main(const char* file, CompileOptions o, oneshader::Stage stage) {
    o.entry_points = {{"main", stage}};
    return oneshader::compile_file(path_of(file), o);
}

}  // namespace

TEST_CASE("dxc options: -fspv-target-env=vulkan1.0 writes SPIR-V 1.0 with BufferBlock storage buffers") {
    CompileOptions o;
    o.spirv.target_env = oneshader::SpirvTargetEnv::Vulkan1_0;
    Compiled c = compile_cs("target_env.hlsl", o, SPV_ENV_VULKAN_1_0);
    CHECK_LINE(c.text, "; Version: 1.0");
    // DXC's vulkan1.0 rule: structured buffers are Uniform blocks decorated BufferBlock.
    CHECK_LINE(c.text, "OpDecorate %type_StructuredBuffer BufferBlock");
    CHECK_LINE(c.text, "OpDecorate %type_StructuredBuffer_0 BufferBlock");
    CHECK_LINE(c.text, "OpDecorate %type_ConstantBuffer_Frame Block");
    CHECK(c.text.find("StorageBuffer") == std::string::npos);
    CHECK(c.text.find("OpCopyLogical") == std::string::npos);
    // Before SPIR-V 1.4 the interface lists only the Input and Output variables.
    CHECK_LINE(c.text, "OpEntryPoint GLCompute %main \"main\" %in_var_SV_DispatchThreadID");
}

TEST_CASE("dxc options: -fspv-target-env=vulkan1.1 writes SPIR-V 1.3 with the StorageBuffer class") {
    CompileOptions o;
    o.spirv.target_env = oneshader::SpirvTargetEnv::Vulkan1_1;
    Compiled c = compile_cs("target_env.hlsl", o, SPV_ENV_VULKAN_1_1);
    CHECK_LINE(c.text, "; Version: 1.3");
    CHECK_LINE(c.text, "OpDecorate %type_StructuredBuffer_0 Block");
    CHECK(c.text.find("BufferBlock") == std::string::npos);
    CHECK(c.text.find("StorageBuffer") != std::string::npos);
    CHECK(c.text.find("OpCopyLogical") == std::string::npos);
    CHECK_LINE(c.text, "OpEntryPoint GLCompute %main \"main\" %in_var_SV_DispatchThreadID");

    // Wave operations are fine from SPIR-V 1.3 on.
    compile_cs("waves.hlsl", o, SPV_ENV_VULKAN_1_1);
}

TEST_CASE("dxc options: vulkan1.2, vulkan1.3 and universal1.5 write SPIR-V 1.5") {
    for (auto [env, tools_env] : {std::pair{oneshader::SpirvTargetEnv::Vulkan1_2, SPV_ENV_VULKAN_1_2},
                                  std::pair{oneshader::SpirvTargetEnv::Vulkan1_3, SPV_ENV_VULKAN_1_3},
                                  std::pair{oneshader::SpirvTargetEnv::Universal1_5, SPV_ENV_UNIVERSAL_1_5}}) {
        CompileOptions o;
        o.spirv.target_env = env;
        Compiled c = compile_cs("target_env.hlsl", o, tools_env);
        CHECK_LINE(c.text, "; Version: 1.5");
        // SPIR-V 1.4 and newer list every global the entry point uses.
        CHECK(c.text.find("OpEntryPoint GLCompute %main \"main\" %in_var_SV_DispatchThreadID %") != std::string::npos);
    }
}

TEST_CASE("dxc options: wave intrinsics need vulkan1.1, as in DXC") {
    CompileOptions o;
    o.spirv.target_env = oneshader::SpirvTargetEnv::Vulkan1_0;
    oneshader::CompileResult r = compile_main("waves.hlsl", o, oneshader::Stage::Compute);
    CHECK_FALSE(r.ok());
    CHECK(diagnostics_of(r).find("Use -fspv-target-env=vulkan1.1 or newer") != std::string::npos);
}

TEST_CASE("dxc options: extensions later versions made core are declared for older ones") {
    CompileOptions o;
    o.spirv.target_env = oneshader::SpirvTargetEnv::Vulkan1_1;
    Compiled c = compile_ps("nonuniform.hlsl", o, SPV_ENV_VULKAN_1_1);
    CHECK_LINE(c.text, "OpExtension \"SPV_EXT_descriptor_indexing\"");
    o.spirv.target_env = oneshader::SpirvTargetEnv::Vulkan1_2;
    Compiled v12 = compile_ps("nonuniform.hlsl", o, SPV_ENV_VULKAN_1_2);
    CHECK(v12.text.find("OpExtension") == std::string::npos);
}

TEST_CASE("dxc options: -fspv-extension permits only the extensions it lists") {
    CompileOptions o;
    o.spirv.target_env = oneshader::SpirvTargetEnv::Vulkan1_1;
    o.spirv.extensions = {"KHR"};
    oneshader::CompileResult r = compile_main("nonuniform.hlsl", o, oneshader::Stage::Pixel);
    CHECK_FALSE(r.ok());
    CHECK(diagnostics_of(r).find("needs the extension SPV_EXT_descriptor_indexing, which -fspv-extension does not "
                                 "permit. Add -fspv-extension=SPV_EXT_descriptor_indexing") != std::string::npos);
    o.spirv.extensions = {"SPV_EXT_descriptor_indexing"};
    compile_ps("nonuniform.hlsl", o, SPV_ENV_VULKAN_1_1);
    // A shader that needs no extension compiles with any list.
    o.spirv.extensions = {"SPV_KHR_non_semantic_info"};
    compile_ps("shifts.hlsl", o, SPV_ENV_VULKAN_1_1);
}

TEST_CASE("dxc options: -fspv-entrypoint-name and -fvk-invert-y") {
    CompileOptions o;
    o.spirv.entry_point_name = "VSMain";
    o.spirv.invert_y = true;
    Compiled c = compile_ps("position.hlsl", o, SPV_ENV_VULKAN_1_2, oneshader::Stage::Vertex);
    CHECK(c.text.find("OpEntryPoint Vertex %main \"VSMain\"") != std::string::npos);
    CHECK(c.text.find("OpFNegate") != std::string::npos);
    o.spirv.invert_y = false;
    Compiled plain = compile_ps("position.hlsl", o, SPV_ENV_VULKAN_1_2, oneshader::Stage::Vertex);
    CHECK(plain.text.find("OpFNegate") == std::string::npos);
}
