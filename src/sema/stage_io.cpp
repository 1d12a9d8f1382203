// Stage inputs and outputs of an entry point, flattened from its parameters and result (structs
// member by member, base first): semantic and index, the system value it names and whether the
// stage allows it there, interpolation, and locations as DXC assigns them (declaration order, or
// [[vk::location]] for all; an array takes one location per element, a matrix one per row;
// pixel SV_Target<n> is location n).
#include <array>
#include <cctype>

#include "sema/checker.hpp"
#include "types/types_query.hpp"

namespace oneshader::sema {

namespace {

struct SystemValueInfo {
    std::string_view name;  // upper case
    SystemValue value;
    // Allowed as: vertex in/out, pixel in/out, compute in.
    bool vs_in, vs_out, ps_in, ps_out, cs_in;
};

constexpr std::array<SystemValueInfo, 20> kSystemValues = {{
    {"SV_POSITION", SystemValue::Position, false, true, true, false, false},
    {"SV_TARGET", SystemValue::Target, false, false, false, true, false},
    {"SV_DEPTH", SystemValue::Depth, false, false, false, true, false},
    {"SV_DEPTHGREATEREQUAL", SystemValue::DepthGreaterEqual, false, false, false, true, false},
    {"SV_DEPTHLESSEQUAL", SystemValue::DepthLessEqual, false, false, false, true, false},
    {"SV_STENCILREF", SystemValue::StencilRef, false, false, false, true, false},
    {"SV_COVERAGE", SystemValue::Coverage, false, false, true, true, false},
    {"SV_VERTEXID", SystemValue::VertexID, true, false, false, false, false},
    {"SV_INSTANCEID", SystemValue::InstanceID, true, false, false, false, false},
    {"SV_ISFRONTFACE", SystemValue::IsFrontFace, false, false, true, false, false},
    {"SV_SAMPLEINDEX", SystemValue::SampleIndex, false, false, true, false, false},
    {"SV_PRIMITIVEID", SystemValue::PrimitiveID, false, false, true, false, false},
    {"SV_CLIPDISTANCE", SystemValue::ClipDistance, false, true, true, false, false},
    {"SV_CULLDISTANCE", SystemValue::CullDistance, false, true, true, false, false},
    {"SV_RENDERTARGETARRAYINDEX", SystemValue::RenderTargetArrayIndex, false, true, true, false, false},
    {"SV_VIEWPORTARRAYINDEX", SystemValue::ViewportArrayIndex, false, true, true, false, false},
    {"SV_DISPATCHTHREADID", SystemValue::DispatchThreadID, false, false, false, false, true},
    {"SV_GROUPID", SystemValue::GroupID, false, false, false, false, true},
    {"SV_GROUPTHREADID", SystemValue::GroupThreadID, false, false, false, false, true},
    {"SV_GROUPINDEX", SystemValue::GroupIndex, false, false, false, false, true},
}};

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::uint32_t locations_of(const Type* t) {
    std::uint32_t n = 1;
    while (const ArrayType* a = t->as<ArrayType>()) {
        n *= std::max<std::uint32_t>(a->length, 1);
        t = a->element;
    }
    if (const MatrixType* m = t->as<MatrixType>()) n *= m->rows;
    return n;
}

std::string_view stage_word(Stage s) {
    return s == Stage::Vertex ? "vertex" : s == Stage::Pixel ? "pixel" : "compute";
}

}  // namespace

struct Checker::Flattener {
    Checker& c;
    EntryPoint* ep;
    bool output;
    std::vector<StageVariable>& out;
    std::vector<std::uint32_t> path;

