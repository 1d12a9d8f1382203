#pragma once
// The result types of IR operations, in one place so the builder computes what the verifier
// checks. Each returns null when the operands do not fit the operation.
#include <cstdint>
#include <span>

#include "ir/value.hpp"

namespace oneshader::ir {

// Element `index` of a composite value type: a vector's component, a matrix's row (a vector of
// `cols`), an array's element, a struct's member (a struct with a base has the base as member 0,
// its own members after, as DXC lays them out). Null when out of range or not a composite.
const sema::Type* composite_element_type(sema::TypeContext& types, const sema::Type* t, std::int64_t index);

// The type reached by following `indices` from `t` (CompositeExtract/Insert).
const sema::Type* composite_path_type(sema::TypeContext& types, const sema::Type* t,
                                      std::span<const std::int64_t> indices);

// The pointee reached by one access-chain step from `pointee` with `index` (a constant is needed
// for struct members). ConstantBuffer<T> is entered as T itself (the first index selects a member
// of T), StructuredBuffer<T> by element index, a byte-address buffer by 32-bit word (uint).
// `first` is true for the chain's first index: only there may a buffer be entered.
const sema::Type* access_chain_step(sema::TypeContext& types, const sema::Type* pointee, const Value* index,
                                    bool first);

// bool, or a bool vector/matrix of the same shape as `operand` (comparisons).
const sema::Type* comparison_result_type(sema::TypeContext& types, const sema::Type* operand);

// vector*matrix, matrix*vector or matrix*matrix.
const sema::Type* matmul_result_type(sema::TypeContext& types, const sema::Type* a, const sema::Type* b);

// A resource reference: a pointer to a resource or to an array of resources, in the resource's own
// space (what a resource global is, and what an access chain into a resource array gives). Before
// `legalize_resources` (opt/), such a pointer may also be a value of its own: kept in a local
// variable or a struct member, chosen by a select or phi, passed to and returned from functions
// (the lowering's resource locals, resource-holding structs and `?:` between resources).
bool is_resource_ref(const sema::Type* t);
// `t` is a resource reference, or an array or struct that holds one at any depth.
bool holds_resource_ref(const sema::Type* t);
// Every pointer `t` holds (as itself, a member or an element) is a resource reference; true for
// a type without pointers.
bool pointers_are_resource_refs(const sema::Type* t);

// The constant integer value of `v`, when it is a scalar integer constant.
std::optional<std::int64_t> constant_int_value(const Value* v);

}  // namespace oneshader::ir
