// ShaderCompileCache on one thread: what makes a hit, what makes a miss (every option, the text,
// the path, the includes through the resolver and on disk), errors cached, LRU eviction, clear()
// and cancellation before the call starts.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <stop_token>
#include <string>
#include <vector>

#include "driver/cache_key.hpp"
#include "oneshader/cache.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;
namespace fs = std::filesystem;

namespace {

const std::string shader = R"(#include "common.hlsli"
cbuffer Frame : register(b0) { float4 Tint; };
[shader("pixel")] float4 PSMain() : SV_Target { return Tint * Scale(); }
)";

std::string blob_bytes(const CompileResult& r) {
    std::string s;
    for (const ShaderBlob& b : r.blobs) s.append(reinterpret_cast<const char*>(b.data.data()), b.data.size());
    for (const Diagnostic& d : r.diagnostics) s += d.to_string() + "\n";
    for (const std::string& f : r.files) s += f + "\n";
    return s;
}

// Includes served from a map the test edits.
struct MemoryFiles {
    std::map<std::string, std::string> files;
    int calls = 0;
    IncludeResolver resolver() {
        return [this](std::string_view requested, std::string_view, bool) -> std::optional<ResolvedInclude> {
            ++calls;
            auto it = files.find(std::string(requested));
            if (it == files.end()) return std::nullopt;
            return ResolvedInclude{it->first, it->second};
        };
    }
};

struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name) {
        path = fs::temp_directory_path() / ("oneshader_cache_" + name + "_" + std::to_string(::getpid()));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    void write(const std::string& rel, const std::string& text) const {
        fs::create_directories((path / rel).parent_path());
        std::ofstream(path / rel, std::ios::binary) << text;
    }
    std::string str(const std::string& rel) const { return (path / rel).generic_string(); }
};

}  // namespace

TEST_CASE("cache: a second call with the same inputs is a hit with the result a direct compile gives",
          "[cache]") {
    MemoryFiles mem;
    mem.files["common.hlsli"] = "float Scale() { return 2.0; }\n";
    CompileOptions o;
    o.include_resolver = mem.resolver();
    ShaderCompileCache cache(8);
    std::shared_ptr<const CompileResult> a = cache.compile(shader, "m.hlsl", o);
    std::shared_ptr<const CompileResult> b = cache.compile(shader, "m.hlsl", o);
    REQUIRE(a);
    CHECK(a->ok());
    CHECK(a == b);  // one shared object
    CHECK(cache.misses() == 1);
    CHECK(cache.hits() == 1);
    CHECK(cache.size() == 1);
    CHECK(blob_bytes(*a) == blob_bytes(compile(shader, "m.hlsl", o)));
    CHECK(a->files == std::vector<std::string>{"m.hlsl", "common.hlsli"});
}

TEST_CASE("cache: the text, the path and options make different keys", "[cache]") {
    MemoryFiles mem;
    mem.files["common.hlsli"] = "float Scale() { return 2.0; }\n";
    CompileOptions o;
    o.include_resolver = mem.resolver();
    ShaderCompileCache cache(16);
    cache.compile(shader, "m.hlsl", o);
    cache.compile(shader + "\n", "m.hlsl", o);
    cache.compile(shader, "other.hlsl", o);
    CompileOptions defined = o;
    defined.defines.push_back({"ALPHA_TEST", std::nullopt});
    cache.compile(shader, "m.hlsl", defined);
    CompileOptions msl = o;
    msl.targets = {Target::Msl};
    std::shared_ptr<const CompileResult> m = cache.compile(shader, "m.hlsl", msl);
    CHECK(m->find("PSMain", Target::Msl));
    CHECK(cache.misses() == 5);
    CHECK(cache.hits() == 0);
    // A different resolver that serves the same files shares the entry: it takes part through
    // what it returns.
    MemoryFiles same;
    same.files = mem.files;
    CompileOptions other_resolver = o;
    other_resolver.include_resolver = same.resolver();
    cache.compile(shader, "m.hlsl", other_resolver);
    CHECK(cache.hits() == 1);
    CHECK(same.calls == 1);  // asked again for the one include
}

