// Entry points: from [shader("vertex"|"pixel"|"compute")] or from the requested names (-E/-T,
// CompileOptions::entry_points), with [numthreads] for compute; the globals each one reads
// through its call graph; the rule that an entry point reads at most one push-constant block
// (OSH0333); and the recursion check (shaders cannot recurse).
#include <algorithm>

#include "sema/checker.hpp"
#include "sema/intrinsics.hpp"
#include "support/pointer_map.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// The stage a [shader("...")] attribute names, or nothing (no attribute, or another stage).
std::optional<Stage> shader_stage_of(const syntax::FunctionDecl* d) {
    const syntax::Attribute* a = find_attribute(d->attributes, "", "shader");
    if (!a || a->args.size() != 1 || a->args[0]->kind != syntax::ExprKind::StringLiteral) return std::nullopt;
    const std::string_view name = static_cast<const syntax::StringLiteralExpr*>(a->args[0])->value;
    if (name == "vertex") return Stage::Vertex;
    if (name == "pixel") return Stage::Pixel;
    if (name == "compute") return Stage::Compute;
    return std::nullopt;
}

}  // namespace

EntryPoint* Checker::make_entry_point(Function* f, Stage stage, const syntax::FunctionDecl* d) {
    if (!f->body) {
        report(DiagCode::bad_entry_point, SourceRange(f->loc),
               fmt::format("The entry point '{}' is declared but never defined. Give it a body.", f->name.str()));
        return nullptr;
    }
    auto* ep = make<EntryPoint>();
    ep->function = f;
    ep->stage = stage;
    const syntax::Attribute* nt = find_attribute(d->attributes, "", "numthreads");
    if (stage == Stage::Compute) {
        if (!nt) {
            report(DiagCode::bad_entry_point, SourceRange(f->loc),
                   fmt::format("The compute entry point '{}' needs a thread-group size: add [numthreads(64, 1, 1)] "
                               "before it.",
                               f->name.str()));
        } else if (nt->args.size() != 3) {
            report(DiagCode::bad_attribute_argument, SourceRange(nt->loc),
                   "numthreads takes three sizes: [numthreads(x, y, z)].");
        } else {
            std::uint64_t total = 1;
            for (std::size_t i = 0; i < 3; ++i) {
                std::optional<std::int64_t> v =
                    integer_constant(nt->args[i], fmt::format("Argument {} of 'numthreads'", i + 1));
                if (!v) continue;
                if (*v < 1 || *v > 1024) {
                    report(DiagCode::bad_attribute_argument, SourceRange(nt->args[i]->loc),
                           fmt::format("Argument {} of 'numthreads' is {}; each size must be from 1 to 1024.", i + 1, *v));
                    continue;
                }
                ep->numthreads[i] = std::uint32_t(*v);
                total *= std::uint64_t(*v);
            }
            if (total > 1024)
                report(DiagCode::bad_attribute_argument, SourceRange(nt->loc),
                       fmt::format("numthreads({}, {}, {}) is {} threads per group; the limit is 1024.", ep->numthreads[0],
                                   ep->numthreads[1], ep->numthreads[2], total));
        }
    }
    collect_stage_io(ep, entry_reads_per_vertex(ep));
    check_per_vertex_reads(ep);
    compute_entry_globals(ep);
    check_entry_stages(ep);
    return ep;
}

