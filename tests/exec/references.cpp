// references.cpp - C++ references for 'expect cpp NAME' cases (see references.hpp).
#include "references.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace oneshader::exec {

namespace {

// Reading and writing the case's bytes.
template <typename T>
std::vector<T> as(const Bytes& bytes)
{
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
}

template <typename T>
Bytes bytes_of(const std::vector<T>& values)
{
    Bytes bytes(values.size() * sizeof(T));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

const Bytes& input(const Case& c, const std::string& name)
{
    const Resource* r = c.find_resource(name);
    if (!r)
        throw std::runtime_error("the C++ reference needs the resource '" + name + "'");
    return r->contents;
}

// compute/prefix_sum.hlsl: exclusive scan of Input (ElementCount values); BlockSums holds the scanned block totals.
ExpectedOutputs prefix_sum(const Case& c)
{
    const auto params = as<std::uint32_t>(input(c, "ScanParams"));
    const std::uint32_t count = params[0];
    const auto values = as<std::uint32_t>(input(c, "Input"));
    std::vector<std::uint32_t> output(as<std::uint32_t>(input(c, "Output")).size(), 0);
    std::vector<std::uint32_t> block_sums(as<std::uint32_t>(input(c, "BlockSums")).size(), 0);
    std::uint32_t sum = 0;
    for (std::uint32_t i = 0; i < count; ++i)
    {
        if (i % 512 == 0)
            block_sums[i / 512] = sum;
        output[i] = sum;
        sum += values[i];
    }
    return {{"Output", bytes_of(output)}, {"BlockSums", bytes_of(block_sums)}};
}

// Image components as doubles (decoded from the case's bytes).
std::vector<double> components(const Case& c, const std::string& name)
{
    const Resource* r = c.find_resource(name);
    if (!r || !r->format)
        throw std::runtime_error("the C++ reference needs the image '" + name + "'");
    return decode_components(*r->format, r->contents);
}

// compute/histogram.hlsl CSBuildHistogram: bin 0 for black pixels, else 1 + 254 * normalised log2 luminance.
ExpectedOutputs histogram_counts(const Case& c)
{
    const Bytes& params = input(c, "HistogramParams");
    const auto words = as<std::uint32_t>(params);
    const auto floats = as<float>(params);
    const std::uint32_t width = words[0], height = words[1];
    const float min_log = floats[2], inv_range = floats[3];
    const auto texels = components(c, "HdrInput");
    std::vector<std::uint32_t> bins(256, 0);
    for (std::uint32_t i = 0; i < width * height; ++i)
    {
        const float r = static_cast<float>(texels[4 * i]), g = static_cast<float>(texels[4 * i + 1]),
                    b = static_cast<float>(texels[4 * i + 2]);
        const float lum = r * 0.2126f + g * 0.7152f + b * 0.0722f;
        std::uint32_t bin = 0;
        if (lum >= 1e-3f)
        {
            const float log_lum = std::clamp((std::log2(lum) - min_log) * inv_range, 0.0f, 1.0f);
            bin = static_cast<std::uint32_t>(log_lum * 254.0f + 1.0f);
        }
        ++bins[bin];
    }
    return {{"Histogram", bytes_of(bins)}};
}

// compute/depth_reduce.hlsl: linear depths of the nearest (largest) and farthest (smallest non-zero) depth.
ExpectedOutputs depth_bounds(const Case& c)
{
    const auto floats = as<float>(input(c, "ReduceParams"));
    const float near_plane = floats[2], far_plane = floats[3];
    float min_depth = std::numeric_limits<float>::max(), max_depth = 0.0f;
    for (double d : components(c, "DepthBuffer"))
        if (d > 0.0)
        {
            min_depth = std::min(min_depth, static_cast<float>(d));
            max_depth = std::max(max_depth, static_cast<float>(d));
        }
    auto linear = [&](float d) { return near_plane * far_plane / (near_plane + d * (far_plane - near_plane)); };
    return {{"LinearBounds", bytes_of(std::vector<float>{linear(max_depth), linear(min_depth)})}};
}

// compute/byte_address.hlsl CSCheckTriangles: count of degenerate triangles, largest index, their ids.
ExpectedOutputs degenerate_triangles(const Case& c)
{
    const auto params = as<std::uint32_t>(input(c, "PackParams"));
    const std::uint32_t vertex_count = params[0], triangle_count = params[1];
    const auto positions = as<float>(input(c, "Positions"));
    const auto indices = as<std::uint32_t>(input(c, "Indices"));
    std::vector<std::uint32_t> stats(3, 0);
    std::vector<std::uint32_t> packed(input(c, "Packed").size() / 4, 0);
    for (std::uint32_t t = 0; t < triangle_count; ++t)
    {
        const std::uint32_t x = indices[3 * t], y = indices[3 * t + 1], z = indices[3 * t + 2];
        stats[1] = std::max(stats[1], std::max(x, std::max(y, z)));
        float e[2][3];
        for (int k = 0; k < 3; ++k)
        {
            e[0][k] = positions[3 * y + static_cast<std::uint32_t>(k)] - positions[3 * x + static_cast<std::uint32_t>(k)];
            e[1][k] = positions[3 * z + static_cast<std::uint32_t>(k)] - positions[3 * x + static_cast<std::uint32_t>(k)];
        }
        const float cx = e[0][1] * e[1][2] - e[0][2] * e[1][1], cy = e[0][2] * e[1][0] - e[0][0] * e[1][2],
                    cz = e[0][0] * e[1][1] - e[0][1] * e[1][0];
        const float area2 = std::sqrt(cx * cx + cy * cy + cz * cz);
        if (x == y || y == z || x == z || area2 < 1e-12f)
            packed[vertex_count * 4 + stats[0]++] = t;
    }
    return {{"Stats", bytes_of(stats)}, {"Packed", bytes_of(packed)}};
}

// compute/image_filters.hlsl CSDownsample: the average of each 2x2 block.
ExpectedOutputs box_downsample(const Case& c)
{
    const Resource* in = c.find_resource("InputImage");
    const Resource* out = c.find_resource("HalfResOut");
    const auto texels = components(c, "InputImage");
    std::vector<double> result(std::size_t{out->width} * out->height * 4, 0.0);
    for (std::uint32_t y = 0; y < out->height; ++y)
        for (std::uint32_t x = 0; x < out->width; ++x)
            for (std::uint32_t k = 0; k < 4; ++k)
            {
                double sum = 0;
                for (std::uint32_t dy = 0; dy < 2; ++dy)
                    for (std::uint32_t dx = 0; dx < 2; ++dx)
                        sum += texels[((2 * y + dy) * in->width + 2 * x + dx) * 4 + k];
                result[(y * out->width + x) * 4 + k] = sum * 0.25;
            }
    return {{"HalfResOut", encode_components(*out->format, result)}};
}

// compute/image_filters.hlsl CSScaleInPlace: every texel times ExposureScale.
ExpectedOutputs scale_in_place(const Case& c)
{
    const float scale = as<float>(input(c, "FilterParams"))[4];
    auto texels = components(c, "InPlace");
    for (double& t : texels)
        t = static_cast<float>(t) * scale;
    return {{"InPlace", encode_components(*c.find_resource("InPlace")->format, texels)}};
}

// compute/particles.hlsl CSEmit: the top EmitCount indices of the dead list move to the alive list.
ExpectedOutputs particles_emit(const Case& c)
{
    const std::uint32_t emit = as<std::uint32_t>(input(c, "EmitterParams"))[20];
    const auto dead = as<std::uint32_t>(input(c, "DeadList"));
    const std::uint32_t dead_count = as<std::uint32_t>(input(c, "DeadList@count"))[0];
    std::vector<std::uint32_t> alive(input(c, "AliveOut").size() / 4, 0);
    for (std::uint32_t i = 0; i < emit; ++i)
        alive[i] = dead[dead_count - 1 - i];
    return {{"DeadList@count", bytes_of(std::vector<std::uint32_t>{dead_count - emit})},
            {"AliveOut@count", bytes_of(std::vector<std::uint32_t>{emit})},
            {"AliveOut", bytes_of(alive)}};
}

// compute/particles.hlsl CSUpdate: particles whose age reaches their lifetime go to the dead list.
ExpectedOutputs particles_update(const Case& c)
{
    const auto params = as<float>(input(c, "EmitterParams"));
    const float dt = params[3];
    const std::uint32_t alive_count = as<std::uint32_t>(input(c, "EmitterParams"))[43];
    const auto alive_in = as<std::uint32_t>(input(c, "AliveIn"));
    const auto pool = as<float>(input(c, "ParticlePool"));
    std::vector<std::uint32_t> alive(input(c, "AliveOut").size() / 4, 0), dead(input(c, "DeadListAppend").size() / 4, 0);
    std::uint32_t alive_n = 0, dead_n = 0;
    for (std::uint32_t i = 0; i < alive_count; ++i)
    {
        const std::uint32_t index = alive_in[alive_count - 1 - i];
        const float age = pool[index * 16 + 3] + dt, lifetime = pool[index * 16 + 7];
        if (age >= lifetime)
            dead[dead_n++] = index;
        else
            alive[alive_n++] = index;
    }
    return {{"AliveIn@count", bytes_of(std::vector<std::uint32_t>{0})},
            {"AliveOut@count", bytes_of(std::vector<std::uint32_t>{alive_n})},
            {"DeadListAppend@count", bytes_of(std::vector<std::uint32_t>{dead_n})},
            {"AliveOut", bytes_of(alive)},
            {"DeadListAppend", bytes_of(dead)}};
}

// compute/instance_cull.hlsl: spheres inside all six planes are visible; beyond LodDistance they count as low detail.
ExpectedOutputs instance_cull(const Case& c)
{
    const auto params = as<float>(input(c, "CullParams"));
    const auto words = as<std::uint32_t>(input(c, "CullParams"));
    const std::uint32_t count = words[24], index_count = words[25];
    const float lod_distance = params[26];
    const auto instances = as<float>(input(c, "Instances"));
    std::vector<std::uint32_t> visible(input(c, "VisibleInstances").size() / 4, 0);
    std::uint32_t visible_n = 0, low_detail = 0;
    for (std::uint32_t i = 0; i < count; ++i)
    {
        const float* b = &instances[i * 8];
        bool inside = true;
        for (std::uint32_t p = 0; p < 6; ++p)
        {
            const float* plane = &params[p * 4];
            inside = inside && (plane[0] * b[0] + plane[1] * b[1] + plane[2] * b[2] + plane[3] > -b[3]);
        }
        if (!inside)
            continue;
        visible[visible_n++] = i;
        if (std::sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]) > lod_distance)
            ++low_detail;
    }
    return {{"Counters", bytes_of(std::vector<std::uint32_t>{visible_n, low_detail})},
            {"DrawArgs", bytes_of(std::vector<std::uint32_t>{index_count, visible_n, 0, 0, 0})},
            {"VisibleInstances", bytes_of(visible)}};
}