TEST_CASE("cache: the key lists every CompileOptions field", "[cache]") {
    // One change per field (and per member of the nested option structs); each must change the key.
    std::vector<std::pair<std::string, std::function<void(CompileOptions&)>>> changes = {
        {"targets", [](CompileOptions& o) { o.targets = {Target::Wgsl}; }},
        {"defines name", [](CompileOptions& o) { o.defines = {{"A", std::nullopt}}; }},
        {"defines value", [](CompileOptions& o) { o.defines = {{"A", "1"}}; }},
        {"include_directories", [](CompileOptions& o) { o.include_directories = {"inc"}; }},
        {"include_resolver", [](CompileOptions& o) {
             o.include_resolver = [](std::string_view, std::string_view, bool) { return std::nullopt; };
         }},
        {"entry_points name", [](CompileOptions& o) { o.entry_points = {{"PSMain", Stage::Pixel}}; }},
        {"entry_points stage", [](CompileOptions& o) { o.entry_points = {{"PSMain", Stage::Vertex}}; }},
        {"profile", [](CompileOptions& o) { o.profile = Profile{Stage::Pixel, 6, 0}; }},
        {"profile minor", [](CompileOptions& o) { o.profile = Profile{Stage::Pixel, 6, 2}; }},
        {"optimize", [](CompileOptions& o) { o.optimize = false; }},
        {"keep_names", [](CompileOptions& o) { o.keep_names = false; }},
        {"syntax_only", [](CompileOptions& o) { o.syntax_only = true; }},
        {"enable_16bit_types", [](CompileOptions& o) { o.enable_16bit_types = true; }},
        {"warnings_as_errors", [](CompileOptions& o) { o.warnings_as_errors = true; }},
        {"default_matrix_packing", [](CompileOptions& o) { o.default_matrix_packing = MatrixPacking::RowMajor; }},
        {"buffer_layout", [](CompileOptions& o) { o.buffer_layout = BufferLayoutRules::DX; }},
        {"bindings.shifts", [](CompileOptions& o) { o.bindings.shifts = {{'t', 0, 10}}; }},
        {"bindings.shifts all", [](CompileOptions& o) { o.bindings.shifts = {{'t', std::nullopt, 10}}; }},
        {"bindings.registers", [](CompileOptions& o) { o.bindings.registers = {{'t', 0, 0, 3, 1}}; }},
        {"bindings.globals", [](CompileOptions& o) { o.bindings.globals = DescriptorSlot{1, 2}; }},
        {"bindings.auto_shift", [](CompileOptions& o) { o.bindings.auto_shift = true; }},
        {"bindings.alpha_stage_io_order", [](CompileOptions& o) { o.bindings.alpha_stage_io_order = true; }},
        {"bindings.default_space", [](CompileOptions& o) { o.bindings.default_space = 3; }},
        {"spirv.target_env", [](CompileOptions& o) { o.spirv.target_env = SpirvTargetEnv::Vulkan1_0; }},
        {"spirv.extensions", [](CompileOptions& o) { o.spirv.extensions = {"KHR"}; }},
        {"spirv.entry_point_name", [](CompileOptions& o) { o.spirv.entry_point_name = "main"; }},
        {"spirv.invert_y", [](CompileOptions& o) { o.spirv.invert_y = true; }},
        {"spirv.reflect", [](CompileOptions& o) { o.spirv.reflect = true; }},
        {"spirv.preserve_bindings", [](CompileOptions& o) { o.spirv.preserve_bindings = true; }},
        {"spirv.dx_position_w", [](CompileOptions& o) { o.spirv.dx_position_w = true; }},
        {"spirv.nonzero_base_vertex", [](CompileOptions& o) { o.spirv.nonzero_base_vertex = true; }},
        {"spirv.nonzero_base_instance", [](CompileOptions& o) { o.spirv.nonzero_base_instance = true; }},
        {"limits.max_output_tokens", [](CompileOptions& o) { o.limits.max_output_tokens = 5; }},
        {"limits.max_expansion_steps", [](CompileOptions& o) { o.limits.max_expansion_steps = 5; }},
        {"limits.max_include_depth", [](CompileOptions& o) { o.limits.max_include_depth = 5; }},
        {"verify_ir", [](CompileOptions& o) { o.verify_ir = true; }},
        {"print_after", [](CompileOptions& o) { o.print_after = "dce"; }},
        {"print_locations", [](CompileOptions& o) { o.print_locations = true; }},
        {"spirv_debug.file", [](CompileOptions& o) { o.spirv_debug.file = true; }},
        {"spirv_debug.source", [](CompileOptions& o) { o.spirv_debug.source = true; }},
        {"spirv_debug.line", [](CompileOptions& o) { o.spirv_debug.line = true; }},
        {"spirv_debug.tool", [](CompileOptions& o) { o.spirv_debug.tool = true; }},
        {"spirv_debug.vulkan", [](CompileOptions& o) { o.spirv_debug.vulkan = true; }},
        {"specialization_overrides", [](CompileOptions& o) { o.specialization_overrides = {{"Radius", 2}}; }},
        {"specialization_overrides value", [](CompileOptions& o) { o.specialization_overrides = {{"Radius", 3}}; }},
        {"specialization_overrides name", [](CompileOptions& o) { o.specialization_overrides = {{"Sigma", 2}}; }},
    };
    std::map<std::string, std::string> seen;
    seen[driver::make_cache_key(driver::CacheMode::Text, "s", "p", CompileOptions{})] = "defaults";
    for (auto& [name, change] : changes) {
        CompileOptions o;
        change(o);
        std::string key = driver::make_cache_key(driver::CacheMode::Text, "s", "p", o);
        INFO(name << " gives the key of " << (seen.count(key) ? seen[key] : std::string("nothing else")));
        CHECK(seen.emplace(key, name).second);
    }
    // Text against file, and the boundary between path and source, are part of it too.
    CHECK(driver::make_cache_key(driver::CacheMode::Text, "s", "p", {}) !=
          driver::make_cache_key(driver::CacheMode::File, "s", "p", {}));
    CHECK(driver::make_cache_key(driver::CacheMode::Text, "ab", "c", {}) !=
          driver::make_cache_key(driver::CacheMode::Text, "b", "ca", {}));
}

