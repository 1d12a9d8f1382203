#pragma once
// The Metal argument indices reflection reports as the Msl TargetSlot (spec page "The MSL
// backend": buffers, textures and samplers each count from 0 in declaration order over the whole
// file, an array of N taking N indices; an append/consume counter is the buffer after its buffer;
// push constants are a buffer like any constant buffer). The order is the one in which the lowering
// declares the module's globals, which is the order msl::resource_slots() numbers them in.
#include <cstdint>
#include <optional>

#include "sema/bound.hpp"
#include "support/pointer_map.hpp"

namespace oneshader::reflect {

struct MslIndex {
    std::uint32_t index = 0;
    std::optional<std::uint32_t> counter;
};

class MslSlots {
public:
    explicit MslSlots(const sema::Program& program);
    std::optional<MslIndex> of(const sema::Resource* r) const;
    std::optional<std::uint32_t> of(const sema::BufferBlock* b) const;

private:
    // By resource or buffer block: a list scanned per lookup made many resources quadratic.
    support::PointerMap<const void*, MslIndex> entries_;
    std::uint32_t next_[3] = {0, 0, 0};
    void add_resource(const sema::Resource* r);
    void add_buffer(const sema::BufferBlock* b);
    bool known(const void* key) const;
};

}  // namespace oneshader::reflect
