// Sorting source files into user and library code (see source_classifier.hpp).
#include "source_classifier.hpp"

namespace dynx::capture {
namespace {

bool under(std::string_view path, const std::vector<std::string>& prefixes) {
  for (const auto& prefix : prefixes) {
    if (prefix.empty()) continue;
    if (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
        path[prefix.size()] == '/')
      return true;
  }
  return false;
}

}  // namespace

std::string_view to_string(SourceCategory category) {
  switch (category) {
    case SourceCategory::user: return "user";
    case SourceCategory::stdlib: return "stdlib";
    case SourceCategory::third_party: return "site-packages";
    case SourceCategory::torch: return "torch";
    case SourceCategory::synthetic: return "synthetic";
  }
  return "?";
}

void SourceClassifier::set_prefixes(std::vector<std::string> stdlib, std::vector<std::string> third_party,
                                    std::vector<std::string> torch) {
  stdlib_ = std::move(stdlib);
  third_party_ = std::move(third_party);
  torch_ = std::move(torch);
}

SourceCategory SourceClassifier::classify(std::string_view path) const {
  if (path.empty() || path.front() == '<') return SourceCategory::synthetic;
  // torch lives inside site-packages, and a venv's site-packages may live
  // inside the standard library's tree of another install: test the most
  // specific prefixes first.
  if (under(path, torch_)) return SourceCategory::torch;
  if (under(path, third_party_)) return SourceCategory::third_party;
  if (under(path, stdlib_)) return SourceCategory::stdlib;
  return SourceCategory::user;
}

}  // namespace dynx::capture
