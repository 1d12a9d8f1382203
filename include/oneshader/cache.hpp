#pragma once
// ShaderCompileCache: answers a compile from memory when the same inputs were compiled before
// (spec: "OneShader" package page, "Compile cache"; cookbook "Cache shader compiles at run time").
//
// A result is reused when the source text, the path, every CompileOptions field and the content of
// every #include the earlier compile read are unchanged. Includes are looked up again on each call
// (through the include resolver, or on disk as compile_file searches them), so an edited include,
// or a new file earlier on the search path, makes the next call compile.
//
// Thread-safe. Callers asking for one key at the same time share one compile; different keys
// compile in parallel; the least recently used results are dropped beyond max_entries. Results,
// errors included, are shared: one read-only CompileResult per entry, the one a direct compile
// gives.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "oneshader/oneshader.hpp"

namespace oneshader {

// One #include a compile resolved, as the cache replays it on the next call.
struct IncludeLookup {
    std::string requested;       // the name in the directive
    std::string including_file;  // the file the directive is in
    bool is_system = false;      // <...> rather than "..."
    std::optional<std::string> path;  // where it was found; none: not found
    // What was read there; none when it was not read: skipped by #pragma once or its include
    // guard (an earlier lookup of the same file read it), or unreadable.
    std::optional<std::string> text;
    bool unreadable = false;  // found on disk, but reading it failed
    friend bool operator==(const IncludeLookup&, const IncludeLookup&) = default;
};

class ShaderCompileCache {
public:
    // What a miss compiles. `source` is the text (compile_file: as read by this call);
    // `includes_from_disk` is compile_file's include search, otherwise compile()'s rules; the
    // function appends every #include it resolves to `include_lookups`. `stop` is the caller's.
    struct Request {
        std::string_view source;
        std::string_view path;
        bool includes_from_disk = false;
        const CompileOptions* options = nullptr;
        std::vector<IncludeLookup>* include_lookups = nullptr;
        std::stop_token stop;
    };
    using CompileFunction = std::function<CompileResult(const Request&)>;

    // The library's compile, recording includes: what a cache runs unless told otherwise. It
    // gives the result oneshader::compile (or compile_file) gives for the same inputs. When
    // `stop` is requested during the front end, code generation is skipped (the caller then
    // gets no result, see compile()).
    static CompileResult library_compile(const Request& request);

    explicit ShaderCompileCache(std::size_t max_entries = 256);
    // With the function a miss runs instead of library_compile: for tests and for hosts that
    // wrap the compile (logging, a worker pool). It must be callable from several threads.
    ShaderCompileCache(std::size_t max_entries, CompileFunction compile);
    ~ShaderCompileCache();
    ShaderCompileCache(const ShaderCompileCache&) = delete;
    ShaderCompileCache& operator=(const ShaderCompileCache&) = delete;

    // The result oneshader::compile(source, path, options) gives, from memory when the key is
    // cached. Never null, except when `stop` was requested: then the call returns null as soon
    // as it can (a caller waiting for another's compile stops waiting; a compile of its own ends
    // after its front end) and caches nothing.
    //
    // options.include_resolver takes part through what it returns: on a hit it is called again
    // for every #include the cached compile asked it for, and the path and text it gives must be
    // the same. Two resolvers that serve the same files therefore share entries.
    std::shared_ptr<const CompileResult> compile(std::string_view source, std::string_view path,
                                                 const CompileOptions& options = {}, std::stop_token stop = {});
    // compile_file: reads the file on every call, so an edit to it is noticed as well. A file
    // that cannot be read gives compile_file's OSH0003 result, not cached.
    std::shared_ptr<const CompileResult> compile_file(std::string_view path, const CompileOptions& options = {},
                                                      std::stop_token stop = {});

    std::uint64_t hits() const;    // calls answered by a cached result or by another caller's compile
    std::uint64_t misses() const;  // compiles run (a cancelled one included)
    std::size_t size() const;      // results cached now
    std::size_t max_entries() const;
    // Drops every cached result. Compiles in flight finish for the callers waiting on them and
    // are not cached.
    void clear();

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace oneshader
