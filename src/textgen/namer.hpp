#pragma once
// Names for what a text backend declares (functions, variables, struct members, lets), one
// Namer per scope a backend keeps: a nested scope (a function's locals) is a Namer opened over
// its parent's with open_scope(), which sees every name the parent has given, then or later. Every name it gives is a valid
// identifier of the target, none of the target's reserved words, keywords or predeclared names,
// and different from every name it gave or was told to reserve before. The same calls in the same
// order give the same names: nothing depends on addresses or hash order.
//
// From a wanted name (a source name or a hint): characters other than letters, digits and `_`
// become `_`, runs of `_` become one (C++ reserves `__` anywhere, WGSL at the start), a name that
// would start with a digit or with `_` and an upper-case letter (reserved in C++) gets a `v`
// first, and an empty one is `v`. A reserved word then gets the target's mark (spec pages "The
// WGSL backend" and "The MSL backend": WGSL adds `_`, `loop` becomes `loop_`; MSL adds `0`,
// `main` becomes `main0`). A name already given gets `_1`, `_2`, ... until it is new.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace oneshader::textgen {

enum class NameTarget : std::uint8_t { Wgsl, Msl };

// True when `name` is a keyword, reserved word or predeclared name of the target (what the
// namer never gives as it is).
bool is_reserved_name(NameTarget target, std::string_view name);
// The same with the name's 32-bit FNV-1a hash, which the namer's table uses too (computed once).
bool is_reserved_name(NameTarget target, std::string_view name, std::uint32_t fnv1a);

// `name` as a legal identifier of the target, before uniqueness: what an entry point's function
// is called (reflection reports it), e.g. WgslBackend.EntryFunctionName of the spec.
std::string legal_name(NameTarget target, std::string_view name);

class Namer {
public:
    explicit Namer(NameTarget target) : target_(target) {}

    // Empties this namer and makes it a scope nested in `parent` (which must outlive it): its names
    // differ from the parent's as well as from each other. The parent is read, never copied: a
    // copy per function made a file of thousands of functions quadratic in the text backends.
    void open_scope(const Namer& parent);

    // A new name from `want`.
    std::string fresh(std::string_view want);
    // Takes `name` (already legal) out of what fresh() gives: the names a backend prints itself.
    void reserve(std::string_view name) { insert(name); }
    bool used(std::string_view name) const;
    NameTarget target() const { return target_; }

private:
    // The names given or reserved, in one character pool with an open-addressing table over it:
    // a backend asks for a name per value it prints and copies the module's namer per function,
    // and a set of std::string nodes made that a fifth of a text backend's time.
    struct Slot {
        std::uint32_t offset = kNone;  // into pool_; kNone: an empty slot
        std::uint32_t size = 0;
        std::uint32_t hash = 0;
        std::uint32_t next = 0;  // the last suffix tried with this name as the base
    };
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

    std::uint32_t find(std::string_view name) const;  // the slot, or kNone
    std::uint32_t find(std::string_view name, std::uint32_t hash) const;
    // Given by a parent scope (`hash` is hash_name(name)).
    bool in_parent(std::string_view name, std::uint32_t hash) const;
    // The slot of `name`, added when new; `added` says which. `hash` is hash_name(name).
    std::uint32_t insert(std::string_view name, bool* added = nullptr);
    std::uint32_t insert(std::string_view name, std::uint32_t hash, bool* added);
    void grow();

    NameTarget target_;
    const Namer* parent_ = nullptr;
    // The last fresh() whose base name was taken: what it wanted, the base's slot, and the table
    // size then (a growth moves slots, and the cache no longer holds).
    std::string repeat_want_;
    std::uint32_t repeat_slot_ = 0;
    std::size_t repeat_table_ = static_cast<std::size_t>(-1);
    std::string pool_;
    std::vector<Slot> slots_;  // a power of two in size, at most half full
    std::uint32_t count_ = 0;
};

}  // namespace oneshader::textgen
