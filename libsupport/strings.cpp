// Small string helpers with no Python or torch dependency.
#include "dynx/strings.hpp"

namespace dynx {

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t pos = text.find(separator, start);
    if (pos == std::string_view::npos) {
      parts.emplace_back(text.substr(start));
      return parts;
    }
    parts.emplace_back(text.substr(start, pos - start));
    start = pos + 1;
  }
}

std::string_view trim(std::string_view text) {
  const char* ws = " \t\r\n\f\v";
  size_t begin = text.find_first_not_of(ws);
  if (begin == std::string_view::npos) return {};
  size_t end = text.find_last_not_of(ws);
  return text.substr(begin, end - begin + 1);
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += separator;
    out += parts[i];
  }
  return out;
}

}  // namespace dynx
