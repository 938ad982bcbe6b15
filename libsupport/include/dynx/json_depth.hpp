// A bound on the nesting of JSON text, checked before it is parsed: readers
// of capture files, weights headers and command-line values walk parsed JSON
// recursively (and so do nlohmann::json's copies and dumps), so 100,000
// nested lists from a hostile file would overflow the stack. Header-only:
// also compiled into every model.so (its safetensors reader).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace dynx {

// Far deeper than any file dynx writes (a graph argument nests a few lists,
// the recorder walks a frame's containers a few levels deep), far shallower
// than what exhausts a thread's stack.
constexpr size_t kMaxJsonDepth = 512;

// Whether the arrays and objects of `text` nest at most `limit` deep,
// counting brackets outside strings (escapes inside strings are skipped).
// Says nothing about whether the text is valid JSON: the parser does that.
inline bool json_depth_within(std::string_view text, size_t limit = kMaxJsonDepth) {
  size_t depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return false;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return true;
}

// The words of an error about text that fails json_depth_within.
inline std::string json_too_deep_text(size_t limit = kMaxJsonDepth) {
  return "JSON nested more than " + std::to_string(limit) + " levels deep";
}

}  // namespace dynx
