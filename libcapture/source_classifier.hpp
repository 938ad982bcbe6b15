// Sorts source files into user code and library code. Frames of the standard
// library, site-packages and torch are never watched unless a target names
// them. Python-free: the prefixes come from the embedded interpreter's
// sysconfig/site at start-up.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dynx::capture {

enum class SourceCategory { user, stdlib, third_party, torch, synthetic };

std::string_view to_string(SourceCategory category);

class SourceClassifier {
 public:
  // Each list holds directory prefixes (canonical paths, no trailing slash).
  void set_prefixes(std::vector<std::string> stdlib, std::vector<std::string> third_party,
                    std::vector<std::string> torch);
  // `path` is a canonical path, or a CPython pseudo-name such as "<frozen os>".
  [[nodiscard]] SourceCategory classify(std::string_view path) const;

 private:
  std::vector<std::string> stdlib_, third_party_, torch_;
};

}  // namespace dynx::capture
