// Bit fields in structs (HLSL 2021): DXC's packing into storage units, member lookup through the
// units, and every refusal (OSH0362) at the place it is reported.
#include "check_fixture.hpp"
#include "types/types_print.hpp"

using namespace check_test;

namespace {

const char* kCs = "[shader(\"compute\")] [numthreads(1, 1, 1)] void CS() {}\n";

const StructType* struct_named(const Checked& c, std::string_view name) {
    for (const StructType* s : c.program->structs)
        if (s->name.str() == name) return s;
    FAIL("no struct " << name);
    return nullptr;
}

// The struct's storage as text: a whole member by name, a unit as `{name:offset+width ...}`, with
// its type: "uint{a:0+1 b:1+8} int x".
std::string storage_of(const StructType* s) {
    std::string out;
    for (const StructMember& m : s->members) {
        if (!out.empty()) out += ' ';
        out += type_name(m.type);
        if (m.bit_fields.empty()) {
            out += ' ';
            out += m.name.str();
            continue;
        }
        out += '{';
        for (std::size_t k = 0; k < m.bit_fields.size(); ++k) {
            const BitField& f = m.bit_fields[k];
            out += fmt::format("{}{}:{}+{}", k ? " " : "", f.name.str(), f.offset, f.width);
        }
        out += '}';
    }
    return out;
}

std::string message_of(std::string_view text, const CompileOptions& o = {}) {
    auto c = check_text(text, o);
    return c->ctx.diags.diagnostics().empty() ? std::string() : c->ctx.diags.diagnostics()[0].message;
}

}  // namespace

