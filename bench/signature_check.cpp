// What a model.so's input checks cost per run: check_inputs over 1, 10 and
// 100 float32 inputs of rank 2 whose first size is dynamic (one shared
// symbol), timed over many runs. Prints a Markdown table (BENCHMARKS.md).
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "dynx/runtime/input_checks.hpp"

using namespace dynx::runtime;

int main() {
  std::printf("| inputs | ns per check | ns per input |\n|---:|---:|---:|\n");
  for (size_t n : {1, 10, 100}) {
    const DimSpec dims[] = {{0, 0}, {64, -1}};
    const SymbolSpec symbols[] = {{"s0", 2, -1}};
    std::vector<InputSpec> specs(n, InputSpec{"x", DLDataType{kDLFloat, 32, 1}, 2, dims, kDLCPU, true});
    std::vector<int64_t> shape = {32, 64}, strides = {64, 1};
    std::vector<float> data(32 * 64);
    std::vector<DLTensor> tensors(n);
    std::vector<const DLTensor*> pointers(n);
    for (size_t i = 0; i < n; ++i) {
      tensors[i] = DLTensor{data.data(), {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape.data(), strides.data(), 0};
      pointers[i] = &tensors[i];
    }
    Signature sig{specs.data(), n, symbols, 1};
    int64_t values[1];
    std::string message;
    const int runs = n == 100 ? 200000 : 2000000;
    size_t passed = 0;
    auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < runs; ++r) passed += check_inputs(sig, pointers.data(), n, values, &message) ? 1 : 0;
    double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / runs;
    if (passed != static_cast<size_t>(runs)) {
      std::fprintf(stderr, "signature_check: a check failed: %s\n", message.c_str());
      return 1;
    }
    std::printf("| %zu | %.1f | %.1f |\n", n, ns, ns / static_cast<double>(n));
  }
  return 0;
}
