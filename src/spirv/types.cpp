// Types and constants. Scalars, vectors, matrices, pointers and functions are declared once per
// shape (SPIR-V forbids duplicates of non-aggregate types); structs once per HLSL struct, and
// explicitly laid-out structs and arrays once per layout node, so a struct in a buffer and the
// same struct in a local are different SPIR-V types (only the first may carry Offset decorations).
#include <bit>
#include <cstring>

#include "spirv/emitter.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {

using sema::ScalarKind;

bool is_float_type(const sema::Type* t) { return sema::is_float(t); }
bool is_signed_int_type(const sema::Type* t) { return sema::is_integer(t) && sema::is_signed(t); }
bool is_bool_type(const sema::Type* t) { return sema::is_bool(t); }
std::uint32_t bits_of(const sema::Type* t) {
    const sema::ScalarType* s = sema::component_type(t);
    return s ? s->bits : 0;
}
bool is_buffer_resource(const sema::ResourceType* r) {
    return sema::is_block_buffer(r->resource) || sema::is_structured_buffer(r->resource) ||
           sema::is_byte_address_buffer(r->resource);
}
std::uint32_t spirv_columns(const sema::MatrixType* m) { return m->rows >= 2 && m->cols >= 2 ? m->rows : 0; }

Id Emitter::type_of(spv::Op o, std::span<const std::uint32_t> operands) {
    const std::uint32_t opcode = static_cast<std::uint32_t>(o);
    Id& slot = types_by_shape_.slot(std::span<const std::uint32_t>(&opcode, 1), operands);
    if (slot) return slot;
    Id id = new_id();
    slot = id;
    globals_.add(o, {id}, operands);
    return id;
}

namespace {

// 16, 32, 64 -> 0, 1, 2; anything else has no cached slot.
int width_index(std::uint32_t bits) { return bits == 16 ? 0 : bits == 32 ? 1 : bits == 64 ? 2 : -1; }

}  // namespace

Id Emitter::type_void() {
    if (!void_type_) void_type_ = type_of(spv::Op::OpTypeVoid, {});
    return void_type_;
}
Id Emitter::type_bool() {
    if (!bool_type_) bool_type_ = type_of(spv::Op::OpTypeBool, {});
    return bool_type_;
}
Id Emitter::type_int(std::uint32_t bits, bool is_signed) {
    int w = width_index(bits);
    if (w >= 0 && int_types_[is_signed][w]) return int_types_[is_signed][w];
    if (bits == 16) capability(spv::Capability::Int16);
    if (bits == 64) capability(spv::Capability::Int64);
    Id id = type_of(spv::Op::OpTypeInt, {bits, is_signed ? 1u : 0u});
    if (w >= 0) int_types_[is_signed][w] = id;
    return id;
}
Id Emitter::type_float(std::uint32_t bits) {
    int w = width_index(bits);
    if (w >= 0 && float_types_[w]) return float_types_[w];
    if (bits == 16) capability(spv::Capability::Float16);
    if (bits == 64) capability(spv::Capability::Float64);
    Id id = type_of(spv::Op::OpTypeFloat, {bits});
    if (w >= 0) float_types_[w] = id;
    return id;
}
Id Emitter::type_vector(Id component, std::uint32_t count) {
    return count == 1 ? component : type_of(spv::Op::OpTypeVector, {component, count});
}
Id Emitter::type_pointer(spv::StorageClass sc, Id pointee) {
    return type_of(spv::Op::OpTypePointer, {static_cast<std::uint32_t>(sc), pointee});
}
Id Emitter::type_function(Id result, std::span<const Id> params) {
    Operands ops{result};
    ops.insert(ops.end(), params.begin(), params.end());
    return type_of(spv::Op::OpTypeFunction, ops);
}
Id Emitter::type_sampler() { return type_of(spv::Op::OpTypeSampler, {}); }
Id Emitter::sampled_image_type(Id image) { return type_of(spv::Op::OpTypeSampledImage, {image}); }

