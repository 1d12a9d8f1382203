#pragma once
// The device features an entry point needs for 16- and 64-bit types (spec page "16-bit and 64-bit
// types"; EntryPointInfo::features, layouts' required features): the widths its functions compute
// with and the memory 16-bit values live in, read from the optimized IR, so every target reports
// the same.
#include <cstdint>

#include "ir/module.hpp"

namespace oneshader::driver {

// DeviceFeature bits (oneshader/layouts.hpp): Float16, Int16, Float64, Int64 for a scalar of that
// width anywhere the entry point reaches; StorageBuffer16, UniformBuffer16, PushConstant16,
// InputOutput16 for a 16-bit value in that memory; Int64Atomics for a 64-bit atomic.
std::uint32_t entry_features(const ir::EntryPoint& entry);

}  // namespace oneshader::driver
