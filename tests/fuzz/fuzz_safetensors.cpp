// libFuzzer target: safetensors headers (capture weights and examples,
// external model weights), as the model runtime and dynx-aot read them.
#include <cstdint>
#include <string>

#include "dynx/runtime/safetensors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  dynx::runtime::SafetensorsHeader header;
  std::string error;
  if (dynx::runtime::parse_safetensors(data, size, &header, &error)) {
    // Every accepted range lies inside the data: touch its first and last byte.
    volatile uint8_t sink = 0;
    for (const auto& e : header.entries)
      if (e.end > e.begin) sink = static_cast<uint8_t>(sink + data[header.data_start + e.begin] +
                                                       data[header.data_start + e.end - 1]);
    (void)sink;
  }
  return 0;
}
