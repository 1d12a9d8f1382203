#pragma once
// A stage variable seen as a row of leaves: the scalars or vectors its value is made of, taken
// depth-first (array elements, then matrix rows, then, for scalar leaves, vector components).
// split_stage_io and merge_builtin_arrays both replace a stage variable by its leaves; this is
// the rewrite they share, of every load, store and access chain of the variable into accesses of
// one leaf at a time.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/builder.hpp"
#include "ir/module.hpp"
#include "ir/util.hpp"

namespace oneshader::raise {

// True when `t` is one leaf: a scalar; a vector unless leaves are scalars (a one-component vector
// is a scalar); a matrix only when it has one row or one column (every target makes that a
// vector) and leaves are not scalars.
bool is_leaf(const sema::Type* t, bool scalar_leaves);
// The types of the leaves of `t`, in order.
void leaves_of(sema::TypeContext& types, const sema::Type* t, bool scalar_leaves, std::vector<const sema::Type*>& out);
std::uint32_t leaf_count(sema::TypeContext& types, const sema::Type* t, bool scalar_leaves);

// A matrix every target keeps as a matrix: two rows or more and two columns or more.
bool is_real_matrix(const sema::Type* t);

// Makes the pointer to leaf `k`, placed at the builder's insertion point (just before the use
// that needs it).
using LeafPointer = std::function<ir::Value*(ir::Builder& b, std::uint32_t k)>;

// Rewrites every use of a stage variable into accesses of its leaves: a load becomes the loads of
// the leaves it covers and the constructs that rebuild its value (the last one takes the load's
// name), a store the extracts and stores of each leaf, an access chain with constant indices down
// to a leaf or above it disappears into its users, and the indices past a leaf stay as an access
// chain from the leaf's pointer. Leaves are visited depth-first, so the new instructions come in
// leaf order, just before the use they replace.
//
// One rewriter serves every variable of a transform: the module's user map is built once, on the
// first rewrite, and the replacements are applied once, by finish().
class LeafRewriter {
public:
    explicit LeafRewriter(ir::Module& m) : m_(m), b_(m) {}

    // Rewrites the uses of `g` (which is then unused). A use it cannot rewrite (a dynamic index
    // above the leaves; a use other than load, store and access chain) becomes the refusal.
    void rewrite(ir::Global* g, bool scalar_leaves, const LeafPointer& leaf_pointer);
    // Applies the rewrites; returns the first refusal, empty when there was none.
    std::string finish();
    // Where the first refusal's construct is used.
    support::SourceLoc refusal_at() const { return refusal_at_; }

private:
    void visit(ir::Value* pointer, std::uint32_t first, const sema::Type* t);
    ir::Value* build(const sema::Type* t, std::uint32_t& next);
    void scatter(ir::Value* v, const sema::Type* t, std::uint32_t& next);
    void refuse(std::string why, const ir::Instruction* at) {
        if (!refusal_.empty()) return;
        refusal_ = std::move(why);
        refusal_at_ = at->loc;
    }

    ir::Module& m_;
    ir::Builder b_;
    std::optional<ir::UserMap> users_;
    ir::Replacements replacements_;
    std::vector<ir::Instruction*> dead_;
    std::string refusal_;
    support::SourceLoc refusal_at_;
    // The variable being rewritten.
    bool scalar_leaves_ = false;
    const LeafPointer* leaf_pointer_ = nullptr;
};

}  // namespace oneshader::raise
