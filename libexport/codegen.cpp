// Choosing a backend (see codegen.hpp).
#include "dynx/export/codegen.hpp"

#include "dynx/export/cpp_writer.hpp"
#include "dynx/export/libtorch_backend.hpp"
#include "dynx/export/native_backend.hpp"

namespace dynx::exporter {

std::unique_ptr<Backend> make_backend(const std::string& name) {
  if (name == "libtorch") return std::make_unique<LibtorchBackend>();
  if (name == "native") return std::make_unique<NativeBackend>();
  return nullptr;
}

std::string emit_entries_table(const std::vector<std::string>& spec_symbols, const std::vector<std::string>& graph_ids,
                               const std::string& signature_json, const std::string& spec_type) {
  CppWriter src;
  src.line("").line("// The model's cache entries, tried in this order; the signature its C API reports.");
  std::string specs, names;
  for (size_t i = 0; i < spec_symbols.size(); ++i) {
    specs += (i ? ", &" : "&") + spec_symbols[i];
    names += (i ? ", " : "") + cpp_string_literal(graph_ids.at(i));
  }
  src.line("const " + spec_type + "* const dynx_model_entries[] = {" + specs + "};");
  src.line("const char* const dynx_model_entry_names[] = {" + names + "};");
  src.line("const size_t dynx_model_entry_count = " + std::to_string(spec_symbols.size()) + ";");
  src.line("const char dynx_model_signature_json[] = " + cpp_string_literal(signature_json) + ";");
  return src.take();
}

}  // namespace dynx::exporter