TEST_CASE("cache: an edited include through the resolver makes the next call compile", "[cache]") {
    MemoryFiles mem;
    mem.files["common.hlsli"] = "float Scale() { return 2.0; }\n";
    CompileOptions o;
    o.include_resolver = mem.resolver();
    ShaderCompileCache cache(8);
    std::shared_ptr<const CompileResult> first = cache.compile(shader, "m.hlsl", o);
    mem.files["common.hlsli"] = "float Scale() { return 3.0; }\n";
    std::shared_ptr<const CompileResult> second = cache.compile(shader, "m.hlsl", o);
    CHECK(first != second);
    CHECK(cache.misses() == 2);
    CHECK(cache.size() == 1);  // the stale entry was replaced
    CHECK(blob_bytes(*second) == blob_bytes(compile(shader, "m.hlsl", o)));
    CHECK(cache.compile(shader, "m.hlsl", o) == second);
    CHECK(cache.hits() == 1);
}

TEST_CASE("cache: errors are cached until an include changes", "[cache]") {
    MemoryFiles mem;  // common.hlsli missing: OSH0120
    CompileOptions o;
    o.include_resolver = mem.resolver();
    ShaderCompileCache cache(8);
    std::shared_ptr<const CompileResult> missing = cache.compile(shader, "m.hlsl", o);
    REQUIRE_FALSE(missing->ok());
    CHECK(missing->diagnostics[0].code == "OSH0120");
    CHECK(cache.compile(shader, "m.hlsl", o) == missing);
    CHECK(cache.misses() == 1);
    CHECK(cache.hits() == 1);
    mem.files["common.hlsli"] = "float Scale() { return 2.0; }\n";  // now it is found
    std::shared_ptr<const CompileResult> found = cache.compile(shader, "m.hlsl", o);
    CHECK(found->ok());
    CHECK(cache.misses() == 2);

    const std::string broken = "[shader(\"pixel\")] float4 PSMain() : SV_Target { return nope; }\n";
    std::shared_ptr<const CompileResult> error = cache.compile(broken, "b.hlsl");
    CHECK_FALSE(error->ok());
    CHECK(cache.compile(broken, "b.hlsl") == error);
    CHECK(blob_bytes(*error) == blob_bytes(compile(broken, "b.hlsl")));
}