void Checker::find_entry_points() {
    if (!options.entry_points.empty()) {
        for (const EntryPointRequest& req : options.entry_points) {
            Function* found = nullptr;
            const syntax::FunctionDecl* decl = nullptr;
            // Overloads may share the name: the one whose [shader] stage is the requested one
            // wins, and with no such single one the name is ambiguous.
            std::size_t named = 0, staged = 0;
            Function* first_staged = nullptr;
            const syntax::FunctionDecl* first_staged_decl = nullptr;
            for (auto& [d, f] : all_functions) {
                if (f->name.str() != req.name || f->owner || !f->template_args.empty() || !d->body) continue;
                if (++named == 1) {
                    found = f;
                    decl = d;
                }
                if (shader_stage_of(d) == req.stage && ++staged == 1) {
                    first_staged = f;
                    first_staged_decl = d;
                }
            }
            if (named > 1) {
                if (staged != 1) {
                    report(DiagCode::bad_entry_point, SourceRange(found->loc),
                           fmt::format("The entry point name '{}' names {} overloaded functions. Rename the entry point "
                                       "or the other overloads, or mark the entry point with [shader(\"{}\")].",
                                       req.name, named, stage_word(req.stage)));
                    continue;
                }
                found = first_staged;
                decl = first_staged_decl;
            }
            if (!found) {
                std::vector<std::string_view> names;
                for (auto& [d, f] : all_functions)
                    if (!f->owner) names.push_back(f->name.str());
                std::string hint = did_you_mean(req.name, names);
                report(DiagCode::entry_point_not_found, SourceRange(),
                       fmt::format("The entry point '{}' is not defined in the shader.{}", req.name,
                                   hint.empty() ? " Check the -E name against the function names." : hint));
                continue;
            }
            if (EntryPoint* ep = make_entry_point(found, req.stage, decl)) entry_points.push_back(ep);
        }
        return;
    }
    for (auto& [d, f] : shader_functions) {
        const syntax::Attribute* a = find_attribute(d->attributes, "", "shader");
        // Entry points are found by name (reflection, -E, the generated headers): two overloads
        // cannot both be one.
        const support::Symbol name = f->name;  // a copy: clang before 16 cannot capture a structured binding
        const auto same_name = std::find_if(entry_points.begin(), entry_points.end(),
                                            [&](const EntryPoint* e) { return e->function->name == name; });
        if (same_name != entry_points.end()) {
            report(DiagCode::bad_entry_point, SourceRange(f->loc),
                   fmt::format("Two entry points are named '{}'; entry points are found by name, so rename one.",
                               f->name.str()));
            diags.note(SourceRange((*same_name)->function->loc), "the other entry point is here");
            continue;
        }
        const std::optional<Stage> stage = shader_stage_of(d);
        if (!stage) {
            std::string_view stage_name;
            if (a->args.size() == 1 && a->args[0]->kind == syntax::ExprKind::StringLiteral)
                stage_name = static_cast<const syntax::StringLiteralExpr*>(a->args[0])->value;
            bool known = stage_name == "geometry" || stage_name == "hull" || stage_name == "domain" ||
                         stage_name == "mesh" || stage_name == "amplification" || stage_name == "raygeneration" ||
                         stage_name == "library";
            report(known ? DiagCode::unsupported_feature : DiagCode::bad_attribute_argument, SourceRange(a->loc),
                   known ? fmt::format("'{}' shaders are not supported; OneShader compiles vertex, pixel and compute "
                                       "shaders.",
                                       stage_name)
                         : std::string("[shader(...)] takes \"vertex\", \"pixel\" or \"compute\"."));
            continue;
        }
        if (f->owner) {
            report(DiagCode::bad_entry_point, SourceRange(f->loc), "A member function cannot be an entry point.");
            continue;
        }
        if (EntryPoint* ep = make_entry_point(f, *stage, d)) entry_points.push_back(ep);
    }
}

support::SmallVec<Function*, 16> Checker::reached_functions(EntryPoint* ep) {
    support::PointerSet<const void*> seen;
    support::SmallVec<Function*, 16> reached;
    reached.push_back(ep->function);
    seen.insert(ep->function);
    for (std::size_t i = 0; i < reached.size(); ++i)
        for (Function* c : reached[i]->callees)
            if (seen.insert(c)) reached.push_back(c);
    return reached;
}

void Checker::compute_entry_globals(EntryPoint* ep) {
    support::PointerSet<const void*> vars;
    for (Function* f : reached_functions(ep))
        for (Variable* v : f->globals_used) vars.insert(v);
    // Declaration order, not hash order.
    support::SmallVec<Variable*, 16> ordered;
    for (Variable* v : globals)
        if (vars.contains(v)) ordered.push_back(v);
    ep->globals_used = to_span(ordered);
}

