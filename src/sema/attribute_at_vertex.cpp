// GetAttributeAtVertex(attr, vertex) reads a pixel shader input at one of the primitive's three
// vertices. DXC's rules: `attr` is an input declared nointerpolation (on the parameter or on a
// member along the path), or a member or component of one; the shader's nointerpolation user
// inputs then hold one value per vertex. The call is checked here in three steps: the argument
// as the call is typed, the functions that call it once the entry point is known (only the entry
// point's own body sees its inputs), and the input it reads once the inputs are flattened.
#include "intrinsics/id.hpp"
#include "sema/checker.hpp"
#include "sema/input_path.hpp"

namespace oneshader::sema {

namespace {

bool is_attribute_at_vertex(const BIntrinsicCall* c) {
    return static_cast<intrinsics::Id>(c->id) == intrinsics::Id::GetAttributeAtVertex;
}

}  // namespace

bool Checker::check_attribute_at_vertex_arg(const BExpr* arg) {
    InputPath p = input_path(arg);
    if (!p.param) {
        report(DiagCode::intrinsic_bad_argument, arg->range,
               "The first argument of 'GetAttributeAtVertex' must be a pixel shader input declared "
               "'nointerpolation' (an entry point parameter, or a member or component of one); this one is a "
               "computed value or a variable. Pass the input itself.");
        return false;
    }
    if (!p.nointerpolation) {
        report(DiagCode::intrinsic_bad_argument, arg->range,
               fmt::format("The first argument of 'GetAttributeAtVertex' must be declared 'nointerpolation', and "
                           "'{}' is not. Declare the input (or its member) 'nointerpolation'.",
                           p.spelling));
        return false;
    }
    if (p.param->direction == ParamDirection::Out) {
        report(DiagCode::intrinsic_bad_argument, arg->range,
               fmt::format("'{}' is an out parameter, not an input; 'GetAttributeAtVertex' reads inputs.",
                           p.param->name.str()));
        return false;
    }
    return true;
}

bool Checker::entry_reads_per_vertex(EntryPoint* ep) {
    bool reads = false;
    for (Function* f : reached_functions(ep))
        for (BIntrinsicCall* c : f->staged_calls) {
            if (!is_attribute_at_vertex(c)) continue;
            if (f == ep->function) {
                reads = true;
                continue;
            }
            if (!stage_errors.insert(c)) continue;
            // Only the entry point's own parameters are its inputs: a helper's parameter is a copy.
            report(DiagCode::intrinsic_bad_argument, c->range,
                   fmt::format("'GetAttributeAtVertex' reads a stage input of the entry point '{}', and '{}' is not "
                               "the entry point. Call it in '{}' on the nointerpolation input and pass the result.",
                               ep->function->name.str(), f->name.str(), ep->function->name.str()));
        }
    return reads && ep->stage == Stage::Pixel;
}

void Checker::check_per_vertex_reads(EntryPoint* ep) {
    Function* f = ep->function;
    for (BIntrinsicCall* c : f->staged_calls) {
        if (!is_attribute_at_vertex(c) || ep->stage != Stage::Pixel || c->args.empty()) continue;
        InputPath p = input_path(c->args[0]);
        if (!p.param) continue;
        std::uint32_t index = 0;
        while (index < f->params.size() && f->params[index] != p.param) ++index;
        const StageVariable* found = nullptr;
        for (const StageVariable& v : ep->inputs)
            if (v.param_index == index && std::equal(v.member_path.begin(), v.member_path.end(), p.members.begin(),
                                                     p.members.end()))
                found = &v;
        if (found && found->per_vertex) continue;
        if (!stage_errors.insert(c)) continue;
        if (found && found->builtin != SystemValue::User)
            report(DiagCode::intrinsic_bad_argument, c->args[0]->range,
                   fmt::format("'{}' is the system value {}, which has no per-vertex values; 'GetAttributeAtVertex' "
                               "reads attributes with a user semantic.",
                               found->name, found->semantic.str()));
        else if (!found)
            report(DiagCode::intrinsic_bad_argument, c->args[0]->range,
                   "The first argument of 'GetAttributeAtVertex' must be one scalar, vector or component of a stage "
                   "input; pass a single member of the input struct.");
        // A refused per-vertex input was reported where it is declared.
    }
}

}  // namespace oneshader::sema
