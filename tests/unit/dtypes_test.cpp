#include <doctest/doctest.h>

#include "dynx/dtypes.hpp"

using namespace dynx;

TEST_CASE("every dtype is found by each of its names, and sizes agree with bits") {
  for (const auto& d : kDtypes) {
    CHECK(dtype_by_name(d.name) == &d);
    CHECK(dtype_by_aten(d.aten) == &d);
    CHECK(dtype_by_safetensors(d.safetensors) == &d);
    CHECK(dtype_by_dlpack(d.dlpack_code, d.bits) == &d);
    if (d.name != "bool") CHECK(d.size * 8 == d.bits);
  }
  CHECK(dtype_by_name("torch.bfloat16")->aten == "BFloat16");
  CHECK(dtype_by_name("float8") == nullptr);
  CHECK(dtype_by_safetensors("F8_E4M3") == nullptr);
}