void Checker::check_entry_stages(EntryPoint* ep) {
    for (Function* f : reached_functions(ep))
        for (BIntrinsicCall* c : f->staged_calls) {
            const intrinsics::Row* row = intrinsics::row(static_cast<intrinsics::Id>(c->id), c->overload);
            if (!row || (row->stages & stage_bit(ep->stage)) || !stage_errors.insert(c)) continue;
            if (f == ep->function) {
                check_intrinsic_stage(*row, ep->stage, diags, c->range);
                continue;
            }
            std::string allowed = stage_list(row->stages);
            report(DiagCode::intrinsic_wrong_stage, c->range,
                   fmt::format("'{}' is only available in {} shaders, and '{}' is called from the {} entry point '{}'. "
                               "Call it only from {} shaders, or compute the value there and pass it in.",
                               row->name, allowed, f->name.str(), stage_list(stage_bit(ep->stage)),
                               ep->function->name.str(), allowed));
        }
    // Rasterizer-ordered views order the accesses of overlapping fragments: pixel shaders only, as
    // DXC's validator rules (SM.ROVONLYINPS).
    if (ep->stage == Stage::Pixel) return;
    for (Variable* v : ep->globals_used) {
        const Type* t = v->type ? innermost_element(v->type) : nullptr;
        const ResourceType* r = t ? t->as<ResourceType>() : nullptr;
        if (!r || !r->rasterizer_ordered) continue;
        report(DiagCode::resource_wrong_stage, SourceRange(v->loc),
               fmt::format("RasterizerOrdered objects are only allowed in 5.0+ pixel shaders: '{}' ({}) is used by the "
                           "{} entry point '{}'. Use a {} there, or read it only from pixel shaders.",
                           v->name.str(), tname(v->type), stage_list(stage_bit(ep->stage)), ep->function->name.str(),
                           resource_kind_name(r->resource)));
    }
}

void Checker::check_push_constants() {
    for (EntryPoint* ep : entry_points) {
        BufferBlock* first = nullptr;
        for (Variable* v : ep->globals_used) {
            if (v->storage != StorageClass::BufferObject || !v->buffer || v->buffer->kind != BufferKind::PushConstant)
                continue;
            if (!first) {
                first = v->buffer;
                continue;
            }
            if (v->buffer == first) continue;
            report(DiagCode::push_constant_misuse, SourceRange(ep->function->loc),
                   fmt::format("The entry point '{}' reads two push-constant blocks, '{}' and '{}'; an entry point can "
                               "read only one. Merge them into one struct.",
                               ep->function->name.str(), first->name.str(), v->buffer->name.str()));
            break;
        }
        ep->push_constant = first;
    }
}

void Checker::check_recursion() {
    // Iterative depth-first search over the call graph; a call back into a function on the
    // current path is recursion. Each function is reported at most once.
    enum : std::uint8_t { White, Grey, Black };
    support::PointerMap<const void*, std::uint8_t> color;
    support::PointerSet<const void*> reported;
    struct Frame {
        Function* f;
        std::size_t next;
    };
    support::SmallVec<Frame, 16> stack;
    for (Function* root : functions) {
        if (color[root] != White) continue;
        stack.clear();
        stack.push_back({root, 0});
        color[root] = Grey;
        while (!stack.empty()) {
            Function* f = stack.back().f;
            std::size_t i = stack.back().next;
            if (i >= f->callees.size()) {
                color[f] = Black;
                stack.pop_back();
                continue;
            }
            stack.back().next = i + 1;
            Function* c = f->callees[i];
            std::uint8_t cc = color[c];
            if (cc == Grey) {
                if (reported.insert(c))
                    report(DiagCode::recursion, SourceRange(c->loc),
                           c == f ? fmt::format("'{}' calls itself. Shaders cannot recurse: rewrite it as a loop.",
                                                c->name.str())
                                  : fmt::format("'{}' calls itself through '{}'. Shaders cannot recurse: rewrite it as a "
                                                "loop.",
                                                c->name.str(), f->name.str()));
                continue;
            }
            if (cc == White) {
                color[c] = Grey;
                stack.push_back({c, 0});
            }
        }
    }
}

}  // namespace oneshader::sema
