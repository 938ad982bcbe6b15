// Parsing of --target specs (see target_spec.hpp).
#include "target_spec.hpp"

#include <cctype>

#include "dynx/files.hpp"
#include "dynx/strings.hpp"

namespace dynx::capture {
namespace {

bool is_identifier(std::string_view part) {
  if (part.empty()) return false;
  if (part == "<locals>" || part == "<lambda>" || part == "<module>") return true;
  auto head = static_cast<unsigned char>(part[0]);
  if (!(std::isalpha(head) || head == '_' || head >= 0x80)) return false;
  for (char c : part) {
    auto u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || u == '_' || u >= 0x80)) return false;
  }
  return true;
}

bool is_dotted_name(std::string_view name) {
  for (const auto& part : split(name, '.'))
    if (!is_identifier(part)) return false;
  return true;
}

}  // namespace

Expected<TargetSpec> parse_target_spec(std::string_view text) {
  const std::string quoted = "'" + std::string(text) + "'";
  size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size())
    return Error{"invalid --target " + quoted + ": expected FILE.py:NAME or MODULE:NAME"};
  TargetSpec spec;
  spec.text = std::string(text);
  std::string_view location = text.substr(0, colon);
  spec.qualname = std::string(text.substr(colon + 1));
  if (!is_dotted_name(spec.qualname))
    return Error{"invalid --target " + quoted + ": '" + spec.qualname +
                 "' is not a qualified name such as Net.forward"};
  bool is_file = location.find('/') != std::string_view::npos ||
                 (location.size() > 3 && location.substr(location.size() - 3) == ".py");
  if (is_file) {
    spec.kind = TargetSpec::Kind::file;
    switch (path_kind(std::string(location))) {
      case PathKind::file:
        break;
      case PathKind::missing:
        return Error{"invalid --target " + quoted + ": " + std::string(location) + ": no such file"};
      default:
        return Error{"invalid --target " + quoted + ": " + std::string(location) + ": not a file"};
    }
    spec.location = real_path(location);
  } else {
    spec.kind = TargetSpec::Kind::module;
    if (!is_dotted_name(location))
      return Error{"invalid --target " + quoted + ": '" + std::string(location) +
                   "' is neither a .py file nor a module name"};
    spec.location = std::string(location);
  }
  return spec;
}

}  // namespace dynx::capture