TEST_CASE("cache: compile_file rereads the file and searches the include path again", "[cache]") {
    TempDir dir("disk");
    dir.write("shaders/m.hlsl", shader);
    dir.write("late/common.hlsli", "float Scale() { return 2.0; }\n");
    CompileOptions o;
    o.include_directories = {dir.str("early"), dir.str("late")};
    ShaderCompileCache cache(8);
    const std::string main = dir.str("shaders/m.hlsl");
    std::shared_ptr<const CompileResult> first = cache.compile_file(main, o);
    REQUIRE(first->ok());
    CHECK(first->files == std::vector<std::string>{main, dir.str("late/common.hlsli")});
    CHECK(blob_bytes(*first) == blob_bytes(compile_file(main, o)));
    CHECK(cache.compile_file(main, o) == first);
    CHECK(cache.hits() == 1);

    // A new file earlier on the search path is what #include would find now.
    dir.write("early/common.hlsli", "float Scale() { return 4.0; }\n");
    std::shared_ptr<const CompileResult> early = cache.compile_file(main, o);
    CHECK(early != first);
    CHECK(early->files == std::vector<std::string>{main, dir.str("early/common.hlsli")});
    CHECK(blob_bytes(*early) == blob_bytes(compile_file(main, o)));
    CHECK(cache.misses() == 2);

    // An edit of the include, then of the main file.
    dir.write("early/common.hlsli", "float Scale() { return 5.0; }\n");
    CHECK(cache.compile_file(main, o) != early);
    CHECK(cache.misses() == 3);
    dir.write("shaders/m.hlsl", shader + "// edited\n");
    CHECK(cache.compile_file(main, o)->ok());
    CHECK(cache.misses() == 4);
    CHECK(cache.compile_file(main, o)->ok());
    CHECK(cache.hits() == 2);

    // A file that cannot be read is compile_file's OSH0003, and nothing to keep.
    std::shared_ptr<const CompileResult> gone = cache.compile_file(dir.str("none.hlsl"), o);
    REQUIRE(gone);
    CHECK(gone->diagnostics.at(0).code == "OSH0003");
    CHECK(cache.misses() == 5);
}

TEST_CASE("cache: #pragma once includes are checked through the lookup that read them", "[cache]") {
    TempDir dir("once");
    dir.write("m.hlsl", "#include \"a.hlsli\"\n#include \"a.hlsli\"\n" + shader.substr(shader.find('\n') + 1));
    dir.write("a.hlsli", "#pragma once\nfloat Scale() { return 2.0; }\n");
    ShaderCompileCache cache(8);
    std::shared_ptr<const CompileResult> first = cache.compile_file(dir.str("m.hlsl"));
    REQUIRE(first->ok());
    CHECK(cache.compile_file(dir.str("m.hlsl")) == first);
    dir.write("a.hlsli", "#pragma once\nfloat Scale() { return 3.0; }\n");
    CHECK(cache.compile_file(dir.str("m.hlsl")) != first);
    CHECK(cache.misses() == 2);
    CHECK(cache.hits() == 1);
}

