#include "ir/verifier.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "ir/cfg.hpp"
#include "ir/dominators.hpp"
#include "ir/type_rules.hpp"
#include "ir/verifier_impl.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace oneshader::ir {

namespace verify_detail {

std::string FunctionCheck::where(const Instruction* i, const Block* in) const {
    std::string s = std::string("@").append(f.name) + " " + n.block(in ? in : i->block) + " ";
    if (i->has_result()) s += n.value(i) + " = ";
    return s + std::string(mnemonic(i->opcode)) + ": ";
}

std::string FunctionCheck::type(const sema::Type* t) const { return type_text(t, n.struct_names()); }

}  // namespace verify_detail

namespace {

using verify_detail::FunctionCheck;
using verify_detail::check_structure;

// Each type once: members may share a type at every level (a struct DAG), which a walk as a tree
// visits exponentially often. A type seen before answered false (a true answer ends the walk).
bool contains_pointer(const sema::Type* t, std::unordered_set<const sema::Type*>& seen) {
    while (t && seen.insert(t).second) {
        if (t->is<sema::PointerType>()) return true;
        if (const auto* a = t->as<sema::ArrayType>()) {
            t = a->element;
            continue;
        }
        if (const auto* s = t->as<sema::StructType>()) {
            for (const sema::StructMember& mem : s->members)
                if (contains_pointer(mem.type, seen)) return true;
            t = s->base;
            continue;
        }
        return false;
    }
    return false;
}

bool contains_pointer(const sema::Type* t) {
    std::unordered_set<const sema::Type*> seen;
    return contains_pointer(t, seen);
}

class Verifier {
public:
    explicit Verifier(const Module& m) : m_(m), names_(name_structs(m)) {
        for (const Constant* c : m.constants()) constants_.insert(c);
        for (const Global* g : m.globals) globals_.insert(g);
        for (const SpecConstant* s : m.spec_constants) specs_.insert(s);
        for (const Function* f : m.functions) functions_.insert(f);
    }

    std::vector<std::string> run() {
        check_constants();
        check_spec_constants();
        check_globals();
        std::unordered_set<std::string_view> names;
        for (const Function* f : m_.functions) {
            if (!f) {
                out_.push_back("module: null function");
                continue;
            }
            if (f->name.empty()) out_.push_back("module: a function has no name");
            if (!names.insert(f->name).second) out_.push_back(std::string("@").append(f->name) + ": function name used twice");
            if (f->module != &m_) out_.push_back(std::string("@").append(f->name) + ": function's module link is wrong");
            check_function(*f);
        }
        check_entry_points();
        return std::move(out_);
    }

private:
    std::string type(const sema::Type* t) const { return type_text(t, names_); }

    void check_constants() {
        for (const Constant* c : m_.constants()) {
            // Spelled only for a message: the text of a constant shared across a DAG of structs
            // is exponentially longer than the constant.
            auto what = [&] { return "constant " + constant_text(c, names_) + ": "; };
            // Scalars get their type and masked bits from Module::scalar_constant; composites are
            // put together by the caller.
            if (c->constant_kind == ConstantKind::Composite) {
                for (std::size_t k = 0; k < c->elements.size(); ++k) {
                    const sema::Type* et = composite_element_type_of(c->type(), k);
                    if (!et || c->elements[k]->type() != et) {
                        out_.push_back(what() + "element " + std::to_string(k) + " does not fit " + type(c->type()));
                        break;
                    }
                }
                std::size_t want = element_count(c->type());
                if (want != c->elements.size())
                    out_.push_back(what() + type(c->type()) + " needs " + std::to_string(want) + " elements");
            }
        }
    }

    const sema::Type* composite_element_type_of(const sema::Type* t, std::size_t k) const;
    static std::size_t element_count(const sema::Type* t) {
        if (const auto* v = t->as<sema::VectorType>()) return v->count;
        if (const auto* mt = t->as<sema::MatrixType>()) return mt->rows;
        if (const auto* a = t->as<sema::ArrayType>()) return a->length;
        if (const auto* s = t->as<sema::StructType>()) return s->members.size() + (s->base ? 1 : 0);
        return 0;
    }

