// The reflection we print against what SPIRV-Cross reads from our SPIR-V: for every corpus entry
// point outside spec/errors, `spirv-cross <module> --reflect` must see the descriptor sets and
// bindings, descriptor types and array sizes, block member offsets (uniform, storage and push
// constant blocks), array and matrix strides, input and output locations and workgroup sizes that
// CompileResult::reflection gives. Every difference is listed with the file, entry point and what
// differs. Needs the `spirv-cross` program (Debian package spirv-cross, installed by
// scripts/setup.sh); without it the test warns and checks nothing.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "corpus_files.hpp"
#include "oneshader/oneshader.hpp"

namespace fs = std::filesystem;
using namespace oneshader;

namespace {

// ---------------------------------------------------------------------------------------------
// A small JSON reader: enough for spirv-cross's output (objects, arrays, strings without
// unusual escapes, integers, true/false/null).

struct Json {
    enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
    bool boolean = false;
    double number = 0;
    std::string text;
    std::vector<Json> items;
    // Keys and values side by side: a pair<string, Json> member needs Json complete under clang's libstdc++ checks.
    std::vector<std::string> keys;
    std::vector<Json> values;

    const Json* get(std::string_view key) const {
        for (std::size_t i = 0; i < keys.size(); ++i)
            if (keys[i] == key) return &values[i];
        return nullptr;
    }
    std::string str(std::string_view key) const {
        const Json* v = get(key);
        return v && v->kind == Kind::String ? v->text : std::string();
    }
    std::optional<long> num(std::string_view key) const {
        const Json* v = get(key);
        if (!v || v->kind != Kind::Number) return std::nullopt;
        return static_cast<long>(v->number);
    }
    bool flag(std::string_view key) const {
        const Json* v = get(key);
        return v && v->kind == Kind::Bool && v->boolean;
    }
    const std::vector<Json>& list(std::string_view key) const {
        static const std::vector<Json> none;
        const Json* v = get(key);
        return v && v->kind == Kind::Array ? v->items : none;
    }
};

class JsonReader {
public:
    explicit JsonReader(std::string_view text) : s_(text) {}

    std::optional<Json> document() {
        std::optional<Json> v = value();
        skip();
        if (!v || i_ != s_.size()) return std::nullopt;
        return v;
    }

private:
    void skip() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
    }
    bool eat(char c) {
        skip();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    bool word(std::string_view w) {
        if (s_.substr(i_, w.size()) != w) return false;
        i_ += w.size();
        return true;
    }
    std::optional<std::string> string() {
        if (!eat('"')) return std::nullopt;
        std::string out;
        while (i_ < s_.size() && s_[i_] != '"') {
            char c = s_[i_++];
            if (c == '\\' && i_ < s_.size()) {
                char e = s_[i_++];
                switch (e) {
                    case 'n': out += '\n'; break;
                    case 't': out += '\t'; break;
                    case 'u': out += '?'; i_ += 4; break;
                    default: out += e; break;
                }
            } else {
                out += c;
            }
        }
        if (i_ >= s_.size()) return std::nullopt;
        ++i_;
        return out;
    }
    std::optional<Json> value() {
        if (++depth_ > 64) return std::nullopt;
        std::optional<Json> v = value_inner();
        --depth_;
        return v;
    }
    std::optional<Json> value_inner() {
        skip();
        if (i_ >= s_.size()) return std::nullopt;
        Json v;
        char c = s_[i_];
        if (c == '{') {
            ++i_;
            v.kind = Json::Kind::Object;
            if (eat('}')) return v;
            do {
                std::optional<std::string> key = string();
                if (!key || !eat(':')) return std::nullopt;
                std::optional<Json> item = value();
                if (!item) return std::nullopt;
                v.keys.push_back(std::move(*key));
                v.values.push_back(std::move(*item));
            } while (eat(','));
            if (!eat('}')) return std::nullopt;
        } else if (c == '[') {
            ++i_;
            v.kind = Json::Kind::Array;
            if (eat(']')) return v;
            do {
                std::optional<Json> item = value();
                if (!item) return std::nullopt;
                v.items.push_back(std::move(*item));
            } while (eat(','));
            if (!eat(']')) return std::nullopt;
        } else if (c == '"') {
            std::optional<std::string> text = string();
            if (!text) return std::nullopt;
            v.kind = Json::Kind::String;
            v.text = std::move(*text);
        } else if (word("true") || word("false")) {
            v.kind = Json::Kind::Bool;
            v.boolean = s_[i_ - 1] == 'e' && s_[i_ - 2] == 'u';
        } else if (word("null")) {
            v.kind = Json::Kind::Null;
        } else {
            std::size_t start = i_;
            while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '-' ||
                                      s_[i_] == '+' || s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E'))
                ++i_;
            if (start == i_) return std::nullopt;
            v.kind = Json::Kind::Number;
            v.number = std::stod(std::string(s_.substr(start, i_ - start)));
        }
        return v;
    }

    std::string_view s_;
    std::size_t i_ = 0;
    int depth_ = 0;
};

TEST_CASE("spirv-cross reflect: the test's JSON reader", "[driver][reflect]") {
    std::optional<Json> j = JsonReader(R"({"a" : [1, -2.5e1, "x\"y"], "b": {"c": true, "d": null}, "e": []})").document();
    REQUIRE(j);
    REQUIRE(j->list("a").size() == 3);
    CHECK(j->list("a")[1].number == -25.0);
    CHECK(j->list("a")[2].text == "x\"y");
    CHECK(j->get("b")->flag("c"));
    CHECK_FALSE(j->get("b")->flag("d"));
    CHECK(j->list("e").empty());
    CHECK_FALSE(JsonReader("{\"a\": }").document());
    CHECK_FALSE(JsonReader("[1, 2").document());
}

