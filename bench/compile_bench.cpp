// compile_bench: in-process compile time and heap use of oneshader::compile, one corpus file at a time.
//
// Reads a manifest (one file per line, tab-separated: path, entry points "Name:stage ...", defines
// "NAME=VALUE ...", include directories "dir ...", flags "16bit"), reads every source once into memory
// (includes are served from that cache by an include resolver), then for each file, target and
// optimizer setting compiles `--warmup` times untimed and `--iters` times timed (stopping early after
// `--max-ms` of measuring), and prints one CSV row: the median, minimum, 90th percentile and mean
// time in microseconds, plus the bytes and allocations one compile makes and the peak of live heap
// bytes during it, counted by the replaced global operator new/delete below (this program only; the
// library has no global state).
//
// The `preprocess` target row times oneshader::preprocess() on the same file, for reference.
// The `cache` row times a hit of oneshader::ShaderCompileCache::compile on the same inputs (the key
// and its hash, the map lookup, and one include-resolver call per #include to check it), and
// `cache-file` a hit of compile_file (the file read, and each #include searched and read on disk).
//
// Usage: oneshader_compile_bench --manifest FILE [--iters N] [--warmup N] [--max-ms MS]
//                                [--targets spirv,msl,wgsl,all,preprocess,cache,cache-file]
//                                [--optimize on|off|both] [--interleave]
// The `all` target row compiles SPIR-V, MSL and WGSL in one compile. `--interleave` times rounds over
// the files instead of one file at a time (see measure_interleaved); `--max-ms` then bounds the whole
// run at that many milliseconds per row.
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <oneshader/cache.hpp>
#include <oneshader/oneshader.hpp>

// ---------------------------------------------------------------------------------------------------
// Heap accounting. Counting is off except around the one compile that is measured for memory, so the
// timed compiles pay nothing but a flag test. The program is single-threaded.
namespace {

struct HeapCounters {
    bool on = false;
    std::uint64_t bytes = 0;   // bytes requested
    std::uint64_t count = 0;   // allocations
    std::int64_t live = 0;     // usable bytes live now, relative to when counting started
    std::int64_t peak = 0;     // the most `live` reached
};
HeapCounters g_heap;

void note_alloc(void* p, std::size_t n) {
    if (!g_heap.on || !p) return;
    g_heap.bytes += n;
    g_heap.count += 1;
    g_heap.live += static_cast<std::int64_t>(malloc_usable_size(p));
    g_heap.peak = std::max(g_heap.peak, g_heap.live);
}

void note_free(void* p) {
    if (!g_heap.on || !p) return;
    g_heap.live -= static_cast<std::int64_t>(malloc_usable_size(p));
}

// Kept out of line: inlined into operator delete, GCC 12 warns that free() meets operator new's pointer.
[[gnu::noinline]] void* plain_alloc(std::size_t n) noexcept {
    void* p = std::malloc(n ? n : 1);
    note_alloc(p, n);
    return p;
}

[[gnu::noinline]] void* aligned_alloc_counted(std::size_t n, std::align_val_t a) noexcept {
    std::size_t align = std::max(static_cast<std::size_t>(a), sizeof(void*));
    void* p = nullptr;
    if (posix_memalign(&p, align, n ? n : 1) != 0) return nullptr;
    note_alloc(p, n);
    return p;
}

[[gnu::noinline]] void release(void* p) noexcept {
    note_free(p);
    std::free(p);
}

}  // namespace

