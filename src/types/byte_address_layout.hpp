#pragma once
// Where `Load<T>`/`Store<T>` put T in a byte-address buffer: DXC's layout for templated access
// (docs/spirv.md, "Byte-address buffers"). Vectors, matrices and arrays are their scalars back to
// back, a matrix column by column whatever its orientation; a struct puts each member (the base
// first) at the next multiple of the member's alignment and is padded to its own. Alignments: a
// scalar's size; a vector's element size times 1, 2 or 4 (for 1, 2 or 3-4 components); a matrix's
// column vector's; an array's element's; a struct's widest member's.
#include <cstdint>

#include "types/layout.hpp"
#include "types/types.hpp"

namespace oneshader::sema {

struct ByteAddressPlacement {
    std::uint32_t align = 1;
    std::uint32_t size = 0;
};
ByteAddressPlacement byte_address_placement(const Type* t);

// Whether `l` (a buffer layout of `t`) puts every scalar of `t` where byte_address_placement does,
// so a backend that reads buffers through layouts may use it for Load<T>/Store<T>.
bool byte_address_layout_matches(const Type* t, const TypeLayout* l);

}  // namespace oneshader::sema