// ---------------------------------------------------------------------------------------------
// Running spirv-cross.

bool have_spirv_cross() { return std::system("command -v spirv-cross >/dev/null 2>&1") == 0; }

std::optional<std::string> run_spirv_cross(const fs::path& module) {
    std::string command = "spirv-cross '" + module.string() + "' --reflect 2>/dev/null";
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return std::nullopt;
    std::string out;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
    int status = ::pclose(pipe);
    if (status != 0) return std::nullopt;
    return out;
}

// ---------------------------------------------------------------------------------------------
// Comparing.

using Errors = std::vector<std::string>;

std::string_view scalar_prefix(ScalarKind k) {
    switch (k) {
        case ScalarKind::Bool: return "uint";  // bool in memory is a 32-bit uint
        case ScalarKind::Int: return "int";
        case ScalarKind::UInt: return "uint";
        case ScalarKind::Float: return "float";
        case ScalarKind::Double: return "double";
        case ScalarKind::Half: return "float16_t";
        case ScalarKind::Int16: return "int16_t";
        case ScalarKind::UInt16: return "uint16_t";
        case ScalarKind::Int64: return "int64_t";
        case ScalarKind::UInt64: return "uint64_t";
    }
    return "?";
}

std::string_view vector_prefix(ScalarKind k) {
    switch (k) {
        case ScalarKind::Bool: return "uvec";
        case ScalarKind::Int: return "ivec";
        case ScalarKind::UInt: return "uvec";
        case ScalarKind::Float: return "vec";
        case ScalarKind::Double: return "dvec";
        case ScalarKind::Half: return "f16vec";
        case ScalarKind::Int16: return "i16vec";
        case ScalarKind::UInt16: return "u16vec";
        case ScalarKind::Int64: return "i64vec";
        case ScalarKind::UInt64: return "u64vec";
    }
    return "?";
}

bool is_float_scalar(ScalarKind s) { return s == ScalarKind::Float || s == ScalarKind::Half || s == ScalarKind::Double; }

// The GLSL type name SPIRV-Cross prints for a scalar, vector or matrix. DXC's SPIR-V makes each
// HLSL matrix row a SPIR-V column, so HLSL floatRxC is GLSL matR (square) or matRxC.
std::string glsl_name(ScalarKind scalar, std::uint32_t components, std::uint32_t columns, ReflectedTypeKind kind) {
    if (kind == ReflectedTypeKind::Scalar) return std::string(scalar_prefix(scalar));
    if (kind == ReflectedTypeKind::Vector) return std::string(vector_prefix(scalar)) + std::to_string(components);
    std::string prefix = scalar == ScalarKind::Double ? "dmat" : scalar == ScalarKind::Half ? "f16mat" : "mat";
    if (components == columns) return prefix + std::to_string(components);
    return prefix + std::to_string(components) + "x" + std::to_string(columns);
}