// corpus/exec/typed_buffers.hlsl: Scaled[i] = Source[i] * Scale + Source[Count - 1 - i]; 4 buckets counted atomically.
ExpectedOutputs typed_buffers(const Case& c)
{
    const std::uint32_t count = as<std::uint32_t>(input(c, "TypedParams"))[0];
    const float scale = as<float>(input(c, "TypedParams"))[1];
    const auto source = as<float>(input(c, "Source"));
    std::vector<float> scaled(input(c, "Scaled").size() / 4, 0.0f);
    std::vector<std::uint32_t> buckets(4, 0);
    for (std::uint32_t i = 0; i < count; ++i)
    {
        for (std::uint32_t k = 0; k < 4; ++k)
            scaled[4 * i + k] = source[4 * i + k] * scale + source[4 * (count - 1 - i) + k];
        ++buckets[static_cast<std::uint32_t>(source[4 * i] * 4.0f) & 3u];
    }
    return {{"Scaled", bytes_of(scaled)}, {"Buckets", bytes_of(buckets)}};
}

// lang/push_constants.hlsl CSMain: inside Size, rgb += Bias and saturated when Flags bit 0 is set.
ExpectedOutputs push_constants(const Case& c)
{
    const Bytes& push = *c.push_constants;
    const auto words = as<std::uint32_t>(push);
    const auto floats = as<float>(push);
    const Resource* target = c.find_resource("Target");
    auto texels = components(c, "Target");
    for (std::uint32_t y = 0; y < std::min(words[1], target->height); ++y)
        for (std::uint32_t x = 0; x < std::min(words[0], target->width); ++x)
            for (std::uint32_t k = 0; k < 3; ++k)
            {
                double& t = texels[(y * target->width + x) * 4 + k];
                t = static_cast<float>(t) + floats[4 + k];
                if ((words[7] & 1u) != 0)
                    t = std::clamp(t, 0.0, 1.0);
            }
    return {{"Target", encode_components(*target->format, texels)}};
}

