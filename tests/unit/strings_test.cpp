#include <doctest/doctest.h>

#include "dynx/strings.hpp"

using namespace dynx;

TEST_CASE("split keeps empty fields") {
  CHECK(split("a,,b", ',') == std::vector<std::string>{"a", "", "b"});
  CHECK(split("", ',') == std::vector<std::string>{""});
}

TEST_CASE("trim and join") {
  CHECK(trim("  x y \n") == "x y");
  CHECK(trim("   ").empty());
  CHECK(join({"a", "b", "c"}, ", ") == "a, b, c");
}


TEST_CASE("printable: control characters, bidi overrides and non-UTF-8 bytes become visible escapes") {
  CHECK(printable("plain name.py") == "plain name.py");
  CHECK(printable("tab\there") == "tab\there");
  CHECK(printable("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80") == "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80");
  CHECK(printable("a\x1b[31mred\x1b]0;title\x07") == "a\\x1b[31mred\\x1b]0;title\\x07");
  CHECK(printable("two\nlines\r") == "two\\nlines\\r");
  CHECK(printable("del\x7f") == "del\\x7f");
  CHECK(printable("c1 \xc2\x9b" "31m") == "c1 \\u009b31m");               // CSI as UTF-8
  CHECK(printable("rlo \xe2\x80\xae" "txt") == "rlo \\u202etxt");          // right-to-left override
  CHECK(printable("latin-1 \xe9t\xe9") == "latin-1 \\xe9t\\xe9");          // not UTF-8
  CHECK(printable("\xc0\x80 \xed\xa0\x80") == "\\xc0\\x80 \\xed\\xa0\\x80");  // overlong, surrogate
  CHECK(printable("cut \xe2\x86") == "cut \\xe2\\x86");
}

TEST_CASE("printable_message: one line, except the tool's own continuation lines") {
  CHECK(printable_message("operator aten::x\nfake: error: y") == "operator aten::x\\nfake: error: y");
  CHECK(printable_message("failed:\n  model.cpp:1: error\n  \x1b[2J") == "failed:\n  model.cpp:1: error\n  \\x1b[2J");
}
