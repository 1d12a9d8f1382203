#pragma once
// A source taken through the front end and the lowering, with everything it owns kept alive:
// what `dump_ir` prints and what the lowering and optimizer tests start from.
#include <memory>
#include <string_view>

#include "driver/front_end.hpp"
#include "ir/module.hpp"

namespace oneshader::driver {

struct LoweredSource {
    explicit LoweredSource(const CompileOptions& options);
    LoweredSource(const LoweredSource&) = delete;
    LoweredSource& operator=(const LoweredSource&) = delete;

    // Declared in dependency order, so they are destroyed in the right order.
    CompileOptions options;
    support::CompileContext ctx;
    FrontEnd front;
    ir::Module module;
    bool lowered = false;  // lower_program ran and reported no error

    bool ok() const { return lowered && !ctx.diags.has_errors(); }
};

// Preprocess, parse, check and lower `text` (the main file's contents, read by the caller).
// `from_text` is true when it did not come from the file system (includes then need a resolver,
// as for compile()). Stops after the first stage that reports an error; never throws on bad input.
std::unique_ptr<LoweredSource> lower_source(std::string_view text, std::string_view path, const CompileOptions& options,
                                            bool from_text);

}  // namespace oneshader::driver
