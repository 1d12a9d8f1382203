#pragma once
// Methods and subscripts of resource objects (`tex.Sample(s, uv)`, `buf.Store4(a, v)`,
// `tex.mips[l][p]`): the table (resource_methods.def), typing of a method call by overload
// resolution, and the element types of `[]`, `.mips[][]` and `.sample[][]`.
//
// The checker calls `resolve_method_call` for `object.name(args)` when the object's type is a
// ResourceType. An unknown name is OSH0373 with a "Did you mean" suggestion; a name that exists
// but takes other arguments is OSH0376 with the candidates as notes; a method restricted to some
// stages (implicit-derivative sampling) is OSH0372 when the stage is known.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sema/intrinsics.hpp"

namespace oneshader::sema {

constexpr std::uint32_t kind_bit(ResourceKind k) { return 1u << unsigned(k); }

// Sets of resource kinds, as the table's `kinds` column names them.
inline constexpr std::uint32_t kTex1D = kind_bit(ResourceKind::Texture1D);
inline constexpr std::uint32_t kTex1DArray = kind_bit(ResourceKind::Texture1DArray);
inline constexpr std::uint32_t kTex2D = kind_bit(ResourceKind::Texture2D);
inline constexpr std::uint32_t kTex2DArray = kind_bit(ResourceKind::Texture2DArray);
inline constexpr std::uint32_t kTex2DMS = kind_bit(ResourceKind::Texture2DMS);
inline constexpr std::uint32_t kTex2DMSArray = kind_bit(ResourceKind::Texture2DMSArray);
inline constexpr std::uint32_t kTex3D = kind_bit(ResourceKind::Texture3D);
inline constexpr std::uint32_t kCube = kind_bit(ResourceKind::TextureCube);
inline constexpr std::uint32_t kCubeArray = kind_bit(ResourceKind::TextureCubeArray);
inline constexpr std::uint32_t kRWTex1D = kind_bit(ResourceKind::RWTexture1D);
inline constexpr std::uint32_t kRWTex1DArray = kind_bit(ResourceKind::RWTexture1DArray);
inline constexpr std::uint32_t kRWTex2D = kind_bit(ResourceKind::RWTexture2D);
inline constexpr std::uint32_t kRWTex2DArray = kind_bit(ResourceKind::RWTexture2DArray);
inline constexpr std::uint32_t kRWTex3D = kind_bit(ResourceKind::RWTexture3D);
inline constexpr std::uint32_t kTypedBuffers = kind_bit(ResourceKind::Buffer) | kind_bit(ResourceKind::RWBuffer);
inline constexpr std::uint32_t kReadableStructured =
    kind_bit(ResourceKind::StructuredBuffer) | kind_bit(ResourceKind::RWStructuredBuffer);
inline constexpr std::uint32_t kRWStructured = kind_bit(ResourceKind::RWStructuredBuffer);
inline constexpr std::uint32_t kAppend = kind_bit(ResourceKind::AppendStructuredBuffer);
inline constexpr std::uint32_t kConsume = kind_bit(ResourceKind::ConsumeStructuredBuffer);
inline constexpr std::uint32_t kStructured = kReadableStructured | kAppend | kConsume;
inline constexpr std::uint32_t kByteAddress =
    kind_bit(ResourceKind::ByteAddressBuffer) | kind_bit(ResourceKind::RWByteAddressBuffer);
inline constexpr std::uint32_t kRWByteAddress = kind_bit(ResourceKind::RWByteAddressBuffer);
inline constexpr std::uint32_t kSubpass = kind_bit(ResourceKind::SubpassInput);
inline constexpr std::uint32_t kSubpassMS = kind_bit(ResourceKind::SubpassInputMS);

inline constexpr std::uint32_t kSampledOffset = kTex1D | kTex1DArray | kTex2D | kTex2DArray | kTex3D;
inline constexpr std::uint32_t kSampled = kSampledOffset | kCube | kCubeArray;
inline constexpr std::uint32_t kCmpOffset = kTex1D | kTex1DArray | kTex2D | kTex2DArray;
inline constexpr std::uint32_t kCmpSampled = kCmpOffset | kCube | kCubeArray;
inline constexpr std::uint32_t kGatherOffset = kTex2D | kTex2DArray;
inline constexpr std::uint32_t kGather = kGatherOffset | kCube | kCubeArray;
inline constexpr std::uint32_t kMipLoad = kSampledOffset;
inline constexpr std::uint32_t kMultisampled = kTex2DMS | kTex2DMSArray;
inline constexpr std::uint32_t kStorageTextures = kRWTex1D | kRWTex1DArray | kRWTex2D | kRWTex2DArray | kRWTex3D;

// What a backend does with a method: a core opcode, a Metal or WGSL function;
// `unsupported:OSHnnnn` when the target refuses it. Prose for now: the lowering turns every
// method into IR instructions of its own, so no backend reads these columns.
struct TargetMapping {
    std::string_view spirv;
    std::string_view msl;
    std::string_view wgsl;
};

// One row of the table: one form of a method.
struct MethodInfo {
    std::string_view name;
    std::uint32_t kinds;  // kind_bit set
    std::string_view result;
    std::string_view params;
    std::uint8_t stages;  // StageBits
    std::uint32_t flags;  // IntrinsicFlags
    TargetMapping targets;
};

std::span<const MethodInfo> method_table();
// Each method name once, in the order of its first row in method_table(): a method's IntrinsicId
// is kFirstMethodId plus its position here.
std::span<const std::string_view> method_name_order();
// The forms of `name` that a resource of `kind` has, in table order.
std::vector<const MethodInfo*> find_methods(ResourceKind kind, std::string_view name);
// Whether find_methods would find any, without building the list.
bool has_method(ResourceKind kind, std::string_view name);
// Every method name a resource of `kind` has, sorted, without repeats.
std::vector<std::string_view> method_names(ResourceKind kind);
// `E Sample(SamplerState s, Coord location)`.
std::string method_signature_text(const MethodInfo& m);

// The words of the signature language that stand for types of this object (E, Coord, ...).
// Exposed for tests and docs: Texture2DArray's Coord is float3, its Offset int2.
const Type* method_placeholder(TypeContext& types, const ResourceType* object, std::string_view word);

struct ResolvedMethodCall {
    const MethodInfo* method = nullptr;
    const Type* result = nullptr;
    support::SmallVec<ParamType, 4> params;
    support::SmallVec<ConversionRank, 4> ranks;
};

// Types `object.name<template_arg>(args)`; template_arg is null without `<...>` (it is only
// meaningful for Load<T>/Store<T> of byte-address buffers). nullopt after an error.
std::optional<ResolvedMethodCall> resolve_method_call(TypeContext& types, const ResourceType* object,
                                                      std::string_view name, std::span<const CallArg> args,
                                                      const Type* template_arg, const CallSite& site);

// `object[index]`, `object.mips[level][index]`, `object.sample[sample][index]`: the type the
// innermost index converts to, the element type, and whether the element may be assigned.
struct SubscriptInfo {
    const Type* index = nullptr;  // uint, uint2, uint3 (texel and layer)
    const Type* element = nullptr;
    bool writable = false;
};
enum class SubscriptForm : std::uint8_t { Direct, Mips, Sample };
// nullopt when the resource has no such subscript (a TextureCube, a ByteAddressBuffer, `.mips`
// on a multisampled texture).
std::optional<SubscriptInfo> resource_subscript(TypeContext& types, const ResourceType* object,
                                                SubscriptForm form = SubscriptForm::Direct);

}  // namespace oneshader::sema
