// Input checks of a model.so (see input_checks.hpp).
#include "dynx/runtime/input_checks.hpp"

#include "dynx/dtypes.hpp"

namespace dynx::runtime {

std::string dtype_name(DLDataType t) {
  if (t.lanes != 1) return "vector dtype";
  if (t.code == kDLUInt && t.bits == 1) return "bool";  // DLPack before 0.8
  if (const DtypeInfo* d = dtype_by_dlpack(t.code, t.bits)) return std::string(d->name);
  switch (t.code) {  // a width dynx has no dtype of
    case kDLFloat: return "float?";
    case kDLBfloat: return "bfloat?";
    case kDLInt: return "int?";
    case kDLUInt: return "uint?";
    case kDLBoolCode: return "bool";
    case kDLComplex: return "complex?";
    default: return "dtype code " + std::to_string(t.code);
  }
}

namespace {

// Booleans travel as kDLBool (DLPack 0.8+) or as 1-bit unsigned (older): both are bool.
bool is_bool(DLDataType t) { return t.code == kDLBoolCode || (t.code == kDLUInt && t.bits == 1); }

bool same_dtype(DLDataType a, DLDataType b) {
  if (is_bool(a) || is_bool(b)) return is_bool(a) && is_bool(b) && a.lanes == b.lanes;
  return a.code == b.code && a.bits == b.bits && a.lanes == b.lanes;
}

const char* device_name(DLDeviceType d) {
  switch (d) {
    case kDLCPU: return "cpu";
    case kDLCUDA: return "cuda";
    case kDLCUDAHost: return "cuda host";
    case kDLROCM: return "rocm";
    case kDLMetal: return "metal";
    default: return "another device";
  }
}

std::string in(const InputSpec& spec) { return std::string("input '") + spec.name + "': "; }

std::string list(const int64_t* values, int32_t n) {
  std::string text = "[";
  for (int32_t k = 0; k < n; ++k) text += (k ? ", " : "") + std::to_string(values[k]);
  return text + "]";
}

}  // namespace

bool check_inputs(const Signature& sig, const DLTensor* const* inputs, size_t input_count, int64_t* symbol_values,
                  std::string* message) {
  if (input_count != sig.input_count) {
    *message = "expected " + std::to_string(sig.input_count) + " inputs, got " + std::to_string(input_count);
    return false;
  }
  if (inputs == nullptr && input_count > 0) {
    *message = "the inputs array is null";
    return false;
  }
  for (size_t s = 0; s < sig.symbol_count; ++s) symbol_values[s] = -1;
  for (size_t i = 0; i < input_count; ++i) {
    const InputSpec& spec = sig.inputs[i];
    const DLTensor* t = inputs[i];
    if (t == nullptr) {
      *message = in(spec) + "is null";
      return false;
    }
    if (!same_dtype(t->dtype, spec.dtype)) {
      *message = in(spec) + "dtype mismatch: expected " + dtype_name(spec.dtype) + ", got " + dtype_name(t->dtype);
      return false;
    }
    if (t->device.device_type != spec.device) {
      *message = in(spec) + "device mismatch: expected " + device_name(spec.device) + ", got " +
                 device_name(t->device.device_type);
      return false;
    }
    if (t->ndim != spec.ndim) {
      *message = in(spec) + "rank mismatch: expected " + std::to_string(spec.ndim) + ", got " +
                 std::to_string(t->ndim);
      return false;
    }
    if (t->ndim > 0 && t->shape == nullptr) {
      *message = in(spec) + "shape is null";
      return false;
    }
    bool empty = false, overflow = false;
    int64_t elements = 1;
    for (int32_t d = 0; d < t->ndim; ++d) {
      const DimSpec& dim = spec.dims[d];
      int64_t got = t->shape[d];
      if (got == 0) empty = true;
      if (got < 0 || __builtin_mul_overflow(elements, got, &elements)) overflow = true;
      if (dim.symbol < 0) {
        if (got != dim.size) {
          *message = in(spec) + "size mismatch at dim " + std::to_string(d) + ": expected " +
                     std::to_string(dim.size) + ", got " + std::to_string(got);
          return false;
        }
        continue;
      }
      auto s = static_cast<size_t>(dim.symbol);
      const SymbolSpec& sym = sig.symbols[s];
      if (symbol_values[s] < 0) {
        if (got < sym.min || (sym.max >= 0 && got > sym.max)) {
          *message = in(spec) + "size at dim " + std::to_string(d) + " is " + std::to_string(got) +
                     ", outside the range " + std::to_string(sym.min) + ".." +
                     (sym.max >= 0 ? std::to_string(sym.max) : std::string("inf")) + " of " + sym.name;
          return false;
        }
        symbol_values[s] = got;
      } else if (got != symbol_values[s]) {
        *message = in(spec) + "size mismatch at dim " + std::to_string(d) + ": expected " + sym.name + " = " +
                   std::to_string(symbol_values[s]) + " (as bound by an earlier input), got " + std::to_string(got);
        return false;
      }
    }
    if (overflow && !empty) {
      *message = in(spec) + "sizes " + list(t->shape, t->ndim) + " describe more elements than memory can hold";
      return false;
    }
    if (!empty && t->data == nullptr) {
      *message = in(spec) + "data is null";
      return false;
    }
    if (spec.contiguous && t->strides != nullptr && !empty) {  // null strides mean row-major; empty: any
      int64_t expected = 1;
      bool dense = true;
      for (int32_t d = t->ndim - 1; d >= 0; --d) {
        if (t->shape[d] != 1 && t->strides[d] != expected) dense = false;
        expected *= t->shape[d];  // no overflow: the product of all sizes was checked above
      }
      if (!dense) {
        *message = in(spec) + "not contiguous: strides " + list(t->strides, t->ndim) +
                   " (pass a contiguous copy)";
        return false;
      }
    }
  }
  return true;
}

}  // namespace dynx::runtime
