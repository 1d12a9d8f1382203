#include "ir/util.hpp"

#include <algorithm>
#include <stdexcept>

namespace oneshader::ir {

namespace {

std::size_t slot_of(const Value* v, std::size_t mask) {
    // Fibonacci hashing of the address; objects are at least 8-byte aligned.
    auto x = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(v)) >> 3;
    return static_cast<std::size_t>((x * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}

bool is_pointer_source(const Value* v) {
    const Instruction* i = v->as<Instruction>();
    return i && (i->opcode == Opcode::Alloca || i->opcode == Opcode::AccessChain);
}

}  // namespace

void UserMap::build(std::span<const Function* const> functions) {
    std::size_t n = 0;
    for (const Function* f : functions)
        for (const Block* b : f->blocks)
            for (const Instruction* i : b->instructions) n += i->operands.size();
    if (n == 0) return;
    std::size_t cap = 16;
    while (cap < 2 * n) cap *= 2;
    const std::size_t mask = cap - 1;
    table_.assign(cap, 0);
    // Pass 1: one entry per used value, in first-use order, with its use count (in `second`'s
    // size, as a placeholder until the uses exist).
    std::vector<std::uint32_t> counts;
    auto entry_of = [&](const Value* v) -> std::uint32_t& {
        std::size_t s = slot_of(v, mask);
        while (table_[s] && entries_[table_[s] - 1].first != v) s = (s + 1) & mask;
        return table_[s];
    };
    // The entry of each operand (0: none), in operand order, so pass 2 need not look it up again.
    std::vector<std::uint32_t> operand_entry(n);
    std::size_t at = 0;
    for (const Function* f : functions)
        for (const Block* b : f->blocks)
            for (const Instruction* i : b->instructions)
                for (const Value* op : i->operands) {
                    if (!op) {
                        operand_entry[at++] = 0;
                        continue;
                    }
                    std::uint32_t& e = entry_of(op);
                    if (!e) {
                        entries_.push_back({op, {}});
                        counts.push_back(0);
                        e = static_cast<std::uint32_t>(entries_.size());
                    }
                    ++counts[e - 1];
                    operand_entry[at++] = e;
                }
    // Pass 2: each value's group starts where the previous one ends; fill them in use order.
    std::size_t total = 0;
    std::vector<std::uint32_t> next(entries_.size());
    for (std::size_t k = 0; k < entries_.size(); ++k) {
        next[k] = static_cast<std::uint32_t>(total);
        total += counts[k];
    }
    uses_.resize(total);
    at = 0;
    for (const Function* f : functions)
        for (const Block* b : f->blocks)
            for (Instruction* i : b->instructions)
                for (std::uint32_t k = 0; k < i->operands.size(); ++k) {
                    std::uint32_t e = operand_entry[at++];
                    if (!e) continue;
                    uses_[next[e - 1]++] = {i, k};
                }
    for (std::size_t k = 0; k < entries_.size(); ++k)
        entries_[k].second = std::span<const Use>(uses_.data() + (next[k] - counts[k]), counts[k]);
}

void UserMap::build_pointers(const Function& f) {
    // The keys are instructions of f: size the table by how many allocas and chains there are.
    std::size_t sources = 0, operands = 0;
    for (const Block* b : f.blocks)
        for (const Instruction* i : b->instructions) {
            sources += is_pointer_source(i) ? 1 : 0;
            operands += i->operands.size();
        }
    if (sources == 0) return;
    std::size_t cap = 16;
    while (cap < 2 * sources) cap *= 2;
    const std::size_t mask = cap - 1;
    table_.assign(cap, 0);
    // One sweep over the operands collects (entry, use) in use order; a stable counting sort by
    // entry then groups them, each group still in use order.
    // Sized up front (at most every source, at most every operand): no regrowth while sweeping.
    std::vector<std::pair<std::uint32_t, Use>> found;
    std::vector<std::uint32_t> counts;
    entries_.reserve(sources);
    counts.reserve(sources);
    found.reserve(operands);
    for (const Block* b : f.blocks)
        for (Instruction* i : b->instructions)
            for (std::uint32_t k = 0; k < i->operands.size(); ++k) {
                const Value* op = i->operands[k];
                if (!op || !is_pointer_source(op)) continue;
                std::size_t s = slot_of(op, mask);
                while (table_[s] && entries_[table_[s] - 1].first != op) s = (s + 1) & mask;
                if (!table_[s]) {
                    entries_.push_back({op, {}});
                    counts.push_back(0);
                    table_[s] = static_cast<std::uint32_t>(entries_.size());
                }
                ++counts[table_[s] - 1];
                found.push_back({table_[s] - 1, Use{i, k}});
            }
    std::vector<std::uint32_t> next(entries_.size());
    std::size_t total = 0;
    for (std::size_t k = 0; k < entries_.size(); ++k) {
        next[k] = static_cast<std::uint32_t>(total);
        total += counts[k];
    }
    uses_.resize(total);
    for (const auto& [e, use] : found) uses_[next[e]++] = use;
    for (std::size_t k = 0; k < entries_.size(); ++k)
        entries_[k].second = std::span<const Use>(uses_.data() + (next[k] - counts[k]), counts[k]);
}

UserMap::const_iterator UserMap::find(const Value* v) const {
    if (table_.empty()) return nullptr;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t s = slot_of(v, mask);; s = (s + 1) & mask) {
        std::uint32_t e = table_[s];
        if (!e) return nullptr;
        if (entries_[e - 1].first == v) return &entries_[e - 1];
    }
}

std::span<const Use> UserMap::at(const Value* v) const {
    const Entry* e = find(v);
    if (!e) throw std::out_of_range("UserMap::at: the value has no users");
    return e->second;
}

UserMap build_users(const Function& f) {
    UserMap users;
    const Function* one[] = {&f};
    users.build(one);
    return users;
}

UserMap build_pointer_users(const Function& f) {
    UserMap users;
    users.build_pointers(f);
    return users;
}

UserMap build_users(const Module& m) {
    UserMap users;
    std::vector<const Function*> functions(m.functions.begin(), m.functions.end());
    users.build(functions);
    return users;
}

Value* resolve_replacement(Value* v, const Replacements& map) {
    // A chain longer than the map has a cycle; stop at the last new value.
    std::size_t steps = 0;
    for (auto it = map.find(v); it != map.end() && steps <= map.size(); it = map.find(v), ++steps) {
        if (it->second == v) break;
        v = it->second;
    }
    return v;
}

std::size_t apply_replacements(Function& f, const Replacements& map) {
    if (map.empty()) return 0;
    // The keys carry a fresh mark, so an operand that is no key costs one compare, not a lookup.
    const std::uint32_t mark = f.module->fresh_mark();
    map.for_each_key([mark](const Value* k) { k->set_scratch(mark); });
    std::size_t changed = 0;
    for (Block* b : f.blocks)
        for (Instruction* i : b->instructions)
            for (Value*& op : i->operands) {
                if (!op || op->scratch() != mark) continue;
                Value* r = resolve_replacement(op, map);
                if (r != op) {
                    op = r;
                    ++changed;
                }
            }
    return changed;
}

void remove_instructions(std::span<Instruction* const> dead) {
    // Dead instructions come a block at a time: few blocks, kept inline.
    SmallVec<Block*, 16> touched;
    for (Instruction* i : dead) {
        if (!i->block) continue;
        if (touched.empty() || touched.back() != i->block) touched.push_back(i->block);
        i->block = nullptr;
    }
    // Only which blocks to sweep depends on this order, never what the blocks hold afterwards.
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (Block* b : touched) erase_if(b->instructions, [](const Instruction* i) { return i->block == nullptr; });
}

std::size_t apply_replacements(Module& m, const Replacements& map) {
    std::size_t changed = 0;
    for (Function* f : m.functions) changed += apply_replacements(*f, map);
    return changed;
}

}  // namespace oneshader::ir
