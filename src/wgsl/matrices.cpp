// Matrix operations WGSL does not take whole. WGSL matrices hold floats only, so an R x C integer
// or bool matrix is `array<vecC<T>, R>`: its HLSL rows, the layout buffers already have (and the
// SPIR-V target's arrays of rows). Indexing, construction and insertion are those of any array;
// what an array lacks is printed here: component-wise operators, comparisons, select, conversions
// and bit-casts row by row, any/all over the rows, and mul and transpose as helper functions (one
// per shape, written once). Float matrices share the row-by-row forms where WGSL's operator means
// something else (`*` is the product) or does not exist (matrix comparisons, select, bitcast).
#include <fmt/compile.h>
#include <fmt/format.h>

#include "ir/type_rules.hpp"
#include "types/types_query.hpp"
#include "wgsl/printer.hpp"
#include "textgen/format.hpp"

namespace oneshader::wgsl {

const sema::MatrixType* row_array(const sema::Type* t) {
    const auto* m = t->as<sema::MatrixType>();
    return m && m->rows > 1 && m->cols > 1 && !sema::is_float_kind(m->element->scalar) ? m : nullptr;
}

namespace {

const char* const kLetters = "xyzw";

// A matrix WGSL holds as a matrix or a row array (at least 2x2).
const sema::MatrixType* real_matrix(const sema::Type* t) {
    const auto* m = t->as<sema::MatrixType>();
    return m && m->rows > 1 && m->cols > 1 ? m : nullptr;
}

const char* operator_text(ir::Opcode op) {
    using O = ir::Opcode;
    switch (op) {
        case O::Add: return "+";
        case O::Sub: return "-";
        case O::Mul: return "*";
        case O::Div: return "/";
        case O::Rem: return "%";
        case O::BitAnd: case O::LogicalAnd: return "&";
        case O::BitOr: case O::LogicalOr: return "|";
        case O::BitXor: return "^";
        case O::Eq: return "==";
        case O::Ne: return "!=";
        case O::Lt: return "<";
        case O::Le: return "<=";
        case O::Gt: return ">";
        case O::Ge: return ">=";
        case O::Neg: return "-";
        case O::BitNot: return "~";
        case O::LogicalNot: return "!";
        default: return nullptr;
    }
}

}  // namespace

std::string Printer::row_of(const ir::Value* v, std::uint32_t r) {
    // A constant's row is its own constant, not an index into the whole one.
    if (const auto* c = v->as<ir::Constant>()) {
        if (c->constant_kind == ir::ConstantKind::Composite && r < c->elements.size()) return constant(c->elements[r]);
        if (c->constant_kind == ir::ConstantKind::Zero || c->constant_kind == ir::ConstantKind::Undef)
            return zero(ir::composite_element_type(module_.types(), v->type(), r));
    }
    return textgen::format(FMT_COMPILE("{}[{}]"), value(v), r);
}

bool Printer::reads_rows(const ir::Instruction* i) const {
    using O = ir::Opcode;
    const sema::Type* t = i->type();
    const sema::Type* first = i->operands.empty() ? nullptr : i->operands[0]->type();
    switch (i->opcode) {
        case O::Add: case O::Sub: case O::BitAnd: case O::BitOr: case O::BitXor: case O::LogicalAnd:
        case O::LogicalOr: case O::Neg: case O::BitNot: case O::LogicalNot: case O::Shl: case O::Shr:
            return row_array(t) != nullptr;
        case O::Mul: case O::Div: case O::Rem: case O::Select: case O::Convert: case O::Bitcast:
            return real_matrix(t) != nullptr;
        case O::Eq: case O::Ne: case O::Lt: case O::Le: case O::Gt: case O::Ge:
            return real_matrix(t) && real_matrix(first);
        case O::CallIntrinsic:
            return (i->intrinsic == intrinsics::Id::All || i->intrinsic == intrinsics::Id::Any) && first &&
                   real_matrix(first);
        default: return false;
    }
}

namespace {

// The helper's text: `fn name(params) -> result { return body; }`.
std::string helper_text(const std::string& name, const std::string& params, const std::string& result,
                        const std::string& body) {
    return "fn " + name + "(" + params + ") -> " + result + " {\n    return " + body + ";\n}\n\n";
}

}  // namespace

std::optional<std::string> Printer::matrix_expression(const ir::Instruction* i) {
    using O = ir::Opcode;
    const sema::Type* t = i->type();
    const sema::MatrixType* result = real_matrix(t);
    const sema::Type* first = i->operands.empty() ? nullptr : i->operands[0]->type();
    // `T(row 0, row 1, ...)` of the result, each row from `row(r)`.
    auto rows = [&](auto&& row) {
        std::string s = type(t) + "(";
        for (std::uint32_t r = 0; r < result->rows; ++r) s += (r ? ", " : "") + row(r);
        return s + ")";
    };
    auto binary = [&](std::uint32_t r) {
        return "(" + row_of(i->operands[0], r) + " " + operator_text(i->opcode) + " " + row_of(i->operands[1], r) + ")";
    };
    switch (i->opcode) {
        case O::Add: case O::Sub: case O::BitAnd: case O::BitOr: case O::BitXor: case O::LogicalAnd:
        case O::LogicalOr:
            // WGSL adds and subtracts float matrices whole.
            if (!row_array(t)) return std::nullopt;
            return rows(binary);
        case O::Mul: case O::Div: case O::Rem:
            // Component-wise; WGSL's `*` on matrices is the product.
            if (!result) return std::nullopt;
            return rows(binary);
        case O::Eq: case O::Ne: case O::Lt: case O::Le: case O::Gt: case O::Ge:
            // The answer is a bool matrix, a row array.
            if (!result || !real_matrix(first)) return std::nullopt;
            return rows(binary);
        case O::Neg: case O::BitNot: case O::LogicalNot:
            if (!row_array(t)) return std::nullopt;
            return rows([&](std::uint32_t r) { return "(" + std::string(operator_text(i->opcode)) + row_of(i->operands[0], r) + ")"; });
        case O::Shl: case O::Shr: {
            if (!row_array(t)) return std::nullopt;
            // HLSL masks the shift count to the width; WGSL requires a u32 count below it (as for vectors).
            std::string u = textgen::format(FMT_COMPILE("vec{}<u32>"), result->cols);
            const sema::ScalarType* cs = sema::component_type(i->operands[1]->type());
            bool unsigned_count = cs && cs->scalar == sema::ScalarKind::UInt;
            return rows([&](std::uint32_t r) {
                std::string count = row_of(i->operands[1], r);
                if (!unsigned_count) count = u + "(" + count + ")";
                return "(" + row_of(i->operands[0], r) + (i->opcode == O::Shl ? " << " : " >> ") + "(" + count + " & " +
                       u + "(31u)))";
            });
        }
        case O::Select: {
            // WGSL's select takes scalars and vectors: one select per row, with the condition's row
            // or the one scalar condition.
            if (!result) return std::nullopt;
            const ir::Value* cond = i->operands[0];
            bool per_row = real_matrix(cond->type()) != nullptr;
            return rows([&](std::uint32_t r) {
                return "select(" + row_of(i->operands[2], r) + ", " + row_of(i->operands[1], r) + ", " +
                       (per_row ? row_of(cond, r) : value(cond)) + ")";
            });
        }
        case O::Convert: {
            if (!result) return std::nullopt;
            std::string row_type = type(ir::composite_element_type(module_.types(), t, 0));
            return rows([&](std::uint32_t r) { return row_type + "(" + row_of(i->operands[0], r) + ")"; });
        }
        case O::Bitcast: {
            if (!result) return std::nullopt;
            std::string row_type = type(ir::composite_element_type(module_.types(), t, 0));
            return rows([&](std::uint32_t r) { return "bitcast<" + row_type + ">(" + row_of(i->operands[0], r) + ")"; });
        }
        case O::MatMul: {
            const sema::Type* b = i->operands[1]->type();
            const auto* ma = row_array(first);
            const auto* mb = row_array(b);
            // Float products are WGSL's `*`; a one-row or one-column operand is refused there.
            if (!(ma || mb) || (first->is<sema::MatrixType>() && !ma) || (b->is<sema::MatrixType>() && !mb))
                return std::nullopt;
            return integer_product(i);
        }
        case O::CallIntrinsic: {
            using intrinsics::Id;
            if (i->intrinsic == Id::Transpose && first && row_array(first)) return transpose_rows(i);
            if ((i->intrinsic == Id::All || i->intrinsic == Id::Any) && first && real_matrix(first)) {
                // all/any of each row, joined: WGSL's take vectors of bools.
                const auto* m = real_matrix(first);
                std::string row_zero = zero(ir::composite_element_type(module_.types(), first, 0));
                bool bools = sema::is_bool(first);
                std::string s = "(";
                for (std::uint32_t r = 0; r < m->rows; ++r) {
                    std::string row = row_of(i->operands[0], r);
                    if (!bools) row = "(" + row + " != " + row_zero + ")";
                    s += (r ? (i->intrinsic == Id::All ? " && " : " || ") : "") +
                         std::string(i->intrinsic == Id::All ? "all(" : "any(") + row + ")";
                }
                return s + ")";
            }
            return std::nullopt;
        }
        default: return std::nullopt;
    }
}

std::string Printer::integer_product(const ir::Instruction* i) {
    const sema::Type* a = i->operands[0]->type();
    const sema::Type* b = i->operands[1]->type();
    const sema::ScalarType* element = sema::component_type(a);
    if (!element || element->scalar == sema::ScalarKind::Bool) {
        refuse("WGSL: mul of bool matrices; convert them to int first");
        return "0";
    }
    const auto* ma = row_array(a);
    const auto* mb = row_array(b);
    std::string ta = type(a), tb = type(b), tr = type(i->type()), e = scalar(element);
    std::string key = "mul " + ta + " " + tb;
    auto known = helper_names_.find(key);
    if (known != helper_names_.end()) return known->second + "(" + value(i->operands[0]) + ", " + value(i->operands[1]) + ")";
    auto shape = [&](const sema::Type* t) {
        if (const auto* m = t->as<sema::MatrixType>()) return textgen::format(FMT_COMPILE("{}x{}"), unsigned{m->rows}, unsigned{m->cols});
        return textgen::format(FMT_COMPILE("v{}"), sema::component_count(t));
    };
    std::string name = names_.fresh(textgen::format(FMT_COMPILE("mul_{}_{}_{}"), e, shape(a), shape(b)));
    std::string body;
    if (ma && !mb) {
        // mul(M, v): row r of M dotted with v.
        body = tr + "(";
        for (std::uint32_t r = 0; r < ma->rows; ++r) body += textgen::format(FMT_COMPILE("{}dot(a[{}], b)"), r ? ", " : "", r);
        body += ")";
    } else if (!ma) {
        // mul(v, M): the rows of M scaled by v's components and added.
        for (std::uint32_t r = 0; r < mb->rows; ++r) body += textgen::format(FMT_COMPILE("{}(a.{} * b[{}])"), r ? " + " : "", kLetters[r], r);
    } else {
        // mul(A, B): row r of the product is B's rows scaled by row r of A's components and added.
        body = tr + "(";
        for (std::uint32_t r = 0; r < ma->rows; ++r) {
            body += r ? ", " : "";
            for (std::uint32_t k = 0; k < mb->rows; ++k) body += textgen::format(FMT_COMPILE("{}(a[{}].{} * b[{}])"), k ? " + " : "", r, kLetters[k], k);
        }
        body += ")";
    }
    add_helper(helper_text(name, "a: " + ta + ", b: " + tb, tr, body));
    helper_names_[key] = name;
    return name + "(" + value(i->operands[0]) + ", " + value(i->operands[1]) + ")";
}

std::string Printer::transpose_rows(const ir::Instruction* i) {
    const sema::Type* a = i->operands[0]->type();
    const auto* m = row_array(a);
    std::string ta = type(a), tr = type(i->type());
    std::string key = "transpose " + ta;
    auto known = helper_names_.find(key);
    if (known != helper_names_.end()) return known->second + "(" + value(i->operands[0]) + ")";
    std::string name = names_.fresh(textgen::format(FMT_COMPILE("transpose_{}_{}x{}"), scalar(m->element), m->rows, m->cols));
    // Row c of the transpose is column c of the matrix.
    std::string row_type = type(ir::composite_element_type(module_.types(), i->type(), 0));
    std::string body = tr + "(";
    for (std::uint32_t c = 0; c < m->cols; ++c) {
        body += (c ? ", " : "") + row_type + "(";
        for (std::uint32_t r = 0; r < m->rows; ++r) body += textgen::format(FMT_COMPILE("{}m[{}].{}"), r ? ", " : "", r, kLetters[c]);
        body += ")";
    }
    add_helper(helper_text(name, "m: " + ta, tr, body + ")"));
    helper_names_[key] = name;
    return name + "(" + value(i->operands[0]) + ")";
}

}  // namespace oneshader::wgsl
