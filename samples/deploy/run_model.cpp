// Run a dynx model.so from C++ with dynx/model.hpp: one float32 input of the
// sizes given on the command line, filled with 0.01 * i; prints each
// output's shape and sum, then runs it from 4 threads through a ModelPool
// and checks every thread got the same sums.
//
//   c++ -std=c++17 -I$PREFIX/include run_model.cpp -ldl -pthread -o run_model_cpp
//   ./run_model_cpp ./model.so 2 8 32
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "dynx/model.hpp"

namespace {
double sum_of(const dynx::Tensor& t) {
  double sum = 0;  // float32 outputs, dense (dynx-aot's outputs are)
  for (int64_t i = 0; i < t.numel(); ++i) sum += t.data<float>()[i];
  return sum;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s model.so SIZE...\n", argv[0]);
    return 2;
  }
  try {
    dynx::Library library(argv[1]);
    std::vector<int64_t> shape;
    int64_t count = 1;
    for (int d = 2; d < argc; ++d) count *= shape.emplace_back(std::atoll(argv[d]));
    std::vector<float> data(static_cast<size_t>(count));
    for (int64_t i = 0; i < count; ++i) data[static_cast<size_t>(i)] = 0.01f * static_cast<float>(i);
    DLTensor x = {data.data(), {kDLCPU, 0}, static_cast<int32_t>(shape.size()), {kDLFloat, 32, 1}, shape.data(),
                  nullptr, 0};

    dynx::Model model(library);
    std::vector<dynx::Tensor> outputs = model.run({&x});
    std::vector<double> sums;
    for (size_t o = 0; o < outputs.size(); ++o) {
      std::printf("output %zu: [", o);
      for (int32_t d = 0; d < outputs[o]->ndim; ++d)
        std::printf(d ? ", %lld" : "%lld", static_cast<long long>(outputs[o]->shape[d]));
      sums.push_back(sum_of(outputs[o]));
      std::printf("] sum=%.6g\n", sums.back());
    }

    // A server's threads share a pool of instances.
    dynx::ModelPool pool(library, 2);
    std::vector<int> same(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (int i = 0; i < 5; ++i) {
          std::vector<dynx::Tensor> got = pool.run({&x});
          if (sum_of(got[0]) == sums[0]) ++same[static_cast<size_t>(t)];
        }
      });
    for (auto& th : threads) th.join();
    for (int n : same)
      if (n != 5) {
        std::fprintf(stderr, "a pooled run differs\n");
        return 1;
      }
    std::printf("pool: 4 threads x 5 runs agree\n");

    // An error is an exception carrying the model's message.
    DLTensor wrong = x;
    wrong.dtype = {kDLInt, 64, 1};
    try {
      model.run({&wrong});
    } catch (const dynx::Error& e) {
      std::printf("error %d: %s\n", e.status(), e.what());
    }
  } catch (const dynx::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
