#include "ir/util.hpp"

namespace oneshader::ir {

namespace {

void add_users(const Function& f, UserMap& users) {
    for (const Block* b : f.blocks)
        for (Instruction* i : b->instructions)
            for (std::uint32_t k = 0; k < i->operands.size(); ++k)
                if (i->operands[k]) users[i->operands[k]].push_back({i, k});
}

Value* resolve(Value* v, const Replacements& map) {
    // A chain longer than the map has a cycle; stop at the last new value.
    std::size_t steps = 0;
    for (auto it = map.find(v); it != map.end() && steps <= map.size(); it = map.find(v), ++steps) {
        if (it->second == v) break;
        v = it->second;
    }
    return v;
}

}  // namespace

UserMap build_users(const Function& f) {
    UserMap users;
    add_users(f, users);
    return users;
}

UserMap build_users(const Module& m) {
    UserMap users;
    for (const Function* f : m.functions) add_users(*f, users);
    return users;
}

std::size_t apply_replacements(Function& f, const Replacements& map) {
    if (map.empty()) return 0;
    std::size_t changed = 0;
    for (Block* b : f.blocks)
        for (Instruction* i : b->instructions)
            for (Value*& op : i->operands) {
                if (!op) continue;
                Value* r = resolve(op, map);
                if (r != op) {
                    op = r;
                    ++changed;
                }
            }
    return changed;
}

std::size_t apply_replacements(Module& m, const Replacements& map) {
    std::size_t changed = 0;
    for (Function* f : m.functions) changed += apply_replacements(*f, map);
    return changed;
}

}  // namespace oneshader::ir
