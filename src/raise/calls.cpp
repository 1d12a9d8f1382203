#include "raise/calls.hpp"

#include "types/types_query.hpp"

namespace oneshader::raise {

std::vector<ir::Instruction*> calls_of(const ir::Module& module, intrinsics::Id id) {
    std::vector<ir::Instruction*> out;
    for (const ir::Function* f : module.functions)
        for (const ir::Block* b : f->blocks)
            for (ir::Instruction* i : b->instructions)
                if (i->opcode == ir::Opcode::CallIntrinsic && i->intrinsic == id) out.push_back(i);
    return out;
}

ir::Constant* float_splat(ir::Module& module, const sema::Type* like, double value) {
    const sema::Type* t = like->value_type();
    const sema::ScalarType* s = sema::component_type(t);
    if (!s || !sema::is_float(s)) return nullptr;
    ir::Constant* c = module.float_constant(s, value);
    if (const auto* m = t->as<sema::MatrixType>()) {
        // A 1 x N or N x 1 matrix is a vector on every target; split_matrix_calls has taken the
        // others apart into rows.
        if (m->rows != 1 && m->cols != 1) return nullptr;
        std::vector<ir::Constant*> row(m->cols, c);
        ir::Constant* r = module.composite_constant(module.types().vector(s, m->cols), row);
        std::vector<ir::Constant*> rows(m->rows, r);
        return module.composite_constant(t, rows);
    }
    const auto* v = t->as<sema::VectorType>();
    if (!v) return c;
    std::vector<ir::Constant*> parts(v->count, c);
    return module.composite_constant(t, parts);
}

void rewrite_as(ir::Instruction* call, ir::Opcode op, std::initializer_list<ir::Value*> operands) {
    call->opcode = op;
    call->intrinsic = intrinsics::Id::None;
    call->operands.clear();
    for (ir::Value* v : operands) call->operands.push_back(v);
}

}  // namespace oneshader::raise
