// Choosing a backend (see codegen.hpp).
#include "dynx/export/codegen.hpp"

#include "dynx/export/libtorch_backend.hpp"

namespace dynx::exporter {

std::unique_ptr<Backend> make_backend(const std::string& name) {
  if (name == "libtorch") return std::make_unique<LibtorchBackend>();
  return nullptr;
}

}  // namespace dynx::exporter
