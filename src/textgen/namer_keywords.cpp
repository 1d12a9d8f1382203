#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "textgen/namer.hpp"

// The names each target keeps for itself. WGSL: its keywords, its reserved words and the
// predeclared types, enumerants and built-in functions (the WGSL specification's lists), which a
// declaration could otherwise shadow. MSL: the C++ keywords, the Metal address spaces, attributes'
// words, types and the metal_stdlib functions the backend calls, which `using namespace metal`
// puts in scope, plus `main` (spec page "The MSL backend"). Vector and matrix type names (vec4f,
// float4x4, packed_half3, ...) follow patterns and are matched below rather than listed.
namespace oneshader::textgen {

namespace {

using namespace std::string_view_literals;

constexpr std::string_view kWgsl[] = {
    "NULL"sv, "Self"sv, "abs"sv, "abstract"sv, "acos"sv, "acosh"sv, "active"sv, "alias"sv, "alignas"sv,
    "alignof"sv, "all"sv, "any"sv, "array"sv, "arrayLength"sv, "as"sv, "asin"sv, "asinh"sv, "asm"sv,
    "asm_fragment"sv, "async"sv, "atan"sv, "atan2"sv, "atanh"sv, "atomic"sv, "atomicAdd"sv, "atomicAnd"sv,
    "atomicCompareExchangeWeak"sv, "atomicExchange"sv, "atomicLoad"sv, "atomicMax"sv, "atomicMin"sv,
    "atomicOr"sv, "atomicStore"sv, "atomicSub"sv, "atomicXor"sv, "attribute"sv, "auto"sv, "await"sv,
    "become"sv, "binding_array"sv, "bitcast"sv, "bool"sv, "break"sv, "case"sv, "cast"sv, "catch"sv, "ceil"sv,
    "clamp"sv, "class"sv, "co_await"sv, "co_return"sv, "co_yield"sv, "coherent"sv, "column_major"sv,
    "common"sv, "compile"sv, "compile_fragment"sv, "concept"sv, "const"sv, "const_assert"sv, "const_cast"sv,
    "consteval"sv, "constexpr"sv, "constinit"sv, "continue"sv, "continuing"sv, "cos"sv, "cosh"sv,
    "countLeadingZeros"sv, "countOneBits"sv, "countTrailingZeros"sv, "crate"sv, "cross"sv, "debugger"sv,
    "decltype"sv, "default"sv, "degrees"sv, "delete"sv, "demote"sv, "demote_to_helper"sv, "determinant"sv,
    "diagnostic"sv, "discard"sv, "distance"sv, "do"sv, "dot"sv, "dot4I8Packed"sv, "dot4U8Packed"sv, "dpdx"sv,
    "dpdxCoarse"sv, "dpdxFine"sv, "dpdy"sv, "dpdyCoarse"sv, "dpdyFine"sv, "dynamic_cast"sv, "else"sv,
    "enable"sv, "enum"sv, "exp"sv, "exp2"sv, "explicit"sv, "export"sv, "extends"sv, "extern"sv, "external"sv,
    "extractBits"sv, "f16"sv, "f32"sv, "faceForward"sv, "fallthrough"sv, "false"sv, "filter"sv, "final"sv,
    "finally"sv, "firstLeadingBit"sv, "firstTrailingBit"sv, "floor"sv, "fma"sv, "fn"sv, "for"sv, "fract"sv,
    "frexp"sv, "friend"sv, "from"sv, "function"sv, "fwidth"sv, "fwidthCoarse"sv, "fwidthFine"sv, "fxgroup"sv,
    "get"sv, "goto"sv, "groupshared"sv, "handle"sv, "highp"sv, "i32"sv, "if"sv, "impl"sv, "implements"sv,
    "import"sv, "inline"sv, "insertBits"sv, "instanceof"sv, "interface"sv, "inverseSqrt"sv, "layout"sv,
    "ldexp"sv, "length"sv, "let"sv, "log"sv, "log2"sv, "loop"sv, "lowp"sv, "macro"sv, "macro_rules"sv,
    "match"sv, "max"sv, "mediump"sv, "meta"sv, "min"sv, "mix"sv, "mod"sv, "modf"sv, "module"sv, "move"sv,
    "mut"sv, "mutable"sv, "namespace"sv, "new"sv, "nil"sv, "noexcept"sv, "noinline"sv, "nointerpolation"sv,
    "non_coherent"sv, "noncoherent"sv, "noperspective"sv, "normalize"sv, "null"sv, "nullptr"sv, "of"sv,
    "operator"sv, "override"sv, "pack2x16float"sv, "pack2x16snorm"sv, "pack2x16unorm"sv, "pack4x8snorm"sv,
    "pack4x8unorm"sv, "pack4xI8"sv, "pack4xI8Clamp"sv, "pack4xU8"sv, "pack4xU8Clamp"sv, "package"sv,
    "packoffset"sv, "partition"sv, "pass"sv, "patch"sv, "pixelfragment"sv, "pow"sv, "precise"sv,
    "precision"sv, "premerge"sv, "priv"sv, "private"sv, "protected"sv, "ptr"sv, "pub"sv, "public"sv,
    "quadBroadcast"sv, "quadSwapDiagonal"sv, "quadSwapX"sv, "quadSwapY"sv, "quantizeToF16"sv, "radians"sv,
    "read"sv, "read_write"sv, "readonly"sv, "ref"sv, "reflect"sv, "refract"sv, "regardless"sv, "register"sv,
    "reinterpret_cast"sv, "require"sv, "requires"sv, "resource"sv, "restrict"sv, "return"sv, "reverseBits"sv,
    "round"sv, "sampler"sv, "sampler_comparison"sv, "saturate"sv, "select"sv, "self"sv, "set"sv, "shared"sv,
    "sign"sv, "sin"sv, "sinh"sv, "sizeof"sv, "smooth"sv, "smoothstep"sv, "snorm"sv, "sqrt"sv, "static"sv,
    "static_assert"sv, "static_cast"sv, "std"sv, "step"sv, "storage"sv, "storageBarrier"sv, "struct"sv,
    "subgroupAdd"sv, "subgroupAll"sv, "subgroupAnd"sv, "subgroupAny"sv, "subgroupBallot"sv,
    "subgroupBroadcast"sv, "subgroupBroadcastFirst"sv, "subgroupElect"sv, "subgroupExclusiveAdd"sv,
    "subgroupExclusiveMul"sv, "subgroupInclusiveAdd"sv, "subgroupInclusiveMul"sv, "subgroupMax"sv,
    "subgroupMin"sv, "subgroupMul"sv, "subgroupOr"sv, "subgroupShuffle"sv, "subgroupShuffleDown"sv,
    "subgroupShuffleUp"sv, "subgroupShuffleXor"sv, "subgroupXor"sv, "subroutine"sv, "super"sv, "switch"sv,
    "tan"sv, "tanh"sv, "target"sv, "template"sv, "textureBarrier"sv, "textureDimensions"sv,
    "textureGather"sv, "textureGatherCompare"sv, "textureLoad"sv, "textureNumLayers"sv, "textureNumLevels"sv,
    "textureNumSamples"sv, "textureSample"sv, "textureSampleBaseClampToEdge"sv, "textureSampleBias"sv,
    "textureSampleCompare"sv, "textureSampleCompareLevel"sv, "textureSampleGrad"sv, "textureSampleLevel"sv,
    "textureStore"sv, "texture_1d"sv, "texture_2d"sv, "texture_2d_array"sv, "texture_3d"sv, "texture_cube"sv,
    "texture_cube_array"sv, "texture_depth_2d"sv, "texture_depth_2d_array"sv, "texture_depth_cube"sv,
    "texture_depth_cube_array"sv, "texture_depth_multisampled_2d"sv, "texture_external"sv,
    "texture_multisampled_2d"sv, "texture_storage_1d"sv, "texture_storage_2d"sv,
    "texture_storage_2d_array"sv, "texture_storage_3d"sv, "this"sv, "thread_local"sv, "throw"sv, "trait"sv,
    "transpose"sv, "true"sv, "trunc"sv, "try"sv, "type"sv, "typedef"sv, "typeid"sv, "typename"sv, "typeof"sv,
    "u32"sv, "uniform"sv, "union"sv, "unless"sv, "unorm"sv, "unpack2x16float"sv, "unpack2x16snorm"sv,
    "unpack2x16unorm"sv, "unpack4x8snorm"sv, "unpack4x8unorm"sv, "unpack4xI8"sv, "unpack4xU8"sv, "unsafe"sv,
    "unsized"sv, "use"sv, "using"sv, "var"sv, "varying"sv, "virtual"sv, "volatile"sv, "wgsl"sv, "where"sv,
    "while"sv, "with"sv, "workgroup"sv, "workgroupBarrier"sv, "workgroupUniformLoad"sv, "write"sv,
    "writeonly"sv, "yield"sv,
};

constexpr std::string_view kMsl[] = {
    "NULL"sv, "abs"sv, "access"sv, "acos"sv, "acosh"sv, "alignas"sv, "alignof"sv, "all"sv, "and"sv,
    "and_eq"sv, "any"sv, "array"sv, "array_ref"sv, "as_type"sv, "as_type_ptr"sv, "asin"sv, "asinh"sv,
    "asm"sv, "atan"sv, "atan2"sv, "atanh"sv, "atomic"sv, "atomic_bool"sv,
    "atomic_compare_exchange_weak_explicit"sv, "atomic_exchange_explicit"sv, "atomic_fetch_add_explicit"sv,
    "atomic_fetch_and_explicit"sv, "atomic_fetch_max_explicit"sv, "atomic_fetch_min_explicit"sv,
    "atomic_fetch_or_explicit"sv, "atomic_fetch_sub_explicit"sv, "atomic_fetch_xor_explicit"sv,
    "atomic_float"sv, "atomic_int"sv, "atomic_load_explicit"sv, "atomic_max_explicit"sv,
    "atomic_min_explicit"sv, "atomic_store_explicit"sv, "atomic_uint"sv, "atomic_ulong"sv, "auto"sv,
    "bitand"sv, "bitor"sv, "bool"sv, "break"sv, "case"sv, "catch"sv, "ceil"sv, "char"sv, "char16_t"sv,
    "char32_t"sv, "char8_t"sv, "clamp"sv, "class"sv, "clz"sv, "co_await"sv, "co_return"sv, "co_yield"sv,
    "compl"sv, "concept"sv, "const"sv, "const_cast"sv, "constant"sv, "consteval"sv, "constexpr"sv,
    "constinit"sv, "continue"sv, "copysign"sv, "cos"sv, "cosh"sv, "cospi"sv, "cross"sv, "ctz"sv,
    "decltype"sv, "default"sv, "degrees"sv, "delete"sv, "depth2d"sv, "depth2d_array"sv, "depth2d_ms"sv,
    "depth2d_ms_array"sv, "depthcube"sv, "depthcube_array"sv, "determinant"sv, "device"sv, "dfdx"sv,
    "dfdy"sv, "discard_fragment"sv, "distance"sv, "distance_squared"sv, "do"sv, "dot"sv, "double"sv,
    "dynamic_cast"sv, "else"sv, "enum"sv, "exp"sv, "exp10"sv, "exp2"sv, "explicit"sv, "export"sv, "extern"sv,
    "extract_bits"sv, "fabs"sv, "faceforward"sv, "false"sv, "fast"sv, "fdim"sv, "float"sv, "floor"sv,
    "fma"sv, "fmax"sv, "fmax3"sv, "fmin"sv, "fmin3"sv, "fmod"sv, "for"sv, "fract"sv, "fragment"sv, "frexp"sv,
    "friend"sv, "fwidth"sv, "goto"sv, "half"sv, "if"sv, "inline"sv, "insert_bits"sv, "int"sv,
    "is_function_constant_defined"sv, "isfinite"sv, "isinf"sv, "isnan"sv, "isnormal"sv, "isordered"sv,
    "isunordered"sv, "kernel"sv, "ldexp"sv, "length"sv, "length_squared"sv, "log"sv, "log10"sv, "log2"sv,
    "long"sv, "madd"sv, "main"sv, "matrix"sv, "max"sv, "max3"sv, "median3"sv, "mem_flags"sv,
    "memory_order_relaxed"sv, "metal"sv, "min"sv, "min3"sv, "mix"sv, "modf"sv, "mutable"sv, "namespace"sv,
    "new"sv, "nextafter"sv, "noexcept"sv, "normalize"sv, "not"sv, "not_eq"sv, "nullptr"sv, "object_data"sv,
    "operator"sv, "or"sv, "or_eq"sv, "pack_float_to_unorm4x8"sv, "pack_half_to_unorm2x16"sv, "packed_vec"sv,
    "popcount"sv, "pow"sv, "powr"sv, "precise"sv, "private"sv, "protected"sv, "ptrdiff_t"sv, "public"sv,
    "quad_broadcast"sv, "quad_shuffle"sv, "quad_shuffle_xor"sv, "radians"sv, "ray_data"sv, "reflect"sv,
    "refract"sv, "register"sv, "reinterpret_cast"sv, "requires"sv, "return"sv, "reverse_bits"sv, "rint"sv,
    "rotate"sv, "round"sv, "rsqrt"sv, "sampler"sv, "saturate"sv, "select"sv, "short"sv, "sign"sv,
    "signbit"sv, "signed"sv, "simd_all"sv, "simd_and"sv, "simd_any"sv, "simd_ballot"sv, "simd_broadcast"sv,
    "simd_broadcast_first"sv, "simd_is_first"sv, "simd_max"sv, "simd_min"sv, "simd_or"sv,
    "simd_prefix_exclusive_product"sv, "simd_prefix_exclusive_sum"sv, "simd_prefix_inclusive_product"sv,
    "simd_prefix_inclusive_sum"sv, "simd_product"sv, "simd_shuffle"sv, "simd_shuffle_down"sv,
    "simd_shuffle_up"sv, "simd_shuffle_xor"sv, "simd_sum"sv, "simd_vote"sv, "simd_xor"sv,
    "simdgroup_barrier"sv, "sin"sv, "sincos"sv, "sinh"sv, "sinpi"sv, "size_t"sv, "sizeof"sv, "smoothstep"sv,
    "sqrt"sv, "stage_in"sv, "static"sv, "static_assert"sv, "static_cast"sv, "std"sv, "step"sv, "struct"sv,
    "switch"sv, "tan"sv, "tanh"sv, "tanpi"sv, "template"sv, "texture1d"sv, "texture1d_array"sv,
    "texture2d"sv, "texture2d_array"sv, "texture2d_ms"sv, "texture2d_ms_array"sv, "texture3d"sv,
    "texture_buffer"sv, "texturecube"sv, "texturecube_array"sv, "this"sv, "thread"sv, "thread_local"sv,
    "threadgroup"sv, "threadgroup_barrier"sv, "threadgroup_imageblock"sv, "throw"sv, "transpose"sv, "true"sv,
    "trunc"sv, "try"sv, "typedef"sv, "typeid"sv, "typename"sv, "uchar"sv, "uint"sv, "ulong"sv, "union"sv,
    "unpack_unorm4x8_to_float"sv, "unsigned"sv, "ushort"sv, "using"sv, "vec"sv, "vertex"sv, "virtual"sv,
    "visible"sv, "void"sv, "volatile"sv, "wchar_t"sv, "while"sv, "xor"sv, "xor_eq"sv,
};

// The lists as open-addressing hash sets built at compile time: every name the backends print is
// looked up, and a binary search over hundreds of strings was a tenth of a text backend's time.
constexpr std::uint32_t name_hash(std::string_view s) {
    std::uint32_t h = 2166136261u;  // FNV-1a
    for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h;
}

constexpr std::size_t table_size(std::size_t n) {
    std::size_t size = 1;
    while (size < 2 * n) size *= 2;
    return size;
}

template <std::size_t N>
struct NameSet {
    static constexpr std::size_t kSize = table_size(N);
    std::array<std::string_view, kSize> slots{};

