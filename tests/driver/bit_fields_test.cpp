// Bit fields in structs (HLSL 2021) through the whole compiler: DXC's storage units and offsets read
// back from our SPIR-V's decorations (its CodeGenSPIRV tests vk.layout.struct.bitfield and
// op.struct.access.bitfield), in constant, structured and push-constant buffers; the instruction
// shapes of reads and writes; 16- and 64-bit units as shifts; reflection. Every module passes spirv-val.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "diagnostics_text.hpp"
#include "oneshader/oneshader.hpp"
#include "spirv_tools.hpp"

using oneshader::CompileOptions;
using oneshader::test::diagnostics_of;
using spirv_tools::has_line;

namespace {

struct Compiled {
    std::string text;  // disassembly
    oneshader::CompileResult result;
};

// `main` (a compute shader unless told) for SPIR-V, optimized or not; it must compile and validate.
Compiled compile(const std::string& source, bool optimize, oneshader::Stage stage = oneshader::Stage::Compute,
                 bool sixteen = false) {
    CompileOptions o;
    o.entry_points = {{"main", stage}};
    o.optimize = optimize;
    o.verify_ir = true;
    o.enable_16bit_types = sixteen;
    Compiled c{"", oneshader::compile(source, "bits.hlsl", o)};
    INFO(diagnostics_of(c.result));
    REQUIRE(c.result.ok());
    const oneshader::ShaderBlob* blob = c.result.find("main", oneshader::Target::SpirV);
    REQUIRE(blob != nullptr);
    std::vector<std::uint32_t> words = spirv_tools::words_of(*blob);
    c.text = spirv_tools::disassemble(words);
    INFO(c.text);
    CHECK(spirv_tools::validate(words) == "");
    return c;
}

void check_lines(const std::string& text, const std::vector<std::string>& lines) {
    INFO(text);
    for (const std::string& line : lines) {
        INFO(line);
        CHECK(has_line(text, line));
    }
}

std::size_t count_matches(const std::string& text, const std::string& pattern) {
    std::regex re(pattern);
    return std::size_t(std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator()));
}

}  // namespace

TEST_CASE("bit fields: DXC's storage units and offsets in a cbuffer (vk.layout.struct.bitfield)", "[bit-fields]") {
    Compiled c = compile(R"(
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
struct S11 { uint f1; uint f2 : 1; };
struct S12 { uint f2 : 1; uint f1; };
struct S13 { uint f1 : 1; float4 f2; };
struct S14 { uint f1 : 1; uint f2 : 3; uint f3 : 8; };
cbuffer buff : register(b0) {
  S1 CB_s1; S2 CB_s2; S3 CB_s3; S4 CB_s4; S5 CB_s5; S6 CB_s6; S7 CB_s7;
  S8 CB_s8; S9 CB_s9; S10 CB_s10; S11 CB_s11; S12 CB_s12; S13 CB_s13; S14 CB_s14;
}
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)] void main() {
  Out[0] = CB_s1.f1 + CB_s2.f1 + CB_s3.f1 + CB_s4.f1 + CB_s5.f2 + CB_s6.f1 + CB_s7.f3 + CB_s8.f2 + CB_s9.f3 +
           CB_s10.f4 + CB_s11.f2 + CB_s12.f2 + CB_s13.f1 + CB_s14.f3;
}
)", false);
    check_lines(c.text, {
        "%S1 = OpTypeStruct %uint", "%S2 = OpTypeStruct %uint", "%S3 = OpTypeStruct %uint",
        "%S4 = OpTypeStruct %uint", "%S5 = OpTypeStruct %uint %uint", "%S6 = OpTypeStruct %uint %int",
        "%S7 = OpTypeStruct %uint %uint %uint", "%S8 = OpTypeStruct %uint %uint", "%S9 = OpTypeStruct %uint %uint",
        "%S10 = OpTypeStruct %uint %int %uint %int", "%S11 = OpTypeStruct %uint %uint",
        "%S12 = OpTypeStruct %uint %uint", "%S13 = OpTypeStruct %uint %v4float", "%S14 = OpTypeStruct %uint",
        "OpMemberDecorate %S1 0 Offset 0", "OpMemberDecorate %S5 1 Offset 4", "OpMemberDecorate %S6 1 Offset 4",
        "OpMemberDecorate %S7 1 Offset 4", "OpMemberDecorate %S7 2 Offset 8", "OpMemberDecorate %S10 3 Offset 12",
        "OpMemberDecorate %S11 1 Offset 4", "OpMemberDecorate %S12 1 Offset 4", "OpMemberDecorate %S13 1 Offset 16",
        // A unit is named after its first bit field, as DXC names it.
        "OpMemberName %S2 0 \"f2\"", "OpMemberName %S7 1 \"f2\"", "OpMemberName %S7 2 \"f4\"",
        "OpMemberDecorate %type_ConstantBuffer_buff 0 Offset 0", "OpMemberDecorate %type_ConstantBuffer_buff 4 Offset 64",
        "OpMemberDecorate %type_ConstantBuffer_buff 9 Offset 144",
        "OpMemberDecorate %type_ConstantBuffer_buff 12 Offset 192",
        "OpMemberDecorate %type_ConstantBuffer_buff 13 Offset 224",
    });
    CHECK_FALSE(has_line(c.text, "OpMemberDecorate %S2 1 Offset 4"));
    CHECK_FALSE(has_line(c.text, "OpMemberDecorate %S14 1 Offset 4"));

    // Reflection reports each bit field at its unit's offset, with its bits.
    const oneshader::ResourceInfo* buff = c.result.reflection->find_resource("buff");
    REQUIRE(buff != nullptr);
    REQUIRE(buff->layout);
    const oneshader::ReflectedType& s7 = buff->layout->members.at(6).type;
    REQUIRE(s7.members.size() == 4);
    CHECK(s7.members[1].name == "f2");
    CHECK(s7.members[1].offset == 4);
    CHECK(s7.members[1].bit_offset == 0);
    CHECK(s7.members[1].bit_width == 1);
    CHECK(s7.members[2].name == "f3");
    CHECK(s7.members[2].offset == 4);
    CHECK(s7.members[2].bit_offset == 1);
    CHECK(s7.members[2].bit_width == 1);
    CHECK(s7.members[3].offset == 8);
    CHECK(s7.members[3].bit_width == 0);
    const oneshader::ReflectedType& s14 = buff->layout->members.at(13).type;
    REQUIRE(s14.members.size() == 3);
    CHECK(s14.members[2].bit_offset == 4);
    CHECK(s14.members[2].bit_width == 8);
    CHECK(s14.size == 16);  // a struct in a constant buffer takes whole 16-byte rows
}

