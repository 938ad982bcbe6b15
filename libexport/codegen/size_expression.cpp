// Size expressions as C++ (see size_expression.hpp).
#include "dynx/export/size_expression.hpp"

#include <cctype>

namespace dynx::exporter {
namespace {

class ExprParser {
 public:
  explicit ExprParser(std::string_view s) : s_(s) {}
  Expected<std::string> parse() {
    auto e = expr();
    if (!e) return e;
    skip();
    if (pos_ != s_.size()) return Error{"unexpected '" + std::string(s_.substr(pos_, 1)) + "'"};
    return e;
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
  Expected<std::string> expr() {
    auto left = term();
    if (!left) return left;
    std::string out = *left;
    while (true) {
      if (eat("+")) {
        auto r = term();
        if (!r) return r;
        out = "(" + out + " + " + *r + ")";
      } else if (eat("-")) {
        auto r = term();
        if (!r) return r;
        out = "(" + out + " - " + *r + ")";
      } else {
        return out;
      }
    }
  }
  Expected<std::string> term() {
    auto left = unary();
    if (!left) return left;
    std::string out = *left;
    while (true) {
      if (eat("//")) {
        auto r = unary();
        if (!r) return r;
        out = "dynx::model::floordiv(" + out + ", " + *r + ")";
      } else if (eat("*")) {
        auto r = unary();
        if (!r) return r;
        out = "(" + out + " * " + *r + ")";
      } else if (eat("%")) {
        auto r = unary();
        if (!r) return r;
        out = "dynx::model::pymod(" + out + ", " + *r + ")";
      } else {
        return out;
      }
    }
  }
  Expected<std::string> unary() {
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
      return "(-" + *e + ")";
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
      return std::string(s_.substr(start, pos_ - start));
    }
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    if (pos_ == start || pos_ - start > 18) return Error{"expected a number or a symbol"};
    return "int64_t{" + std::string(s_.substr(start, pos_ - start)) + "}";
  }
  std::string_view s_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

Expected<std::string> cpp_size_expression(std::string_view expr) {
  auto e = ExprParser(expr).parse();
  if (!e) return Error{"size expression '" + std::string(expr) + "': " + e.error().message};
  return e;
}

}  // namespace dynx::exporter
