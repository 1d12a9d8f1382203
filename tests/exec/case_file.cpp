// case_file.cpp - parser of corpus/cases/*.case (format: docs/execution-tests.md).
#include "case_file.hpp"

#include <vulkan/vulkan_core.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace oneshader::exec {

namespace {

std::uint16_t float_to_half(float value)
{
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    const std::uint32_t sign = (bits >> 16) & 0x8000u;
    const std::int32_t exponent = static_cast<std::int32_t>((bits >> 23) & 0xffu) - 127 + 15;
    std::uint32_t mantissa = bits & 0x7fffffu;
    if (((bits >> 23) & 0xffu) == 0xffu)  // inf / nan
        return static_cast<std::uint16_t>(sign | 0x7c00u | (mantissa != 0 ? 0x200u : 0u));
    if (exponent >= 31)
        return static_cast<std::uint16_t>(sign | 0x7c00u);
    if (exponent <= 0)
    {
        if (exponent < -10)
            return static_cast<std::uint16_t>(sign);
        mantissa |= 0x800000u;
        const int shift = 14 - exponent;
        std::uint32_t half = mantissa >> shift;
        const std::uint32_t rest = mantissa & ((1u << shift) - 1u);
        const std::uint32_t halfway = 1u << (shift - 1);
        if (rest > halfway || (rest == halfway && (half & 1u) != 0))
            ++half;
        return static_cast<std::uint16_t>(sign | half);
    }
    std::uint32_t half = (static_cast<std::uint32_t>(exponent) << 10) | (mantissa >> 13);
    const std::uint32_t rest = mantissa & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u) != 0))
        ++half;  // may carry into the exponent, which is the right rounding
    return static_cast<std::uint16_t>(sign | half);
}