Id Emitter::type_scalar(const sema::ScalarType* s) {
    switch (s->scalar) {
    case ScalarKind::Bool: return type_bool();
    case ScalarKind::Int: case ScalarKind::Int16: case ScalarKind::Int64: case ScalarKind::Min16Int:
    case ScalarKind::Min12Int:
        return type_int(s->bits, true);
    case ScalarKind::UInt: case ScalarKind::UInt16: case ScalarKind::UInt64: case ScalarKind::Min16UInt:
        return type_int(s->bits, false);
    case ScalarKind::Float: case ScalarKind::Double: case ScalarKind::Half: case ScalarKind::Min16Float:
    case ScalarKind::Min10Float:
        return type_float(s->bits);
    case ScalarKind::LiteralInt: case ScalarKind::LiteralFloat: break;
    }
    fail(support::DiagCode::spirv_malformed_input, "a literal-typed value reached the SPIR-V backend");
    return type_int(32, true);
}

Id Emitter::component_type_of(const sema::Type* t) {
    const sema::ScalarType* s = sema::component_type(t);
    if (!s) {
        fail(support::DiagCode::spirv_malformed_input, "a component type was expected");
        return type_float(32);
    }
    return type_scalar(s);
}

bool Emitter::is_matrix(const sema::Type* t) const {
    const auto* m = t->value_type()->as<sema::MatrixType>();
    return m && spirv_columns(m) != 0;
}

bool Emitter::is_float_matrix(const sema::Type* t) const {
    return is_matrix(t) && sema::is_float(t);
}

void Emitter::unsupported_integer_matrix(const sema::TypeLayout* l) {
    // DXC refuses these too ("externally initialized non-floating-point column-major matrices"):
    // rows are the SPIR-V arrays' elements, and column-major memory does not hold rows.
    std::string what = std::string("'").append(sema::type_name(l->type->value_type())).append("'");
    if (!layout_member_.empty()) what += " (member '" + std::string(layout_member_) + "')";
    fail(support::DiagCode::spirv_not_supported_yet,
         "SPIR-V: the integer or bool matrix " + what + " is stored column_major in a buffer, which is not "
         "supported (SPIR-V has no integer matrices; DXC and oneshader store them as arrays of rows); declare it "
         "row_major or compile with -Zpr");
}

Id Emitter::value_type(const sema::Type* t) {
    // The answer for a type never changes, and its first computation already declared everything
    // it needed (and reported what it could not do), so later calls may just look it up.
    if (const Id* known = value_types_.find(t)) return *known;
    Id id = value_type_uncached(t);
    value_types_.set(t, id);
    return id;
}

Id Emitter::value_type_uncached(const sema::Type* t) {
    t = t->value_type();
    switch (t->kind()) {
    case sema::TypeKind::Void: return type_void();
    case sema::TypeKind::Scalar: return type_scalar(t->as<sema::ScalarType>());
    case sema::TypeKind::Vector: {
        const auto* v = t->as<sema::VectorType>();
        return type_vector(type_scalar(v->element), v->count);
    }
    case sema::TypeKind::Matrix: {
        const auto* m = t->as<sema::MatrixType>();
        Id component = type_scalar(m->element);
        if (m->rows == 1 || m->cols == 1) return type_vector(component, m->rows * m->cols);
        // SPIR-V matrices hold floats only: the others are arrays of their rows, as in DXC. Either
        // way HLSL row i is element i, so extracts, access chains and row-wise arithmetic agree.
        if (!sema::is_float_kind(m->element->scalar))
            return type_of(spv::Op::OpTypeArray, {type_vector(component, m->cols), constant_u32(m->rows)});
        // HLSL rows are SPIR-V columns: the matrix is stored transposed (docs/spirv.md).
        return type_of(spv::Op::OpTypeMatrix, {type_vector(component, m->cols), m->rows});
    }
    case sema::TypeKind::Array: {
        const auto* a = t->as<sema::ArrayType>();
        if (a->length == 0) {
            unsupported("unsized arrays outside buffers");
            return type_void();
        }
        return type_of(spv::Op::OpTypeArray, {value_type(a->element), constant_u32(a->length)});
    }
    case sema::TypeKind::Struct: return struct_value_type(t->as<sema::StructType>());
    case sema::TypeKind::Resource: {
        const auto* r = t->as<sema::ResourceType>();
        if (sema::is_sampler(r->resource)) return type_sampler();
        if (sema::is_texture(r->resource) || sema::is_typed_buffer(r->resource))
            return image_type(r, spv::ImageFormat::Unknown);
        unsupported("a buffer resource used as a value");
        return type_void();
    }
    case sema::TypeKind::Function:
    case sema::TypeKind::Pointer: break;
    }
    fail(support::DiagCode::spirv_malformed_input, "a pointer or function type used as a value type");
    return type_void();
}

