// Runs an MSL draw, a vertex and a fragment function compiled as C++ against metal_stdlib, on the CPU: the vertex
// function once per vertex with its [[stage_in]] fetched through the case's vertex descriptor (MTLVertexFormat
// numbers), clip space to window coordinates as Metal does (y up in clip space, rows from the top), triangles
// rasterized at pixel centres with 8 bits of sub-pixel precision and the top-left rule, [[user(locnN)]] varyings
// interpolated as the fragment function declares them (perspective, no_perspective or flat from the first vertex),
// and the fragment function per 2x2 quad: the four lanes are four std::threads, helper lanes for the uncovered
// pixels of a partly covered quad, so that dfdx, dfdy and fwidth exchange values between them (fine derivatives,
// the lavapipe reference's). discard_fragment marks the lane discarded and the lane leaves the quad when it
// returns; the others go on. Covered, not discarded lanes blend their [[color(0)]] into the target.
// Bindings (run_kernel.hpp's format and these lines):
//   target W H unorm8|float32 r g b a | draw VERTICES INSTANCES STRIP BLEND | sampler N nearest|linear clamp|repeat|mirror
//   vertex-buffer N STRIDE 1|2 (MTLVertexStepFunction) | attribute LOCATION MTLVertexFormat OFFSET
//   texture-filter N unorm8 (after texture N: linear filtering in 8-bit fixed point, as for 8-bit unorm texels)
// and writes back `target W H float v...` (four floats a texel) with the buffers and textures.
#pragma once
#include "run_kernel.hpp"

#include <array>
#include <cmath>

