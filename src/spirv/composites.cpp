// Composites: construct, extract, insert, swizzles, splats and the matrix product. HLSL matrices
// are SPIR-V matrices transposed (HLSL row i is SPIR-V column i), which makes extract and
// construct by row direct and turns mul(v, M) into M * v (docs/spirv.md). One-row/column matrices
// and one-component vectors are vectors and scalars in SPIR-V, so their indices disappear.
#include "ir/type_rules.hpp"
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {
namespace {

using ir::Opcode;
using spv::Op;

// The SPIR-V index path for an IR composite path; `t` ends as the element type.
Operands spirv_path(sema::TypeContext& types, const sema::Type*& t, std::span<const std::int64_t> path) {
    Operands out;
    for (std::int64_t k : path) {
        const sema::Type* vt = t->value_type();
        auto index = static_cast<std::uint32_t>(k);
        if (const auto* v = vt->as<sema::VectorType>()) {
            if (v->count > 1) out.push_back(index);
            t = v->element;
        } else if (const auto* m = vt->as<sema::MatrixType>()) {
            if (m->rows == 1) {
                t = types.vector(m->element, m->cols);
            } else if (m->cols == 1) {
                out.push_back(index);
                t = types.vector(m->element, 1);  // a one-component row: its own index disappears
            } else {
                out.push_back(index);
                t = types.vector(m->element, m->cols);
            }
        } else {
            out.push_back(index);
            t = ir::composite_element_type(types, vt, k);
            if (!t) return out;
        }
    }
    return out;
}

}  // namespace

bool Emitter::emit_composite(const ir::Instruction* i) {
    switch (i->opcode) {
    case Opcode::CompositeConstruct: {
        const sema::Type* t = i->type()->value_type();
        Id type = value_type(t);
        Operands parts;
        for (const ir::Value* p : i->operands) parts.push_back(value(p));
        const auto* v = t->as<sema::VectorType>();
        const auto* m = t->as<sema::MatrixType>();
        bool flat_vector = (v && v->count > 1) || (m && spirv_columns(m) == 0 && m->rows * m->cols > 1);
        if ((v && v->count == 1) || (m && m->rows * m->cols == 1)) {
            define(i, parts.empty() ? undef(type) : parts[0]);
            return true;
        }
        if (flat_vector && v) {
            // Vector parts are fine as they are: OpCompositeConstruct takes scalars and vectors.
            define(i, op_result(Op::OpCompositeConstruct, type, parts));
            return true;
        }
        if (flat_vector || (m && parts.size() != m->rows)) {
            // Scalars and vectors in order; a matrix made of scalars gets its rows built first.
            Operands scalars;
            for (std::size_t k = 0; k < parts.size(); ++k) {
                const sema::Type* pt = i->operands[k]->type()->value_type();
                std::uint32_t n = sema::component_count(pt);
                if (pt->is<sema::MatrixType>() && is_matrix(pt)) {
                    unsupported("building a matrix from matrices");
                    return true;
                }
                if (n == 1) {
                    scalars.push_back(parts[k]);
                } else {
                    for (std::uint32_t c = 0; c < n; ++c)
                        scalars.push_back(op_result(Op::OpCompositeExtract, component_type_of(pt), {parts[k], c}));
                }
            }
            if (flat_vector) {
                define(i, op_result(Op::OpCompositeConstruct, type, scalars));
                return true;
            }
            if (scalars.size() != static_cast<std::size_t>(m->rows) * m->cols) {
                fail(support::DiagCode::spirv_malformed_input, "a matrix built from the wrong number of components");
                return true;
            }
            Id row_type = value_type(types().vector(m->element, m->cols));
            Operands rows;
            for (std::uint32_t r = 0; r < m->rows; ++r) {
                Operands row(scalars.begin() + r * m->cols, scalars.begin() + (r + 1) * m->cols);
                rows.push_back(op_result(Op::OpCompositeConstruct, row_type, row));
            }
            define(i, op_result(Op::OpCompositeConstruct, type, rows));
            return true;
        }
        define(i, op_result(Op::OpCompositeConstruct, type, parts));
        return true;
    }
    case Opcode::CompositeExtract: {
        const sema::Type* t = i->operands[0]->type();
        Operands path = spirv_path(types(), t, i->immediates);
        Id v = value(i->operands[0]);
        if (path.empty()) {
            define(i, v);
            return true;
        }
        path.insert(path.begin(), v);
        define(i, op_result(Op::OpCompositeExtract, value_type(i->type()), path));
        return true;
    }
    case Opcode::CompositeInsert: {
        const sema::Type* t = i->operands[0]->type();
        Operands path = spirv_path(types(), t, i->immediates);
        Id element = value(i->operands[1]);
        if (path.empty()) {
            define(i, element);
            return true;
        }
        path.insert(path.begin(), value(i->operands[0]));
        path.insert(path.begin(), element);
        define(i, op_result(Op::OpCompositeInsert, value_type(i->type()), path));
        return true;
    }
    case Opcode::Swizzle:
    case Opcode::VectorShuffle: {
        bool shuffle = i->opcode == Opcode::VectorShuffle;
        const sema::Type* a_type = i->operands[0]->type()->value_type();
        std::uint32_t a_count = sema::component_count(a_type);
        Id a = value(i->operands[0]);
        Id b = shuffle ? value(i->operands[1]) : a;
        std::uint32_t b_count = shuffle ? sema::component_count(i->operands[1]->type()) : a_count;
        Id type = value_type(i->type());
        auto pick = [&](std::int64_t k) -> Id {
            // One component, from whichever operand holds it; scalars are their own component.
            bool from_a = k < static_cast<std::int64_t>(a_count);
            Id src = from_a ? a : b;
            std::uint32_t n = from_a ? a_count : b_count;
            auto index = static_cast<std::uint32_t>(from_a ? k : k - a_count);
            if (n == 1) return src;
            return op_result(Op::OpCompositeExtract, component_type_of(i->type()), {src, index});
        };
        if (i->immediates.size() == 1) {
            define(i, pick(i->immediates[0]));
            return true;
        }
        if (a_count == 1 || b_count == 1) {
            Operands parts;
            for (std::int64_t k : i->immediates) parts.push_back(pick(k));
            define(i, op_result(Op::OpCompositeConstruct, type, parts));
            return true;
        }
        Operands ops{a, b};
        for (std::int64_t k : i->immediates) ops.push_back(static_cast<std::uint32_t>(k));
        define(i, op_result(Op::OpVectorShuffle, type, ops));
        return true;
    }
    case Opcode::Splat: {
        Id v = value(i->operands[0]);
        std::uint32_t n = sema::component_count(i->type());
        if (is_matrix(i->type())) {
            const auto* m = i->type()->value_type()->as<sema::MatrixType>();
            Id row = op_result(Op::OpCompositeConstruct, value_type(types().vector(m->element, m->cols)),
                               repeat(v, m->cols));
            define(i, op_result(Op::OpCompositeConstruct, value_type(i->type()), repeat(row, m->rows)));
            return true;
        }
        define(i, n == 1 ? v : op_result(Op::OpCompositeConstruct, value_type(i->type()), repeat(v, n)));
        return true;
    }
    case Opcode::MatMul: {
        const sema::Type* a = i->operands[0]->type()->value_type();
        const sema::Type* b = i->operands[1]->type()->value_type();
        bool am = a->is<sema::MatrixType>(), bm = b->is<sema::MatrixType>();
        if ((am && !is_matrix(a)) || (bm && !is_matrix(b)) || sema::component_count(i->type()) == 1 ||
            (i->type()->value_type()->is<sema::MatrixType>() && !is_matrix(i->type()))) {
            unsupported("products involving one-row or one-column matrices");
            return true;
        }
        if (!sema::is_float(a)) {
            define(i, integer_product(i));
            return true;
        }
        Id va = value(i->operands[0]), vb = value(i->operands[1]);
        Id type = value_type(i->type());
        Id r = 0;
        if (!am && !bm)
            r = op_result(Op::OpVectorTimesScalar, type, {va, vb});
        else if (!am && bm)
            r = op_result(Op::OpMatrixTimesVector, type, {vb, va});  // mul(v, M)
        else if (am && !bm)
            r = op_result(Op::OpVectorTimesMatrix, type, {vb, va});  // mul(M, v)
        else
            r = op_result(Op::OpMatrixTimesMatrix, type, {vb, va});  // mul(A, B) = (B' A')'
        if (i->precise) decorate(r, spv::Decoration::NoContraction);
        define(i, r);
        return true;
    }
    default: return false;
    }
}

}  // namespace oneshader::spirv