Id Emitter::struct_value_type(const sema::StructType* s) {
    if (const Id* known = struct_values_.find(s)) return *known;
    Operands members;
    std::vector<std::string_view> names;
    if (s->base) {
        members.push_back(value_type(s->base));
        names.push_back("base");
    }
    for (const sema::StructMember& m : s->members) {
        if (sema::contains_resource(m.type)) unsupported("structs with resource members");
        members.push_back(value_type(m.type));
        names.push_back(m.name.str());
    }
    Id id = new_id();
    globals_.add(spv::Op::OpTypeStruct, {id}, members);
    struct_values_.get_or_insert(s, id);
    name(id, s->name.str());
    for (std::uint32_t i = 0; i < names.size(); ++i) member_name(id, i, names[i]);
    return id;
}

Id Emitter::runtime_array(Id element, std::uint32_t stride) {
    auto key = std::make_pair(element, stride);
    auto it = runtime_arrays_.find(key);
    if (it != runtime_arrays_.end()) return it->second;
    Id id = new_id();
    globals_.add(spv::Op::OpTypeRuntimeArray, {id, element});
    decorate(id, spv::Decoration::ArrayStride, {stride});
    runtime_arrays_.emplace(key, id);
    return id;
}

Id Emitter::layout_type(const sema::TypeLayout* l) {
    if (const Id* known = layouts_by_node_.find(l)) return *known;
    Id id = 0;
    auto scalar_id = [&]() -> Id {
        if (l->scalar == ScalarKind::Bool) {
            // OpTypeBool has no size: the raise list (bools_in_buffers) makes these uints.
            fail(support::DiagCode::spirv_malformed_input,
                 "a bool in buffer memory the raise list did not convert (run spirv::raise first)");
            return type_int(32, false);
        }
        const sema::ScalarType* s = sema::component_type(l->type->value_type());
        if (!s) s = types().scalar(l->scalar);
        return type_scalar(s);
    };
    switch (l->kind) {
    case sema::LayoutKind::Scalar: id = scalar_id(); break;
    case sema::LayoutKind::Vector: id = type_vector(scalar_id(), l->components); break;
    case sema::LayoutKind::Matrix: {
        Id component = scalar_id();
        if (!sema::is_float_kind(l->scalar)) {
            // An array of rows with the row stride; a bool matrix is a uint one by now.
            if (l->packing != MatrixPacking::RowMajor) unsupported_integer_matrix(l);
            id = new_id();
            globals_.add(spv::Op::OpTypeArray, {id, type_vector(component, l->columns), constant_u32(l->rows)});
            decorate(id, spv::Decoration::ArrayStride, {l->matrix_stride});
            break;
        }
        id = type_of(spv::Op::OpTypeMatrix, {type_vector(component, l->columns), l->rows});
        break;
    }
    case sema::LayoutKind::Array: {
        Id element = layout_type(l->element);
        if (l->length == 0) {
            id = runtime_array(element, l->stride);
        } else {
            id = new_id();
            globals_.add(spv::Op::OpTypeArray, {id, element, constant_u32(l->length)});
            decorate(id, spv::Decoration::ArrayStride, {l->stride});
        }
        break;
    }
    case sema::LayoutKind::Struct: id = struct_layout_type(l); break;
    }
    layouts_by_node_.get_or_insert(l, id);
    return id;
}

Id Emitter::layout_member_type(const sema::MemberLayout& m) {
    std::string_view outer = layout_member_;
    layout_member_ = m.name;  // for unsupported_integer_matrix's message
    Id id = layout_type(m.type);
    layout_member_ = outer;
    return id;
}

Id Emitter::struct_layout_type(const sema::TypeLayout* l) {
    Operands members;
    for (const sema::MemberLayout& m : l->members) members.push_back(layout_member_type(m));
    Id id = new_id();
    globals_.add(spv::Op::OpTypeStruct, {id}, members);
    name(id, l->name);
    for (std::uint32_t i = 0; i < l->members.size(); ++i) {
        const sema::MemberLayout& m = l->members[i];
        member_name(id, i, m.source_index == sema::MemberLayout::kBaseMember ? std::string_view("base") : m.name);
        decorate_member_layout(id, i, m.offset, m.type);
    }
    return id;
}

