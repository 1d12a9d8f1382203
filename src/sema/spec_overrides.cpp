// CompileOptions::specialization_overrides: a [[vk::constant_id]] constant named there becomes a
// plain constant with the given value (the optimizer folds it; reflection no longer lists it).
// The diagnostics point at the start of the main file, because the override comes from the
// caller, not from a line of the shader.
#include <cmath>

#include <fmt/format.h>

#include "sema/checker.hpp"

namespace oneshader::sema {

namespace {

// The main file is the first one the source manager holds.
SourceRange caller_position() { return SourceRange(support::SourceLoc{1, 0}); }

std::optional<ConstValue> fitting_value(ScalarKind kind, double value) {
    const bool whole = std::isfinite(value) && std::floor(value) == value;
    switch (kind) {
    case ScalarKind::Bool:
        if (value == 0 || value == 1) return ConstValue::of_bool(value == 1);
        return std::nullopt;
    case ScalarKind::Int:
        if (whole && value >= -2147483648.0 && value <= 2147483647.0) return ConstValue::of_int(std::int64_t(value));
        return std::nullopt;
    case ScalarKind::UInt:
        if (whole && value >= 0 && value <= 4294967295.0) return ConstValue::of_int(std::int64_t(value));
        return std::nullopt;
    case ScalarKind::Float:
        if (std::isfinite(value) && std::fabs(value) <= 3.4028234663852886e38) return ConstValue::of_float(float(value));
        return std::nullopt;
    default: return std::nullopt;
    }
}

std::string_view what_fits(ScalarKind kind) {
    switch (kind) {
    case ScalarKind::Bool: return "use 0 or 1";
    case ScalarKind::Float: return "use a finite number in the float range";
    default: return "use a whole number in its range";
    }
}

}  // namespace

bool Checker::apply_spec_override(Variable* v, const ConstValue& default_value) {
    (void)default_value;
    const SpecializationOverride* chosen = nullptr;
    spec_overrides_used.resize(options.spec_overrides.size(), false);
    for (std::size_t i = 0; i < options.spec_overrides.size(); ++i)
        if (options.spec_overrides[i].name == v->name.str()) {
            chosen = &options.spec_overrides[i];
            spec_overrides_used[i] = true;
        }
    if (!chosen) return false;
    const ScalarType* s = v->type->as<ScalarType>();
    std::optional<ConstValue> value = fitting_value(s->scalar, chosen->value);
    if (!value) {
        report(DiagCode::spec_constant_invalid, caller_position(),
               fmt::format("The value {} does not fit the {} specialization constant '{}': {}.", chosen->value,
                           tname(v->type), v->name.str(), what_fits(s->scalar)));
        return true;
    }
    // From here on it is `static const T Name = value;`.
    auto* literal = make<BLiteral>(SourceRange(v->loc));
    literal->type = v->type;
    literal->value = *value;
    v->storage = StorageClass::StaticGlobal;
    v->is_const = true;
    v->init = literal;
    v->const_value = *value;
    return true;
}

void Checker::report_unused_spec_overrides() {
    spec_overrides_used.resize(options.spec_overrides.size(), false);
    for (std::size_t i = 0; i < options.spec_overrides.size(); ++i)
        if (!spec_overrides_used[i])
            report(DiagCode::spec_override_unknown, caller_position(),
                   fmt::format("The shader declares no specialization constant named '{}', so the override is "
                               "ignored. Check the spelling against the [[vk::constant_id]] declarations.",
                               options.spec_overrides[i].name));
}

}  // namespace oneshader::sema
