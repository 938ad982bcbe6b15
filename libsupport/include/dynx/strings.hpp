// Small string helpers with no Python or torch dependency.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dynx {

std::vector<std::string> split(std::string_view text, char separator);
std::string_view trim(std::string_view text);
std::string join(const std::vector<std::string>& parts, std::string_view separator);

}  // namespace dynx
