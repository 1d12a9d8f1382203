// Functions: one IR function per HLSL function and distinct set of resource arguments, lowered
// from a work list. Signatures: `this` (member functions) and out/inout parameters are pointers to
// function memory the caller copies in and out; `in` parameters are values the callee copies into
// a local, since HLSL lets a function assign its parameters. Resource parameters are not
// arguments: the copy names the resource global itself, and each run-time index into a resource
// array becomes an ordinary integer argument.
#include <algorithm>

#include <fmt/format.h>

#include "lower/lowerer.hpp"

namespace oneshader::lower {

namespace {

// Function names in the IR text are words (letters, digits, '_', '.'): `S::f` becomes `S.f` and an
// operator's symbol its name (`Complex.operator_mul`).
std::string ir_name(std::string_view name) {
    static constexpr std::pair<std::string_view, std::string_view> kSymbols[] = {
        {"::", "."}, {"[]", "_index"}, {"==", "_eq"}, {"!=", "_ne"}, {"<=", "_le"}, {">=", "_ge"}, {"<<", "_shl"},
        {">>", "_shr"}, {"&&", "_and"}, {"||", "_or"}, {"()", "_call"}, {"+", "_add"}, {"-", "_sub"}, {"*", "_mul"},
        {"/", "_div"}, {"%", "_rem"}, {"<", "_lt"}, {">", "_gt"}, {"&", "_bitand"}, {"|", "_bitor"}, {"^", "_xor"},
        {"~", "_bitnot"}, {"!", "_not"}, {"=", "_assign"},
    };
    auto word_char = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
    };
    // Nearly every name is a word already.
    if (!name.empty() && !(name[0] >= '0' && name[0] <= '9') && std::all_of(name.begin(), name.end(), word_char))
        return std::string(name);
    std::string out;
    for (std::size_t i = 0; i < name.size();) {
        char c = name[i];
        if (word_char(c)) {
            out += c;
            ++i;
            continue;
        }
        bool matched = false;
        for (const auto& [symbol, word] : kSymbols) {
            if (name.substr(i).starts_with(symbol)) {
                out += word;
                i += symbol.size();
                matched = true;
                break;
            }
        }
        if (!matched) {
            out += fmt::format("_{:02x}", static_cast<unsigned char>(c));
            ++i;
        }
    }
    if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out.insert(out.begin(), '_');
    return out;
}

}  // namespace

std::string Lowerer::unique_function_name(std::string base) {
    base = ir_name(base);
    auto [it, fresh] = names_.try_emplace(base, 0);
    if (fresh) return base;
    int& n = it->second;
    for (;;) {
        std::string candidate = fmt::format("{}.{}", base, ++n);
        if (names_.find(candidate) == names_.end()) {
            names_[candidate] = 0;
            return candidate;
        }
    }
}

ir::Function* Lowerer::function_for(const sema::Function* f, std::vector<ResourceArg> resources,
                                    std::string_view name) {
    // The key names the function and each resource argument: its global and indices, constant
    // ones by value and run-time ones by their type. Used for lookups only, so it is raw bytes:
    // a tag, then a fixed-width field, which no two different keys share.
    std::string key;
    auto field = [&key](char tag, auto value) {
        key += tag;
        key.append(reinterpret_cast<const char*>(&value), sizeof value);
    };
    field(name.empty() ? 'f' : 'e', static_cast<const void*>(f));
    for (const ResourceArg& r : resources) {
        if (r.value) {
            field('v', static_cast<const void*>(r.value->type()));
            continue;
        }
        field('g', static_cast<const void*>(r.global));
        std::size_t d = 0;
        for (const auto& i : r.indices) {
            if (i) field('c', *i);
            else field('d', static_cast<const void*>(r.dynamic[d++]->type()));
        }
    }
    if (auto it = copies_.find(key); it != copies_.end()) return it->second;
    if (!f->body) {
        unsupported(f->loc, fmt::format("calling '{}', which is declared but never defined,", f->name.str()));
        copies_[key] = nullptr;
        return nullptr;
    }
    std::string base(name);
    if (base.empty()) {
        base = std::string(f->name.str());
        if (f->owner) base = fmt::format("{}::{}", f->owner->name.str(), base);
    }
    const Type* result = f->type && f->type->result ? concrete(f->type->result) : types_.void_type();
    ir::Function* out = m_.add_function(unique_function_name(base), result);
    if (f->owner && !f->is_static)
        m_.add_argument(out, types_.pointer(sema::AddressSpace::Function, concrete(f->owner)), "this");
    std::size_t r = 0;
    for (const sema::Variable* p : f->params) {
        std::string_view pname = p->name.str();
        if (p->type && is_ref_resource(p->type) && p->direction != sema::ParamDirection::In) {
            // An out/inout resource: a pointer to the variable holding the reference.
            m_.add_argument(out, types_.pointer(sema::AddressSpace::Function, concrete(p->type)), pname);
            continue;
        }
        if (p->type && sema::is_resource_or_array(p->type)) {
            if (r < resources.size() && resources[r].value)
                m_.add_argument(out, resources[r].value->type(), pname);
            if (r < resources.size())
                for (ir::Value* d : resources[r].dynamic)
                    m_.add_argument(out, d->type(), fmt::format("{}.index", pname));
            ++r;
            continue;
        }
        const Type* t = concrete(p->type);
        if (p->direction == sema::ParamDirection::In) m_.add_argument(out, t, pname);
        else m_.add_argument(out, types_.pointer(sema::AddressSpace::Function, t), pname);
    }
    copies_[key] = out;
    work_.push_back(PendingBody{f, out, std::move(resources)});
    return out;
}

