// The sweep: every intrinsic of the table (intrinsics/intrinsics.def, so a new row joins by
// itself) over every type its signature accepts, and every operator and conversion over every
// scalar, vector and matrix type (bool; 16, 32 and 64 bits with -enable-16bit-types), each in the
// stages that allow it, compiled with the optimizer on and off. Every combination must either
// compile to SPIR-V that the validator accepts or be refused by a diagnostic with a code: never an
// invalid module, an internal error or a crash.
//
// One compile holds many combinations, one entry point each, so the front end runs once per batch;
// a combination that the front end refuses is told apart by the line of its diagnostic and the
// batch compiled again without it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "intrinsics/signature.hpp"
#include "intrinsics/table.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"
#include "support/arena.hpp"
#include "types/types.hpp"
#include "types/types_print.hpp"
#include "types/types_query.hpp"

namespace {

using oneshader::Stage;
using oneshader::intrinsics::CallArg;
using oneshader::intrinsics::PatternKind;
using oneshader::sema::ParamDirection;
using oneshader::sema::ScalarKind;
using oneshader::sema::Type;

struct Combo {
    std::string label;  // "sin(float2x3) pixel"
    Stage stage = Stage::Compute;
    // When not empty: the body is a function of its own that an entry point of each of these
    // stages calls (what a stage may do is then a property of the call graph, not of one body).
    std::vector<Stage> callers;
    std::string body;   // statements; may use in_<T>/out_<T> buffers registered in `buffers`
    std::set<std::string> buffers;  // element types the body reads (in_) and writes (out_)
};

// The element types, one buffer pair each: `in_float2x3` / `out_float2x3`.
std::string ident(const std::string& type) {
    std::string s;
    for (char c : type) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return s;
}

// Every scalar kind the sweep covers and every shape: scalars, vectors, square and non-square
// matrices (a 2x3 matrix has more than four components; a 1xN matrix is a row).
const std::vector<ScalarKind>& kinds() {
    static const std::vector<ScalarKind> k{ScalarKind::Bool,   ScalarKind::Int,   ScalarKind::UInt,   ScalarKind::Float,
                                           ScalarKind::Double, ScalarKind::Half,  ScalarKind::Int16,  ScalarKind::UInt16,
                                           ScalarKind::Int64,  ScalarKind::UInt64};
    return k;
}
struct Shape {
    std::uint32_t rows = 0, cols = 1;  // rows 0: scalar (cols 1) or vector (cols n)
};
const std::vector<Shape>& shapes() {
    static const std::vector<Shape> s{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {2, 2}, {2, 3}, {3, 2}, {4, 4}, {1, 3}};
    return s;
}

class Generator {
public:
    explicit Generator(std::vector<ScalarKind> kinds) : types_(arena_, oneshader::sema::TypeOptions{true}), kinds_(std::move(kinds)) {
        for (ScalarKind k : kinds_)
            for (const Shape& s : shapes()) all_.push_back(make(k, s));
    }

    const Type* make(ScalarKind k, Shape s) {
        if (s.rows) return types_.matrix(k, s.rows, s.cols);
        if (s.cols > 1) return types_.vector(k, s.cols);
        return types_.scalar(k);
    }

    // A read of a value of `t`, the `slot`th element of its input buffer.
    std::string read(Combo& c, const Type* t, int slot) {
        std::string n = oneshader::sema::type_name(t);
        c.buffers.insert(n);
        return "in_" + ident(n) + "[" + std::to_string(slot) + "]";
    }
    std::string write(Combo& c, const Type* t, int slot) {
        std::string n = oneshader::sema::type_name(t);
        c.buffers.insert(n);
        return "out_" + ident(n) + "[" + std::to_string(slot) + "]";
    }