// compute/cluster_build.hlsl: each cluster's view-space AABB (min, 0, max, 0): the tile's screen corners through
// InvProjection (column-major) at depth 1, scaled out to the slice's near and far depths.
ExpectedOutputs cluster_build(const Case& c)
{
    constexpr std::uint32_t tiles_x = 16, tiles_y = 9, slices = 24;
    const auto p = as<float>(input(c, "ClusterBuild"));
    const float screen[2] = {p[16], p[17]}, z_near = p[18], z_far = p[19];
    auto screen_to_view = [&](float sx, float sy, float out[3]) {
        const float ndc[4] = {sx / screen[0] * 2.0f - 1.0f, sy / screen[1] * -2.0f + 1.0f, 1.0f, 1.0f};
        float view[4];
        for (int r = 0; r < 4; ++r)
            view[r] = p[r] * ndc[0] + p[4 + r] * ndc[1] + p[8 + r] * ndc[2] + p[12 + r] * ndc[3];
        for (int k = 0; k < 3; ++k)
            out[k] = view[k] / view[3];
    };
    std::vector<float> clusters(input(c, "Clusters").size() / 4, 0.0f);
    const float tile[2] = {screen[0] / tiles_x, screen[1] / tiles_y};
    for (std::uint32_t z = 0; z < slices; ++z)
        for (std::uint32_t y = 0; y < tiles_y; ++y)
            for (std::uint32_t x = 0; x < tiles_x; ++x)
            {
                float lo[3], hi[3];
                screen_to_view(static_cast<float>(x) * tile[0], static_cast<float>(y) * tile[1], lo);
                screen_to_view(static_cast<float>(x + 1) * tile[0], static_cast<float>(y + 1) * tile[1], hi);
                const float near_z = z_near * std::pow(z_far / z_near, static_cast<float>(z) / slices);
                const float far_z = z_near * std::pow(z_far / z_near, static_cast<float>(z + 1) / slices);
                float* out = &clusters[(x + tiles_x * (y + tiles_y * z)) * 8];
                for (int k = 0; k < 3; ++k)
                {
                    const float a = lo[k] * (near_z / lo[2]), b = lo[k] * (far_z / lo[2]);
                    const float d = hi[k] * (near_z / hi[2]), e = hi[k] * (far_z / hi[2]);
                    out[k] = std::min(std::min(a, b), std::min(d, e));
                    out[4 + k] = std::max(std::max(a, b), std::max(d, e));
                }
            }
    return {{"Clusters", bytes_of(clusters)}};
}

