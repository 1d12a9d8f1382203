// Specialization values (spec: "Specialization constants on Vulkan, Metal and WebGPU"): the Blur
// shader's constants set by name and converted to VkSpecializationInfo contents, Metal function
// constant values and WebGPU's constants record, printed as the spec prints them; and
// CompileOptions::specialization_overrides with the spec's diagnostics.
#include <algorithm>
#include <cstdio>

#include "layout_shaders.hpp"

using namespace oneshader;
using namespace oneshader::layouts;
using namespace layout_tests;

namespace {

std::string hex(const std::vector<std::uint8_t>& bytes) {
    std::string out;
    char buffer[3];
    for (std::uint8_t b : bytes) {
        std::snprintf(buffer, sizeof buffer, "%02X", b);
        out += buffer;
    }
    return out;
}

std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

// The spec's Record(): "{ "0": 8, "1": 0, "2": 2 }".
std::string record(const std::vector<webgpu::Constant>& constants) {
    std::string out;
    for (const webgpu::Constant& c : constants) out += (out.empty() ? "" : ", ") + ("\"" + c.key + "\": ") + number(c.value);
    return "{ " + out + " }";
}

std::string line_with(std::string_view text, std::string_view what) {
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (line.find(what) != std::string_view::npos) {
            while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
            while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
            return std::string(line);
        }
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return {};
}

}  // namespace

TEST_CASE("Blur's specialization values on Vulkan, Metal and WebGPU print the spec's lines", "[layouts]") {
    const CompileResult r = compile_all(corpus_text("spec/Blur.hlsl"), "Shaders/Blur.hlsl");
    const EntryLayout cs = entry(r, "CSMain");

    std::string out;
    const SpecConstantLayout& radius = cs.spec_constants.at(0);
    out += "Radius: id " + std::to_string(radius.id) + ", default " + std::to_string(std::int32_t(radius.default_bits)) + "\n";
    std::string ids;
    for (const SpecConstantLayout& c : cs.spec_constants) ids += (ids.empty() ? "" : ", ") + std::to_string(c.id);
    out += "CSMain reads ids [" + ids + "]\n";

    SpecializationValues s = SpecializationValues::for_layout(cs);
    CHECK_FALSE(s.set("Radius", 8).has_value());
    CHECK_FALSE(s.set("Horizontal", false).has_value());

    const vulkan::SpecializationInfo vk = s.to_vulkan();
    for (const vulkan::SpecializationMapEntry& e : vk.map_entries)
        out += "Vulkan: constantID " + std::to_string(e.constant_id) + ", offset " + std::to_string(e.offset) + ", size " +
               std::to_string(e.size) + "\n";
    out += "Vulkan: data " + hex(vk.data) + "\n";
    for (const metal::FunctionConstantValue& v : s.to_metal()) {
        char bits[16];
        std::snprintf(bits, sizeof bits, "0x%08x", v.bits);
        out += "Metal: index " + std::to_string(v.index) + ", MTLDataType " + std::to_string(v.data_type) + ", bits " + bits + "\n";
    }
    out += "WebGPU: " + record(s.to_webgpu()) + "\n";
    out += "By name: " + record(s.to_webgpu()) + "\n";
    out += line_with(r.find("CSMain", Target::Wgsl)->as_text(), "override Radius") + "\n";
    out += line_with(r.find("CSMain", Target::Msl)->as_text(), "function_constant(0)") + "\n";

    CHECK(out == "Radius: id 0, default 4\n"
                 "CSMain reads ids [0, 1, 2]\n"
                 "Vulkan: constantID 0, offset 0, size 4\n"
                 "Vulkan: constantID 1, offset 4, size 4\n"
                 "Vulkan: constantID 2, offset 8, size 4\n"
                 "Vulkan: data 080000000000000000000040\n"
                 "Metal: index 0, MTLDataType 29, bits 0x00000008\n"
                 "Metal: index 1, MTLDataType 53, bits 0x00000000\n"
                 "Metal: index 2, MTLDataType 3, bits 0x40000000\n"
                 "WebGPU: { \"0\": 8, \"1\": 0, \"2\": 2 }\n"
                 "By name: { \"0\": 8, \"1\": 0, \"2\": 2 }\n"
                 "@id(0) override Radius: i32 = 4i;\n"
                 "constant int Radius [[function_constant(0)]];\n");
    CHECK(s.to_webgpu_json() == "{\"0\":8,\"1\":0,\"2\":2}");
}