void Emitter::decorate_member_layout(Id structure, std::uint32_t index, std::uint32_t offset,
                                     const sema::TypeLayout* l) {
    member_decorate(structure, index, spv::Decoration::Offset, {offset});
    while (l->kind == sema::LayoutKind::Array) l = l->element;
    // Integer matrices are arrays of rows, which take ArrayStride instead.
    if (l->kind != sema::LayoutKind::Matrix || !sema::is_float_kind(l->scalar)) return;
    member_decorate(structure, index, spv::Decoration::MatrixStride, {l->matrix_stride});
    // Transposed storage: an HLSL column-major matrix is a SPIR-V row-major one.
    member_decorate(structure, index,
                    l->packing == MatrixPacking::ColumnMajor ? spv::Decoration::RowMajor : spv::Decoration::ColMajor);
}

Id Emitter::image_type(const sema::ResourceType* r, spv::ImageFormat format) {
    using sema::ResourceKind;
    const sema::ScalarType* s = r->element ? sema::component_type(r->element) : nullptr;
    Id sampled = s ? type_scalar(s) : type_float(32);
    if (s && s->scalar == ScalarKind::Bool) unsupported("textures of bool");
    bool storage = sema::is_storage_texture(r->resource) || r->resource == ResourceKind::RWBuffer;
    spv::Dim dim = spv::Dim::Dim2D;
    switch (r->resource) {
    case ResourceKind::Texture1D: case ResourceKind::Texture1DArray: case ResourceKind::RWTexture1D:
    case ResourceKind::RWTexture1DArray:
        dim = spv::Dim::Dim1D;
        capability(storage ? spv::Capability::Image1D : spv::Capability::Sampled1D);
        break;
    case ResourceKind::Texture3D: case ResourceKind::RWTexture3D: dim = spv::Dim::Dim3D; break;
    case ResourceKind::TextureCube: dim = spv::Dim::Cube; break;
    case ResourceKind::TextureCubeArray:
        dim = spv::Dim::Cube;
        capability(spv::Capability::SampledCubeArray);
        break;
    case ResourceKind::Buffer:
        dim = spv::Dim::Buffer;
        capability(spv::Capability::SampledBuffer);
        break;
    case ResourceKind::RWBuffer:
        dim = spv::Dim::Buffer;
        capability(spv::Capability::ImageBuffer);
        break;
    case ResourceKind::SubpassInput:
    case ResourceKind::SubpassInputMS:
        // As DXC: read without a sampler (Sampled 2), format Unknown, which SubpassData needs no capability for.
        dim = spv::Dim::SubpassData;
        storage = true;
        capability(spv::Capability::InputAttachment);
        break;
    default: break;
    }
    // Depth 2 ("not known"), as DXC writes: the same image may be sampled with and without a reference.
    return type_of(spv::Op::OpTypeImage,
                   {sampled, static_cast<std::uint32_t>(dim), 2u, sema::is_arrayed(r->resource) ? 1u : 0u,
                    sema::is_multisampled(r->resource) || r->resource == ResourceKind::SubpassInputMS ? 1u : 0u,
                    storage ? 2u : 1u,
                    static_cast<std::uint32_t>(format)});
}

// --- constants -----------------------------------------------------------------------------------

Id Emitter::constant_of(spv::Op o, Id type, std::span<const std::uint32_t> operands) {
    const std::uint32_t head[2] = {static_cast<std::uint32_t>(o), type};
    Id& slot = constants_by_shape_.slot(head, operands);
    if (slot) return slot;
    Id id = new_id();
    slot = id;
    globals_.add(o, {type, id}, operands);
    return id;
}

Id Emitter::constant_u32(std::uint32_t v) { return constant_of(spv::Op::OpConstant, type_int(32, false), {v}); }
Id Emitter::constant_i32(std::int32_t v) {
    return constant_of(spv::Op::OpConstant, type_int(32, true), {static_cast<std::uint32_t>(v)});
}
Id Emitter::constant_f32(float v) {
    return constant_of(spv::Op::OpConstant, type_float(32), {std::bit_cast<std::uint32_t>(v)});
}