void Lowerer::drain_work_list() {
    for (std::size_t i = 0; i < work_.size(); ++i) {
        PendingBody p = work_[i];
        lower_body(p);
    }
    work_.clear();
}

void Lowerer::begin_function(ir::Function* f, const sema::Function* s) {
    fn_ = f;
    sfn_ = s;
    ir::Block* entry = m_.add_block(f, "entry");
    placed_.clear();
    next_place_ = 0;
    placed_[entry] = next_place_++;
    cur_ = entry;
    b_.set_insert_point(entry);
    // What no statement claims (the parameters' copies, the return falling off the end) is at
    // the function's declaration.
    b_.set_loc(s ? s->loc : support::SourceLoc{});
    allocas_.clear();
    locals_.clear();
    this_ptr_ = nullptr;
    targets_.clear();
    precise_ = false;
}

void Lowerer::end_function() {
    if (fn_ && !allocas_.empty()) {
        ir::Block* entry = fn_->blocks.front();  // made first, by begin_function
        entry->instructions.insert(entry->instructions.begin(), allocas_.begin(), allocas_.end());
    }
    allocas_.clear();
    auto place = [this](const ir::Block* b) {
        const auto* e = placed_.find(b);
        return e ? e->second : std::uint64_t{0};
    };
    auto before = [&](const ir::Block* a, const ir::Block* b) { return place(a) < place(b); };
    // Most bodies are laid out in order already: checked first, since the sort takes a buffer.
    if (fn_ && !std::is_sorted(fn_->blocks.begin(), fn_->blocks.end(), before))
        std::stable_sort(fn_->blocks.begin(), fn_->blocks.end(), before);
    placed_.clear();
    fn_ = nullptr;
    sfn_ = nullptr;
    cur_ = nullptr;
    b_.set_insert_point(nullptr);
}

void Lowerer::lower_body(const PendingBody& p) {
    const sema::Function* f = p.fn;
    begin_function(p.out, f);
    std::size_t arg = 0;
    if (f->owner && !f->is_static) this_ptr_ = p.out->arguments[arg++];
    std::size_t r = 0;
    for (const sema::Variable* param : f->params) {
        if (param->type && is_ref_resource(param->type) && param->direction != sema::ParamDirection::In) {
            locals_[param] = p.out->arguments[arg++];
            continue;
        }
        if (param->type && sema::is_resource_or_array(param->type)) {
            // The resource this copy was made for: its global, indexed by constants and by the
            // run-time indices that arrive as arguments.
            if (r >= p.resources.size()) {
                unsupported(param->loc, "a resource parameter without a resource argument");
                continue;
            }
            const ResourceArg& ra = p.resources[r++];
            if (ra.value) {
                locals_[param] = p.out->arguments[arg++];
                continue;
            }
            ValueList indices;
            for (const auto& i : ra.indices) {
                if (i) indices.push_back(int_c(static_cast<std::int32_t>(*i)));
                else indices.push_back(p.out->arguments[arg++]);
            }
            locals_[param] = indices.empty() ? static_cast<ir::Value*>(ra.global) : b_.access_chain(ra.global, indices);
            continue;
        }
        ir::Argument* a = p.out->arguments[arg++];
        if (param->direction == sema::ParamDirection::In) {
            ir::Instruction* local = new_alloca(a->type(), param->name.str());
            b_.store(local, a);
            locals_[param] = local;
        } else {
            locals_[param] = a;
        }
    }
    if (f->body) block_stmt(f->body);
    if (open()) {
        // Falling off the end: void functions return; for others HLSL leaves the result
        // undefined (the front end warns), which is an undefined value here.
        if (p.out->result_type->is<sema::VoidType>()) b_.ret();
        else b_.ret(m_.undef_constant(p.out->result_type));
    }
    end_function();
}

ir::Instruction* Lowerer::new_alloca(const Type* type, std::string_view name) {
    // Locals live in the entry block, ahead of its other instructions (end_function puts them
    // there), so they dominate every use and mem2reg finds them where the spec says.
    ir::Block* entry = fn_->blocks.front();
    ir::Instruction* i = m_.make_instruction(ir::Opcode::Alloca, b_.pointer_type(sema::AddressSpace::Function, type));
    if (!name.empty()) m_.set_name(i, name);
    i->loc = b_.loc();
    i->block = entry;
    allocas_.push_back(i);
    return i;
}

ir::Block* Lowerer::new_block(std::string_view name) {
    ir::Block* b = m_.add_block(fn_, name);
    placed_[b] = next_place_++;
    return b;
}

void Lowerer::set_block(ir::Block* b) {
    // Blocks are laid out in the order code is placed in them, which keeps every block after its
    // dominators and the dump readable from top to bottom.
    if (b->instructions.empty()) placed_[b] = next_place_++;
    cur_ = b;
    b_.set_insert_point(b);
}

}  // namespace oneshader::lower
