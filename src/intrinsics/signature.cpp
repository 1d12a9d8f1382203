#include "intrinsics/signature.hpp"

#include <algorithm>
#include <optional>

#include "types/scalar_spelling.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::intrinsics {

using namespace sema;

namespace {

// --- shapes -------------------------------------------------------------------------------------

enum class ShapeKind : std::uint8_t { Scalar, Vector, Matrix };
struct Shape {
    ShapeKind kind = ShapeKind::Scalar;
    std::uint8_t rows = 1;  // matrices
    std::uint8_t cols = 1;  // vector size or matrix columns
};

Shape shape_of(const Type* t) {
    if (const auto* v = t->as<VectorType>()) return {ShapeKind::Vector, 1, v->count};
    if (const auto* m = t->as<MatrixType>()) return {ShapeKind::Matrix, m->rows, m->cols};
    return {};
}

std::uint32_t count_of(Shape s) { return std::uint32_t(s.rows) * s.cols; }

const Type* make_type(TypeContext& types, ScalarKind k, Shape s) {
    switch (s.kind) {
        case ShapeKind::Scalar: return types.scalar(k);
        case ShapeKind::Vector: return types.vector(k, s.cols);
        case ShapeKind::Matrix: return types.matrix(k, s.rows, s.cols);
    }
    return nullptr;
}

// --- component kinds ----------------------------------------------------------------------------

// Which component wins when arguments of a template differ: the most precise, floats above
// integers, unsigned above signed of the same width (as C does).
int precision_rank(ScalarKind k) {
    switch (k) {
        case ScalarKind::Bool: return 0;
        case ScalarKind::LiteralInt: return 1;
        case ScalarKind::Min12Int: return 2;
        case ScalarKind::Min16Int: return 3;
        case ScalarKind::Min16UInt: return 4;
        case ScalarKind::Int16: return 5;
        case ScalarKind::UInt16: return 6;
        case ScalarKind::Int: return 7;
        case ScalarKind::UInt: return 8;
        case ScalarKind::Int64: return 9;
        case ScalarKind::UInt64: return 10;
        case ScalarKind::LiteralFloat: return 11;
        case ScalarKind::Min10Float: return 12;
        case ScalarKind::Min16Float: return 13;
        case ScalarKind::Half: return 14;
        case ScalarKind::Float: return 15;
        case ScalarKind::Double: return 16;
    }
    return 0;
}

// Position in a widening chain: (chain, step). Promotion goes up one chain.
std::pair<int, int> widening_chain(ScalarKind k) {
    switch (k) {
        case ScalarKind::Min10Float: return {0, 0};
        case ScalarKind::Min16Float: return {0, 1};
        case ScalarKind::Half: return {0, 2};
        case ScalarKind::Float: return {0, 3};
        case ScalarKind::Double: return {0, 4};
        case ScalarKind::Min12Int: return {1, 0};
        case ScalarKind::Min16Int: return {1, 1};
        case ScalarKind::Int16: return {1, 2};
        case ScalarKind::Int: return {1, 3};
        case ScalarKind::Int64: return {1, 4};
        case ScalarKind::Min16UInt: return {2, 1};
        case ScalarKind::UInt16: return {2, 2};
        case ScalarKind::UInt: return {2, 3};
        case ScalarKind::UInt64: return {2, 4};
        default: return {-1, 0};
    }
}

ConversionRank component_rank(ScalarKind from, ScalarKind to) {
    if (from == to) return ConversionRank::Exact;
    if (from == ScalarKind::LiteralInt) {
        if (to == ScalarKind::Int) return ConversionRank::Exact;
        return is_integer_kind(to) ? ConversionRank::Promotion : ConversionRank::Conversion;
    }
    if (from == ScalarKind::LiteralFloat) {
        if (to == ScalarKind::Float) return ConversionRank::Exact;
        return is_float_kind(to) ? ConversionRank::Promotion : ConversionRank::Conversion;
    }
    auto [fc, fs] = widening_chain(from);
    auto [tc, ts] = widening_chain(to);
    if (fc >= 0 && fc == tc && fs < ts) return ConversionRank::Promotion;
    return ConversionRank::Conversion;
}

ConversionRank shape_rank(Shape from, Shape to) {
    const std::uint32_t fn = count_of(from), tn = count_of(to);
    if (fn == 1 && tn == 1) return ConversionRank::Exact;  // scalar, float1, float1x1
    if (from.kind == to.kind && from.rows == to.rows && from.cols == to.cols) return ConversionRank::Exact;
    if (fn == 1) return ConversionRank::Promotion;  // splat
    if (from.kind == ShapeKind::Vector && to.kind == ShapeKind::Vector)
        return to.cols < from.cols ? ConversionRank::Conversion : ConversionRank::None;
    if (from.kind == ShapeKind::Matrix && to.kind == ShapeKind::Matrix)
        return to.rows <= from.rows && to.cols <= from.cols ? ConversionRank::Conversion : ConversionRank::None;
    if (fn == tn && (from.rows == 1 || from.cols == 1) && (to.rows == 1 || to.cols == 1))
        return ConversionRank::Conversion;  // float3 <-> float1x3 / float3x1
    if (to.kind == ShapeKind::Scalar) return ConversionRank::Conversion;  // truncation to the first component
    return ConversionRank::None;
}

}  // namespace

