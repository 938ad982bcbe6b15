// dynx/model.hpp: a header-only C++17 wrapper over dynx/model.h for C++
// programs and servers. Nothing here is needed to use a model.so; it only
// owns what the C interface hands out:
//
//   dynx::Library lib("bundle/model.so");       // dlopen + the functions
//   dynx::Model model(lib);                       // one instance (embedded weights)
//   std::vector<dynx::Tensor> out = model.run({&x});  // DLTensor inputs
//   out[0]->data, out[0]->shape ...               // released when out goes
//
//   dynx::ModelPool pool(lib, 4);                 // for a server's threads
//   auto out2 = pool.run({&x});                   // borrows a free instance
//
// Errors are dynx::Error (a std::runtime_error carrying the dynx_status and
// the model's one-line message). A Library must outlive its Models and
// Tensors. Link with -ldl on glibc older than 2.34.
#ifndef DYNX_MODEL_HPP
#define DYNX_MODEL_HPP

#include <dlfcn.h>

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dynx/model.h"

namespace dynx {

class Error : public std::runtime_error {
 public:
  Error(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  int status() const noexcept { return status_; }  // a dynx_status; DYNX_ERROR_LOAD when loading failed

 private:
  int status_;
};

// An output the model handed over: owns its DLManagedTensor.
class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(DLManagedTensor* managed) noexcept : managed_(managed) {}
  Tensor(Tensor&& other) noexcept : managed_(std::exchange(other.managed_, nullptr)) {}
  Tensor& operator=(Tensor&& other) noexcept {
    if (this != &other) {
      reset();
      managed_ = std::exchange(other.managed_, nullptr);
    }
    return *this;
  }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;
  ~Tensor() { reset(); }

  const DLTensor* operator->() const noexcept { return &managed_->dl_tensor; }
  const DLTensor& dl() const noexcept { return managed_->dl_tensor; }
  explicit operator bool() const noexcept { return managed_ != nullptr; }
  int64_t numel() const noexcept {
    int64_t n = 1;
    for (int32_t d = 0; d < managed_->dl_tensor.ndim; ++d) n *= managed_->dl_tensor.shape[d];
    return n;
  }
  template <typename T>
  const T* data() const noexcept {
    return reinterpret_cast<const T*>(static_cast<const char*>(managed_->dl_tensor.data) +
                                      managed_->dl_tensor.byte_offset);
  }
  // Gives up ownership (to hand the tensor on through DLPack).
  DLManagedTensor* release() noexcept { return std::exchange(managed_, nullptr); }

 private:
  void reset() noexcept {
    if (managed_ != nullptr && managed_->deleter != nullptr) managed_->deleter(managed_);
    managed_ = nullptr;
  }
  DLManagedTensor* managed_ = nullptr;
};

// A loaded model.so and its C functions. Thread-safe; not copyable.
class Library {
 public:
  explicit Library(const std::string& path) : handle_(::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    if (handle_ == nullptr) {
      const char* why = ::dlerror();
      throw Error(DYNX_ERROR_LOAD, path + ": " + (why ? why : "cannot load"));
    }
    bool ok = find(abi_version_, "dynx_model_abi_version") && find(signature_, "dynx_model_signature") &&
              find(num_inputs_, "dynx_model_num_inputs") && find(num_outputs_, "dynx_model_num_outputs") &&
              find(create, "dynx_model_create") && find(destroy, "dynx_model_destroy") &&
              find(run, "dynx_model_run") && find(run_into, "dynx_model_run_into") &&
              find(last_error, "dynx_model_last_error") && find(set_num_threads_, "dynx_model_set_num_threads");
    if (!ok) {
      ::dlclose(handle_);
      throw Error(DYNX_ERROR_LOAD, path + ": not a dynx model (a dynx_model_* function is missing)");
    }
    // Models built before cache entries have one, and no such functions.
    find(num_entries_, "dynx_model_num_entries");
    find(last_entry, "dynx_model_last_entry");
    if (abi_version_() != DYNX_MODEL_ABI_VERSION) {
      ::dlclose(handle_);
      throw Error(DYNX_ERROR_LOAD, path + ": model ABI version " + std::to_string(abi_version_()) +
                                       ", this header speaks " + std::to_string(DYNX_MODEL_ABI_VERSION));
    }
  }
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
  ~Library() { ::dlclose(handle_); }

