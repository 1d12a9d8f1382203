// "Did you mean 'Atlas'?": the visible name closest to a misspelt one by edit distance.
#include <algorithm>
#include <string>
#include <vector>

#include "sema/checker.hpp"

namespace oneshader::sema {

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// Edit distance with adjacent transpositions ('mian' is one edit from 'main'), where a change of
// case costs a little less than a real edit, so 'UV' prefers 'Uv' over 'UX'. Scaled by 2: a case
// change costs 1, an edit 2.
std::uint32_t distance(std::string_view a, std::string_view b) {
    std::vector<std::uint32_t> prev2(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = std::uint32_t(2 * j);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = std::uint32_t(2 * i);
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::uint32_t sub = a[i - 1] == b[j - 1] ? 0 : lower(a[i - 1]) == lower(b[j - 1]) ? 1 : 2;
            cur[j] = std::min({prev[j] + 2, cur[j - 1] + 2, prev[j - 1] + sub});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], prev2[j - 2] + 2);
        }
        std::swap(prev2, prev);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

}  // namespace

std::string_view closest_name(std::string_view name, const std::vector<std::string_view>& candidates) {
    // Allow about one edit per three characters (at least one): 'dd' finds 'd', 'stepp' finds
    // 'step', but 'x' does not suggest every other one-letter name.
    std::uint32_t limit = 2 * std::max<std::uint32_t>(1, std::uint32_t(name.size() + 1) / 3);
    std::string_view best;
    std::uint32_t best_d = limit + 1;
    for (std::string_view c : candidates) {
        if (c.empty() || c == name) continue;
        // Cheap length filter before the quadratic distance.
        std::size_t diff = c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
        if (2 * diff > limit) continue;
        std::uint32_t d = distance(name, c);
        // Ties go to the alphabetically first name so the message does not depend on hash order.
        if (d < best_d || (d == best_d && c < best)) {
            best_d = d;
            best = c;
        }
    }
    return best_d <= limit ? best : std::string_view();
}

std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates) {
    std::string_view c = closest_name(name, candidates);
    if (c.empty()) return {};
    return fmt::format(" Did you mean '{}'?", c);
}

}  // namespace oneshader::sema