// compute/light_cull.hlsl: for each of the 16x9x24 clusters, the lights (in index order, at most 64) whose sphere,
// moved to view space by View (column-major), meets the cluster's box. The runner compares ClusterRanges by count
// and the index list as a multiset, so the lists are laid out in cluster order here.
ExpectedOutputs light_cull(const Case& c)
{
    constexpr std::uint32_t cluster_count = 16 * 9 * 24, max_lights = 64;
    const auto params = as<float>(input(c, "LightCull"));
    const std::uint32_t light_count = as<std::uint32_t>(input(c, "LightCull"))[20];
    const float* view = &params[24];
    const auto lights = as<float>(input(c, "Lights"));
    const auto clusters = as<float>(input(c, "Clusters"));
    std::vector<std::uint32_t> ranges(input(c, "ClusterRanges").size() / 4, 0);
    std::vector<std::uint32_t> indices(input(c, "ClusterLightIndices").size() / 4, 0);
    std::uint32_t total = 0;
    for (std::uint32_t cluster = 0; cluster < cluster_count; ++cluster)
    {
        const float* lo = &clusters[cluster * 8];
        const float* hi = lo + 4;
        std::uint32_t count = 0;
        for (std::uint32_t l = 0; l < light_count && count < max_lights; ++l)
        {
            const float* light = &lights[l * 16];
            float d2 = 0.0f;
            for (int k = 0; k < 3; ++k)
            {
                const float center =
                    view[k] * light[0] + view[4 + k] * light[1] + view[8 + k] * light[2] + view[12 + k];
                const float d = std::min(std::max(center, lo[k]), hi[k]) - center;
                d2 += d * d;
            }
            if (d2 <= light[3] * light[3])
            {
                if (total + count < indices.size())
                    indices[total + count] = l;
                ++count;
            }
        }
        ranges[cluster * 2] = total;
        ranges[cluster * 2 + 1] = count;
        total += count;
    }
    return {{"ClusterRanges", bytes_of(ranges)},
            {"ClusterLightIndices", bytes_of(indices)},
            {"GlobalIndexCount", bytes_of(std::vector<std::uint32_t>{total, 0, 0, 0})}};
}

// lang/templates.hlsl CSTemplates: Output[i] = (v + saturate(v)) + (v.xyz^2, average of v[k] * v.x^2) + (9 + uint(w * Scale))
// for the first Count elements; the rest keep their contents.
ExpectedOutputs templates(const Case& c)
{
    const std::uint32_t count = as<std::uint32_t>(input(c, "Params"))[0];
    const float scale = as<float>(input(c, "Params"))[1];
    const auto in = as<float>(input(c, "Input"));
    auto out = as<float>(input(c, "Output"));
    for (std::uint32_t i = 0; i < count; ++i)
    {
        const float* v = &in[i * 4];
        const float s = v[0] * v[0];
        const auto u = static_cast<std::uint32_t>(v[3] * scale);
        float sum = 0.0f;
        for (int k = 0; k < 4; ++k)
            sum += v[k] * s;
        const float extra[4] = {v[0] * v[0], v[1] * v[1], v[2] * v[2], sum / 4.0f};
        const auto pair_sum = static_cast<float>(9 + static_cast<std::int32_t>(u));
        for (int k = 0; k < 4; ++k)
            out[i * 4 + k] = (v[k] + std::clamp(v[k], 0.0f, 1.0f)) + extra[k] + pair_sum;
    }
    return {{"Output", bytes_of(out)}};
}

// lang/member_functions.hlsl CSMain: the mean of 8 samples (x, y, z from an xorshift32 generator seeded from the
// thread index, w = 1), times Seeds, for the first Count threads.
ExpectedOutputs member_functions(const Case& c)
{
    const auto seeds = as<float>(input(c, "Params"));
    const std::uint32_t count = as<std::uint32_t>(input(c, "Params"))[4];
    std::vector<float> out(input(c, "Output").size() / 4, 0.0f);
    for (std::uint32_t i = 0; i < count; ++i)
    {
        std::uint32_t state = (i ^ as<std::uint32_t>(input(c, "Params"))[0]) * 747796405u + 2891336453u;
        if (state == 0)
            state = 1;
        auto next_float = [&state] {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            return static_cast<float>(state >> 8) * static_cast<float>(1.0 / 16777216.0);
        };
        float sum[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int n = 0; n < 8; ++n)
        {
            const float x = next_float();
            const float y = next_float();
            const float z = next_float();
            const float sample[4] = {x, y, z, 1.0f};
            for (int k = 0; k < 4; ++k)
                sum[k] += sample[k];
        }
        for (int k = 0; k < 4; ++k)
            out[i * 4 + k] = sum[k] / 8.0f * seeds[k];
    }
    return {{"Output", bytes_of(out)}};
}

// lang/namespaces_enums.hlsl CSMain: src (smoothstep, sine ease, t, 0.5) for t = id / 64 blended over dst by mode
// raw & 7 (4 alpha, 5 additive, 6 multiply, else src), masked by channels raw >> 3 & 7, plus src.rgb.
ExpectedOutputs namespaces_enums(const Case& c)
{
    const auto modes = as<std::uint32_t>(input(c, "Modes"));
    std::vector<float> out(input(c, "Output").size() / 4, 0.0f);
    for (std::uint32_t i = 0; i < 64 && i < modes.size(); ++i)
    {
        const float t = static_cast<float>(i) / 64.0f;
        const float src[4] = {t * t * (3.0f - 2.0f * t), 0.5f - 0.5f * std::cos(3.14159265f * t), t, 0.5f};
        const float dst[4] = {0.2f, 0.3f, 0.4f, 1.0f};
        const std::uint32_t mode = modes[i] & 7u, mask = (modes[i] >> 3) & 7u;
        for (std::uint32_t k = 0; k < 4; ++k)
        {
            float v = src[k];
            if (mode == 4)
                v = dst[k] + (src[k] - dst[k]) * src[3];
            else if (mode == 5)
                v = dst[k] + src[k];
            else if (mode == 6)
                v = dst[k] * src[k];
            if (k < 3 && (mask & (1u << k)) == 0)
                v = 0.0f;
            out[i * 4 + k] = v + (k < 3 ? src[k] : 0.0f);
        }
    }
    return {{"Output", bytes_of(out)}};
}