    // The stages a combination runs in: every stage its row allows where the stage matters
    // (derivatives, waves, quads, barriers, atomics, stage-restricted rows); elsewhere one stage,
    // taken in turn, so that every stage sees every kind of operation.
    std::vector<Stage> stages_for(std::uint8_t allowed, bool stage_matters) {
        std::vector<Stage> out;
        for (Stage s : {Stage::Vertex, Stage::Pixel, Stage::Compute})
            if (allowed & oneshader::intrinsics::stage_bit(s)) out.push_back(s);
        if (!stage_matters && out.size() > 1) {
            Stage one = out[turn_++ % out.size()];
            out = {one};
        }
        return out;
    }

    void intrinsics(std::vector<Combo>& out) {
        namespace in = oneshader::intrinsics;
        for (const in::Row& row : in::table()) {
            if (row.flags & (in::kRefused | in::kPartitioned)) continue;  // refused before typing; sema tests cover them
            if (row.result == "@mul") continue;  // typed by code, not by the signature: mul() below
            in::Signature sig = in::parse_signature(row.result, row.params);
            INFO(row.name << ": " << row.params);
            REQUIRE(sig.valid);
            if (sig.variadic) continue;
            bool templated = false;
            for (const in::Pattern& p : sig.params) templated = templated || p.kind == PatternKind::TemplateDecl;
            bool stage_matters = (row.flags & (in::kDerivative | in::kWave | in::kQuad | in::kBarrier | in::kGroupSync |
                                               in::kAtomic)) != 0 ||
                                 row.stages != in::kAllStages;
            std::vector<const Type*> candidates = templated ? all_ : std::vector<const Type*>{nullptr};
            for (const Type* t : candidates) {
                std::vector<CallArg> args;
                for (const in::Pattern& p : sig.params) {
                    const Type* a = t;
                    if (p.kind == PatternKind::Concrete) a = concrete(p.concrete);
                    else if (p.kind == PatternKind::WithShapeOfT) a = with_shape(p.component, t);
                    else if (p.kind == PatternKind::ElemOfT) a = types_.scalar(element(t));
                    args.push_back({a, p.direction != ParamDirection::In || p.ref});
                }
                in::Match m = in::match_signature(types_, sig, args, {}, false);
                if (!m.viable) continue;
                bool exact = m.narrowed_double;
                if (!exact) {
                    exact = true;
                    for (auto r : m.ranks) exact = exact && r <= in::ConversionRank::Promotion;
                }
                if (!exact) continue;
                for (Stage s : stages_for(row.stages, stage_matters)) out.push_back(call(row, sig, m, t, s));
                if (stage_matters && (!t || t == all_[3 * shapes().size()] || t == all_[2 * shapes().size()])) {
                    // In a function several stages reach: once from every stage that allows it,
                    // once from those and a stage that does not (refused), for a few types.
                    Combo c = call(row, sig, m, t, Stage::Compute);
                    std::vector<Stage> allowed = stages_for(row.stages, true);
                    c.callers = allowed;
                    c.label = std::string(row.name) + "(" + (t ? oneshader::sema::type_name(t) : std::string()) + ") in a function called by";
                    std::string base = c.label;
                    for (Stage s : allowed) c.label += std::string(" ") + stage_name(s);
                    if (allowed.size() > 1) out.push_back(c);
                    for (Stage s : {Stage::Vertex, Stage::Pixel, Stage::Compute})
                        if (!(row.stages & oneshader::intrinsics::stage_bit(s))) {
                            Combo d = c;
                            d.callers.push_back(s);
                            d.label += std::string(" ") + stage_name(s) + " (not allowed)";
                            out.push_back(d);
                        }
                }
            }
        }
    }

