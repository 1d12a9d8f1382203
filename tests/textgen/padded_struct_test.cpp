// Padded structs from the layouts of corpus buffers: known DXC offsets (the spec page "Match HLSL
// constant buffers with C# structs" gives DXC's offsets for Lighting.hlsl), and over the whole
// corpus every buffer struct's members and padding tile its bytes exactly, each member at its
// reflected offset.
#include <catch2/catch.hpp>

#include "corpus_files.hpp"
#include "driver/lowered_source.hpp"
#include "textgen/padded_struct.hpp"
#include "types/types_query.hpp"

namespace oneshader::textgen::test {
namespace {

namespace fs = std::filesystem;

struct Buffers {
    std::unique_ptr<driver::LoweredSource> src;
    std::unique_ptr<sema::LayoutEngine> layouts;
    // Each buffer global's name and the layout of what it holds, in module order.
    std::vector<std::pair<std::string, const sema::TypeLayout*>> list;
};

Buffers buffers_of(const fs::path& file) {
    Buffers b;
    b.src = driver::lower_source(corpus::read_text(file), file.generic_string(), corpus::options_for(file), false);
    if (!b.src->ok()) return b;
    b.layouts = std::make_unique<sema::LayoutEngine>(b.src->module.arena());
    for (const ir::Global* g : b.src->module.globals) {
        const auto* r = sema::innermost_element(g->value_type())->as<sema::ResourceType>();
        if (!r || !r->element) continue;
        const sema::AddressSpace space = g->space();
        const bool buffer = r->resource == sema::ResourceKind::ConstantBuffer ||
                            space == sema::AddressSpace::StorageBuffer || space == sema::AddressSpace::PushConstant;
        if (!buffer) continue;
        if (const sema::TypeLayout* l = b.layouts->layout(r->element, sema::layout_rule_for(r->resource)))
            b.list.push_back({std::string(g->name()), l});
    }
    return b;
}

// "size N" and one line per member: name, offset, size and any padding inside it.
std::string text_of(const PaddedStruct& s) {
    std::string out = "size " + std::to_string(s.size) + "\n";
    for (const PaddedMember& m : s.members) {
        out += "  " + m.name + " " + std::to_string(m.offset) + " " + std::to_string(m.size);
        if (m.element_padding) out += " element+" + std::to_string(m.element_padding);
        if (m.line_padding) out += " line+" + std::to_string(m.line_padding);
        out += "\n";
    }
    return out;
}

const sema::TypeLayout* find(const Buffers& b, std::string_view struct_name) {
    for (const auto& [name, l] : b.list)
        if (l->name == struct_name) return l;
    return nullptr;
}

TEST_CASE("padded struct: DXC's Light cbuffer from the spec", "[textgen][padded]") {
    Buffers b = buffers_of(corpus::root() / "spec/Lighting.hlsl");
    const sema::TypeLayout* l = find(b, "type.Light");
    if (!l) l = find(b, "Light");
    REQUIRE(l);
    // DXC: offsets 0, 12, 16, 32, 48, 112; Weights' stride 16; 176 bytes.
    CHECK(text_of(pad_struct(*l)) ==
          "size 176\n"
          "  LightDirection 0 12\n"
          "  Intensity 12 4\n"
          "  ShadowBias 16 8\n"
          "  _pad0 24 8\n"
          "  Ambient 32 12\n"
          "  _pad1 44 4\n"
          "  Weights 48 64 element+12\n"
          "  LightViewProjection 112 64\n");
}

TEST_CASE("padded struct: a float3 after a float3 starts a new row, and the tail pads to the size", "[textgen][padded]") {
    Buffers b = buffers_of(corpus::root() / "spec/Terrain.hlsl");
    REQUIRE(b.list.size() >= 1);
    const PaddedStruct s = pad_struct(*b.list[0].second);
    CHECK(text_of(s) ==
          "size 112\n"
          "  ViewProjection 0 64\n"
          "  Origin 64 12\n"
          "  HeightScale 76 4\n"
          "  AxisU 80 12\n"
          "  _pad0 92 4\n"
          "  AxisV 96 12\n"
          "  _pad1 108 4\n");
}

TEST_CASE("padded struct: nested structs come first", "[textgen][padded]") {
    Buffers b = buffers_of(corpus::root() / "compute/light_cull.hlsl");
    REQUIRE(b.list.size() >= 1);
    std::vector<PaddedStruct> all = pad_structs(*b.list[0].second);
    REQUIRE(all.size() == 2);
    CHECK(all[0].name == "ClusterParams");
    CHECK(text_of(all[1]) ==
          "size 160\n"
          "  Params 0 96\n"
          "  View 96 64\n");
    CHECK(text_of(all[0]) ==
          "size 96\n"
          "  InvProjection 0 64\n"
          "  ScreenSize 64 8\n"
          "  ZNear 72 4\n"
          "  ZFar 76 4\n"
          "  LightCount 80 4\n"
          "  LogDepthScale 84 4\n"
          "  LogDepthBias 88 4\n"
          "  Padding 92 4\n");
}

TEST_CASE("padded struct: matrix lines pad to the matrix stride", "[textgen][padded]") {
    support::Arena arena;
    sema::TypeContext types{arena};
    sema::LayoutEngine layouts(arena);
    auto padding = [&](std::uint32_t rows, std::uint32_t cols, sema::MatrixOrientation o, sema::LayoutRule rule) {
        return matrix_line_padding(*layouts.layout(types.matrix(sema::ScalarKind::Float, rows, cols, o), rule));
    };
    const auto col = sema::MatrixOrientation::Unspecified, row = sema::MatrixOrientation::RowMajor;
    CHECK(padding(3, 3, col, sema::LayoutRule::Constant) == 4);  // three columns of 12 bytes, 16 apart
    CHECK(padding(4, 4, col, sema::LayoutRule::Constant) == 0);
    CHECK(padding(3, 2, row, sema::LayoutRule::Storage) == 0);  // three rows of two floats, 8 apart
    CHECK(padding(2, 2, col, sema::LayoutRule::Constant) == 8);  // std140 rounds the stride up to 16
}

TEST_CASE("padded struct: every corpus buffer's members and padding tile its bytes at the reflected offsets", "[corpus]") {
    std::size_t structs = 0, paddings = 0;
    std::string problems;
    for (const fs::path& file : corpus::shader_files()) {
        Buffers b = buffers_of(file);
        for (const auto& [name, root] : b.list)
            for (const PaddedStruct& s : pad_structs(*root)) {
                ++structs;
                const std::string where = corpus::name_of(file) + " " + std::string(s.name);
                std::uint32_t end = 0;
                std::size_t source = 0;
                std::vector<std::uint32_t> offsets;
                for (const sema::MemberLayout& m : s.layout->members) offsets.push_back(m.offset);
                std::sort(offsets.begin(), offsets.end());
                for (const PaddedMember& m : s.members) {
                    if (m.offset != end)
                        problems += where + "." + m.name + ": starts at " + std::to_string(m.offset) +
                                    ", the previous member ends at " + std::to_string(end) + "\n";
                    end = m.offset + m.size;
                    if (m.is_padding()) {
                        ++paddings;
                        continue;
                    }
                    if (source >= offsets.size() || offsets[source++] != m.offset)
                        problems += where + "." + m.name + ": not at its reflected offset\n";
                }
                if (end != s.size) problems += where + ": covers " + std::to_string(end) + " bytes, not its size\n";
                if (source != offsets.size()) problems += where + ": members missing\n";
            }
    }
    CHECK(problems == "");
    CHECK(structs > 30);
    CHECK(paddings > 10);
}

}  // namespace
}  // namespace oneshader::textgen::test
