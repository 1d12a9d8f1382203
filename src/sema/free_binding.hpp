#pragma once
// The first binding number at or after `from` that no resource of a set takes: where DXC puts a
// resource, a counter or a descriptor heap that has no binding of its own.
#include <cstdint>
#include <set>

namespace oneshader::sema {

inline std::uint32_t first_free_binding(const std::set<std::uint32_t>& taken, std::uint32_t from = 0) {
    std::uint32_t b = from;
    for (auto it = taken.lower_bound(from); it != taken.end() && *it == b; ++it) ++b;
    return b;
}

}  // namespace oneshader::sema
