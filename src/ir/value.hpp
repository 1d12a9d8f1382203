#pragma once
// Values: everything an instruction can take as an operand. Constants, specialization constants
// and globals belong to the module; arguments and instructions to one function. All live in the
// module's arena and are referred to by plain pointers; nothing here owns anything.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "ir/enums.hpp"
#include "support/source_manager.hpp"
#include "types/types.hpp"

namespace oneshader::ir {

class Function;
class Module;

enum class ValueKind : std::uint8_t { Constant, SpecConstant, Argument, Global, Instruction };

class Value {
public:
    Value(const Value&) = delete;
    Value& operator=(const Value&) = delete;

    ValueKind kind() const { return kind_; }
    const sema::Type* type() const { return type_; }
    void set_type(const sema::Type* t) { type_ = t; }
    // A source name, for the dump's comments and for backends that keep names. Never part of
    // identity or ordering.
    std::string_view name() const { return name_; }
    void set_name_raw(std::string_view arena_copy) { name_ = arena_copy; }

    // A word for the pass that runs now (a mark, a number), so it needs no side table keyed by
    // the value. Nothing carries over between passes: a pass sets it on every value it reads it
    // from before reading it.
    std::uint32_t scratch() const { return scratch_; }
    void set_scratch(std::uint32_t v) const { scratch_ = v; }

    template <class T>
    T* as() {
        return kind_ == T::kKind ? static_cast<T*>(this) : nullptr;
    }
    template <class T>
    const T* as() const {
        return kind_ == T::kKind ? static_cast<const T*>(this) : nullptr;
    }
    template <class T>
    bool is() const {
        return kind_ == T::kKind;
    }

protected:
    Value(ValueKind kind, const sema::Type* type) : kind_(kind), type_(type) {}
    ~Value() = default;

private:
    ValueKind kind_;
    mutable std::uint32_t scratch_ = 0;  // fills padding: Value stays 32 bytes
    const sema::Type* type_;
    std::string_view name_;
};

enum class ConstantKind : std::uint8_t {
    Scalar,     // `bits` holds the value
    Composite,  // `elements` holds one constant per vector component, matrix row, array element or member
    Zero,       // every bit zero, of any type (a zero-initialized aggregate without spelling it out)
    Undef,      // any value; what a phi gets on a path where a variable was never written
};

// Interned by the module: two equal constants are one object. Scalars keep their exact bits in
// the width of their type (a float is its IEEE-754 binary32 pattern, a bool 0 or 1, an int its
// two's complement bits masked to the width), so folding can wrap exactly as the GPU does.
class Constant final : public Value {
public:
    static constexpr ValueKind kKind = ValueKind::Constant;
    Constant(const sema::Type* t, ConstantKind k, std::uint64_t b, std::span<Constant* const> e)
        : Value(kKind, t), constant_kind(k), bits(b), elements(e) {}

    bool is_scalar() const { return constant_kind == ConstantKind::Scalar; }

    const ConstantKind constant_kind;
    const std::uint64_t bits;
    const std::span<Constant* const> elements;
};

// A scalar with an id whose value the pipeline may replace at pipeline creation. Deliberately not
// a Constant: no pass folds it, so code depending on it survives optimization.
class SpecConstant final : public Value {
public:
    static constexpr ValueKind kKind = ValueKind::SpecConstant;
    SpecConstant(const sema::Type* t, std::uint32_t i, Constant* d) : Value(kKind, t), id(i), default_value(d) {}
    std::uint32_t id;
    Constant* default_value;
};

class Argument final : public Value {
public:
    static constexpr ValueKind kKind = ValueKind::Argument;
    Argument(const sema::Type* t, Function* f, std::uint32_t i) : Value(kKind, t), function(f), index(i) {}
    Function* function;
    std::uint32_t index;
};

enum class GlobalKind : std::uint8_t { Private, Workgroup, Input, Output, Resource };

// A module-scope variable. Its value is a pointer (`ptr<space, value_type>`); the kind follows from
// the address space: UniformConstant, Uniform, StorageBuffer and PushConstant are resources.
class Global final : public Value {
public:
    static constexpr ValueKind kKind = ValueKind::Global;
    explicit Global(const sema::PointerType* t) : Value(kKind, t) {}

    const sema::PointerType* pointer_type() const { return static_cast<const sema::PointerType*>(type()); }
    sema::AddressSpace space() const { return pointer_type()->space; }
    const sema::Type* value_type() const { return pointer_type()->pointee; }
    GlobalKind global_kind() const;

    Module* module = nullptr;
    std::optional<std::uint32_t> set;
    std::optional<std::uint32_t> binding;
    std::optional<std::uint32_t> location;  // stage variables with a user semantic
    std::optional<BuiltIn> builtin;          // stage variables with an SV_ semantic
    std::uint8_t interpolation = 0;          // sema::InterpolationBits
    // A pixel input read per vertex (GetAttributeAtVertex): its value type is an array of the
    // primitive's three vertices' values, and the array takes no locations of its own.
    bool per_vertex = false;
    // Where the source first reads it at one vertex (the GetAttributeAtVertex call), for the
    // targets that refuse such reads; invalid when nothing does.
    support::SourceLoc per_vertex_read;
    ImageFormat image_format = ImageFormat::Unknown;
    // A SubpassInput(MS): the index of its attachment among the subpass's input attachments.
    std::optional<std::uint32_t> input_attachment_index;
    Constant* initializer = nullptr;         // Private only; its type is value_type()
    // Kept only when the SPIR-V output carries HLSL reflection (-fspv-reflect), in the module's
    // arena: a stage variable's semantic as written ("TEXCOORD0"), and a resource's HLSL type in
    // SPV_GOOGLE_user_type's spelling ("texture2d:<float4>"). Never holds a quote.
    std::string_view semantic;
    std::string_view user_type;
    // An append/consume buffer's hidden counter: the buffer it counts for (with HLSL reflection
    // only, for SPIR-V's CounterBuffer decoration).
    Global* counter_for = nullptr;
    // A structured buffer's hidden counter (or the array of them, for an array of buffers), where
    // legalize_resources resolves a CounterOf to it; null when it has none.
    Global* counter = nullptr;
    // Its declaration (a stage variable's: the parameter or member with the semantic), where a
    // backend reports what it cannot declare; invalid when generated.
    support::SourceLoc loc;
};

GlobalKind global_kind_of(sema::AddressSpace space);
inline GlobalKind Global::global_kind() const { return global_kind_of(space()); }

}  // namespace oneshader::ir