struct Comparer {
    const Json& module;  // the whole spirv-cross document
    Errors& errors;

    void error(const std::string& where, const std::string& what) { errors.push_back(where + ": " + what); }

    const Json* type_of(const std::string& id) const {
        const Json* types = module.get("types");
        return types ? types->get(id) : nullptr;
    }

    // A block member (or the member's type) against our type. `member` carries spirv-cross's
    // array, array_stride, matrix_stride and row_major for the member.
    void member_type(const std::string& where, const Json& member, const ReflectedType& ours) {
        // Arrays: our tree is outermost first; spirv-cross lists sizes innermost first.
        const ReflectedType* t = &ours;
        std::vector<long> our_dims;
        std::optional<std::uint32_t> outer_stride;
        while (t->kind == ReflectedTypeKind::Array && t->element) {
            if (!outer_stride) outer_stride = t->stride;
            our_dims.push_back(t->length);
            t = t->element.get();
        }
        std::vector<long> their_dims;
        for (const Json& d : member.list("array")) their_dims.push_back(static_cast<long>(d.number));
        std::reverse(their_dims.begin(), their_dims.end());
        // An integer or bool matrix is an array of its rows in SPIR-V (as DXC writes it), with
        // the row stride as the array stride; a bool one holds uints.
        bool rows_array = t->kind == ReflectedTypeKind::Matrix && !is_float_scalar(t->scalar);
        if (rows_array) {
            our_dims.push_back(t->components);
            if (!outer_stride) outer_stride = t->matrix_stride;
        }
        if (our_dims != their_dims) {
            std::ostringstream m;
            m << "array dimensions differ (ours";
            for (long d : our_dims) m << " [" << d << "]";
            m << ", SPIR-V";
            for (long d : their_dims) m << " [" << d << "]";
            m << ")";
            error(where, m.str());
            return;
        }
        if (outer_stride && member.num("array_stride") != static_cast<long>(*outer_stride))
            error(where, "array stride " + std::to_string(*outer_stride) + " in our reflection, " +
                             std::to_string(member.num("array_stride").value_or(-1)) + " in the SPIR-V");

        std::string their_type = member.str("type");
        if (t->kind == ReflectedTypeKind::Struct) {
            const Json* st = their_type.starts_with("_") ? type_of(their_type) : nullptr;
            if (!st) {
                error(where, "a struct in our reflection, '" + their_type + "' in the SPIR-V");
                return;
            }
            structure(where, *st, *t);
            return;
        }
        std::string expected = rows_array ? glsl_name(t->scalar == ScalarKind::Bool ? ScalarKind::UInt : t->scalar,
                                                      t->columns, 0, ReflectedTypeKind::Vector)
                                          : glsl_name(t->scalar, t->components, t->columns, t->kind);
        if (their_type != expected)
            error(where, "type " + expected + " from our reflection, " + their_type + " in the SPIR-V");
        if (t->kind == ReflectedTypeKind::Matrix && !rows_array) {
            if (member.num("matrix_stride") != static_cast<long>(t->matrix_stride))
                error(where, "matrix stride " + std::to_string(t->matrix_stride) + " in our reflection, " +
                                 std::to_string(member.num("matrix_stride").value_or(-1)) + " in the SPIR-V");
            // HLSL column_major is SPIR-V RowMajor (the rows of SPIR-V's transposed matrices).
            bool row_major = member.flag("row_major");
            bool expected_row_major = t->packing == MatrixLayout::ColumnMajor;
            if (row_major != expected_row_major)
                error(where, std::string("packing ") + std::string(to_string(t->packing)) +
                                 " in our reflection, but the SPIR-V is " + (row_major ? "RowMajor" : "ColMajor"));
        }
    }