TEST_CASE("bit fields: reads extract and writes insert, as DXC writes them (op.struct.access.bitfield)",
          "[bit-fields]") {
    Compiled c = compile(R"(
struct S1 { uint f1 : 1; uint f2 : 8; };
struct S2 { int f1 : 2; int f2 : 9; };
struct S3 { int f1; int f2 : 1; int f3; };
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)] void main() {
  S1 s1; S2 s2; S3 s3;
  s1.f1 = 1;
  s1.f2 = 2;
  s2.f1 = 3;
  s2.f2 = 4;
  uint t1 = s1.f1;
  uint t2 = s1.f2;
  int t3 = s2.f1;
  int t4 = s2.f2;
  uint t5 = s2.f2;
  s3.f1 = 3;
  s3.f2 = 4;
  s3.f3 = 5;
  Out[0] = t1 + t2 + t3 + t4 + t5 + s3.f1 + s3.f2 + s3.f3;
}
)", false);
    const std::string id = "%[0-9]+";
    auto n = [&](const std::string& pattern) { return count_matches(c.text, pattern); };
    CHECK(n("OpBitFieldInsert %uint " + id + " %uint_1 %uint_0 %uint_1\n") == 1);
    CHECK(n("OpBitFieldInsert %uint " + id + " %uint_2 %uint_1 %uint_8\n") == 1);
    CHECK(n("OpBitFieldInsert %int " + id + " %int_3 %uint_0 %uint_2\n") == 1);
    CHECK(n("OpBitFieldInsert %int " + id + " %int_4 %uint_2 %uint_9\n") == 1);
    CHECK(n("OpBitFieldUExtract %uint " + id + " %uint_0 %uint_1\n") == 1);
    CHECK(n("OpBitFieldUExtract %uint " + id + " %uint_1 %uint_8\n") == 1);
    CHECK(n("OpBitFieldSExtract %int " + id + " %uint_0 %uint_2\n") == 1);
    CHECK(n("OpBitFieldSExtract %int " + id + " %uint_2 %uint_9\n") == 2);  // t4, and t5 before its bitcast
    CHECK(n("OpBitFieldInsert %int " + id + " %int_4 %uint_0 %uint_1\n") == 1);
    CHECK(n("OpBitFieldSExtract %int " + id + " %uint_0 %uint_1\n") == 1);
    // The unit is read and written back whole.
    CHECK(n("OpBitFieldInsert") == 5);

    // Optimized, a local struct's bit fields fold away.
    Compiled folded = compile(R"(
struct S { uint a : 4; int b : 5; };
RWStructuredBuffer<int> Out;
[numthreads(1, 1, 1)] void main() { S s = (S)0; s.a = 19; s.b = 17; s.a += 1; Out[0] = s.a + s.b; }
)", true);
    INFO(folded.text);
    CHECK(count_matches(folded.text, "OpBitField") == 0);
    CHECK(has_line(folded.text, "%int_n11 = OpConstant %int -11"));  // 4 + -15

    // Through the implicit `this` of member functions.
    Compiled methods = compile(R"(
struct S { uint a : 4; uint b : 4; void set(uint v) { a = v; b = a + 1; } uint get() { return a * 16 + b; } };
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)] void main() { S s = (S)0; s.set(3); Out[0] = s.get(); }
)", true);
    INFO(methods.text);
    CHECK(has_line(methods.text, "%uint_52 = OpConstant %uint 52"));
}

