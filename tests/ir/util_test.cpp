// The user map and one-sweep replacement that passes use instead of use lists.
#include "ir/util.hpp"
#include "ir_fixture.hpp"

namespace oneshader::ir::test {
namespace {

const char* kText = R"(func @f(%arg0: int) -> int {
bb0:
  %0 = add %arg0, 1:int : int
  %1 = mul %0, %0 : int
  br bb1
bb1:
  %2 = sub %1, %arg0 : int
  ret %2
}
)";

TEST_CASE("util: users are listed in block, instruction and operand order", "[ir][util]") {
    IrFixture f;
    f.parse(kText);
    Function& fn = *f.module.functions[0];
    UserMap users = build_users(fn);
    Instruction* add = fn.blocks[0]->instructions[0];
    Instruction* mul = fn.blocks[0]->instructions[1];
    Instruction* sub = fn.blocks[1]->instructions[0];
    REQUIRE(users.count(add));
    CHECK(users[add].size() == 2);
    CHECK(users[add][0].user == mul);
    CHECK(users[add][0].operand == 0);
    CHECK(users[add][1].operand == 1);
    const auto& arg_users = users[fn.arguments[0]];
    REQUIRE(arg_users.size() == 2);
    CHECK(arg_users[0].user == add);
    CHECK(arg_users[1].user == sub);
    CHECK(users.count(sub) == 1);
    CHECK(build_users(f.module).at(mul).size() == 1);
}

TEST_CASE("util: replacements apply in one sweep and follow chains", "[ir][util]") {
    IrFixture f;
    f.parse(kText);
    Function& fn = *f.module.functions[0];
    Instruction* add = fn.blocks[0]->instructions[0];
    Instruction* mul = fn.blocks[0]->instructions[1];
    Replacements map;
    map[mul] = add;                               // mul -> add
    map[add] = f.module.int_constant(5);          // add -> 5, so mul -> 5 too
    CHECK(apply_replacements(fn, map) == 3);
    CHECK(print_module(f.module) == R"(func @f(%arg0: int) -> int {
bb0:
  %0 = add %arg0, 1:int : int
  %1 = mul 5:int, 5:int : int
  br bb1
bb1:
  %2 = sub 5:int, %arg0 : int
  ret %2
}
)");
}

TEST_CASE("util: a replacement cycle stops instead of looping", "[ir][util]") {
    IrFixture f;
    f.parse(kText);
    Function& fn = *f.module.functions[0];
    Instruction* add = fn.blocks[0]->instructions[0];
    Instruction* mul = fn.blocks[0]->instructions[1];
    Replacements map;
    map[add] = mul;
    map[mul] = add;
    CHECK(apply_replacements(f.module, map) > 0);
}

}  // namespace
}  // namespace oneshader::ir::test
