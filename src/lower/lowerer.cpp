// The lowering's driver loop and small shared helpers: diagnostics, the recursion bound and the
// literal types that reach the IR as concrete ones.
#include "lower/lowerer.hpp"

#include <fmt/format.h>

namespace oneshader::lower {

Lowerer::Lowerer(const sema::Program& program, ir::Module& module, sema::LayoutEngine& layouts,
                 support::DiagnosticEngine& diags, const Options& options)
    : program_(program),
      m_(module),
      types_(module.types()),
      layouts_(layouts),
      diags_(diags),
      options_(options),
      b_(module) {}

bool Lowerer::run() {
    // Wrappers take the entry points' own names, so those are reserved before any other function
    // is named (a helper overloaded on the same name becomes `name.1`).
    for (const sema::EntryPoint* ep : program_.entry_points) names_[std::string(ep->function->name.str())] = 0;
    declare_globals();
    drain_work_list();
    for (const sema::EntryPoint* ep : program_.entry_points) {
        lower_entry(ep);
        drain_work_list();
    }
    return !failed_;
}

void Lowerer::unsupported(support::SourceRange at, std::string_view what) {
    failed_ = true;
    diags_.report(support::DiagCode::lower_unsupported, at,
                  fmt::format("{} is not supported by the lowering to the IR yet; rewrite that part of the shader "
                              "without it.",
                              what));
}

bool Lowerer::too_deep(support::SourceRange at) {
    if (!depth_reported_) {
        depth_reported_ = true;
        failed_ = true;
        diags_.report(support::DiagCode::lower_depth_exceeded, at,
                      fmt::format("The code nests deeper than {} levels, more than the lowering handles; split "
                                  "the expression or statement into smaller parts.",
                                  options_.max_depth));
    }
    return false;
}

const Type* Lowerer::concrete_slow(const Type* t) {
    // `t` is a value type already.
    auto fix = [&](const sema::ScalarType* s) -> const sema::ScalarType* {
        if (s->scalar == sema::ScalarKind::LiteralInt) return scalar(sema::ScalarKind::Int);
        if (s->scalar == sema::ScalarKind::LiteralFloat) return scalar(sema::ScalarKind::Float);
        return s;
    };
    auto literal = [](const sema::ScalarType* s) {
        return s->scalar == sema::ScalarKind::LiteralInt || s->scalar == sema::ScalarKind::LiteralFloat;
    };
    // Nearly every type asked about is concrete already: only a literal component needs a new type.
    if (const auto* s = t->as<sema::ScalarType>()) return fix(s);
    if (const auto* v = t->as<sema::VectorType>()) return literal(v->element) ? types_.vector(fix(v->element), v->count) : t;
    if (const auto* mt = t->as<sema::MatrixType>())
        return literal(mt->element) ? types_.matrix(fix(mt->element), mt->rows, mt->cols) : t;
    // Resources and structs holding them are references (lower_resources.cpp).
    if (const Type* r = reference_type(t)) return r;
    return t;
}

ir::Value* Lowerer::local_of(const sema::Variable* v) const {
    ir::Value* const* known = locals_.find(v);
    return known ? *known : nullptr;
}

bool lower_program(const sema::Program& program, ir::Module& module, sema::LayoutEngine& layouts,
                   support::DiagnosticEngine& diags, const Options& options) {
    Lowerer l(program, module, layouts, diags, options);
    return l.run();
}

}  // namespace oneshader::lower