    // mul over every pair of shapes it accepts: scalar with anything, vector . vector, and the
    // matrix products whose inner sizes agree.
    void mul(std::vector<Combo>& out) {
        for (ScalarKind k : kinds_) {
            if (k == ScalarKind::Bool) continue;
            for (const Shape& a : shapes())
                for (const Shape& b : shapes()) {
                    std::uint32_t ar = a.rows ? a.rows : 1, ac = a.cols, br = b.rows ? b.rows : b.cols, bc = b.rows ? b.cols : 1;
                    bool scalar = (!a.rows && a.cols == 1) || (!b.rows && b.cols == 1);
                    if (!scalar && ac != br) continue;
                    const Type* ta = make(k, a);
                    const Type* tb = make(k, b);
                    const Type* r = nullptr;
                    if (scalar) r = (!a.rows && a.cols == 1) ? tb : ta;
                    else if (!a.rows && !b.rows) r = types_.scalar(k);
                    else if (!a.rows) r = bc == 1 ? types_.scalar(k) : static_cast<const Type*>(types_.vector(k, bc));
                    else if (!b.rows) r = ar == 1 ? types_.scalar(k) : static_cast<const Type*>(types_.vector(k, ar));
                    else r = types_.matrix(k, ar, bc);
                    Combo c;
                    c.label = "mul(" + oneshader::sema::type_name(ta) + ", " + oneshader::sema::type_name(tb) + ")";
                    std::string x = read(c, ta, 0), y = read(c, tb, 1);
                    c.body = "    " + write(c, r, 0) + " = mul(" + x + ", " + y + ");\n";
                    place(c, out);
                }
        }
    }

    void operators(std::vector<Combo>& out) {
        static const char* binary[] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&&", "||",
                                       "==", "!=", "<", "<=", ">", ">="};
        static const char* unary[] = {"-", "~", "!", "+"};
        for (const Type* t : all_) {
            std::string tn = oneshader::sema::type_name(t);
            for (const char* o : binary) {
                Combo c;
                c.label = std::string("operator") + o + "(" + tn + ")";
                std::string a = read(c, t, 0), b = read(c, t, 1);
                c.body = "    " + write(c, result_of(o, t), 0) + " = " + a + " " + o + " " + b + ";\n";
                place(c, out);
            }
            for (const char* o : unary) {
                Combo c;
                c.label = std::string("operator") + o + "(" + tn + ") unary";
                std::string a = read(c, t, 0);
                c.body = "    " + write(c, std::string(o) == "!" ? with_shape(ScalarKind::Bool, t) : t, 0) + " = " + o +
                         a + ";\n";
                place(c, out);
            }
            for (const char* o : {"++", "--"}) {
                Combo c;
                c.label = std::string("operator") + o + "(" + tn + ")";
                c.body = "    " + tn + " v = " + read(c, t, 0) + ";\n    v" + o + ";\n    " + write(c, t, 0) + " = v;\n";
                place(c, out);
            }
            for (const char* o : {"+=", "*=", "&=", "<<=", "%="}) {
                Combo c;
                c.label = std::string("operator") + o + "(" + tn + ")";
                c.body = "    " + tn + " v = " + read(c, t, 0) + ";\n    v " + o + " " + read(c, t, 1) + ";\n    " +
                         write(c, t, 0) + " = v;\n";
                place(c, out);
            }
            {
                Combo c;
                c.label = "?:(" + tn + ")";
                c.body = "    " + write(c, t, 0) + " = " + read(c, types_.scalar(ScalarKind::Bool), 0) + " ? " +
                         read(c, t, 0) + " : " + read(c, t, 1) + ";\n";
                place(c, out);
            }
            if (!t->is<oneshader::sema::ScalarType>()) {
                // Component-wise: the condition has the operands' shape.
                Combo c;
                c.label = "?:(" + oneshader::sema::type_name(with_shape(ScalarKind::Bool, t)) + ", " + tn + ")";
                c.body = "    " + write(c, t, 0) + " = " + read(c, with_shape(ScalarKind::Bool, t), 0) + " ? " +
                         read(c, t, 0) + " : " + read(c, t, 1) + ";\n";
                place(c, out);
            }
            // Truncations to every smaller shape of the same kind.
            for (const Shape& s : shapes()) {
                const Type* to = make(element(t), s);
                if (to == t || !smaller(to, t)) continue;
                Combo c;
                c.label = "(" + oneshader::sema::type_name(to) + ")" + tn;
                c.body = "    " + write(c, to, 0) + " = (" + oneshader::sema::type_name(to) + ")" + read(c, t, 0) + ";\n";
                place(c, out);
            }
            // Conversions to every kind in the same shape, and a scalar splatted to the shape.
            for (ScalarKind k : kinds_) {
                const Type* to = with_shape(k, t);
                Combo c;
                c.label = "(" + oneshader::sema::type_name(to) + ")" + tn;
                c.body = "    " + write(c, to, 0) + " = (" + oneshader::sema::type_name(to) + ")" + read(c, t, 0) + ";\n";
                place(c, out);
            }
            {
                Combo c;
                c.label = "(" + tn + ")scalar";
                c.body = "    " + write(c, t, 0) + " = (" + tn + ")" + read(c, types_.scalar(element(t)), 0) + ";\n";
                place(c, out);
            }
        }
    }

private:
    void place(Combo& c, std::vector<Combo>& out) {
        Stage s = std::vector<Stage>{Stage::Vertex, Stage::Pixel, Stage::Compute}[turn_++ % 3];
        c.stage = s;
        c.label += std::string(" ") + stage_name(s);
        out.push_back(c);
    }

