// Descriptor slots as DXC assigns them for Vulkan (spec: "Layout rules", "Resource arrays",
// "Append and consume buffers"): [[vk::binding(b, s)]] wins, then register(xN, spaceM) gives
// binding N in set M whatever the register class (so t0 and b0 collide), then resources with
// neither take set 0 and the lowest binding not yet taken, in declaration order, $Globals last.
// A resource array is one binding. Append/consume counters take [[vk::counter_binding]] or the
// next free binding of their buffer's set.
//
// DXC's binding options (docs/command-line.md, "Descriptor bindings") change the middle steps:
// -fvk-{b,t,u,s}-shift adds a per-class, per-space amount to register numbers (and with
// -fvk-auto-shift-bindings makes the implicit search of each class start there), -fvk-bind-globals
// places $Globals, -auto-binding-space names the default set, and -fvk-bind-register replaces all
// of it with an explicit table every register must be in.
//
// Collisions: DXC keeps a per-slot set of resource categories and refuses a second resource of a
// category already on the slot, so `t0`, `u0` and `b0` side by side (the most common HLSL layout)
// compile, while two textures on t0 do not. We follow it with the register classes as categories
// (t: read-only textures and buffers, u: RW resources, b: constant buffers, s: samplers); a
// texture and a sampler on one number are accepted too (a deliberate difference from the spec: Vulkan
// shaders rely on the pair, which becomes one combined image sampler).
#include <map>
#include <span>
#include <set>

#include "sema/checker.hpp"
#include "sema/free_binding.hpp"
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

namespace {

// The shift of a register class in a space: the space's own entry, else the `all` entry, else 0;
// later entries win, as when DXC reads its command line.
std::uint32_t shift_for(const BindingOptions& o, char cls, std::uint32_t space) {
    std::optional<std::uint32_t> own, all;
    for (const RegisterShift& s : o.shifts) {
        if (s.register_class != cls) continue;
        if (!s.space) all = s.shift;
        else if (*s.space == space) own = s.shift;
    }
    return own ? *own : all ? *all : 0;
}

bool is_globals(const Resource* r) { return r->buffer && r->buffer->kind == BufferKind::Globals; }

// Append/consume buffers always have the hidden counter; a RWStructuredBuffer only when a counter
// method is called on it, as DXC creates it then.
bool needs_counter(const Resource* r) { return has_counter(r->kind) || r->counter_used; }

// A [[vk::counter_binding]] on a RWStructuredBuffer whose counter nothing uses names no variable.
void drop_unused_counters(std::span<Resource* const> resources) {
    for (Resource* r : resources)
        if (!needs_counter(r)) r->counter_binding.reset();
}

std::string register_text(const Binding& b) {
    return fmt::format("{}{}, space{}", b.register_class, b.register_number, b.register_space);
}

}  // namespace

