// Every intrinsic id that can reach a backend has a row in that backend's <target>/intrinsics.def,
// and no backend keeps rows for ids none can see. A backend joins by adding its lookup to
// kBackends (msl/intrinsics.def and wgsl/intrinsics.def when those backends land).
#include <catch2/catch.hpp>

#include <optional>
#include <string_view>
#include <vector>

#include "intrinsics/id.hpp"
#include "intrinsics/table.hpp"
#include "ir/builder.hpp"
#include "ir/module.hpp"
#include "ir/verifier.hpp"
#include "raise/calls.hpp"
#include "types/scalar_spelling.hpp"
#include "types/types.hpp"
#include "msl/msl.hpp"
#include "spirv/intrinsic_mapping.hpp"
#include "spirv/raise.hpp"
#include "wgsl/intrinsic_mapping.hpp"
#include "support/arena.hpp"
#include "support/diagnostics.hpp"
#include "support/source_manager.hpp"

namespace oneshader::intrinsics::test {
namespace {

struct Backend {
    std::string_view name;
    bool (*has_row)(Id id);
};

constexpr Backend kBackends[] = {
    {"spirv", [](Id id) { return spirv::intrinsic_mapping(id) != spirv::IntrinsicMapping::None; }},
    {"wgsl", [](Id id) { return wgsl::intrinsic_mapping(id) != wgsl::IntrinsicMapping::None; }},
    {"msl", [](Id id) { return msl::has_intrinsic_row(id); }},
};

TEST_CASE("every id that survives lowering has a row in every backend", "[intrinsics][backends]") {
    for (const Backend& backend : kBackends) {
        for (std::size_t k = 1; k < kIdCount; ++k) {
            Id id = Id(k);
            INFO(std::string(backend.name) + ": " + std::string(name(id)));
            if (survives_lowering(id))
                CHECK(backend.has_row(id));
            else
                CHECK_FALSE(backend.has_row(id));  // the lowering or the front end never lets it through
        }
    }
}

// A scalar or vector type of the signature language spelled `word` ("uint2", "half2"); null for
// templates and other words.
const sema::Type* concrete_type(sema::TypeContext& types, std::string_view word) {
    std::optional<sema::NumericShape> shape = sema::lookup_numeric_shape(word);
    if (!shape || shape->is_matrix()) return nullptr;
    return shape->is_vector() ? static_cast<const sema::Type*>(types.vector(shape->kind, shape->cols))
                              : types.scalar(shape->kind);
}

// A call of a form whose parameters and result are all concrete scalars and vectors (the packed
// byte helpers) on zero constants of those types; null for other forms.
ir::Instruction* concrete_call_of(ir::Builder& b, Id id, const Row& form) {
    sema::TypeContext& types = b.types();
    const sema::Type* result = concrete_type(types, form.result);
    if (!result || form.params.empty() || form.params.find('<') != std::string_view::npos) return nullptr;
    std::vector<ir::Value*> args;
    std::string_view rest = form.params;
    while (!rest.empty()) {
        std::size_t comma = rest.find(',');
        std::string_view param = rest.substr(0, comma);
        while (param.starts_with(' ')) param.remove_prefix(1);
        const sema::Type* t = concrete_type(types, param.substr(0, param.find(' ')));
        if (!t) return nullptr;
        args.push_back(b.module().zero_constant(t));
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    return b.intrinsic(id, result, args);
}

// A call of a raised id: on concrete operands where its first form has only those, otherwise on
// float4 operands, as many as its first form takes.
ir::Instruction* call_of(ir::Builder& b, ir::Function* f, Id id) {
    sema::TypeContext& types = b.types();
    const Row& form = rows(id).front();
    if (form.params.starts_with("float ") && form.result == "float4") {
        // lit: plain float parameters, taken from the float arguments below.
    } else if (ir::Instruction* call = concrete_call_of(b, id, form)) {
        return call;
    }
    std::vector<ir::Value*> args;
    // Parameters are separated by commas outside a template's `<class,shape>`.
    std::size_t count = form.params.empty() ? 0 : 1;
    int depth = 0;
    for (char c : form.params) {
        depth += c == '<' ? 1 : c == '>' ? -1 : 0;
        count += c == ',' && depth == 0;
    }
    // Arguments 0-2 are float4, 3-5 float: a form of plain float parameters (lit) takes those.
    const std::size_t first = form.params.starts_with("float ") ? 3 : 0;
    REQUIRE(first + count <= f->arguments.size());
    for (std::size_t k = 0; k < count; ++k) args.push_back(f->arguments[first + k]);
    const sema::Type* result = form.result.starts_with("bool@") ? types.vector(types.scalar(sema::ScalarKind::Bool), 4)
                                                               : f->arguments[0]->type();  // float4 (lit's too)
    return b.intrinsic(id, result, args);
}

TEST_CASE("the SPIR-V raise list rewrites every id its table marks raised", "[intrinsics][backends]") {
    support::Arena arena;
    sema::TypeContext types{arena};
    ir::Module module{arena, types};
    ir::Function* f = module.add_function("f", types.void_type());
    for (int k = 0; k < 3; ++k) module.add_argument(f, types.vector(types.scalar(sema::ScalarKind::Float), 4), "x");
    for (int k = 0; k < 3; ++k) module.add_argument(f, types.scalar(sema::ScalarKind::Float), "s");
    ir::Builder b(module);
    b.set_insert_point(module.add_block(f));
    std::vector<Id> raised;
    for (std::size_t k = 1; k < kIdCount; ++k)
        if (spirv::intrinsic_mapping(Id(k)) == spirv::IntrinsicMapping::Raised) {
            raised.push_back(Id(k));
            call_of(b, f, Id(k));
        }
    b.ret();
    REQUIRE(raised.size() >= 6);
    REQUIRE(ir::verify(module) == std::vector<std::string>{});
    support::SourceManager sources;
    support::DiagnosticEngine diags(sources);
    std::string printed;
    CHECK(spirv::raise(module, spirv::RaiseOptions{}, diags, printed));
    CHECK(ir::verify(module) == std::vector<std::string>{});
    for (Id id : raised) {
        INFO(name(id));
        CHECK(raise::calls_of(module, id).empty());
    }
}

}  // namespace
}  // namespace oneshader::intrinsics::test
