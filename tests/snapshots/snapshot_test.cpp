// Snapshots: every corpus shader (outside spec/errors/, with the options its header comments ask
// for) through every stage and every target that exists, compared with the files under
// tests/snapshots/, laid out as the corpus is:
//
//   <folder>/<file>.ir               the module after lowering (all entry points of the file)
//   <folder>/<file>.opt.ir           the module after the optimizer
//   <folder>/<file>.<entry>.<ext>    one target's output for one entry point, optimized (-O3)
//
// Names come from the corpus and the entry points, never from internal numbering. Every snapshot
// is checked as well as compared: the IR verifier on both dumps, the target's validator on every
// target output. A difference fails the test and names the first differing line; after reviewing
// it, run the test with ONESHADER_UPDATE_GOLDENS=1 to rewrite the files (and delete the ones no
// output claims any more), never edit them by hand.
//
// A new backend is one row of kTargets.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "corpus_files.hpp"
#include "driver/lowered_source.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "oneshader/oneshader.hpp"
#include "opt/optimizer.hpp"
#include "msl_clang.hpp"
#include "msl_source.hpp"
#include "spirv_tools.hpp"
#include "wgsl_validate.hpp"

namespace fs = std::filesystem;

namespace {

// One backend: what the public API is asked for, the snapshot's file extension, the text a blob
// is kept as, the validator its output must pass (messages; empty when valid), and the corpus
// files it keeps snapshots of (null: all of them).
struct TargetRow {
    oneshader::Target target;
    const char* extension;
    std::string (*text_of)(const oneshader::ShaderBlob&);
    std::string (*validate)(const oneshader::ShaderBlob&);
    // The corpus files (relative, without .hlsl) this target keeps snapshots of; null: every file.
    const std::set<std::string>* only = nullptr;
};

std::string spirv_text(const oneshader::ShaderBlob& b) { return spirv_tools::disassemble(spirv_tools::words_of(b)); }
std::string spirv_validate(const oneshader::ShaderBlob& b) {
    if (b.data.size() % 4 != 0) return "not a whole number of words\n";
    return spirv_tools::validate(spirv_tools::words_of(b));
}

std::string blob_text(const oneshader::ShaderBlob& b) { return std::string(b.as_text()); }
// Tint and naga, in one Node process for the whole test (tests/wgsl/wgsl_validate.hpp).
std::string wgsl_validate(const oneshader::ShaderBlob& b) {
    static oneshader::wgsl::test::Validator validator;
    fs::path scratch = fs::temp_directory_path() / "oneshader-snapshot-check.wgsl";
    oneshader::wgsl::test::Verdict v = validator.check_text(std::string(b.as_text()), scratch.string());
    if (!v.error.empty()) return v.error + "\n";
    std::string out;
    if (v.tint != "ok") out += "tint: " + v.tint + "\n";
    if (v.naga != "ok") out += "naga: " + v.naga + "\n";
    return out;
}
// A handful of files that show each WGSL mapping (the corpus test in tests/wgsl validates all).
const std::set<std::string> kWgslFiles = {"2d/sprite",         "spec/Sprite",       "spec/Blur",
                                          "spec/Mesh",         "compute/prefix_sum", "compute/histogram",
                                          "lang/switch_fallthrough", "3d/shadow_receiver"};

// MSL: the attribute lint and the type check against the Metal header (tests/msl), for a handful of
// files that show the mapping (the MSL corpus test checks every entry point).
std::string msl_validate(const oneshader::ShaderBlob& b) {
    std::string text(b.as_text()), out;
    for (const std::string& p : msl_test::lint(text)) out += p + "\n";
    msl_test::ClangRun run = msl_test::type_check(text);
    if (run.status != 0) out += run.output;
    return out;
}
const std::set<std::string> kMslFiles = {"2d/sprite",           "compute/histogram",       "compute/prefix_sum",
                                         "lang/push_constants", "lang/switch_fallthrough", "lang/precise",
                                         "lang/texture_buffers", "lang/rasterizer_ordered"};

const TargetRow kTargets[] = {
    {oneshader::Target::SpirV, "spvasm", spirv_text, spirv_validate},
    {oneshader::Target::Wgsl, "wgsl", blob_text, wgsl_validate, &kWgslFiles},
    {oneshader::Target::Msl, "metal", blob_text, msl_validate, &kMslFiles},
};

fs::path snapshot_root() { return fs::path(ONESHADER_SOURCE_DIR) / "tests" / "snapshots"; }

bool updating() {
    const char* v = std::getenv("ONESHADER_UPDATE_GOLDENS");
    return v && std::string(v) == "1";
}

std::string lines_of(const std::vector<std::string>& messages) {
    std::string out;
    for (const std::string& m : messages) out += m + "\n";
    return out;
}

std::string diagnostics_text(const std::vector<oneshader::Diagnostic>& diags) {
    std::string out;
    for (const oneshader::Diagnostic& d : diags) out += d.to_string() + "\n";
    return out;
}

// "line N: expected `a`, got `b`" for the first line where the texts differ.
std::string first_difference(const std::string& expected, const std::string& actual) {
    std::size_t line = 1, at = 0;
    while (true) {
        std::size_t e_end = expected.find('\n', at), a_end = actual.find('\n', at);
        std::string e = at < expected.size() ? expected.substr(at, e_end - at) : "<end of file>";
        std::string a = at < actual.size() ? actual.substr(at, a_end - at) : "<end of file>";
        if (e != a || e_end == std::string::npos || a_end == std::string::npos)
            return "line " + std::to_string(line) + ": expected `" + e + "`, got `" + a + "`";
        at = e_end + 1;
        ++line;
    }
}

// The snapshots one corpus file gives: path relative to snapshot_root() -> text, and the problems
// the checks found (each line names the snapshot).
struct FileSnapshots {
    std::map<std::string, std::string> texts;
    std::string problems;
};

FileSnapshots snapshots_of(const fs::path& file) {
    FileSnapshots out;
    const std::string stem = corpus::name_of(file).substr(0, corpus::name_of(file).size() - 5);  // no ".hlsl"
    const oneshader::CompileOptions options = corpus::options_for(file);

    std::unique_ptr<oneshader::driver::LoweredSource> lowered =
        oneshader::driver::lower_source(corpus::read_text(file), file.generic_string(), options, false);
    if (!lowered->ok()) {
        out.problems += stem + ": the front end or the lowering failed\n";
        return out;
    }
    out.texts[stem + ".ir"] = oneshader::ir::print_module(lowered->module);
    std::string verified = lines_of(oneshader::ir::verify(lowered->module));
    if (!verified.empty()) out.problems += stem + ".ir does not verify:\n" + verified;
    // As the compiler does: resource variables resolved (at every -O level), then the optimizer.
    if (!oneshader::opt::legalize_resources(lowered->module, lowered->ctx.diags))
        out.problems += stem + ": resolving resource variables failed\n";
    oneshader::opt::OptimizeResult optimized = oneshader::opt::optimize(lowered->module);
    if (!optimized.ok) out.problems += stem + ".opt.ir: pass " + optimized.failed_pass + " failed: " + optimized.message + "\n";
    out.texts[stem + ".opt.ir"] = oneshader::ir::print_module(lowered->module);
    verified = lines_of(oneshader::ir::verify(lowered->module));
    if (!verified.empty()) out.problems += stem + ".opt.ir does not verify:\n" + verified;

    for (const TargetRow& row : kTargets) {
        if (row.only && !row.only->count(stem)) continue;
        oneshader::CompileOptions o = options;
        o.targets = {row.target};
        oneshader::CompileResult r = oneshader::compile_file(file.generic_string(), o);
        if (!r.ok() || r.blobs.empty()) {
            out.problems += stem + " (." + row.extension + "): the compile failed\n" + diagnostics_text(r.diagnostics);
            continue;
        }
        for (const oneshader::ShaderBlob& b : r.blobs) {
            const std::string name = stem + "." + b.entry_point + "." + row.extension;
            out.texts[name] = row.text_of(b);
            std::string messages = row.validate(b);
            if (!messages.empty()) out.problems += name + " does not validate:\n" + messages;
        }
    }
    return out;
}

// Every file under snapshot_root() that looks like a snapshot (not this test's sources).
std::set<std::string> files_on_disk() {
    std::set<std::string> names;
    for (const auto& e : fs::recursive_directory_iterator(snapshot_root())) {
        if (!e.is_regular_file() || e.path().extension() == ".cpp") continue;
        names.insert(e.path().lexically_relative(snapshot_root()).generic_string());
    }
    return names;
}

std::string read_or_empty(const fs::path& p) { return fs::exists(p) ? corpus::read_text(p) : std::string(); }

}  // namespace

