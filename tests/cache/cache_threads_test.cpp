// ShaderCompileCache from many threads: single flight seen through the counters, different keys
// compiling at the same time, cancellation of a waiter and of the caller that compiles. These
// tests also run under ThreadSanitizer (tests_cache_tsan). Nothing here measures time: the waits
// below only make the interesting interleavings likely, and every check holds without them.
// Catch2 is not thread-safe, so worker threads record and the main thread checks.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "oneshader/cache.hpp"
#include "oneshader/oneshader.hpp"

using namespace oneshader;
using namespace std::chrono_literals;

namespace {

std::string variant(int n) {
    return "cbuffer Frame : register(b0) { float4 Tint; };\n"
           "[shader(\"pixel\")] float4 PSMain() : SV_Target { return Tint * " +
           std::to_string(n) + "; }\n";
}

// The library's function-local statics (its keyword and intrinsic tables) are initialized
// thread-safely by C++, but the ThreadSanitizer build does not instrument the library, so the
// sanitizer cannot see that synchronization and would report the tables' first use from two
// threads. One compile of the same kind on the test's thread, before it starts others, builds them.
void build_library_tables(const std::string& source, const CompileOptions& options = {}) {
    (void)compile(source, "tables.hlsl", options);
}

// A gate the test opens; waiting on it gives up after a long while, so a broken cache fails a
// check instead of hanging the suite.
class Gate {
public:
    void open() {
        {
            std::lock_guard g(m_);
            open_ = true;
        }
        cv_.notify_all();
    }
    bool wait() {
        std::unique_lock l(m_);
        return cv_.wait_for(l, 30s, [&] { return open_; });
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    bool open_ = false;
};

// Counts compiles per source text around the library's own compile.
struct CountingCompile {
    std::mutex m;
    std::map<std::string, int> per_source;
    std::function<void(const ShaderCompileCache::Request&)> before;
    ShaderCompileCache::CompileFunction function() {
        return [this](const ShaderCompileCache::Request& r) {
            {
                std::lock_guard g(m);
                ++per_source[std::string(r.source)];
            }
            if (before) before(r);
            return ShaderCompileCache::library_compile(r);
        };
    }
};

}  // namespace

TEST_CASE("cache threads: 8 threads hammering overlapping keys compile each key once", "[cache][threads]") {
    build_library_tables(variant(0));
    constexpr int threads = 8, calls_per_thread = 40, keys = 5;
    CountingCompile counting;
    ShaderCompileCache cache(64, counting.function());
    std::atomic<int> arrived{0};
    // The first compile of each key waits until every thread has started, so the others ask for
    // keys that are being compiled.
    counting.before = [&](const ShaderCompileCache::Request&) {
        for (int i = 0; i < 1000 && arrived.load() < threads; ++i) std::this_thread::sleep_for(1ms);
        std::this_thread::sleep_for(5ms);
    };
    std::vector<std::vector<std::shared_ptr<const CompileResult>>> seen(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            arrived.fetch_add(1);
            for (int i = 0; i < calls_per_thread; ++i) {
                int key = (t + i * 3) % keys;
                seen[t].push_back(cache.compile(variant(key), "v.hlsl"));
            }
        });
    for (std::thread& th : pool) th.join();

    CHECK(cache.misses() == keys);
    CHECK(cache.hits() == threads * calls_per_thread - keys);
    CHECK(cache.size() == keys);
    CHECK(counting.per_source.size() == std::size_t(keys));
    for (auto& [source, n] : counting.per_source) CHECK(n == 1);
    // Every caller of one key got the one shared result, and it is what a direct compile gives.
    std::map<std::string, std::set<const CompileResult*>> by_key;
    for (int t = 0; t < threads; ++t)
        for (int i = 0; i < calls_per_thread; ++i) {
            REQUIRE(seen[t][i]);
            by_key[variant((t + i * 3) % keys)].insert(seen[t][i].get());
        }
    for (auto& [source, results] : by_key) {
        CHECK(results.size() == 1);
        CompileResult direct = compile(source, "v.hlsl");
        const CompileResult& cached = **results.begin();
        REQUIRE(cached.blobs.size() == direct.blobs.size());
        CHECK(cached.blobs[0].data == direct.blobs[0].data);
    }
}