  std::string signature() const { return signature_(); }  // model.json's "signature", as JSON
  size_t num_inputs() const { return num_inputs_(); }
  size_t num_outputs() const { return num_outputs_(); }
  // The cache entries the model holds (model.json's "entries").
  size_t num_entries() const { return num_entries_ != nullptr ? num_entries_() : 1; }
  void set_num_threads(int threads) const {
    if (set_num_threads_(threads) != DYNX_OK) throw Error(DYNX_ERROR_ARGUMENT, last_error());
  }

  // The C functions, for Model.
  int (*create)(const char*, dynx_model**) = nullptr;
  void (*destroy)(dynx_model*) = nullptr;
  int (*run)(dynx_model*, const DLTensor* const*, size_t, DLManagedTensor**, size_t) = nullptr;
  int (*run_into)(dynx_model*, const DLTensor* const*, size_t, const DLTensor* const*, size_t) = nullptr;
  const char* (*last_error)(void) = nullptr;
  int (*last_entry)(const dynx_model*) = nullptr;

 private:
  template <typename F>
  bool find(F& function, const char* name) {
    function = reinterpret_cast<F>(::dlsym(handle_, name));
    return function != nullptr;
  }
  void* handle_;
  uint32_t (*abi_version_)(void) = nullptr;
  const char* (*signature_)(void) = nullptr;
  size_t (*num_inputs_)(void) = nullptr;
  size_t (*num_outputs_)(void) = nullptr;
  int (*set_num_threads_)(int) = nullptr;
  size_t (*num_entries_)(void) = nullptr;
};

namespace detail {
struct Destroy {
  void (*destroy)(dynx_model*) = nullptr;
  void operator()(dynx_model* m) const noexcept {
    if (m != nullptr && destroy != nullptr) destroy(m);
  }
};
}  // namespace detail

// One instance: runs one call at a time (use one per thread, or a ModelPool).
class Model {
 public:
  // weights_path: empty for the embedded weights (or the external file
  // model.json names beside the .so).
  explicit Model(const Library& library, const std::string& weights_path = "") : library_(&library) {
    dynx_model* raw = nullptr;
    int status = library.create(weights_path.empty() ? nullptr : weights_path.c_str(), &raw);
    if (status != DYNX_OK) throw Error(status, library.last_error());
    model_ = std::unique_ptr<dynx_model, Destroy>(raw, Destroy{library.destroy});
  }

  std::vector<Tensor> run(const std::vector<const DLTensor*>& inputs) {
    std::vector<DLManagedTensor*> raw(library_->num_outputs(), nullptr);
    int status = library_->run(model_.get(), inputs.data(), inputs.size(), raw.data(), raw.size());
    if (status != DYNX_OK) throw Error(status, library_->last_error());
    std::vector<Tensor> outputs;
    outputs.reserve(raw.size());
    for (DLManagedTensor* t : raw) outputs.emplace_back(t);
    return outputs;
  }

  // Writes each output into the caller's tensor (its dtype and shape checked).
  void run_into(const std::vector<const DLTensor*>& inputs, const std::vector<const DLTensor*>& outputs) {
    int status = library_->run_into(model_.get(), inputs.data(), inputs.size(), outputs.data(), outputs.size());
    if (status != DYNX_OK) throw Error(status, library_->last_error());
  }

  // The entry the last successful run used (0-based; -1 before one).
  int last_entry() const { return library_->last_entry != nullptr ? library_->last_entry(model_.get()) : 0; }

 private:
  using Destroy = detail::Destroy;
  const Library* library_;
  std::unique_ptr<dynx_model, Destroy> model_;
};

// A fixed set of instances shared by a server's threads: run() borrows a
// free one (waiting while all are busy) and gives it back.
class ModelPool {
 public:
  ModelPool(const Library& library, size_t instances, const std::string& weights_path = "") {
    for (size_t i = 0; i < (instances == 0 ? 1 : instances); ++i)
      free_.push_back(std::make_unique<Model>(library, weights_path));
  }

  std::vector<Tensor> run(const std::vector<const DLTensor*>& inputs) {
    std::unique_ptr<Model> model = take();
    try {
      std::vector<Tensor> outputs = model->run(inputs);
      give_back(std::move(model));
      return outputs;
    } catch (...) {
      give_back(std::move(model));
      throw;
    }
  }

 private:
  std::unique_ptr<Model> take() {
    std::unique_lock<std::mutex> lock(mutex_);
    available_.wait(lock, [this] { return !free_.empty(); });
    std::unique_ptr<Model> model = std::move(free_.back());
    free_.pop_back();
    return model;
  }
  void give_back(std::unique_ptr<Model> model) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      free_.push_back(std::move(model));
    }
    available_.notify_one();
  }
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Model>> free_;
};

}  // namespace dynx

#endif  // DYNX_MODEL_HPP
