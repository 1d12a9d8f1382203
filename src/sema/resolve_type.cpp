// Types as written (syntax::TypeSyntax) to hash-consed types: built-in numeric spellings,
// `vector<T, N>` / `matrix<T, R, C>`, resource templates, structs, typedefs, enums, template
// parameters and struct template instances, row/column_major, and array dimensions.
#include "sema/checker.hpp"
#include "types/scalar_spelling.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

MatrixOrientation orientation_of(std::uint32_t modifiers, syntax::PragmaPacking packing) {
    if (modifiers & syntax::ModRowMajor) return MatrixOrientation::RowMajor;
    if (modifiers & syntax::ModColumnMajor) return MatrixOrientation::ColumnMajor;
    if (packing == syntax::PragmaPacking::RowMajor) return MatrixOrientation::RowMajor;
    if (packing == syntax::PragmaPacking::ColumnMajor) return MatrixOrientation::ColumnMajor;
    return MatrixOrientation::Unspecified;
}

// True when `t` has a matrix whose orientation was never written (directly or in an array).
bool has_unspecified_matrix(const Type* t) {
    while (const ArrayType* a = t->as<ArrayType>()) t = a->element;
    const MatrixType* m = t->as<MatrixType>();
    return m && m->orientation == MatrixOrientation::Unspecified;
}

}  // namespace

std::optional<TemplateValue> Checker::template_argument(const syntax::TemplateArg& a) {
    if (a.type && !a.type->has_template_args && a.type->dims.empty() &&
        (a.type->name.qualifier || a.type->name.parts.size() > 1)) {
        // `Traits<float4>::Components` parses as a type; a static constant it names is a value.
        const Entity* e = lookup_qualified(a.type->name, SourceRange(a.type->loc), false);
        if (e && e->kind == EntityKind::Variable) {
            syntax::NameExpr ne(a.type->loc);
            ne.name = a.type->name;
            std::optional<std::int64_t> v = integer_constant(&ne, "a template argument");
            if (!v) return std::nullopt;
            return TemplateValue{nullptr, *v};
        }
    }
    if (a.type) {
        const Type* t = resolve_type(a.type, a.type->modifiers);
        if (!t) return std::nullopt;
        return TemplateValue{t, 0};
    }
    if (a.value) {
        // A name written as a template argument may be a type the parser could not tell apart.
        if (a.value->kind == syntax::ExprKind::Name) {
            const auto* n = static_cast<const syntax::NameExpr*>(a.value);
            const Entity* e = lookup_qualified(n->name, SourceRange(n->loc), false);
            if (e && (e->kind == EntityKind::Type || e->kind == EntityKind::StructTemplate)) {
                syntax::TypeSyntax ts;
                ts.loc = n->loc;
                ts.name = n->name;
                ts.args = n->template_args;
                ts.has_template_args = n->has_template_args;
                const Type* t = resolve_type(&ts);
                if (!t) return std::nullopt;
                return TemplateValue{t, 0};
            }
        }
        std::optional<std::int64_t> v = integer_constant(a.value, "a template argument");
        if (!v) return std::nullopt;
        return TemplateValue{nullptr, *v};
    }
    return std::nullopt;
}

