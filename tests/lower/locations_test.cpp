// Source locations on IR instructions (docs/ir.md, "Source locations"): lowering gives every
// instruction the position of the statement or expression it comes from, the optimizer keeps
// them (inlined code keeps its callee's lines), and the text form prints and reads them back.
#include "lower_fixture.hpp"
#include "opt/optimizer.hpp"

using namespace lower_test;

namespace {

const char* kShader =
    "float helper(float x) {\n"              // line 1
    "    return x * 3.0;\n"                  // line 2
    "}\n"                                    // line 3
    "[shader(\"pixel\")]\n"                  // line 4
    "float4 main(float4 c : COLOR) : SV_Target {\n"  // line 5
    "    float a = c.x + c.y;\n"             // line 6
    "    float b = helper(a);\n"             // line 7
    "    return float4(a, b, 0, 1);\n"       // line 8
    "}\n";

// The physical line of each instruction of the given opcode in function `fn`, in order.
std::vector<std::uint32_t> lines_of(const Lowered& l, std::string_view fn, ir::Opcode op) {
    std::vector<std::uint32_t> out;
    for (const ir::Function* f : l.fe->module.functions) {
        if (f->name != fn) continue;
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions)
                if (i->opcode == op) out.push_back(i->loc.valid() ? l.fe->ctx.sources.line(i->loc) : 0);
    }
    return out;
}

std::size_t without_location(const ir::Module& m) {
    std::size_t n = 0;
    for (const ir::Function* f : m.functions)
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions)
                if (!i->loc.valid()) ++n;
    return n;
}

std::string print_with_locations(const ir::Module& m) {
    ir::PrintOptions po;
    po.locations = true;
    return ir::print_module(m, po);
}

}  // namespace

TEST_CASE("lowering gives every instruction the line of its statement or expression", "[lower][locations]") {
    Lowered l = lower_text(kShader);
    REQUIRE(l.errors() == "");
    CHECK(without_location(l.fe->module) == 0);
    CHECK(lines_of(l, "helper", ir::Opcode::Mul) == std::vector<std::uint32_t>{2});
    CHECK(lines_of(l, "helper", ir::Opcode::Return) == std::vector<std::uint32_t>{2});
    CHECK(lines_of(l, "main_body", ir::Opcode::Add) == std::vector<std::uint32_t>{6});
    CHECK(lines_of(l, "main_body", ir::Opcode::Call) == std::vector<std::uint32_t>{7});
    // The operator's own position (column 19 is the `+` of `c.x + c.y`), not its last operand's.
    for (const ir::Function* f : l.fe->module.functions)
        for (const ir::Block* b : f->blocks)
            for (const ir::Instruction* i : b->instructions)
                if (i->opcode == ir::Opcode::Add) CHECK(l.fe->ctx.sources.column(i->loc) == 19);
}

TEST_CASE("the optimizer keeps locations: inlined code keeps its callee's lines", "[lower][locations]") {
    Lowered l = lower_text(kShader);
    REQUIRE(l.errors() == "");
    opt::OptimizeResult r = opt::optimize(l.fe->module);
    REQUIRE(r.ok);
    std::vector<std::uint32_t> muls = lines_of(l, "main", ir::Opcode::Mul);
    CHECK(muls == std::vector<std::uint32_t>{2});  // helper's `x * 3.0`, inlined into the entry point
    CHECK(without_location(l.fe->module) == 0);
}

TEST_CASE("locations print as !loc(file:offset) on request and parse back", "[lower][locations]") {
    Lowered l = lower_text(kShader);
    REQUIRE(l.errors() == "");
    std::string with = print_with_locations(l.fe->module);
    CHECK(with.find(" !loc(1:") != std::string::npos);
    CHECK(l.text.find("!loc") == std::string::npos);  // off by default
    support::Arena arena;
    support::Interner interner(arena);
    sema::TypeContext types(arena);
    ir::Module m(arena, types);
    std::vector<ir::ParseError> errors = ir::parse_module(with, m, interner);
    REQUIRE(errors.empty());
    CHECK(print_with_locations(m) == with);
    CHECK(ir::print_module(m) == l.text);
}