    static const char* stage_name(Stage s) {
        return s == Stage::Vertex ? "vertex" : s == Stage::Pixel ? "pixel" : "compute";
    }

    const Type* result_of(const std::string& o, const Type* t) {
        bool compare = o == "==" || o == "!=" || o == "<" || o == "<=" || o == ">" || o == ">=" || o == "&&" || o == "||";
        return compare ? with_shape(ScalarKind::Bool, t) : t;
    }

    // Whether a cast from `from` to `to` truncates: both vectors (or scalars), or both matrices,
    // `to` no larger in any dimension.
    static bool smaller(const Type* to, const Type* from) {
        const auto* mt = to->as<oneshader::sema::MatrixType>();
        const auto* mf = from->as<oneshader::sema::MatrixType>();
        if (mt || mf) return mt && mf && mt->rows <= mf->rows && mt->cols <= mf->cols;
        return oneshader::sema::component_count(to) <= oneshader::sema::component_count(from);
    }

    static ScalarKind element(const Type* t) {
        if (const auto* m = t->as<oneshader::sema::MatrixType>()) return m->element->scalar;
        if (const auto* v = t->as<oneshader::sema::VectorType>()) return v->element->scalar;
        return t->as<oneshader::sema::ScalarType>()->scalar;
    }
    const Type* with_shape(ScalarKind k, const Type* t) {
        if (const auto* m = t->as<oneshader::sema::MatrixType>()) return types_.matrix(k, m->rows, m->cols);
        if (const auto* v = t->as<oneshader::sema::VectorType>()) return types_.vector(k, v->count);
        return types_.scalar(k);
    }
    const Type* concrete(const oneshader::intrinsics::ConcreteType& c) {
        using Form = oneshader::intrinsics::ConcreteType::Form;
        if (c.form == Form::Scalar) return types_.scalar(c.scalar);
        if (c.form == Form::Vector) return types_.vector(c.scalar, c.cols);
        if (c.form == Form::Matrix) return types_.matrix(c.scalar, c.rows, c.cols);
        return nullptr;
    }