float half_to_float(std::uint16_t half)
{
    const std::uint32_t sign = (half & 0x8000u) << 16;
    const std::uint32_t exponent = (half >> 10) & 0x1fu;
    const std::uint32_t mantissa = half & 0x3ffu;
    if (exponent == 0)
    {
        const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
        return sign != 0 ? -magnitude : magnitude;
    }
    if (exponent == 31)
        return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

template <typename T>
void put(Bytes& bytes, std::size_t offset, T value)
{
    if (bytes.size() < offset + sizeof(T))
        bytes.resize(offset + sizeof(T));
    std::memcpy(bytes.data() + offset, &value, sizeof(T));
}

template <typename T>
T get(const Bytes& bytes, std::size_t offset)
{
    T value{};
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

struct Parser
{
    std::string path;
    std::size_t line = 0;
    Case result;

    // The block that data lines currently fill.
    enum class Block { none, bytes, image } block = Block::none;
    Bytes* target = nullptr;
    std::size_t cursor = 0;
    std::vector<double> image_values;
    Resource* image = nullptr;

    [[noreturn]] void fail(const std::string& message) const
    {
        throw std::runtime_error(path + ":" + std::to_string(line) + ": " + message);
    }

    static std::vector<std::string> split(const std::string& text)
    {
        std::istringstream in(text);
        std::vector<std::string> words;
        for (std::string word; in >> word;)
            words.push_back(word);
        return words;
    }

    double number(const std::string& text) const
    {
        try
        {
            std::size_t used = 0;
            double value = 0;
            if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
                value = static_cast<double>(std::stoull(text, &used, 16));
            else
                value = std::stod(text, &used);
            if (used != text.size())
                fail("not a number: '" + text + "'");
            return value;
        }
        catch (const std::logic_error&)
        {
            fail("not a number: '" + text + "'");
        }
    }

    std::uint32_t count(const std::string& text) const
    {
        const double value = number(text);
        if (value < 0 || value != std::floor(value) || value > 1e9)
            fail("expected a count: '" + text + "'");
        return static_cast<std::uint32_t>(value);
    }

    // key=value options after the positional words.
    static std::optional<std::string> option(const std::vector<std::string>& words, const std::string& key)
    {
        for (const auto& word : words)
            if (word.rfind(key + "=", 0) == 0)
                return word.substr(key.size() + 1);
        return std::nullopt;
    }

    static bool flag(const std::vector<std::string>& words, const std::string& key)
    {
        return std::find(words.begin(), words.end(), key) != words.end();
    }

    Format format(const std::string& name) const
    {
        auto found = find_format(name);
        if (!found)
            fail("unknown format '" + name + "'");
        return *found;
    }

    void close_block()
    {
        if (block == Block::image)
        {
            const std::size_t expected = std::size_t{image->width} * image->height * image->layers *
                                         static_cast<std::size_t>(image->format->components);
            if (image_values.empty())
                image_values.assign(expected, 0.0);
            if (image_values.size() != expected)
                fail("image '" + image->name() + "' needs " + std::to_string(expected) + " component values, has " +
                     std::to_string(image_values.size()));
            image->contents = encode_components(*image->format, image_values);
        }
        block = Block::none;
        target = nullptr;
        image = nullptr;
        image_values.clear();
        cursor = 0;
    }

    void open_bytes(Bytes& bytes)
    {
        close_block();
        block = Block::bytes;
        target = &bytes;
        cursor = 0;
    }

    // A data line: TYPE values... | TYPE iota N [start [step]] | TYPE fill N value | TYPE random N seed lo hi | at OFFSET
    void data(const std::vector<std::string>& words)
    {
        if (block == Block::none)
            fail("data line outside a buffer, image, push-constants, vertex-buffer or literal block");
        if (words[0] == "at")
        {
            if (block != Block::bytes || words.size() != 2)
                fail("'at OFFSET' is for buffers");
            cursor = count(words[1]);
            return;
        }
        const std::string& type = words[0];
        std::vector<double> values;
        std::vector<std::string> rest(words.begin() + 1, words.end());
        if (!rest.empty() && rest[0] == "iota")
        {
            if (rest.size() < 2 || rest.size() > 4)
                fail("iota COUNT [START [STEP]]");
            const std::uint32_t n = count(rest[1]);
            const double start = rest.size() > 2 ? number(rest[2]) : 0.0;
            const double step = rest.size() > 3 ? number(rest[3]) : 1.0;
            for (std::uint32_t i = 0; i < n; ++i)
                values.push_back(start + step * i);
        }
        else if (!rest.empty() && rest[0] == "fill")
        {
            if (rest.size() != 3)
                fail("fill COUNT VALUE");
            values.assign(count(rest[1]), number(rest[2]));
        }
        else if (!rest.empty() && rest[0] == "random")
        {
            if (rest.size() != 5)
                fail("random COUNT SEED LO HI");
            const std::uint32_t n = count(rest[1]);
            std::uint64_t state = static_cast<std::uint64_t>(number(rest[2]));
            const double lo = number(rest[3]), hi = number(rest[4]);
            for (std::uint32_t i = 0; i < n; ++i)
            {
                const std::uint64_t r = next_random(state);
                if (type == "float")
                    values.push_back(lo + (hi - lo) * static_cast<double>(r >> 11) * 0x1.0p-53);
                else
                    values.push_back(lo + static_cast<double>(r % static_cast<std::uint64_t>(hi - lo + 1)));
            }
        }
        else
        {
            for (const auto& word : rest)
                values.push_back(number(word));
        }

        if (block == Block::image)
        {
            if (type != "float" && type != "uint" && type != "int")
                fail("unknown value type '" + type + "'");
            image_values.insert(image_values.end(), values.begin(), values.end());
            return;
        }
        for (double value : values)
        {
            if (type == "uint")
                put<std::uint32_t>(*target, cursor, static_cast<std::uint32_t>(static_cast<std::int64_t>(value)));
            else if (type == "int")
                put<std::int32_t>(*target, cursor, static_cast<std::int32_t>(value));
            else if (type == "float")
                put<float>(*target, cursor, static_cast<float>(value));
            else if (type == "half")
            {
                put<std::uint16_t>(*target, cursor, float_to_half(static_cast<float>(value)));
                cursor += 2;
                continue;
            }
            else
                fail("unknown value type '" + type + "'");
            cursor += 4;
        }
    }

    void resource(const std::vector<std::string>& words, bool is_image)
    {
        close_block();
        Resource r;
        r.line = line;
        if (words.size() < 3)
            fail(words[0] + " NAME KIND ...");
        std::string names = words[1];
        for (std::size_t bar; (bar = names.find('|')) != std::string::npos; names.erase(0, bar + 1))
            r.names.push_back(names.substr(0, bar));
        r.names.push_back(names);
        const std::string& kind = words[2];
        if (auto set = option(words, "set"))
            r.set = count(*set);
        if (auto binding = option(words, "binding"))
            r.binding = count(*binding);
        if (!is_image)
        {
            if (kind == "uniform")
                r.kind = ResourceKind::uniform_buffer;
            else if (kind == "storage")
                r.kind = ResourceKind::storage_buffer;
            else if (kind == "uniform-texel")
                r.kind = ResourceKind::uniform_texel_buffer;
            else if (kind == "storage-texel")
                r.kind = ResourceKind::storage_texel_buffer;
            else
                fail("buffer kind must be uniform, storage, uniform-texel or storage-texel");
            if (auto f = option(words, "format"))
                r.format = format(*f);
            if ((r.kind == ResourceKind::uniform_texel_buffer || r.kind == ResourceKind::storage_texel_buffer) &&
                !r.format)
                fail("a texel buffer needs format=");
            result.resources.push_back(std::move(r));
            Resource& added = result.resources.back();
            if (auto size = option(words, "size"))
                added.contents.assign(count(*size), 0);
            open_bytes(added.contents);
            return;
        }
        if (kind == "sampled")
            r.kind = ResourceKind::sampled_image;
        else if (kind == "storage")
            r.kind = ResourceKind::storage_image;
        else
            fail("image kind must be sampled or storage");
        if (words.size() < 6)
            fail("image NAME KIND FORMAT WIDTH HEIGHT [layers=N]");
        r.format = format(words[3]);
        r.width = count(words[4]);
        r.height = count(words[5]);
        if (auto layers = option(words, "layers"))
            r.layers = count(*layers);
        if (r.width == 0 || r.height == 0 || r.layers == 0)
            fail("an image needs a non-zero size");
        result.resources.push_back(std::move(r));
        block = Block::image;
        image = &result.resources.back();
    }

    void directive(const std::vector<std::string>& words)
    {
        const std::string& d = words[0];
        auto need = [&](std::size_t n, const char* usage) {
            if (words.size() < n)
                fail(std::string("usage: ") + usage);
        };
        if (d == "case")
        {
            need(2, "case NAME");
            result.name = words[1];
        }
        else if (d == "shader")
        {
            need(2, "shader PATH");
            result.shader = words[1];
        }
        else if (d == "define")
        {
            need(2, "define NAME[=VALUE]");
            result.defines.insert(result.defines.end(), words.begin() + 1, words.end());
        }
        else if (d == "specialize")
        {
            need(3, "specialize NAME VALUE");
            char* end = nullptr;
            const double value = std::strtod(words[2].c_str(), &end);
            if (end == words[2].c_str() || *end != '\0')
                fail("specialize NAME VALUE: the value must be a number (a bool is 0 or 1)");
            result.specializations.push_back({words[1], value});
        }
        else if (d == "glslang-flags")
            result.glslang_flags.insert(result.glslang_flags.end(), words.begin() + 1, words.end());
        else if (d == "reference")
        {
            need(2, "reference glslang|none|wrong");
            if (words[1] != "glslang" && words[1] != "none" && words[1] != "wrong")
                fail("reference glslang|none|wrong");
            result.glslang_reference = words[1] == "glslang";
            result.glslang_wrong = words[1] == "wrong";
        }
        else if (d == "entry")
        {
            need(3, "entry compute|vertex|pixel NAME");
            Entry e;
            e.name = words[2];
            if (words[1] == "compute")
                e.stage = Stage::compute;
            else if (words[1] == "vertex")
                e.stage = Stage::vertex;
            else if (words[1] == "pixel")
                e.stage = Stage::pixel;
            else
                fail("stage must be compute, vertex or pixel");
            result.entries.push_back(e);
        }
        else if (d == "buffer")
            resource(words, false);
        else if (d == "image")
            resource(words, true);
        else if (d == "sampler")
        {
            close_block();
            need(2, "sampler NAME [filter=nearest|linear] [address=clamp|repeat|mirror]");
            Resource r;
            r.line = line;
            r.names.push_back(words[1]);
            r.kind = ResourceKind::sampler;
            r.filter = option(words, "filter").value_or("nearest");
            r.address = option(words, "address").value_or("clamp");
            if (r.filter != "nearest" && r.filter != "linear")
                fail("filter must be nearest or linear");
            if (r.address != "clamp" && r.address != "repeat" && r.address != "mirror")
                fail("address must be clamp, repeat or mirror");
            if (auto set = option(words, "set"))
                r.set = count(*set);
            if (auto binding = option(words, "binding"))
                r.binding = count(*binding);
            result.resources.push_back(std::move(r));
        }
        else if (d == "push-constants")
        {
            result.push_constants.emplace();
            open_bytes(*result.push_constants);
        }
        else if (d == "vertex-buffer")
        {
            VertexBuffer vb;
            auto stride = option(words, "stride");
            if (!stride)
                fail("vertex-buffer stride=N [rate=vertex|instance]");
            vb.stride = count(*stride);
            vb.per_instance = option(words, "rate").value_or("vertex") == "instance";
            result.vertex_buffers.push_back(std::move(vb));
            open_bytes(result.vertex_buffers.back().contents);
        }
        else if (d == "attribute")
        {
            need(4, "attribute LOCATION FORMAT OFFSET");
            if (result.vertex_buffers.empty())
                fail("attribute before any vertex-buffer");
            result.vertex_buffers.back().attributes.push_back({count(words[1]), format(words[2]), count(words[3])});
        }
        else if (d == "dispatch")
        {
            close_block();
            need(5, "dispatch ENTRY X Y Z");
            Step s;
            s.entry = words[1];
            s.x = count(words[2]);
            s.y = count(words[3]);
            s.z = count(words[4]);
            result.steps.push_back(s);
        }
        else if (d == "target")
        {
            close_block();
            need(4, "target FORMAT WIDTH HEIGHT [clear=r,g,b,a]");
            RenderTarget t;
            t.format = format(words[1]);
            t.width = count(words[2]);
            t.height = count(words[3]);
            if (auto clear = option(words, "clear"))
            {
                std::string text = *clear;
                std::replace(text.begin(), text.end(), ',', ' ');
                auto parts = split(text);
                if (parts.size() != 4)
                    fail("clear=r,g,b,a");
                for (int i = 0; i < 4; ++i)
                    t.clear[i] = number(parts[static_cast<std::size_t>(i)]);
            }
            result.target = t;
        }
        else if (d == "draw")
        {
            close_block();
            need(4, "draw VERTEX_ENTRY PIXEL_ENTRY VERTICES [INSTANCES] [blend=alpha] [topology=list|strip]");
            Step s;
            s.is_draw = true;
            s.vertex = words[1];
            s.pixel = words[2];
            s.x = count(words[3]);
            s.y = words.size() > 4 && words[4].find('=') == std::string::npos ? count(words[4]) : 1;
            s.blend_alpha = option(words, "blend").value_or("none") == "alpha";
            s.strip = option(words, "topology").value_or("list") == "strip";
            result.steps.push_back(s);
        }
        else if (d == "output")
        {
            close_block();
            need(2, "output NAME [type=uint|int|float] [tolerance=T] [webgpu-tolerance=T] [webgpu-pixels=N] [offset=B] [size=B] [sort] [stride=S field=O:L]");
            Output o;
            o.line = line;
            o.name = words[1];
            const std::string type = option(words, "type").value_or("uint");
            if (type == "uint")
                o.type = ValueType::uint;
            else if (type == "int")
                o.type = ValueType::sint;
            else if (type == "float")
                o.type = ValueType::floating;
            else
                fail("type must be uint, int or float");
            if (auto tolerance = option(words, "tolerance"))
                o.tolerance = number(*tolerance);
            if (auto tolerance = option(words, "webgpu-tolerance"))
                o.webgpu_tolerance = number(*tolerance);
            if (auto pixels = option(words, "webgpu-pixels"))
            {
                const Resource* r = result.find_resource(o.name);
                if (o.name != "target" && !(r && r->is_image()))
                    fail("webgpu-pixels=N counts pixels: it is for the target or an image declared before the output");
                o.webgpu_pixels = count(*pixels);
                if (o.webgpu_pixels == 0)
                    fail("webgpu-pixels=N needs N > 0 (leave it out for none)");
            }
            if (auto offset = option(words, "offset"))
                o.offset = count(*offset);
            if (auto size = option(words, "size"))
                o.size = count(*size);
            o.sort = flag(words, "sort");
            if (auto stride = option(words, "stride"))
            {
                o.stride = count(*stride);
                auto field = option(words, "field");
                const auto colon = field ? field->find(':') : std::string::npos;
                if (colon == std::string::npos)
                    fail("stride=S needs field=OFFSET:SIZE");
                o.field_offset = count(field->substr(0, colon));
                o.field_size = count(field->substr(colon + 1));
                if (o.field_offset + o.field_size > o.stride || o.field_size == 0)
                    fail("the field must lie inside the stride");
            }
            result.outputs.push_back(o);
        }
        else if (d == "expect")
        {
            close_block();
            need(3, "expect cpp FUNCTION | expect NAME (then data lines)");
            if (words[1] == "cpp")
                result.cpp_reference = words[2];
            else
                fail("expect cpp FUNCTION");
        }
        else if (d == "literal")
        {
            need(2, "literal OUTPUT (then data lines)");
            result.literals.push_back({words[1], {}});
            open_bytes(result.literals.back().bytes);
        }
        else
            fail("unknown directive '" + d + "'");
    }

    void check() const
    {
        if (result.shader.empty())
            throw std::runtime_error(path + ": no 'shader' line");
        if (result.entries.empty())
            throw std::runtime_error(path + ": no 'entry' line");
        if (result.steps.empty())
            throw std::runtime_error(path + ": no 'dispatch' or 'draw' line");
        if (result.outputs.empty())
            throw std::runtime_error(path + ": no 'output' line");
        for (const auto& step : result.steps)
        {
            for (const std::string* name : {&step.entry, &step.vertex, &step.pixel})
                if (!name->empty() && !result.find_entry(*name))
                    throw std::runtime_error(path + ": step names '" + *name + "', which is no 'entry'");
            if (step.is_draw && !result.target)
                throw std::runtime_error(path + ": a draw needs a 'target' line");
        }
        for (const auto& output : result.outputs)
            if (output.name != "target" && !result.find_resource(output.name))
                throw std::runtime_error(path + ":" + std::to_string(output.line) + ": output '" + output.name +
                                         "' is no resource");
        for (const auto& literal : result.literals)
            if (!result.find_output(literal.output))
                throw std::runtime_error(path + ": literal for '" + literal.output + "', which is no 'output'");
        if (!result.glslang_reference && result.cpp_reference.empty() && result.literals.empty())
            throw std::runtime_error(path + ": 'reference none' needs 'expect cpp' or literals");
    }
};

}  // namespace

std::size_t Format::texel_size() const
{
    switch (kind)
    {
    case ComponentKind::unorm8: return static_cast<std::size_t>(components);
    case ComponentKind::float16: return 2u * static_cast<std::size_t>(components);
    default: return 4u * static_cast<std::size_t>(components);
    }
}

std::optional<Format> find_format(const std::string& name)
{
    struct Row
    {
        const char* name;
        VkFormat format;
        int components;
        ComponentKind kind;
    };
    static constexpr Row rows[] = {
        {"r8", VK_FORMAT_R8_UNORM, 1, ComponentKind::unorm8},
        {"rg8", VK_FORMAT_R8G8_UNORM, 2, ComponentKind::unorm8},
        {"rgba8", VK_FORMAT_R8G8B8A8_UNORM, 4, ComponentKind::unorm8},
        {"r16f", VK_FORMAT_R16_SFLOAT, 1, ComponentKind::float16},
        {"rg16f", VK_FORMAT_R16G16_SFLOAT, 2, ComponentKind::float16},
        {"rgba16f", VK_FORMAT_R16G16B16A16_SFLOAT, 4, ComponentKind::float16},
        {"r32f", VK_FORMAT_R32_SFLOAT, 1, ComponentKind::float32},
        {"rg32f", VK_FORMAT_R32G32_SFLOAT, 2, ComponentKind::float32},
        {"rgb32f", VK_FORMAT_R32G32B32_SFLOAT, 3, ComponentKind::float32},
        {"rgba32f", VK_FORMAT_R32G32B32A32_SFLOAT, 4, ComponentKind::float32},
        {"r32ui", VK_FORMAT_R32_UINT, 1, ComponentKind::uint32},
        {"rg32ui", VK_FORMAT_R32G32_UINT, 2, ComponentKind::uint32},
        {"rgb32ui", VK_FORMAT_R32G32B32_UINT, 3, ComponentKind::uint32},
        {"rgba32ui", VK_FORMAT_R32G32B32A32_UINT, 4, ComponentKind::uint32},
        {"r32i", VK_FORMAT_R32_SINT, 1, ComponentKind::sint32},
        {"rgba32i", VK_FORMAT_R32G32B32A32_SINT, 4, ComponentKind::sint32},
    };
    for (const Row& row : rows)
        if (name == row.name)
            return Format{row.name, static_cast<int>(row.format), row.components, row.kind};
    return std::nullopt;
}

Bytes encode_components(const Format& format, const std::vector<double>& values)
{
    Bytes bytes;
    std::size_t offset = 0;
    for (double value : values)
    {
        switch (format.kind)
        {
        case ComponentKind::unorm8:
            put<std::uint8_t>(bytes, offset, static_cast<std::uint8_t>(std::lround(std::clamp(value, 0.0, 1.0) * 255.0)));
            offset += 1;
            break;
        case ComponentKind::float16:
            put<std::uint16_t>(bytes, offset, float_to_half(static_cast<float>(value)));
            offset += 2;
            break;
        case ComponentKind::float32:
            put<float>(bytes, offset, static_cast<float>(value));
            offset += 4;
            break;
        case ComponentKind::uint32:
            put<std::uint32_t>(bytes, offset, static_cast<std::uint32_t>(static_cast<std::int64_t>(value)));
            offset += 4;
            break;
        case ComponentKind::sint32:
            put<std::int32_t>(bytes, offset, static_cast<std::int32_t>(value));
            offset += 4;
            break;
        }
    }
    return bytes;
}

std::vector<double> decode_components(const Format& format, const Bytes& bytes)
{
    std::vector<double> values;
    const std::size_t size = format.texel_size() / static_cast<std::size_t>(format.components);
    for (std::size_t offset = 0; offset + size <= bytes.size(); offset += size)
    {
        switch (format.kind)
        {
        case ComponentKind::unorm8: values.push_back(bytes[offset] / 255.0); break;
        case ComponentKind::float16: values.push_back(half_to_float(get<std::uint16_t>(bytes, offset))); break;
        case ComponentKind::float32: values.push_back(get<float>(bytes, offset)); break;
        case ComponentKind::uint32: values.push_back(get<std::uint32_t>(bytes, offset)); break;
        case ComponentKind::sint32: values.push_back(get<std::int32_t>(bytes, offset)); break;
        }
    }
    return values;
}

std::uint64_t next_random(std::uint64_t& state)
{
    // splitmix64
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

const Resource* Case::find_resource(const std::string& resource_name) const
{
    for (const auto& r : resources)
        if (r.name() == resource_name)
            return &r;
    return nullptr;
}

const Entry* Case::find_entry(const std::string& entry_name) const
{
    for (const auto& e : entries)
        if (e.name == entry_name)
            return &e;
    return nullptr;
}

const Output* Case::find_output(const std::string& output_name) const
{
    for (const auto& o : outputs)
        if (o.name == output_name)
            return &o;
    return nullptr;
}

Case parse_case_text(const std::string& text, const std::string& path)
{
    Parser parser;
    parser.path = path;
    parser.result.path = path;
    std::istringstream in(text);
    for (std::string raw; std::getline(in, raw);)
    {
        ++parser.line;
        if (auto hash = raw.find('#'); hash != std::string::npos)
            raw.erase(hash);
        auto words = Parser::split(raw);
        if (words.empty())
            continue;
        static const char* data_words[] = {"uint", "int", "float", "half", "at"};
        if (std::find(std::begin(data_words), std::end(data_words), words[0]) != std::end(data_words))
            parser.data(words);
        else
            parser.directive(words);
    }
    parser.close_block();
    if (parser.result.name.empty())
    {
        std::string stem = path.substr(path.find_last_of('/') + 1);
        parser.result.name = stem.substr(0, stem.find('.'));
    }
    parser.check();
    return std::move(parser.result);
}

Case parse_case(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path + ": cannot read the case file");
    std::stringstream text;
    text << in.rdbuf();
    return parse_case_text(text.str(), path);
}

}  // namespace oneshader::exec