Id Emitter::constant_scalar(const sema::ScalarType* s, std::uint64_t bits) {
    Id type = type_scalar(s);
    if (s->scalar == ScalarKind::Bool)
        return constant_of(bits ? spv::Op::OpConstantTrue : spv::Op::OpConstantFalse, type, {});
    if (s->bits == 64)
        return constant_of(spv::Op::OpConstant, type,
                           {static_cast<std::uint32_t>(bits), static_cast<std::uint32_t>(bits >> 32)});
    if (s->bits == 16) {
        // Narrow literals are sign-extended for signed integers, zero-extended otherwise.
        std::uint32_t w = static_cast<std::uint32_t>(bits & 0xFFFF);
        if (sema::is_integer_kind(s->scalar) && sema::is_signed_kind(s->scalar) && (w & 0x8000)) w |= 0xFFFF0000u;
        return constant_of(spv::Op::OpConstant, type, {w});
    }
    return constant_of(spv::Op::OpConstant, type, {static_cast<std::uint32_t>(bits)});
}

Id Emitter::constant_null(Id type) { return constant_of(spv::Op::OpConstantNull, type, {}); }
Id Emitter::constant_composite(Id type, std::span<const Id> parts) {
    return constant_of(spv::Op::OpConstantComposite, type, parts);
}
Id Emitter::constant_composite_splat(Id type, Id part, std::uint32_t count) {
    Operands parts;
    parts.assign(count, part);
    return constant_composite(type, parts);
}
Id Emitter::undef(Id type) { return constant_of(spv::Op::OpUndef, type, {}); }

Id Emitter::constant_splat(const sema::Type* like, std::uint64_t bits) {
    const sema::ScalarType* s = sema::component_type(like);
    Id scalar = constant_scalar(s, bits);
    std::uint32_t n = 1;
    if (const auto* v = like->value_type()->as<sema::VectorType>()) n = v->count;
    // A 1 x N or N x 1 matrix is a vector in SPIR-V.
    if (const auto* m = like->value_type()->as<sema::MatrixType>(); m && !is_matrix(m)) n = std::uint32_t(m->rows) * m->cols;
    if (n == 1) return scalar;
    return constant_composite_splat(type_vector(type_scalar(s), n), scalar, n);
}

Id Emitter::constant(const ir::Constant* c) {
    // Constants are interned by the module: one object, one id.
    if (const Id* known = constants_.find(c)) return *known;
    Id id = constant_uncached(c);
    constants_.set(c, id);
    return id;
}

Id Emitter::constant_uncached(const ir::Constant* c) {
    const sema::Type* t = c->type()->value_type();
    switch (c->constant_kind) {
    case ir::ConstantKind::Scalar: {
        const auto* s = t->as<sema::ScalarType>();
        if (!s) {
            fail(support::DiagCode::spirv_malformed_input, "a scalar constant of a non-scalar type");
            return undef(value_type(t));
        }
        return constant_scalar(s, c->bits);
    }
    case ir::ConstantKind::Zero: return constant_null(value_type(t));
    case ir::ConstantKind::Undef: return undef(value_type(t));
    case ir::ConstantKind::Composite: break;
    }
    // One-component vectors and one-row/column matrices have no composite form of their own.
    if (const auto* v = t->as<sema::VectorType>(); v && v->count == 1 && !c->elements.empty())
        return constant(c->elements[0]);
    if (const auto* m = t->as<sema::MatrixType>(); m && m->rows == 1 && !c->elements.empty())
        return constant(c->elements[0]);
    Operands parts;
    for (const ir::Constant* e : c->elements) parts.push_back(constant(e));
    return constant_composite(value_type(t), parts);
}

Id Emitter::spec_constant(const ir::SpecConstant* c) {
    if (const Id* known = spec_ids_.find(c)) return *known;
    const auto* s = c->type()->as<sema::ScalarType>();
    Id id = new_id();
    if (!s || s->bits != 32) {
        unsupported("specialization constants other than 32-bit scalars and bool");
        return undef(value_type(c->type()));
    }
    Id type = type_scalar(s);
    std::uint64_t bits = c->default_value ? c->default_value->bits : 0;
    if (s->scalar == ScalarKind::Bool)
        globals_.add(bits ? spv::Op::OpSpecConstantTrue : spv::Op::OpSpecConstantFalse, {type, id});
    else
        globals_.add(spv::Op::OpSpecConstant, {type, id, static_cast<std::uint32_t>(bits)});
    decorate(id, spv::Decoration::SpecId, {c->id});
    name(id, c->name());
    spec_ids_.get_or_insert(c, id);
    return id;
}

}  // namespace oneshader::spirv