    Combo call(const oneshader::intrinsics::Row& row, const oneshader::intrinsics::Signature& sig,
               const oneshader::intrinsics::Match& m, const Type* t, Stage s) {
        Combo c;
        c.stage = s;
        c.label = std::string(row.name) + "(" + (t ? oneshader::sema::type_name(t) : std::string()) + ") " + stage_name(s);
        std::string args, after;
        for (std::size_t k = 0; k < m.params.size(); ++k) {
            const Type* pt = m.params[k].type;
            if (!args.empty()) args += ", ";
            if (sig.params[k].ref) {
                args += write(c, pt, 1);  // an atomic's destination: a RW buffer element
            } else if (m.params[k].direction != ParamDirection::In) {
                std::string local = "o" + std::to_string(k);
                c.body += "    " + oneshader::sema::type_name(pt) + " " + local + ";\n";
                args += local;
                after += "    " + write(c, pt, int(k) + 2) + " = " + local + ";\n";
            } else {
                args += read(c, pt, int(k));
            }
        }
        std::string expr = std::string(row.name) + "(" + args + ")";
        if (m.result && !m.result->is<oneshader::sema::VoidType>()) c.body += "    " + write(c, m.result, 0) + " = " + expr + ";\n";
        else c.body += "    " + expr + ";\n";
        c.body += after;
        return c;
    }

    oneshader::support::Arena arena_;
    oneshader::sema::TypeContext types_;
    std::vector<ScalarKind> kinds_;
    std::vector<const Type*> all_;
    std::size_t turn_ = 0;
};

struct Outcome {
    std::map<std::string, int> rejected;  // code -> combinations
    std::map<std::string, int> messages;  // "code: message" -> combinations
    int modules = 0;                      // valid modules
    std::vector<std::string> invalid;     // "label: first validator message"
    std::vector<std::string> faults;      // internal errors, crashes' leftovers, failures without a code
};

bool is_internal(const std::string& code) { return code == "OSH7000" || code == "OSH6001" || code == "OSH5005"; }

class Runner {
public:
    Runner(bool optimize, bool enable_16bit_types) : optimize_(optimize), enable_16bit_types_(enable_16bit_types) {}

    void run(const std::vector<Combo>& combos, Outcome& o) {
        std::vector<std::size_t> batch;
        for (std::size_t i = 0; i < combos.size(); ++i) {
            batch.push_back(i);
            if (batch.size() == kBatch || i + 1 == combos.size()) {
                process(combos, batch, o);
                batch.clear();
            }
        }
    }

private:
    static constexpr std::size_t kBatch = 48;  // well under the 100 errors after which the front end stops

