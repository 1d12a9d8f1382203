#include "driver/cache_key.hpp"

#include <bit>
#include <cstring>

namespace oneshader::driver {

namespace {

// A new CompileOptions field must reach the key, or results compiled with different values of it
// would be shared. When one of these fires, add the field to append_options_key() below, then
// update the size here. (Sizes of the x86-64 libstdc++ build, where CI runs.)
#if defined(__GLIBCXX__) && defined(__x86_64__)
static_assert(sizeof(CompileOptions) == 424, "CompileOptions changed: add the new field to append_options_key()");
static_assert(sizeof(Define) == 72, "Define changed: add the new field to append_options_key()");
static_assert(sizeof(EntryPointRequest) == 40, "EntryPointRequest changed: add the new field to append_options_key()");
static_assert(sizeof(Profile) == 12, "Profile changed: add the new field to append_options_key()");
static_assert(sizeof(BindingOptions) == 104, "BindingOptions changed: add the new field to append_options_key()");
static_assert(sizeof(RegisterShift) == 16, "RegisterShift changed: add the new field to append_options_key()");
static_assert(sizeof(RegisterBinding) == 20, "RegisterBinding changed: add the new field to append_options_key()");
static_assert(sizeof(DescriptorSlot) == 8, "DescriptorSlot changed: add the new field to append_options_key()");
static_assert(sizeof(SpirvOptions) == 72, "SpirvOptions changed: add the new field to append_options_key()");
static_assert(sizeof(PreprocessorLimits) == 24, "PreprocessorLimits changed: add the new field to append_options_key()");
static_assert(sizeof(SpirvDebugInfo) == 5, "SpirvDebugInfo changed: add the new field to append_options_key()");
static_assert(sizeof(SpecializationOverride) == 40, "SpecializationOverride changed: add the new field to append_options_key()");
#endif

// Numbers as LEB128 and strings with their length first, so the encoding is self-delimiting.
class KeyWriter {
public:
    explicit KeyWriter(std::string& out) : out_(out) {}