    void leaf(const Type* t, Symbol semantic, std::uint8_t interp, std::string_view format, std::string_view name,
              std::uint32_t param, SourceLoc loc) {
        if (semantic.empty()) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("The {} '{}' of the entry point '{}' needs a semantic, such as ': TEXCOORD0'{}.",
                                 output ? "output" : "input", name, ep->function->name.str(),
                                 ep->stage == Stage::Compute ? " or ': SV_DispatchThreadID'" : ""));
            return;
        }
        if (!is_basic(innermost_element(t))) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("The stage {} '{}' has type '{}'; stage inputs and outputs must be scalars, vectors, "
                                 "matrices or arrays of them.",
                                 output ? "output" : "input", name, c.tname(t)));
            return;
        }
        StageVariable v;
        v.name = c.arena.copy(name);
        v.type = t;
        v.semantic = semantic;
        std::string_view s = semantic.str();
        std::size_t digits = s.size();
        while (digits > 0 && std::isdigit(static_cast<unsigned char>(s[digits - 1]))) --digits;
        v.semantic_name = s.substr(0, digits);
        if (digits < s.size() && s.size() - digits <= 6) {
            std::uint32_t idx = 0;
            for (std::size_t i = digits; i < s.size(); ++i) idx = idx * 10 + std::uint32_t(s[i] - '0');
            v.semantic_index = idx;
        }
        v.interpolation = interp;
        v.format = format;
        v.param_index = param;
        v.member_path = c.to_span(path);
        v.loc = loc;
        std::string up = upper(v.semantic_name);
        const SystemValueInfo* sv = nullptr;
        for (const SystemValueInfo& i : kSystemValues)
            if (i.name == up) sv = &i;
        if (sv) {
            bool allowed = ep->stage == Stage::Vertex  ? (output ? sv->vs_out : sv->vs_in)
                           : ep->stage == Stage::Pixel ? (output ? sv->ps_out : sv->ps_in)
                                                       : (!output && sv->cs_in);
            if (!allowed) {
                c.report(DiagCode::system_value_not_in_stage, SourceRange(loc),
                         fmt::format("'{}' cannot be a {} {} shader {}. Use it where the pipeline provides it, or "
                                     "use a user semantic such as TEXCOORD0.",
                                     s, stage_word(ep->stage), "", output ? "output" : "input"));
                return;
            }
            v.builtin = sv->value;
        } else if (up.starts_with("SV_")) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("'{}' is not a system value OneShader supports. Use a user semantic such as "
                                 "TEXCOORD0 for your own data.",
                                 s));
            return;
        } else if (ep->stage == Stage::Compute) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("Compute shaders have no user inputs, so '{}' cannot be used. Read buffers instead, "
                                 "or use SV_DispatchThreadID, SV_GroupID, SV_GroupThreadID or SV_GroupIndex.",
                                 s));
            return;
        } else if (ep->stage == Stage::Pixel && output) {
            c.report(DiagCode::bad_semantic, SourceRange(loc),
                     fmt::format("A pixel shader writes render targets through SV_Target<n>, not '{}'.", s));
            return;
        }
        // Vulkan needs integer pixel inputs to be flat.
        if (ep->stage == Stage::Pixel && !output && v.builtin == SystemValue::User &&
            !is_float(innermost_element(t)))
            v.interpolation |= kInterpNoInterpolation;
        out.push_back(v);
    }

    void walk(const Type* t, Symbol semantic, std::uint8_t interp, std::string_view format, const std::string& name,
              std::uint32_t param, SourceLoc loc, const StructMember* member_info, int depth) {
        (void)member_info;
        if (depth > 32) return;
        const StructType* st = t->as<StructType>();
        if (!st) {
            leaf(t, semantic, interp, format, name, param, loc);
            return;
        }
        if (st->base) {
            path.push_back(StageVariable::kBaseMember);
            walk(st->base, Symbol(), interp, {}, name, param, loc, nullptr, depth + 1);
            path.pop_back();
        }
        StructInfo* info = c.info_of(st);
        for (std::uint32_t i = 0; i < st->members.size(); ++i) {
            const StructMember& m = st->members[i];
            path.push_back(i);
            std::string_view f = info && i < info->formats.size() ? info->formats[i] : std::string_view();
            SourceLoc mloc = m.range.begin.valid() ? m.range.begin : loc;
            walk(m.type, m.semantic, std::uint8_t(interp | m.interpolation), f, name + "." + std::string(m.name.str()),
                 param, mloc, &m, depth + 1);
            if (m.vk_location && !out.empty() && out.back().member_path.size() == path.size())
                out.back().location = *m.vk_location | 0x80000000u;  // marked explicit; resolved below
            path.pop_back();
        }
    }
};

