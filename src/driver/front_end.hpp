#pragma once
// The front half of a compile: preprocess, parse and analyze one source into a typed Program.
// The driver and the tools that stop early (-P, --syntax-only, --dump-ir) all start here.
#include <memory>

#include "oneshader/oneshader.hpp"
#include "preprocess/preprocessor.hpp"
#include "sema/bound.hpp"
#include "support/context.hpp"
#include "syntax/ast.hpp"
#include "types/layout.hpp"
#include "types/types.hpp"

namespace oneshader {
struct IncludeLookup;  // oneshader/cache.hpp
}

namespace oneshader::driver {

struct FrontEnd {
    FrontEnd(support::CompileContext& ctx, const CompileOptions& options);

    sema::TypeContext types;
    sema::LayoutEngine layouts;
    pp::PreprocessOutput preprocessed;
    const syntax::TranslationUnit* unit = nullptr;
    sema::Program* program = nullptr;  // null when an earlier stage failed
};

// Runs the stages in order and stops after the first that reports an error (later stages would
// only repeat it). `from_text` is true for compile() on in-memory text. With `include_log`, every
// #include lookup is recorded there (for the compile cache).
std::unique_ptr<FrontEnd> run_front_end(support::CompileContext& ctx, support::FileId main_file,
                                        const CompileOptions& options, bool from_text,
                                        std::vector<IncludeLookup>* include_log = nullptr);
// The same into a FrontEnd the caller owns.
void run_front_end_into(FrontEnd& fe, support::CompileContext& ctx, support::FileId main_file,
                        const CompileOptions& options, bool from_text,
                        std::vector<IncludeLookup>* include_log = nullptr);

}  // namespace oneshader::driver
