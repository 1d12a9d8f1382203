// The word index of every scalar, vector and matrix (and each matrix row and vector component)
// in every buffer of the corpus, as the WGSL printer reads it, equals its reflected byte offset
// divided by four (spec page "The WGSL backend": buffers are raw words at the reflected offsets).
// For each corpus buffer the test adds an entry point that loads every such leaf through a
// constant access chain, prints it, and reads the first word index of each load back from the
// text: `Frame[q].y` is word 4q + 1, `Sprites[7u]` word 7; a 16-bit value also gives the half of
// its word (`f16(unpack2x16float(Particles[1u])[1])` is byte 6).
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "corpus_files.hpp"
#include "driver/lowered_source.hpp"
#include "ir/builder.hpp"
#include "textgen/namer.hpp"
#include "types/types_query.hpp"
#include "wgsl/wgsl.hpp"

namespace oneshader::wgsl::test {
namespace {

struct Leaf {
    std::vector<std::int64_t> path;  // access-chain indices after the buffer
    std::uint32_t offset = 0;        // reflected byte offset of its first word
    std::string what;
};

// The leaves of the IR type `t` laid out as the reflected `r` at byte `base`.
void leaves(const sema::Type* t, const ReflectedType& r, std::uint32_t base, std::vector<std::int64_t> path,
            const std::string& what, std::vector<Leaf>& out) {
    switch (r.kind) {
        case ReflectedTypeKind::Scalar: out.push_back({path, base, what}); return;
        case ReflectedTypeKind::Vector:
            out.push_back({path, base, what});
            for (std::uint32_t c = 0; c < r.components; ++c) {
                auto p = path;
                p.push_back(c);
                out.push_back({p, base + r.size / r.components * c, what + "[" + std::to_string(c) + "]"});
            }
            return;
        case ReflectedTypeKind::Matrix: {
            out.push_back({path, base, what});
            const auto* m = t->as<sema::MatrixType>();
            if (!m || m->rows < 2 || m->cols < 2) return;
            for (std::uint32_t row = 0; row < r.components; ++row) {
                auto p = path;
                p.push_back(row);
                std::uint32_t at = r.packing == MatrixLayout::ColumnMajor ? base + 4 * row : base + row * r.matrix_stride;
                out.push_back({p, at, what + "[" + std::to_string(row) + "]"});
            }
            return;
        }
        case ReflectedTypeKind::Array: {
            const auto* a = t->as<sema::ArrayType>();
            if (!a || !r.element) return;
            for (std::uint32_t e = 0; e < std::min<std::uint32_t>(r.length ? r.length : 2, 2); ++e) {
                auto p = path;
                p.push_back(e);
                leaves(a->element, *r.element, base + e * r.stride, p, what + "[" + std::to_string(e) + "]", out);
            }
            return;
        }
        case ReflectedTypeKind::Struct: {
            const auto* s = t->as<sema::StructType>();
            if (!s) return;
            std::uint32_t first = s->base ? 1 : 0;
            for (std::size_t k = 0; k < s->members.size(); ++k)
                for (const ReflectedMember& m : r.members)
                    if (m.name == s->members[k].name.str()) {
                        auto p = path;
                        p.push_back(static_cast<std::int64_t>(first + k));
                        leaves(s->members[k].type, m.type, base + m.offset, p, what + "." + m.name, out);
                    }
            return;
        }
    }
}

// The half of the word a 16-bit read takes (`f16(unpack2x16float(B[3u])[1])` is 1); 0 for other reads.
std::uint32_t half_of(const std::string& expr) {
    std::smatch m;
    if (std::regex_search(expr, m, std::regex(R"(^f16\(unpack2x16float\(.*\)\[([01])\]\))"))) return std::stoul(m[1]);
    return 0;
}

// The first word index of buffer `name` in `expr`.
std::optional<std::uint32_t> first_word(const std::string& expr, const std::string& name) {
    std::smatch m;
    std::regex uniform(name + R"(\[(\d+)\]\.([xyzw]))");
    std::regex storage(name + R"(\[(\d+)u\])");
    if (std::regex_search(expr, m, uniform)) return 4 * std::stoul(m[1]) + std::string("xyzw").find(m[2].str()[0]);
    if (std::regex_search(expr, m, storage)) return static_cast<std::uint32_t>(std::stoul(m[1]));
    return std::nullopt;
}

TEST_CASE("wgsl: every scalar, vector and matrix of every corpus buffer is read at its reflected word", "[corpus]") {
    std::size_t checked = 0, buffers = 0, refused = 0, halves = 0;
    std::string failures;
    for (const auto& file : corpus::shader_files()) {
        CompileOptions o = corpus::options_for(file);
        o.syntax_only = true;
        CompileResult front = compile_file(file.generic_string(), o);
        if (!front.reflection) continue;
        auto src = driver::lower_source(corpus::read_text(file), file.generic_string(), corpus::options_for(file), false);
        if (!src->ok()) continue;
        ir::Module& module = src->module;
        for (const ResourceInfo& res : front.reflection->resources) {
            if (!res.layout || res.count != 1) continue;
            const ir::Global* g = nullptr;
            for (const ir::Global* x : module.globals)
                if (x->name() == res.name && x->global_kind() == ir::GlobalKind::Resource) g = x;
            if (!g) continue;
            const auto* rt = g->value_type()->as<sema::ResourceType>();
            if (!rt || !rt->element || sema::is_typed_buffer(rt->resource) || sema::has_counter(rt->resource)) continue;
            // Rasterizer-ordered views are refused by the WGSL backend at their declaration (OSH5202).
            if (rt->rasterizer_ordered) continue;
            std::vector<Leaf> all;
            // tbuffer and TextureBuffer<T> are entered as T, like a constant buffer, in their std430 words.
            if (sema::is_block_buffer(rt->resource)) {
                leaves(rt->element, *res.layout, 0, {}, res.name, all);
            } else if (sema::is_structured_buffer(rt->resource)) {
                std::uint32_t stride = (res.layout->size + res.layout->alignment - 1) / res.layout->alignment * res.layout->alignment;
                for (std::uint32_t e = 0; e < 2; ++e)
                    leaves(rt->element, *res.layout, e * stride, {e}, res.name + "[" + std::to_string(e) + "]", all);
            } else {
                continue;
            }
            // Struct members entered with no further index are whole-struct reads (helpers):
            // only leaves with a path are checked (a scalar cbuffer element has none).
            ir::Function* f = module.add_function("word_check_" + std::to_string(buffers), module.types().void_type());
            ir::Builder b(module);
            b.set_insert_point(module.add_block(f));
            std::vector<const Leaf*> loaded;
            for (const Leaf& leaf : all) {
                if (leaf.path.empty()) continue;
                std::vector<ir::Value*> idx;
                for (std::int64_t k : leaf.path) idx.push_back(module.int_constant(static_cast<std::int32_t>(k)));
                ir::Instruction* p = b.access_chain(const_cast<ir::Global*>(g), idx);
                if (!p) continue;
                b.load(p);
                loaded.push_back(&leaf);
            }
            b.ret();
            ir::EntryPoint* ep = module.add_entry_point(ir::ShaderStage::Compute, f);
            ep->workgroup_size = {1, 1, 1};
            ++buffers;
            Options options;
            options.layout.default_packing = o.default_matrix_packing;
            std::string text = emit(module, *ep, options, src->ctx.diags);
            module.entry_points.pop_back();
            // A buffer with 16-bit integers (lang/types16.hlsl) or integer matrices (the three of
            // exec/int_matrices.hlsl) is OSH5202, as the corpus test checks: nothing to read.
            if (text.empty() && src->ctx.diags.has_errors()) {
                ++refused;
                continue;
            }
            std::string name = res.name;
            std::vector<std::string> lets;
            std::regex let(R"(let \w+ = (.*);)");
            for (std::sregex_iterator it(text.begin(), text.end(), let), end; it != end; ++it) lets.push_back((*it)[1]);
            if (lets.size() != loaded.size()) {
                failures += corpus::name_of(file) + " " + name + ": " + std::to_string(loaded.size()) + " loads, " +
                            std::to_string(lets.size()) + " lets printed\n" + text;
                continue;
            }
            for (std::size_t k = 0; k < lets.size(); ++k) {
                auto w = first_word(lets[k], textgen::legal_name(textgen::NameTarget::Wgsl, name));
                ++checked;
                halves += lets[k].starts_with("f16(") ? 1 : 0;
                if (!w || *w != loaded[k]->offset / 4 || half_of(lets[k]) != loaded[k]->offset % 4 / 2)
                    failures += corpus::name_of(file) + " " + loaded[k]->what + ": reflected offset " +
                                std::to_string(loaded[k]->offset) + ", read as `" + lets[k] + "`\n";
            }
        }
    }
    CHECK(failures == "");
    CHECK(refused <= 4);
    CHECK(halves >= 8);  // spec/Particles.hlsl's half3 and half members
    CHECK(buffers > 40);
    CHECK(checked > 500);
}

}  // namespace
}  // namespace oneshader::wgsl::test
