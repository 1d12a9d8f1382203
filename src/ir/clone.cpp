#include "ir/clone.hpp"

#include <vector>

#include "ir/util.hpp"

namespace oneshader::ir {

namespace {

// Original value -> copy, for every value of the module (constants, spec constants, globals,
// arguments, instructions), and original function/block -> copy. Values are numbered in their
// scratch words while the module is copied (ir::Value::scratch; no pass runs meanwhile), so
// mapping an operand is an array read: a pointer map cost a hash lookup per operand.
struct CloneMap {
    std::vector<const Value*> originals;  // by number
    std::vector<Value*> copies;           // by number
    PointerMap<const Function*, Function*> functions;
    PointerMap<const Block*, Block*> blocks;

    void add(const Value* from, Value* to) {
        from->set_scratch(static_cast<std::uint32_t>(originals.size()));
        originals.push_back(from);
        copies.push_back(to);
    }
    // The copy of `v`; `v` itself when it is no value of the module being copied.
    template <class T>
    T* value(T* v) const {
        if (!v) return nullptr;
        const std::uint32_t k = v->scratch();
        return k < originals.size() && originals[k] == v ? static_cast<T*>(copies[k]) : v;
    }
    Function* function(Function* f) const {
        if (!f) return nullptr;
        auto it = functions.find(f);
        return it == functions.end() ? f : it->second;
    }
    Block* block(Block* b) const {
        if (!b) return nullptr;
        auto it = blocks.find(b);
        return it == blocks.end() ? b : it->second;
    }
};

void clone_constants(const Module& from, Module& into, CloneMap& map) {
    // Creation order puts every element before the composite that holds it, and re-interning in
    // that order gives the copy the same constant list.
    std::vector<Constant*> elements;
    for (Constant* c : from.constants()) {
        Constant* copy = nullptr;
        switch (c->constant_kind) {
            case ConstantKind::Scalar:
                copy = into.scalar_constant(static_cast<const sema::ScalarType*>(c->type()), c->bits);
                break;
            case ConstantKind::Composite:
                elements.clear();
                for (Constant* e : c->elements) elements.push_back(map.value(e));
                copy = into.composite_constant(c->type(), elements);
                break;
            case ConstantKind::Zero: copy = into.zero_constant(c->type()); break;
            case ConstantKind::Undef: copy = into.undef_constant(c->type()); break;
        }
        copy->set_name_raw(c->name());
        map.add(c, copy);
    }
}

void clone_globals(const Module& from, Module& into, CloneMap& map) {
    for (SpecConstant* s : from.spec_constants) {
        SpecConstant* copy = into.add_spec_constant(static_cast<const sema::ScalarType*>(s->type()), s->id,
                                                    map.value(s->default_value), {});
        copy->set_name_raw(s->name());
        map.add(s, copy);
    }
    for (Global* g : from.globals) {
        Global* copy = into.add_global(g->space(), g->value_type(), {});
        copy->set_name_raw(g->name());
        copy->set = g->set;
        copy->binding = g->binding;
        copy->location = g->location;
        copy->builtin = g->builtin;
        copy->interpolation = g->interpolation;
        copy->per_vertex = g->per_vertex;
        copy->per_vertex_read = g->per_vertex_read;
        copy->loc = g->loc;
        copy->image_format = g->image_format;
        copy->input_attachment_index = g->input_attachment_index;
        copy->semantic = g->semantic;  // the names' arena, as the name's
        copy->user_type = g->user_type;
        copy->initializer = map.value(g->initializer);
        if (g->counter_for) copy->counter_for = static_cast<Global*>(map.value(g->counter_for));
        map.add(g, copy);
    }
}

// The function's shell: arguments and empty blocks, so calls and branches anywhere can be mapped
// before any body is copied.
void clone_shell(const Function& f, Module& into, CloneMap& map) {
    Function* copy = into.add_function(f.name, f.result_type);
    map.functions[&f] = copy;
    copy->arguments.reserve(f.arguments.size());
    copy->blocks.reserve(f.blocks.size());
    for (Argument* a : f.arguments) {
        Argument* ca = into.add_argument(copy, a->type(), {});
        ca->set_name_raw(a->name());
        map.add(a, ca);
    }
    for (Block* b : f.blocks) {
        Block* cb = into.add_block(copy);
        cb->set_name_raw(b->name());
        map.blocks[b] = cb;
    }
}

void clone_body(const Function& f, Module& into, CloneMap& map) {
    // First every instruction, so operands may refer forward (phis, uses in blocks laid out before
    // the definition); then the references.
    for (Block* b : f.blocks) {
        Block* cb = map.block(b);
        cb->instructions.reserve(b->instructions.size());
        for (Instruction* i : b->instructions) {
            Instruction* c = copy_instruction(into, *i);
            c->block = cb;
            cb->instructions.push_back(c);
            map.add(i, c);
        }
        cb->structure = b->structure;
        cb->merge = map.block(b->merge);
        cb->continue_block = map.block(b->continue_block);
        cb->hint = b->hint;
        cb->unroll_count = b->unroll_count;
    }
    for (Block* b : f.blocks) {
        Block* cb = map.block(b);
        for (std::size_t k = 0; k < b->instructions.size(); ++k) {
            const Instruction* i = b->instructions[k];
            Instruction* c = cb->instructions[k];
            for (Value*& v : c->operands) v = map.value(v);
            for (Block*& t : c->targets) t = map.block(t);
            c->callee = map.function(i->callee);
        }
    }
}

}  // namespace

Instruction* copy_instruction(Module& m, const Instruction& i) {
    Instruction* c = m.make_instruction(i.opcode, i.type());
    c->set_name_raw(i.name());
    c->loc = i.loc;
    c->precise = i.precise;
    c->operands = i.operands;
    c->immediates = i.immediates;
    c->targets = i.targets;
    c->callee = i.callee;
    c->intrinsic = i.intrinsic;
    return c;
}

void clone_module(const Module& from, Module& into) {
    for (std::string_view s : from.strings()) into.add_string(s);
    CloneMap map;
    // Sized once: growing the maps as they fill rehashed every entry several times.
    std::size_t values = from.constants().size() + from.spec_constants.size() + from.globals.size();
    std::size_t blocks = 0;
    for (const Function* f : from.functions) {
        values += f->arguments.size();
        blocks += f->blocks.size();
        for (const Block* b : f->blocks) values += b->instructions.size();
    }
    map.originals.reserve(values);
    map.copies.reserve(values);
    map.blocks.reserve(blocks);
    map.functions.reserve(from.functions.size());
    into.reserve(from.constants().size(), from.spec_constants.size(), from.globals.size(), from.functions.size());
    into.entry_points.reserve(from.entry_points.size());
    clone_constants(from, into, map);
    clone_globals(from, into, map);
    for (Function* f : from.functions) clone_shell(*f, into, map);
    for (Function* f : from.functions) clone_body(*f, into, map);
    for (EntryPoint* ep : from.entry_points) {
        EntryPoint* copy = into.add_entry_point(ep->stage, map.function(ep->function));
        copy->inputs.reserve(ep->inputs.size());
        copy->outputs.reserve(ep->outputs.size());
        for (Global* g : ep->inputs) copy->inputs.push_back(map.value(g));
        for (Global* g : ep->outputs) copy->outputs.push_back(map.value(g));
        copy->workgroup_size = ep->workgroup_size;
    }
}

}  // namespace oneshader::ir
