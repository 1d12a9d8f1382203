// input_path: the parameter, member path and nointerpolation bit of an argument expression.
#include "sema/input_path.hpp"

#include <algorithm>

namespace oneshader::sema {

InputPath input_path(const BExpr* e) {
    InputPath out;
    const BExpr* input = nullptr;  // the outermost Field/BaseCast/VarRef seen: the whole input
    std::vector<std::uint32_t> reversed;
    std::vector<std::string_view> names;  // of the fields, innermost first
    for (int depth = 0; e && depth < 256; ++depth) {
        switch (e->kind) {
        case BExprKind::Swizzle:
            if (input) break;  // a swizzle below a field selects from a member: not a stage input
            e = static_cast<const BSwizzle*>(e)->base;
            continue;
        case BExprKind::MatrixElements:
            if (input) break;
            e = static_cast<const BMatrixElements*>(e)->base;
            continue;
        case BExprKind::Index:
            if (input) break;
            e = static_cast<const BIndex*>(e)->base;
            continue;
        case BExprKind::Field: {
            const auto* f = static_cast<const BField*>(e);
            if (!input) input = e;
            reversed.push_back(f->index);
            if (f->owner && f->index < f->owner->members.size()) names.push_back(f->owner->members[f->index].name.str());
            if (f->owner && f->index < f->owner->members.size() &&
                (f->owner->members[f->index].interpolation & kInterpNoInterpolation))
                out.nointerpolation = true;
            e = f->base;
            continue;
        }
        case BExprKind::BaseCast:
            if (!input) input = e;
            reversed.push_back(StageVariable::kBaseMember);
            e = static_cast<const BBaseCast*>(e)->operand;
            continue;
        case BExprKind::VarRef: {
            const Variable* v = static_cast<const BVarRef*>(e)->var;
            if (!v || v->storage != StorageClass::Param) break;
            if (!input) input = e;
            if (v->interpolation & kInterpNoInterpolation) out.nointerpolation = true;
            out.param = v;
            out.input = input;
            out.members.assign(reversed.rbegin(), reversed.rend());
            out.spelling = std::string(v->name.str());
            for (auto n = names.rbegin(); n != names.rend(); ++n) out.spelling += "." + std::string(*n);
            return out;
        }
        default: break;
        }
        break;
    }
    out.not_a_part = e;
    out.nointerpolation = false;
    return out;
}

}  // namespace oneshader::sema
