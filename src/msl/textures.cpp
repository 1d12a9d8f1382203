// Textures, samplers, byte-address buffers, atomics and barriers. Texture types come from the
// resource kind and from use (spec: textures used with comparison sampling are depth textures;
// storage textures get read, write or read_write access); array layers are split from the
// coordinate; atomics cast the address to atomic_int/atomic_uint with relaxed ordering, and
// compare-exchange loops over spurious failure.
#include <fmt/compile.h>
#include <fmt/format.h>

#include "msl/printer.hpp"
#include "types/types_query.hpp"
#include "textgen/format.hpp"

namespace oneshader::msl {

using ir::Opcode;
using sema::ResourceKind;

namespace {

bool is_array_kind(ResourceKind k) {
    return k == ResourceKind::Texture1DArray || k == ResourceKind::Texture2DArray ||
           k == ResourceKind::Texture2DMSArray || k == ResourceKind::TextureCubeArray ||
           k == ResourceKind::RWTexture1DArray || k == ResourceKind::RWTexture2DArray;
}

// Coordinate components without the layer.
std::uint32_t coordinate_lanes(ResourceKind k) {
    switch (k) {
    case ResourceKind::Texture1D:
    case ResourceKind::Texture1DArray:
    case ResourceKind::RWTexture1D:
    case ResourceKind::RWTexture1DArray:
    case ResourceKind::Buffer:
    case ResourceKind::RWBuffer: return 1;
    case ResourceKind::Texture3D:
    case ResourceKind::RWTexture3D:
    case ResourceKind::TextureCube:
    case ResourceKind::TextureCubeArray: return 3;
    default: return 2;
    }
}

std::string swizzle(std::uint32_t from, std::uint32_t n) { return std::string("xyzw").substr(from, n); }

const ir::Global* global_of(const ir::Value* v) {
    while (const auto* i = v->as<ir::Instruction>()) {
        if (i->opcode != Opcode::AccessChain) break;
        v = i->operands[0];
    }
    return v->as<ir::Global>();
}

const sema::ResourceType* resource_type(const ir::Value* v) {
    const sema::Type* t = v->type();
    if (const auto* p = t->as<sema::PointerType>()) t = p->pointee;
    t = t->value_type();
    if (const auto* a = t->as<sema::ArrayType>()) t = a->element;
    return t->as<sema::ResourceType>();
}

}  // namespace

std::string Printer::texture_type(const ir::Global* g, const sema::ResourceType* r) {
    if (sema::is_sampler(r->resource)) return "sampler";
    const sema::ScalarType* e = r->element ? sema::component_type(r->element) : nullptr;
    std::string elem = e ? scalar_name(e) : "float";
    if (elem == "bool") elem = "uint";
    bool depth = g && compare_textures_.count(g);
    std::string access;
    if (sema::is_storage_texture(r->resource) || r->resource == ResourceKind::RWBuffer) {
        bool w = g && written_textures_.count(g), rd = g && read_textures_.count(g);
        access = w && rd ? "access::read_write" : w ? "access::write" : "access::read";
    } else if (r->resource == ResourceKind::Buffer) {
        access = "access::read";
    }
    std::string base;
    switch (r->resource) {
    case ResourceKind::Texture1D:
    case ResourceKind::RWTexture1D: base = "texture1d"; break;
    case ResourceKind::Texture1DArray:
    case ResourceKind::RWTexture1DArray: base = "texture1d_array"; break;
    case ResourceKind::Texture2D:
    case ResourceKind::RWTexture2D: base = depth ? "depth2d" : "texture2d"; break;
    case ResourceKind::Texture2DArray:
    case ResourceKind::RWTexture2DArray: base = depth ? "depth2d_array" : "texture2d_array"; break;
    case ResourceKind::Texture2DMS: base = "texture2d_ms"; break;
    case ResourceKind::Texture2DMSArray: base = "texture2d_ms_array"; break;
    case ResourceKind::Texture3D:
    case ResourceKind::RWTexture3D: base = "texture3d"; break;
    case ResourceKind::TextureCube: base = depth ? "depthcube" : "texturecube"; break;
    case ResourceKind::TextureCubeArray: base = depth ? "depthcube_array" : "texturecube_array"; break;
    case ResourceKind::Buffer:
    case ResourceKind::RWBuffer: base = "texture_buffer"; break;
    default: base = "texture2d"; break;
    }
    if (depth && (base == "texture1d" || base == "texture1d_array" || base == "texture3d")) {
        unsupported("comparison sampling on 1D and 3D textures");
        return base;
    }
    if (depth) elem = "float";
    return access.empty() ? base + "<" + elem + ">" : base + "<" + elem + ", " + access + ">";
}

std::string Printer::texture_expr(const ir::Instruction* i) {
    const Opcode o = i->opcode;
    auto op = [&](std::size_t k) { return expr(i->operands[k]); };
    if (o == Opcode::ByteAddressLoad || o == Opcode::ByteAddressStore) {
        std::string buf = place(i->operands[0]) ? place(i->operands[0])->lvalue : "0";
        std::string word = "(" + op(1) + " >> 2u)";
        const sema::Type* t = (o == Opcode::ByteAddressLoad ? i->type() : i->operands[2]->type())->value_type();
        std::uint32_t n = sema::component_count(t);
        if (!sema::is_basic(t) || t->is<sema::MatrixType>() || sema::bit_width(t) != 32) {
            unsupported("byte-address loads and stores of anything but 32-bit scalars and vectors");
            return "0";
        }
        std::string utype = n == 1 ? "uint" : textgen::format(FMT_COMPILE("uint{}"), n);
        if (o == Opcode::ByteAddressLoad) {
            std::string words;
            for (std::uint32_t k = 0; k < n; ++k)
                words += (k ? ", " : "") + (k ? textgen::format(FMT_COMPILE("{}[{} + {}u]"), buf, word, k) : buf + "[" + word + "]");
            std::string u = n == 1 ? words : utype + "(" + words + ")";
            return type_name(t) == utype ? u : "as_type<" + type_name(t) + ">(" + u + ")";
        }
        std::string tmp = local_names_.fresh("word");
        out_.format_line(FMT_COMPILE("{} {} = as_type<{}>({});"), utype, tmp, utype, op(2));
        std::string text;
        std::string w = local_names_.fresh("at");
        out_.format_line(FMT_COMPILE("uint {} = {};"), w, word);
        for (std::uint32_t k = 0; k < n; ++k) {
            if (k) text += "; ";
            text += textgen::format(FMT_COMPILE("{}[{} + {}u] = {}{}"), buf, w, k, tmp, n == 1 ? "" : "." + swizzle(k, 1));
        }
        return text;
    }
    if (o == Opcode::BufferLength) {
        unsupported("GetDimensions on structured and byte-address buffers (Metal cannot query a buffer's length)",
                    "Pass the length in a constant buffer");
        return "0";
    }
    const sema::ResourceType* r = resource_type(i->operands[0]);
    const ir::Global* g = global_of(i->operands[0]);
    if (!r) {
        fail(support::DiagCode::msl_malformed_input, "a texture operation on something that is not a texture");
        return "0";
    }
    if (i->type()->is<sema::StructType>()) {
        unsupported("the status argument of sampling and loads (sparse residency; Metal's sparse_sample is not "
                    "written by this backend)",
                    "Drop the status argument");
        return "0";
    }
    if (ir::has_lod_clamp(o, i->operands.size())) {
        unsupported("the level-of-detail clamp argument of sampling", "Drop the clamp argument, or clamp the level with SampleLevel or SampleGrad");
        return "0";
    }
    std::string tex = expr(i->operands[0]);
    if (auto p = place(i->operands[0])) tex = p->lvalue;
    const ResourceKind k = r->resource;
    const bool arrayed = is_array_kind(k);
    const std::uint32_t lanes = coordinate_lanes(k);
    const bool cube = k == ResourceKind::TextureCube || k == ResourceKind::TextureCubeArray;
    const bool depth = g && compare_textures_.count(g);
    const sema::Type* rt = i->type()->value_type();
    std::uint32_t result_lanes = sema::component_count(rt);
    std::string offset;
    auto offsets = [&]() {
        if (i->immediates.empty()) return std::string();
        if (cube || lanes == 1) {
            unsupported("texel offsets on cube and 1D textures");
            return std::string();
        }
        std::string args;
        std::size_t first = o == Opcode::TextureGather ? 1 : 0;
        for (std::size_t n = first; n < i->immediates.size(); ++n)
            args += (n > first ? ", " : "") + std::to_string(i->immediates[n]);
        return textgen::format(FMT_COMPILE("int{}({})"), lanes, args);
    };
    // Sampling coordinates: the layer split off and rounded (HLSL rounds the array coordinate).
    auto sample_coords = [&](const std::string& c) {
        if (!arrayed) return c;
        std::string xy = lanes == 1 ? c + ".x" : c + "." + swizzle(0, lanes);
        return textgen::format(FMT_COMPILE("{}, uint(rint({}.{}))"), xy, c, swizzle(lanes, 1));
    };
    // Reading texels gives four components; narrower results take the first ones.
    auto narrow = [&](const std::string& e, bool scalar_source) {
        if (scalar_source) return result_lanes == 1 ? e : type_name(rt) + "(" + e + ")";
        if (result_lanes == 4) return e;
        return e + "." + swizzle(0, result_lanes);
    };
    switch (o) {
    case Opcode::TextureSample:
    case Opcode::TextureSampleBias:
    case Opcode::TextureSampleLevel:
    case Opcode::TextureSampleGrad: {
        std::string c = op(2);
        std::string args = op(1) + ", " + sample_coords(c);
        if (o == Opcode::TextureSampleBias) args += ", bias(" + op(3) + ")";
        if (o == Opcode::TextureSampleLevel) args += ", level(" + op(3) + ")";
        if (o == Opcode::TextureSampleGrad) {
            const char* g2 = cube ? "gradientcube" : lanes == 3 ? "gradient3d" : "gradient2d";
            if (lanes == 1) {
                unsupported("gradient sampling of 1D textures");
                return "0";
            }
            args += textgen::format(FMT_COMPILE(", {}({}, {})"), g2, op(3), op(4));
        }
        offset = offsets();
        if (!offset.empty()) args += ", " + offset;
        return narrow(tex + ".sample(" + args + ")", depth);
    }
    case Opcode::TextureSampleCompare:
    case Opcode::TextureSampleCompareLevelZero: {
        std::string args = op(1) + ", " + sample_coords(op(2)) + ", " + op(3);
        if (o == Opcode::TextureSampleCompareLevelZero) args += ", level(0)";
        offset = offsets();
        if (!offset.empty()) {
            if (o == Opcode::TextureSampleCompare) args += ", bias(0.0f)";
            args += ", " + offset;
        }
        return narrow(tex + ".sample_compare(" + args + ")", true);
    }
    case Opcode::TextureGather: {
        std::int64_t component = i->immediates.empty() ? 0 : i->immediates[0];
        std::string args = op(1) + ", " + sample_coords(op(2));
        offset = offsets();
        args += ", " + (offset.empty() ? textgen::format(FMT_COMPILE("int{}(0)"), lanes) : offset);
        args += std::string(", component::") + "xyzw"[component & 3];
        return tex + ".gather(" + args + ")";
    }
    case Opcode::TextureGatherCompare: {
        std::string args = op(1) + ", " + sample_coords(op(2)) + ", " + op(3);
        offset = offsets();
        if (!offset.empty()) args += ", " + offset;
        return tex + ".gather_compare(" + args + ")";
    }
    case Opcode::TextureLoad: {
        std::string c = op(1);
        offset = offsets();
        std::uint32_t total = lanes + (arrayed ? 1 : 0);
        std::string coord = lanes == 1 ? (total == 1 ? c : c + ".x") : c + "." + swizzle(0, lanes);
        if (total == lanes && lanes > 1) coord = c;
        if (!offset.empty()) coord = "(" + coord + " + " + offset + ")";
        std::string args = (lanes == 1 ? "uint(" : textgen::format(FMT_COMPILE("uint{}("), lanes)) + coord + ")";
        if (arrayed) args += ", uint(" + c + "." + swizzle(lanes, 1) + ")";
        bool storage = sema::is_storage_texture(k) || k == ResourceKind::RWBuffer || k == ResourceKind::Buffer;
        if (i->operands.size() > 2 && !storage) args += ", uint(" + op(2) + ")";
        return narrow(tex + ".read(" + args + ")", depth);
    }
    case Opcode::TextureStore: {
        std::string c = op(1);
        std::uint32_t total = lanes + (arrayed ? 1 : 0);
        std::string coord = total == lanes ? c : (lanes == 1 ? c + ".x" : c + "." + swizzle(0, lanes));
        std::string args;
        const sema::Type* vt = i->operands[2]->type()->value_type();
        std::uint32_t n = sema::component_count(vt);
        const sema::ScalarType* e = sema::component_type(vt);
        std::string four = e ? scalar_name(e) + "4" : "float4";
        std::string v = op(2);
        if (n == 1) v = four + "(" + v + ")";
        else if (n < 4) {
            std::string pad;
            for (std::uint32_t m = n; m < 4; ++m) pad += ", " + scalar_literal(e, 0);
            v = four + "(" + v + pad + ")";
        }
        args = v + ", " + (lanes == 1 ? "uint(" : textgen::format(FMT_COMPILE("uint{}("), lanes)) + coord + ")";
        if (arrayed) args += ", uint(" + c + "." + swizzle(lanes, 1) + ")";
        return tex + ".write(" + args + ")";
    }
    case Opcode::TextureQuerySize: {
        bool storage = sema::is_storage_texture(k) || sema::is_multisampled(k) || sema::is_typed_buffer(k);
        std::string lod = storage || i->operands.size() < 2 ? "" : "uint(" + op(1) + ")";
        std::vector<std::string> parts = {tex + ".get_width(" + lod + ")"};
        if (lanes >= 2 && !cube) parts.push_back(tex + ".get_height(" + lod + ")");
        if (cube) parts.push_back(tex + ".get_height(" + lod + ")");
        if (lanes == 3 && !cube) parts.push_back(tex + ".get_depth(" + lod + ")");
        if (arrayed) parts.push_back(tex + ".get_array_size()");
        std::string args;
        for (std::size_t m = 0; m < parts.size() && m < result_lanes; ++m) args += (m ? ", " : "") + parts[m];
        return result_lanes == 1 ? type_name(rt) + "(" + args + ")" : type_name(rt) + "(" + args + ")";
    }
    case Opcode::TextureQueryLevels: return type_name(rt) + "(" + tex + ".get_num_mip_levels())";
    case Opcode::TextureQuerySamples: return type_name(rt) + "(" + tex + ".get_num_samples())";
    case Opcode::TextureQueryLod: {
        std::string c = op(2);
        std::string s = op(1);
        if (result_lanes == 2)
            return textgen::format(FMT_COMPILE("float2({0}.calculate_clamped_lod({1}, {2}), {0}.calculate_unclamped_lod({1}, {2}))"), tex, s, c);
        return textgen::format(FMT_COMPILE("{}.calculate_clamped_lod({}, {})"), tex, s, c);
    }
    default: break;
    }
    fail(support::DiagCode::msl_malformed_input, "a texture instruction the printer does not know");
    return "0";
}

std::string Printer::atomic_pointer(const Place& p, const sema::Type* t) {
    const sema::ScalarType* s = sema::component_type(t);
    bool is_signed = s && sema::is_integer_kind(s->scalar) && sema::is_signed_kind(s->scalar);  // a float: its bits
    bool wide = s && s->bits == 64;
    std::string atom = wide ? "atomic_ulong" : is_signed ? "atomic_int" : "atomic_uint";
    std::string space = p.space == sema::AddressSpace::Workgroup ? "threadgroup" : "device";
    if (p.space != sema::AddressSpace::Workgroup && p.space != sema::AddressSpace::StorageBuffer)
        fail(support::DiagCode::msl_malformed_input, "an atomic on memory that is neither a buffer nor groupshared");
    return textgen::format(FMT_COMPILE("({} {}*)&{}"), space, atom, p.lvalue);
}

void Printer::atomic_statement(const ir::Instruction* i, const std::string& result) {
    std::optional<Place> p = place(i->operands[0]);
    if (!p) return;
    if (p->texture || i->operands.size() == (i->opcode == Opcode::AtomicRmw ? 3u : 4u)) {
        unsupported("atomics on textures (Metal 3.1 has them, MSL 2.4 does not)", "Use a buffer");
        return;
    }
    const sema::Type* t = p->type->value_type();
    const sema::ScalarType* s = sema::component_type(t);
    std::string tn = type_name(t);
    if (s && s->bits == 64) {
        bool ok = i->opcode == Opcode::AtomicRmw && result.empty() && s->scalar == sema::ScalarKind::UInt64 &&
                  p->space == sema::AddressSpace::StorageBuffer && !i->immediates.empty() &&
                  (static_cast<ir::AtomicOp>(i->immediates[0]) == ir::AtomicOp::Max ||
                   static_cast<ir::AtomicOp>(i->immediates[0]) == ir::AtomicOp::Min);
        // The result is unused when nothing reads the instruction (the printer binds it otherwise).
        if (!ok) {
            fail(support::DiagCode::msl_64bit_types,
                 "Metal 2.4 supports 64-bit atomics only as unsigned InterlockedMax / InterlockedMin on a buffer "
                 "without using the returned value. Use that form, 32-bit atomics, or compile this shader for "
                 "SPIR-V only.");
            return;
        }
        bool max = static_cast<ir::AtomicOp>(i->immediates[0]) == ir::AtomicOp::Max;
        out_.format_line(FMT_COMPILE("atomic_{}_explicit({}, {}, memory_order_relaxed);"), max ? "max" : "min",
                              atomic_pointer(*p, t), expr(i->operands[1]));
        return;
    }
    // A signed min/max on a uint word (a byte-address buffer's) compares the word as an int.
    std::string ptr = atomic_pointer(*p, sema::is_integer(i->type()) ? i->type() : t);
    if (i->opcode == Opcode::AtomicRmw) {
        const char* fn = "atomic_fetch_add_explicit";
        switch (static_cast<ir::AtomicOp>(i->immediates.empty() ? 0 : i->immediates[0])) {
        case ir::AtomicOp::Add: fn = "atomic_fetch_add_explicit"; break;
        case ir::AtomicOp::Sub: fn = "atomic_fetch_sub_explicit"; break;
        case ir::AtomicOp::And: fn = "atomic_fetch_and_explicit"; break;
        case ir::AtomicOp::Or: fn = "atomic_fetch_or_explicit"; break;
        case ir::AtomicOp::Xor: fn = "atomic_fetch_xor_explicit"; break;
        case ir::AtomicOp::Min: fn = "atomic_fetch_min_explicit"; break;
        case ir::AtomicOp::Max: fn = "atomic_fetch_max_explicit"; break;
        case ir::AtomicOp::Exchange: fn = "atomic_exchange_explicit"; break;
        }
        // A float (SM 6.6's InterlockedExchange) swaps its bits through atomic_uint: MSL 2.4 has no atomic_float.
        bool as_bits = s && s->scalar == sema::ScalarKind::Float;
        std::string v = as_bits ? "as_type<uint>(" + expr(i->operands[1]) + ")" : expr(i->operands[1]);
        std::string call = textgen::format(FMT_COMPILE("{}({}, {}, memory_order_relaxed)"), fn, ptr, v);
        if (as_bits) call = "as_type<float>(" + call + ")";
        std::string result_type = sema::is_integer(i->type()) ? type_name(i->type()) : tn;
        out_.line(result.empty() ? call + ";" : result_type + " " + result + " = " + call + ";");
        return;
    }
    // Compare-exchange: a weak exchange that fails spuriously leaves the comparand in place.
    std::string cmp = local_names_.fresh("comparand");
    std::string old = result.empty() ? local_names_.fresh("original") : result;
    out_.format_line(FMT_COMPILE("{} {} = {};"), tn, cmp, expr(i->operands[1]));
    out_.format_line(FMT_COMPILE("{} {} = {};"), tn, old, cmp);
    out_.format_line(FMT_COMPILE("while (!atomic_compare_exchange_weak_explicit({}, &{}, {}, memory_order_relaxed, "
                          "memory_order_relaxed) && {} == {}) {{"),
                          ptr, old, expr(i->operands[2]), old, cmp);
    out_.line("}");
}

std::string Printer::barrier(const ir::Instruction* i) {
    std::uint32_t flags = i->immediates.empty() ? 0 : static_cast<std::uint32_t>(i->immediates[0]);
    std::string mem;
    if (flags & ir::kBarrierWorkgroupMemory) mem = "mem_flags::mem_threadgroup";
    if (flags & ir::kBarrierDeviceMemory)
        mem += std::string(mem.empty() ? "" : " | ") + "mem_flags::mem_device | mem_flags::mem_texture";
    if (mem.empty()) mem = "mem_flags::mem_none";
    // MSL 2.4 has no memory-only fence: every barrier synchronizes the threadgroup (spec: "Known deviations").
    return "threadgroup_barrier(" + mem + ")";
}

}  // namespace oneshader::msl
