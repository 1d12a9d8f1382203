// Runs an MSL compute kernel, compiled as C++ against metal_stdlib, on the CPU: threadgroups one after another,
// the threads of a group as concurrent std::threads with real barriers, SIMD-groups of up to kSimdWidth lanes.
// The test support generates the call of the kernel from its parameter attributes (tests/msl/msl_source.cpp) and
// a main() that reads the bindings from a text file and writes them back after the run:
//   grid X Y Z | group X Y Z | buffer N float|int|uint v... | texture N W H float|int|uint v... (4 words a texel)
#pragma once
#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace metal_exec {
using worker = std::thread; // `thread` is an address-space macro once metal_stdlib is included
constexpr unsigned kSimdWidth = 32;
}

#define ONESHADER_METAL_EXECUTE 1
#include "metal_stdlib"

namespace metal_exec {
class barrier {
public:
  explicit barrier(unsigned count) : count_(count) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    unsigned generation = generation_;
    if (++arrived_ == count_) {
      arrived_ = 0;
      ++generation_;
      cv_.notify_all();
      return;
    }
    cv_.wait(lock, [&] { return generation != generation_; });
  }

private:
  std::mutex mutex_;
  std::condition_variable cv_;
  unsigned count_, arrived_ = 0, generation_ = 0;
};

struct simd_group {
  explicit simd_group(unsigned lanes) : lanes(lanes), sync(lanes), slots(lanes * 64) {}
  unsigned lanes;
  barrier sync;
  std::vector<unsigned char> slots;
};

struct invocation {
  metal::uint3 thread_position_in_grid, thread_position_in_threadgroup, threadgroup_position_in_grid,
      threads_per_threadgroup, threadgroups_per_grid, threads_per_grid;
  metal::uint3 dispatch_threads_per_threadgroup;
  metal::uint thread_index_in_threadgroup, thread_index_in_simdgroup, threads_per_simdgroup,
      simdgroup_index_in_threadgroup, simdgroups_per_threadgroup, thread_index_in_quadgroup,
      quadgroup_index_in_threadgroup;
  barrier* group;
  simd_group* simd;
};
inline invocation*& current() {
  static thread_local invocation* inv = nullptr;
  return inv;
}

// Runs fn for every thread of the grid.
inline void run(metal::uint3 groups, metal::uint3 size, const std::function<void(const invocation&)>& fn) {
  unsigned count = size.x * size.y * size.z;
  for (unsigned gz = 0; gz < groups.z; ++gz)
    for (unsigned gy = 0; gy < groups.y; ++gy)
      for (unsigned gx = 0; gx < groups.x; ++gx) {
        barrier group(count);
        std::vector<std::unique_ptr<simd_group>> simds;
        for (unsigned first = 0; first < count; first += kSimdWidth)
          simds.push_back(std::make_unique<simd_group>(std::min(kSimdWidth, count - first)));
        std::vector<worker> workers;
        for (unsigned i = 0; i < count; ++i) {
          invocation inv{};
          inv.thread_position_in_threadgroup = metal::uint3{i % size.x, (i / size.x) % size.y, i / (size.x * size.y)};
          inv.threadgroup_position_in_grid = metal::uint3{gx, gy, gz};
          inv.threads_per_threadgroup = size;
          inv.dispatch_threads_per_threadgroup = size;
          inv.simdgroups_per_threadgroup = metal::uint(simds.size());
          inv.thread_index_in_quadgroup = i % 4;
          inv.quadgroup_index_in_threadgroup = i / 4;
          inv.threadgroups_per_grid = groups;
          inv.threads_per_grid = groups * size;
          inv.thread_position_in_grid = inv.threadgroup_position_in_grid * size + inv.thread_position_in_threadgroup;
          inv.thread_index_in_threadgroup = i;
          inv.thread_index_in_simdgroup = i % kSimdWidth;
          inv.simdgroup_index_in_threadgroup = i / kSimdWidth;
          inv.simd = simds[i / kSimdWidth].get();
          inv.threads_per_simdgroup = inv.simd->lanes;
          inv.group = &group;
          workers.emplace_back([inv, &fn]() mutable {
            current() = &inv;
            fn(inv);
          });
        }
        for (auto& w : workers)
          w.join();
      }
}

// Bindings read from and written back to the case's text file.
struct buffer_binding {
  std::string type;
  std::vector<metal::uint> words;
};
struct texture_binding {
  std::string type;
  metal::detail::texture_storage storage;
  std::vector<metal::uint> words;
};
struct bindings {
  metal::uint3 groups{1, 1, 1}, size{1, 1, 1};
  std::map<int, buffer_binding> buffers;
  std::map<int, texture_binding> textures;
};
inline bindings& bound() {
  static bindings b;
  return b;
}

inline metal::uint parse_word(const std::string& type, const std::string& text) {
  if (type == "float") {
    float f = std::stof(text);
    metal::uint w;
    std::memcpy(&w, &f, 4);
    return w;
  }
  if (type == "int")
    return metal::uint(std::stoi(text));
  return metal::uint(std::stoul(text));
}
inline std::string format_word(const std::string& type, metal::uint w) {
  char out[64];
  if (type == "float") {
    float f;
    std::memcpy(&f, &w, 4);
    std::snprintf(out, sizeof out, "%g", f);
  } else if (type == "int") {
    std::snprintf(out, sizeof out, "%d", int(w));
  } else {
    std::snprintf(out, sizeof out, "%u", w);
  }
  return out;
}

// Lines a draw adds to the format (run_draw.hpp reads them): true when the reader took the line.
using binding_line_reader = bool (*)(const std::string& what, std::istringstream& rest);
inline binding_line_reader& extra_binding_lines() {
  static binding_line_reader reader = nullptr;
  return reader;
}