    void check_spec_constants() {
        std::unordered_set<std::uint32_t> ids;
        for (const SpecConstant* s : m_.spec_constants) {
            std::string what = "spec " + std::to_string(s->id) + ": ";
            if (!s->type() || !s->type()->is<sema::ScalarType>()) out_.push_back(what + "type must be a scalar");
            if (!s->default_value || s->default_value->type() != s->type() || !s->default_value->is_scalar())
                out_.push_back(what + "default value must be a scalar constant of type " + type(s->type()));
            else if (!constants_.count(s->default_value))
                out_.push_back(what + "default value is not a constant of this module");
            if (!ids.insert(s->id).second) out_.push_back(what + "id used twice");
        }
    }

    void check_globals() {
        Numbering n(&m_, nullptr, &names_);
        for (const Global* g : m_.globals) {
            std::string what = n.value(g) + ": ";
            const auto* p = g->type() ? g->type()->as<sema::PointerType>() : nullptr;
            if (!p) {
                out_.push_back(what + "a global's type must be a pointer");
                continue;
            }
            if (g->module != &m_) out_.push_back(what + "global's module link is wrong");
            if (p->space == sema::AddressSpace::Function) out_.push_back(what + "a global cannot be in function space");
            // A static holding resources holds references until legalize_resources localizes it.
            if (contains_pointer(p->pointee) &&
                (p->space != sema::AddressSpace::Private || !pointers_are_resource_refs(p->pointee)))
                out_.push_back(what + "pointers cannot be stored in memory (only resource references in private "
                                      "globals, until legalize_resources)");
            if (g->initializer) {
                if (g->global_kind() != GlobalKind::Private)
                    out_.push_back(what + "only private globals have initializers");
                if (g->initializer->type() != p->pointee->value_type())
                    out_.push_back(what + "initializer has type " + type(g->initializer->type()) + ", expected " +
                                   type(p->pointee->value_type()));
            }
            GlobalKind k = g->global_kind();
            bool stage = k == GlobalKind::Input || k == GlobalKind::Output;
            if (stage && !g->location && !g->builtin)
                out_.push_back(what + "a stage variable needs a location or a builtin");
            if (stage && g->location && g->builtin) out_.push_back(what + "a stage variable has a location or a builtin, not both");
            if (!stage && (g->location || g->builtin || g->interpolation))
                out_.push_back(what + "location, builtin and interpolation are for stage variables");
            if (g->per_vertex) {
                const auto* a = g->value_type()->value_type()->as<sema::ArrayType>();
                if (k != GlobalKind::Input || g->builtin || !a || a->length != 3)
                    out_.push_back(what + "a per-vertex variable is an input with a location and an array of 3");
            }
            bool resource = k == GlobalKind::Resource;
            if (resource && p->space != sema::AddressSpace::PushConstant && !g->binding)
                out_.push_back(what + "a resource needs a binding");
            if (!resource && (g->set || g->binding)) out_.push_back(what + "set and binding are for resources");
            if (g->image_format != ImageFormat::Unknown) {
                const auto* r = sema::innermost_element(p->pointee)->as<sema::ResourceType>();
                if (!r || !(sema::is_storage_texture(r->resource) || r->resource == sema::ResourceKind::RWBuffer ||
                            r->resource == sema::ResourceKind::Buffer))
                    out_.push_back(what + "an image format is for read-write textures and texel buffers");
            }
        }
    }

