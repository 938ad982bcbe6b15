// The one table of tensor dtypes dynx knows: every name a dtype goes by in
// the formats dynx reads and writes (torch, ATen, the listings, safetensors,
// NumPy, DLPack). Header-only and dependency-free, so that the runtime
// compiled into every model.so can include it too.
#pragma once

#include <cstdint>
#include <string_view>

namespace dynx {

struct DtypeInfo {
  std::string_view name;         // torch's name without "torch.": "float32"
  std::string_view aten;         // ATen's ScalarType name, as guard failures print it: "Float"
  std::string_view short_name;   // graph listings: "f32"
  std::string_view safetensors;  // safetensors dtype: "F32"
  std::string_view numpy;        // NumPy descr without byte order ("f4"); empty: NumPy has none
  uint8_t dlpack_code;           // DLDataTypeCode (kDLInt 0, kDLUInt 1, kDLFloat 2, kDLBfloat 4, kDLComplex 5, kDLBool 6)
  uint8_t bits;                  // DLPack bits per element
  uint8_t size;                  // bytes per element
};

inline constexpr DtypeInfo kDtypes[] = {
    {"float32", "Float", "f32", "F32", "f4", 2, 32, 4},
    {"float64", "Double", "f64", "F64", "f8", 2, 64, 8},
    {"float16", "Half", "f16", "F16", "f2", 2, 16, 2},
    {"bfloat16", "BFloat16", "bf16", "BF16", "", 4, 16, 2},
    {"int64", "Long", "i64", "I64", "i8", 0, 64, 8},
    {"int32", "Int", "i32", "I32", "i4", 0, 32, 4},
    {"int16", "Short", "i16", "I16", "i2", 0, 16, 2},
    {"int8", "Char", "i8", "I8", "i1", 0, 8, 1},
    {"uint8", "Byte", "u8", "U8", "u1", 1, 8, 1},
    {"bool", "Bool", "b8", "BOOL", "b1", 6, 8, 1},
    {"complex64", "ComplexFloat", "c64", "C64", "c8", 5, 64, 8},
    {"complex128", "ComplexDouble", "c128", "C128", "c16", 5, 128, 16},
};

// Lookups by each name; nullptr when unknown. name also accepts "torch.float32".
inline const DtypeInfo* dtype_by_name(std::string_view name) {
  if (name.substr(0, 6) == "torch.") name.remove_prefix(6);
  for (const auto& d : kDtypes)
    if (d.name == name) return &d;
  return nullptr;
}
inline const DtypeInfo* dtype_by_aten(std::string_view aten) {
  for (const auto& d : kDtypes)
    if (d.aten == aten) return &d;
  return nullptr;
}
inline const DtypeInfo* dtype_by_safetensors(std::string_view code) {
  for (const auto& d : kDtypes)
    if (d.safetensors == code) return &d;
  return nullptr;
}
inline const DtypeInfo* dtype_by_dlpack(uint8_t code, uint8_t bits) {
  for (const auto& d : kDtypes)
    if (d.dlpack_code == code && d.bits == bits) return &d;
  return nullptr;
}

}  // namespace dynx