TEST_CASE("every corpus file's IR and target outputs match tests/snapshots and validate", "[corpus]") {
    const bool update = updating();
    std::vector<fs::path> files = corpus::shader_files();
    REQUIRE(files.size() > 50);
    std::set<std::string> stale = files_on_disk();
    std::string problems, differences;
    std::size_t compared = 0;
    for (const fs::path& file : files) {
        FileSnapshots s = snapshots_of(file);
        problems += s.problems;
        for (const auto& [name, text] : s.texts) {
            stale.erase(name);
            ++compared;
            fs::path path = snapshot_root() / name;
            if (update) {
                fs::create_directories(path.parent_path());
                std::ofstream(path, std::ios::binary) << text;
                continue;
            }
            if (!fs::exists(path)) differences += name + ": no snapshot file\n";
            else if (std::string want = read_or_empty(path); want != text)
                differences += name + ": " + first_difference(want, text) + "\n";
        }
    }
    if (update)
        for (const std::string& name : stale) fs::remove(snapshot_root() / name);
    else
        for (const std::string& name : stale) differences += name + ": no corpus output makes this file any more\n";
    INFO("refresh with ONESHADER_UPDATE_GOLDENS=1 after reviewing the differences");
    CHECK(differences == "");
    CHECK(problems == "");
    // Two IR dumps per file, and the corpus README counts 151 entry points outside spec/errors/.
    // A target with a list of files has at least one snapshot per file.
    std::size_t wanted = 2 * files.size();
    for (const TargetRow& row : kTargets) wanted += row.only ? row.only->size() : 151;
    CHECK(compared >= wanted);
}

TEST_CASE("the first difference names the line and both texts") {
    CHECK(first_difference("a\nb\nc\n", "a\nx\nc\n") == "line 2: expected `b`, got `x`");
    CHECK(first_difference("a\n", "a\nb\n") == "line 2: expected `<end of file>`, got `b`");
    CHECK(first_difference("a", "ab") == "line 1: expected `a`, got `ab`");
}