    // A spirv-cross struct type against our Struct layout: member count, names, offsets, types.
    void structure(const std::string& where, const Json& theirs, const ReflectedType& ours) {
        if (ours.kind != ReflectedTypeKind::Struct) {
            error(where, "a " + std::string(to_string(ours.kind)) + " in our reflection, a struct in the SPIR-V");
            return;
        }
        // Bit fields share a storage unit, one SPIR-V member named after its first field (the one at bit 0);
        // the others lie above it in the same unit.
        std::vector<const ReflectedMember*> stored;
        for (const ReflectedMember& m : ours.members) {
            if (m.bit_width != 0 && m.bit_offset != 0) {
                if (stored.empty() || stored.back()->bit_width == 0 || stored.back()->offset != m.offset ||
                    m.bit_offset + m.bit_width > 8 * m.type.size)
                    error(where + "." + m.name, "a bit field outside the storage unit before it");
                continue;
            }
            stored.push_back(&m);
        }
        const std::vector<Json>& members = theirs.list("members");
        if (members.size() != stored.size()) {
            error(where, std::to_string(stored.size()) + " stored members in our reflection, " +
                             std::to_string(members.size()) + " in the SPIR-V");
            return;
        }
        for (std::size_t i = 0; i < members.size(); ++i) {
            const ReflectedMember& m = *stored[i];
            std::string at = where + "." + m.name;
            if (members[i].str("name") != m.name) error(at, "named '" + members[i].str("name") + "' in the SPIR-V");
            if (members[i].num("offset") != static_cast<long>(m.offset))
                error(at, "offset " + std::to_string(m.offset) + " in our reflection, " +
                              std::to_string(members[i].num("offset").value_or(-1)) + " in the SPIR-V");
            member_type(at, members[i], m.type);
        }
    }

    // A structured or byte-address buffer: SPIR-V's block holds one runtime array of the element.
    void storage_block(const std::string& where, const Json& theirs, const ResourceInfo& ours) {
        const std::vector<Json>& members = theirs.list("members");
        if (members.size() != 1 || members[0].list("array").size() != 1 ||
            members[0].list("array")[0].number != 0) {
            error(where, "the SPIR-V block is not one runtime array");
            return;
        }
        const Json& array = members[0];
        if (!ours.layout) {  // byte-address buffers: words
            if (array.str("type") != "uint" || array.num("array_stride") != 4)
                error(where, "a byte-address buffer whose SPIR-V block is not uint[] with stride 4");
            return;
        }
        // The element stride is the element's size rounded up to its alignment (16 for a float3).
        long align = std::max<long>(1, ours.layout->alignment);
        long stride = (static_cast<long>(ours.layout->size) + align - 1) / align * align;
        if (array.num("array_stride") != stride)
            error(where, "element stride " + std::to_string(stride) + " (our element size and alignment), " +
                             std::to_string(array.num("array_stride").value_or(-1)) + " in the SPIR-V");
        Json element = array;  // the same member without its runtime array
        for (std::size_t i = element.keys.size(); i-- > 0;)
            if (element.keys[i] == "array" || element.keys[i] == "array_stride") {
                element.keys.erase(element.keys.begin() + static_cast<std::ptrdiff_t>(i));
                element.values.erase(element.values.begin() + static_cast<std::ptrdiff_t>(i));
            }
        member_type(where + "[]", element, *ours.layout);
    }
};

enum class DescriptorClass { Ubo, Ssbo, SeparateImage, Image, SeparateSampler };

std::string_view class_name(DescriptorClass c) {
    switch (c) {
        case DescriptorClass::Ubo: return "uniform buffer";
        case DescriptorClass::Ssbo: return "storage buffer";
        case DescriptorClass::SeparateImage: return "sampled image";
        case DescriptorClass::Image: return "storage image";
        case DescriptorClass::SeparateSampler: return "sampler";
    }
    return "?";
}

DescriptorClass class_of(ResourceKind kind) {
    switch (kind) {
        case ResourceKind::ConstantBuffer: return DescriptorClass::Ubo;
        case ResourceKind::SampledTexture:
        case ResourceKind::UniformTexelBuffer: return DescriptorClass::SeparateImage;
        case ResourceKind::StorageTexture:
        case ResourceKind::StorageTexelBuffer: return DescriptorClass::Image;
        case ResourceKind::Sampler:
        case ResourceKind::ComparisonSampler: return DescriptorClass::SeparateSampler;
        case ResourceKind::ReadOnlyStorageBuffer:
        case ResourceKind::StorageBuffer: return DescriptorClass::Ssbo;
    }
    return DescriptorClass::Ubo;
}

