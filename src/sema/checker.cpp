// The analysis driver: sets up the global scope, checks the declarations in order, then derives
// the program-wide facts (the implicit $Globals buffer, bindings, entry points, push-constant and
// recursion rules) and hands the Program over.
#include <algorithm>
#include <array>

#include "sema/checker.hpp"

namespace oneshader::sema {

Checker::Checker(support::CompileContext& c, TypeContext& t, LayoutEngine& l, const CheckOptions& o)
    : ctx(c), arena(c.arena), types(t), layouts(l), diags(c.diags), options(o) {
    global_scope = new_scope(ScopeKind::Global, nullptr);
    scope = global_scope;
}

void Checker::report(DiagCode code, SourceRange range, std::string message) {
    diags.report(code, range, std::move(message));
}

const syntax::Attribute* find_attribute(std::span<const syntax::Attribute> attrs, std::string_view ns,
                                        std::string_view name) {
    for (const syntax::Attribute& a : attrs)
        if (a.ns.str() == ns && a.name.str() == name) return &a;
    return nullptr;
}

void Checker::check_known_attributes(std::span<const syntax::Attribute> attrs, bool on_statement) {
    // The attributes OneShader reads; DXC warns about others and so do we.
    static constexpr std::array<std::string_view, 12> kPlain = {
        "shader", "numthreads", "unroll", "loop", "branch", "flatten", "fastopt", "allow_uav_condition",
        "forcecase", "call", "earlydepthstencil", "maxvertexcount"};
    static constexpr std::array<std::string_view, 11> kVk = {
        "binding", "push_constant", "constant_id", "image_format", "counter_binding", "location", "offset",
        "builtin", "index", "combinedImageSampler", "input_attachment_index"};
    for (const syntax::Attribute& a : attrs) {
        std::string_view ns = a.ns.str(), name = a.name.str();
        bool known = false;
        if (ns.empty()) known = std::find(kPlain.begin(), kPlain.end(), name) != kPlain.end();
        else if (ns == "vk") known = std::find(kVk.begin(), kVk.end(), name) != kVk.end();
        else if (ns == "oneshader") known = name == "format";
        if (!known)
            report(DiagCode::unknown_attribute, SourceRange(a.loc),
                   fmt::format("unknown attribute '{}{}{}' ignored{}", ns, ns.empty() ? "" : "::", name,
                               on_statement ? "" : ". Check the spelling if it should have an effect"));
    }
}

Program* Checker::run(const syntax::TranslationUnit& tu) {
    declare_decls(tu.decls);

    // Plain globals collected into the implicit constant buffer, named as DXC names it.
    if (!globals_members.empty()) {
        BufferBlock* b = new_block(BufferKind::Globals, intern("$Globals"), globals_vars.front()->loc);
        finish_block(b, globals_members, globals_vars);
        globals_block = b;
    }
    report_unused_spec_overrides();
    report_untyped_heap_reads();
    counters_through_references();
    assign_bindings();
    check_recursion();
    find_entry_points();
    check_push_constants();

    Program* p = make<Program>();
    p->structs = to_span(structs);
    p->globals = to_span(globals);
    p->buffers = to_span(buffers);
    p->resources = to_span(resources);
    p->functions = to_span(functions);
    p->entry_points = to_span(entry_points);
    p->spec_constants = to_span(spec_constants);
    return p;
}

Program* analyze(support::CompileContext& ctx, TypeContext& types, LayoutEngine& layouts,
                 const syntax::TranslationUnit& tu, const CheckOptions& options) {
    Checker c(ctx, types, layouts, options);
    return c.run(tu);
}

}  // namespace oneshader::sema