const Type* Checker::resolve_type(const syntax::TypeSyntax* ts, std::uint32_t modifiers, syntax::PragmaPacking packing) {
    if (!ts) return nullptr;
    SourceRange where(ts->loc);
    const Type* t = nullptr;
    std::string_view name = ts->name.last().str();
    bool plain = ts->name.parts.size() == 1 && !ts->name.global && !ts->name.qualifier;
    std::vector<TemplateValue> args;
    if (ts->has_template_args) {
        for (const syntax::TemplateArg& a : ts->args) {
            std::optional<TemplateValue> v = template_argument(a);
            if (!v) return nullptr;
            args.push_back(*v);
        }
    }

    const Entity* user = nullptr;
    if (plain) user = lookup(ts->name.parts[0]);
    bool user_type = user && (user->kind == EntityKind::Type || user->kind == EntityKind::StructTemplate);

    if (plain && !user_type && !ts->has_template_args && name == "void") t = types.void_type();
    if (!t && plain && !user_type && !ts->has_template_args) {
        NumericSpelling* cached = numeric_spellings.find(ts->name.parts[0]);
        if (!cached) {
            auto found = lookup_numeric_spelling(types, name);
            cached = &numeric_spellings.insert(ts->name.parts[0], found ? *found : NumericSpelling{nullptr, false});
        }
        if (const NumericSpelling* num = cached->type ? cached : nullptr) {
            if (num->needs_16bit_types && !types.options().enable_16bit_types)
                report(DiagCode::needs_16bit_types, where,
                       fmt::format("The type '{}' needs 16-bit types enabled. Compile with -enable-16bit-types "
                                   "(MSBuild: OneShaderEnable16BitTypes=true), or use half, min16float, int or uint.",
                                   name));
            t = num->type;
        }
    }
    if (!t && plain && !user_type && (name == "vector" || name == "matrix") && ts->has_template_args) {
        bool is_vector = name == "vector";
        std::size_t want = is_vector ? 2 : 3;
        const ScalarType* elem = args.size() >= 1 && args[0].type ? args[0].type->as<ScalarType>() : nullptr;
        bool shape_ok = args.size() == want && elem;
        for (std::size_t i = 1; shape_ok && i < args.size(); ++i)
            shape_ok = !args[i].type && args[i].value >= 1 && args[i].value <= 4;
        if (!shape_ok) {
            report(DiagCode::template_argument_error, where,
                   is_vector ? std::string("'vector' takes a scalar type and a size from 1 to 4: vector<float, 3>.")
                             : std::string("'matrix' takes a scalar type and two sizes from 1 to 4: matrix<float, 3, 4>."));
            return nullptr;
        }
        t = is_vector ? static_cast<const Type*>(types.vector(elem, std::uint32_t(args[1].value)))
                      : types.matrix(elem, std::uint32_t(args[1].value), std::uint32_t(args[2].value));
    }
    if (!t && plain && !user_type) {
        // RasterizerOrdered* views have the shape of their RW* kind; the type remembers the ordering.
        std::optional<ResourceKind> rk = resource_kind_from_name(name);
        bool rasterizer_ordered = false;
        if (!rk) {
            rk = rasterizer_ordered_kind_from_name(name);
            rasterizer_ordered = rk.has_value();
        }
        if (rk) {
            const Type* element = nullptr;
            std::uint32_t samples = 0;
            if (takes_element_type(*rk)) {
                if (!args.empty()) {
                    if (!args[0].type) {
                        report(DiagCode::template_argument_error, where,
                               fmt::format("'{}' takes an element type: {}<float4>.", name, name));
                        return nullptr;
                    }
                    element = args[0].type;
                } else if (*rk == ResourceKind::StructuredBuffer || *rk == ResourceKind::RWStructuredBuffer ||
                           *rk == ResourceKind::AppendStructuredBuffer || *rk == ResourceKind::ConsumeStructuredBuffer ||
                           is_block_buffer(*rk)) {
                    report(DiagCode::template_argument_error, where,
                           fmt::format("'{}' needs its element type: {}<MyStruct>.", name, name));
                    return nullptr;
                } else {
                    element = types.vector(ScalarKind::Float, 4);  // `Texture2D` means Texture2D<float4>
                }
                if (args.size() >= 2) {
                    if (is_multisampled(*rk) && !args[1].type) {
                        samples = std::uint32_t(args[1].value);
                    } else {
                        report(DiagCode::template_argument_error, where,
                               fmt::format("'{}' takes one template argument.", name));
                        return nullptr;
                    }
                }
                if (is_block_buffer(*rk) && !element->is<StructType>()) {
                    report(DiagCode::template_argument_error, where,
                           fmt::format("{}<T> needs a struct type, not '{}'. Wrap the members in a struct.", name,
                                       tname(element)));
                    return nullptr;
                }
                if ((is_texture(*rk) || is_typed_buffer(*rk) || is_subpass_input(*rk)) && !is_basic(element)) {
                    report(DiagCode::template_argument_error, where,
                           fmt::format("'{}' elements must be a scalar or vector type, not '{}'.", name, tname(element)));
                    return nullptr;
                }
            } else if (!args.empty()) {
                report(DiagCode::template_argument_error, where, fmt::format("'{}' takes no template arguments.", name));
                return nullptr;
            }
            t = types.resource(*rk, element, samples, rasterizer_ordered);
        }
    }
    if (!t) {
        const Entity* e = plain ? user : lookup_qualified(ts->name, where, false);
        if (plain && e && e->kind == EntityKind::Type && ts->has_template_args) {
            // Inside a template instance its name means the instance (`Pair`); with arguments it
            // still names the template (`Traits<T>` inside a specialization of Traits).
            for (const Scope* s = scope; s; s = s->parent) {
                if (s->kind == ScopeKind::Struct) continue;
                const Entity* outer = find_local(s, ts->name.parts[0]);
                if (outer && outer->kind == EntityKind::StructTemplate) {
                    e = outer;
                    break;
                }
            }
        }
        if (!e) {
            std::vector<std::string_view> names;
            visible_names(names);
            std::string hint = did_you_mean(name, names);
            if (hint.empty()) hint = " Declare it (struct, typedef) before this line, or check the spelling.";
            report(DiagCode::unknown_type, where, fmt::format("'{}' is not a type.{}", name, hint));
            return nullptr;
        }
        if (e->kind == EntityKind::StructTemplate) {
            if (!ts->has_template_args) {
                report(DiagCode::template_argument_error, where,
                       fmt::format("'{}' is a template: give its arguments, {}<...>.", name, name));
                return nullptr;
            }
            t = e->struct_template->alias ? instantiate_alias(e->struct_template, args, where)
                                          : instantiate_struct(e->struct_template, args, where);
            if (!t) return nullptr;
        } else if (e->kind == EntityKind::Type) {
            if (ts->has_template_args) {
                report(DiagCode::template_argument_error, where, fmt::format("'{}' is not a template.", name));
                return nullptr;
            }
            t = e->type;
        } else {
            report(DiagCode::unknown_type, where, fmt::format("'{}' is not a type.", name));
            return nullptr;
        }
    }
    if (!t) return nullptr;
    MatrixOrientation o = orientation_of(modifiers | ts->modifiers, packing);
    if (o != MatrixOrientation::Unspecified && ((modifiers | ts->modifiers) & (syntax::ModRowMajor | syntax::ModColumnMajor)))
        t = types.with_orientation(t, o);
    else if (o != MatrixOrientation::Unspecified && has_unspecified_matrix(t))
        t = types.with_orientation(t, o);
    if (!ts->dims.empty()) t = apply_dims(t, ts->dims, ts->loc);
    return t;
}

