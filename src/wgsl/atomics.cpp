// Atomics and barriers. Buffers are `array<atomic<u32>>` when the entry point uses atomics on
// them, so signed operations work on the word's bits: add, sub, and, or, xor and exchange are the
// same bits either way; signed min/max and compare-exchange (strong in HLSL, weak in WGSL) are
// small compare-exchange loops. Memory-only barriers become full barriers (WGSL has no other).
#include <fmt/compile.h>
#include <fmt/format.h>

#include "types/types_query.hpp"
#include "wgsl/printer.hpp"

namespace oneshader::wgsl {

namespace {

const char* atomic_function(ir::AtomicOp op) {
    switch (op) {
        case ir::AtomicOp::Add: return "atomicAdd";
        case ir::AtomicOp::Sub: return "atomicSub";
        case ir::AtomicOp::And: return "atomicAnd";
        case ir::AtomicOp::Or: return "atomicOr";
        case ir::AtomicOp::Xor: return "atomicXor";
        case ir::AtomicOp::Min: return "atomicMin";
        case ir::AtomicOp::Max: return "atomicMax";
        case ir::AtomicOp::Exchange: return "atomicExchange";
    }
    return "atomicAdd";
}

}  // namespace

bool Printer::atomic(const ir::Instruction* i, const std::string& result_name) {
    const ir::Value* target = i->operands[0];
    if (refused_resource(root_global(target))) return true;
    if (target->type()->as<sema::PointerType>() &&
        target->type()->as<sema::PointerType>()->pointee->is<sema::ResourceType>()) {
        refuse("WGSL has no atomics on textures; use a RWStructuredBuffer or RWByteAddressBuffer for the counters");
        return true;
    }
    const sema::ScalarType* s = sema::component_type(i->type());
    auto op = static_cast<ir::AtomicOp>(i->immediates.empty() ? 0 : i->immediates[0]);
    // SM 6.6's float InterlockedExchange swaps the float's bits in a buffer's u32 word.
    bool float_exchange = s && s->bits == 32 && s->scalar == sema::ScalarKind::Float &&
                          i->opcode == ir::Opcode::AtomicRmw && op == ir::AtomicOp::Exchange;
    if (!s || s->bits != 32 || (!sema::is_integer_kind(s->scalar) && !float_exchange)) {
        refuse("WGSL atomics work only on 32-bit int and uint");
        return true;
    }
    bool is_signed = sema::is_signed_kind(s->scalar);
    Ref r = pointer(target);
    // The atomic's address, and whether its words are u32 while the value is signed or a float.
    std::string address;
    bool bits = false;
    if (r.in_buffer) {
        address = atomic_word(r.buffer);
        bits = is_signed || float_exchange;
    } else if (float_exchange) {
        refuse("WGSL has no atomics on a float in workgroup memory; declare the groupshared variable as uint and "
               "exchange asuint() of the value");
        return true;
    } else {
        address = "&" + r.text;
    }
    const char* value_type = float_exchange ? "f32" : "i32";
    std::string name = result_name.empty() ? locals_.fresh("old") : result_name;
    auto arg = [&](std::size_t k) {
        std::string v = value(i->operands[k]);
        return bits ? "bitcast<u32>(" + v + ")" : v;
    };
    auto result = [&](const std::string& e) { return bits ? "bitcast<" + std::string(value_type) + ">(" + e + ")" : e; };
    if (i->opcode == ir::Opcode::AtomicCompareExchange) {
        // A strong compare-exchange from the weak one: retry while it failed spuriously.
        std::string cmp = locals_.fresh("cmp"), res = locals_.fresh("cx");
        out().line_of("let ", cmp, " = ", arg(1), ";");
        out().line_of("var ", res, ": ", std::string(bits ? "u32" : type(i->type())), ";");
        out().open("loop {");
        out().line_of("let r = atomicCompareExchangeWeak(", address, ", ", cmp, ", ", arg(2), ");");
        out().open("if (r.exchanged || r.old_value != " + cmp + ") {");
        out().line_of(res, " = r.old_value;");
        out().line("break;");
        out().close("}");
        out().close("}");
        out().line_of("let ", name, " = ", result(res), ";");
        return true;
    }
    if (is_signed && bits && (op == ir::AtomicOp::Min || op == ir::AtomicOp::Max)) {
        // Signed min/max on u32 words: a compare-exchange loop on the signed value.
        std::string v = locals_.fresh("val"), res = locals_.fresh("cx");
        out().line_of("let ", v, " = ", value(i->operands[1]), ";");
        out().line_of("var ", res, " = atomicLoad(", address, ");");
        out().open("loop {");
        out().format_line(FMT_COMPILE("let want = bitcast<u32>({}(bitcast<i32>({}), {}));"), op == ir::AtomicOp::Min ? "min" : "max",
                               res, v);
        out().line_of("let r = atomicCompareExchangeWeak(", address, ", ", res, ", want);");
        out().open("if (r.exchanged) {");
        out().line("break;");
        out().close("}");
        out().line_of(res, " = r.old_value;");
        out().close("}");
        out().line_of("let ", name, " = bitcast<i32>(", res, ");");
        return true;
    }
    out().line_of("let ", name, " = ", result(std::string(atomic_function(op)) + "(" + address + ", " + arg(1) + ")"), ";");
    return true;
}

void Printer::barrier(const ir::Instruction* i) {
    std::uint32_t flags = i->immediates.empty() ? 0 : static_cast<std::uint32_t>(i->immediates[0]);
    if (entry_.stage != ir::ShaderStage::Compute) {
        refuse("WGSL has barriers only in compute shaders");
        return;
    }
    if (flags & ir::kBarrierDeviceMemory) {
        out().line("storageBarrier();");
        out().line("textureBarrier();");
    }
    if ((flags & ir::kBarrierWorkgroupMemory) || (flags & ir::kBarrierGroupSync) || !(flags & ir::kBarrierDeviceMemory))
        out().line("workgroupBarrier();");
}

}  // namespace oneshader::wgsl