    void num(std::uint64_t v) {
        do {
            unsigned char byte = v & 0x7f;
            v >>= 7;
            out_.push_back(static_cast<char>(v ? byte | 0x80 : byte));
        } while (v);
    }
    void flag(bool b) { out_.push_back(b ? '\1' : '\0'); }
    void str(std::string_view s) {
        num(s.size());
        out_.append(s);
    }
    template <class T>
    void opt(const std::optional<T>& v, auto&& write) {
        flag(v.has_value());
        if (v) write(*v);
    }
    template <class T>
    void list(const std::vector<T>& items, auto&& write) {
        num(items.size());
        for (const T& item : items) write(item);
    }

private:
    std::string& out_;
};

}  // namespace

void append_options_key(std::string& key, const CompileOptions& o) {
    KeyWriter k(key);
    auto str = [&](const std::string& s) { k.str(s); };
    k.list(o.targets, [&](Target t) { k.num(static_cast<std::uint8_t>(t)); });
    k.list(o.defines, [&](const Define& d) {
        k.str(d.name);
        k.opt(d.value, str);
    });
    k.list(o.include_directories, str);
    // The resolver is a function: it takes part through what it returns, which the cache checks
    // per include on every call (driver/cache_includes.cpp). Whether there is one changes the rules.
    k.flag(static_cast<bool>(o.include_resolver));
    k.list(o.entry_points, [&](const EntryPointRequest& e) {
        k.str(e.name);
        k.num(static_cast<std::uint8_t>(e.stage));
    });
    k.opt(o.profile, [&](const Profile& p) {
        k.num(static_cast<std::uint8_t>(p.stage));
        k.num(static_cast<std::uint32_t>(p.major));
        k.num(static_cast<std::uint32_t>(p.minor));
    });
    k.flag(o.optimize);
    k.flag(o.keep_names);
    k.flag(o.syntax_only);
    k.flag(o.enable_16bit_types);
    k.flag(o.warnings_as_errors);
    k.num(static_cast<std::uint8_t>(o.default_matrix_packing));
    k.num(static_cast<std::uint8_t>(o.buffer_layout));
    k.list(o.bindings.shifts, [&](const RegisterShift& s) {
        k.num(static_cast<unsigned char>(s.register_class));
        k.opt(s.space, [&](std::uint32_t v) { k.num(v); });
        k.num(s.shift);
    });
    k.list(o.bindings.registers, [&](const RegisterBinding& r) {
        k.num(static_cast<unsigned char>(r.register_class));
        k.num(r.number);
        k.num(r.space);
        k.num(r.binding);
        k.num(r.set);
    });
    k.opt(o.bindings.globals, [&](const DescriptorSlot& s) {
        k.num(s.binding);
        k.num(s.set);
    });
    k.flag(o.bindings.auto_shift);
    k.flag(o.bindings.alpha_stage_io_order);
    k.num(o.bindings.default_space);
    for (const std::optional<DescriptorSlot>* heap :
         {&o.bindings.resource_heap, &o.bindings.sampler_heap, &o.bindings.counter_heap})
        k.opt(*heap, [&](const DescriptorSlot& s) {
            k.num(s.binding);
            k.num(s.set);
        });
    k.num(static_cast<std::uint8_t>(o.spirv.target_env));
    k.list(o.spirv.extensions, str);
    k.str(o.spirv.entry_point_name);
    k.flag(o.spirv.invert_y);
    k.flag(o.spirv.reflect);
    k.flag(o.spirv.preserve_bindings);
    k.flag(o.spirv.dx_position_w);
    k.flag(o.spirv.nonzero_base_vertex);
    k.flag(o.spirv.nonzero_base_instance);
    k.num(o.limits.max_output_tokens);
    k.num(o.limits.max_expansion_steps);
    k.num(o.limits.max_include_depth);
    k.flag(o.verify_ir);
    k.str(o.print_after);
    k.flag(o.print_locations);
    k.flag(o.spirv_debug.file);
    k.flag(o.spirv_debug.source);
    k.flag(o.spirv_debug.line);
    k.flag(o.spirv_debug.tool);
    k.flag(o.spirv_debug.vulkan);
    k.list(o.specialization_overrides, [&](const SpecializationOverride& v) {
        k.str(v.name);
        k.num(std::bit_cast<std::uint64_t>(v.value));
    });
    // New CompileOptions fields go here, one line each.
}

std::string make_cache_key(CacheMode mode, std::string_view source, std::string_view path,
                           const CompileOptions& options) {
    std::string key;
    key.reserve(source.size() + path.size() + 96);
    KeyWriter k(key);
    k.num(static_cast<std::uint8_t>(mode));
    k.str(path);
    k.str(source);
    append_options_key(key, options);
    return key;
}

std::uint64_t hash_key(std::string_view bytes) {
    // Four independent multiply-rotate lanes over 32-byte blocks keep the hit path's hash of a
    // few-kilobyte source well under the cost of reading it once; a final mix spreads the bits.
    constexpr std::uint64_t m1 = 0x9e3779b97f4a7c15ull, m2 = 0xc2b2ae3d27d4eb4full, m3 = 0x165667b19e3779f9ull;
    auto rotl = [](std::uint64_t v, int r) { return (v << r) | (v >> (64 - r)); };
    auto load = [](const char* p) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        return v;
    };
    auto lane = [&](std::uint64_t acc, std::uint64_t v) { return rotl(acc + v * m2, 31) * m1; };
    const char* p = bytes.data();
    std::size_t n = bytes.size();
    std::uint64_t a = m1 + m2, b = m2, c = 0, d = 0 - m1;
    for (; n >= 32; p += 32, n -= 32) {
        a = lane(a, load(p));
        b = lane(b, load(p + 8));
        c = lane(c, load(p + 16));
        d = lane(d, load(p + 24));
    }
    std::uint64_t h = rotl(a, 1) + rotl(b, 7) + rotl(c, 12) + rotl(d, 18) + bytes.size();
    for (; n >= 8; p += 8, n -= 8) h = rotl(h ^ lane(0, load(p)), 27) * m1 + m3;
    for (; n > 0; ++p, --n) h = rotl(h ^ (static_cast<unsigned char>(*p) * m3), 11) * m1;
    h ^= h >> 33;
    h *= m2;
    h ^= h >> 29;
    h *= m3;
    h ^= h >> 32;
    return h;
}

}  // namespace oneshader::driver
