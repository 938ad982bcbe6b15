// libFuzzer target: .npy files as dynx-run reads its inputs.
#include <cstdint>
#include <string>

#include "dynx/export/runner.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto t = dynx::runner::parse_npy(std::string(reinterpret_cast<const char*>(data), size), "fuzz.npy");
  if (t && static_cast<size_t>(t->numel()) * dynx::runner::dtype_size(t->dtype) != t->data.size()) __builtin_trap();
  return 0;
}
