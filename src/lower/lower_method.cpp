// Resource methods. Texture methods become the texture opcodes with the resource pointers as
// operands and texel offsets as immediates (they must be constants); buffer methods become
// access chains, byte-address loads and stores, atomics on a 32-bit word of a byte-address buffer
// (a one-index access chain), and the append/consume protocol on the hidden counter:
//   Append(v):  slot = atomic add counter[0], 1;           buffer[slot] = v
//   Consume():  old  = atomic add counter[0], 0xFFFFFFFF;  result = buffer[old - 1]
//   IncrementCounter(): atomic add counter[0], 1 (the old value); DecrementCounter(): atomic sub 1, minus 1
// GetDimensions stores query results into its out arguments, converted to their types.
#include <fmt/format.h>

#include "lower/lowerer.hpp"
#include "sema/intrinsic_table.hpp"

namespace oneshader::lower {

bool Lowerer::constant_offset(const BExpr* e, IndexList& out) {
    ConstValueList values;
    if (!const_scalars(e, values, 0)) {
        failed_ = true;
        diags_.report(support::DiagCode::lower_offset_not_constant, e->range,
                      "A texel offset must be a constant expression, such as int2(1, 0); compute the coordinate "
                      "instead when the offset changes at run time.");
        return false;
    }
    for (const sema::ConstValue& v : values) out.push_back(v.as_int());
    return true;
}

ir::Value* Lowerer::method(const sema::BMethodCall* e) {
    const sema::MethodInfo* row = sema::method_row(e->id, e->overload);
    if (!row) {
        unsupported(e->range, fmt::format("the method '{}'", e->name.str()));
        return nullptr;
    }
    Place res = place(e->object);
    if (res.kind != Place::Kind::Pointer) {
        if (res.ok()) unsupported(e->range, fmt::format("'{}' on this object", row->name));
        return nullptr;
    }
    const auto* r = res.ptr->type()->as<sema::PointerType>()->pointee->as<sema::ResourceType>();
    if (!r) {
        unsupported(e->range, fmt::format("'{}' on something that is not a resource", row->name));
        return nullptr;
    }
    if (row->name == "GetDimensions") return get_dimensions(e, r, res.ptr, e->params);
    if (sema::is_subpass_input(r->resource)) {
        // SubpassLoad reads the texel under the fragment: a load at the fixed coordinate (0, 0), which
        // SPIR-V defines as relative to the fragment; the multisampled form names the sample.
        const Type* int2 = types_.vector(sema::ScalarKind::Int, 2);
        ir::Constant* zero[] = {int_c(0), int_c(0)};
        ValueList ops{res.ptr, m_.composite_constant(int2, zero)};
        if (!e->args.empty()) ops.push_back(convert(rvalue(e->args[0]), scalar(sema::ScalarKind::Int)));
        return b_.texture(ir::Opcode::TextureLoad, concrete(e->type), ops);
    }
    if (sema::is_texture(r->resource) || sema::is_typed_buffer(r->resource))
        return texture_method(e, r, res.ptr, row->name, e->params);
    return buffer_method(e, r, res.ptr, row->name, e->params);
}

ir::Value* Lowerer::texture_method(const sema::BMethodCall* e, const sema::ResourceType* r, ir::Value* tex,
                                   std::string_view name, std::span<const sema::ParamType> params) {
    using O = ir::Opcode;
    const Type* texel = concrete(e->type);
    auto args = e->args;
    // With `out uint status` (the last argument) the operation is the sparse form: its result is the struct
    // {code, texel}; the code goes to the status argument and the texel is the call's value.
    const sema::BExpr* status = nullptr;
    if (e->sparse_type && !args.empty() && !params.empty() && params.back().direction != sema::ParamDirection::In) {
        status = args.back();
        args = args.first(args.size() - 1);
    }
    const Type* result = status ? static_cast<const Type*>(e->sparse_type) : texel;
    auto finish = [&](ir::Value* v) -> ir::Value* {
        if (!v || !status) return v;
        store_out(status, b_.extract(v, {0}));
        return b_.extract(v, {1});
    };
    auto sampler = [&](std::size_t k) -> ir::Value* {
        Place s = place(args[k]);
        if (s.kind != Place::Kind::Pointer) return nullptr;
        return s.ptr;
    };
    // Sampling: (sampler, coordinate, extra operands..., [offset]).
    // Sampling: (sampler, coordinate, extra operands..., [offset, [lod clamp]]); the clamp is the last operand.
    auto sample = [&](O op, std::size_t extra) -> ir::Value* {
        std::size_t fixed = 2 + extra;
        if (args.size() > fixed + 2) {
            unsupported(e->range, fmt::format("'{}' with these arguments", name));
            return nullptr;
        }
        ir::Value* s = sampler(0);
        if (!s) {
            unsupported(e->range, "a sampler that is not a resource variable");
            return nullptr;
        }
        ValueList ops{tex, s};
        for (std::size_t k = 1; k < fixed; ++k) ops.push_back(rvalue(args[k]));
        IndexList imm;
        if (args.size() > fixed && !constant_offset(args[fixed], imm)) return nullptr;
        if (args.size() > fixed + 1) ops.push_back(convert(rvalue(args[fixed + 1]), scalar(sema::ScalarKind::Float)));
        return finish(b_.texture(op, result, ops, imm));
    };
    if (name == "Sample") return sample(O::TextureSample, 0);
    if (name == "SampleBias") return sample(O::TextureSampleBias, 1);
    if (name == "SampleLevel") return sample(O::TextureSampleLevel, 1);
    if (name == "SampleGrad") return sample(O::TextureSampleGrad, 2);
    if (name == "SampleCmp") return sample(O::TextureSampleCompare, 1);
    if (name == "SampleCmpLevelZero") return sample(O::TextureSampleCompareLevelZero, 1);
    if (name == "GatherCmp" || name == "GatherCmpRed") return sample(O::TextureGatherCompare, 1);
    if (name == "GatherCmpGreen" || name == "GatherCmpBlue" || name == "GatherCmpAlpha") {
        // No target gathers a comparison of another channel: SPIR-V's OpImageDrefGather, Metal's
        // gather_compare and WGSL's textureGatherCompare compare the first one (DXC refuses these for Vulkan).
        failed_ = true;
        diags_.report(support::DiagCode::lower_unsupported, e->range,
                      fmt::format("'{}' is not supported: a comparison gather compares the first channel only on "
                                  "every target. Use GatherCmp on a texture that holds that channel first.",
                                  name));
        return nullptr;
    }
    if (name == "CalculateLevelOfDetail" || name == "CalculateLevelOfDetailUnclamped") {
        ir::Value* s = sampler(0);
        if (!s || args.size() != 2) return nullptr;
        ir::Value* ops[] = {tex, s, rvalue(args[1])};
        // The query gives (level the sampler would use, level unclamped), as OpImageQueryLod.
        ir::Value* lod = b_.texture(O::TextureQueryLod, types_.vector(sema::ScalarKind::Float, 2), ops);
        return b_.extract(lod, {name == "CalculateLevelOfDetail" ? 0 : 1});
    }
    if (name == "Gather" || name == "GatherRed" || name == "GatherGreen" || name == "GatherBlue" ||
        name == "GatherAlpha") {
        if (args.size() > 3) {
            unsupported(e->range, fmt::format("'{}' with four offsets", name));
            return nullptr;
        }
        std::int64_t component = name == "GatherGreen" ? 1 : name == "GatherBlue" ? 2 : name == "GatherAlpha" ? 3 : 0;
        ir::Value* s = sampler(0);
        if (!s) return nullptr;
        ir::Value* ops[] = {tex, s, rvalue(args[1])};
        IndexList imm{component};
        if (args.size() == 3 && !constant_offset(args[2], imm)) return nullptr;
        return finish(b_.texture(O::TextureGather, result, ops, imm));
    }
    if (name == "Load") {
        if (args.empty()) return nullptr;
        ir::Value* loc = rvalue(args[0]);
        ValueList ops{tex};
        std::size_t offset_arg = 1;
        if (sema::is_multisampled(r->resource)) {
            if (args.size() < 2) return nullptr;
            ops.push_back(loc);
            ops.push_back(rvalue(args[1]));
            offset_arg = 2;
        } else if (sema::is_storage_texture(r->resource) || sema::is_typed_buffer(r->resource)) {
            ops.push_back(loc);
        } else {
            // The last component of a mipmapped texture's location is the mip level.
            std::uint32_t n = sema::component_count(loc->type());
            IndexList comps;
            for (std::uint32_t i = 0; i + 1 < n; ++i) comps.push_back(i);
            ops.push_back(b_.swizzle(loc, comps));
            ops.push_back(b_.swizzle(loc, IndexList{std::int64_t(n - 1)}));
        }
        IndexList imm;
        if (args.size() > offset_arg && !constant_offset(args[offset_arg], imm)) return nullptr;
        return finish(b_.texture(O::TextureLoad, result, ops, imm));
    }
    unsupported(e->range, fmt::format("the texture method '{}'", name));
    return nullptr;
}

ir::Value* Lowerer::buffer_method(const sema::BMethodCall* e, const sema::ResourceType* r, ir::Value* buf,
                                  std::string_view name, std::span<const sema::ParamType> params) {
    const Type* result = concrete(e->type);
    auto args = e->args;
    const Type* uint_t = scalar(sema::ScalarKind::UInt);
    if (name.starts_with("Load") && !params.empty() && params.back().direction != sema::ParamDirection::In) {
        // Sparse residency exists for images only (SPIR-V's OpImageSparse*), not for buffer memory.
        failed_ = true;
        diags_.report(support::DiagCode::lower_unsupported, e->range,
                      fmt::format("'{}' with a status argument is not supported on a buffer: residency status exists "
                                  "only for textures. Drop the status argument.",
                                  name));
        return nullptr;
    }
    if (sema::is_structured_buffer(r->resource)) {
        if (name == "Load" && args.size() == 1) return b_.load(access(buf, {rvalue(args[0])}));
        ir::Global* g = buf->as<ir::Global>();
        ir::Value* counter = g ? counter_of(g) : nullptr;
        if (!counter && g) {
            unsupported(e->range, fmt::format("'{}' on a buffer without a counter", name));
            return nullptr;
        }
        if (!counter) {
            // Through a reference, an array element or a heap read: legalize_resources (opt/)
            // replaces this with the counter of the buffer the reference resolves to.
            ir::Value* ops[] = {buf};
            counter = b_.make(ir::Opcode::CounterOf,
                              types_.pointer(sema::AddressSpace::StorageBuffer,
                                             types_.resource(sema::ResourceKind::RWByteAddressBuffer)),
                              ops);
        }
        ir::Value* word = access(counter, {uint_c(0)});
        if (name == "Append" && args.size() == 1) {
            ir::Value* value = rvalue(args[0]);
            ir::Value* ops[] = {word, uint_c(1)};
            ir::Value* slot = b_.atomic_rmw(ir::AtomicOp::Add, ops);
            Place element{Place::Kind::Pointer, access(buf, {slot})};  // before the conversion: source order
            store(element, convert(value, concrete(r->element)));
            return nullptr;
        }
        if (name == "DecrementCounter") {
            // As DXC: an atomic subtract of 1, whose old value minus 1 is the counter after the call.
            ir::Value* ops[] = {word, uint_c(1)};
            return b_.sub(b_.atomic_rmw(ir::AtomicOp::Sub, ops), uint_c(1));
        }
        if (name == "Consume" || name == "IncrementCounter") {
            bool up = name == "IncrementCounter";
            ir::Value* ops[] = {word, uint_c(up ? 1u : 0xFFFFFFFFu)};
            ir::Value* old = b_.atomic_rmw(ir::AtomicOp::Add, ops);
            if (up) return old;
            return b_.load(access(buf, {b_.sub(old, uint_c(1))}));
        }
    }
    if (sema::is_byte_address_buffer(r->resource)) {
        if (name == "Load" || name == "Load2" || name == "Load3" || name == "Load4") {
            if (args.size() != 1) {
                unsupported(e->range, fmt::format("'{}' with a status argument (tiled resources)", name));
                return nullptr;
            }
            ir::Value* ops[] = {buf, convert(rvalue(args[0]), uint_t)};
            return b_.texture(ir::Opcode::ByteAddressLoad, result, ops);
        }
        if ((name == "Store" || name == "Store2" || name == "Store3" || name == "Store4") && args.size() == 2) {
            ir::Value* ops[] = {buf, convert(rvalue(args[0]), uint_t), rvalue(args[1])};
            b_.texture(ir::Opcode::ByteAddressStore, types_.void_type(), ops);
            return nullptr;
        }
        if (name.starts_with("Interlocked") && args.size() >= 2) {
            // The destination is a byte address; the atomic works on its 32-bit word.
            ir::Value* address = convert(rvalue(args[0]), uint_t);
            ir::Value* word = access(buf, {b_.binary(ir::Opcode::Shr, address, uint_c(2))});
            const Type* vt = concrete(args[1]->type);
            bool is_min_max = name == "InterlockedMin" || name == "InterlockedMax";
            bool float_form = name.ends_with("Float") || name.ends_with("FloatBitwise");
            if (!float_form && vt != uint_t && (!sema::is_integer(vt) || sema::bit_width(vt) != 32)) {
                unsupported(e->range, fmt::format("'{}' with a non-32-bit value on a byte-address buffer", name));
                return nullptr;
            }
            // A signed min/max compares the word as an int (OpAtomicSMin/SMax, as DXC): the atomic's
            // value and result are ints on the uint word.
            if (is_min_max && vt != uint_t && sema::is_signed(vt)) {
                ir::Value* ops[] = {word, convert(rvalue(args[1]), scalar(sema::ScalarKind::Int))};
                ir::Value* old = b_.atomic_rmw(name == "InterlockedMin" ? ir::AtomicOp::Min : ir::AtomicOp::Max, ops);
                if (args.size() > 2) store(place(args[2]), convert(old, concrete(args[2]->type)));
                return nullptr;
            }
            auto to_word = [&](const BExpr* a) {
                ir::Value* v = rvalue(a);
                return v->type() == uint_t ? v : static_cast<ir::Value*>(b_.bitcast(v, uint_t));
            };
            auto from_word = [&](ir::Value* v, const BExpr* target) {
                const Type* tt = concrete(target->type);
                return tt == uint_t ? v : static_cast<ir::Value*>(b_.bitcast(v, tt));
            };
            if (name.starts_with("InterlockedCompareExchange") || name.starts_with("InterlockedCompareStore")) {
                if (args.size() < 3) return nullptr;
                ir::Value* ops[] = {word, to_word(args[1]), to_word(args[2])};
                ir::Value* old = b_.atomic_compare_exchange(ops);
                if (args.size() > 3) store(place(args[3]), from_word(old, args[3]));
                return nullptr;
            }
            ir::AtomicOp op = name == "InterlockedAnd"      ? ir::AtomicOp::And
                              : name == "InterlockedOr"     ? ir::AtomicOp::Or
                              : name == "InterlockedXor"    ? ir::AtomicOp::Xor
                              : name == "InterlockedMin"    ? ir::AtomicOp::Min
                              : name == "InterlockedMax"    ? ir::AtomicOp::Max
                              : name.starts_with("InterlockedExchange") ? ir::AtomicOp::Exchange
                                                              : ir::AtomicOp::Add;
            ir::Value* ops[] = {word, to_word(args[1])};
            ir::Value* old = b_.atomic_rmw(op, ops);
            if (args.size() > 2) store(place(args[2]), from_word(old, args[2]));
            return nullptr;
        }
    }
    unsupported(e->range, fmt::format("the buffer method '{}'", name));
    return nullptr;
}

ir::Value* Lowerer::get_dimensions(const sema::BMethodCall* e, const sema::ResourceType* r, ir::Value* res,
                                   std::span<const sema::ParamType> params) {
    auto args = e->args;
    const Type* uint_t = scalar(sema::ScalarKind::UInt);
    auto put = [&](std::size_t k, ir::Value* v) {
        if (k < args.size()) store_out(args[k], v);
    };
    if (sema::is_structured_buffer(r->resource)) {
        ir::Value* ops[] = {res};
        put(0, b_.texture(ir::Opcode::BufferLength, uint_t, ops));
        put(1, uint_c(r->element ? layouts_.structured_stride(r->element) : 0));
        return nullptr;
    }
    if (sema::is_byte_address_buffer(r->resource)) {
        ir::Value* ops[] = {res};
        put(0, b_.texture(ir::Opcode::BufferLength, uint_t, ops));
        return nullptr;
    }
    // Textures and typed buffers: [mip,] sizes..., [levels | samples].
    std::size_t first_out = 0;
    ir::Value* mip = nullptr;
    if (!params.empty() && params[0].direction == sema::ParamDirection::In) {
        mip = convert(rvalue(args[0]), uint_t);
        first_out = 1;
    }
    std::size_t outs = args.size() - first_out;
    bool counts_levels = mip != nullptr;
    bool counts_samples = sema::is_multisampled(r->resource);
    std::size_t sizes = outs - ((counts_levels || counts_samples) ? 1 : 0);
    if (sizes == 0 || sizes > 4) {
        unsupported(e->range, "this form of GetDimensions");
        return nullptr;
    }
    const Type* size_t_ = sizes == 1 ? uint_t : types_.vector(sema::ScalarKind::UInt, static_cast<std::uint32_t>(sizes));
    ValueList ops{res};
    if (mip) ops.push_back(mip);
    ir::Value* size = b_.texture(ir::Opcode::TextureQuerySize, size_t_, ops);
    for (std::size_t k = 0; k < sizes; ++k) put(first_out + k, sizes == 1 ? size : b_.extract(size, {std::int64_t(k)}));
    if (counts_levels || counts_samples) {
        ir::Value* q[] = {res};
        put(first_out + sizes, b_.texture(counts_levels ? ir::Opcode::TextureQueryLevels : ir::Opcode::TextureQuerySamples,
                                          uint_t, q));
    }
    return nullptr;
}

}  // namespace oneshader::lower