void Checker::assign_bindings() {
    static const BindingOptions kDefaults;
    const BindingOptions& o = options.bindings ? *options.bindings : kDefaults;
    drop_unused_counters(resources);
    if (!o.registers.empty()) {
        assign_register_table(o);
        return;
    }
    // Ordered containers keep the assignment independent of pointer values.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<Resource*>> taken;
    std::map<std::uint32_t, std::set<std::uint32_t>> used;
    for (Resource* r : resources) {
        if (!r->binding.explicit_binding && is_globals(r) && o.globals) {
            // DXC adds the b shift only with -fvk-auto-shift-bindings; the slot is reserved here so
            // that no implicit resource takes it too.
            r->binding.set = o.globals->set;
            r->binding.binding = o.globals->binding + (o.auto_shift ? shift_for(o, 'b', o.globals->set) : 0);
            used[r->binding.set].insert(r->binding.binding);
            continue;
        }
        if (!r->binding.explicit_binding) continue;
        if (!r->binding.vk_binding)
            r->binding.binding = r->binding.register_number + shift_for(o, r->binding.register_class, r->binding.set);
        auto key = std::make_pair(r->binding.set, r->binding.binding);
        std::vector<Resource*>& here = taken[key];
        bool warned = false;  // one warning per resource is enough to point at the shift
        for (Resource* other : here) {
            if (may_share_slot(r->kind, other->kind)) {
                if (!warned) warned = warn_register_overlap(r, other);
                continue;
            }
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
    auto next_free = [&](std::uint32_t set, std::uint32_t from) {
        std::uint32_t b = first_free_binding(used[set], from);
        used[set].insert(b);
        return b;
    };
    place_heaps(used, o, true);
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
        if (r->heap != DescriptorHeap::None) continue;
        if (!r->binding.explicit_binding && !(is_globals(r) && o.globals)) {
            r->binding.set = o.default_space;
            std::uint32_t from = o.auto_shift ? shift_for(o, register_class(r->kind), r->binding.set) : 0;
            r->binding.binding = next_free(r->binding.set, from);
        }
        // A counter has no register class of its own, so DXC starts its search at 0 even with
        // -fvk-auto-shift-bindings.
        if (needs_counter(r) && !r->counter_binding) r->counter_binding = next_free(r->binding.set, 0);
    }
    place_heaps(used, o, false);
}

// Two resources of different register classes that register() put on one slot: legal for Vulkan
// only as separate descriptors of one binding, which the driver rejects, so say which shift
// separates them. A [[vk::binding]] on either is a deliberate choice and stays quiet, as does the
// texture + sampler pair on one number (the combined-image-sampler idiom).
bool Checker::warn_register_overlap(const Resource* r, const Resource* other) {
    if (r->binding.vk_binding || other->binding.vk_binding) return false;
    if ((is_texture(r->kind) && is_sampler(other->kind)) || (is_sampler(r->kind) && is_texture(other->kind)))
        return false;
    char a = r->binding.register_class, b = other->binding.register_class;
    if (!a || !b || a == b) return false;
    report(DiagCode::register_class_overlap, SourceRange(r->loc),
           fmt::format("'{}' (register {}) and '{}' (register {}) both land on descriptor set {} binding {}, which "
                       "Vulkan cannot bind twice. Move one register class with -fvk-{}-shift <n> {} or "
                       "-fvk-{}-shift <n> {} (for example -fvk-{}-shift 100 {}), or give one of them "
                       "[[vk::binding(n, set)]].",
                       r->name.str(), register_text(r->binding), other->name.str(), register_text(other->binding),
                       r->binding.set, r->binding.binding, a, r->binding.register_space, b,
                       other->binding.register_space, a, r->binding.register_space));
    diags.note(SourceRange(other->loc), fmt::format("'{}' is declared here", other->name.str()));
    return true;
}

// -fvk-bind-register: every resource's slot comes from the table by its register, as in DXC; a
// register the table lacks, a resource without register() and an unplaced $Globals are errors.
// [[vk::binding]] still wins, and counters take the next free binding of their set.
void Checker::assign_register_table(const BindingOptions& o) {
    std::map<std::uint32_t, std::set<std::uint32_t>> used;
    for (Resource* r : resources) {
        Binding& b = r->binding;
        if (r->heap != DescriptorHeap::None) continue;
        if (b.vk_binding) {
        } else if (b.register_class) {
            const RegisterBinding* found = nullptr;
            for (const RegisterBinding& e : o.registers)
                if (e.register_class == b.register_class && e.number == b.register_number && e.space == b.register_space)
                    found = &e;
            if (!found) {
                report(DiagCode::bad_register, SourceRange(r->loc),
                       fmt::format("'{}' (register {}) has no -fvk-bind-register entry. Add -fvk-bind-register {}{} {} "
                                   "<binding> <set>.",
                                   r->name.str(), register_text(b), b.register_class, b.register_number,
                                   b.register_space));
                continue;
            }
            b.binding = found->binding;
            b.set = found->set;
        } else if (is_globals(r) && o.globals) {
            b.binding = o.globals->binding;
            b.set = o.globals->set;
        } else {
            report(DiagCode::bad_register, SourceRange(r->loc),
                   is_globals(r)
                       ? std::string("-fvk-bind-register needs the $Globals buffer of the plain global variables "
                                     "placed with -fvk-bind-globals <binding> <set>.")
                       : fmt::format("'{}' has no register(); -fvk-bind-register needs one on every resource. Add "
                                     ": register(...) to it, or give it [[vk::binding(n, set)]].",
                                     r->name.str()));
            continue;
        }
        used[b.set].insert(b.binding);
        if (r->counter_binding) used[b.set].insert(*r->counter_binding);
    }
    place_heaps(used, o, true);
    for (Resource* r : resources)
        if (needs_counter(r) && !r->counter_binding && r->heap == DescriptorHeap::None) {
            std::set<std::uint32_t>& u = used[r->binding.set];
            std::uint32_t n = 0;
            while (u.count(n)) ++n;
            u.insert(n);
            r->counter_binding = n;
        }
    place_heaps(used, o, false);
}

}  // namespace oneshader::sema