    void check_entry_points() {
        Numbering n(&m_, nullptr, &names_);
        for (const EntryPoint* e : m_.entry_points) {
            std::string what = "entry " + std::string(stage_name(e->stage)) + " @" +
                               (e->function ? std::string(e->function->name) : std::string("<null>")) + ": ";
            if (!e->function || !functions_.count(e->function)) {
                out_.push_back(what + "the function is not in the module");
                continue;
            }
            if (!e->function->arguments.empty() || e->function->result_type != m_.types().void_type())
                out_.push_back(what + "an entry point's function takes nothing and returns void");
            auto check_list = [&](const std::vector<Global*>& list, GlobalKind kind, const char* role) {
                for (const Global* g : list)
                    if (!globals_.count(g) || g->global_kind() != kind)
                        out_.push_back(what + n.value(g) + " is not an " + role + " global of this module");
            };
            check_list(e->inputs, GlobalKind::Input, "input");
            check_list(e->outputs, GlobalKind::Output, "output");
            bool any = e->workgroup_size[0] || e->workgroup_size[1] || e->workgroup_size[2];
            bool all = e->workgroup_size[0] && e->workgroup_size[1] && e->workgroup_size[2];
            if (e->stage == ShaderStage::Compute && !all)
                out_.push_back(what + "a compute entry point needs a workgroup size of at least 1 in each dimension");
            if (e->stage != ShaderStage::Compute && any) out_.push_back(what + "only compute entry points have a workgroup size");
        }
    }

    void check_function(const Function& f) {
        Numbering n(&m_, &f, &names_);
        FunctionCheck fc{m_, f, n, out_};
        std::string fname = "@" + std::string(f.name);
        if (f.blocks.empty()) {
            out_.push_back(fname + ": a function needs at least one block");
            return;
        }
        for (const Argument* a : f.arguments)
            if (a->function != &f) out_.push_back(fname + ": argument " + n.value(a) + " belongs to another function");

        // Structure of blocks and instructions; remembers where each instruction is.
        std::unordered_map<const Block*, std::uint32_t> block_index;
        std::unordered_map<const Instruction*, std::pair<std::uint32_t, std::uint32_t>> position;
        for (std::uint32_t b = 0; b < f.blocks.size(); ++b) {
            const Block* blk = f.blocks[b];
            if (!blk) {
                out_.push_back(fname + ": null block");
                return;
            }
            if (!block_index.emplace(blk, b).second) out_.push_back(fname + " " + n.block(blk) + ": block listed twice");
            if (blk->function != &f) out_.push_back(fname + " " + n.block(blk) + ": block's function link is wrong");
        }
        for (std::uint32_t b = 0; b < f.blocks.size(); ++b) {
            const Block* blk = f.blocks[b];
            std::string bname = fname + " " + n.block(blk);
            if (!blk->terminator()) out_.push_back(bname + ": block does not end in a terminator");
            bool seen_non_phi = false;
            for (std::uint32_t k = 0; k < blk->instructions.size(); ++k) {
                const Instruction* i = blk->instructions[k];
                if (!i) {
                    out_.push_back(bname + ": null instruction");
                    continue;
                }
                if (!position.emplace(i, std::make_pair(b, k)).second) fc.fail(i, "instruction is in two places", blk);
                if (i->block != blk) fc.fail(i, "instruction's block link is wrong", blk);
                if (is_terminator(i->opcode) && k + 1 != blk->instructions.size())
                    fc.fail(i, "terminator in the middle of a block");
                if (i->opcode == Opcode::Phi && seen_non_phi) fc.fail(i, "phi after a non-phi instruction");
                if (i->opcode != Opcode::Phi) seen_non_phi = true;
            }
            check_markers(fc, blk, block_index);
        }

        Cfg cfg(f);
        DominatorTree dom = DominatorTree::dominators(cfg);
        if (!cfg.preds(0).empty()) out_.push_back(fname + " bb0: the entry block has predecessors");
        check_structure(fc, cfg, dom);

        for (std::uint32_t b = 0; b < f.blocks.size(); ++b) {
            for (std::uint32_t k = 0; k < f.blocks[b]->instructions.size(); ++k) {
                const Instruction* i = f.blocks[b]->instructions[k];
                if (!i) continue;
                if (!check_shape(fc, i, block_index)) continue;
                check_operands(fc, i, b, k, position, cfg, dom);
                fc.check_types(i);
                if (i->opcode == Opcode::Phi && cfg.reachable(b)) check_phi_preds(fc, i, cfg, b, block_index);
            }
        }
    }

