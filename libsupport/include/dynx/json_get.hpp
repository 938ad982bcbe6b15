// Reading numbers out of parsed JSON without undefined behaviour.
// nlohmann::json's get<int>() converts whatever number it holds with a
// static_cast: 2.2e40 read as an int64 is undefined behaviour, 2^32+1 read as
// an int becomes 1 and 3.5 becomes 3. Readers of files dynx did not
// necessarily write (capture files, weights indexes, the outputs of older or
// newer versions, hostile inputs) read numbers through json_get instead: an
// integer is taken only from a JSON integer that fits the type, a bool only
// from a JSON bool. A mismatch throws nlohmann::json::type_error, which those
// readers already turn into their "malformed" messages. Header-only.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

namespace dynx {

namespace detail {
[[noreturn]] inline void json_wrong_number(const char* what) {
  throw nlohmann::json::type_error::create(302, std::string("type must be ") + what, nullptr);
}
template <typename T>
struct is_std_vector : std::false_type {};
template <typename U, typename A>
struct is_std_vector<std::vector<U, A>> : std::true_type {};
}  // namespace detail

template <typename T>
std::vector<T> json_get_list(const nlohmann::json& j);

// The value of `j` as T. Integral T: a JSON integer within T's range.
// bool: a JSON bool. Floating-point T: any JSON number. std::vector<U>: a
// JSON list, each element read as U. Other T: j.get<T>().
template <typename T>
T json_get(const nlohmann::json& j) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!j.is_boolean()) detail::json_wrong_number("a boolean");
    return j.get<bool>();
  } else if constexpr (std::is_integral_v<T>) {
    if (j.is_number_unsigned()) {
      uint64_t v = j.get<uint64_t>();
      if (v > static_cast<uint64_t>(std::numeric_limits<T>::max())) detail::json_wrong_number("an integer in range");
      return static_cast<T>(v);
    }
    if (j.is_number_integer()) {
      int64_t v = j.get<int64_t>();
      if constexpr (std::is_signed_v<T>) {
        if (v < static_cast<int64_t>(std::numeric_limits<T>::min()) ||
            v > static_cast<int64_t>(std::numeric_limits<T>::max()))
          detail::json_wrong_number("an integer in range");
      } else {
        if (v < 0) detail::json_wrong_number("a non-negative integer");
      }
      return static_cast<T>(v);
    }
    detail::json_wrong_number("an integer");
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!j.is_number()) detail::json_wrong_number("a number");
    return j.get<T>();
  } else if constexpr (detail::is_std_vector<T>::value) {
    return json_get_list<typename T::value_type>(j);
  } else {
    return j.get<T>();
  }
}

// A JSON list of T, each element read with json_get<T>.
template <typename T>
std::vector<T> json_get_list(const nlohmann::json& j) {
  if (!j.is_array()) detail::json_wrong_number("a list");
  std::vector<T> out;
  out.reserve(j.size());
  for (const auto& e : j) out.push_back(json_get<T>(e));
  return out;
}

}  // namespace dynx