ConversionRank conversion_rank(const Type* from, const Type* to) {
    if (!from || !to) return ConversionRank::None;
    if (from->value_type() == to->value_type()) return ConversionRank::Exact;
    const ScalarType* fc = component_type(from);
    const ScalarType* tc = component_type(to);
    if (!fc || !tc) return ConversionRank::None;
    ConversionRank s = shape_rank(shape_of(from), shape_of(to));
    if (s == ConversionRank::None) return s;
    return std::max(s, component_rank(fc->scalar, tc->scalar));
}

// --- parsing ------------------------------------------------------------------------------------

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

bool starts_with_word(std::string_view s, std::string_view w) {
    return s.size() > w.size() && s.substr(0, w.size()) == w && s[w.size()] == ' ';
}

std::optional<TypeClass> class_from(std::string_view w) {
    static constexpr std::pair<std::string_view, TypeClass> kClasses[] = {
        {"float", TypeClass::Float},         {"anyfloat", TypeClass::AnyFloat}, {"double", TypeClass::Double},
        {"numeric", TypeClass::Numeric},     {"any", TypeClass::Any},           {"integer", TypeClass::Integer},
        {"unsigned", TypeClass::Unsigned},   {"bool", TypeClass::Bool},         {"numeric32", TypeClass::Numeric32},
        {"numeric16", TypeClass::Numeric16}, {"atomic", TypeClass::Atomic},     {"dimension", TypeClass::Dimension},
        {"atomic_exchange", TypeClass::AtomicExchange},
    };
    for (const auto& [name, c] : kClasses)
        if (name == w) return c;
    return std::nullopt;
}

bool parse_shape(std::string_view w, Pattern& p) {
    if (w == "any") p.shape = ShapeRule::Any;
    else if (w == "sv") p.shape = ShapeRule::ScalarOrVector;
    else if (w == "scalar") p.shape = ShapeRule::Scalar;
    else if (w == "square") p.shape = ShapeRule::Square;
    else if (w == "matrix") p.shape = ShapeRule::Matrix;
    else if (w.size() == 1 && w[0] >= '1' && w[0] <= '4') {
        p.shape = ShapeRule::Vector;
        p.size = std::uint8_t(w[0] - '0');
    } else {
        return false;
    }
    return true;
}

// One type word (no direction, no name). False when it is not understood.
bool parse_type(std::string_view w, std::span<const std::string_view> placeholder_words, Pattern& p) {
    for (std::string_view word : placeholder_words) {
        if (word == w) {
            p.kind = PatternKind::Placeholder;
            p.word = w;
            return true;
        }
    }
    if (w == "T") {
        p.kind = PatternKind::Template;
        return true;
    }
    if (w.starts_with("T<") && w.ends_with(">")) {
        std::string_view inner = w.substr(2, w.size() - 3);
        std::size_t comma = inner.find(',');
        if (comma == std::string_view::npos) return false;
        auto cls = class_from(trim(inner.substr(0, comma)));
        if (!cls || !parse_shape(trim(inner.substr(comma + 1)), p)) return false;
        p.kind = PatternKind::TemplateDecl;
        p.cls = *cls;
        return true;
    }
    if (w == "elem(T)") {
        p.kind = PatternKind::ElemOfT;
        return true;
    }
    if (w == "elem4(T)") {
        p.kind = PatternKind::Elem4OfT;
        return true;
    }
    if (w == "transpose(T)") {
        p.kind = PatternKind::TransposeOfT;
        return true;
    }
    if (w == "sampler") {
        p.kind = PatternKind::AnySampler;
        return true;
    }
    if (w.ends_with("@T")) {
        auto s = lookup_scalar_name(w.substr(0, w.size() - 2));
        if (!s) return false;
        p.kind = PatternKind::WithShapeOfT;
        p.component = s->kind;
        return true;
    }
    p.kind = PatternKind::Concrete;
    if (w == "void") {
        p.concrete.form = ConcreteType::Form::Void;
        return true;
    }
    if (w == "SamplerState" || w == "SamplerComparisonState") {
        p.concrete.form = w == "SamplerState" ? ConcreteType::Form::SamplerState
                                              : ConcreteType::Form::SamplerComparisonState;
        return true;
    }
    auto numeric = lookup_numeric_shape(w);
    if (!numeric) return false;
    p.concrete.scalar = numeric->kind;
    if (numeric->is_matrix()) {
        p.concrete.form = ConcreteType::Form::Matrix;
        p.concrete.rows = numeric->rows;
        p.concrete.cols = numeric->cols;
    } else if (numeric->is_vector()) {
        p.concrete.form = ConcreteType::Form::Vector;
        p.concrete.cols = numeric->cols;
    } else {
        p.concrete.form = ConcreteType::Form::Scalar;
    }
    return true;
}

