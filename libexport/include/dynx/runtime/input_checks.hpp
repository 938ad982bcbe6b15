// The input checks every model.so runs before computing: each DLPack input
// against the model's signature (dtype, rank, each size or its dynamic
// range, device, strides, null pointers), with a message that names the
// input ("input 'x': size mismatch at dim 0: expected 8, got 16").
//
// Part of the runtime compiled into every model.so: no exceptions, no
// allocation on the passing path, nothing of torch or Python.
#pragma once

#include <dlpack/dlpack.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace dynx::runtime {

// kDLBool of DLPack 0.8 and later (torch exports booleans with it); Debian's
// dlpack.h is 0.6, which spells booleans as 1-bit unsigned integers.
inline constexpr uint8_t kDLBoolCode = 6;

// One dimension of an input: a fixed size, or a symbol (a dynamic size with
// a range; every input that names the same symbol must agree on it).
struct DimSpec {
  int64_t size = 0;    // the fixed size; ignored when symbol >= 0
  int symbol = -1;     // index into the signature's symbols, or -1
};

struct SymbolSpec {
  const char* name = "s0";
  int64_t min = 2;
  int64_t max = -1;  // < 0: unbounded
};

struct InputSpec {
  const char* name = "";
  DLDataType dtype{};
  int32_t ndim = 0;
  const DimSpec* dims = nullptr;
  DLDeviceType device = kDLCPU;
  bool contiguous = true;  // the model reads it as a dense row-major tensor
};

struct Signature {
  const InputSpec* inputs = nullptr;
  size_t input_count = 0;
  const SymbolSpec* symbols = nullptr;
  size_t symbol_count = 0;
};

// "float32", "int64", "bool", ... for a DLDataType.
std::string dtype_name(DLDataType dtype);

// Checks `inputs` (input_count pointers) against `signature`. On success
// returns true and fills symbol_values (signature.symbol_count entries);
// otherwise returns false and sets *message. Never throws.
bool check_inputs(const Signature& signature, const DLTensor* const* inputs, size_t input_count,
                  int64_t* symbol_values, std::string* message);

}  // namespace dynx::runtime