TEST_CASE("cache: the least recently used result is dropped past max_entries", "[cache]") {
    ShaderCompileCache cache(2);
    auto src = [](int n) {
        return "[shader(\"pixel\")] float4 PSMain() : SV_Target { return " + std::to_string(n) + "; }\n";
    };
    auto a = cache.compile(src(1), "a.hlsl");
    auto b = cache.compile(src(2), "b.hlsl");
    CHECK(cache.compile(src(1), "a.hlsl") == a);  // a is now the most recent
    auto c = cache.compile(src(3), "c.hlsl");       // drops b
    CHECK(cache.size() == 2);
    CHECK(cache.max_entries() == 2);
    CHECK(cache.compile(src(1), "a.hlsl") == a);
    CHECK(cache.compile(src(3), "c.hlsl") == c);
    CHECK(cache.misses() == 3);
    CHECK(cache.hits() == 3);
    CHECK(cache.compile(src(2), "b.hlsl") != b);  // compiled again
    CHECK(cache.misses() == 4);
    CHECK(cache.size() == 2);
    CHECK(b->ok());  // a dropped result stays valid for whoever holds it

    cache.clear();
    CHECK(cache.size() == 0);
    cache.compile(src(1), "a.hlsl");
    CHECK(cache.misses() == 5);
}

TEST_CASE("cache: a call whose stop token is already requested returns nothing and caches nothing", "[cache]") {
    ShaderCompileCache cache(4);
    std::stop_source stop;
    stop.request_stop();
    const std::string src = "[shader(\"pixel\")] float4 PSMain() : SV_Target { return 1; }\n";
    CHECK(cache.compile(src, "a.hlsl", {}, stop.get_token()) == nullptr);
    CHECK(cache.size() == 0);
    CHECK(cache.misses() == 0);
    CHECK(cache.hits() == 0);
    CHECK(cache.compile(src, "a.hlsl")->ok());
    CHECK(cache.misses() == 1);
}

TEST_CASE("cache: a stop requested during the front end skips code generation, and nothing is cached", "[cache]") {
    // The library compile looks at the token after the front end: the include resolver (run by
    // the preprocessor) requests the stop, as another thread would.
    std::stop_source stop;
    CompileOptions o;
    o.include_resolver = [&](std::string_view, std::string_view, bool) -> std::optional<ResolvedInclude> {
        stop.request_stop();
        return ResolvedInclude{"common.hlsli", "float Scale() { return 2.0; }\n"};
    };
    std::vector<IncludeLookup> lookups;
    ShaderCompileCache::Request request;
    request.source = shader;
    request.path = "m.hlsl";
    request.options = &o;
    request.include_lookups = &lookups;
    request.stop = stop.get_token();
    CompileResult partial = ShaderCompileCache::library_compile(request);
    CHECK(partial.ok());
    CHECK(partial.reflection);
    CHECK(partial.blobs.empty());
    REQUIRE(lookups.size() == 1);
    CHECK(lookups[0].requested == "common.hlsli");
    CHECK(lookups[0].including_file == "m.hlsl");
    CHECK(lookups[0].path == "common.hlsli");

    std::stop_source second;
    o.include_resolver = [&](std::string_view, std::string_view, bool) -> std::optional<ResolvedInclude> {
        second.request_stop();
        return ResolvedInclude{"common.hlsli", "float Scale() { return 2.0; }\n"};
    };
    ShaderCompileCache cache(4);
    CHECK(cache.compile(shader, "m.hlsl", o, second.get_token()) == nullptr);
    CHECK(cache.size() == 0);
    CHECK(cache.misses() == 1);  // the compile ran
}

TEST_CASE("cache: a compile function that throws gives OSH7000, not cached", "[cache]") {
    int calls = 0;
    ShaderCompileCache cache(4, [&](const ShaderCompileCache::Request&) -> CompileResult {
        ++calls;
        throw std::runtime_error("boom");
    });
    std::shared_ptr<const CompileResult> r = cache.compile("x", "x.hlsl");
    REQUIRE(r);
    CHECK(r->diagnostics.at(0).code == "OSH7000");
    CHECK(r->diagnostics[0].message.find("boom") != std::string::npos);
    CHECK(cache.size() == 0);
    cache.compile("x", "x.hlsl");
    CHECK(calls == 2);
}