    void process(const std::vector<Combo>& combos, std::vector<std::size_t> batch, Outcome& o) {
        while (!batch.empty()) {
            std::string source;
            std::set<std::string> buffers;
            for (std::size_t i : batch) buffers.insert(combos[i].buffers.begin(), combos[i].buffers.end());
            for (const std::string& b : buffers)
                source += "StructuredBuffer<" + b + "> in_" + ident(b) + ";\nRWStructuredBuffer<" + b + "> out_" + ident(b) + ";\n";
            std::uint32_t line = std::uint32_t(std::count(source.begin(), source.end(), '\n')) + 1;
            std::vector<std::pair<std::uint32_t, std::uint32_t>> lines;  // per combination: first and last line
            for (std::size_t i : batch) {
                const Combo& c = combos[i];
                std::string text = "// " + c.label + "\n";
                auto entry = [&](Stage s, const std::string& name, const std::string& body) {
                    std::string head = s == Stage::Compute ? "[shader(\"compute\")] [numthreads(4, 1, 1)]\nvoid " + name + "() {\n"
                                       : s == Stage::Pixel ? "[shader(\"pixel\")]\nfloat4 " + name + "() : SV_Target {\n"
                                                           : "[shader(\"vertex\")]\nfloat4 " + name + "() : SV_Position {\n";
                    text += head + body + (s == Stage::Compute ? "" : "    return 0;\n") + "}\n";
                };
                if (c.callers.empty()) {
                    entry(c.stage, "e" + std::to_string(i), c.body);
                } else {
                    text += "void h" + std::to_string(i) + "() {\n" + c.body + "}\n";
                    for (std::size_t k = 0; k < c.callers.size(); ++k)
                        entry(c.callers[k], "e" + std::to_string(i) + "_" + std::to_string(k), "    h" + std::to_string(i) + "();\n");
                }
                std::uint32_t n = std::uint32_t(std::count(text.begin(), text.end(), '\n'));
                lines.push_back({line, line + n - 1});
                line += n;
                source += text;
            }
            oneshader::CompileOptions options;
            options.optimize = optimize_;
            options.enable_16bit_types = enable_16bit_types_;
            oneshader::CompileResult r = oneshader::compile(source, "sweep.hlsl", options);
            ++compiles_;
            // Refusals located in a combination's lines belong to it.
            std::map<std::size_t, std::string> refused;  // batch position -> code
            bool unplaced = false;
            for (const oneshader::Diagnostic& d : r.diagnostics) {
                if (is_internal(d.code)) o.faults.push_back(where(combos, batch, lines, d) + d.to_string());
                if (d.severity != oneshader::Severity::Error) continue;
                bool placed = false;
                for (std::size_t k = 0; k < batch.size(); ++k)
                    if (d.position.line >= lines[k].first && d.position.line <= lines[k].second) {
                        refused.emplace(k, d.code);
                        placed = true;
                    }
                unplaced = unplaced || !placed;
            }
            std::vector<std::size_t> again;
            for (std::size_t k = 0; k < batch.size(); ++k) {
                const Combo& c = combos[batch[k]];
                std::vector<const oneshader::ShaderBlob*> blobs;
                std::string e = "e" + std::to_string(batch[k]);
                if (c.callers.empty()) blobs.push_back(r.find(e, oneshader::Target::SpirV));
                for (std::size_t n = 0; n < c.callers.size(); ++n) blobs.push_back(r.find(e + "_" + std::to_string(n), oneshader::Target::SpirV));
                bool all_blobs = std::find(blobs.begin(), blobs.end(), nullptr) == blobs.end();
                if (all_blobs) {
                    for (const oneshader::ShaderBlob* blob : blobs) {
                        std::string v = spirv_tools::validate(spirv_tools::words_of(*blob));
                        if (v.empty()) ++o.modules;
                        else o.invalid.push_back(c.label + (optimize_ ? " -O3" : " -Od") + ": " + v.substr(0, v.find('\n')));
                    }
                } else if (auto f = refused.find(k); f != refused.end()) {
                    if (f->second.empty()) o.faults.push_back(c.label + ": refused by a diagnostic without a code");
                    ++o.rejected[f->second];
                    for (const oneshader::Diagnostic& d : r.diagnostics)
                        if (d.code == f->second && d.position.line >= lines[k].first && d.position.line <= lines[k].second) {
                            ++o.messages[d.code + ": " + d.message.substr(0, 100)];
                            break;
                        }
                } else if (batch.size() == 1) {
                    std::string code;
                    for (const oneshader::Diagnostic& d : r.diagnostics)
                        if (d.severity == oneshader::Severity::Error && code.empty()) code = d.code;
                    if (code.empty()) o.faults.push_back(c.label + ": no module and no diagnostic");
                    else ++o.rejected[code];
                    for (const oneshader::Diagnostic& d : r.diagnostics)
                        if (d.code == code) {
                            ++o.messages[d.code + ": " + d.message.substr(0, 100)];
                            break;
                        }
                } else {
                    again.push_back(batch[k]);
                }
            }
            if (again.empty()) return;
            if (refused.empty() || unplaced) {
                // Nothing told the remaining combinations apart: one compile each.
                for (std::size_t i : again) process(combos, {i}, o);
                return;
            }
            batch = again;
        }
    }

    static std::string where(const std::vector<Combo>& combos, const std::vector<std::size_t>& batch,
                             const std::vector<std::pair<std::uint32_t, std::uint32_t>>& lines, const oneshader::Diagnostic& d) {
        for (std::size_t k = 0; k < batch.size(); ++k)
            if (d.position.line >= lines[k].first && d.position.line <= lines[k].second) return combos[batch[k]].label + ": ";
        return batch.size() == 1 ? combos[batch[0]].label + ": " : std::string();
    }

