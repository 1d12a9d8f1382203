#include "ir/module.hpp"

#include <algorithm>
#include <bit>

#include "ir/float_bits.hpp"

namespace oneshader::ir {

GlobalKind global_kind_of(sema::AddressSpace space) {
    switch (space) {
    case sema::AddressSpace::Private:
    case sema::AddressSpace::Function:  // never valid for a global; the verifier says so
        return GlobalKind::Private;
    case sema::AddressSpace::Workgroup:
        return GlobalKind::Workgroup;
    case sema::AddressSpace::Input:
        return GlobalKind::Input;
    case sema::AddressSpace::Output:
        return GlobalKind::Output;
    default:
        return GlobalKind::Resource;
    }
}

bool Instruction::has_result() const { return type() && type()->kind() != sema::TypeKind::Void; }

Instruction* Block::terminator() const {
    if (instructions.empty() || !is_terminator(instructions.back()->opcode)) return nullptr;
    return instructions.back();
}

std::span<Block* const> successors(const Block* b) {
    Instruction* t = b->terminator();
    if (!t) return {};
    switch (t->opcode) {
    case Opcode::Branch:
    case Opcode::CondBranch:
    case Opcode::Switch:
        return t->targets;
    default:
        return {};
    }
}

namespace {

std::uint64_t constant_hash(const sema::Type* type, ConstantKind kind, std::uint64_t bits,
                            std::span<Constant* const> elements) {
    auto mix = [](std::uint64_t h, std::uint64_t v) {
        h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        return h;
    };
    std::uint64_t h = mix(reinterpret_cast<std::uintptr_t>(type) >> 4, static_cast<std::uint64_t>(kind));
    h = mix(h, bits);
    for (const Constant* e : elements) h = mix(h, reinterpret_cast<std::uintptr_t>(e) >> 3);
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
}

bool same_constant(const Constant* c, const sema::Type* type, ConstantKind kind, std::uint64_t bits,
                   std::span<Constant* const> elements) {
    return c->type() == type && c->constant_kind == kind && c->bits == bits &&
           std::equal(c->elements.begin(), c->elements.end(), elements.begin(), elements.end());
}

}  // namespace

Constant* Module::intern(const sema::Type* type, ConstantKind kind, std::uint64_t bits,
                         std::span<Constant* const> elements) {
    const std::uint64_t h = constant_hash(type, kind, bits, elements);
    if (!interned_.empty()) {
        const std::size_t mask = interned_.size() - 1;
        for (std::size_t s = h & mask; interned_[s]; s = (s + 1) & mask)
            if (same_constant(interned_[s], type, kind, bits, elements)) return interned_[s];
    }
    std::span<Constant*> stored = arena_.make_array<Constant*>(elements.size());
    for (std::size_t i = 0; i < elements.size(); ++i) stored[i] = elements[i];
    Constant* c = arena_.make<Constant>(type, kind, bits, std::span<Constant* const>(stored));
    constants_.push_back(c);
    if (2 * constants_.size() > interned_.size()) {
        // Grow and put every constant back (this one included).
        interned_.assign(interned_.empty() ? 64 : 2 * interned_.size(), nullptr);
        const std::size_t mask = interned_.size() - 1;
        for (Constant* k : constants_) {
            std::size_t s = constant_hash(k->type(), k->constant_kind, k->bits, k->elements) & mask;
            while (interned_[s]) s = (s + 1) & mask;
            interned_[s] = k;
        }
        return c;
    }
    const std::size_t mask = interned_.size() - 1;
    std::size_t s = h & mask;
    while (interned_[s]) s = (s + 1) & mask;
    interned_[s] = c;
    return c;
}

void Module::reserve(std::size_t n_constants, std::size_t n_spec_constants, std::size_t n_globals, std::size_t n_functions) {
    constants_.reserve(n_constants);
    spec_constants.reserve(n_spec_constants);
    globals.reserve(n_globals);
    functions.reserve(n_functions);
    if (constants_.empty() && interned_.size() < 2 * n_constants) {
        // The table intern() would grow to for this many constants, at once.
        std::size_t size = 64;
        while (size < 2 * n_constants) size *= 2;
        interned_.assign(size, nullptr);
    }
}

Constant* Module::scalar_constant(const sema::ScalarType* type, std::uint64_t bits) {
    if (type->scalar == sema::ScalarKind::Bool) bits = bits ? 1 : 0;
    unsigned width = type->scalar == sema::ScalarKind::LiteralInt || type->scalar == sema::ScalarKind::LiteralFloat
                         ? 64u
                         : type->bits;
    return intern(type, ConstantKind::Scalar, mask_bits(bits, width), {});
}

Constant* Module::bool_constant(bool v) { return scalar_constant(types_.scalar(sema::ScalarKind::Bool), v); }

Constant* Module::int_constant(std::int32_t v) {
    return scalar_constant(types_.scalar(sema::ScalarKind::Int), static_cast<std::uint32_t>(v));
}

Constant* Module::uint_constant(std::uint32_t v) { return scalar_constant(types_.scalar(sema::ScalarKind::UInt), v); }

Constant* Module::float_constant(float v) {
    return scalar_constant(types_.scalar(sema::ScalarKind::Float), std::bit_cast<std::uint32_t>(v));
}

Constant* Module::float_constant(const sema::ScalarType* type, double v) {
    unsigned width = type->scalar == sema::ScalarKind::LiteralFloat ? 64u : type->bits;
    return scalar_constant(type, float_bits(v, width));
}

Constant* Module::composite_constant(const sema::Type* type, std::span<Constant* const> elements) {
    return intern(type, ConstantKind::Composite, 0, elements);
}

Constant* Module::zero_constant(const sema::Type* type) { return intern(type, ConstantKind::Zero, 0, {}); }

Constant* Module::undef_constant(const sema::Type* type) { return intern(type, ConstantKind::Undef, 0, {}); }

SpecConstant* Module::add_spec_constant(const sema::ScalarType* type, std::uint32_t id, Constant* default_value,
                                        std::string_view name) {
    SpecConstant* s = arena_.make<SpecConstant>(type, id, default_value);
    set_name(s, name);
    spec_constants.push_back(s);
    return s;
}

Global* Module::add_global(sema::AddressSpace space, const sema::Type* value_type, std::string_view name) {
    Global* g = arena_.make<Global>(types_.pointer(space, value_type));
    g->module = this;
    set_name(g, name);
    globals.push_back(g);
    return g;
}

Function* Module::add_function(std::string_view name, const sema::Type* result_type) {
    Function* f = arena_.make<Function>(this, arena_.copy(name), result_type);
    functions.push_back(f);
    return f;
}

Argument* Module::add_argument(Function* f, const sema::Type* type, std::string_view name) {
    Argument* a = arena_.make<Argument>(type, f, static_cast<std::uint32_t>(f->arguments.size()));
    set_name(a, name);
    f->arguments.push_back(a);
    return a;
}

// Nothing of a block or a function is on the heap: the arena registers no destructor for one.
static_assert(std::is_trivially_destructible_v<Block> && std::is_trivially_destructible_v<Function>);

Function::Function(Module* m, std::string_view n, const sema::Type* result)
    : module(m), name(n), result_type(result), arguments(m->list_pool()), blocks(m->list_pool()) {}

Block::Block(Function* f) : function(f), instructions(f->module->list_pool()) {}

Block* Module::add_block(Function* f, std::string_view name) {
    Block* b = arena_.make<Block>(f);
    set_name(b, name);
    if (f->blocks.capacity() == 0) f->blocks.reserve(8);  // not 1, 2, 4 and 8 one after another
    f->blocks.push_back(b);
    return b;
}

EntryPoint* Module::add_entry_point(ShaderStage stage, Function* f) {
    EntryPoint* e = arena_.make<EntryPoint>();
    e->stage = stage;
    e->function = f;
    entry_points.push_back(e);
    return e;
}

std::int64_t Module::add_string(std::string_view s) {
    // A shader has a handful of formats, so a scan is cheaper than a map.
    for (std::size_t k = 0; k < strings_.size(); ++k)
        if (strings_[k] == s) return static_cast<std::int64_t>(k);
    strings_.push_back(arena_.copy(s));
    return static_cast<std::int64_t>(strings_.size() - 1);
}

Function* Module::find_function(std::string_view name) const {
    for (Function* f : functions)
        if (f->name == name) return f;
    return nullptr;
}

SpecConstant* Module::find_spec_constant(std::uint32_t id) const {
    for (SpecConstant* s : spec_constants)
        if (s->id == id) return s;
    return nullptr;
}

Instruction* Module::make_instruction(Opcode op, const sema::Type* type) {
    return arena_.make<Instruction>(op, type ? type : types_.void_type());
}

}  // namespace oneshader::ir