// lang/operators.hlsl CSOperators: z = z * z + a for up to 32 steps (a = v.xy, stopping once |z|^2 > 4), d = (a - b) / 2
// for b = v.zw, and (1, 0, 0) rotated by the unit quaternion around v.xyz + 1e-3 by half-angle 0.25:
// (z.re, z.im + d.re, n + 100 if a == b, rotated.x + d.im).
ExpectedOutputs operators(const Case& c)
{
    const auto in = as<float>(input(c, "Input"));
    std::vector<float> out(input(c, "Output").size() / 4, 0.0f);
    for (std::size_t i = 0; i < 64 && i * 4 + 3 < in.size(); ++i)
    {
        const float* v = &in[i * 4];
        float zr = 0.0f, zi = 0.0f;
        std::uint32_t n = 0;
        for (; n < 32; ++n)
        {
            const float r = zr * zr - zi * zi, im = zr * zi + zi * zr;
            zr = r + v[0];
            zi = im + v[1];
            if (zr * zr + zi * zi > 4.0f)
                break;
        }
        const float d_re = (v[0] - v[2]) * 0.5f, d_im = (v[1] - v[3]) * 0.5f;
        float axis[3] = {v[0] + 1e-3f, v[1] + 1e-3f, v[2] + 1e-3f};
        const float length = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
        for (float& a : axis)
            a = a / length * std::sin(0.25f);
        const float w = std::cos(0.25f);
        // t = 2 cross(axis, (1, 0, 0)) = (0, 2 axis.z, -2 axis.y); x of p + w t + cross(axis, t).
        const float t[3] = {0.0f, 2.0f * axis[2], -2.0f * axis[1]};
        const float rotated_x = 1.0f + w * t[0] + (axis[1] * t[2] - axis[2] * t[1]);
        const bool same = v[0] == v[2] && v[1] == v[3];
        out[i * 4 + 0] = zr;
        out[i * 4 + 1] = zi + d_re;
        out[i * 4 + 2] = static_cast<float>(n) + (same ? 100.0f : 0.0f);
        out[i * 4 + 3] = rotated_x + d_im;
    }
    return {{"Output", bytes_of(out)}};
}

// compute/histogram.hlsl CSBuildHistogram then CSAverage: the histogram's mean bin as a log luminance, adapted
// from the previous value (the cleared histogram is the case's literal).
ExpectedOutputs histogram_average(const Case& c)
{
    const Bytes& params = input(c, "HistogramParams");
    const auto floats = as<float>(params);
    const float min_log = floats[2], log_range = floats[4], rate = floats[5];
    const std::uint32_t pixel_count = as<std::uint32_t>(params)[6];
    const auto bins = as<std::uint32_t>(histogram_counts(c).at("Histogram"));
    float weighted_sum = 0.0f;  // integers below 2^24: exact in any order of summation
    for (std::uint32_t i = 0; i < bins.size(); ++i)
        weighted_sum += static_cast<float>(bins[i]) * static_cast<float>(i);
    const float black = static_cast<float>(bins[0]);
    const float weighted = weighted_sum / std::max(static_cast<float>(pixel_count) - black, 1.0f) - 1.0f;
    const float target = std::exp2(weighted / 254.0f * log_range + min_log);
    const float previous = as<float>(input(c, "AverageLuminance"))[0];
    return {{"AverageLuminance", bytes_of(std::vector<float>{previous + (target - previous) * rate})}};
}

// compute/byte_address.hlsl CSPackVertices: 16-byte records (unorm16 position in the bounds, snorm10 normal, half
// uv) and the XOR of every record's x ^ z in Stats[2].
ExpectedOutputs pack_vertices(const Case& c)
{
    const Bytes& params = input(c, "PackParams");
    const std::uint32_t vertex_count = as<std::uint32_t>(params)[0];
    const auto floats = as<float>(params);
    const float* bounds_min = &floats[4];
    const float* extent = &floats[8];
    const auto positions = as<float>(input(c, "Positions"));
    const auto normals = as<float>(input(c, "Normals"));
    const auto uvs = as<float>(input(c, "Uvs"));
    auto unorm16 = [](float v) { return static_cast<std::uint32_t>(std::clamp(v, 0.0f, 1.0f) * 65535.0f + 0.5f); };
    auto snorm10 = [](float v) {
        return static_cast<std::uint32_t>(static_cast<std::int32_t>(std::round(std::clamp(v, -1.0f, 1.0f) * 511.0f))) &
               0x3ffu;
    };
    const Format r16f = *find_format("r16f");
    auto half_bits = [&](float v) {
        const Bytes b = encode_components(r16f, {v});
        return static_cast<std::uint32_t>(b[0] | (b[1] << 8));
    };
    std::vector<std::uint32_t> packed(input(c, "Packed").size() / 4, 0);
    std::vector<std::uint32_t> stats(3, 0);
    for (std::uint32_t v = 0; v < vertex_count; ++v)
    {
        float q[3], n[3];
        for (std::uint32_t k = 0; k < 3; ++k)
        {
            q[k] = (positions[3 * v + k] - bounds_min[k]) / extent[k];
            n[k] = normals[3 * v + k];
        }
        const float length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        std::uint32_t* record = &packed[4 * v];
        record[0] = unorm16(q[0]) | (unorm16(q[1]) << 16);
        record[1] = unorm16(q[2]);
        record[2] = snorm10(n[0] / length) | (snorm10(n[1] / length) << 10) | (snorm10(n[2] / length) << 20);
        record[3] = half_bits(uvs[2 * v]) | (half_bits(uvs[2 * v + 1]) << 16);
        stats[2] ^= record[0] ^ record[2];
    }
    return {{"Packed", bytes_of(packed)}, {"Stats", bytes_of(stats)}};
}