inline bool read_bindings(const char* path) {
  std::ifstream in(path);
  if (!in)
    return false;
  std::string line;
  bindings& b = bound();
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string what;
    if (!(s >> what) || what[0] == '#')
      continue;
    if (what == "grid" || what == "group") {
      metal::uint x = 1, y = 1, z = 1;
      s >> x >> y >> z;
      (what == "grid" ? b.groups : b.size) = metal::uint3{x, y, z};
    } else if (what == "buffer") {
      int index;
      buffer_binding buf;
      s >> index >> buf.type;
      for (std::string word; s >> word;)
        buf.words.push_back(parse_word(buf.type, word));
      b.buffers[index] = buf;
    } else if (what == "texture") {
      int index;
      texture_binding tex;
      s >> index >> tex.storage.width >> tex.storage.height >> tex.type;
      for (std::string word; s >> word;)
        tex.words.push_back(parse_word(tex.type, word));
      tex.words.resize(4 * tex.storage.width * tex.storage.height);
      b.textures[index] = tex;
    } else if (!extra_binding_lines() || !extra_binding_lines()(what, s)) {
      std::fprintf(stderr, "unknown binding line: %s\n", line.c_str());
      return false;
    }
  }
  for (auto& [index, tex] : b.textures)
    tex.storage.texels = tex.words.data();
  return true;
}
inline void write_bindings(std::FILE* out) {
  for (auto& [index, buf] : bound().buffers) {
    std::fprintf(out, "buffer %d %s", index, buf.type.c_str());
    for (metal::uint w : buf.words)
      std::fprintf(out, " %s", format_word(buf.type, w).c_str());
    std::fprintf(out, "\n");
  }
  for (auto& [index, tex] : bound().textures) {
    std::fprintf(out, "texture %d %u %u %s", index, tex.storage.width, tex.storage.height, tex.type.c_str());
    for (metal::uint w : tex.words)
      std::fprintf(out, " %s", format_word(tex.type, w).c_str());
    std::fprintf(out, "\n");
  }
}

// Kernel arguments, by the parameter's attribute. P is the parameter type as the kernel spells it.
template <class P> P buffer_arg(int index) {
  auto found = bound().buffers.find(index);
  if (found == bound().buffers.end()) {
    std::fprintf(stderr, "kernel reads buffer %d, which the case does not bind\n", index);
    std::exit(3);
  }
  void* data = found->second.words.data();
  if constexpr (std::is_pointer<P>::value)
    return static_cast<P>(data);
  else
    return *static_cast<std::remove_reference_t<P>*>(data);
}
template <class P> P texture_arg(int index) {
  auto found = bound().textures.find(index);
  if (found == bound().textures.end()) {
    std::fprintf(stderr, "kernel reads texture %d, which the case does not bind\n", index);
    std::exit(3);
  }
  P t;
  t.storage_ = &found->second.storage;
  return t;
}
// Threadgroup memory the host sizes with setThreadgroupMemoryLength: the case format has no size for it yet.
template <class P> struct no_threadgroup_arguments { static constexpr bool value = false; };
template <class P> P threadgroup_arg(int) {
  static_assert(no_threadgroup_arguments<P>::value, "run_kernel: [[threadgroup(n)]] kernel arguments are not supported");
  return P();
}
// A builtin declared as uint, uint2, uint3 (or ushort*) takes the leading lanes of the invocation's value.
template <class P> P builtin_arg(metal::uint3 v) {
  if constexpr (metal::detail::lanes_v<P> == 0)
    return P(v.x);
  else if constexpr (metal::detail::lanes_v<P> == 2)
    return P{metal::detail::elem_t<P>(v.x), metal::detail::elem_t<P>(v.y)};
  else
    return P{metal::detail::elem_t<P>(v.x), metal::detail::elem_t<P>(v.y), metal::detail::elem_t<P>(v.z)};
}
template <class P> P builtin_arg(metal::uint v) { return P(v); }

inline int main(int argc, char** argv, const std::function<void(const invocation&)>& call) {
  if (argc != 3 || !read_bindings(argv[1])) {
    std::fprintf(stderr, "usage: kernel <bindings in> <bindings out>\n");
    return 2;
  }
  run(bound().groups, bound().size, call);
  std::FILE* out = std::fopen(argv[2], "w");
  if (!out)
    return 2;
  write_bindings(out);
  std::fclose(out);
  return 0;
}
} // namespace metal_exec

namespace metal::detail {
void group_barrier() { metal_exec::current()->group->arrive_and_wait(); }
void simd_barrier() { metal_exec::current()->simd->sync.arrive_and_wait(); }
uint simd_lane_index() { return metal_exec::current() ? metal_exec::current()->thread_index_in_simdgroup : 0; }
uint simd_exchange(const void* mine, void* all, size_t size) {
  if (!metal_exec::current()) {  // a fragment function's lane (run_draw.hpp) has no SIMD-group
    std::fprintf(stderr, "run_draw: simd and quad functions are not executed in fragment functions\n");
    std::exit(3);
  }
  metal_exec::simd_group* simd = metal_exec::current()->simd;
  std::memcpy(simd->slots.data() + 64 * simd_lane_index(), mine, size);
  simd->sync.arrive_and_wait();
  for (unsigned i = 0; i < simd->lanes; ++i)
    std::memcpy(static_cast<unsigned char*>(all) + i * size, simd->slots.data() + 64 * i, size);
  simd->sync.arrive_and_wait();
  return simd->lanes;
}
} // namespace metal::detail