TEST_CASE("bit fields: DXC's packing (vk.layout.struct.bitfield)") {
    auto c = check_text(std::string(R"(
struct S1 { uint f1 : 1; };
struct S2 { uint f2 : 1; uint f1 : 1; };
struct S3 { uint f2 : 1; uint f1 : 31; };
struct S4 { uint f2 : 31; uint f1 : 1; };
struct S5 { uint f1 : 30; uint f2 : 3; };
struct S6 { uint f2 : 1; int f1 : 1; };
struct S7 { uint f1; uint f2 : 1; uint f3 : 1; uint f4; };
struct S8 { uint f1 : 1; uint f2 : 1; uint f3; };
struct S9 { uint f1; uint f2 : 1; uint f3 : 1; };
struct S10 { uint f2 : 1; int f1 : 1; uint f3 : 1; int f4 : 1; };
struct S13 { uint f1 : 1; float4 f2; };
struct S14 { uint f1 : 1; uint f2 : 3; uint f3 : 8; };
struct Mixed { dword a : 2; uint b : 2; uint32_t c : 28; static const uint k = 3; uint d : 1; };
)") + kCs);
    INFO(c->messages());
    REQUIRE(c->ctx.diags.diagnostics().empty());
    CHECK(storage_of(struct_named(*c, "S1")) == "uint{f1:0+1}");
    CHECK(storage_of(struct_named(*c, "S2")) == "uint{f2:0+1 f1:1+1}");
    CHECK(storage_of(struct_named(*c, "S3")) == "uint{f2:0+1 f1:1+31}");
    CHECK(storage_of(struct_named(*c, "S4")) == "uint{f2:0+31 f1:31+1}");
    CHECK(storage_of(struct_named(*c, "S5")) == "uint{f1:0+30} uint{f2:0+3}");
    CHECK(storage_of(struct_named(*c, "S6")) == "uint{f2:0+1} int{f1:0+1}");
    CHECK(storage_of(struct_named(*c, "S7")) == "uint f1 uint{f2:0+1 f3:1+1} uint f4");
    CHECK(storage_of(struct_named(*c, "S8")) == "uint{f1:0+1 f2:1+1} uint f3");
    CHECK(storage_of(struct_named(*c, "S9")) == "uint f1 uint{f2:0+1 f3:1+1}");
    CHECK(storage_of(struct_named(*c, "S10")) == "uint{f2:0+1} int{f1:0+1} uint{f3:0+1} int{f4:0+1}");
    CHECK(storage_of(struct_named(*c, "S13")) == "uint{f1:0+1} float4 f2");
    CHECK(storage_of(struct_named(*c, "S14")) == "uint{f1:0+1 f2:1+3 f3:4+8}");
    // dword and uint32_t are uint; a static member does not end the run (it is not a field).
    CHECK(storage_of(struct_named(*c, "Mixed")) == "uint{a:0+2 b:2+2 c:4+28} uint{d:0+1}");
    // Initializer lists flatten to one scalar per bit field.
    CHECK(struct_named(*c, "S14")->flat_scalars == 3);
    CHECK(struct_named(*c, "S7")->flat_scalars == 4);
}

TEST_CASE("bit fields: 16- and 64-bit units, and widths that are constant expressions") {
    CompileOptions o;
    o.enable_16bit_types = true;
    auto c = check_text(std::string(R"(
static const uint W = 5;
template <uint N> struct T { uint lo : (N); uint hi : 32 - N; };  // a name alone would be a semantic
struct Wide { uint16_t a : 9; uint16_t b : 7; uint16_t c : 1; int64_t d : 40; int64_t e : 24; uint64_t f : 64; };
struct Expr { uint a : W + 1; uint b : (W * 2); int c : sizeof(uint) * 8; };
T<12> t;
)") + kCs, o);
    INFO(c->messages());
    REQUIRE(c->ctx.diags.diagnostics().empty());
    CHECK(storage_of(struct_named(*c, "Wide")) ==
          "uint16_t{a:0+9 b:9+7} uint16_t{c:0+1} int64_t{d:0+40 e:40+24} uint64_t{f:0+64}");
    CHECK(storage_of(struct_named(*c, "Expr")) == "uint{a:0+6 b:6+10} int{c:0+32}");
    CHECK(storage_of(struct_named(*c, "T<12>")) == "uint{lo:0+12 hi:12+20}");
}

TEST_CASE("bit fields: members are found through their units") {
    std::string src = "struct S { uint a : 4; uint b : 4; };\n"
                      "[shader(\"compute\")] [numthreads(1, 1, 1)] void CS() { S s; s.c = 1; }\n";
    CHECK(diags_of(src) == V{"OSH0308 2:62"});
    CHECK(message_of(src) == "The struct 'S' has no member 'c'. Did you mean 'a'?");
    // A swizzle of a bit field reads it, but cannot be assigned to (as in DXC).
    CHECK(diags_of(std::string("struct S { uint a : 4; };\nRWStructuredBuffer<S> B;\n"
                               "[shader(\"compute\")] [numthreads(1, 1, 1)] void CS() { uint2 v = B[0].a.xx; "
                               "B[0].a.x = 4; }\n")) == V{"OSH0307 3:83"});
    // Methods find bit fields through the implicit `this`, and a method's name may not clash with one.
    CHECK(diags_of("struct S { uint a : 4; uint b : 4; void set(uint v) { a = v; b = a + 1; } uint get() { return b; } };\n"
                   "[shader(\"compute\")] [numthreads(1, 1, 1)] void CS() { S s; s.set(3); uint v = s.get(); }\n")
              .empty());
    // A redefinition among bit fields and whole members alike.
    CHECK(diags_of(std::string("struct S { uint a : 4; uint a : 4; };\n") + kCs) == V{"OSH0302 1:29"});
    CHECK(diags_of(std::string("struct S { uint a; uint a : 4; };\n") + kCs) == V{"OSH0302 1:25"});
    CHECK(diags_of(std::string("struct S { uint a : 4; uint a; };\n") + kCs) == V{"OSH0302 1:29"});
    CHECK(diags_of(std::string("struct S { uint a; float a; };\n") + kCs) == V{"OSH0302 1:26"});
    CHECK(diags_of(std::string("struct S { uint a; float b; uint c : 4; uint d : 4; float e; };\n") + kCs).empty());
}

TEST_CASE("bit fields: refusals (OSH0362)") {
    // Widths.
    CHECK(diags_of(std::string("struct S { uint a : 0; };\n") + kCs) == V{"OSH0362 1:21"});
    CHECK(message_of(std::string("struct S { uint a : 0; };\n") + kCs) ==
          "The bit field 'a' is 0 bits wide; a bit field has at least 1 bit.");
    CHECK(diags_of(std::string("struct S { int a : -3; };\n") + kCs) == V{"OSH0362 1:20"});
    CHECK(diags_of(std::string("struct S { uint a : 33; };\n") + kCs) == V{"OSH0362 1:21"});
    CHECK(message_of(std::string("struct S { uint a : 33; };\n") + kCs) ==
          "The bit field 'a' is 33 bits wide, more than its type 'uint' has (32). Use a width of at most 32, or a "
          "wider type.");
    CompileOptions sixteen;
    sixteen.enable_16bit_types = true;
    CHECK(diags_of(std::string("struct S { uint16_t a : 17; };\n") + kCs, sixteen) == V{"OSH0362 1:25"});
    CHECK(diags_of(std::string("struct S { uint64_t a : 65; };\n") + kCs) == V{"OSH0362 1:25"});
    CHECK(diags_of(std::string("uint n;\nstruct S { uint a : n + 0; };\n") + kCs) == V{"OSH0310 2:21"});
    // Types: integer scalars only.
    CHECK(diags_of(std::string("struct S { float a : 4; };\n") + kCs) == V{"OSH0362 1:18"});
    CHECK(message_of(std::string("struct S { float a : 4; };\n") + kCs) ==
          "The bit field 'a' has the type 'float'; a bit field must be an integer scalar: int, uint, int16_t, "
          "uint16_t (with -enable-16bit-types), int64_t or uint64_t.");
    CHECK(diags_of(std::string("struct S { bool a : 1; };\n") + kCs) == V{"OSH0362 1:17"});
    CHECK(diags_of(std::string("struct S { uint2 a : 4; };\n") + kCs) == V{"OSH0362 1:18"});
    CHECK(diags_of(std::string("struct S { min16uint a : 4; };\n") + kCs) == V{"OSH0362 1:22"});
    CHECK(diags_of(std::string("struct S { uint a[2] : 4; };\n") + kCs) == V{"OSH0362 1:17"});
    // With a semantic or [[vk::offset]].
    CHECK(diags_of(std::string("struct S { uint a : 4 : TEXCOORD0; };\n") + kCs) == V{"OSH0362 1:25"});
    CHECK(diags_of(std::string("struct S { [[vk::offset(4)]] uint a : 4; };\n") + kCs) == V{"OSH0362 1:14"});
    // Not a data member of a struct.
    CHECK(diags_of(std::string("struct S { static uint a : 4; };\n") + kCs) == V{"OSH0362 1:28"});
    CHECK(diags_of(std::string("static uint g : 4;\n") + kCs) == V{"OSH0362 1:17"});
    CHECK(diags_of(std::string("cbuffer C { uint c : 4; };\n") + kCs) == V{"OSH0362 1:22"});
    CHECK(diags_of("[shader(\"compute\")] [numthreads(1, 1, 1)] void CS() { uint l : 4 = 0; }\n") ==
          V{"OSH0362 1:64"});
    // Where a whole variable in memory is needed.
    CHECK(diags_of("struct S { uint a : 4; uint b : 28; };\nRWStructuredBuffer<S> B;\n"
                   "[shader(\"compute\")] [numthreads(1, 1, 1)] void CS() { InterlockedAdd(B[0].b, 1); }\n") ==
          V{"OSH0362 3:75"});
    // As a stage input or output: bit fields have no semantics.
    CHECK(diags_of("struct In { float4 p : SV_Position; uint flags : 4; };\n"
                   "[shader(\"pixel\")] float4 PS(In i) : SV_Target { return i.flags; }\n") == V{"OSH0362 1:42"});
}