const Type* concrete_type(TypeContext& types, const ConcreteType& c) {
    switch (c.form) {
        case ConcreteType::Form::Scalar: return types.scalar(c.scalar);
        case ConcreteType::Form::Vector: return types.vector(c.scalar, c.cols);
        case ConcreteType::Form::Matrix: return types.matrix(c.scalar, c.rows, c.cols);
        case ConcreteType::Form::Void: return types.void_type();
        case ConcreteType::Form::SamplerState: return types.resource(ResourceKind::SamplerState);
        case ConcreteType::Form::SamplerComparisonState: return types.resource(ResourceKind::SamplerComparisonState);
    }
    return nullptr;
}

// The type a Placeholder pattern stands for in this call; null when the call has none.
const Type* placeholder_type(const Pattern& p, Placeholders placeholders) {
    for (const auto& [word, type] : placeholders)
        if (word == p.word) return type;
    return nullptr;
}

// Splits at top-level commas (commas inside <> belong to T<class,shape>).
std::vector<std::string_view> split_params(std::string_view s) {
    std::vector<std::string_view> out;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '<' || s[i] == '(') ++depth;
        else if (s[i] == '>' || s[i] == ')') --depth;
        else if (s[i] == ',' && depth == 0) {
            out.push_back(trim(s.substr(start, i - start)));
            start = i + 1;
        }
    }
    std::string_view last = trim(s.substr(start));
    if (!last.empty() || !out.empty()) out.push_back(last);
    return out;
}

}  // namespace

Signature parse_signature(std::string_view result, std::string_view params,
                          std::span<const std::string_view> placeholder_words) {
    Signature sig;
    if (!parse_type(trim(result), placeholder_words, sig.result)) sig.valid = false;
    sig.has_placeholders = sig.result.kind == PatternKind::Placeholder;
    for (std::string_view text : split_params(params)) {
        if (text == "...") {
            sig.variadic = true;
            continue;
        }
        Pattern p;
        if (starts_with_word(text, "out")) {
            p.direction = ParamDirection::Out;
            text = trim(text.substr(3));
        } else if (starts_with_word(text, "inout")) {
            p.direction = ParamDirection::InOut;
            text = trim(text.substr(5));
        } else if (starts_with_word(text, "ref")) {
            p.direction = ParamDirection::InOut;
            p.ref = true;
            text = trim(text.substr(3));
        }
        // The type is everything up to the last space outside <> (the name follows it).
        std::size_t split = std::string_view::npos;
        int depth = 0;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '<' || text[i] == '(') ++depth;
            else if (text[i] == '>' || text[i] == ')') --depth;
            else if (text[i] == ' ' && depth == 0) split = i;
        }
        std::string_view type_text = split == std::string_view::npos ? text : text.substr(0, split);
        if (split != std::string_view::npos) p.name = trim(text.substr(split + 1));
        if (!parse_type(type_text, placeholder_words, p)) sig.valid = false;
        if (p.kind == PatternKind::Placeholder) sig.has_placeholders = true;
        sig.params.push_back(p);
    }
    return sig;
}

// --- matching -----------------------------------------------------------------------------------