void* operator new(std::size_t n) {
    if (void* p = plain_alloc(n)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
    if (void* p = plain_alloc(n)) return p;
    throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return plain_alloc(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return plain_alloc(n); }
void* operator new(std::size_t n, std::align_val_t a) {
    if (void* p = aligned_alloc_counted(n, a)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) {
    if (void* p = aligned_alloc_counted(n, a)) return p;
    throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    return aligned_alloc_counted(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    return aligned_alloc_counted(n, a);
}
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }

// ---------------------------------------------------------------------------------------------------
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Settings {
    std::string manifest;
    int iters = 200;
    int warmup = 3;
    double max_ms = 3000.0;
    std::vector<std::string> targets{"spirv"};
    std::vector<bool> optimize{true, false};
    bool interleave = false;
};

struct Job {
    std::string path;
    std::vector<oneshader::EntryPointRequest> entries;
    std::vector<oneshader::Define> defines;
    std::vector<std::string> include_dirs;
    bool enable_16bit = false;
};

std::vector<std::string> split(std::string_view text, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(sep, start);
        if (end == std::string_view::npos) end = text.size();
        out.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    for (std::string& w : split(text, ' '))
        if (!w.empty()) out.push_back(std::move(w));
    return out;
}

std::optional<oneshader::Stage> parse_stage(std::string_view s) {
    if (s == "vertex") return oneshader::Stage::Vertex;
    if (s == "pixel") return oneshader::Stage::Pixel;
    if (s == "compute") return oneshader::Stage::Compute;
    return std::nullopt;
}

bool read_text(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

bool load_manifest(const std::string& path, std::vector<Job>& jobs) {
    std::string text;
    if (!read_text(path, text)) {
        std::fprintf(stderr, "compile_bench: cannot read manifest '%s'\n", path.c_str());
        return false;
    }
    for (const std::string& line : split(text, '\n')) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> cols = split(line, '\t');
        cols.resize(5);
        Job job;
        job.path = cols[0];
        for (const std::string& e : words(cols[1])) {
            std::size_t colon = e.find(':');
            std::optional<oneshader::Stage> stage =
                colon == std::string::npos ? std::nullopt : parse_stage(std::string_view(e).substr(colon + 1));
            if (!stage) {
                std::fprintf(stderr, "compile_bench: bad entry '%s' in the manifest\n", e.c_str());
                return false;
            }
            job.entries.push_back({e.substr(0, colon), *stage});
        }
        for (const std::string& d : words(cols[2])) {
            std::size_t eq = d.find('=');
            if (eq == std::string::npos) job.defines.push_back({d, std::nullopt});
            else job.defines.push_back({d.substr(0, eq), d.substr(eq + 1)});
        }
        job.include_dirs = words(cols[3]);
        for (const std::string& f : words(cols[4]))
            if (f == "16bit") job.enable_16bit = true;
        jobs.push_back(std::move(job));
    }
    return true;
}

// Every file the compiles read, loaded from disk the first time it is asked for.
class SourceCache {
public:
    const std::string* get(const std::string& path) {
        auto it = files_.find(path);
        if (it != files_.end()) return &it->second;
        std::string text;
        if (!fs::is_regular_file(path) || !read_text(path, text)) return nullptr;
        return &files_.emplace(path, std::move(text)).first->second;
    }

private:
    std::map<std::string, std::string> files_;
};

oneshader::IncludeResolver make_resolver(SourceCache& cache, const std::vector<std::string>& include_dirs) {
    return [&cache, &include_dirs](std::string_view requested, std::string_view including_file,
                                   bool is_system) -> std::optional<oneshader::ResolvedInclude> {
        std::vector<fs::path> candidates;
        if (!is_system) candidates.push_back(fs::path(including_file).parent_path() / requested);
        for (const std::string& dir : include_dirs) candidates.push_back(fs::path(dir) / requested);
        for (const fs::path& c : candidates) {
            std::string key = c.lexically_normal().generic_string();
            if (const std::string* text = cache.get(key)) return oneshader::ResolvedInclude{key, *text};
        }
        return std::nullopt;
    };
}

struct Row {
    std::string status;    // ok, front-end (stopped with OSH0005 after the front end), or the first error code
    std::size_t blob_bytes = 0;
    int iterations = 0;
    double median_us = 0, min_us = 0, p90_us = 0, mean_us = 0;
    HeapCounters heap;
};

template <typename Result>
std::string status_of(const Result& r, std::size_t blobs_expected, std::size_t blobs_made) {
    std::string first_error;
    bool only_not_implemented = true;
    for (const oneshader::Diagnostic& d : r.diagnostics) {
        if (d.severity != oneshader::Severity::Error) continue;
        if (first_error.empty()) first_error = d.code;
        if (d.code != "OSH0005") only_not_implemented = false;
    }
    if (first_error.empty()) return blobs_made >= blobs_expected ? "ok" : "no-output";
    return only_not_implemented ? "front-end" : first_error;
}

// Fills the time columns of `row` from the timed compiles in `us` (sorted here).
void summarize(std::vector<double>& us, Row& row) {
    std::sort(us.begin(), us.end());
    row.iterations = static_cast<int>(us.size());
    const std::size_t n = us.size();
    row.median_us = n % 2 ? us[n / 2] : (us[n / 2 - 1] + us[n / 2]) / 2;
    row.min_us = us.front();
    row.p90_us = us[std::min(n - 1, (n * 9) / 10)];
    double sum = 0;
    for (double v : us) sum += v;
    row.mean_us = sum / static_cast<double>(n);
}

// Runs `once` one more time with the heap counted.
template <typename Once>
void count_heap(Row& row, Once once) {
    g_heap = HeapCounters{};
    g_heap.on = true;
    once();
    g_heap.on = false;
    row.heap = g_heap;
}

// Runs `once` (which returns the output byte count) warm-up times, then timed, then once more with
// the heap counted.
template <typename Once>
Row measure(const Settings& s, Once once) {
    Row row;
    for (int i = 0; i < s.warmup; ++i) once();
    std::vector<double> us;
    us.reserve(static_cast<std::size_t>(s.iters));
    const auto start = Clock::now();
    for (int i = 0; i < s.iters; ++i) {
        const auto t0 = Clock::now();
        row.blob_bytes = once();
        const auto t1 = Clock::now();
        us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        if (i >= 4 && std::chrono::duration<double, std::milli>(t1 - start).count() > s.max_ms) break;
    }
    summarize(us, row);
    count_heap(row, once);
    return row;
}

// One row: a file compiled for one target set with one optimizer setting.
struct Case {
    const Job* job = nullptr;
    const std::string* source = nullptr;
    std::string target_name;
    bool pre = false;
    bool cached = false;
    bool optimize = true;
    std::vector<oneshader::Target> targets;
    oneshader::CompileOptions options;
    oneshader::ShaderCompileCache compile_cache{4};
    std::string status, first_error;
    Row row;
    std::vector<double> times;  // --interleave: this case's timed compiles, in microseconds

    std::shared_ptr<const oneshader::CompileResult> from_cache() {
        return target_name == "cache" ? compile_cache.compile(*source, job->path, options)
                                      : compile_cache.compile_file(job->path, options);
    }

    // One compile (or preprocess, or cache hit); returns the output byte count.
    std::size_t once() {
        std::size_t bytes = 0;
        if (cached) {
            std::shared_ptr<const oneshader::CompileResult> r = from_cache();
            for (const oneshader::ShaderBlob& b : r->blobs) bytes += b.data.size();
            if (status.empty())
                status = compile_cache.misses() == 1 ? status_of(*r, job->entries.size(), r->blobs.size())
                                                     : "not-a-hit";
        } else if (pre) {
            oneshader::PreprocessResult r = oneshader::preprocess(*source, job->path, options);
            bytes = r.text.size();
            if (status.empty()) status = status_of(r, 0, 0);
        } else {
            oneshader::CompileResult r = oneshader::compile(*source, job->path, options);
            for (const oneshader::ShaderBlob& b : r.blobs) bytes += b.data.size();
            if (status.empty()) {
                status = status_of(r, job->entries.size() * targets.size(), r.blobs.size());
                for (const oneshader::Diagnostic& d : r.diagnostics)
                    if (d.severity == oneshader::Severity::Error) {
                        first_error = d.to_string();
                        break;
                    }
            }
        }
        return bytes;
    }
};

// `--interleave`: rounds over the files, so that each timed compile follows another file's compile
// with the same targets and setting, as in a build, instead of the same file's again. A loop over one
// file keeps that file's code paths and data hot in the caches and branch predictors, which favours
// the smaller code path of one target over three. Within a round, every file is compiled for the first
// target set and setting, then every file for the next, and so on.
void measure_interleaved(const Settings& s, std::vector<std::unique_ptr<Case>>& cases) {
    std::vector<std::vector<Case*>> groups;
    for (const auto& c : cases) {
        auto same = [&](const std::vector<Case*>& g) {
            return g.front()->target_name == c->target_name && g.front()->optimize == c->optimize;
        };
        auto it = std::find_if(groups.begin(), groups.end(), same);
        if (it == groups.end()) groups.push_back({c.get()});
        else it->push_back(c.get());
    }
    for (int i = 0; i < s.warmup; ++i)
        for (const auto& g : groups)
            for (Case* c : g) c->once();
    const auto start = Clock::now();
    const double budget_ms = s.max_ms * static_cast<double>(cases.size());
    for (int i = 0; i < s.iters; ++i) {
        for (const auto& g : groups)
            for (Case* c : g) {
                const auto t0 = Clock::now();
                c->row.blob_bytes = c->once();
                const auto t1 = Clock::now();
                c->times.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
            }
        if (i >= 4 && std::chrono::duration<double, std::milli>(Clock::now() - start).count() > budget_ms) break;
    }
    for (const auto& c : cases) {
        summarize(c->times, c->row);
        count_heap(c->row, [&] { return c->once(); });
    }
}

void print_row(Case& c) {
    std::string& first_error = c.first_error;
    for (char& ch : first_error)
        if (ch == '"' || ch == '\n' || ch == '\r') ch = ch == '"' ? '\'' : ' ';
    if (first_error.size() > 200) first_error.resize(200);
    const Row& row = c.row;
    std::printf("%s,%s,%s,%s,%zu,%zu,%d,%.2f,%.2f,%.2f,%.2f,%llu,%llu,%lld,\"%s\"\n", c.job->path.c_str(),
                c.target_name.c_str(), c.pre || c.cached ? "-" : (c.optimize ? "on" : "off"), c.status.c_str(),
                c.job->entries.size(), row.blob_bytes, row.iterations, row.median_us, row.min_us, row.p90_us,
                row.mean_us, static_cast<unsigned long long>(row.heap.bytes),
                static_cast<unsigned long long>(row.heap.count), static_cast<long long>(row.heap.peak),
                first_error.c_str());
    std::fflush(stdout);
}

bool parse_args(int argc, char** argv, Settings& s) {
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
        const char* v = nullptr;
        if (a == "--manifest" && (v = value())) s.manifest = v;
        else if (a == "--iters" && (v = value())) s.iters = std::max(1, std::atoi(v));
        else if (a == "--warmup" && (v = value())) s.warmup = std::max(0, std::atoi(v));
        else if (a == "--max-ms" && (v = value())) s.max_ms = std::atof(v);
        else if (a == "--interleave") s.interleave = true;
        else if (a == "--targets" && (v = value())) s.targets = split(v, ',');
        else if (a == "--optimize" && (v = value())) {
            std::string_view o = v;
            if (o == "on") s.optimize = {true};
            else if (o == "off") s.optimize = {false};
            else if (o == "both") s.optimize = {true, false};
            else return false;
        } else {
            return false;
        }
    }
    return !s.manifest.empty();
}

}  // namespace

int main(int argc, char** argv) {
    Settings s;
    if (!parse_args(argc, argv, s)) {
        std::fprintf(stderr,
                     "usage: oneshader_compile_bench --manifest FILE [--iters N] [--warmup N] [--max-ms MS]\n"
                     "       [--targets spirv,msl,wgsl,all,preprocess] [--optimize on|off|both] [--interleave]\n");
        return 2;
    }
    std::vector<Job> jobs;
    if (!load_manifest(s.manifest, jobs)) return 2;

    SourceCache cache;
    // One case per file, target and optimizer setting, in the order the rows are printed.
    std::vector<std::unique_ptr<Case>> cases;
    for (const Job& job : jobs) {
        const std::string* source = cache.get(fs::path(job.path).lexically_normal().generic_string());
        if (!source) {
            std::fprintf(stderr, "compile_bench: cannot read '%s'\n", job.path.c_str());
            return 1;
        }
        for (const std::string& target_name : s.targets) {
            const bool pre = target_name == "preprocess";
            const bool cached = target_name == "cache" || target_name == "cache-file";
            // `all`: SPIR-V, MSL and WGSL from one compile (front end and optimizer once).
            std::vector<oneshader::Target> targets{oneshader::Target::SpirV};
            if (target_name == "msl") targets = {oneshader::Target::Msl};
            else if (target_name == "wgsl") targets = {oneshader::Target::Wgsl};
            else if (target_name == "all")
                targets = {oneshader::Target::SpirV, oneshader::Target::Msl, oneshader::Target::Wgsl};
            else if (target_name != "spirv" && !pre && !cached) {
                std::fprintf(stderr, "compile_bench: unknown target '%s'\n", target_name.c_str());
                return 2;
            }
            for (bool optimize : s.optimize) {
                if (pre && !optimize) continue;  // the optimizer has nothing to do with preprocessing
                if (cached && !optimize) continue;  // a hit does not depend on it
                auto c = std::make_unique<Case>();
                c->job = &job;
                c->source = source;
                c->target_name = target_name;
                c->pre = pre;
                c->cached = cached;
                c->optimize = optimize;
                c->targets = targets;
                c->options.targets = targets;
                c->options.defines = job.defines;
                c->options.include_directories = job.include_dirs;
                if (target_name != "cache-file") c->options.include_resolver = make_resolver(cache, job.include_dirs);
                c->options.entry_points = job.entries;
                c->options.enable_16bit_types = job.enable_16bit;
                c->options.optimize = optimize;
                // The cache rows measure hits: the one miss happens here, untimed.
                if (cached) c->from_cache();
                cases.push_back(std::move(c));
            }
        }
    }

    std::printf("file,target,optimize,status,entries,blob_bytes,iterations,median_us,min_us,p90_us,mean_us,"
                "alloc_bytes,alloc_count,peak_heap_bytes,first_error\n");
    if (s.interleave) {
        measure_interleaved(s, cases);
        for (const auto& c : cases) print_row(*c);
    } else {
        for (const auto& c : cases) {
            c->row = measure(s, [&] { return c->once(); });
            print_row(*c);
        }
    }
    return 0;
}
