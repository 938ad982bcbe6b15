// Size expressions as C++ (see size_expression.hpp).
#include "dynx/export/size_expression.hpp"

#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "dynx/strings.hpp"

namespace dynx::exporter {
namespace {

// A parsed (sub)expression: its C++, and its value when it has no symbol.
struct Value {
  std::string cpp;
  std::optional<int64_t> constant;
};

class ExprParser {
 public:
  explicit ExprParser(std::string_view s) : s_(s) {}
  Expected<std::string> parse() {
    auto e = expr();
    if (!e) return e.error();
    skip();
    if (pos_ != s_.size()) return Error{"unexpected '" + std::string(s_.substr(pos_, 1)) + "'"};
    return e->cpp;
  }

 private:
  void skip() {
    while (pos_ < s_.size() && s_[pos_] == ' ') ++pos_;
  }
  bool eat(std::string_view token) {
    skip();
    if (s_.substr(pos_, token.size()) == token) {
      pos_ += token.size();
      return true;
    }
    return false;
  }
  // `left OP right` with constants folded as Python computes them (floor
  // division, modulo with the divisor's sign). A constant divisor of 0 is
  // refused here; one that only a symbol makes 0 is refused by the model
  // when it runs (dynx::model::floordiv).
  Expected<Value> combine(const Value& left, char op, const Value& right) {
    Value out;
    switch (op) {
      case '+': out.cpp = "(" + left.cpp + " + " + right.cpp + ")"; break;
      case '-': out.cpp = "(" + left.cpp + " - " + right.cpp + ")"; break;
      case '*': out.cpp = "(" + left.cpp + " * " + right.cpp + ")"; break;
      case '/': out.cpp = "dynx::model::floordiv(" + left.cpp + ", " + right.cpp + ")"; break;
      default: out.cpp = "dynx::model::pymod(" + left.cpp + ", " + right.cpp + ")"; break;
    }
    if ((op == '/' || op == '%') && right.constant == 0) return Error{"division by zero"};
    if (!left.constant || !right.constant) return out;
    int64_t a = *left.constant, b = *right.constant, r = 0;
    bool overflow = false;
    switch (op) {
      case '+': overflow = __builtin_add_overflow(a, b, &r); break;
      case '-': overflow = __builtin_sub_overflow(a, b, &r); break;
      case '*': overflow = __builtin_mul_overflow(a, b, &r); break;
      default:
        if (a == INT64_MIN && b == -1) {
          overflow = true;
          break;
        }
        r = a / b;
        if (a % b != 0 && ((a < 0) != (b < 0))) --r;
        if (op == '%') r = a - r * b;
        break;
    }
    if (overflow) return Error{"overflows 64 bits"};
    out.constant = r;
    return out;
  }
  // One level of precedence: operands of the next level joined by `ops`
  // (token, operator), left to right.
  Expected<Value> level(Expected<Value> (ExprParser::*operand)(),
                        std::initializer_list<std::pair<std::string_view, char>> ops) {
    auto left = (this->*operand)();
    if (!left) return left;
    Value out = std::move(*left);
    while (true) {
      char op = 0;
      for (const auto& [token, o] : ops)
        if (op == 0 && eat(token)) op = o;
      if (op == 0) return out;
      auto right = (this->*operand)();
      if (!right) return right;
      auto combined = combine(out, op, *right);
      if (!combined) return combined;
      out = std::move(*combined);
    }
  }
  Expected<Value> expr() { return level(&ExprParser::term, {{"+", '+'}, {"-", '-'}}); }
  Expected<Value> term() { return level(&ExprParser::unary, {{"//", '/'}, {"*", '*'}, {"%", '%'}}); }
  Expected<Value> unary() {
    // Nesting is bounded: a crafted expression must not exhaust the stack.
    struct Depth {
      int& d;
      explicit Depth(int& depth) : d(++depth) {}
      ~Depth() { --d; }
    } guard(depth_);
    if (depth_ > 64) return Error{"nested too deeply"};
    if (eat("-")) {
      auto e = unary();
      if (!e) return e;
      Value out{"(-" + e->cpp + ")", std::nullopt};
      if (e->constant) {
        if (*e->constant == INT64_MIN) return Error{"overflows 64 bits"};
        out.constant = -*e->constant;
      }
      return out;
    }
    if (eat("(")) {
      auto e = expr();
      if (!e) return e;
      if (!eat(")")) return Error{"missing ')'"};
      return e;
    }
    skip();
    size_t start = pos_;
    if (pos_ < s_.size() && s_[pos_] == 's') {
      ++pos_;
      size_t digits = pos_;
      while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      if (pos_ == digits || pos_ - digits > 6) return Error{"bad symbol"};
      return Value{std::string(s_.substr(start, pos_ - start)), std::nullopt};
    }
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    if (pos_ == start || pos_ - start > 18) return Error{"expected a number or a symbol"};
    std::string digits(s_.substr(start, pos_ - start));
    return Value{"int64_t{" + digits + "}", std::stoll(digits)};
  }
  std::string_view s_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

Expected<std::string> cpp_size_expression(std::string_view expr) {
  auto e = ExprParser(expr).parse();
  if (!e) return Error{"size expression '" + printable(expr) + "': " + e.error().message};
  return e;
}

}  // namespace dynx::exporter