    // Operand counts, result rule, nulls, targets; false when later checks would not be safe.
    bool check_shape(const FunctionCheck& fc, const Instruction* i,
                     const std::unordered_map<const Block*, std::uint32_t>& block_index) {
        const OpcodeInfo& info = opcode_info(i->opcode);
        if (i->opcode > Opcode::Unreachable) {
            fc.fail(i, "unknown opcode");
            return false;
        }
        bool ok = true;
        std::size_t count = i->operands.size();
        if (count < info.min_operands || count > info.max_operands) {
            fc.fail(i, "has " + std::to_string(count) + " operands, expected " + std::to_string(info.min_operands) +
                           (info.max_operands == info.min_operands ? std::string()
                            : info.max_operands == kMany      ? std::string(" or more")
                                                              : " to " + std::to_string(info.max_operands)));
            ok = false;
        }
        for (std::size_t k = 0; k < count; ++k)
            if (!i->operands[k]) {
                fc.fail(i, "operand " + std::to_string(k) + " is null");
                ok = false;
            }
        if (!i->type()) {
            fc.fail(i, "no type");
            return false;
        }
        bool is_void = i->type()->kind() == sema::TypeKind::Void;
        if (info.result == ResultRule::Yes && is_void) fc.fail(i, "must define a value");
        if (info.result == ResultRule::No && !is_void) fc.fail(i, "defines no value, but has type " + fc.type(i->type()));
        std::size_t want_targets = i->opcode == Opcode::Branch       ? 1
                                   : i->opcode == Opcode::CondBranch ? 2
                                   : i->opcode == Opcode::Switch     ? i->immediates.size() + 1
                                   : i->opcode == Opcode::Phi        ? count
                                                                     : 0;
        if (i->targets.size() != want_targets) {
            fc.fail(i, "has " + std::to_string(i->targets.size()) + " block targets, expected " +
                           std::to_string(want_targets));
            ok = false;
        }
        for (const Block* t : i->targets)
            if (!block_index.count(t)) {
                fc.fail(i, "targets a block that is not in @" + std::string(fc.f.name));
                ok = false;
            }
        return ok;
    }

    void check_operands(const FunctionCheck& fc, const Instruction* i, std::uint32_t b, std::uint32_t k,
                        const std::unordered_map<const Instruction*, std::pair<std::uint32_t, std::uint32_t>>& position,
                        const Cfg& cfg, const DominatorTree& dom) {
        for (std::size_t o = 0; o < i->operands.size(); ++o) {
            const Value* v = i->operands[o];
            std::string which = "operand " + std::to_string(o) + " ";
            switch (v->kind()) {
            case ValueKind::Constant:
                if (!constants_.count(v)) fc.fail(i, which + "is a constant of another module");
                break;
            case ValueKind::SpecConstant:
                if (!specs_.count(v)) fc.fail(i, which + "is a specialization constant of another module");
                break;
            case ValueKind::Global:
                if (!globals_.count(v)) fc.fail(i, which + "is a global of another module");
                break;
            case ValueKind::Argument:
                if (v->as<Argument>()->function != &fc.f) fc.fail(i, which + "is an argument of another function");
                break;
            case ValueKind::Instruction: {
                auto it = position.find(v->as<Instruction>());
                if (it == position.end()) {
                    fc.fail(i, which + "is an instruction that is not in @" + std::string(fc.f.name));
                    break;
                }
                if (!v->as<Instruction>()->has_result()) {
                    fc.fail(i, which + "is an instruction without a value");
                    break;
                }
                auto [db, dk] = it->second;
                if (i->opcode == Opcode::Phi) {
                    // The value must be available at the end of the incoming block.
                    std::uint32_t from = cfg.index(i->targets[o]);
                    if (from != kNoBlock && cfg.reachable(from) && !dom.dominates(db, from))
                        fc.fail(i, which + n_value(fc, v) + " does not dominate the end of " +
                                       fc.n.block(i->targets[o]));
                } else if (db == b) {
                    if (dk >= k) fc.fail(i, which + n_value(fc, v) + " is used before it is defined");
                } else if (cfg.reachable(b) && !dom.dominates(db, b)) {
                    fc.fail(i, which + n_value(fc, v) + " does not dominate this use");
                }
                break;
            }
            }
        }
    }