struct OurDescriptor {
    const ResourceInfo* resource;
    bool counter;
    DescriptorClass cls;
    std::uint32_t set, binding;
};

struct TheirDescriptor {
    const Json* json;
    DescriptorClass cls;
};

std::string slot_text(DescriptorClass c, long set, long binding) {
    return std::string(class_name(c)) + " at set " + std::to_string(set) + " binding " + std::to_string(binding);
}

// The descriptors of one entry point: ours (used resources and their counters) against theirs.
// With the optimizer on, a resource whose every use was dead may be gone from the SPIR-V while the
// reflection (built before optimizing, so it never changes with -O) still lists it: that is allowed.
void compare_descriptors(Comparer& cmp, const std::string& where, const ShaderReflection& refl,
                         const EntryPointInfo& ep, bool optimized) {
    std::vector<OurDescriptor> ours;
    for (const std::string& name : ep.used_resources) {
        const ResourceInfo* r = refl.find_resource(name);
        if (!r) {
            cmp.error(where, "used resource '" + name + "' is not among the resources");
            continue;
        }
        for (const TargetSlot& s : r->slots)
            if (s.target == Target::SpirV) ours.push_back({r, false, class_of(r->kind), s.set, s.binding});
        for (const TargetSlot& s : r->counter_slots)
            if (s.target == Target::SpirV) ours.push_back({r, true, DescriptorClass::Ssbo, s.set, s.binding});
    }
    std::vector<TheirDescriptor> theirs;
    const std::pair<const char*, DescriptorClass> lists[] = {
        {"ubos", DescriptorClass::Ubo},
        {"ssbos", DescriptorClass::Ssbo},
        {"separate_images", DescriptorClass::SeparateImage},
        {"images", DescriptorClass::Image},
        {"separate_samplers", DescriptorClass::SeparateSampler},
    };
    for (const auto& [key, cls] : lists)
        for (const Json& d : cmp.module.list(key)) theirs.push_back({&d, cls});
    for (const char* unexpected : {"textures", "sampled_images", "subpass_inputs", "acceleration_structures"})
        if (!cmp.module.list(unexpected).empty())
            cmp.error(where, std::string("the SPIR-V has ") + unexpected + ", which oneshader never emits");

    // Pair each of theirs with one of ours at the same set, binding and class; where several
    // share a slot (DXC-style bindings may collide across categories), the one whose layout
    // matches.
    std::vector<bool> used(ours.size(), false);
    for (const TheirDescriptor& t : theirs) {
        long set = t.json->num("set").value_or(-1), binding = t.json->num("binding").value_or(-1);
        std::string at = where + ": " + slot_text(t.cls, set, binding);
        std::optional<std::size_t> chosen;
        Errors chosen_errors;
        for (std::size_t i = 0; i < ours.size(); ++i) {
            const OurDescriptor& o = ours[i];
            if (used[i] || o.cls != t.cls || o.set != set || o.binding != binding) continue;
            Errors errs;
            Comparer local{cmp.module, errs};
            std::string here = at + " ('" + o.resource->name + (o.counter ? "' counter)" : "')");
            long count = 1;
            for (const Json& d : t.json->list("array")) count *= static_cast<long>(d.number);
            if (!o.counter && count != static_cast<long>(o.resource->count))
                local.error(here, "array size " + std::to_string(o.resource->count) + " in our reflection, " +
                                      std::to_string(count) + " in the SPIR-V");
            const Json* type = local.type_of(t.json->str("type"));
            if (t.cls == DescriptorClass::Ubo) {
                if (!type || !o.resource->layout) local.error(here, "no block layout to compare");
                else local.structure(here, *type, *o.resource->layout);
            } else if (t.cls == DescriptorClass::Ssbo) {
                bool readonly = t.json->flag("readonly");
                bool expect_readonly = !o.counter && o.resource->kind == ResourceKind::ReadOnlyStorageBuffer;
                if (readonly != expect_readonly)
                    local.error(here, std::string("the SPIR-V block is ") + (readonly ? "" : "not ") +
                                          "read-only, the resource kind is " + std::string(to_string(o.resource->kind)));
                if (!type) local.error(here, "no block type to compare");
                else if (o.counter) {
                    const std::vector<Json>& m = type->list("members");
                    if (m.size() != 1 || (m[0].str("type") != "int" && m[0].str("type") != "uint"))
                        local.error(here, "the counter block is not one 32-bit integer");
                } else if (o.resource->resource_type == ResourceTypeKind::TextureBuffer && o.resource->layout) {
                    // tbuffer / TextureBuffer<T>: the block is the struct itself, as a cbuffer's is.
                    local.structure(here, *type, *o.resource->layout);
                } else {
                    local.storage_block(here, *type, *o.resource);
                }
            } else if (t.cls == DescriptorClass::Image) {
                std::string kind = t.json->str("type");
                bool texel = o.resource->kind == ResourceKind::StorageTexelBuffer;
                if (texel != kind.ends_with("imageBuffer"))
                    local.error(here, "a " + std::string(to_string(o.resource->kind)) + " but the SPIR-V image is " + kind);
            } else if (t.cls == DescriptorClass::SeparateImage) {
                std::string kind = t.json->str("type");
                bool texel = o.resource->kind == ResourceKind::UniformTexelBuffer;
                if (texel != (kind.find("Buffer") != std::string::npos))
                    local.error(here, "a " + std::string(to_string(o.resource->kind)) + " but the SPIR-V image is " + kind);
            }
            if (!chosen || (errs.empty() && !chosen_errors.empty())) {
                chosen = i;
                chosen_errors = std::move(errs);
                if (chosen_errors.empty()) break;
            }
        }
        if (!chosen) {
            cmp.error(at, "in the SPIR-V ('" + t.json->str("name") + "') but not among the entry point's resources");
            continue;
        }
        used[*chosen] = true;
        cmp.errors.insert(cmp.errors.end(), chosen_errors.begin(), chosen_errors.end());
    }
    for (std::size_t i = 0; i < ours.size(); ++i)
        if (!used[i] && !optimized)
            cmp.error(where, "'" + ours[i].resource->name + (ours[i].counter ? "' counter" : "'") + " (" +
                                 slot_text(ours[i].cls, ours[i].set, ours[i].binding) +
                                 ") is in our reflection but not in the SPIR-V");

    // Push constants: no slot in SPIR-V, one block per entry point.
    const std::vector<Json>& push = cmp.module.list("push_constants");
    const PushConstantInfo* our_push = nullptr;
    if (ep.push_constant)
        for (const PushConstantInfo& p : refl.push_constants)
            if (p.name == *ep.push_constant) our_push = &p;
    if (push.size() != (our_push ? 1u : 0u)) {
        cmp.error(where, std::to_string(push.size()) + " push-constant blocks in the SPIR-V, " +
                             (our_push ? "1" : "0") + " in our reflection");
    } else if (our_push) {
        const Json* type = cmp.type_of(push[0].str("type"));
        if (!type) cmp.error(where, "push constant block type missing");
        else cmp.structure(where + ": push constant '" + our_push->name + "'", *type, our_push->layout);
    }
}

