// Command lines from public projects' build scripts that call `dxc -spirv`, run with oneshader in
// place of dxc and nothing else changed: each must exit 0 and write SPIR-V that spirv-val accepts
// for the command line's target environment, or fail for the reason its row gives. The shader is
// one of the corpus's, with its entry point renamed to what the command line asks for (the
// projects' own shaders are not ours to copy). docs/command-line.md reports the count.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <spirv-tools/libspirv.hpp>

#include "oneshader/oneshader.hpp"
#include "tool_process.hpp"

using cli_test::run_tool;
using cli_test::ScratchDir;

namespace {

struct PublicCommandLine {
    const char* project;  // where the command line comes from
    const char* command;  // as the script writes it, with `dxc` first
    bool runs;            // runs unchanged with oneshader
    const char* refused;  // when not: the words of the refusal, as a check that it says why
};

// Found with the search tool over public repositories (code corpus), March of the work.
constexpr PublicCommandLine kCommandLines[] = {
    {"DoerriesT/VEngine compile.bat",
     "dxc -spirv -fspv-target-env=vulkan1.1 -T vs_6_2 -E main forward_vs.hlsl -Fo ./../forward_vs.spv", true, ""},
    {"DoerriesT/VEngine compile.bat",
     "dxc -spirv -fspv-target-env=vulkan1.1 -T cs_6_2 -E main luminanceHistogram_cs.hlsl -Fo ./../luminanceHistogram_cs.spv",
     true, ""},
    {"DoerriesT/VEngine compile.bat",
     "dxc -spirv -fspv-target-env=vulkan1.1 -fvk-invert-y -T vs_6_2 -E main -D ALPHA_MASK_ENABLED=1 shadows_vs.hlsl "
     "-Fo ./../shadows_ALPHA_MASK_ENABLED_vs.spv",
     true, ""},
    {"korfriend/VizMotive-Engine compile.bat", "dxc -T vs_6_0 ./VS/meshVS_simple.hlsl -spirv", true, ""},
    {"korfriend/VizMotive-Engine compile.bat", "dxc -T ps_6_0 ./PS/meshPS.hlsl -spirv /D TRANSPARENT=1 -fspv-target-env=vulkan1.1",
     true, ""},
    {"korfriend/VizMotive-Engine compile.bat", "dxc -T cs_6_0 ./CS/lightCullingCS.hlsl -spirv -fspv-target-env=vulkan1.1", true,
     ""},
    {"hydra2s/noire.js compile.cmd",
     "dxc -fspv-entrypoint-name=main -enable-16bit-types denoise-prefilter.comp.hlsl -DPASS_INDEX=0 -T cs_6_7 "
     "-fvk-use-scalar-layout -spirv -Fo denoise-prefilter.comp.spv",
     true, ""},
    {"S-IR/learn-sdl-gpu build.bat",
     "dxc src/hlsl/vert.hlsl -T vs_6_0 -Zi -E main -D VERTEX_SHADER -spirv -Fo resources/shader-binaries/shader.vert.spv",
     true, ""},
    {"expenses/lighthugger compile_shaders.sh",
     "dxc -HV 2021 -Wall -spirv -fspv-target-env=vulkan1.2 -T lib_6_7 src/shaders/fullscreen_tri.hlsl -Fo "
     "compiled_shaders/fullscreen_tri.spv",
     false, "lib_6_7 is a library"},
    {"a gwihlidal/dxc docker build script",
     "dxc ./shader.hlsl -T ps_6_0 -E mainPS -spirv -fspv-target-env=vulkan1.1 -fvk-b-shift 0 all -fvk-t-shift 1000 all "
     "-fvk-u-shift 2000 all -fvk-s-shift 3000 all -Fo ./spirv/pixel.spv",
     true, ""},
    {"a gwihlidal/dxc docker build script",
     "dxc ./shader.hlsl -T vs_6_0 -E mainVS -spirv -fvk-invert-y -fspv-target-env=vulkan1.1 -fvk-b-shift 0 all "
     "-fvk-t-shift 1000 all -fvk-u-shift 2000 all -fvk-s-shift 3000 all -Fo ./spirv/vertex.spv",
     true, ""},
    {"project-arcana (README's flags)",
     "dxc -spirv -fspv-target-env=vulkan1.1 -fvk-b-shift 0 all -fvk-t-shift 1000 all -fvk-u-shift 2000 all "
     "-fvk-s-shift 3000 all -T ps_6_0 -E main_ps shader.hlsl -Fo shader.ps.spv",
     true, ""},
    {"a shell build script (sh loop over *.hlsl)",
     "dxc -T vs_6_5 -spirv -fspv-target-env=vulkan1.1 -fvk-use-gl-layout -fvk-b-shift 4 0 -fvk-b-shift 4 1 "
     "-fvk-b-shift 4 2 -Fo ../mesh.spv mesh.hlsl",
     true, ""},
    {"a shell build script (compile() per file)",
     "dxc -Zi -spirv -fvk-b-shift 0 0 -fvk-u-shift 128 0 -fvk-t-shift 256 0 -fvk-s-shift 384 0 -T vs_6_0 -E vert "
     "quad.hlsl -Fo quad.vert.spv",
     true, ""},
    {"a CMake add_custom_command (gfx examples)",
     "dxc -T cs_6_0 -E Main -spirv -fvk-use-dx-layout -fspv-target-env=vulkan1.3 -Fo compute.spv compute.hlsl", true, ""},
    {"a Python build script (terrain variants)",
     "dxc -T ps_6_0 -E main -spirv -fspv-target-env=vulkan1.1 -fvk-use-dx-layout -Fo terrain.ps.spv terrain.hlsl", true, ""},
    {"a Python build script (per-stage dxc commands)",
     "dxc -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.0 -fvk-use-dx-layout -Fo out/comp.spv comp.hlsl", true, ""},
    {"a voxel engine's CMake shader function",
     "dxc -spirv -fspv-target-env=vulkan1.1 -fvk-b-shift 0 0 -fvk-t-shift 100 0 -fvk-u-shift 200 0 -fvk-s-shift 300 0 "
     "-fvk-use-dx-layout -T ps_6_0 -E main voxel.hlsl -Fo voxel.spv",
     true, ""},
    {"a shell script over compute kernels",
     "dxc -T cs_6_0 -E align_main align.hlsl -spirv -fspv-target-env=vulkan1.2 -Fo compiled_spirv/align.spv", true, ""},
    {"a rendering demo's shell script",
     "dxc -spirv -fspv-target-env=vulkan1.2 -T ps_6_7 -E main assets/shaders/cube.frag -Fo assets/shaders/cube.frag.spv",
     true, ""},
    {"a Vulkan validation layer test (comment)",
     "dxc -spirv -T cs_6_0 -E main -fspv-target-env=vulkan1.2 -fspv-extension=SPV_KHR_non_semantic_info "
     "-fspv-debug=vulkan-with-source in.hlsl",
     true, ""},
    {"a Windows batch build (VsMain/PsMain)", "dxc -spirv -T ps_6_6 -E PsMain Shader.hlsl -Fo ShaderPS.cso", true, ""},
    {"a Windows batch build (Zi, Od, entry renamed)",
     "dxc shaders/hello.hlsl -spirv -T ps_6_0 -E frag -fspv-entrypoint-name=main -Fo shaders/hello.frag.spv -Od -Zi",
     true, ""},
    {"a Python subprocess build",
     "dxc source/shader/hlsl/bloom_setup.comp.hlsl -T cs_6_0 -E main -Fo bloom_setup.comp.spv -spirv -I source/shader/ "
     "-D HLSL_LANG=1",
     true, ""},
    {"a shell script with geometry shaders",
     "dxc -T gs_6_0 -E main -spirv -Fo out.geom.spv shader.geom.hlsl", false, "geometry shader profile"},
};

std::string read(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Words the way a shell splits them; the command lines above have no quoting.
std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string value_after(const std::vector<std::string>& args, const std::string& flag, const std::string& fallback) {
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == flag) return args[i + 1];
    return fallback;
}

// A corpus shader of the profile's stage, preprocessed into one self-contained text, with its
// entry point renamed to `entry`.
std::string shader_for(const std::string& profile, const std::string& entry) {
    struct Pick {
        const char* file;
        const char* entry;
    };
    Pick pick = profile.starts_with("vs") ? Pick{"3d/pbr_forward.hlsl", "VSMain"}
                : profile.starts_with("cs") ? Pick{"compute/histogram.hlsl", "CSBuildHistogram"}
                                            : Pick{"3d/pbr_forward.hlsl", "PSMain"};
    oneshader::PreprocessResult pp =
        oneshader::preprocess_file(std::string(ONESHADER_SOURCE_DIR) + "/corpus/" + pick.file);
    REQUIRE(pp.ok());
    return std::regex_replace(pp.text, std::regex(std::string("\\b") + pick.entry + "\\b"), entry);
}

spv_target_env env_of(const std::vector<std::string>& args) {
    for (const std::string& a : args) {
        if (a == "-fspv-target-env=vulkan1.0") return SPV_ENV_VULKAN_1_0;
        if (a == "-fspv-target-env=vulkan1.1") return SPV_ENV_VULKAN_1_1;
        if (a == "-fspv-target-env=vulkan1.3") return SPV_ENV_VULKAN_1_3;
    }
    return SPV_ENV_VULKAN_1_2;
}

// -fvk-use-dx-layout and -fvk-use-scalar-layout output needs the scalarBlockLayout feature, as DXC's does.
bool scalar_layout(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "-fvk-use-dx-layout" || a == "-fvk-use-scalar-layout") return true;
    return false;
}

