#pragma once
// The back half of a compile: lower the checked program to IR, optimize it once for every entry
// point, and emit each entry point for each target.
#include <map>
#include <memory>
#include <set>
#include <string>
#include <span>

#include "driver/front_end.hpp"
#include "ir/module.hpp"
#include "oneshader/oneshader.hpp"
#include "opt/optimizer.hpp"
#include "support/context.hpp"

#include "lower/lower.hpp"

namespace oneshader::driver {

// Lowers the checked program to IR and, when `optimize`, optimizes it with `options`. When the
// optimizer fails (warning OSH6001), the result is the program lowered again, unoptimized. Null
// when lowering, or the verifier after a pass, reported an error. The dumps options.print_after
// asks for are appended to `printed`.
// The resource globals each entry point reaches (by entry point, then global name) once
// opt::legalize_resources resolved the resource variables: filled only when the lowered program
// had any, since it then may reach fewer resources than the source names.
using ReachedResources = std::map<std::string, std::set<std::string, std::less<>>, std::less<>>;

// Lowers the checked program to IR, resolves its resource variables (opt::legalize_resources) and,
// when `optimize`, optimizes it with `options`. When the
// optimizer fails (warning OSH6001), the result is the program lowered again, unoptimized. Null
// when lowering, or the verifier after a pass, reported an error. The dumps options.print_after
// asks for are appended to `printed`; `reached`, when given, gets the resources each entry point
// reaches after resolving (left empty when there was nothing to resolve).
std::unique_ptr<ir::Module> lower_and_optimize(support::CompileContext& ctx, FrontEnd& front_end, bool optimize,
                                               opt::Options options, std::string* printed = nullptr,
                                               const lower::Options& lowering = {},
                                               ReachedResources* reached = nullptr);

// Appends one blob per entry point and target (the program is lowered and optimized once; each
// target raises its own copy of the result in place) to `blobs` (entry points in source order, targets in
// the order asked). Reports every problem to ctx.diags; adds nothing when it reported an error.
// What options.print_after asks for goes to `printed_ir`. `reflection`, when given, is where the
// WGSL backend takes each resource's @group/@binding from, so the text says what reflection does;
// its entry points get their device features (driver/entry_features.hpp) from the optimized IR.
void generate_code(support::CompileContext& ctx, FrontEnd& front_end, const CompileOptions& options,
                   std::span<const Target> targets, std::vector<ShaderBlob>& blobs, std::string& printed_ir,
                   ShaderReflection* reflection = nullptr);

}  // namespace oneshader::driver
