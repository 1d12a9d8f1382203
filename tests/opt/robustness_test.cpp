// Robustness: every IR text fixture of the IR and optimizer tests (each raw string literal in
// tests/ir and tests/opt that parses and verifies) goes through every pass alone and through the
// whole pipeline, with the verifier after every pass; the results must verify and read back.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "opt_fixture.hpp"

namespace oneshader::opt::test {
namespace {

std::vector<std::string> raw_strings(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    std::vector<std::string> out;
    const std::string open = std::string("R\"") + "(", close = std::string(")") + "\"";
    for (std::size_t at = text.find(open); at != std::string::npos; at = text.find(open, at)) {
        std::size_t end = text.find(close, at + 3);
        if (end == std::string::npos) break;
        out.push_back(text.substr(at + 3, end - at - 3));
        at = end + 2;
    }
    return out;
}

// Fixtures that parse and verify, from both test folders, in a fixed order.
std::vector<std::string> fixtures() {
    std::vector<std::filesystem::path> files;
    for (const char* dir : {"tests/ir", "tests/opt"})
        for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ONESHADER_SOURCE_DIR) / dir))
            if (e.path().extension() == ".cpp") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::vector<std::string> out;
    for (const auto& f : files)
        for (std::string& s : raw_strings(f)) {
            IrFixture fx;
            if (s.find("func @") == std::string::npos || !fx.parse_errors(s).empty()) continue;
            if (!ir::verify(fx.module).empty()) continue;
            out.push_back(std::move(s));
        }
    return out;
}

void run_and_check(const std::string& text, std::string_view pass) {
    IrFixture f;
    f.parse(text);
    Options o;
    o.verify_each_pass = true;
    OptimizeResult r = pass.empty() ? optimize(f.module, o) : run_pass(f.module, pass, o);
    INFO("pass: " << (pass.empty() ? "all" : pass) << "\n" << text);
    INFO(r.failed_pass << ": " << r.message);
    CHECK(r.ok);
    std::string out = ir::print_module(f.module);
    CHECK(ir::verify(f.module) == std::vector<std::string>{});
    CHECK(ir::test::reprint(out) == out);
}

TEST_CASE("every IR fixture survives each pass and the whole pipeline", "[opt][robustness]") {
    std::vector<std::string> all = fixtures();
    CHECK(all.size() >= 15);
    for (const std::string& text : all) {
        for (std::string_view pass : pass_names()) run_and_check(text, pass);
        run_and_check(text, "");
    }
}

TEST_CASE("the pipeline reaches a fixed point: optimizing twice changes nothing without recursion", "[opt][robustness]") {
    for (const std::string& text : fixtures()) {
        IrFixture f;
        f.parse(text);
        Options o;
        o.verify_each_pass = true;
        REQUIRE(optimize(f.module, o).ok);
        std::string once = ir::print_module(f.module);
        // A recursive call left alone is inlined one level further by each run.
        if (once.find("call @") != std::string::npos) continue;
        REQUIRE(optimize(f.module, o).ok);
        INFO(text);
        CHECK(ir::print_module(f.module) == once);
    }
}

}  // namespace
}  // namespace oneshader::opt::test