std::string validate(const std::string& bytes, spv_target_env env, bool scalar_block_layout) {
    std::vector<std::uint32_t> words(bytes.size() / 4);
    std::memcpy(words.data(), bytes.data(), words.size() * 4);
    spvtools::SpirvTools tools(env);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&, const char* m) {
        messages += std::string(m) + "\n";
    });
    spvtools::ValidatorOptions options;
    options.SetScalarBlockLayout(scalar_block_layout);
    if (!tools.Validate(words.data(), words.size(), options) && messages.empty())
        messages = "invalid\n";
    return messages;
}

}  // namespace

TEST_CASE("public build scripts' dxc -spirv command lines run with oneshader in dxc's place") {
    int ran = 0, total = 0;
    for (const PublicCommandLine& c : kCommandLines) {
        ++total;
        ScratchDir dir;
        std::vector<std::string> words = split(c.command);
        std::vector<std::string> args(words.begin() + 1, words.end());
        std::string profile = value_after(args, "-T", "ps_6_0");
        std::string entry = value_after(args, "-E", "main");
        // The input is the argument that is no option and no option's value.
        std::string input;
        for (const std::string& a : args)
            if (a.ends_with(".hlsl") || a.ends_with(".frag")) input = a;
        REQUIRE_FALSE(input.empty());
        std::filesystem::path work = dir.path() / "work";
        std::filesystem::create_directories(work);
        dir.write("work/" + input, shader_for(profile, entry));
        cli_test::ToolRun r = run_tool(args, work);
        INFO(c.project << "\n" << c.command << "\n" << r.err);
        if (!c.runs) {
            CHECK(r.exit_code != 0);
            CHECK(r.err.find(c.refused) != std::string::npos);
            continue;
        }
        CHECK(r.exit_code == 0);
        if (r.exit_code != 0) continue;
        std::string out = value_after(args, "-Fo", "");
        // Without -Fo the module goes to standard output: binary to a pipe, as here.
        std::string bytes = out.empty() ? r.out : read(work / out);
        CHECK(validate(bytes, env_of(args), scalar_layout(args)) == "");
        ++ran;
    }
    INFO(ran << " of " << total << " run unchanged");
    CHECK(ran == 23);
    CHECK(total == 25);
}
