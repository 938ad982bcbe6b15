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

namespace {

void append_hex(std::string& out, const char* prefix, unsigned value, int digits) {
  static const char* const kHex = "0123456789abcdef";
  out += prefix;
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xf];
}

// The length of the valid UTF-8 sequence at text[i] and its code point; 0 if invalid.
size_t utf8_sequence(std::string_view text, size_t i, unsigned* code_point) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned c = byte(i);
  size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
  if (length == 0 || c > 0xf4 || i + length > text.size()) return 0;
  unsigned cp = c & (0x3f >> (length - 1));
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3f);
  }
  static const unsigned kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[length] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;  // overlong, surrogate
  *code_point = cp;
  return length;
}

bool invisible_control(unsigned cp) {
  return (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
         cp == 0x2028 || cp == 0x2029;
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if ((c < 0x20 && c != '\t') || c == 0x7f) append_hex(out, "\\x", c, 2);
      else out += static_cast<char>(c);
      ++i;
      continue;
    }
    unsigned cp = 0;
    size_t length = utf8_sequence(text, i, &cp);
    if (length == 0) {
      append_hex(out, "\\x", c, 2);
      ++i;
    } else {
      if (invisible_control(cp)) append_hex(out, "\\u", cp, 4);
      else out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string printable_message(std::string_view message) {
  std::string out;
  size_t start = 0;
  while (true) {
    size_t pos = message.find("\n  ", start);
    if (pos == std::string_view::npos) return out + printable(message.substr(start));
    out += printable(message.substr(start, pos - start)) + "\n  ";
    start = pos + 3;
  }
}

}  // namespace dynx
