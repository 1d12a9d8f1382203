#pragma once
// Macro definitions and the table that maps names to them. Macros live in the compile's arena;
// the table only holds pointers, so an expansion in progress keeps its macro alive after #undef.
#include <cstdint>
#include <span>
#include <unordered_map>

#include "support/interner.hpp"
#include "syntax/token.hpp"

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

class MacroTable {
public:
    Macro* find(support::Symbol name) const {
        if (map_.empty()) return nullptr;
        auto it = map_.find(name);
        return it == map_.end() ? nullptr : it->second;
    }
    void define(Macro* m) { map_[m->name] = m; }
    void undefine(support::Symbol name) { map_.erase(name); }
    std::size_t size() const { return map_.size(); }

private:
    std::unordered_map<support::Symbol, Macro*, support::SymbolHash> map_;
};

// Whether two definitions are the same (same kind, parameters and body spelling and spacing):
// redefining a macro identically is allowed without a warning.
bool same_definition(const Macro& a, const Macro& b);

}  // namespace oneshader::pp