    bool optimize_;
    bool enable_16bit_types_;
    int compiles_ = 0;
};

// "OpFOo: expected Result Type ... <id> '12[%12]' ..." without its ids, so outputs group by class.
std::string failure_class(const std::string& line) {
    std::string m = line.substr(line.find(" -O") + 5);
    m = std::regex_replace(m, std::regex("word [0-9]+: "), "");
    m = std::regex_replace(m, std::regex("'[0-9]+\\[%[^\\]]*\\]'"), "<id>");
    m = std::regex_replace(m, std::regex("[0-9]+"), "N");
    return m.substr(0, 160);
}

}  // namespace

TEST_CASE("sweep: every intrinsic and operator over every type compiles to valid SPIR-V or is refused with a code", "[sweep]") {
    // The sized kinds with -enable-16bit-types; the min-precision kinds without it (32-bit values
    // with RelaxedPrecision; with it they are the 16-bit types, which the sized kinds cover).
    Generator sized(kinds());
    Generator min_precision({ScalarKind::Min16Float, ScalarKind::Min16Int, ScalarKind::Min16UInt});
    std::vector<Combo> combos, relaxed;
    sized.intrinsics(combos);
    sized.mul(combos);
    min_precision.intrinsics(relaxed);
    min_precision.mul(relaxed);
    std::size_t intrinsic_combos = combos.size() + relaxed.size();
    sized.operators(combos);
    min_precision.operators(relaxed);
    Outcome o;
    for (bool optimize : {true, false}) {
        Runner(optimize, true).run(combos, o);
        Runner(optimize, false).run(relaxed, o);
    }
    std::size_t total = combos.size() + relaxed.size();

    std::map<std::string, int> classes;
    std::map<std::string, std::string> example;
    for (const std::string& s : o.invalid) {
        std::string k = failure_class(s);
        ++classes[k];
        example.emplace(k, s.substr(0, s.find(" -O") + 4));
    }
    std::string report;
    for (const auto& [k, n] : classes) report += std::to_string(n) + "  " + k + "   e.g. " + example[k] + "\n";
    std::string refusals;
    int rejected = 0;
    for (const auto& [code, n] : o.rejected) {
        refusals += " " + code + ":" + std::to_string(n);
        rejected += n;
    }
    std::string faults;
    for (const std::string& f : o.faults) faults += f + "\n";
    INFO(total << " combinations (" << intrinsic_combos << " intrinsic calls), twice (-O3 and -Od): " << o.modules
                       << " valid modules, " << rejected << " refused (" << refusals << " ), " << o.invalid.size()
                       << " invalid in " << classes.size() << " classes");
    INFO("invalid by class:\n" << report);
    if (std::getenv("ONESHADER_SWEEP_REFUSALS")) {
        // What the refusals say, most frequent first: the list of what the compiler does not do yet.
        std::vector<std::pair<int, std::string>> by_count;
        for (const auto& [m, n] : o.messages) by_count.push_back({-n, m});
        std::sort(by_count.begin(), by_count.end());
        std::string list;
        for (const auto& [n, m] : by_count) list += std::to_string(-n) + "  " + m + "\n";
        WARN("refusals:\n" << list);
    }
    INFO("faults:\n" << faults);
    CHECK(o.invalid.empty());
    CHECK(o.faults.empty());
    // The sweep must keep its size: a generator that produced little would pass trivially.
    CHECK(o.modules > 10000);
    WARN(total << " combinations (" << relaxed.size() << " of min-precision types, without -enable-16bit-types) x 2 optimization levels: " << o.modules << " valid modules, " << rejected
                       << " refused with a code (" << refusals << " ), " << o.invalid.size() << " invalid");
}
