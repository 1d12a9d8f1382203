#pragma once
// What passes need instead of use lists (spec: "Decisions worth knowing"): a user map built per
// run, and replacements collected in a map and applied in one sweep.
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "ir/module.hpp"
#include "support/pointer_map.hpp"

namespace oneshader::ir {

struct Use {
    Instruction* user;
    std::uint32_t operand;  // index into user->operands
};

// Users of each value, each list in the order the uses appear (block order, then instruction
// order, then operand order). Values without users have no entry. Lookup only: iterate over the
// function, not over the map, when order matters.
//
// Flat: every use in one array, grouped by value, and an open-addressing table from value to its
// group, so building it costs three allocations however many values there are. The lookups read
// like a map's: find() (with ->second the uses), end(), count(), at() and [] (empty when absent).
// A snapshot: changing the function does not update it.
class UserMap {
public:
    struct Entry {
        const Value* first;
        std::span<const Use> second;
    };
    using const_iterator = const Entry*;

    UserMap() = default;
    UserMap(const UserMap&) = delete;
    UserMap& operator=(const UserMap&) = delete;
    UserMap(UserMap&&) noexcept = default;
    UserMap& operator=(UserMap&&) noexcept = default;

    const_iterator find(const Value* v) const;
    const_iterator end() const { return nullptr; }
    std::size_t count(const Value* v) const { return find(v) ? 1 : 0; }
    std::size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }
    // The uses of `v`; throws std::out_of_range when it has none, as a map's at() does.
    std::span<const Use> at(const Value* v) const;
    // The uses of `v`; empty when it has none.
    std::span<const Use> operator[](const Value* v) const {
        const Entry* e = find(v);
        return e ? e->second : std::span<const Use>();
    }

private:
    friend UserMap build_users(const Function& f);
    friend UserMap build_users(const Module& m);
    friend UserMap build_pointer_users(const Function& f);
    void build(std::span<const Function* const> functions);
    void build_pointers(const Function& f);

    std::vector<Use> uses_;
    std::vector<Entry> entries_;
    std::vector<std::uint32_t> table_;  // entry index + 1; 0: empty slot
};

UserMap build_users(const Function& f);
UserMap build_users(const Module& m);
// The users of the function's variables (allocas) and access chains only: what the passes that
// follow addresses ask, for a fraction of the cost (other values look as if they had no users).
UserMap build_pointer_users(const Function& f);

template <class K, class V>
using PointerMap = support::PointerMap<K, V>;
template <class K>
using PointerSet = support::PointerSet<K>;

// Maps a value to the value that replaces it.
using Replacements = PointerMap<const Value*, Value*>;

// What `v` becomes: the end of its chain of replacements (a->b, b->c gives c; a cycle stops
// where it would repeat), or `v` when the map does not name it.
Value* resolve_replacement(Value* v, const Replacements& map);

// Rewrites every operand of `f` that the map names (it overwrites the keys' scratch words), following chains (a->b, b->c makes a->c; a
// cycle stops where it would repeat). Returns the number of operands changed.
std::size_t apply_replacements(Function& f, const Replacements& map);
std::size_t apply_replacements(Module& m, const Replacements& map);

// Unlinks every instruction of `dead` from its block (those in no block are skipped), sweeping
// each block once: removing them one at a time would rescan a block per instruction.
void remove_instructions(std::span<Instruction* const> dead);

}  // namespace oneshader::ir
