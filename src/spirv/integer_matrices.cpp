// Integer and bool matrices. SPIR-V matrices hold floats only, so these are arrays of their HLSL
// rows, as in DXC (docs/spirv.md); the matrix instructions (OpMatrixTimes*, OpVectorTimesMatrix,
// OpTranspose) do not take them, and mul and transpose are spelled out here the way DXC spells
// them: a product is dot products of rows with the rows of the transposed right-hand side, and a
// dot product the sum of the components of an OpIMul.
#include "spirv/emitter.hpp"
#include "types/types_query.hpp"

namespace oneshader::spirv {

using spv::Op;

Id Emitter::transpose_rows(Id v, const sema::MatrixType* m) {
    Id component_type = type_scalar(m->element);
    Id row_type = value_type(types().vector(m->element, m->rows));
    Operands rows;
    for (std::uint32_t c = 0; c < m->cols; ++c) {
        Operands parts;
        for (std::uint32_t r = 0; r < m->rows; ++r)
            parts.push_back(op_result(Op::OpCompositeExtract, component_type, {v, r, c}));
        rows.push_back(op_result(Op::OpCompositeConstruct, row_type, parts));
    }
    return op_result(Op::OpCompositeConstruct, value_type(types().matrix(m->element, m->cols, m->rows)), rows);
}

Id Emitter::bitcast_rows(Id v, const sema::Type* from, const sema::Type* to) {
    const auto* mf = from->value_type()->as<sema::MatrixType>();
    const auto* mt = to->value_type()->as<sema::MatrixType>();
    Id from_row = value_type(types().vector(mf->element, mf->cols));
    Id to_row = value_type(types().vector(mt->element, mt->cols));
    Operands rows;
    for (std::uint32_t r = 0; r < mf->rows; ++r)
        rows.push_back(op_result(Op::OpBitcast, to_row, {op_result(Op::OpCompositeExtract, from_row, {v, r})}));
    return op_result(Op::OpCompositeConstruct, value_type(to), rows);
}

Id Emitter::integer_product(const ir::Instruction* i) {
    const sema::Type* a = i->operands[0]->type()->value_type();
    const sema::Type* b = i->operands[1]->type()->value_type();
    const auto* ma = a->as<sema::MatrixType>();
    const auto* mb = b->as<sema::MatrixType>();
    const sema::ScalarType* element = sema::component_type(a);
    Id scalar_type = type_scalar(element);
    Id va = value(i->operands[0]), vb = value(i->operands[1]);

    // The sum of the products of two n-component vectors.
    auto dot = [&](Id x, Id y, std::uint32_t n) {
        Id products = op_result(Op::OpIMul, value_type(types().vector(element, n)), {x, y});
        Id sum = op_result(Op::OpCompositeExtract, scalar_type, {products, 0u});
        for (std::uint32_t k = 1; k < n; ++k)
            sum = op_result(Op::OpIAdd, scalar_type, {sum, op_result(Op::OpCompositeExtract, scalar_type, {products, k})});
        return sum;
    };
    auto row = [&](Id m, std::uint32_t k, std::uint32_t n) {
        return op_result(Op::OpCompositeExtract, value_type(types().vector(element, n)), {m, k});
    };

    if (!ma && !mb) {
        // A vector scaled by a scalar.
        std::uint32_t n = sema::component_count(a);
        Operands parts = repeat(vb, n);
        Id splat = op_result(Op::OpCompositeConstruct, value_type(a), parts);
        return op_result(Op::OpIMul, value_type(a), {va, splat});
    }
    if (!ma) {
        // mul(v, M): v dotted with each column of M, the rows of M's transpose.
        Id t = transpose_rows(vb, mb);
        Operands parts;
        for (std::uint32_t c = 0; c < mb->cols; ++c) parts.push_back(dot(va, row(t, c, mb->rows), mb->rows));
        return op_result(Op::OpCompositeConstruct, value_type(types().vector(element, mb->cols)), parts);
    }
    if (!mb) {
        // mul(M, v): each row of M dotted with v.
        Operands parts;
        for (std::uint32_t r = 0; r < ma->rows; ++r) parts.push_back(dot(row(va, r, ma->cols), vb, ma->cols));
        return op_result(Op::OpCompositeConstruct, value_type(types().vector(element, ma->rows)), parts);
    }
    // mul(A, B): row r of the product is row r of A dotted with each column of B.
    Id t = transpose_rows(vb, mb);
    Id result_row = value_type(types().vector(element, mb->cols));
    Operands rows;
    for (std::uint32_t r = 0; r < ma->rows; ++r) {
        Id ar = row(va, r, ma->cols);
        Operands parts;
        for (std::uint32_t c = 0; c < mb->cols; ++c) parts.push_back(dot(ar, row(t, c, mb->rows), mb->rows));
        rows.push_back(op_result(Op::OpCompositeConstruct, result_row, parts));
    }
    return op_result(Op::OpCompositeConstruct, value_type(i->type()), rows);
}

}  // namespace oneshader::spirv