TEST_CASE("bit fields: compound assignment, ++ and inout arguments write the unit back", "[bit-fields]") {
    Compiled c = compile(R"(
struct P { uint lo : 12; uint hi : 20; };
RWStructuredBuffer<P> B;
void twice(inout uint v) { v *= 2; }
[numthreads(1, 1, 1)] void main() { B[0].lo += 3; B[0].hi++; --B[1].lo; twice(B[2].hi); }
)", true);
    auto n = [&](const std::string& pattern) { return count_matches(c.text, pattern); };
    CHECK(n("OpBitFieldInsert %uint %[0-9]+ %[0-9]+ %uint_0 %uint_12\n") == 2);
    CHECK(n("OpBitFieldInsert %uint %[0-9]+ %[0-9]+ %uint_12 %uint_20\n") == 2);
    CHECK(n("OpBitFieldUExtract %uint %[0-9]+ %uint_12 %uint_20\n") == 2);
    CHECK(n("OpStore") == 4);
}

TEST_CASE("bit fields: in structured buffers and push constants", "[bit-fields]") {
    Compiled c = compile(R"(
struct Item { uint kind : 4; uint count : 28; float weight; int delta : 3; uint tail : 1; };
struct Push { uint a : 3; uint b : 3; float4 v; };
StructuredBuffer<Item> Items;
[[vk::push_constant]] ConstantBuffer<Push> pc;
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)] void main() {
  Item it = Items[pc.b];
  Out[0] = it.count * it.weight + it.delta + it.tail + pc.a + pc.v.x;
}
)", true);
    check_lines(c.text, {
        "%Item = OpTypeStruct %uint %float %int %uint", "OpMemberDecorate %Item 1 Offset 4",
        "OpMemberDecorate %Item 2 Offset 8", "OpMemberDecorate %Item 3 Offset 12",
        "OpDecorate %_runtimearr_Item ArrayStride 16", "%type_PushConstant_Push = OpTypeStruct %uint %v4float",
        "OpMemberDecorate %type_PushConstant_Push 1 Offset 16",
    });
    const oneshader::ResourceInfo* items = c.result.reflection->find_resource("Items");
    REQUIRE(items != nullptr);
    REQUIRE(items->layout);
    const oneshader::ReflectedType& item = *items->layout;
    REQUIRE(item.members.size() == 5);
    CHECK(item.members[1].name == "count");
    CHECK(item.members[1].bit_offset == 4);
    CHECK(item.members[1].bit_width == 28);
    CHECK(item.members[3].name == "delta");
    CHECK(item.members[3].offset == 8);
    CHECK(item.members[3].type.scalar == oneshader::ScalarKind::Int);
    CHECK(item.members[4].offset == 12);
}

TEST_CASE("bit fields: 16- and 64-bit units are shifts and masks (Vulkan's OpBitField* take 32 bits)",
          "[bit-fields]") {
    for (bool optimize : {true, false}) {
        Compiled c = compile(R"(
struct W { uint16_t a : 9; int16_t b : 5; uint16_t c : 7; int64_t d : 40; uint64_t e : 20; uint x : 3; };
RWStructuredBuffer<W> B;
RWStructuredBuffer<int64_t> Out;
[numthreads(1, 1, 1)] void main() {
  W w = B[0];
  Out[0] = w.a + w.b + w.c + w.d + (int64_t)w.e + w.x;
  B[1].b = -3;
  B[1].d -= 5;
  B[1].e = w.e + 1;
  B[1].x = 5;
}
)", optimize, oneshader::Stage::Compute, true);
        INFO(c.text);
        check_lines(c.text, {"%W = OpTypeStruct %ushort %short %ushort %long %ulong %uint",
                             "OpMemberDecorate %W 1 Offset 2", "OpMemberDecorate %W 2 Offset 4",
                             "OpMemberDecorate %W 3 Offset 8", "OpMemberDecorate %W 4 Offset 16",
                             "OpMemberDecorate %W 5 Offset 24"});
        // Only the 32-bit unit uses the bit-field instructions.
        CHECK(count_matches(c.text, "OpBitField[A-Za-z]+ %(ushort|short|long|ulong) ") == 0);
        CHECK(count_matches(c.text, "OpBitFieldUExtract %uint ") == (optimize ? 1u : 1u));
        CHECK(count_matches(c.text, "OpShiftRightArithmetic %long ") >= 1);
        CHECK(count_matches(c.text, "OpShiftRightArithmetic %short ") >= 1);
    }
}