// The rgb of InputImage's texel at (x, y) clamped to the image, as the shaders' LoadClamped reads it.
struct ImageRgb
{
    std::vector<double> texels;
    std::int32_t width = 0, height = 0;
    float at(std::int32_t x, std::int32_t y, std::uint32_t k) const
    {
        x = std::clamp(x, 0, width - 1);
        y = std::clamp(y, 0, height - 1);
        return static_cast<float>(texels[(static_cast<std::size_t>(y) * width + x) * 4 + k]);
    }
};

ImageRgb filter_input(const Case& c)
{
    const Resource* in = c.find_resource("InputImage");
    return {components(c, "InputImage"), static_cast<std::int32_t>(in->width), static_cast<std::int32_t>(in->height)};
}

// compute/image_filters.hlsl CSSharpen: center + (center - mean of the 4 neighbours) * SharpenAmount, saturated.
ExpectedOutputs sharpen(const Case& c)
{
    const float amount = as<float>(input(c, "FilterParams"))[2];
    const ImageRgb in = filter_input(c);
    std::vector<double> out;
    for (std::int32_t y = 0; y < in.height; ++y)
        for (std::int32_t x = 0; x < in.width; ++x)
        {
            for (std::uint32_t k = 0; k < 3; ++k)
            {
                const float center = in.at(x, y, k);
                const float blur = (in.at(x, y - 1, k) + in.at(x, y + 1, k) + in.at(x - 1, y, k) + in.at(x + 1, y, k)) * 0.25f;
                out.push_back(std::clamp(center + (center - blur) * amount, 0.0f, 1.0f));
            }
            out.push_back(1.0);
        }
    return {{"SharpenedOut", encode_components(*c.find_resource("SharpenedOut")->format, out)}};
}

// compute/image_filters.hlsl CSSobel: the gradient magnitude of the luma, and 1 where it exceeds EdgeThreshold.
ExpectedOutputs sobel(const Case& c)
{
    const float threshold = as<float>(input(c, "FilterParams"))[3];
    const ImageRgb in = filter_input(c);
    std::vector<double> edges;
    std::vector<std::uint32_t> mask;
    for (std::int32_t y = 0; y < in.height; ++y)
        for (std::int32_t x = 0; x < in.width; ++x)
        {
            float l[9];
            for (std::int32_t k = 0; k < 9; ++k)
            {
                const std::int32_t px = x + k % 3 - 1, py = y + k / 3 - 1;
                l[k] = in.at(px, py, 0) * 0.299f + in.at(px, py, 1) * 0.587f + in.at(px, py, 2) * 0.114f;
            }
            const float gx = (l[2] + 2 * l[5] + l[8]) - (l[0] + 2 * l[3] + l[6]);
            const float gy = (l[6] + 2 * l[7] + l[8]) - (l[0] + 2 * l[1] + l[2]);
            const float g = std::sqrt(gx * gx + gy * gy);
            edges.push_back(g);
            mask.push_back(g > threshold ? 1u : 0u);
        }
    return {{"EdgesOut", encode_components(*c.find_resource("EdgesOut")->format, edges)}, {"MaskOut", bytes_of(mask)}};
}

// lang/functions.hlsl CSMain: the helpers' results combined per thread (Output[id] for the 16 threads).
ExpectedOutputs functions(const Case& c)
{
    const Bytes& params = input(c, "Params");
    const auto in = as<float>(params);
    const std::uint32_t mode = as<std::uint32_t>(params)[4];
    std::vector<float> out(input(c, "Output").size() / 4, 0.0f);
    for (std::uint32_t id = 0; id < 16; ++id)
    {
        const float angle = in[0] * static_cast<float>(id) * (3.14159265358979f / 180.0f);
        const float sum[4] = {std::sin(angle) + in[0], std::cos(angle) + in[1], in[2], 1.0f + in[3]};
        const float total = in[0] + in[1] + in[2] + in[3] + in[0];
        const float lo = std::min(std::min(in[0], in[1]), std::min(in[2], in[3]));
        const float hi = std::max(std::max(in[0], in[1]), std::max(in[2], in[3]));
        const float r = in[0] + (in[1] + 1.0f) / 2.0f + (10.0f + (in[2] + 1.0f) / 2.0f * 10.0f);
        const float l = (in[0] * in[0] + in[1] * in[1]) + (in[0] * in[0] + in[1] * in[1] + in[2] * in[2]) +
                        static_cast<float>(id * id + mode * mode);
        const float k = r + r * l + (r * l + total);
        const float extra[4] = {lo, hi, k, 0.0f};
        for (std::uint32_t j = 0; j < 4; ++j)
            out[4 * id + j] = sum[j] / 2.0f + extra[j];
    }
    return {{"Output", bytes_of(out)}};
}