void Checker::assign_locations(EntryPoint* ep, std::vector<StageVariable>& vars, bool output) {
    bool any_explicit = false, any_implicit = false;
    for (const StageVariable& v : vars) {
        if (v.builtin != SystemValue::User) continue;
        if (v.location & 0x80000000u) any_explicit = true;
        else any_implicit = true;
    }
    if (any_explicit && any_implicit) {
        report(DiagCode::location_conflict, SourceRange(ep->function->loc),
                 fmt::format("Some {}s of '{}' have [[vk::location]] and some do not. Give every one a location, or "
                             "none.",
                             output ? "output" : "input", ep->function->name.str()));
    }
    std::uint32_t next = 0;
    for (StageVariable& v : vars) {
        if (v.builtin == SystemValue::Target) {
            v.location = v.semantic_index;
            v.location_count = locations_of(v.type);
            continue;
        }
        if (v.builtin != SystemValue::User) continue;
        v.location_count = locations_of(v.type);
        if (v.location & 0x80000000u) {
            v.location &= 0x7FFFFFFFu;
        } else {
            v.location = next;
        }
        next = std::max(next, v.location + v.location_count);
    }
    // Two variables on one semantic, or overlapping locations, cannot be told apart.
    for (std::size_t i = 0; i < vars.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            const StageVariable& a = vars[j];
            const StageVariable& b = vars[i];
            bool same_semantic = upper(a.semantic_name) == upper(b.semantic_name) && a.semantic_index == b.semantic_index;
            bool overlap = a.builtin == SystemValue::User && b.builtin == SystemValue::User &&
                           a.location < b.location + b.location_count && b.location < a.location + a.location_count;
            if (same_semantic || overlap) {
                report(same_semantic ? DiagCode::duplicate_semantic : DiagCode::location_conflict, SourceRange(b.loc),
                         same_semantic ? fmt::format("The semantic '{}' is used twice among the {}s of '{}'. Give "
                                                     "each one its own index.",
                                                     b.semantic.str(), output ? "output" : "input", ep->function->name.str())
                                       : fmt::format("'{}' and '{}' share location {}. Give them different "
                                                     "[[vk::location]] numbers.",
                                                     a.name, b.name, b.location));
                break;
            }
        }
}

void Checker::collect_stage_io(EntryPoint* ep) {
    Function* f = ep->function;
    std::vector<StageVariable> inputs, outputs;
    for (std::uint32_t i = 0; i < f->params.size(); ++i) {
        Variable* p = f->params[i];
        if (p->is_uniform) {
            report(DiagCode::unsupported_feature, SourceRange(p->loc),
                   "uniform entry-point parameters are not supported. Declare the value in a cbuffer.");
            continue;
        }
        if (p->direction != ParamDirection::Out) {
            Flattener fl{*this, ep, false, inputs, {}};
            fl.walk(p->type, p->semantic, p->interpolation, {}, std::string(p->name.str()), i, p->loc, nullptr, 0);
        }
        if (p->direction != ParamDirection::In) {
            Flattener fl{*this, ep, true, outputs, {}};
            fl.walk(p->type, p->semantic, p->interpolation, {}, std::string(p->name.str()), i, p->loc, nullptr, 0);
        }
    }
    const Type* result = f->type->result;
    if (!result->is<VoidType>()) {
        Flattener fl{*this, ep, true, outputs, {}};
        fl.walk(result, f->semantic, 0, {}, "@result", StageVariable::kResult, f->loc, nullptr, 0);
    }
    if (ep->stage == Stage::Compute && !outputs.empty())
        report(DiagCode::bad_semantic, SourceRange(f->loc),
               "A compute shader has no stage outputs: write results to a RW buffer or texture and return void.");
    assign_locations(ep, inputs, false);
    assign_locations(ep, outputs, true);
    ep->inputs = to_span(inputs);
    ep->outputs = to_span(outputs);
}

}  // namespace oneshader::sema
