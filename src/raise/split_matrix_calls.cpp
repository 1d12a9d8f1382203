// split_matrix_calls
// Rewrites: a component-wise intrinsic call on matrices, `%r = intrinsic f(%a, %b, ...) : M`
//   with M an R x C matrix (R, C >= 2), into one call per row on C-vectors and
//   `%r = construct %row0, %row1, ...`: each R x C operand is read row by row (`extract %a, k`),
//   each pointer to an R x C matrix (the out parameters of sincos, modf and frexp) is addressed
//   row by row (`access_chain %p, k`), any other operand (the lane of WaveReadLaneAt) is passed
//   to every row as it is.
// Requires: a valid module. Calls whose operands have another matrix shape, and transpose (whose
//   result is not component-wise), are left as they are.
// Preserves: %r (its name and users), the precise flag, the value computed (the functions are
//   component-wise, so row by row is the same arithmetic).
// Why: GLSL.std.450, the core derivative and group instructions, MSL's and WGSL's built-ins take
//   scalars and vectors; HLSL's component-wise intrinsics also take matrices. A 1 x N or N x 1
//   matrix is a vector on every target and is not split.
#include "ir/builder.hpp"
#include "ir/util.hpp"
#include "raise/polyfills.hpp"
#include "types/types_query.hpp"

namespace oneshader::raise {
namespace {

// An R x C matrix with R, C >= 2: a matrix on every target.
const sema::MatrixType* real_matrix(const sema::Type* t) {
    const auto* m = t->value_type()->as<sema::MatrixType>();
    return m && m->rows >= 2 && m->cols >= 2 ? m : nullptr;
}

bool same_shape(const sema::MatrixType* a, const sema::MatrixType* b) { return a->rows == b->rows && a->cols == b->cols; }

// The matrix an operand holds or points to; null when it is neither.
const sema::MatrixType* operand_matrix(const ir::Value* v) {
    const sema::Type* t = v->type()->value_type();
    if (const auto* p = t->as<sema::PointerType>()) return real_matrix(p->pointee);
    return real_matrix(t);
}

bool splittable(const ir::Instruction* i) {
    if (i->opcode != ir::Opcode::CallIntrinsic || i->intrinsic == intrinsics::Id::Transpose) return false;
    // sincos answers in void and writes matrices through its out parameters.
    bool writes_only = i->type()->value_type()->is<sema::VoidType>();
    const sema::MatrixType* shape = writes_only ? nullptr : real_matrix(i->type());
    if (!writes_only && !shape) return false;  // determinant, all, any: not component-wise
    bool matrix_operand = false;
    for (const ir::Value* v : i->operands) {
        const sema::MatrixType* m = operand_matrix(v);
        if (!m) {
            if (v->type()->value_type()->is<sema::MatrixType>()) return false;  // a 1 x N row next to a real matrix
            continue;
        }
        if (!shape) shape = m;
        if (!same_shape(m, shape)) return false;
        matrix_operand = true;
    }
    return shape && matrix_operand;
}

}  // namespace

TransformResult split_matrix_calls(ir::Module& module) {
    TransformResult result;
    std::vector<ir::Instruction*> calls;
    for (const ir::Function* f : module.functions)
        for (const ir::Block* b : f->blocks)
            for (ir::Instruction* i : b->instructions)
                if (splittable(i)) calls.push_back(i);
    sema::TypeContext& types = module.types();
    ir::Builder b(module);
    for (ir::Instruction* call : calls) {
        const sema::MatrixType* rm = real_matrix(call->type());
        std::uint32_t rows = 0;
        for (const ir::Value* v : call->operands)
            if (const sema::MatrixType* m = operand_matrix(v)) rows = m->rows;
        b.set_insert_before(call);
        std::vector<ir::Value*> parts;
        for (std::uint32_t k = 0; k < rows; ++k) {
            std::vector<ir::Value*> ops;
            for (std::size_t n = 0; n < call->operands.size(); ++n) {
                ir::Value* v = call->operands[n];
                const sema::MatrixType* m = operand_matrix(v);
                // pow(m, m) reads one row once.
                std::size_t same = 0;
                while (same < n && call->operands[same] != v) ++same;
                if (same < n) {
                    ops.push_back(ops[same]);
                } else if (!m) {
                    ops.push_back(v);
                } else if (v->type()->value_type()->is<sema::PointerType>()) {
                    ops.push_back(b.access_chain(v, {module.int_constant(std::int32_t(k))}));
                } else {
                    ops.push_back(b.extract(v, {std::int64_t(k)}));
                }
            }
            const sema::Type* row_type = rm ? static_cast<const sema::Type*>(types.vector(rm->element, rm->cols)) : call->type();
            ir::Instruction* part = b.intrinsic(call->intrinsic, row_type, ops);
            part->precise = call->precise;
            parts.push_back(part);
        }
        result.changed = true;
        if (!rm) {
            // Nothing to put together (sincos): the per-row calls did all the writing.
            ir::remove_instructions(std::span<ir::Instruction* const>(&call, 1));
            continue;
        }
        call->opcode = ir::Opcode::CompositeConstruct;
        call->precise = false;  // on the rows' calls
        call->intrinsic = intrinsics::Id::None;
        call->operands.clear();
        for (ir::Value* p : parts) call->operands.push_back(p);
    }
    return result;
}

}  // namespace oneshader::raise