std::optional<std::uint32_t> Checker::array_size(const syntax::Expr* e) {
    std::optional<std::int64_t> v = integer_constant(e, "an array size");
    if (!v) return std::nullopt;
    if (*v <= 0 || *v > 0x7FFFFFFF) {
        report(DiagCode::invalid_array_size, SourceRange(e->loc),
               *v <= 0 ? fmt::format("An array size must be at least 1, but this one is {}.", *v)
                       : fmt::format("An array size must be at most 2147483647, but this one is {}.", *v));
        return std::nullopt;
    }
    return std::uint32_t(*v);
}

const Type* Checker::apply_dims(const Type* element, std::span<syntax::Expr* const> dims, SourceLoc where) {
    if (!element) return nullptr;
    // `a[2][3]` is an array of 2 arrays of 3: build from the innermost dimension outwards.
    std::vector<std::uint32_t> sizes(dims.size(), 0);
    for (std::size_t i = 0; i < dims.size(); ++i) {
        if (!dims[i]) {
            if (i != 0) {
                report(DiagCode::invalid_array_size, SourceRange(where),
                       "Only the first dimension of an array may be left out. Give every other size.");
                return nullptr;
            }
            continue;  // unsized: the caller takes the size from the initializer or reports
        }
        std::optional<std::uint32_t> n = array_size(dims[i]);
        if (!n) return nullptr;
        sizes[i] = *n;
    }
    const Type* t = element;
    for (std::size_t i = dims.size(); i-- > 0;) {
        if (!can_add_array_dimension(t)) {
            report(DiagCode::invalid_array_size, SourceRange(where),
                   fmt::format("Arrays may have at most {} dimensions.", kMaxArrayDimensions));
            return nullptr;
        }
        t = types.array(t, sizes[i]);
    }
    return t;
}

}  // namespace oneshader::sema
