// Small string helpers with no Python or torch dependency.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dynx {

std::vector<std::string> split(std::string_view text, char separator);
std::string_view trim(std::string_view text);
std::string join(const std::vector<std::string>& parts, std::string_view separator);

// Text from a capture (names, paths, source lines) as it may be printed on a
// terminal: control characters (C0 but tab, DEL, C1), bidirectional
// overrides and bytes that are not UTF-8 become visible escapes ("\n",
// "\x1b", "\u009b", "\u202e"), so a name cannot move the cursor, set the
// title, hide text or start a line that looks like the tool's own.
std::string printable(std::string_view text);
// A tool's message for a terminal: printable() throughout, except the line
// breaks of continuation lines ("\n  ...") that multi-line errors use.
std::string printable_message(std::string_view message);

}  // namespace dynx
