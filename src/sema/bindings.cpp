// Descriptor slots as DXC assigns them for Vulkan (spec: "Layout rules", "Resource arrays",
// "Append and consume buffers"): [[vk::binding(b, s)]] wins, then register(xN, spaceM) gives
// binding N in set M whatever the register class (so t0 and b0 collide), then resources with
// neither take set 0 and the lowest binding not yet taken, in declaration order, $Globals last.
// A resource array is one binding. Append/consume counters take [[vk::counter_binding]] or the
// next free binding of their buffer's set.
//
// Collisions: DXC keeps a per-slot set of resource categories and refuses a second resource of a
// category already on the slot, so `t0`, `u0` and `b0` side by side (the most common HLSL layout)
// compile, while two textures on t0 do not. We follow it with the register classes as categories
// (t: read-only textures and buffers, u: RW resources, b: constant buffers, s: samplers); a
// texture and a sampler on one number are accepted too (a deliberate difference from the spec: Vulkan
// shaders rely on the pair, which becomes one combined image sampler).
#include <map>
#include <set>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

// The register class a resource of this kind is written with.
char register_class(ResourceKind k) {
    if (is_sampler(k)) return 's';
    if (k == ResourceKind::ConstantBuffer) return 'b';
    if (is_writable(k)) return 'u';
    return 't';
}

bool may_share_slot(ResourceKind a, ResourceKind b) {
    if ((is_texture(a) && is_sampler(b)) || (is_sampler(a) && is_texture(b))) return true;
    return register_class(a) != register_class(b);
}

}  // namespace

void Checker::assign_bindings() {
    // Ordered containers keep the assignment independent of pointer values.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<Resource*>> taken;
    std::map<std::uint32_t, std::set<std::uint32_t>> used;
    for (Resource* r : resources) {
        if (!r->binding.explicit_binding) continue;
        auto key = std::make_pair(r->binding.set, r->binding.binding);
        std::vector<Resource*>& here = taken[key];
        for (Resource* other : here) {
            if (may_share_slot(r->kind, other->kind)) continue;
            report(DiagCode::binding_collision, SourceRange(r->loc),
                   fmt::format("'{}' and '{}' both use descriptor set {} binding {}. Add [[vk::binding(n, set)]] to "
                               "one of them or give it another register number.",
                               r->name.str(), other->name.str(), r->binding.set, r->binding.binding));
            diags.note(SourceRange(other->loc), fmt::format("'{}' is declared here", other->name.str()));
            break;
        }
        here.push_back(r);
        used[r->binding.set].insert(r->binding.binding);
    }
    auto next_free = [&](std::uint32_t set) {
        std::set<std::uint32_t>& u = used[set];
        std::uint32_t b = 0;
        while (u.count(b)) ++b;
        u.insert(b);
        return b;
    };
    // Explicit counter bindings are reserved before any implicit number is handed out.
    for (Resource* r : resources)
        if (r->counter_binding) {
            if (used[r->binding.set].count(*r->counter_binding) && r->binding.explicit_binding)
                report(DiagCode::binding_collision, SourceRange(r->loc),
                       fmt::format("The counter of '{}' uses binding {}, which another resource of set {} already "
                                   "uses. Choose a free number in [[vk::counter_binding]].",
                                   r->name.str(), *r->counter_binding, r->binding.set));
            used[r->binding.set].insert(*r->counter_binding);
        }
    for (Resource* r : resources) {
        if (!r->binding.explicit_binding) {
            r->binding.set = 0;
            r->binding.binding = next_free(0);
        }
        if (has_counter(r->kind) && !r->counter_binding) r->counter_binding = next_free(r->binding.set);
    }
}

}  // namespace oneshader::sema
