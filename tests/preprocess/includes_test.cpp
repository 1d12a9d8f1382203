// #include through the include resolver and through real files; #pragma once and include guards.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "pp_test_util.hpp"

using pptest::MemoryFiles;
using pptest::Run;

namespace fs = std::filesystem;

namespace {

oneshader::CompileOptions with(MemoryFiles& mem) {
    oneshader::CompileOptions o;
    o.include_resolver = mem.resolver();
    return o;
}

// A fresh folder under the system temp directory, removed at the end of the test.
struct TempDir {
    fs::path root;
    TempDir() {
        static std::atomic<int> counter{0};
        root = fs::temp_directory_path() /
               fmt::format("oneshader_pp_test_{}_{}", static_cast<long>(::getpid()), counter++);
        fs::remove_all(root);
        fs::create_directories(root);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
    std::string write(const std::string& relative, const std::string& text) const {
        fs::path p = root / relative;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
        return p.generic_string();
    }
};

}  // namespace

TEST_CASE("includes: resolver supplies the file, tokens follow in order") {
    MemoryFiles mem;
    mem.files["a.hlsli"] = "float a;";
    Run r("x\n#include \"a.hlsli\"\ny", with(mem));
    CHECK(r.text() == "x float a ; y");
    CHECK(r.codes().empty());
    CHECK(mem.calls == std::vector<std::string>{"a.hlsli|main.hlsl|0"});
    CHECK(r.ctx.files_read == std::vector<std::string>{"main.hlsl", "a.hlsli"});
}

TEST_CASE("includes: system includes and nested includes get the including path") {
    MemoryFiles mem;
    mem.files["sys.h"] = "#include \"inner.h\"\n";
    mem.files["inner.h"] = "inner";
    Run r("#include <sys.h>", with(mem));
    CHECK(r.text() == "inner");
    CHECK(mem.calls == std::vector<std::string>{"sys.h|main.hlsl|1", "inner.h|sys.h|0"});
}

TEST_CASE("includes: the spec's missing include message, with advice that fits a resolver") {
    MemoryFiles mem;
    Run r("#include \"common/sample.hlsli\"", with(mem), true, "blur.hlsl");
    REQUIRE(r.codes() == std::vector<std::string>{"OSH0120"});
    CHECK(r.diag_at(0) == "blur.hlsl(1,10)");
    CHECK(r.message(0) ==
          "cannot find include file 'common/sample.hlsli'; searched: 'the include resolver'. Check the spelling, "
          "or make the include resolver serve that name (it replaces the file system, so include paths are not "
          "searched)");
}

TEST_CASE("includes: text without a resolver cannot include") {
    Run r("#include \"x.hlsli\"\nok");
    CHECK(r.codes() == std::vector<std::string>{"OSH0120"});
    CHECK(r.text() == "ok");
}

TEST_CASE("includes: defines apply before includes, #ifndef defaults work") {
    MemoryFiles mem;
    mem.files["common/sampling.hlsli"] = "#ifndef HORIZONTAL\n#define HORIZONTAL 1\n#endif\nh = HORIZONTAL;";
    auto o = with(mem);
    o.defines.push_back({"HORIZONTAL", "0"});
    Run r("#include \"common/sampling.hlsli\"", o);
    CHECK(r.text() == "h = 0 ;");
    auto o2 = with(mem);
    Run r2("#include \"common/sampling.hlsli\"", o2);
    CHECK(r2.text() == "h = 1 ;");
}

TEST_CASE("includes: #pragma once includes a file once") {
    MemoryFiles mem;
    mem.files["once.h"] = "#pragma once\nonce";
    Run r("#include \"once.h\"\n#include \"once.h\"\n", with(mem));
    CHECK(r.text() == "once");
    CHECK(r.ctx.files_read == std::vector<std::string>{"main.hlsl", "once.h"});
}

TEST_CASE("includes: include guards skip re-inclusion") {
    MemoryFiles mem;
    mem.files["g.h"] = "// comment\n#ifndef G_H\n#define G_H\nguarded\n#endif // G_H\n";
    mem.files["g2.h"] = "#if !defined(G2_H)\n#define G2_H\ng2\n#endif\n";
    Run r("#include \"g.h\"\n#include \"g.h\"\n#include \"g2.h\"\n#include \"g2.h\"\n", with(mem));
    CHECK(r.text() == "guarded g2");
    CHECK(r.codes().empty());
    CHECK(r.ctx.files_read == std::vector<std::string>{"main.hlsl", "g.h", "g2.h"});
}

TEST_CASE("includes: a guard macro undefined later lets the file in again") {
    MemoryFiles mem;
    mem.files["g.h"] = "#ifndef G_H\n#define G_H\ng\n#endif\n";
    Run r("#include \"g.h\"\n#undef G_H\n#include \"g.h\"\n", with(mem));
    CHECK(r.text() == "g g");
}

TEST_CASE("includes: a file with tokens after its #endif is not guarded") {
    MemoryFiles mem;
    mem.files["n.h"] = "#ifndef N_H\n#define N_H\n#endif\nafter\n";
    Run r("#include \"n.h\"\n#include \"n.h\"\n", with(mem));
    CHECK(r.text() == "after after");
}

TEST_CASE("includes: recursion without a guard hits the depth limit OSH0122") {
    MemoryFiles mem;
    mem.files["self.h"] = "s\n#include \"self.h\"\n";
    auto o = with(mem);
    o.limits.max_include_depth = 20;
    Run r("#include \"self.h\"\n", o);
    REQUIRE(r.codes().size() == 1);
    CHECK(r.codes()[0] == "OSH0122");
    CHECK(r.diag_at(0) == "self.h(2,10)");
    CHECK(r.ctx.files_read == std::vector<std::string>{"main.hlsl", "self.h"});
}

TEST_CASE("includes: the name may come from a macro") {
    MemoryFiles mem;
    mem.files["m.h"] = "from_macro";
    mem.files["sys/a.h"] = "angle";
    Run r("#define HDR \"m.h\"\n#include HDR\n#define SYS <sys/a.h>\n#include SYS\n", with(mem));
    CHECK(r.text() == "from_macro angle");
    CHECK(r.codes().empty());
}

TEST_CASE("includes: bad include lines are OSH0121") {
    MemoryFiles mem;
    Run r("#include\n#include 42\n#include <abc\n#include \"\"\n", with(mem));
    CHECK(r.codes() == std::vector<std::string>{"OSH0121", "OSH0121", "OSH0121", "OSH0121"});
}

TEST_CASE("includes: errors inside an include point at the include's own line, with an included-from note") {
    MemoryFiles mem;
    mem.files["bad.h"] = "ok\n#error broken include\n";
    Run r("\n#include \"bad.h\"\n", with(mem));
    REQUIRE(r.codes() == std::vector<std::string>{"OSH0103"});
    CHECK(r.diag_at(0) == "bad.h(2,1)");
    CHECK(r.message(0) == "broken include");
    REQUIRE(r.ctx.diags.diagnostics()[0].notes.size() == 1);
    CHECK(r.ctx.diags.diagnostics()[0].notes[0].message == "in the file included from main.hlsl(2)");
}

TEST_CASE("includes: files lists every file read, also when the compile fails") {
    MemoryFiles mem;
    mem.files["a.h"] = "#include \"b.h\"\n#include \"missing.h\"\n";
    mem.files["b.h"] = "b";
    Run r("#include \"a.h\"\n#include \"b.h\"\n", with(mem));
    CHECK(r.codes() == std::vector<std::string>{"OSH0120"});
    CHECK(r.ctx.files_read == std::vector<std::string>{"main.hlsl", "a.h", "b.h"});
}

TEST_CASE("includes: real files, the including folder first, then include directories") {
    TempDir dir;
    std::string main = dir.write("shaders/main.hlsl", "#include \"local.hlsli\"\n#include \"lib.hlsli\"\n#include <lib.hlsli>\n");
    dir.write("shaders/local.hlsli", "local");
    dir.write("inc/lib.hlsli", "lib_from_inc");
    dir.write("shaders/lib.hlsli", "lib_from_local");
    oneshader::CompileOptions o;
    o.include_directories.push_back((dir.root / "inc").generic_string());
    auto result = oneshader::preprocess_file(main, o);
    CHECK(result.ok());
    CHECK(result.text.find("local") != std::string::npos);
    CHECK(result.text.find("lib_from_local") != std::string::npos);
    CHECK(result.text.find("lib_from_inc") != std::string::npos);
    REQUIRE(result.files.size() == 4);
    CHECK(result.files[0] == main);
    CHECK(result.files[1] == (dir.root / "shaders/local.hlsli").generic_string());
    CHECK(result.files[3] == (dir.root / "inc/lib.hlsli").generic_string());
}

TEST_CASE("includes: a real file is read whole, past the reader's 16 KiB buffer") {
    TempDir dir;
    std::string main = dir.write("main.hlsl", "#include \"big.hlsli\"\nlast\n");
    // 3,000 numbered tokens, about 26 KB: the last ones come from the file's second read.
    std::string big;
    for (int i = 0; i < 3000; ++i) big += fmt::format("t{} ", i);
    REQUIRE(big.size() > 16384);
    dir.write("big.hlsli", big + "\n");
    auto result = oneshader::preprocess_file(main, {});
    CHECK(result.ok());
    CHECK(result.text.find("t0 ") != std::string::npos);
    CHECK(result.text.find("t2999") != std::string::npos);
    CHECK(result.text.find("last") != std::string::npos);
}

TEST_CASE("includes: a missing real file lists the folders searched") {
    TempDir dir;
    std::string main = dir.write("s/main.hlsl", "#include \"nope.hlsli\"\n");
    oneshader::CompileOptions o;
    o.include_directories = {"first/dir", "second"};
    auto result = oneshader::preprocess_file(main, o);
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].code == "OSH0120");
    CHECK(result.diagnostics[0].position.line == 1);
    CHECK(result.diagnostics[0].position.column == 10);
    CHECK(result.diagnostics[0].message ==
          fmt::format("cannot find include file 'nope.hlsli'; searched: '{}', 'first/dir', 'second'. Check the "
                      "spelling, or add the directory that contains it to the include paths",
                      (dir.root / "s").generic_string()));
    CHECK(result.files == std::vector<std::string>{main});
}

TEST_CASE("includes: a system include does not search the including folder") {
    TempDir dir;
    std::string main = dir.write("main.hlsl", "#include <here.hlsli>\n");
    dir.write("here.hlsli", "x");
    auto result = oneshader::preprocess_file(main, {});
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].code == "OSH0120");
    CHECK(result.diagnostics[0].message.find("searched: no include directories") != std::string::npos);
}

TEST_CASE("includes: public preprocess() with a resolver") {
    MemoryFiles mem;
    mem.files["c.hlsli"] = "#define R 2\n";
    oneshader::CompileOptions o;
    o.include_resolver = mem.resolver();
    auto result = oneshader::preprocess("#include \"c.hlsli\"\nint r = R;\n", "m.hlsl", o);
    CHECK(result.ok());
    CHECK(result.files == std::vector<std::string>{"m.hlsl", "c.hlsli"});
    CHECK(result.text.find("int r = 2;") != std::string::npos);
}
