// The type check: every handwritten MSL file under cases/pass passes clang with the Metal header and the
// attribute lint; every file under cases/fail is rejected with the message its `// expect:` lines name (with the
// extra compiler flags of its `// flags:` lines).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "msl_clang.hpp"
#include "msl_source.hpp"

namespace {
namespace fs = std::filesystem;

fs::path cases() { return fs::path(ONESHADER_SOURCE_DIR) / "tests" / "msl" / "cases"; }

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<fs::path> files(const std::string& folder) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(cases() / folder))
        if (e.path().extension() == ".metal") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

// The `// <key>: ` lines of a case file, in order.
std::vector<std::string> header_lines(const std::string& text, const std::string& key) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string prefix = "// " + key + ": ";
    for (std::string line; std::getline(in, line);)
        if (line.rfind(prefix, 0) == 0) out.push_back(line.substr(prefix.size()));
    return out;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& l : lines) out += l + "\n";
    return out;
}

// Runs `check` on the text of every case in `folder`, which must hold at least `at_least` of them.
template <class Check> void each_case(const std::string& folder, size_t at_least, Check check) {
    auto all = files(folder);
    REQUIRE(all.size() >= at_least);
    for (const fs::path& file : all) {
        INFO(file.filename().string());
        check(read(file));
    }
}

}  // namespace

TEST_CASE("handwritten MSL in the backend's style passes the type check", "[msl][check]") {
    each_case("pass", 3, [](const std::string& text) {
        CHECK(joined(msl_test::lint(text)).empty());
        msl_test::ClangRun run = msl_test::type_check(text);
        INFO(run.output);
        CHECK(run.status == 0);
        // Function constants set by the host compile too.
        CHECK(msl_test::type_check(text, {{0, "8"}, {1, "true"}}).status == 0);
    });
}

TEST_CASE("the type check rejects what Metal rejects, with the expected message", "[msl][check]") {
    each_case("fail", 20, [](const std::string& text) {
        auto expected = header_lines(text, "expect");
        REQUIRE(!expected.empty());
        std::string flags;
        for (const std::string& f : header_lines(text, "flags")) flags += " " + f;
        std::string problems = joined(msl_test::lint(text));
        msl_test::ClangRun run = msl_test::type_check(text, {}, flags);
        std::string all_output = problems + run.output;
        INFO(all_output);
        CHECK((run.status != 0 || !problems.empty()));
        for (const std::string& e : expected) CHECK(all_output.find(e) != std::string::npos);
    });
}

TEST_CASE("the same file without the mistake passes, so each failure is the mistake", "[msl][check]") {
    // A control for the negative cases: the shapes they use are accepted when written as Metal allows.
    const char* ok = R"(#include <metal_stdlib>
using namespace metal;
struct P { float a; };
static float r(constant float* p) { return p[0]; }
static float w(threadgroup float* p) { return p[0]; }
kernel void k(device float* o [[buffer(0)]], constant float* c [[buffer(1)]], constant P& p [[buffer(2)]],
              texture2d<float, access::read> t [[texture(0)]], texture2d<float> ts [[texture(1)]],
              texture2d<float, access::read_write> rw [[texture(2)]], sampler s [[sampler(0)]],
              uint2 gid [[thread_position_in_grid]], uint lid [[thread_index_in_threadgroup]])
{
    threadgroup float tg[4];
    tg[lid] = p.a;
    float4 v = float4(int4(1));
    o[0] = r(c) + w(tg) + v.x + t.read(gid).x + ts.sample(s, float2(0.5f)).x + sqrt(float(gid.x));
    rw.write(rw.read(gid), gid);
}
)";
    CHECK(joined(msl_test::lint(ok)).empty());
    msl_test::ClangRun run = msl_test::type_check(ok);
    INFO(run.output);
    CHECK(run.status == 0);
}
