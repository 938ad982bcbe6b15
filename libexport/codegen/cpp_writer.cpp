// C++ text: escaping, literals and indentation (see cpp_writer.hpp).
#include "dynx/export/cpp_writer.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>

namespace dynx::exporter {

std::string cpp_string_literal(std::string_view text) {
  // Octal escapes for everything outside plain printable ASCII, and for '?'
  // (no trigraph can form); three digits, so a following digit cannot join.
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7f && c != '?') {
      out += static_cast<char>(c);
    } else {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\%03o", c);
      out += buffer;
    }
  }
  return out + "\"";
}

std::string cpp_comment(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f || c >= 0x80) {
      out += '?';  // newlines, control bytes, non-ASCII: never a line or comment break
    } else if (c == '/' && !out.empty() && out.back() == '*') {
      out += ' ';
      out += '/';
    } else if ((c == '*' && !out.empty() && out.back() == '/') || (c == '?' && !out.empty() && out.back() == '?')) {
      out += ' ';  // no "/*" (a nested opener warns) and no "??" (a trigraph under old standards)
      out += static_cast<char>(c);
    } else {
      out += static_cast<char>(c);
    }
  }
  while (!out.empty() && (out.back() == '\\' || out.back() == ' ')) out.pop_back();
  return out;
}

std::string cpp_identifier(std::string_view name) {
  std::string out = "v_";
  for (unsigned char c : name) {
    char d = std::isalnum(c) && c < 0x80 ? static_cast<char>(std::tolower(c)) : '_';
    if (d == '_' && out.back() == '_') continue;
    out += d;
    if (out.size() > 40) break;
  }
  while (out.size() > 2 && out.back() == '_') out.pop_back();
  if (out == "v") out = "v_";
  return out;
}

std::string cpp_int_literal(int64_t v) {
  if (v == std::numeric_limits<int64_t>::min()) return "std::numeric_limits<int64_t>::min()";
  return "int64_t{" + std::to_string(v) + "}";
}

std::string cpp_double_literal(double v) {
  if (std::isnan(v)) return "std::numeric_limits<double>::quiet_NaN()";
  if (std::isinf(v)) return v > 0 ? "std::numeric_limits<double>::infinity()" : "(-std::numeric_limits<double>::infinity())";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  std::string s = buffer;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

std::string cpp_int_array(const std::vector<int64_t>& values) {
  std::string s = "{";
  for (size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + std::to_string(values[i]);
  if (values.empty()) s += "0";
  return s + "}";
}

CppWriter::Scope::Scope(CppWriter& writer, int step, std::string closer)
    : writer_(writer), step_(step), closer_(std::move(closer)) {
  writer_.indent_ += step_;
}

CppWriter::Scope::~Scope() {
  writer_.indent_ -= step_;
  if (!closer_.empty()) writer_.line(closer_);
}

CppWriter& CppWriter::line(std::string_view code) {
  if (!code.empty()) text_.append(static_cast<size_t>(indent_), ' ').append(code);
  text_ += '\n';
  return *this;
}

CppWriter& CppWriter::line(std::string_view code, std::string_view comment) {
  return line(std::string(code) + "  // " + cpp_comment(comment));
}

CppWriter& CppWriter::comment(std::string_view text) { return line("// " + cpp_comment(text)); }

CppWriter& CppWriter::append(std::string_view text) {
  text_ += text;
  return *this;
}

CppWriter::Scope CppWriter::block(std::string_view opener, std::string closer, int step) {
  line(opener);
  return Scope(*this, step, std::move(closer));
}

CppWriter::Scope CppWriter::indented(int step) { return Scope(*this, step, ""); }

}  // namespace dynx::exporter
