// What one compile shares between its text outputs: the statement trees of a raised module
// (textgen::StructureCache) and the front end's layout engine. For every corpus entry point, the
// MSL and WGSL printed with both shared, the entry points taken forwards and then backwards (so the
// trees are built by whichever asks first), are byte for byte what a printer with state of its own
// gives.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "corpus_files.hpp"
#include "driver/lowered_source.hpp"
#include "msl/msl.hpp"
#include "msl/raise.hpp"
#include "opt/optimizer.hpp"
#include "textgen/structure_cache.hpp"
#include "wgsl/raise.hpp"
#include "wgsl/wgsl.hpp"

namespace oneshader::driver::test {
namespace {

enum class Text { Msl, Wgsl };

// The entry point's text with the given shared state (null: the printer's own).
std::string print(Text target, LoweredSource& src, const ir::EntryPoint& ep, textgen::StructureCache* trees,
                  sema::LayoutEngine* layouts) {
    const sema::LayoutOptions layout{src.options.default_matrix_packing, src.options.buffer_layout};
    if (target == Text::Msl) {
        msl::Options o;
        o.layout = layout;
        o.structures = trees;
        o.layouts = layouts;
        return msl::emit(src.module, ep, o, src.ctx.diags).text;
    }
    wgsl::Options o;
    o.layout = layout;
    o.structures = trees;
    o.layouts = layouts;
    return wgsl::emit(src.module, ep, o, src.ctx.diags);
}

TEST_CASE("text backends: shared statement trees and layouts print what unshared ones do", "[driver][msl][wgsl]") {
    std::size_t compared = 0;
    std::string failures;
    for (const auto& file : corpus::shader_files()) {
        const std::string text = corpus::read_text(file);
        for (Text target : {Text::Msl, Text::Wgsl}) {
            auto src = lower_source(text, file.generic_string(), corpus::options_for(file), false);
            if (!src->ok() || !opt::optimize(src->module).ok) continue;
            std::string printed;
            const bool raised = target == Text::Msl ? msl::raise(src->module, {}, src->ctx.diags, printed)
                                                    : wgsl::raise(src->module, {}, src->ctx.diags, printed);
            if (!raised) continue;
            const std::vector<ir::EntryPoint*>& eps = src->module.entry_points;
            std::vector<std::string> own;
            for (const ir::EntryPoint* ep : eps) own.push_back(print(target, *src, *ep, nullptr, nullptr));
            textgen::StructureCache trees(src->module.arena());
            for (int pass = 0; pass < 2; ++pass)
                for (std::size_t n = 0; n < eps.size(); ++n) {
                    const std::size_t k = pass == 0 ? eps.size() - 1 - n : n;
                    const std::string shared = print(target, *src, *eps[k], &trees, &src->front.layouts);
                    ++compared;
                    if (shared != own[k])
                        failures += corpus::name_of(file) + " " + std::string(eps[k]->function->name) +
                                    (target == Text::Msl ? " (MSL)" : " (WGSL)") + " differs with shared state\n";
                }
        }
    }
    CHECK(failures == "");
    CHECK(compared > 300);
}

}  // namespace
}  // namespace oneshader::driver::test
