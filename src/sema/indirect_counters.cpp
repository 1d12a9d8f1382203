// Counters reached through references: `RWStructuredBuffer<uint> b = ResourceDescriptorHeap[i];
// b.IncrementCounter();`, a counter called on a local, parameter, array element or struct member.
// Which buffer such a call counts for is known only once legalize_resources (opt/) has resolved the
// reference, but the counter needs its binding now; so every buffer of the called type that such
// a reference may hold gets one, as DXC gives one to every buffer it passes on with its counter:
// the views of ResourceDescriptorHeap (whose counters share the counter heap's binding), globals
// whose name is passed on (to a local, a parameter, a `?:`), arrays indexed first, and members of
// global structs of resources. A counter nothing calls in the end is not declared in the output.
#include <algorithm>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

void Checker::counters_through_references() {
    if (indirect_counter_types.empty()) return;
    for (Resource* r : resources) {
        if (r->kind != ResourceKind::RWStructuredBuffer) continue;
        const Type* buffer = innermost_element(r->type)->value_type();
        if (std::find(indirect_counter_types.begin(), indirect_counter_types.end(), buffer) ==
            indirect_counter_types.end())
            continue;
        bool passed_on = r->named > r->named_directly;
        if (r->heap == DescriptorHeap::Resources || r->member_of || r->type->is<ArrayType>() || passed_on)
            r->counter_used = true;
    }
}

}  // namespace oneshader::sema
