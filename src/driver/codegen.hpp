#pragma once
// The back half of a compile: lower the checked program to IR, optimize it once for every entry
// point, and emit each entry point for each target.
#include <span>

#include "driver/front_end.hpp"
#include "oneshader/oneshader.hpp"
#include "support/context.hpp"

namespace oneshader::driver {

// Appends one blob per entry point and target to `blobs` (entry points in source order, targets in
// the order asked). Reports every problem to ctx.diags; adds nothing when it reported an error.
void generate_code(support::CompileContext& ctx, FrontEnd& front_end, const CompileOptions& options,
                   std::span<const Target> targets, std::vector<ShaderBlob>& blobs);

}  // namespace oneshader::driver
