#pragma once
// Builds types and struct declarations the way semantic analysis will, so layout tests read like
// the HLSL they reproduce.
#include <catch2/catch.hpp>

#include <optional>
#include <string_view>
#include <vector>

#include "support/arena.hpp"
#include "support/interner.hpp"
#include "types/layout.hpp"
#include "types/scalar_spelling.hpp"
#include "types/types.hpp"

namespace types_test {

using namespace oneshader::sema;
namespace support = oneshader::support;

// One member declaration: `F("c", t("float3"))`, `F("b", t("float2")).at(8)` for [[vk::offset(8)]],
// `F("d", t("float")).pack(2, 1)` for packoffset(c2.y).
struct F {
    F(std::string_view n, const Type* t) : name(n), type(t) {}
    F at(std::uint32_t offset) const {
        F f = *this;
        f.vk_offset = offset;
        return f;
    }
    F pack(std::uint32_t reg, std::uint32_t component = 0) const {
        F f = *this;
        f.packoffset = PackOffset{reg, component};
        return f;
    }
    std::string_view name;
    const Type* type;
    std::optional<std::uint32_t> vk_offset;
    std::optional<PackOffset> packoffset;
};

struct Fixture {
    explicit Fixture(bool enable_16bit = false,
                     oneshader::MatrixPacking packing = oneshader::MatrixPacking::ColumnMajor,
                     oneshader::BufferLayoutRules rules = oneshader::BufferLayoutRules::Default)
        : types(arena, TypeOptions{enable_16bit}), layouts(arena, LayoutOptions{packing, rules}) {}

    // A built-in numeric spelling (`float3`, `row_major` is added with rm()).
    const Type* t(std::string_view spelling) {
        auto found = lookup_numeric_spelling(types, spelling);
        REQUIRE(found.has_value());
        return found->type;
    }
    const Type* rm(std::string_view spelling) { return types.with_orientation(t(spelling), MatrixOrientation::RowMajor); }
    const Type* cm(std::string_view spelling) {
        return types.with_orientation(t(spelling), MatrixOrientation::ColumnMajor);
    }
    const Type* arr(const Type* element, std::uint32_t n) { return types.array(element, n); }

    const StructType* make(std::string_view name, const std::vector<F>& fields, const StructType* base = nullptr) {
        StructType* s = types.create_struct(names.intern(name));
        std::vector<StructMember> members;
        for (const F& f : fields) {
            StructMember m;
            m.name = names.intern(f.name);
            m.type = f.type;
            m.vk_offset = f.vk_offset;
            m.packoffset = f.packoffset;
            members.push_back(m);
        }
        types.define_struct(s, base, members);
        return s;
    }

    const TypeLayout& cb(const Type* type) { return get(type, LayoutRule::Constant); }
    const TypeLayout& sb(const Type* type) { return get(type, LayoutRule::Storage); }

    const TypeLayout& get(const Type* type, LayoutRule rule) {
        const TypeLayout* l = layouts.layout(type, rule);
        REQUIRE(l != nullptr);
        return *l;
    }

    support::Arena arena;
    support::Interner names{arena};
    TypeContext types;
    LayoutEngine layouts;
};

inline std::vector<std::uint32_t> offsets(const TypeLayout& l) {
    std::vector<std::uint32_t> out;
    for (const MemberLayout& m : l.members) out.push_back(m.offset);
    return out;
}

inline const TypeLayout& member(const TypeLayout& l, std::string_view name) {
    for (const MemberLayout& m : l.members)
        if (m.name == name) return *m.type;
    FAIL("no member " << name);
    return l;
}

}  // namespace types_test
