// libFuzzer target: the input checks every model.so runs, given DLTensors
// whose fields (rank, dtype, device, sizes, strides, null pointers) come
// from the fuzzer, against a signature with fixed sizes, a shared dynamic
// symbol with a range, and a boolean input.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "dynx/runtime/input_checks.hpp"

using namespace dynx::runtime;

namespace {

const DimSpec kDims0[] = {{0, 0}, {4, -1}};
const DimSpec kDims1[] = {{0, 0}, {0, 1}, {3, -1}};
const DimSpec kDims2[] = {{0, -1}};
const SymbolSpec kSymbols[] = {{"s0", 2, 64}, {"s1", 2, -1}};
const InputSpec kInputs[] = {{"x", {kDLFloat, 32, 1}, 2, kDims0, kDLCPU, true},
                             {"y", {kDLInt, 64, 1}, 3, kDims1, kDLCPU, true},
                             {"mask", {kDLBoolCode, 8, 1}, 1, kDims2, kDLCPU, true}};
const Signature kSignature{kInputs, 3, kSymbols, 2};

struct Reader {
  const uint8_t* p;
  size_t n;
  template <typename T>
  T take() {
    T v{};
    size_t k = n < sizeof(T) ? n : sizeof(T);
    std::memcpy(&v, p, k);
    p += k;
    n -= k;
    return v;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Reader r{data, size};
  size_t count = r.take<uint8_t>() % 5;  // sometimes the wrong number of inputs
  std::vector<DLTensor> tensors(count);
  std::vector<std::vector<int64_t>> shapes(count), strides(count);
  std::vector<const DLTensor*> pointers(count);
  static float storage[1];
  for (size_t i = 0; i < count; ++i) {
    uint8_t flags = r.take<uint8_t>();
    int32_t ndim = r.take<uint8_t>() % 6;
    shapes[i].resize(static_cast<size_t>(ndim));
    strides[i].resize(static_cast<size_t>(ndim));
    for (auto& d : shapes[i]) d = r.take<int64_t>();
    for (auto& s : strides[i]) s = r.take<int64_t>();
    DLTensor& t = tensors[i];
    t.data = (flags & 1) ? nullptr : storage;
    t.device = {static_cast<DLDeviceType>(r.take<uint8_t>() % 4 == 0 ? 2 : 1), 0};
    t.ndim = ndim;
    t.dtype = {r.take<uint8_t>(), r.take<uint8_t>(), r.take<uint16_t>()};
    t.shape = (flags & 2) && ndim > 0 ? nullptr : shapes[i].data();
    t.strides = (flags & 4) ? strides[i].data() : nullptr;
    t.byte_offset = 0;
    pointers[i] = (flags & 8) ? nullptr : &t;
  }
  int64_t symbols[2];
  std::string message;
  (void)check_inputs(kSignature, pointers.data(), count, symbols, &message);
  return 0;
}