namespace {

bool uses_template(const Pattern& p) {
    return p.kind == PatternKind::TemplateDecl || p.kind == PatternKind::Template;
}

ScalarKind to_unsigned(ScalarKind k) {
    switch (k) {
        case ScalarKind::Int: return ScalarKind::UInt;
        case ScalarKind::Int16: return ScalarKind::UInt16;
        case ScalarKind::Int64: return ScalarKind::UInt64;
        case ScalarKind::Min16Int:
        case ScalarKind::Min12Int: return ScalarKind::Min16UInt;
        case ScalarKind::LiteralInt: return ScalarKind::UInt;
        default: return k;
    }
}

// Adapts the winning component of the template's arguments to its class, as DXC does: integers
// become float for float-only intrinsics, literals take their default type, and so on. Nullopt
// when the class cannot take it.
std::optional<ScalarKind> adapt_to_class(ScalarKind k, TypeClass cls, bool& narrowed) {
    const bool is_int = is_integer_kind(k);
    switch (cls) {
        case TypeClass::Float:
            if (k == ScalarKind::Double) {
                narrowed = true;
                return ScalarKind::Float;
            }
            if (is_int || k == ScalarKind::Bool || k == ScalarKind::LiteralFloat) return ScalarKind::Float;
            return k;
        case TypeClass::AnyFloat:
            if (is_int || k == ScalarKind::Bool || k == ScalarKind::LiteralFloat) return ScalarKind::Float;
            return k;
        case TypeClass::Double:
            if (k == ScalarKind::Double || k == ScalarKind::LiteralFloat) return ScalarKind::Double;
            return std::nullopt;
        case TypeClass::Numeric:
            if (k == ScalarKind::Bool || k == ScalarKind::LiteralInt) return ScalarKind::Int;
            if (k == ScalarKind::LiteralFloat) return ScalarKind::Float;
            return k;
        case TypeClass::Any:
            if (k == ScalarKind::LiteralInt) return ScalarKind::Int;
            if (k == ScalarKind::LiteralFloat) return ScalarKind::Float;
            return k;
        case TypeClass::Integer:
            if (!is_int) return std::nullopt;
            return k == ScalarKind::LiteralInt ? ScalarKind::Int : k;
        case TypeClass::Unsigned:
            if (!is_int) return std::nullopt;
            return to_unsigned(k);
        case TypeClass::Bool: return ScalarKind::Bool;
        case TypeClass::Numeric32:
            if (k == ScalarKind::LiteralInt) return ScalarKind::Int;
            if (k == ScalarKind::LiteralFloat) return ScalarKind::Float;
            if (k == ScalarKind::Int || k == ScalarKind::UInt || k == ScalarKind::Float) return k;
            return std::nullopt;
        case TypeClass::Numeric16:
            if (k == ScalarKind::Half || k == ScalarKind::Int16 || k == ScalarKind::UInt16) return k;
            return std::nullopt;
        case TypeClass::Atomic:
            if (k == ScalarKind::LiteralInt) return ScalarKind::Int;
            if (k == ScalarKind::Int || k == ScalarKind::UInt || k == ScalarKind::Int64 || k == ScalarKind::UInt64) return k;
            return std::nullopt;
        case TypeClass::AtomicExchange:
            // SM 6.6 adds 32-bit float to what InterlockedExchange swaps.
            if (k == ScalarKind::LiteralInt) return ScalarKind::Int;
            if (k == ScalarKind::LiteralFloat) return ScalarKind::Float;
            if (k == ScalarKind::Int || k == ScalarKind::UInt || k == ScalarKind::Int64 || k == ScalarKind::UInt64 ||
                k == ScalarKind::Float)
                return k;
            return std::nullopt;
        case TypeClass::Dimension:
            // int as well, converted from the query's uint as DXC does (real shaders pass int outputs).
            if (k == ScalarKind::UInt || k == ScalarKind::Int || k == ScalarKind::Float) return k;
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Shape> adapt_to_shape(Shape s, const Pattern& decl) {
    switch (decl.shape) {
        case ShapeRule::Any: return s;
        case ShapeRule::ScalarOrVector:
            if (s.kind == ShapeKind::Matrix) return std::nullopt;
            return s;
        case ShapeRule::Scalar:
            if (count_of(s) != 1) return std::nullopt;
            return Shape{};
        case ShapeRule::Vector:
            if (count_of(s) == 1) return decl.size == 1 ? Shape{} : Shape{ShapeKind::Vector, 1, decl.size};
            if (s.kind == ShapeKind::Vector && s.cols == decl.size) return s;
            return std::nullopt;
        case ShapeRule::Square:
            if (s.kind == ShapeKind::Matrix && s.rows == s.cols) return s;
            return std::nullopt;
        case ShapeRule::Matrix:
            if (s.kind == ShapeKind::Matrix) return s;
            return std::nullopt;
    }
    return std::nullopt;
}

std::string_view class_words(TypeClass c) {
    switch (c) {
        case TypeClass::Float: return "a float";
        case TypeClass::AnyFloat: return "a float or double";
        case TypeClass::Double: return "a double";
        case TypeClass::Numeric: return "a numeric";
        case TypeClass::Any: return "a";
        case TypeClass::Integer: return "an integer";
        case TypeClass::Unsigned: return "an unsigned integer";
        case TypeClass::Bool: return "a bool";
        case TypeClass::Numeric32: return "a 32-bit";
        case TypeClass::Numeric16: return "a 16-bit";
        case TypeClass::Atomic: return "an int, uint, int64_t or uint64_t";
        case TypeClass::AtomicExchange: return "an int, uint, int64_t, uint64_t or float";
        case TypeClass::Dimension: return "a uint, int or float";
    }
    return "a";
}

}  // namespace

Match match_signature(TypeContext& types, const Signature& sig, std::span<const CallArg> args,
                      Placeholders placeholders, bool explain) {
    Match m;
    // A placeholder the call has no type for makes the row unusable, as a bad table entry does.
    auto resolves = [&](const Pattern& p) {
        return p.kind != PatternKind::Placeholder || placeholder_type(p, placeholders) != nullptr;
    };
    bool usable = sig.valid;
    if (usable && sig.has_placeholders) {
        usable = resolves(sig.result);
        for (const Pattern& p : sig.params) usable = usable && resolves(p);
    }
    if (!usable) {
        if (explain) m.why = "the table entry does not parse";
        return m;
    }
    if (args.size() < sig.params.size() || (!sig.variadic && args.size() > sig.params.size())) {
        if (explain) m.why = "takes " + std::to_string(sig.params.size()) + (sig.variadic ? " or more" : "") + " argument" +
                (sig.params.size() == 1 ? "" : "s");
        return m;
    }

    // The template type T, from the arguments of T parameters.
    const Type* t = nullptr;
    const Pattern* decl = nullptr;
    for (const Pattern& p : sig.params)
        if (p.kind == PatternKind::TemplateDecl) decl = &p;
    if (decl) {
        // A ref argument (an atomic's destination) fixes T: it is the storage itself. out/inout
        // arguments are copied through a temporary of T and converted back, so T comes from the
        // inputs as for DXC's `out $type1` (sincos(x, s, c) computes at x's type); only a call
        // whose template arguments are all outputs (GetDimensions) takes T from them.
        const Type* fixed = nullptr;
        bool any_arg = false;
        Shape shape;
        bool have_shape = false;
        ScalarKind comp = ScalarKind::Bool;
        bool has_input = false;
        for (std::size_t i = 0; i < sig.params.size(); ++i)
            if (uses_template(sig.params[i]) && sig.params[i].direction == ParamDirection::In) has_input = true;
        for (std::size_t i = 0; i < sig.params.size(); ++i) {
            const Pattern& p = sig.params[i];
            if (!uses_template(p)) continue;
            const Type* a = args[i].type;
            const ScalarType* c = a ? component_type(a) : nullptr;
            if (!c) {
                if (explain) m.why = "argument " + std::to_string(i + 1) + " is not a scalar, vector or matrix";
                return m;
            }
            if (p.ref && !fixed) fixed = a->value_type();
            if (has_input && p.direction != ParamDirection::In) continue;
            if (!any_arg || precision_rank(c->scalar) > precision_rank(comp)) comp = c->scalar;
            any_arg = true;
            Shape s = shape_of(a);
            if (count_of(s) == 1) continue;
            if (!have_shape) {
                shape = s;
                have_shape = true;
            } else if (s.kind != shape.kind) {
                if (explain) m.why = "the arguments mix vectors and matrices";
                return m;
            } else {
                shape.rows = std::min(shape.rows, s.rows);
                shape.cols = std::min(shape.cols, s.cols);
            }
        }
        if (fixed) {
            comp = component_type(fixed)->scalar;
            shape = shape_of(fixed);
        }
        bool narrowed = false;
        auto k = adapt_to_class(comp, decl->cls, narrowed);
        if (!k) {
            if (explain) m.why = "needs " + std::string(class_words(decl->cls)) + " type, not '" + std::string(scalar_kind_name(comp)) + "'";
            return m;
        }
        auto s = adapt_to_shape(shape, *decl);
        if (!s) {
            if (explain) m.why = "the argument has the wrong shape";
            return m;
        }
        t = make_type(types, *k, *s);
        if (fixed && t != fixed) {
            if (explain) m.why = "needs " + std::string(class_words(decl->cls)) + " lvalue, not '" + type_name(fixed) + "'";
            return m;
        }
        m.narrowed_double = narrowed;
    }

    auto resolve = [&](const Pattern& p, const Type* arg) -> const Type* {
        switch (p.kind) {
            case PatternKind::Concrete: return concrete_type(types, p.concrete);
            case PatternKind::Placeholder: return placeholder_type(p, placeholders);
            case PatternKind::TemplateDecl:
            case PatternKind::Template: return t;
            case PatternKind::WithShapeOfT: return t ? make_type(types, p.component, shape_of(t)) : nullptr;
            case PatternKind::ElemOfT: return t ? component_type(t) : nullptr;
            case PatternKind::Elem4OfT: return t ? types.vector(component_type(t), 4) : nullptr;
            case PatternKind::TransposeOfT: {
                if (!t) return nullptr;
                Shape s = shape_of(t);
                if (s.kind != ShapeKind::Matrix) return t;
                return types.matrix(component_type(t), s.cols, s.rows);
            }
            case PatternKind::AnySampler: {
                const auto* r = arg ? arg->as<ResourceType>() : nullptr;
                if (r && is_sampler(r->resource)) return r;
                return types.resource(ResourceKind::SamplerState);
            }
        }
        return nullptr;
    };

    m.params.reserve(args.size());
    m.ranks.reserve(args.size());
    for (std::size_t i = 0; i < args.size(); ++i) {
        const CallArg& a = args[i];
        if (i >= sig.params.size()) {  // variadic tail: taken as it is
            m.params.push_back({a.type, ParamDirection::In});
            m.ranks.push_back(ConversionRank::Exact);
            continue;
        }
        const Pattern& p = sig.params[i];
        const Type* pt = resolve(p, a.type);
        if (!pt || !a.type) {
            if (explain) m.why = "argument " + std::to_string(i + 1) + " has no type";
            return m;
        }
        ConversionRank r = ConversionRank::Exact;
        if (p.direction != ParamDirection::In && !a.is_lvalue) {
            if (explain) m.why = "argument " + std::to_string(i + 1) + " is an output and needs an lvalue";
            return m;
        }
        if (p.ref) {
            r = a.type->value_type() == pt->value_type() ? ConversionRank::Exact : ConversionRank::None;
        } else if (p.direction == ParamDirection::In) {
            r = conversion_rank(a.type, pt);
        } else {
            // Copied back through an implicit conversion, which must exist both ways; only the
            // copies that happen count for the ranking.
            ConversionRank in = conversion_rank(a.type, pt);
            ConversionRank back = conversion_rank(pt, a.type);
            r = in == ConversionRank::None || back == ConversionRank::None ? ConversionRank::None
                : p.direction == ParamDirection::InOut                    ? std::max(in, back)
                                                                          : back;
        }
        if (r == ConversionRank::None) {
            if (explain) m.why = "argument " + std::to_string(i + 1) + " is '" + type_name(a.type) + "', which does not convert to '" +
                    type_name(pt) + "'";
            return m;
        }
        if (m.narrowed_double && uses_template(p)) {
            const ScalarType* c = component_type(a.type);
            if (c && c->scalar == ScalarKind::Double) r = std::max(r, ConversionRank::Conversion);
        }
        m.params.push_back({pt, p.direction});
        m.ranks.push_back(r);
    }
    m.result = resolve(sig.result, nullptr);
    m.viable = m.result != nullptr;
    return m;
}

Selection select_best(std::span<const std::vector<ConversionRank>> candidates) {
    return select_best_of(candidates.size(), [&](std::size_t i) { return std::span<const ConversionRank>(candidates[i]); });
}

std::string describe_args(std::span<const CallArg> args) {
    std::string out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (i) out += ", ";
        out += args[i].type ? type_name(args[i].type) : std::string("?");
    }
    return out;
}

}  // namespace oneshader::intrinsics