// Inputs and outputs with a location: the same locations with the same component types.
void compare_stage_variables(Comparer& cmp, const std::string& where, const char* direction,
                             const std::vector<StageVariable>& ours, const std::vector<Json>& theirs) {
    std::map<long, const StageVariable*> by_location;
    for (const StageVariable& v : ours)
        if (v.location) by_location[*v.location] = &v;
    std::map<long, const Json*> their_by_location;
    for (const Json& v : theirs)
        if (auto loc = v.num("location")) their_by_location[*loc] = &v;
    for (const auto& [loc, v] : their_by_location) {
        std::string at = where + ": " + direction + " location " + std::to_string(loc);
        auto it = by_location.find(loc);
        if (it == by_location.end()) {
            cmp.error(at, "in the SPIR-V ('" + v->str("name") + "') but not in our reflection");
            continue;
        }
        const StageVariable& o = *it->second;
        if (!v->list("array").empty()) {
            cmp.error(at, "'" + o.name + "' is an array in the SPIR-V (" + v->str("type") + ")");
            continue;
        }
        // Stage variables are never booleans in SPIR-V; DXC makes them uint.
        std::string expected = glsl_name(o.scalar, o.components, 0,
                                         o.components == 1 ? ReflectedTypeKind::Scalar : ReflectedTypeKind::Vector);
        if (o.scalar == ScalarKind::Bool) expected = o.components == 1 ? "uint" : "uvec" + std::to_string(o.components);
        if (v->str("type") != expected)
            cmp.error(at, "'" + o.name + "' is " + expected + " in our reflection, " + v->str("type") + " in the SPIR-V");
    }
    for (const auto& [loc, o] : by_location)
        if (!their_by_location.count(loc))
            cmp.error(where, std::string(direction) + " '" + o->name + "' at location " + std::to_string(loc) +
                                 " is in our reflection but not in the SPIR-V");
}