// lang/switch_fallthrough.hlsl CSInterpret: each thread interprets the opcodes (odd threads see op >> 4, a NOP
// for opcodes below 16) from Initial + id, with the switch's fall-through, then applies the flags.
ExpectedOutputs switch_fallthrough(const Case& c)
{
    const Bytes& params = input(c, "Params");
    const std::uint32_t length = as<std::uint32_t>(params)[0];
    const float* initial = &as<float>(params)[4];
    const auto opcodes = as<std::uint32_t>(input(c, "Opcodes"));
    std::vector<float> out(input(c, "Output").size() / 4, 0.0f);
    const std::uint32_t threads = static_cast<std::uint32_t>(out.size() / 4);
    for (std::uint32_t id = 0; id < threads; ++id)
    {
        float acc[4];
        for (std::uint32_t k = 0; k < 4; ++k)
            acc[k] = initial[k] + static_cast<float>(id);
        std::uint32_t flags = 0;
        auto saturate = [&] {
            for (float& a : acc)
                a = std::clamp(a, 0.0f, 1.0f);
        };
        for (std::uint32_t pc = 0; pc < length && opcodes[pc] != 0xFFFFFFFFu; ++pc)
        {
            const std::uint32_t op = (opcodes[pc] >> ((id & 1u) * 4u)) & 0xFu;
            if (op == 1 || op == 2)
                for (float& a : acc)
                    a = op == 1 ? (a + 1.0f) * 2.0f : a * 2.0f;
            else if (op == 3 || op == 4)
                std::rotate(acc, acc + 1, acc + 4);  // acc.yzwx
            else if (op == 5)
                saturate();
            else if (op == 6)
            {
                if (acc[0] > 10.0f)
                    flags |= 2u;
                else
                    acc[0] += 10.0f;
            }
            else if (op == 7)
            {
                for (float& a : acc)
                {
                    if (a < 0.0f)
                        continue;
                    if (a > 100.0f)
                        break;
                    a = std::sqrt(a);
                }
                acc[3] = -acc[3];
            }
            else if (op != 0)
            {
                flags |= 1u;
                saturate();
            }
        }
        if (flags == 3)
            acc[3] = 3.0f;
        if (flags == 3 || flags == 1)
            acc[2] = 1.0f;
        if (flags == 2)
            acc[1] = 2.0f;
        std::copy(acc, acc + 4, &out[4 * id]);
    }
    return {{"Output", bytes_of(out)}};
}

// The case's `specialize` value of a constant, or its HLSL default.
double specialized(const Case& c, const std::string& name, double default_value)
{
    for (const auto& s : c.specializations)
        if (s.name == name)
            return s.value;
    return default_value;
}

// lang/spec_constants.hlsl CSMain with the case's specialization values: inside Size, the fast path scales by
// Strength; otherwise the average of Iterations texels along the row (clamped), blended in by channel mask and
// HalfStrength = Strength / 2.
ExpectedOutputs spec_constants(const Case& c)
{
    const bool fast = specialized(c, "UseFastPath", 0) != 0;
    const int iterations = static_cast<int>(specialized(c, "Iterations", 8));
    const auto mask = static_cast<std::uint32_t>(specialized(c, "ChannelMask", 0xF));
    const float strength = static_cast<float>(specialized(c, "Strength", 0.75));
    const auto size = as<std::uint32_t>(input(c, "Params"));
    const Resource* src = c.find_resource("Source");
    const auto source = components(c, "Source");
    auto out = components(c, "Destination");
    const int width = static_cast<int>(src->width);
    for (std::uint32_t y = 0; y < size[1]; ++y)
        for (std::uint32_t x = 0; x < size[0]; ++x)
            for (int k = 0; k < 4; ++k)
            {
                const float texel = static_cast<float>(source[(y * src->width + x) * 4 + k]);
                float value = texel * strength;
                if (!fast)
                {
                    float acc = 0;
                    for (int i = 0; i < iterations; ++i)
                    {
                        const int px = std::clamp(static_cast<int>(x) + i - iterations / 2, 0, static_cast<int>(size[0]) - 1);
                        acc += static_cast<float>(source[(y * src->width + static_cast<std::uint32_t>(std::min(px, width - 1))) * 4 + k]);
                    }
                    acc /= static_cast<float>(std::max(iterations, 1));
                    const float m = (mask >> k) & 1u ? 1.0f : 0.0f;
                    value = texel + (acc - texel) * (m * strength * 0.5f);
                }
                out[(y * src->width + x) * 4 + k] = value;
            }
    return {{"Destination", encode_components(*c.find_resource("Destination")->format, out)}};
}

// 2d/blit.hlsl PSCopyTexel: the target is the source, texel for texel.
ExpectedOutputs copy_texel(const Case& c) { return {{"target", input(c, "Source")}}; }


