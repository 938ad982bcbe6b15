// What both model runtimes share (model_runtime.cpp over libtorch,
// native_runtime.cpp over oneDNN), torch-free: the per-thread error of the C
// API, Python's floor division on sizes, the model.so's own directory, the
// one-call-per-instance guard and the choice of a cache entry by its input
// checks. Header-only: each runtime is one translation unit of a model.so.
#pragma once

#include <dlfcn.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "dynx/model.h"
#include "dynx/runtime/input_checks.hpp"

namespace dynx::model {

// Python's floor division and modulo on sizes ("s0//2"). A divisor that
// input sizes make 0 (or -1 under INT64_MIN) fails the run (run() catches
// it) instead of raising SIGFPE in the caller's process.
inline int64_t floordiv(int64_t a, int64_t b) {
  if (b == 0) throw std::domain_error("division by zero in a size expression");
  if (b == -1 && a == INT64_MIN) throw std::overflow_error("a size expression overflows 64 bits");
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline int64_t pymod(int64_t a, int64_t b) { return a - floordiv(a, b) * b; }

namespace common {

// dynx_model_last_error()'s message, per thread.
inline thread_local std::string t_last_error;

inline int fail(int status, std::string message) {
  t_last_error = std::move(message);
  return status;
}

// Handing outputs over failed (out of memory): nothing may cross the C ABI,
// so those already handed over are taken back.
inline int take_back_outputs(DLManagedTensor** outputs, size_t num_outputs) {
  for (size_t i = 0; i < num_outputs; ++i)
    if (outputs[i] != nullptr) {
      outputs[i]->deleter(outputs[i]);
      outputs[i] = nullptr;
    }
  return fail(DYNX_ERROR_RUNTIME, "cannot hand the outputs over (out of memory)");
}

// The directory of this model.so (external weights are looked up there).
inline std::string own_directory() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&own_directory), &info) == 0 || info.dli_fname == nullptr) return ".";
  std::string path = info.dli_fname;
  auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

inline std::string dims_text(const int64_t* dims, size_t ndim) {
  std::string text = "[";
  for (size_t i = 0; i < ndim; ++i) text += (i ? ", " : "") + std::to_string(dims[i]);
  return text + "]";
}

// One call at a time per instance (Model has a bool `busy`).
template <typename Model>
class Busy {
 public:
  explicit Busy(Model& m) : m_(m) { acquired_ = !__atomic_exchange_n(&m.busy, true, __ATOMIC_ACQUIRE); }
  ~Busy() {
    if (acquired_) __atomic_store_n(&m_.busy, false, __ATOMIC_RELEASE);
  }
  Busy(const Busy&) = delete;
  Busy& operator=(const Busy&) = delete;
  bool acquired() const { return acquired_; }

 private:
  Model& m_;
  bool acquired_;
};

// The prologue of every call on an instance: the thread's last error
// cleared, a null model refused, one call at a time; then body(model).
template <typename Model, typename Body>
int with_instance(dynx_model* model, Body body) {
  t_last_error.clear();
  if (model == nullptr) return fail(DYNX_ERROR_ARGUMENT, "model is NULL");
  auto& whole = *reinterpret_cast<Model*>(model);
  Busy<Model> busy(whole);
  if (!busy.acquired()) return fail(DYNX_ERROR_BUSY, "the instance is running a call on another thread");
  return body(whole);
}

// The entry whose input checks accept `inputs` (the first, in the order
// dynx-aot was given them, as a cache tries its entries), with its symbols
// filled; nullptr and the message of each refusal when none does. `specs`:
// the entries' specs (each with a `signature`), `names` their graph ids;
// Model has `entries` (each with `symbols`), `refusals` and `last_entry`.
template <typename Model, typename Spec>
auto* choose_entry(Model& model, const Spec* const* specs, const char* const* names, size_t count,
                   const DLTensor* const* inputs, size_t num_inputs, std::string* message) {
  for (size_t e = 0; e < count; ++e) {
    auto& m = *model.entries[e];
    model.refusals[e].clear();
    if (dynx::runtime::check_inputs(*specs[e]->signature, inputs, num_inputs, m.symbols.data(), &model.refusals[e])) {
      model.last_entry = static_cast<int>(e);
      return &m;
    }
  }
  decltype(&*model.entries[0]) none = nullptr;
  if (count == 1) {
    *message = model.refusals[0];
    return none;
  }
  *message = "no entry of the model accepts the inputs:";
  for (size_t e = 0; e < count; ++e)
    *message += std::string(e ? ";" : "") + " entry " + std::to_string(e) + " (graph " + names[e] +
                "): " + model.refusals[e];
  return none;
}

}  // namespace common
}  // namespace dynx::model