    static std::string n_value(const FunctionCheck& fc, const Value* v) { return fc.n.value(v); }

    void check_phi_preds(const FunctionCheck& fc, const Instruction* i, const Cfg& cfg, std::uint32_t b,
                         const std::unordered_map<const Block*, std::uint32_t>& block_index) {
        std::vector<std::uint32_t> named;
        for (const Block* t : i->targets) {
            auto it = block_index.find(t);
            if (it == block_index.end()) return;
            if (std::find(named.begin(), named.end(), it->second) != named.end()) {
                fc.fail(i, "names " + fc.n.block(t) + " twice");
                return;
            }
            named.push_back(it->second);
        }
        for (std::uint32_t p : cfg.preds(b))
            if (std::find(named.begin(), named.end(), p) == named.end())
                fc.fail(i, "has no value for predecessor " + fc.n.block(cfg.block(p)));
        for (std::uint32_t t : named) {
            auto preds = cfg.preds(b);
            if (std::find(preds.begin(), preds.end(), t) == preds.end())
                fc.fail(i, "names " + fc.n.block(cfg.block(t)) + ", which is not a predecessor");
        }
    }

    void check_markers(const FunctionCheck& fc, const Block* blk,
                       const std::unordered_map<const Block*, std::uint32_t>& block_index) {
        std::string bname = std::string("@").append(fc.f.name) + " " + fc.n.block(blk) + ": ";
        const Instruction* t = blk->terminator();
        auto in_function = [&](const Block* x, const char* role) {
            if (!x) {
                out_.push_back(bname + std::string(role) + " block is missing");
                return false;
            }
            if (!block_index.count(x)) {
                out_.push_back(bname + std::string(role) + " block is not in @" + std::string(fc.f.name));
                return false;
            }
            if (x == blk) out_.push_back(bname + std::string(role) + " block is the header itself");
            return true;
        };
        switch (blk->structure) {
        case StructureKind::None:
            if (blk->merge || blk->continue_block) out_.push_back(bname + "merge or continue block without a structure");
            if (blk->hint != ControlHint::None) out_.push_back(bname + "control hint without a structure");
            break;
        case StructureKind::Selection:
            in_function(blk->merge, "merge");
            if (blk->continue_block) out_.push_back(bname + "a selection has no continue block");
            if (t && t->opcode != Opcode::CondBranch && t->opcode != Opcode::Switch)
                out_.push_back(bname + "a selection header ends in cond_br or switch");
            if (blk->hint == ControlHint::Unroll || blk->hint == ControlHint::DontUnroll)
                out_.push_back(bname + "unroll hints are for loops");
            break;
        case StructureKind::Loop:
            in_function(blk->merge, "merge");
            in_function(blk->continue_block, "continue");
            if (blk->merge && blk->merge == blk->continue_block)
                out_.push_back(bname + "merge and continue blocks must differ");
            if (t && t->opcode != Opcode::Branch) out_.push_back(bname + "a loop header ends in br");
            if (blk->hint == ControlHint::Flatten || blk->hint == ControlHint::Branch)
                out_.push_back(bname + "flatten and branch hints are for selections");
            break;
        }
        if (blk->unroll_count && blk->hint != ControlHint::Unroll) out_.push_back(bname + "unroll count without hint=unroll");
    }

    const Module& m_;
    StructNames names_;
    std::unordered_set<const Value*> constants_, globals_, specs_;
    std::unordered_set<const Function*> functions_;
    std::vector<std::string> out_;
};

const sema::Type* Verifier::composite_element_type_of(const sema::Type* t, std::size_t k) const {
    return composite_element_type(m_.types(), t, static_cast<std::int64_t>(k));
}

}  // namespace

std::vector<std::string> verify(const Module& m) { return Verifier(m).run(); }

}  // namespace oneshader::ir
