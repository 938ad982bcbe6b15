// Writing C++ source: the one place that decides how anything from a
// capture (names, sources, file names, strings, numbers) becomes text in
// generated code, and a writer that owns indentation, so emitters say what
// they write and never count spaces.
//
// Nothing from the capture reaches generated source except through
// cpp_string_literal, cpp_comment, the number literals below, or as an
// identifier made by cpp_identifier ([a-z0-9_] only).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dynx::exporter {

// A C++ string literal holding exactly `text` (any bytes: quotes,
// backslashes, newlines, NUL, "??=" trigraph look-alikes, non-UTF-8).
std::string cpp_string_literal(std::string_view text);
// `text` made safe inside a /* */ or // comment: one line, no "*/", no
// backslash at the end, control bytes replaced.
std::string cpp_comment(std::string_view text);
// "v_" and at most ~40 characters of [a-z0-9_] made from any name.
std::string cpp_identifier(std::string_view name);
// An int64_t expression for v (INT64_MIN has no literal of its own).
std::string cpp_int_literal(int64_t v);
// A double expression for v that reads back as exactly v (NaN and the
// infinities through std::numeric_limits).
std::string cpp_double_literal(double v);
// "{1, 2, 3}"; "{0}" for an empty list (no empty arrays in C++; the count
// beside the array says 0).
std::string cpp_int_array(const std::vector<int64_t>& values);

// Lines of C++ at an indentation the writer keeps: a Scope indents what is
// written while it lives and closes its block when it ends.
class CppWriter {
 public:
  static constexpr int kBlock = 2;         // statements inside { }
  static constexpr int kContinuation = 4;  // entries of an initializer, continued expressions

  class Scope {
   public:
    Scope(CppWriter& writer, int step, std::string closer);
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope();

   private:
    CppWriter& writer_;
    int step_;
    std::string closer_;
  };

  // One line of code at the current indentation; "" writes an empty line.
  CppWriter& line(std::string_view code);
  // A line of code ending in a // comment (made safe by cpp_comment).
  CppWriter& line(std::string_view code, std::string_view comment);
  // A // comment line (made safe by cpp_comment).
  CppWriter& comment(std::string_view text);
  // Text written by another CppWriter (already indented and escaped).
  CppWriter& append(std::string_view text);

  // `opener` on a line, then an indented block closed by a line `closer`
  // (at the opener's indentation) when the scope ends.
  [[nodiscard]] Scope block(std::string_view opener, std::string closer = "}", int step = kBlock);
  // Indents what follows while the scope lives; writes nothing itself.
  [[nodiscard]] Scope indented(int step = kBlock);

  const std::string& text() const { return text_; }
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
  int indent_ = 0;
};

}  // namespace dynx::exporter