// lang/packed_math.hlsl: HLSL's definitions of the packed-byte helpers, written out byte by byte.
namespace packed {
std::uint32_t ubyte(std::uint32_t p, int k) { return (p >> (8 * k)) & 0xFFu; }
std::int32_t sbyte(std::uint32_t p, int k) { return std::int32_t(std::int8_t(std::uint8_t(ubyte(p, k)))); }
std::uint32_t pack(const std::int64_t (&v)[4])
{
    std::uint32_t r = 0;
    for (int k = 0; k < 4; ++k)
        r |= (std::uint32_t(v[k]) & 0xFFu) << (8 * k);
    return r;
}
std::uint32_t msad(std::uint32_t ref, std::uint32_t window, std::uint32_t accum)
{
    for (int k = 0; k < 4; ++k)
        if (ubyte(ref, k) != 0)
            accum += std::uint32_t(std::abs(std::int32_t(ubyte(ref, k)) - std::int32_t(ubyte(window, k))));
    return accum;
}
std::uint32_t float_bits(float f)
{
    std::uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return u;
}
}  // namespace packed

ExpectedOutputs packed_math(const Case&)
{
    using namespace packed;
    std::vector<std::uint32_t> out;
    for (std::uint32_t id = 0; id < 8; ++id)
    {
        std::uint32_t a = 0x80FF017Fu ^ (id * 0x01030507u);
        std::uint32_t b = 0x02FE7F81u + id * 0x11111111u;
        std::uint32_t ref = a & 0xFFFF00FFu;
        std::uint64_t src = std::uint64_t(b) | (std::uint64_t(~a) << 32);
        std::uint32_t accum[4] = {id, 1, 2, 3};
        std::uint32_t sad[4];
        for (int w = 0; w < 4; ++w)
            sad[w] = msad(ref, std::uint32_t(src >> (8 * w)), accum[w]);
        out.push_back(sad[0]);
        out.push_back(sad[1] + (sad[2] << 16));
        out.push_back(sad[3]);
        std::uint32_t udot = id;
        std::int32_t sdot = -std::int32_t(id);
        for (int k = 0; k < 4; ++k)
        {
            udot += ubyte(a, k) * ubyte(b, k);
            sdot += sbyte(a, k) * sbyte(b, k);
        }
        out.push_back(udot);
        out.push_back(std::uint32_t(sdot));
        std::int32_t s[4];
        std::uint32_t u[4];
        for (int k = 0; k < 4; ++k)
        {
            s[k] = sbyte(a, k);
            u[k] = ubyte(b, k);
        }
        out.push_back(std::uint32_t(s[0] + s[1] * 1000 + s[2] * 1000000));
        out.push_back(std::uint32_t(s[3]));
        out.push_back(u[0] + (u[1] << 8) + (u[3] << 16));
        out.push_back(pack({u[0] + 1, u[1] + 2, u[2] + 3, u[3] + 300}));
        out.push_back(pack({s[0] * 3, s[1] * 3, s[2] * 3, s[3] * 3}));
        std::int64_t cu[4], cs[4];
        for (int k = 0; k < 4; ++k)
        {
            cu[k] = std::clamp(s[k] * 3, 0, 255);
            cs[k] = std::clamp(s[k] * 3, -128, 127);
        }
        out.push_back(pack(cu));
        out.push_back(pack(cs));
        // D3DCOLORtoUBYTE4(c) = int4(c.zyxw * 255.002)
        float color[4] = {0.25f * float(id), 0.5f, 1.0f, 0.0f};
        const int order[4] = {2, 1, 0, 3};
        std::int64_t bytes[4];
        for (int k = 0; k < 4; ++k)
            bytes[k] = std::int32_t(color[order[k]] * 255.002f);
        out.push_back(pack(bytes));
        // Without 16-bit types half is float: 1.5 * 2 + id * 0.25 + 0.5.
        out.push_back(float_bits(1.5f * 2.0f + float(id) * 0.25f + 0.5f));
        // 0, a subnormal, infinity and NaN are not normal; -id is.
        out.push_back(id >= 4 ? 1u : 0u);
        out.push_back(pack({std::int64_t(id), 0x1FF, std::int64_t(0xFFFFFF80u), 7}));
    }
    return {{"Output", bytes_of(out)}};
}

struct Row
{
    const char* name;
    ReferenceFunction function;
};

constexpr Row table[] = {
    {"box_downsample", box_downsample},
    {"cluster_build", cluster_build},
    {"copy_texel", copy_texel},
    {"push_constants", push_constants},
    {"typed_buffers", typed_buffers},
    {"degenerate_triangles", degenerate_triangles},
    {"depth_bounds", depth_bounds},
    {"functions", functions},
    {"histogram_average", histogram_average},
    {"histogram_counts", histogram_counts},
    {"instance_cull", instance_cull},
    {"light_cull", light_cull},
    {"member_functions", member_functions},
    {"namespaces_enums", namespaces_enums},
    {"operators", operators},
    {"pack_vertices", pack_vertices},
    {"packed_math", packed_math},
    {"particles_emit", particles_emit},
    {"particles_update", particles_update},
    {"prefix_sum", prefix_sum},
    {"scale_in_place", scale_in_place},
    {"sharpen", sharpen},
    {"sobel", sobel},
    {"spec_constants", spec_constants},
    {"switch_fallthrough", switch_fallthrough},
    {"templates", templates},
};

}  // namespace

ReferenceFunction find_reference(const std::string& name)
{
    for (const Row& row : table)
        if (name == row.name)
            return row.function;
    return nullptr;
}

}  // namespace oneshader::exec
