// Textures and samplers. Array layers are a separate WGSL argument (rounded from the float
// coordinate when sampling); WGSL texel loads have no offset, so one is added to the coordinate;
// results narrow from vec4 to the HLSL texel type. A texture sampled with a comparison sampler is
// a depth texture (module.cpp declares it so), whose samples are scalars.
#include <fmt/compile.h>
#include <fmt/format.h>

#include "types/types_query.hpp"
#include "wgsl/printer.hpp"
#include "textgen/format.hpp"

namespace oneshader::wgsl {

namespace {

const char* kLetters = "xyzw";

std::string components(const std::string& v, std::uint32_t from, std::uint32_t n) {
    return v + "." + std::string(kLetters + from, n);
}

}  // namespace

std::string Printer::texture_expression(const ir::Instruction* i) {
    using O = ir::Opcode;
    const ir::Global* g = root_global(i->operands[0]);
    const sema::ResourceType* r = g ? g->value_type()->as<sema::ResourceType>() : nullptr;
    if (refused_resource(g)) return "0";
    if (!g || !r) {
        malformed("a texture operand that is not a texture variable");
        return "0";
    }
    if (i->type()->is<sema::StructType>()) {
        refuse("WebGPU has no sparse (partially resident) textures; drop the status argument");
        return "0";
    }
    if (ir::has_lod_clamp(i->opcode, i->operands.size())) {
        refuse("WGSL's sampling has no level-of-detail clamp; drop the clamp argument, or clamp the level with "
               "SampleLevel or SampleGrad");
        return "0";
    }
    std::string tex = global_name(g);
    bool depth = is_depth_texture(g);
    bool arrayed = sema::is_arrayed(r->resource);
    bool cube = r->resource == sema::ResourceKind::TextureCube || r->resource == sema::ResourceKind::TextureCubeArray;
    const sema::Type* result = i->type();
    std::uint32_t want = sema::component_count(result);
    const sema::ScalarType* rs = sema::component_type(result);
    // Narrows a vec4 (or a depth scalar) result to the instruction's type.
    auto narrow = [&](const std::string& e, bool scalar_result) {
        std::string v = e;
        if (!scalar_result && want < 4) v = want == 1 ? v + ".x" : components(v, 0, want);
        if (scalar_result && want > 1) v = type(result) + "(" + v + ")";
        std::string t = type(result);
        std::string natural = scalar_result || want == 1 ? "" : "";
        (void)natural;
        return v;
    };
    std::span<const std::int64_t> imm(i->immediates.data(), i->immediates.size());
    auto offset_arg = [&](std::span<const std::int64_t> o) -> std::string {
        if (o.empty()) return "";
        if (cube) {
            refuse("WGSL has no texel offsets on cube textures; offset the direction instead");
            return "";
        }
        if (o.size() == 1) return textgen::format(FMT_COMPILE(", {}i"), o[0]);
        std::string s = textgen::format(FMT_COMPILE(", vec{}<i32>("), o.size());
        for (std::size_t k = 0; k < o.size(); ++k) s += textgen::format(FMT_COMPILE("{}{}i"), k ? ", " : "", o[k]);
        return s + ")";
    };
    // The coordinate split into position and (for arrays) the layer.
    auto coords = [&](const ir::Value* c, bool sampled) {
        std::string v = value(c);
        std::uint32_t n = sema::component_count(c->type());
        if (!arrayed) return v;
        std::uint32_t pos = n - 1;
        std::string layer = pos < 4 ? std::string(v + "." + kLetters[pos]) : v;
        std::string p = pos == 1 ? v + ".x" : components(v, 0, pos);
        if (sampled) layer = "i32(round(" + layer + "))";
        return p + ", " + layer;
    };
    const ir::Value* sampler_op = i->operands.size() > 1 ? i->operands[1] : nullptr;
    auto sampler = [&]() { return global_name(root_global(sampler_op)); };
    switch (i->opcode) {
        case O::TextureSample:
        case O::TextureSampleBias:
        case O::TextureSampleLevel:
        case O::TextureSampleGrad: {
            if (i->opcode != O::TextureSampleLevel && i->opcode != O::TextureSampleGrad) derivatives_ = true;
            if (i->opcode == O::TextureSample || i->opcode == O::TextureSampleBias) {
                if (entry_.stage != ir::ShaderStage::Pixel)
                    refuse("WGSL: implicit-level sampling (Sample, SampleBias) is available only in pixel shaders; use "
                           "SampleLevel");
            }
            std::string fn = i->opcode == O::TextureSample       ? "textureSample"
                             : i->opcode == O::TextureSampleBias ? "textureSampleBias"
                             : i->opcode == O::TextureSampleLevel ? "textureSampleLevel"
                                                                   : "textureSampleGrad";
            std::string e = fn + "(" + tex + ", " + sampler() + ", " + coords(i->operands[2], true);
            if (i->opcode == O::TextureSampleBias || i->opcode == O::TextureSampleLevel) {
                std::string lv = value(i->operands[3]);
                if (depth && i->opcode == O::TextureSampleLevel) lv = "i32(" + lv + ")";
                if (depth && i->opcode == O::TextureSampleBias) refuse("WGSL cannot sample a depth texture with a bias");
                e += ", " + lv;
            } else if (i->opcode == O::TextureSampleGrad) {
                e += ", " + value(i->operands[3]) + ", " + value(i->operands[4]);
            }
            e += offset_arg(imm) + ")";
            return narrow(e, depth);
        }
        case O::TextureSampleCompare:
        case O::TextureSampleCompareLevelZero: {
            if (i->opcode == O::TextureSampleCompare) derivatives_ = true;
            std::string fn = i->opcode == O::TextureSampleCompare ? "textureSampleCompare" : "textureSampleCompareLevel";
            std::string e = fn + "(" + tex + ", " + sampler() + ", " + coords(i->operands[2], true) + ", " +
                            value(i->operands[3]) + offset_arg(imm) + ")";
            return narrow(e, true);
        }
        case O::TextureGather: {
            std::int64_t component = imm.empty() ? 0 : imm[0];
            std::span<const std::int64_t> rest = imm.empty() ? imm : imm.subspan(1);
            std::string e = depth ? "textureGather(" : textgen::format(FMT_COMPILE("textureGather({}, "), component);
            e += tex + ", " + sampler() + ", " + coords(i->operands[2], true) + offset_arg(rest) + ")";
            return narrow(e, false);
        }
        case O::TextureGatherCompare: {
            std::string e = "textureGatherCompare(" + tex + ", " + sampler() + ", " + coords(i->operands[2], true) +
                            ", " + value(i->operands[3]) + offset_arg(imm) + ")";
            return narrow(e, false);
        }
        case O::TextureLoad: {
            bool storage = sema::is_storage_texture(r->resource);
            std::string c = value(i->operands[1]);
            if (!imm.empty()) {
                // The offset added to the position part, zero for the layer.
                std::uint32_t n = sema::component_count(i->operands[1]->type());
                const sema::ScalarType* cs = sema::component_type(i->operands[1]->type());
                bool is_unsigned = cs && cs->scalar == sema::ScalarKind::UInt;
                std::string off = n > 1 ? textgen::format(FMT_COMPILE("vec{}<{}>("), n, is_unsigned ? "u32" : "i32") : "";
                for (std::uint32_t k = 0; k < n; ++k) {
                    std::int64_t o = k < imm.size() ? imm[k] : 0;
                    off += (k ? ", " : "") + (is_unsigned ? textgen::format(FMT_COMPILE("bitcast<u32>({}i)"), o) : textgen::format(FMT_COMPILE("{}i"), o));
                }
                if (n > 1) off += ")";
                c = "(" + c + " + " + off + ")";
            }
            // The coordinate value may carry the layer as its last component.
            std::string e;
            std::uint32_t n = sema::component_count(i->operands[1]->type());
            std::string pos = c, layer;
            if (arrayed) {
                std::uint32_t p = n - 1;
                pos = textgen::cat('(', c, ").", std::string_view(kLetters, p == 1 ? 1 : p));
                layer = "(" + c + ")." + kLetters[p];
            }
            e = "textureLoad(" + tex + ", " + pos;
            if (arrayed) e += ", " + layer;
            if (!storage) e += ", " + (i->operands.size() > 2 ? value(i->operands[2]) : std::string("0"));
            e += ")";
            return narrow(e, depth);
        }
        case O::TextureQuerySize: {
            bool storage = sema::is_storage_texture(r->resource);
            bool ms = sema::is_multisampled(r->resource);
            std::string lv = !storage && !ms && i->operands.size() > 1 ? ", " + value(i->operands[1]) : "";
            std::string dims = "textureDimensions(" + tex + lv + ")";
            std::string u = dims;
            std::uint32_t base = r->resource == sema::ResourceKind::Texture1D || r->resource == sema::ResourceKind::RWTexture1D
                                     ? 1
                                 : r->resource == sema::ResourceKind::Texture3D || r->resource == sema::ResourceKind::RWTexture3D
                                     ? 3
                                     : 2;
            if (arrayed) {
                u = textgen::format(FMT_COMPILE("vec{}<u32>({}, textureNumLayers({}))"), base + 1, dims, tex);
                base += 1;
            }
            const sema::Type* ut = base == 1 ? static_cast<const sema::Type*>(module_.types().scalar(sema::ScalarKind::UInt))
                                             : module_.types().vector(sema::ScalarKind::UInt, base);
            if (want < base) u = want == 1 ? u + ".x" : components(u, 0, want);
            if (want == base) return convert(u, ut, result);
            return type(result) + "(" + u + ")";
        }
        case O::TextureQueryLevels:
            return convert("textureNumLevels(" + tex + ")", module_.types().scalar(sema::ScalarKind::UInt), result);
        case O::TextureQuerySamples:
            return convert("textureNumSamples(" + tex + ")", module_.types().scalar(sema::ScalarKind::UInt), result);
        case O::TextureQueryLod:
            refuse("CalculateLevelOfDetail is not available in WGSL; pass the level explicitly with SampleLevel");
            return "0";
        default: break;
    }
    (void)rs;
    malformed("an unknown texture instruction");
    return "0";
}

void Printer::texture_store(const ir::Instruction* i) {
    const ir::Global* g = root_global(i->operands[0]);
    const sema::ResourceType* r = g ? g->value_type()->as<sema::ResourceType>() : nullptr;
    if (refused_resource(g)) return;
    if (!g || !r || !sema::is_storage_texture(r->resource)) {
        malformed("a texture store to something other than a storage texture");
        return;
    }
    std::string c = value(i->operands[1]);
    std::uint32_t n = sema::component_count(i->operands[1]->type());
    std::string pos = c;
    if (sema::is_arrayed(r->resource)) {
        std::uint32_t p = n - 1;
        pos = textgen::cat(c, '.', std::string_view(kLetters, p == 1 ? 1 : p), ", ", c, '.', kLetters[p]);
    }
    const sema::Type* vt = i->operands[2]->type();
    std::uint32_t vn = sema::component_count(vt);
    const sema::ScalarType* s = sema::component_type(vt);
    std::string st = type(s);
    std::string v = value(i->operands[2]);
    if (vn < 4) {
        std::string pad;
        for (std::uint32_t k = vn; k < 4; ++k) pad += ", " + st + "(0)";
        v = textgen::format(FMT_COMPILE("vec4<{}>({}{})"), st, v, pad);
    }
    out().line_of("textureStore(", global_name(g), ", ", pos, ", ", v, ");");
}

}  // namespace oneshader::wgsl