namespace metal_exec {
constexpr int kMaxLocations = 32;

enum class varying_mode { perspective, no_perspective, flat };
struct varying_slot {
  int location;
  varying_mode mode;
};

struct vertex_result {
  float position[4] = {0, 0, 0, 1};
  metal::uint varyings[kMaxLocations][4] = {};
};
struct fragment_input {
  metal::float4 position;
  bool front_facing = true;
  metal::uint varyings[kMaxLocations][4] = {};
};

template <class T> void put_position(vertex_result& r, const T& v) {
  for (int i = 0; i < 4; ++i)
    r.position[i] = v[i];
}
template <class T> void put_varying(vertex_result& r, int location, const T& v) {
  static_assert(sizeof(T) <= 16, "run_draw: a varying is at most four 32-bit words");
  std::memcpy(r.varyings[location], &v, sizeof(T));
}
template <class T> T get_varying(const fragment_input& f, int location) {
  T v;
  std::memcpy(&v, f.varyings[location], sizeof(T));
  return v;
}

// The lanes of one 2x2 quad: a barrier over the lanes still running, and one slot per lane for the exchange.
class quad_group {
public:
  void arrive() {
    std::unique_lock<std::mutex> lock(mutex_);
    unsigned generation = generation_;
    if (++arrived_ >= live_) {
      release();
      return;
    }
    cv_.wait(lock, [&] { return generation != generation_; });
  }
  // A lane that returned from the fragment function: the others stop waiting for it.
  void leave() {
    std::unique_lock<std::mutex> lock(mutex_);
    --live_;
    if (arrived_ > 0 && arrived_ >= live_)
      release();
  }
  unsigned char slots[4][64] = {};

private:
  void release() {
    arrived_ = 0;
    ++generation_;
    cv_.notify_all();
  }
  std::mutex mutex_;
  std::condition_variable cv_;
  unsigned live_ = 4, arrived_ = 0, generation_ = 0;
};

struct lane_state {
  quad_group* quad = nullptr;
  unsigned lane = 0;  // 0 top left, 1 top right, 2 bottom left, 3 bottom right
  bool helper = false, discarded = false, wrote = false;
  float color[4] = {0, 0, 0, 0};
};
inline lane_state*& current_lane() {
  static thread_local lane_state* lane = nullptr;
  return lane;
}
// Every lane's value of `mine` into all[0..3]. A lane that left keeps the last value it gave.
inline void quad_exchange(const void* mine, void* all, size_t size) {
  lane_state* me = current_lane();
  std::memcpy(me->quad->slots[me->lane], mine, size);
  me->quad->arrive();
  for (int i = 0; i < 4; ++i)
    std::memcpy(static_cast<unsigned char*>(all) + i * size, me->quad->slots[i], size);
  me->quad->arrive();
}

template <class T> void color_out(int index, const T& v) {
  static_assert(metal::detail::lanes_v<T> == 4 && metal::detail::is_floating_v<T>,
                "run_draw: render targets take a float4 colour");
  if (index != 0) {
    std::fprintf(stderr, "run_draw: one render target only, not [[color(%d)]]\n", index);
    std::exit(3);
  }
  lane_state* me = current_lane();
  for (int i = 0; i < 4; ++i)
    me->color[i] = float(v[i]);
  me->wrote = true;
}

// One sample a pixel: an output mask without bit 0 discards the fragment.
inline void sample_mask_out(metal::uint mask) {
  if ((mask & 1u) == 0)
    current_lane()->discarded = true;
}

struct vertex_attribute {
  metal::uint format = 0, offset = 0;
};
struct draw_state {
  metal::uint vertices = 0, instances = 1;
  bool strip = false, blend = false;
  metal::uint width = 0, height = 0;
  std::string kind;
  std::vector<float> target;  // four floats a texel, already in the target's precision
  int vertex_buffer = -1;
  metal::uint stride = 0;
  bool per_instance = false;
  std::map<int, vertex_attribute> attributes;
  std::map<int, metal::sampler> samplers;
};
inline draw_state& drawn() {
  static draw_state d;
  return d;
}

inline bool read_draw_line(const std::string& what, std::istringstream& s) {
  draw_state& d = drawn();
  if (what == "target") {
    float clear[4] = {0, 0, 0, 0};
    s >> d.width >> d.height >> d.kind >> clear[0] >> clear[1] >> clear[2] >> clear[3];
    d.target.resize(4 * size_t(d.width) * d.height);
    for (size_t i = 0; i < d.target.size(); ++i)
      d.target[i] = clear[i % 4];
  } else if (what == "draw") {
    int strip = 0, blend = 0;
    s >> d.vertices >> d.instances >> strip >> blend;
    d.strip = strip != 0;
    d.blend = blend != 0;
  } else if (what == "sampler") {
    int index;
    std::string filter, address;
    s >> index >> filter >> address;
    metal::sampler smp;
    smp.mag = smp.min = filter == "linear" ? metal::filter::linear : metal::filter::nearest;
    metal::address a = address == "repeat"   ? metal::address::repeat
                       : address == "mirror" ? metal::address::mirrored_repeat
                                             : metal::address::clamp_to_edge;
    smp.s = smp.t = smp.r = a;
    d.samplers[index] = smp;
  } else if (what == "texture-filter") {
    int index;
    std::string precision;
    s >> index >> precision;
    auto found = bound().textures.find(index);
    if (found == bound().textures.end() || precision != "unorm8")
      return false;
    found->second.storage.unorm8_filter = true;
  } else if (what == "vertex-buffer") {
    int step = 1;
    s >> d.vertex_buffer >> d.stride >> step;
    d.per_instance = step == 2;
  } else if (what == "attribute") {
    int location;
    vertex_attribute a;
    s >> location >> a.format >> a.offset;
    d.attributes[location] = a;
  } else {
    return false;
  }
  return true;
}

template <class P> P sampler_arg(int index) {
  auto found = drawn().samplers.find(index);
  if (found == drawn().samplers.end()) {
    std::fprintf(stderr, "the draw reads sampler %d, which the case does not bind\n", index);
    std::exit(3);
  }
  return found->second;
}

inline float half_to_float(unsigned short h) {
  unsigned sign = (h >> 15) & 1, exponent = (h >> 10) & 31, mantissa = h & 1023;
  float v = exponent == 0    ? std::ldexp(float(mantissa), -24)
            : exponent == 31 ? (mantissa ? NAN : INFINITY)
                             : std::ldexp(float(mantissa | 1024), int(exponent) - 25);
  return sign ? -v : v;
}

// One attribute of one vertex, through its MTLVertexFormat, as the [[stage_in]] member type T: missing
// components are (0, 0, 0, 1) as Metal fills them.
template <class T> T fetch_attribute(int location, metal::uint vertex_id, metal::uint instance_id) {
  draw_state& d = drawn();
  auto attribute = d.attributes.find(location);
  auto buffer = bound().buffers.find(d.vertex_buffer);
  if (attribute == d.attributes.end() || buffer == bound().buffers.end()) {
    std::fprintf(stderr, "the vertex function reads attribute %d, which the vertex descriptor does not have\n",
                 location);
    std::exit(3);
  }
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(buffer->second.words.data());
  size_t at = size_t(d.per_instance ? instance_id : vertex_id) * d.stride + attribute->second.offset;
  float f[4] = {0, 0, 0, 1};
  metal::uint u[4] = {0, 0, 0, 1};
  auto word = [&](int i) {
    metal::uint w;
    std::memcpy(&w, bytes + at + 4 * i, 4);
    return w;
  };
  auto half = [&](int i) {
    unsigned short h;
    std::memcpy(&h, bytes + at + 2 * i, 2);
    return h;
  };
  metal::uint format = attribute->second.format;
  int n = 0;
  bool integer = false;
  switch (format) {
  case 7: case 9: n = format == 7 ? 2 : 4;  // UChar2Normalized, UChar4Normalized
    for (int i = 0; i < n; ++i) f[i] = float(bytes[at + i]) / 255.0f;
    break;
  case 10: case 12: n = format == 10 ? 2 : 4;  // Char2Normalized, Char4Normalized
    for (int i = 0; i < n; ++i) f[i] = std::fmax(float(static_cast<signed char>(bytes[at + i])) / 127.0f, -1.0f);
    break;
  case 25: case 27: n = format == 25 ? 2 : 4;  // Half2, Half4
    for (int i = 0; i < n; ++i) f[i] = half_to_float(half(i));
    break;
  case 28: case 29: case 30: case 31: n = int(format) - 27;  // Float .. Float4
    for (int i = 0; i < n; ++i) {
      metal::uint w = word(i);
      std::memcpy(&f[i], &w, 4);
    }
    break;
  case 32: case 33: case 34: case 35: case 36: case 37: case 38: case 39:  // Int .. Int4, UInt .. UInt4
    n = int(format - (format >= 36 ? 35 : 31));
    integer = true;
    for (int i = 0; i < n; ++i) u[i] = word(i);
    break;
  default:
    std::fprintf(stderr, "run_draw: MTLVertexFormat %u is not implemented\n", format);
    std::exit(3);
  }
  using E = metal::detail::elem_t<T>;
  constexpr bool floating = metal::detail::is_floating_v<T>;
  if (floating == integer) {
    std::fprintf(stderr, "attribute %d: MTLVertexFormat %u does not suit the member's type\n", location, format);
    std::exit(3);
  }
  auto lane = [&](int i) {
    if constexpr (floating)
      return E(f[i]);
    else
      return __builtin_bit_cast(E, u[i]);
  };
  T out{};
  if constexpr (metal::detail::lanes_v<T> == 0)
    out = lane(0);
  else
    for (int i = 0; i < metal::detail::lanes_v<T>; ++i)
      out[i] = lane(i);
  return out;
}

using vertex_function = vertex_result (*)(metal::uint vertex_id, metal::uint instance_id);
using fragment_function = void (*)(const fragment_input&);

struct window_vertex {
  double x, y, z, inverse_w;  // window coordinates, 1 / clip w
  long long fx, fy;           // x, y in 1/256 pixels
  const vertex_result* result;
};

inline float to_target(float v, const std::string& kind) {
  if (kind == "unorm8") {
    v = v < 0 ? 0 : (v > 1 ? 1 : v);
    return std::nearbyint(v * 255.0f) / 255.0f;
  }
  return v;
}

struct quad_job {
  int x, y;  // top-left pixel
  bool covered[4];
  fragment_input inputs[4];
  lane_state lanes[4];
  quad_group group;
};

inline void run_quads(std::vector<std::unique_ptr<quad_job>>& jobs, fragment_function fn) {
  std::vector<worker> workers;
  for (auto& job : jobs)
    for (unsigned l = 0; l < 4; ++l) {
      job->lanes[l].quad = &job->group;
      job->lanes[l].lane = l;
      job->lanes[l].helper = !job->covered[l];
      quad_job* j = job.get();
      workers.emplace_back([j, l, fn] {
        current_lane() = &j->lanes[l];
        fn(j->inputs[l]);
        j->group.leave();
      });
    }
  for (auto& w : workers)
    w.join();
  draw_state& d = drawn();
  for (auto& job : jobs)
    for (int l = 0; l < 4; ++l) {
      const lane_state& lane = job->lanes[l];
      if (!job->covered[l] || lane.discarded || !lane.wrote)
        continue;
      int x = job->x + (l & 1), y = job->y + (l >> 1);
      float* dst = &d.target[4 * (size_t(y) * d.width + x)];
      // A unorm target clamps the source to [0, 1] before blending.
      float src[4];
      for (int i = 0; i < 4; ++i)
        src[i] = d.kind == "unorm8" ? std::fmin(std::fmax(lane.color[i], 0.0f), 1.0f) : lane.color[i];
      float out[4];
      if (d.blend) {
        for (int i = 0; i < 3; ++i)
          out[i] = src[i] * src[3] + dst[i] * (1 - src[3]);
        out[3] = src[3] + dst[3] * (1 - src[3]);
      } else {
        std::memcpy(out, src, sizeof out);
      }
      for (int i = 0; i < 4; ++i)
        dst[i] = to_target(out[i], d.kind);
    }
  jobs.clear();
}

inline void draw_triangle(const window_vertex* v, const std::vector<varying_slot>& slots, fragment_function fn) {
  draw_state& d = drawn();
  // Edge functions in 1/256 pixels; the sign of the area is the winding (positive: clockwise on screen).
  long long area = (v[1].fx - v[0].fx) * (v[2].fy - v[0].fy) - (v[2].fx - v[0].fx) * (v[1].fy - v[0].fy);
  if (area == 0)
    return;
  int order[3] = {0, 1, 2};
  if (area < 0)
    std::swap(order[1], order[2]);
  struct edge {
    long long ax, ay, dx, dy;
    bool top_left;
  } edges[3];
  for (int e = 0; e < 3; ++e) {
    const window_vertex& a = v[order[e]];
    const window_vertex& b = v[order[(e + 1) % 3]];
    edges[e] = {a.fx, a.fy, b.fx - a.fx, b.fy - a.fy, false};
    // Clockwise on a y-down screen: an edge going up is a left edge, one going right and level a top edge.
    edges[e].top_left = edges[e].dy < 0 || (edges[e].dy == 0 && edges[e].dx > 0);
  }
  auto covered = [&](int x, int y) {
    if (x < 0 || y < 0 || x >= int(d.width) || y >= int(d.height))
      return false;
    long long px = 256LL * x + 128, py = 256LL * y + 128;
    for (const edge& e : edges) {
      long long value = e.dx * (py - e.ay) - e.dy * (px - e.ax);
      if (value < 0 || (value == 0 && !e.top_left))
        return false;
    }
    return true;
  };
  long long min_x = std::min({v[0].fx, v[1].fx, v[2].fx}), max_x = std::max({v[0].fx, v[1].fx, v[2].fx});
  long long min_y = std::min({v[0].fy, v[1].fy, v[2].fy}), max_y = std::max({v[0].fy, v[1].fy, v[2].fy});
  int x0 = int(std::max(0LL, min_x / 256 - 1)) & ~1, y0 = int(std::max(0LL, min_y / 256 - 1)) & ~1;
  int x1 = int(std::min<long long>(d.width - 1, max_x / 256 + 1)), y1 = int(std::min<long long>(d.height - 1, max_y / 256 + 1));
  // Screen-space barycentrics from the unsnapped window positions.
  double a2 = (v[1].x - v[0].x) * (v[2].y - v[0].y) - (v[2].x - v[0].x) * (v[1].y - v[0].y);
  auto fill = [&](fragment_input& in, int x, int y) {
    double px = x + 0.5, py = y + 0.5;
    double l[3];
    for (int i = 0; i < 3; ++i) {
      const window_vertex& b = v[(i + 1) % 3];
      const window_vertex& c = v[(i + 2) % 3];
      l[i] = ((c.x - b.x) * (py - b.y) - (c.y - b.y) * (px - b.x)) / a2;
    }
    double q[3], sum = 0, z = 0;
    for (int i = 0; i < 3; ++i) {
      q[i] = l[i] * v[i].inverse_w;
      sum += q[i];
      z += l[i] * v[i].z;
    }
    in.position = metal::float4{float(px), float(py), float(z), float(sum)};
    in.front_facing = area > 0;  // Metal's default front face is clockwise
    for (const varying_slot& s : slots) {
      if (s.mode == varying_mode::flat) {
        std::memcpy(in.varyings[s.location], v[0].result->varyings[s.location], 16);
        continue;
      }
      for (int c = 0; c < 4; ++c) {
        double value = 0;
        for (int i = 0; i < 3; ++i) {
          float f;
          std::memcpy(&f, &v[i].result->varyings[s.location][c], 4);
          value += (s.mode == varying_mode::perspective ? q[i] / sum : l[i]) * f;
        }
        float f = float(value);
        std::memcpy(&in.varyings[s.location][c], &f, 4);
      }
    }
  };
  std::vector<std::unique_ptr<quad_job>> jobs;
  for (int y = y0; y <= y1; y += 2)
    for (int x = x0; x <= x1; x += 2) {
      auto job = std::make_unique<quad_job>();
      job->x = x;
      job->y = y;
      bool any = false;
      for (int l = 0; l < 4; ++l) {
        job->covered[l] = covered(x + (l & 1), y + (l >> 1));
        any = any || job->covered[l];
      }
      if (!any)
        continue;
      for (int l = 0; l < 4; ++l)
        fill(job->inputs[l], x + (l & 1), y + (l >> 1));
      jobs.push_back(std::move(job));
      if (jobs.size() == 16)
        run_quads(jobs, fn);
    }
  run_quads(jobs, fn);
}

inline int draw_main(int argc, char** argv, vertex_function vs, fragment_function fs,
                     const std::vector<varying_slot>& slots) {
  extra_binding_lines() = read_draw_line;
  if (argc != 3 || !read_bindings(argv[1])) {
    std::fprintf(stderr, "usage: draw <bindings in> <bindings out>\n");
    return 2;
  }
  draw_state& d = drawn();
  if (d.kind != "unorm8" && d.kind != "float32") {
    std::fprintf(stderr, "run_draw: the target is unorm8 or float32, not '%s'\n", d.kind.c_str());
    return 3;
  }
  for (metal::uint instance = 0; instance < d.instances; ++instance) {
    std::vector<vertex_result> results(d.vertices);
    std::vector<window_vertex> window(d.vertices);
    for (metal::uint i = 0; i < d.vertices; ++i) {
      results[i] = vs(i, instance);
      const float* p = results[i].position;
      // No clipping: a triangle that would need it (w <= 0, or z outside [0, w]) fails the run instead.
      if (!(p[3] > 0) || p[2] < 0 || p[2] > p[3]) {
        std::fprintf(stderr, "run_draw: vertex %u of instance %u (%g %g %g %g) needs clipping, which is not implemented\n",
                     i, instance, p[0], p[1], p[2], p[3]);
        return 3;
      }
      window_vertex& w = window[i];
      w.x = (double(p[0]) / p[3] + 1) * 0.5 * d.width;
      w.y = (1 - double(p[1]) / p[3]) * 0.5 * d.height;
      w.z = double(p[2]) / p[3];
      w.inverse_w = 1.0 / p[3];
      w.fx = std::llround(w.x * 256);
      w.fy = std::llround(w.y * 256);
      w.result = &results[i];
    }
    // Vulkan's and Metal's triangle order: a strip's triangle i is (i, i + 1 + i % 2, i + 2 - i % 2), so that every
    // triangle keeps its winding and vertex i is the first (flat) vertex.
    metal::uint triangles = d.strip ? (d.vertices >= 3 ? d.vertices - 2 : 0) : d.vertices / 3;
    for (metal::uint t = 0; t < triangles; ++t) {
      metal::uint a = d.strip ? t : 3 * t, b = d.strip ? t + 1 + t % 2 : a + 1, c = d.strip ? t + 2 - t % 2 : a + 2;
      window_vertex tri[3] = {window[a], window[b], window[c]};
      draw_triangle(tri, slots, fs);
    }
  }
  std::FILE* out = std::fopen(argv[2], "w");
  if (!out)
    return 2;
  write_bindings(out);
  std::fprintf(out, "target %u %u float", d.width, d.height);
  for (float v : d.target)
    std::fprintf(out, " %.9g", v);
  std::fprintf(out, "\n");
  std::fclose(out);
  return 0;
}
} // namespace metal_exec

namespace metal {
void discard_fragment() { metal_exec::current_lane()->discarded = true; }
bool simd_is_helper_thread() {
  metal_exec::lane_state* me = metal_exec::current_lane();
  return me->helper || me->discarded;
}
// Fine derivatives: the difference across the lane's own row (dfdx) or column (dfdy) of its quad.
template <class V> detail::if_float<V> dfdx(V p) {
  V all[4];
  metal_exec::quad_exchange(&p, all, sizeof(V));
  unsigned lane = metal_exec::current_lane()->lane;
  return all[lane | 1u] - all[lane & ~1u];
}
template <class V> detail::if_float<V> dfdy(V p) {
  V all[4];
  metal_exec::quad_exchange(&p, all, sizeof(V));
  unsigned lane = metal_exec::current_lane()->lane;
  return all[lane | 2u] - all[lane & ~2u];
}
template <class V> detail::if_float<V> fwidth(V p) { return abs(dfdx(p)) + abs(dfdy(p)); }
} // namespace metal