TEST_CASE("specialization values: defaults until set, typed set by name, errors as values", "[layouts]") {
    const CompileResult r = compile_all(corpus_text("lang/spec_constants.hlsl"), "spec_constants.hlsl");
    SpecializationValues s = SpecializationValues::for_layout(entry(r, "CSMain"));
    REQUIRE(s.values().size() == 4);
    CHECK(s.to_webgpu_json() == "{\"0\":0,\"1\":8,\"2\":15,\"5\":0.75}");
    CHECK_FALSE(s.set("ChannelMask", 3u).has_value());
    CHECK_FALSE(s.set("ChannelMask", 5).has_value());  // an int in the uint's range
    CHECK_FALSE(s.set("Iterations", 2u).has_value());
    CHECK_FALSE(s.set("Strength", 0.5).has_value());
    CHECK_FALSE(s.set("UseFastPath", true).has_value());
    CHECK(s.to_webgpu_json() == "{\"0\":1,\"1\":2,\"2\":5,\"5\":0.5}");

    auto unknown = s.set("Iteration", 3);
    REQUIRE(unknown.has_value());
    CHECK(unknown->kind == LayoutErrorKind::UnknownName);
    CHECK(unknown->message == "Entry point 'CSMain' reads no specialization constant 'Iteration'; it reads "
                              "'UseFastPath', 'Iterations', 'ChannelMask', 'Strength'.");
    auto wrong = s.set("Iterations", 2.5f);
    REQUIRE(wrong.has_value());
    CHECK(wrong->kind == LayoutErrorKind::WrongType);
    CHECK(wrong->message == "The specialization constant 'Iterations' is an int; set it with an int or uint value in "
                            "its range, not the float 2.5.");
    CHECK(s.set("ChannelMask", -1)->kind == LayoutErrorKind::WrongType);
    CHECK(s.set("Iterations", 0x80000000u)->kind == LayoutErrorKind::WrongType);
    CHECK(s.set("UseFastPath", 1)->kind == LayoutErrorKind::WrongType);
    CHECK(s.set("Strength", true)->kind == LayoutErrorKind::WrongType);
    // A failed set changes nothing.
    CHECK(s.to_webgpu_json() == "{\"0\":1,\"1\":2,\"2\":5,\"5\":0.5}");
    CHECK(s.find("Strength")->bits == 0x3f000000u);
}

TEST_CASE("specialization overrides fix constants at compile time with the spec's diagnostics", "[layouts]") {
    const std::string blur = corpus_text("spec/Blur.hlsl");
    CompileOptions options;
    options.targets = {Target::SpirV, Target::Msl, Target::Wgsl};
    options.specialization_overrides = {{"Radius", 2}, {"Blurr", 1}};
    const CompileResult result = compile(blur, "Shaders/Blur.hlsl", options);
    REQUIRE(result.ok());
    std::string left;
    for (const SpecConstantInfo& c : result.reflection->spec_constants)
        left += (left.empty() ? "" : ", ") + c.name + " (id " + std::to_string(c.id) + ")";
    // The spec prints this warning as OSH0335; a code has one severity in our table, so the
    // ignored override has a warning code of its own.
    CHECK(diagnostics_text(result) ==
          "Shaders/Blur.hlsl(1,1): warning OSH0352: The shader declares no specialization constant named 'Blurr', so "
          "the override is ignored. Check the spelling against the [[vk::constant_id]] declarations.\n");
    CHECK(left == "Horizontal (id 1), Sigma (id 2)");
    // Radius is folded: no target declares it any more.
    CHECK(result.find("CSMain", Target::Wgsl)->as_text().find("override Radius") == std::string_view::npos);
    CHECK(result.find("CSMain", Target::Msl)->as_text().find("function_constant(0)") == std::string_view::npos);
    const EntryLayout cs = entry(result, "CSMain");
    REQUIRE(cs.spec_constants.size() == 2);
    CHECK(cs.spec_constants[0].name == "Horizontal");

    options.specialization_overrides = {{"Radius", 2.5}};
    const CompileResult bad = compile(blur, "Shaders/Blur.hlsl", options);
    CHECK_FALSE(bad.ok());
    CHECK(diagnostics_text(bad) == "Shaders/Blur.hlsl(1,1): error OSH0335: The value 2.5 does not fit the int "
                                   "specialization constant 'Radius': use a whole number in its range.\n");

    options.specialization_overrides = {{"Horizontal", 2}};
    CHECK(diagnostics_text(compile(blur, "Shaders/Blur.hlsl", options)) ==
          "Shaders/Blur.hlsl(1,1): error OSH0335: The value 2 does not fit the bool specialization constant "
          "'Horizontal': use 0 or 1.\n");
    // A fixed constant may size what needs a compile-time value.
    const std::string sized = "[[vk::constant_id(3)]] const uint Tile = 8;\n"
                              "RWStructuredBuffer<uint> Out : register(u0);\n"
                              "[shader(\"compute\")] [numthreads(Tile, 1, 1)] void CSMain(uint3 id : SV_DispatchThreadID) { Out[id.x] = Tile; }\n";
    options.specialization_overrides = {{"Tile", 16}};
    const CompileResult fixed = compile(sized, "Tile.hlsl", options);
    INFO(diagnostics_text(fixed));
    REQUIRE(fixed.ok());
    CHECK(fixed.reflection->entry_points[0].workgroup_size[0] == 16);
    CHECK(fixed.reflection->spec_constants.empty());
}
