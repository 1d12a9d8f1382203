// ShaderCompileCache: a map from key (driver/cache_key.hpp) to entry under one mutex, a
// least-recently-used list of the finished entries, and a condition variable for callers that
// wait on another caller's compile. No compile and no include check runs under the mutex, so
// different keys compile in parallel and a hit waits only for the map lookup.
#include "oneshader/cache.hpp"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <unordered_map>

#include "driver/cache_includes.hpp"
#include "driver/cache_key.hpp"
#include "driver/compile_logged.hpp"
#include "support/diagnostics.hpp"
#include "support/read_file.hpp"

namespace oneshader {

namespace {

using driver::CacheMode;

// The map's key: the bytes with their hash, so the hash is computed once, outside the mutex.
struct Key {
    std::string bytes;
    std::uint64_t hash = 0;
};
struct KeyView {
    std::string_view bytes;
    std::uint64_t hash = 0;
};
struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(const Key& k) const { return static_cast<std::size_t>(k.hash); }
    std::size_t operator()(const KeyView& k) const { return static_cast<std::size_t>(k.hash); }
};
struct KeyEqual {
    using is_transparent = void;
    static KeyView view(const Key& k) { return {k.bytes, k.hash}; }
    static KeyView view(const KeyView& k) { return k; }
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
        return view(a).hash == view(b).hash && view(a).bytes == view(b).bytes;
    }
};

enum class EntryState : std::uint8_t { Compiling, Ready, Abandoned };

struct Entry {
    EntryState state = EntryState::Compiling;
    // Set once, before the state becomes Ready; read without the mutex after that.
    std::shared_ptr<const CompileResult> result;
    std::vector<IncludeLookup> includes;
    // Under the mutex: whether the map still holds this entry, and its place in the LRU list.
    bool in_map = true;
    bool in_lru = false;
    Entry* newer = nullptr;  // LRU neighbours
    Entry* older = nullptr;
    const Key* key = nullptr;  // the map node's key (nodes do not move)
};
using EntryPtr = std::shared_ptr<Entry>;

std::shared_ptr<const CompileResult> internal_error(std::string_view path, std::string_view what) {
    CompileResult r;
    Diagnostic d;
    d.code = support::format_code(support::DiagCode::internal_error);
    d.severity = Severity::Error;
    d.position.file = std::string(path);
    d.end = d.position;
    d.message = "internal compiler error (" + std::string(what) + " in the compile cache). Please report it with the "
                "shader that caused it";
    r.diagnostics.push_back(std::move(d));
    r.files.emplace_back(path);
    return std::make_shared<const CompileResult>(std::move(r));
}

}  // namespace

struct ShaderCompileCache::State {
    State(std::size_t max, CompileFunction fn) : max_entries(max), compile(std::move(fn)) {}

    const std::size_t max_entries;
    const CompileFunction compile;

    std::mutex mutex;
    std::condition_variable_any done;  // notified whenever an entry leaves Compiling
    std::unordered_map<Key, EntryPtr, KeyHash, KeyEqual> entries;
    // Ready entries in the map, most recently used first: an intrusive list, so every link the
    // cache changes is in this file (and seen by ThreadSanitizer, which does not see inside
    // libstdc++'s list code).
    Entry* newest = nullptr;
    Entry* oldest = nullptr;
    std::size_t lru_count = 0;
    std::atomic<std::uint64_t> hits{0};
    std::atomic<std::uint64_t> misses{0};

    // All with the mutex held.
    void unlink(Entry& e) {
        if (e.in_lru) detach(e);
        if (e.in_map) {
            e.in_map = false;
            // Last: the map may hold the only reference to `e`.
            entries.erase(entries.find(KeyView{e.key->bytes, e.key->hash}));
        }
    }
    void detach(Entry& e) {
        (e.newer ? e.newer->older : newest) = e.older;
        (e.older ? e.older->newer : oldest) = e.newer;
        e.newer = e.older = nullptr;
        e.in_lru = false;
        --lru_count;
    }
    void push_newest(Entry& e) {
        e.older = newest;
        e.newer = nullptr;
        (newest ? newest->newer : oldest) = &e;
        newest = &e;
        e.in_lru = true;
        ++lru_count;
    }
    void touch(Entry& e) {
        if (!e.in_lru || newest == &e) return;
        detach(e);
        push_newest(e);
    }
    void evict() {
        while (lru_count > max_entries) unlink(*oldest);
    }

    std::shared_ptr<const CompileResult> run(CacheMode mode, std::string_view source, std::string_view path,
                                             const CompileOptions& options, const std::stop_token& stop);
    std::shared_ptr<const CompileResult> lead(const EntryPtr& e, CacheMode mode, std::string_view source,
                                              std::string_view path, const CompileOptions& options,
                                              const std::stop_token& stop);
};