    constexpr explicit NameSet(const std::string_view (&words)[N]) {
        for (std::string_view w : words) {
            std::size_t k = name_hash(w) & (kSize - 1);
            while (!slots[k].empty()) k = (k + 1) & (kSize - 1);
            slots[k] = w;
        }
    }
    bool contains(std::string_view name) const { return contains(name, name_hash(name)); }
    // `hash` is name_hash(name), when the caller has it already.
    bool contains(std::string_view name, std::uint32_t hash) const {
        if (name.empty()) return false;
        for (std::size_t k = hash & (kSize - 1); !slots[k].empty(); k = (k + 1) & (kSize - 1))
            if (slots[k] == name) return true;
        return false;
    }
};

constexpr NameSet kWgslSet(kWgsl);
constexpr NameSet kMslSet(kMsl);

// A name that ends in `_` and digits: the namer's suffixed names (namer.cpp skips the lookup).
constexpr bool ends_in_suffix(std::string_view w) {
    std::size_t k = w.size();
    while (k > 0 && w[k - 1] >= '0' && w[k - 1] <= '9') --k;
    return k < w.size() && k > 0 && w[k - 1] == '_';
}
template <std::size_t N>
constexpr bool none_suffixed(const std::string_view (&words)[N]) {
    for (std::string_view w : words)
        if (ends_in_suffix(w)) return false;
    return true;
}
// The patterns below end in a letter and a digit (vec4, float2x2, packed_half3), never in `_` and digits.
static_assert(none_suffixed(kWgsl) && none_suffixed(kMsl),
              "a reserved word ends in _N: the namer's suffixed names must be looked up again");

bool digit_in(char c, char lo, char hi) { return c >= lo && c <= hi; }

// vec2..vec4 with an optional i/u/f/h; mat2x2..mat4x4 with an optional f/h.
bool wgsl_vector_or_matrix(std::string_view n) {
    if (n.size() < 4 || (n[0] != 'v' && n[0] != 'm')) return false;  // most names: one comparison
    if (n.size() >= 4 && n.substr(0, 3) == "vec" && digit_in(n[3], '2', '4'))
        return n.size() == 4 || (n.size() == 5 && std::string_view("iufh").find(n[4]) != std::string_view::npos);
    if (n.size() >= 6 && n.substr(0, 3) == "mat" && digit_in(n[3], '2', '4') && n[4] == 'x' && digit_in(n[5], '2', '4'))
        return n.size() == 6 || (n.size() == 7 && (n[6] == 'f' || n[6] == 'h'));
    return false;
}

// A scalar name with an optional 2..4 (vectors), RxC (matrices) or packed_ prefix.
bool msl_vector_or_matrix(std::string_view n) {
    if (n.empty() || !digit_in(n.back(), '2', '4')) return false;  // every match ends in a size
    if (n.substr(0, 7) == "packed_") n.remove_prefix(7);
    static constexpr std::string_view kScalars[] = {"bool"sv, "char"sv, "uchar"sv, "short"sv, "ushort"sv, "int"sv,
                                                    "uint"sv, "long"sv, "ulong"sv, "half"sv, "float"sv, "bfloat"sv};
    for (std::string_view s : kScalars) {
        if (n.substr(0, s.size()) != s) continue;
        std::string_view rest = n.substr(s.size());
        if (rest.size() == 1 && digit_in(rest[0], '2', '4')) return true;
        if (rest.size() == 3 && digit_in(rest[0], '2', '4') && rest[1] == 'x' && digit_in(rest[2], '2', '4')) return true;
    }
    return false;
}

}  // namespace

bool is_reserved_name(NameTarget target, std::string_view name) {
    return is_reserved_name(target, name, name_hash(name));
}

bool is_reserved_name(NameTarget target, std::string_view name, std::uint32_t hash) {
    if (target == NameTarget::Wgsl) return kWgslSet.contains(name, hash) || wgsl_vector_or_matrix(name);
    return kMslSet.contains(name, hash) || msl_vector_or_matrix(name);
}

}  // namespace oneshader::textgen
