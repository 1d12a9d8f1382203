// The user map and one-sweep replacement that passes use instead of use lists.
#include "ir/util.hpp"

#include <algorithm>
#include <vector>

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

const char* kPointers = R"(func @g(%arg0: int[2], %arg1: int) -> int {
bb0:
  %0 = alloca : ptr<function, int[2]> ; v
  store %0, %arg0
  %1 = access %0, %arg1 : ptr<function, int>
  %2 = load %1 : int
  %3 = load %0 : int[2]
  %4 = extract %3 [1] : int
  %5 = add %2, %4 : int
  ret %5
}
)";

TEST_CASE("util: the pointer user map lists the users of variables and chains only", "[ir][util]") {
    IrFixture f;
    f.parse(kPointers);
    Function& fn = *f.module.functions[0];
    const auto& code = fn.blocks[0]->instructions;
    Instruction* var = code[0];
    Instruction* chain = code[2];
    UserMap all = build_users(fn);
    UserMap pointers = build_pointer_users(fn);
    // The variable's and the chain's uses are the same in both maps, in use order.
    REQUIRE(pointers[var].size() == 3);
    REQUIRE(all[var].size() == 3);
    for (std::size_t k = 0; k < 3; ++k) {
        CHECK(pointers[var][k].user == all[var][k].user);
        CHECK(pointers[var][k].operand == all[var][k].operand);
    }
    CHECK(pointers[var][0].user == code[1]);  // store
    CHECK(pointers[var][1].user == chain);
    CHECK(pointers[var][2].user == code[4]);  // load of the whole
    REQUIRE(pointers[chain].size() == 1);
    CHECK(pointers[chain][0].user == code[3]);
    // Other values have users, but not in the pointer map.
    CHECK(all.count(code[3]) == 1);
    CHECK(pointers.count(code[3]) == 0);
    CHECK(pointers.count(fn.arguments[1]) == 0);
    CHECK(pointers.size() == 2);
}

TEST_CASE("util: a batch of removals sweeps each block once and skips removed instructions", "[ir][util]") {
    IrFixture f;
    f.parse(kPointers);
    Function& fn = *f.module.functions[0];
    auto& code = fn.blocks[0]->instructions;
    Instruction* load_whole = code[4];
    Instruction* extract = code[5];
    std::vector<Instruction*> dead = {extract, load_whole, extract};
    remove_instructions(dead);
    CHECK(load_whole->block == nullptr);
    CHECK(extract->block == nullptr);
    CHECK(code.size() == 6);
    CHECK(std::find(code.begin(), code.end(), extract) == code.end());
    remove_instructions(dead);  // already gone: nothing happens
    CHECK(code.size() == 6);
}

TEST_CASE("util: pointer maps find what was inserted, grow, and clear", "[ir][util]") {
    std::vector<int> objects(1000);
    PointerMap<const int*, int> map;
    CHECK(map.empty());
    CHECK(map.find(&objects[0]) == map.end());
    for (int k = 0; k < 1000; ++k) CHECK(map.emplace(&objects[k], k).second);
    CHECK(map.size() == 1000);
    CHECK_FALSE(map.emplace(&objects[7], -1).second);  // present: kept as it was
    for (int k = 0; k < 1000; ++k) {
        const auto* e = map.find(&objects[k]);
        REQUIRE(e != map.end());
        CHECK(e->second == k);
    }
    map[&objects[3]] = 42;
    CHECK(map.find(&objects[3])->second == 42);
    CHECK(map.count(nullptr) == 0);
    map.clear();
    CHECK(map.empty());
    CHECK(map.count(&objects[3]) == 0);
    PointerSet<const int*> set;
    CHECK(set.insert(&objects[1]));
    CHECK_FALSE(set.insert(&objects[1]));
    CHECK(set.contains(&objects[1]));
    CHECK_FALSE(set.contains(&objects[2]));
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
