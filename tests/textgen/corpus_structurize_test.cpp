// Every function of every corpus file, unoptimized and optimized, structurizes: the statement
// tree exists for all of them, and structurizing twice gives the same tree (deterministic). The
// structure cache the text backends share hands out the same tree, once built, in any order of asks.
#include <catch2/catch.hpp>

#include <vector>

#include "corpus_files.hpp"
#include "driver/lowered_source.hpp"
#include "opt/optimizer.hpp"
#include "textgen/stmt_dump.hpp"
#include "textgen/structure_cache.hpp"
#include "textgen/structurize.hpp"

namespace oneshader::textgen::test {
namespace {

// How many statements of each kind the trees hold, so the test shows it covered every shape.
struct Tally {
    std::size_t kinds[static_cast<int>(StmtKind::Unreachable) + 1] = {};
    std::size_t fall_through = 0;

    void list(const StmtList& l) {
        for (const Stmt* s = l.first; s; s = s->next) {
            ++kinds[static_cast<int>(s->kind)];
            list(s->then_body);
            list(s->else_body);
            list(s->body);
            list(s->continuing);
            for (const SwitchCase* c = s->cases; c; c = c->next) {
                fall_through += c->falls_into != nullptr;
                list(c->body);
            }
        }
    }
    std::size_t operator[](StmtKind k) const { return kinds[static_cast<int>(k)]; }
};

void check_corpus(bool optimize) {
    std::size_t functions = 0;
    std::string failures;
    Tally tally;
    for (const auto& file : corpus::shader_files()) {
        const std::string text = corpus::read_text(file);
        auto src = driver::lower_source(text, file.generic_string(), corpus::options_for(file), false);
        if (!src->ok()) {
            failures += corpus::name_of(file) + ": does not lower\n";
            continue;
        }
        if (optimize && !opt::optimize(src->module).ok) {
            failures += corpus::name_of(file) + ": does not optimize\n";
            continue;
        }
        for (const ir::Function* f : src->module.functions) {
            ++functions;
            StructurizeResult a = structurize(*f, src->module.arena());
            if (!a.function) {
                failures += corpus::name_of(file) + ": " + a.error + "\n";
                continue;
            }
            tally.list(a.function->body);
            StructurizeResult b = structurize(*f, src->module.arena());
            if (!b.function || dump(*a.function) != dump(*b.function))
                failures += corpus::name_of(file) + ": @" + std::string(f->name) + " structurizes differently twice\n";
        }
        // The cache, asked for the functions forwards and then backwards (as entry points reaching
        // them in different orders would): each tree is built once and matches a fresh one, however
        // the other functions' structurizing left the instructions' scratch words.
        StructureCache cache(src->module.arena());
        std::vector<const StructuredFunction*> first;
        for (const ir::Function* f : src->module.functions) first.push_back(cache.get(*f).function);
        for (std::size_t k = src->module.functions.size(); k-- > 0;) {
            const ir::Function* f = src->module.functions[k];
            StructurizeResult again = cache.get(*f);
            StructurizeResult fresh = structurize(*f, src->module.arena());
            if (!again.function || again.function != first[k] || !fresh.function ||
                dump(*again.function) != dump(*fresh.function))
                failures += corpus::name_of(file) + ": @" + std::string(f->name) + " differs in the structure cache\n";
        }
    }
    CHECK(failures == "");
    CHECK(functions > 150);
    INFO("loops " << tally[StmtKind::Loop] << ", break if " << tally[StmtKind::BreakIf] << ", switches "
                  << tally[StmtKind::Switch] << ", assignments " << tally[StmtKind::Assign]);
    for (StmtKind k : {StmtKind::If, StmtKind::Switch, StmtKind::Loop, StmtKind::Break, StmtKind::Continue,
                       StmtKind::Return, StmtKind::Value, StmtKind::Effect})
        CHECK(tally[k] > 0);
    if (optimize) CHECK(tally[StmtKind::Assign] > 0);  // phis exist once mem2reg ran
    else CHECK(tally[StmtKind::Variable] > 0);
}

TEST_CASE("textgen corpus: every function of every corpus file structurizes, unoptimized", "[corpus]") { check_corpus(false); }

TEST_CASE("textgen corpus: every function of every corpus file structurizes, optimized", "[corpus]") { check_corpus(true); }

}  // namespace
}  // namespace oneshader::textgen::test