// Everything we check about one entry point's module.
Errors compare_entry_point(const std::string& where, const Json& module, const ShaderReflection& refl,
                           const EntryPointInfo& ep, bool optimized) {
    Errors errors;
    Comparer cmp{module, errors};
    const std::vector<Json>& eps = module.list("entryPoints");
    if (eps.size() != 1 || eps[0].str("name") != ep.name) {
        cmp.error(where, "the SPIR-V does not hold exactly this one entry point");
        return errors;
    }
    const char* mode = ep.stage == Stage::Vertex ? "vert" : ep.stage == Stage::Pixel ? "frag" : "comp";
    if (eps[0].str("mode") != mode) cmp.error(where, "execution model " + eps[0].str("mode") + ", expected " + mode);
    if (ep.stage == Stage::Compute) {
        const std::vector<Json>& size = eps[0].list("workgroup_size");
        for (std::size_t i = 0; i < 3; ++i)
            if (size.size() != 3 || size[i].number != ep.workgroup_size[i])
                cmp.error(where, "workgroup size differs in dimension " + std::to_string(i));
    }
    compare_descriptors(cmp, where, refl, ep, optimized);
    compare_stage_variables(cmp, where, "input", ep.inputs, module.list("inputs"));
    compare_stage_variables(cmp, where, "output", ep.outputs, module.list("outputs"));
    return errors;
}

// ---------------------------------------------------------------------------------------------
// The corpus, with each file's header comments as options.

CompileOptions options_for(const fs::path& file) { return corpus::options_for(file); }
std::vector<fs::path> corpus_files() { return corpus::shader_files(); }

class TempFolder {
public:
    TempFolder() : path_(fs::temp_directory_path() / ("oneshader-spirv-cross-" + std::to_string(::getpid()))) {
        fs::create_directories(path_);
    }
    ~TempFolder() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

// Compares every blob of a compile with its entry point's reflection; counts what it compared.
void compare_result(const std::string& name, const CompileResult& result, const TempFolder& temp, bool optimized,
                    Errors& all, std::size_t& compared) {
    for (const ShaderBlob& blob : result.blobs) {
        const EntryPointInfo* ep = result.reflection->find_entry_point(blob.entry_point);
        std::string where = name + " " + blob.entry_point;
        if (!ep) {
            all.push_back(where + ": no entry point in the reflection");
            continue;
        }
        fs::path module = temp.path() / "module.spv";
        {
            std::ofstream out(module, std::ios::binary);
            out.write(reinterpret_cast<const char*>(blob.data.data()), static_cast<std::streamsize>(blob.data.size()));
        }
        std::optional<std::string> text = run_spirv_cross(module);
        if (!text) {
            all.push_back(where + ": spirv-cross could not read the module");
            continue;
        }
        std::optional<Json> json = JsonReader(*text).document();
        if (!json) {
            all.push_back(where + ": spirv-cross printed JSON the test cannot read");
            continue;
        }
        Errors errors = compare_entry_point(where, *json, *result.reflection, *ep, optimized);
        all.insert(all.end(), errors.begin(), errors.end());
        ++compared;
    }
}

std::string lines(const Errors& errors) {
    std::string report;
    for (const std::string& e : errors) report += e + "\n";
    return report;
}

// Layouts the corpus does not show: odd structured-buffer elements, non-square and row-major
// matrices, bools, nested structs and arrays in buffers, resource arrays.
constexpr const char* kLayoutShaders[] = {
    R"(StructuredBuffer<float3> In : register(t0);
RWStructuredBuffer<float3> Out : register(u0);
struct Odd { float3 a; float b; half2 pad; };
RWStructuredBuffer<uint2> Pairs : register(u1);
[shader("compute")] [numthreads(8, 4, 2)]
void main(uint i : SV_DispatchThreadID) { Out[i] = In[i]; Pairs[i] = uint2(i, i); })",
    R"(struct Light { float3 position; float range; float4 color; row_major float3x4 shape; };
cbuffer Scene : register(b0) {
    float2x3 skew;
    row_major float4x3 basis;
    column_major float3x2 flat;
    bool enabled;
    Light lights[3];
    float weights[4];
    int2 cells[2][3];
    uint count;
};
struct Inner { float a; float2 b; };
struct Outer { Inner items[2]; float3 tail; double d; };
StructuredBuffer<Outer> Records : register(t1);
RWStructuredBuffer<float4x4> Matrices : register(u0);
Texture2D<float4> Maps[4] : register(t2);
SamplerState Samplers[2] : register(s0);
RWTexture2D<float4> Images[2] : register(u1);
[shader("pixel")]
float4 main(float4 p : SV_Position, nointerpolation uint id : ID, float3x2 m : MATRIX) : SV_Target {
    float4 c = Maps[id & 3].Sample(Samplers[id & 1], p.xy) + Images[id & 1][uint2(p.xy)];
    if (enabled) c += float4(lights[id % 3].position, weights[id & 3]) + float4(mul(skew, float3(1, 2, 3)), 0, 0);
    c += float4(mul(float4(1, 1, 1, 1), basis), float(count + cells[1][2].x));
    c.xy += mul(float3(1, 0, 0), flat) + m[0];
    c += float4(Records[id].items[1].b, Records[id].tail.x, float(Records[id].d)) + mul(lights[0].shape, float4(1, 0, 0, 0)).xyzx;
    c += Matrices[id][2];
    return c;
})",
};

}  // namespace