TEST_CASE("cache threads: callers of one key wait for the compile in flight", "[cache][threads]") {
    build_library_tables(variant(0));
    constexpr int threads = 8;
    CountingCompile counting;
    Gate release;
    std::atomic<bool> gate_ok{true};
    counting.before = [&](const ShaderCompileCache::Request&) {
        if (!release.wait()) gate_ok = false;
    };
    ShaderCompileCache cache(8, counting.function());
    std::vector<std::shared_ptr<const CompileResult>> got(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back([&, t] { got[t] = cache.compile(variant(1), "v.hlsl"); });
    // The compile cannot finish before the gate opens; give the others time to queue behind it.
    std::this_thread::sleep_for(50ms);
    release.open();
    for (std::thread& th : pool) th.join();
    CHECK(gate_ok);
    CHECK(counting.per_source[variant(1)] == 1);
    CHECK(cache.misses() == 1);
    CHECK(cache.hits() == threads - 1);
    for (int t = 1; t < threads; ++t) CHECK(got[t] == got[0]);
}

TEST_CASE("cache threads: different keys compile in parallel", "[cache][threads]") {
    build_library_tables(variant(0));
    // Each compile waits until the other has started: a cache that compiled one key at a time
    // would never let the second start, and the waits would give up.
    std::mutex m;
    std::condition_variable cv;
    std::set<std::string> started;
    std::atomic<int> saw_other{0};
    ShaderCompileCache cache(8, [&](const ShaderCompileCache::Request& r) {
        std::unique_lock l(m);
        started.insert(std::string(r.source));
        cv.notify_all();
        if (cv.wait_for(l, 30s, [&] { return started.size() == 2; })) saw_other.fetch_add(1);
        l.unlock();
        return ShaderCompileCache::library_compile(r);
    });
    std::thread a([&] { cache.compile(variant(1), "v.hlsl"); });
    std::thread b([&] { cache.compile(variant(2), "v.hlsl"); });
    a.join();
    b.join();
    CHECK(saw_other == 2);
    CHECK(cache.misses() == 2);
    CHECK(cache.size() == 2);
}

TEST_CASE("cache threads: a waiter that is cancelled stops waiting, and the compile goes on", "[cache][threads]") {
    build_library_tables(variant(0));
    Gate release, entered;
    std::atomic<bool> gate_ok{true};
    ShaderCompileCache cache(8, [&](const ShaderCompileCache::Request& r) {
        entered.open();
        if (!release.wait()) gate_ok = false;
        return ShaderCompileCache::library_compile(r);
    });
    std::shared_ptr<const CompileResult> leader_result;
    std::thread leader([&] { leader_result = cache.compile(variant(1), "v.hlsl"); });
    REQUIRE(entered.wait());
    std::stop_source stop;
    std::shared_ptr<const CompileResult> waiter_result = std::make_shared<const CompileResult>();
    std::thread waiter([&] { waiter_result = cache.compile(variant(1), "v.hlsl", {}, stop.get_token()); });
    std::this_thread::sleep_for(20ms);  // let it start waiting (the check holds either way)
    stop.request_stop();
    waiter.join();  // returns while the compile is still held at the gate
    CHECK(waiter_result == nullptr);
    release.open();
    leader.join();
    CHECK(gate_ok);
    REQUIRE(leader_result);
    CHECK(leader_result->ok());
    CHECK(cache.size() == 1);
    CHECK(cache.misses() == 1);
    CHECK(cache.hits() == 0);
}

TEST_CASE("cache threads: when the compiling caller is cancelled, a waiter compiles instead", "[cache][threads]") {
    build_library_tables(variant(0));
    std::stop_source leader_stop;
    Gate entered, leader_may_finish;
    std::atomic<int> compiles{0};
    std::atomic<bool> gate_ok{true};
    ShaderCompileCache cache(8, [&](const ShaderCompileCache::Request& r) {
        if (compiles.fetch_add(1) == 0) {
            entered.open();
            if (!leader_may_finish.wait()) gate_ok = false;
        }
        return ShaderCompileCache::library_compile(r);
    });
    std::shared_ptr<const CompileResult> leader_result = std::make_shared<const CompileResult>(), waiter_result;
    std::thread leader([&] { leader_result = cache.compile(variant(3), "v.hlsl", {}, leader_stop.get_token()); });
    REQUIRE(entered.wait());
    std::thread waiter([&] { waiter_result = cache.compile(variant(3), "v.hlsl"); });
    std::this_thread::sleep_for(20ms);
    leader_stop.request_stop();
    leader_may_finish.open();
    leader.join();
    waiter.join();
    CHECK(gate_ok);
    CHECK(leader_result == nullptr);  // cancelled: its compile was not cached
    REQUIRE(waiter_result);
    CHECK(waiter_result->ok());
    CHECK(compiles == 2);
    CHECK(cache.misses() == 2);
    CHECK(cache.size() == 1);
}

TEST_CASE("cache threads: clear, eviction and include checks racing with compiles", "[cache][threads]") {
    // No expectations on counts beyond their sum: the interleaving decides. What matters is that
    // nothing races (ThreadSanitizer) and every call gets a correct result.
    std::string common = "float Scale() { return 2.0; }\n";
    std::mutex common_mutex;
    CompileOptions o;
    o.include_resolver = [&](std::string_view requested, std::string_view, bool) -> std::optional<ResolvedInclude> {
        std::lock_guard g(common_mutex);
        if (requested != "common.hlsli") return std::nullopt;
        return ResolvedInclude{"common.hlsli", common};
    };
    auto src = [](int n) {
        return "#include \"common.hlsli\"\n[shader(\"pixel\")] float4 PSMain() : SV_Target { return Scale() * " +
               std::to_string(n) + "; }\n";
    };
    build_library_tables(src(0), o);
    ShaderCompileCache cache(3);
    std::atomic<int> bad{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < 8; ++t)
        pool.emplace_back([&, t] {
            for (int i = 0; i < 30; ++i) {
                if (t == 0 && i % 10 == 5) cache.clear();
                if (t == 1 && i % 10 == 7) {
                    std::lock_guard g(common_mutex);
                    common = "float Scale() { return " + std::to_string(i) + ".0; }\n";
                }
                std::shared_ptr<const CompileResult> r = cache.compile(src((t + i) % 6), "m.hlsl", o);
                if (!r || !r->ok() || r->blobs.size() != 1) bad.fetch_add(1);
            }
        });
    for (std::thread& th : pool) th.join();
    CHECK(bad == 0);
    CHECK(cache.hits() + cache.misses() == 8 * 30);
    CHECK(cache.size() <= 3);
}

TEST_CASE("cache threads: the spec's material variants, three frames from four threads", "[cache][threads]") {
    // The cookbook page "Cache shader compiles at run time", on a temporary copy of its files.
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / ("oneshader_cache_material_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "Shaders/Common");
    const fs::path corpus = fs::path(ONESHADER_SOURCE_DIR) / "corpus/spec";
    fs::copy_file(corpus / "MaterialCached.hlsl", dir / "Shaders/Material.hlsl");
    fs::copy_file(corpus / "Common/Lighting.hlsli", dir / "Shaders/Common/Lighting.hlsli");
    const std::string material = (dir / "Shaders/Material.hlsl").generic_string();

    auto options = [&](const std::string& light, bool alpha_test) {
        CompileOptions o;
        o.defines.push_back({"LIGHTING_" + light, "1"});
        if (alpha_test) o.defines.push_back({"ALPHA_TEST", std::nullopt});
        o.include_directories = {(dir / "Shaders/Common").generic_string()};
        return o;
    };
    for (const char* light : {"NONE", "LAMBERT", "PBR"}) (void)compile_file(material, options(light, true));  // the tables
    ShaderCompileCache cache(64);
    auto get = [&](const std::string& light, bool alpha_test) { return cache.compile_file(material, options(light, alpha_test)); };
    const std::vector<std::pair<std::string, bool>> variants = {{"NONE", false},    {"NONE", true}, {"LAMBERT", false},
                                                                {"LAMBERT", true}, {"PBR", false}, {"PBR", true}};
    std::vector<std::string> lines;
    std::atomic<int> failed{0};
    for (int frame = 0; frame < 3; ++frame) {
        std::atomic<std::size_t> next{0};
        std::vector<std::thread> pool;
        for (int t = 0; t < 4; ++t)
            pool.emplace_back([&] {
                for (std::size_t i; (i = next.fetch_add(1)) < variants.size();) {
                    std::shared_ptr<const CompileResult> r = get(variants[i].first, variants[i].second);
                    if (!r || !r->ok()) failed.fetch_add(1);
                }
            });
        for (std::thread& th : pool) th.join();
        lines.push_back("frame " + std::to_string(frame) + ": " + std::to_string(cache.misses()) + " compiles, " +
                        std::to_string(cache.hits()) + " hits, " + std::to_string(cache.size()) + " cached");
    }
    CHECK(failed == 0);
    std::shared_ptr<const CompileResult> cached = get("PBR", true);
    CompileResult direct = compile_file(material, options("PBR", true));
    REQUIRE(cached->find("PSMain", Target::SpirV));
    REQUIRE(direct.find("PSMain", Target::SpirV));
    lines.push_back(std::string("same bytes as a direct compile: ") +
                    (cached->find("PSMain", Target::SpirV)->data == direct.find("PSMain", Target::SpirV)->data ? "True"
                                                                                                             : "False"));
    {
        std::ofstream(dir / "Shaders/Common/Lighting.hlsli", std::ios::app) << "// edited\n";
    }
    get("PBR", true);
    lines.push_back("after editing Lighting.hlsli: " + std::to_string(cache.misses()) + " compiles, " +
                    std::to_string(cache.hits()) + " hits");
    cache.clear();
    lines.push_back("after Clear(): " + std::to_string(cache.size()) + " cached");
    CHECK(lines == std::vector<std::string>{
                       "frame 0: 6 compiles, 0 hits, 6 cached",
                       "frame 1: 6 compiles, 6 hits, 6 cached",
                       "frame 2: 6 compiles, 12 hits, 6 cached",
                       "same bytes as a direct compile: True",
                       "after editing Lighting.hlsli: 7 compiles, 13 hits",
                       "after Clear(): 0 cached",
                   });
    std::error_code ec;
    fs::remove_all(dir, ec);
}
