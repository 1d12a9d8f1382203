#pragma once
// Macro definitions and the table that maps names to them. Macros live in the compile's arena;
// the table only holds pointers, so an expansion in progress keeps its macro alive after #undef.
#include <cstdint>
#include <span>
#include <vector>

#include "lex/token.hpp"
#include "support/interner.hpp"

namespace oneshader::pp {

enum class BuiltinMacro : std::uint8_t { None, Line, File, Counter };

struct Macro {
    support::Symbol name;
    support::SourceLoc loc;                  // the name in the #define
    std::span<const support::Symbol> params; // includes __VA_ARGS__ last for variadic macros
    std::span<const syntax::Token> body;
    // For each body token, the index of the parameter it names, or -1.
    std::span<const std::int16_t> param_of;
    bool function_like = false;
    bool variadic = false;
    BuiltinMacro builtin = BuiltinMacro::None;
    // Set while the macro's expansion is being rescanned: its name then does not expand again.
    bool disabled = false;
};

// Open addressing on the interned name's hash, so the lookup every identifier of the source goes
// through is one probe in the common case. Nothing iterates the table, so its order is free.
class MacroTable {
public:
    Macro* find(support::Symbol name) const {
        if (count_ == 0) return nullptr;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = name.hash() & mask;; i = (i + 1) & mask) {
            Macro* m = slots_[i];
            if (!m || m->name == name) return m;
        }
    }
    void define(Macro* m);              // replaces a definition of the same name
    void undefine(support::Symbol name);
    std::size_t size() const { return count_; }

private:
    void grow();

    std::vector<Macro*> slots_;  // power-of-two size, null for empty
    std::size_t count_ = 0;
};

// Whether two definitions are the same (same kind, parameters and body spelling and spacing):
// redefining a macro identically is allowed without a warning.
bool same_definition(const Macro& a, const Macro& b);

}  // namespace oneshader::pp