TEST_CASE("spirv-cross reflect: the corpus's SPIR-V has the bindings, layouts and locations we reflect",
          "[driver][reflect][corpus]") {
    // -O0 first: the module then uses exactly what the reflection lists.
    bool optimized = GENERATE(false, true);
    INFO((optimized ? "optimizer on" : "optimizer off (-O0)"));
    // scripts/setup.sh installs it; a comparison that silently does nothing would hide regressions.
    if (!have_spirv_cross()) FAIL("spirv-cross is not installed: apt-get install spirv-cross");
    TempFolder temp;
    std::size_t compared = 0;
    Errors all;
    std::vector<std::string> not_compiled;
    for (const fs::path& file : corpus_files()) {
        std::string rel = fs::relative(file, fs::path(ONESHADER_SOURCE_DIR) / "corpus").generic_string();
        CompileOptions options = options_for(file);
        options.optimize = optimized;
        CompileResult result = compile_file(file.generic_string(), options);
        if (!result.ok() || !result.reflection) {
            // Which shaders compile is the compile tests' business; here only what did compile counts.
            not_compiled.push_back(rel);
            continue;
        }
        compare_result(rel, result, temp, optimized, all, compared);
    }
    std::string skipped;
    for (const std::string& f : not_compiled) skipped += f + " ";
    INFO("not compiled (not compared): " << skipped);
    INFO("compared " << compared << " entry points");
    CHECK(compared >= 140);
    CHECK(lines(all) == "");
}

TEST_CASE("spirv-cross reflect: strides, matrices, bools, nested and arrayed layouts", "[driver][reflect]") {
    bool optimized = GENERATE(false, true);
    INFO((optimized ? "optimizer on" : "optimizer off (-O0)"));
    // scripts/setup.sh installs it; a comparison that silently does nothing would hide regressions.
    if (!have_spirv_cross()) FAIL("spirv-cross is not installed: apt-get install spirv-cross");
    TempFolder temp;
    std::size_t compared = 0;
    Errors all;
    int n = 0;
    for (const char* source : kLayoutShaders) {
        std::string name = "layout shader " + std::to_string(++n);
        CompileOptions options;
        options.optimize = optimized;
        options.enable_16bit_types = true;
        CompileResult result = compile(source, name + ".hlsl", options);
        std::string diagnostics;
        for (const Diagnostic& d : result.diagnostics) diagnostics += d.to_string() + "\n";
        INFO(diagnostics);
        REQUIRE(result.ok());
        compare_result(name, result, temp, optimized, all, compared);
    }
    CHECK(compared == std::size(kLayoutShaders));
    CHECK(lines(all) == "");
}
