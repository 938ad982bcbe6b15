// Semantic diff of two guard sets (dynx-guard-diff): guards are matched by
// kind and source, and compared fact by fact (dtype, each size and stride,
// value, length, keys, each global-state field), not as text. Also: which
// guards of an entry a description of inputs would fail.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"
#include "dynx/ir/capture.hpp"

namespace dynx::explain {

inline constexpr const char* kGuardDiffSchema = "dynx.guard-diff";
inline constexpr int kGuardDiffVersion = 1;

// {"schema", "version", "old", "new", "same", "added": [...], "removed": [...],
//  "changed": [{"kind", "source", "differences": [{"what", "old", "new"}]}], "verdict"}
nlohmann::json diff_guards(const std::vector<ir::GuardRecord>& old_guards,
                           const std::vector<ir::GuardRecord>& new_guards, const std::string& old_label,
                           const std::string& new_label);

// One described input: NAME=dtype[d0,d1,...] for a tensor, NAME=VALUE for a
// Python value (int, float, True/False, None, or a string).
struct InputDescription {
  std::string name;
  bool tensor = false;
  std::string dtype;
  std::vector<int64_t> shape;
  nlohmann::json value;
};
Expected<InputDescription> parse_input(const std::string& text);

// {"schema", "version", "entry", "inputs", "same" (nothing fails), "failing":
//  [{"source", "reason"}], "unchecked": [sources the description leaves out], "verdict"}
nlohmann::json check_inputs(const ir::CacheEntryRecord& entry, const std::vector<InputDescription>& inputs);

std::string render_diff_text(const nlohmann::json& diff);

}  // namespace dynx::explain