std::shared_ptr<const CompileResult> ShaderCompileCache::State::run(CacheMode mode, std::string_view source,
                                                                    std::string_view path,
                                                                    const CompileOptions& options,
                                                                    const std::stop_token& stop) {
    if (stop.stop_requested()) return nullptr;
    Key key;
    key.bytes = driver::make_cache_key(mode, source, path, options);
    key.hash = driver::hash_key(key.bytes);
    const KeyView view{key.bytes, key.hash};
    const bool from_disk = mode == CacheMode::File;

    std::unique_lock lock(mutex);
    for (;;) {
        auto it = entries.find(view);
        if (it == entries.end()) {
            auto [node, inserted] = entries.emplace(std::move(key), std::make_shared<Entry>());
            (void)inserted;
            EntryPtr e = node->second;
            e->key = &node->first;
            lock.unlock();
            return lead(e, mode, source, path, options, stop);
        }
        EntryPtr e = it->second;
        if (e->state == EntryState::Compiling) {
            // Single flight: wait for that compile rather than start another.
            if (!done.wait(lock, stop, [&] { return e->state != EntryState::Compiling; })) return nullptr;
            if (e->state == EntryState::Ready) {
                hits.fetch_add(1, std::memory_order_relaxed);
                return e->result;
            }
            continue;  // its caller was cancelled: look again, maybe compile here
        }
        touch(*e);
        lock.unlock();
        if (driver::includes_unchanged(e->includes, options, from_disk)) {
            hits.fetch_add(1, std::memory_order_relaxed);
            return e->result;
        }
        lock.lock();
        auto again = entries.find(view);
        if (again != entries.end() && again->second == e) {
            // An include changed: this caller compiles anew in place of the stale entry.
            unlink(*e);
            auto [node, inserted] = entries.emplace(std::move(key), std::make_shared<Entry>());
            (void)inserted;
            EntryPtr fresh = node->second;
            fresh->key = &node->first;
            lock.unlock();
            return lead(fresh, mode, source, path, options, stop);
        }
        // Another caller replaced it meanwhile: look again.
    }
}

std::shared_ptr<const CompileResult> ShaderCompileCache::State::lead(const EntryPtr& e, CacheMode mode,
                                                                     std::string_view source, std::string_view path,
                                                                     const CompileOptions& options,
                                                                     const std::stop_token& stop) {
    // Whatever happens, the entry leaves Compiling, or its waiters would wait forever.
    auto abandon = [&] {
        {
            std::lock_guard guard(mutex);
            e->state = EntryState::Abandoned;
            unlink(*e);
        }
        done.notify_all();
    };
    misses.fetch_add(1, std::memory_order_relaxed);
    std::shared_ptr<const CompileResult> shared;
    std::vector<IncludeLookup> lookups;
    try {
        Request request;
        request.source = source;
        request.path = path;
        request.includes_from_disk = mode == CacheMode::File;
        request.options = &options;
        request.include_lookups = &lookups;
        request.stop = stop;
        shared = std::make_shared<const CompileResult>(compile(request));
    } catch (const std::exception& ex) {
        abandon();
        return internal_error(path, ex.what());
    } catch (...) {
        abandon();
        return internal_error(path, "unknown failure");
    }
    if (stop.stop_requested()) {
        abandon();  // a cancelled call caches nothing, and its waiters compile for themselves
        return nullptr;
    }
    {
        std::lock_guard guard(mutex);
        e->result = shared;
        e->includes = std::move(lookups);
        e->state = EntryState::Ready;
        if (e->in_map) {
            push_newest(*e);
            evict();
        }
    }
    done.notify_all();
    return shared;
}

CompileResult ShaderCompileCache::library_compile(const Request& r) {
    return driver::compile_logged(r.source, r.path, !r.includes_from_disk, *r.options, r.include_lookups, r.stop);
}

ShaderCompileCache::ShaderCompileCache(std::size_t max_entries) : ShaderCompileCache(max_entries, library_compile) {}

ShaderCompileCache::ShaderCompileCache(std::size_t max_entries, CompileFunction compile)
    : state_(std::make_unique<State>(max_entries, compile ? std::move(compile) : CompileFunction(library_compile))) {}

ShaderCompileCache::~ShaderCompileCache() = default;

std::shared_ptr<const CompileResult> ShaderCompileCache::compile(std::string_view source, std::string_view path,
                                                                 const CompileOptions& options,
                                                                 std::stop_token stop) {
    try {
        return state_->run(CacheMode::Text, source, path, options, stop);
    } catch (const std::exception& ex) {
        return internal_error(path, ex.what());
    }
}

std::shared_ptr<const CompileResult> ShaderCompileCache::compile_file(std::string_view path,
                                                                      const CompileOptions& options,
                                                                      std::stop_token stop) {
    try {
        std::string text;
        if (!support::read_file(path, text)) {
            // Read again every call anyway, so there is nothing to keep: compile_file's OSH0003.
            if (stop.stop_requested()) return nullptr;
            state_->misses.fetch_add(1, std::memory_order_relaxed);
            return std::make_shared<const CompileResult>(oneshader::compile_file(path, options));
        }
        return state_->run(CacheMode::File, text, path, options, stop);
    } catch (const std::exception& ex) {
        return internal_error(path, ex.what());
    }
}

std::uint64_t ShaderCompileCache::hits() const { return state_->hits.load(std::memory_order_relaxed); }
std::uint64_t ShaderCompileCache::misses() const { return state_->misses.load(std::memory_order_relaxed); }

std::size_t ShaderCompileCache::size() const {
    std::lock_guard guard(state_->mutex);
    return state_->lru_count;
}

std::size_t ShaderCompileCache::max_entries() const { return state_->max_entries; }

void ShaderCompileCache::clear() {
    std::lock_guard guard(state_->mutex);
    for (auto& [key, e] : state_->entries) {
        e->in_map = false;
        e->in_lru = false;
        e->newer = e->older = nullptr;
    }
    state_->entries.clear();
    state_->newest = state_->oldest = nullptr;
    state_->lru_count = 0;
}

}  // namespace oneshader
