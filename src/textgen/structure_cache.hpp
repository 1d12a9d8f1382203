#pragma once
// The statement trees of one raised module's functions, worked out once for every entry point and
// for both text backends when they print the same module (driver/codegen.cpp). A tree depends on
// its function alone, so whoever asks first builds it and the others read it; the module must not
// change while the cache is in use.
#include <string>

#include "support/arena.hpp"
#include "support/pointer_map.hpp"
#include "textgen/structurize.hpp"

namespace oneshader::textgen {

class StructureCache {
public:
    // Trees are allocated in `arena`, which must outlive the cache and every tree it hands out.
    explicit StructureCache(support::Arena& arena) : arena_(arena) {}
    StructureCache(const StructureCache&) = delete;
    StructureCache& operator=(const StructureCache&) = delete;

    // structurize(f), the first time `f` is asked for; a failure is not kept, so asking again
    // reports it again.
    StructurizeResult get(const ir::Function& f) {
        if (const auto* hit = trees_.find(&f)) return {hit->second, {}};
        StructurizeResult r = structurize(f, arena_);
        if (r.function) trees_.insert(&f, r.function);
        return r;
    }

private:
    support::Arena& arena_;
    support::PointerMap<const ir::Function*, StructuredFunction*> trees_;
};

}  // namespace oneshader::textgen
