// dynx-aot's pipeline (see aot.hpp): the graph, its weights and examples;
// torch and the compiler; code generation; compiling (through the cache),
// embedding the weights, linking; then everything moved into place.
#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "dynx/export/aot.hpp"
#include "dynx/export/aot_model_manifest.hpp"
#include "dynx/export/aot_toolchain.hpp"
#include "dynx/export/aot_torch_environment.hpp"
#include "dynx/export/aot_weights_blob.hpp"
#include "dynx/export/model_signature.hpp"
#include "dynx/export/native_backend.hpp"
#include "dynx/export/size_expression.hpp"
#include "dynx/files.hpp"
#include "dynx/ir/capture.hpp"
#include "dynx/ir/capture_layout.hpp"
#include "dynx/ir/weights_index.hpp"
#include "dynx/json_depth.hpp"
#include "dynx/strings.hpp"
#include "dynx/subprocess.hpp"
#include "dynx/version.hpp"

namespace dynx::exporter {

namespace {

namespace fs = std::filesystem;

// The missing parent directories of an output, made on request; removed
// again (each only if empty) unless keep() is called.
class CreatedDirectories {
 public:
  CreatedDirectories() = default;
  CreatedDirectories(const CreatedDirectories&) = delete;
  CreatedDirectories& operator=(const CreatedDirectories&) = delete;
  ~CreatedDirectories() {
    if (kept_) return;
    std::error_code ec;
    for (const auto& dir : made_) fs::remove(dir, ec);  // innermost first; a non-empty one stays
  }
  Status create(const fs::path& dir) {
    std::vector<fs::path> missing;
    for (fs::path p = dir; !p.empty() && path_kind(p) == PathKind::missing; p = p.parent_path()) {
      missing.push_back(p);
      if (p == p.parent_path()) break;
    }
    if (auto s = make_directories(dir); !s) return s;
    made_ = std::move(missing);
    return Status::ok();
  }
  void keep() { kept_ = true; }

 private:
  std::vector<fs::path> made_;
  bool kept_ = false;
};

// What the request's input names: the graph files (one, or several
// entries of a capture), the files around them, and what the capture says
// about itself.
struct GraphSource {
  struct One {
    fs::path graph, examples;
    std::string graph_id;  // of a capture directory's graph
  };
  std::vector<One> graphs;
  fs::path weights_blob, weights_index;
  std::string capture_torch, label;
  std::optional<ir::Capture> capture;  // when the input is a capture directory
};

Expected<GraphSource> locate_graph(const AotRequest& r) {
  GraphSource s;
  if (path_kind(r.input) == PathKind::directory) {
    auto capture = ir::read_capture(r.input);
    if (!capture) return capture.error();
    if (!capture->complete() && r.warn)
      r.warn(r.input + " is an incomplete capture (" + capture->manifest.reason + "); compiling what it recorded");
    const ir::CaptureLayout layout = capture->layout();
    const std::vector<std::string> requested = r.graphs.empty() ? std::vector<std::string>{""} : r.graphs;
    std::string ids;
    for (const auto& want : requested) {
      auto chosen = capture->choose_graph(want);
      if (!chosen) return chosen.error();
      for (const auto& one : s.graphs)
        if (one.graph_id == *chosen) return Error{"--graph " + *chosen + " is given twice"};
      s.graphs.push_back({layout.graph_json(*chosen), layout.examples(*chosen), *chosen});
      ids += (ids.empty() ? "" : ", ") + *chosen;
    }
    s.weights_blob = layout.weights_blob();
    s.weights_index = layout.weights_index();
    s.capture_torch = capture->manifest.torch_version;
    s.label = "capture " + real_path(r.input) + (s.graphs.size() == 1 ? ", graph " : ", graphs ") + ids;
    s.capture = std::move(*capture);
  } else if (path_kind(r.input) == PathKind::file) {
    if (!r.graphs.empty()) return Error{"--graph needs a capture directory"};
    const auto layout = ir::CaptureLayout::of_graph_file(real_path(r.input));
    s.graphs.push_back({r.input, layout.examples_of_graph_file(r.input), ""});
    // --weights-from names the storages; their index is beside them.
    s.weights_blob = r.weights_from.empty() ? layout.weights_blob() : fs::path(r.weights_from);
    s.weights_index = r.weights_from.empty() ? layout.weights_index()
                                             : ir::CaptureLayout(s.weights_blob.parent_path()).weights_index();
    if (auto text = read_file(layout.manifest()); text && json_depth_within(*text)) {
      try {
        if (auto manifest = ir::manifest_from_json(nlohmann::json::parse(*text)))
          s.capture_torch = manifest->torch_version;
      } catch (const nlohmann::json::exception&) {
      }
    }
    s.label = "graph file " + real_path(r.input);
  } else if (path_kind(r.input) == PathKind::other) {
    return Error{r.input + ": " + kNotRegularFile};
  } else {
    return Error{r.input + ": no such file or directory"};
  }
  return s;
}

// The model returns what the graph's code returned or what later code
// used; tensors the capture saw only because Python still held them
// ("alive") are left out unless all_outputs.
void drop_alive_outputs(ir::Graph& graph) {
  std::vector<ir::GraphOutput> kept;
  for (const auto& out : graph.outputs)
    if (std::find(out.reasons.begin(), out.reasons.end(), "alive") == out.reasons.end() || out.reasons.size() > 1)
      kept.push_back(out);
  if (!kept.empty()) graph.outputs = std::move(kept);
}

// The entries of one model take the same inputs, by count and name, and give
// as many outputs (a cache's entries are one function's): a caller passes
// one list of inputs whichever entry runs.
Status check_entries_agree(const std::vector<AotEntry>& entries) {
  auto names = [](const std::vector<ModelTensor>& tensors) {
    std::string text;
    for (const auto& t : tensors) text += (text.empty() ? "" : ", ") + t.name;
    return "(" + text + ")";
  };
  for (size_t i = 1; i < entries.size(); ++i) {
    const ModelSignature& first = entries[0].generated.signature;
    const ModelSignature& other = entries[i].generated.signature;
    const std::string pair = "graphs " + entries[0].graph.id + " and " + entries[i].graph.id;
    if (names(first.inputs) != names(other.inputs))
      return Error{pair + " take different inputs, " + printable(names(first.inputs)) + " and " +
                   printable(names(other.inputs)) + ": the entries of one model take the same inputs"};
    if (first.outputs.size() != other.outputs.size())
      return Error{pair + " give " + std::to_string(first.outputs.size()) + " and " +
                   std::to_string(other.outputs.size()) + " outputs: the entries of one model give the same outputs"};
  }
  return {};
}

// Runs a compiler driver step (assembling, linking) with progress.
Expected<ProcessResult> run_step(const std::vector<std::string>& argv, const std::string& label,
                                 AotProgress& progress) {
  progress.start(label);
  auto result = run_captured(argv);
  progress.stop();
  return result;
}

// A wrapper tensor subclass (a quantized or scaled tensor) is what its
// __torch_dispatch__ makes of each operator: Python code a model.so cannot
// run, so a graph that takes or makes one is refused by name.
Status refuse_subclasses(const ir::Graph& graph) {
  for (const auto& in : graph.inputs)
    if (!in.meta.subclass.empty())
      return Error{"graph " + graph.id + ": input " + in.name + " is a " + in.meta.subclass +
                   " (a tensor subclass with __torch_dispatch__), whose operators are Python code: dynx-aot "
                   "compiles graphs of plain tensors only"};
  for (const auto& node : graph.nodes)
    for (const auto& out : node.outputs)
      if (out.meta && !out.meta->subclass.empty())
        return Error{"graph " + graph.id + ": " + node.name + " makes a " + out.meta->subclass +
                     " (a tensor subclass with __torch_dispatch__), whose operators are Python code: dynx-aot "
                     "compiles graphs of plain tensors only"};
  return {};
}

// The devices a graph's tensors were captured on; a model is compiled for
// the CPU, so a graph captured elsewhere (cuda:0) is refused unless the
// request asks for the CPU (--device cpu), and then every device in it
// (tensor metadata, device arguments) becomes "cpu", with a note.
Status place_on_cpu(ir::Graph& graph, const std::string& requested, AotProgress& progress) {
  if (!requested.empty() && requested != "cpu")
    return Error{"--device " + requested + ": dynx-aot compiles for the CPU only (--device cpu)"};
  std::set<std::string> devices;
  for (const auto& in : graph.inputs) devices.insert(in.meta.device);
  for (const auto& node : graph.nodes)
    for (const auto& out : node.outputs)
      if (out.meta) devices.insert(out.meta->device);
  devices.erase("cpu");
  devices.erase("");
  if (devices.empty()) return {};
  std::string list;
  for (const auto& d : devices) list += (list.empty() ? "" : ", ") + d;
  if (requested != "cpu")
    return Error{"graph " + graph.id + " was captured on " + list +
                 "; dynx-aot compiles for the CPU only: pass --device cpu to compile it for the CPU"};
  auto to_cpu = [](auto&& self, ir::Argument& a) -> void {
    if (a.kind == ir::Argument::Kind::device) a.text = "cpu";
    for (auto& item : a.items) self(self, item);
  };
  for (auto& in : graph.inputs) in.meta.device = "cpu";
  for (auto& node : graph.nodes) {
    for (auto& a : node.args) to_cpu(to_cpu, a);
    for (auto& [name, a] : node.kwargs) to_cpu(to_cpu, a);
    for (auto& out : node.outputs)
      if (out.meta) out.meta->device = "cpu";
  }
  progress.note("graph " + graph.id + " was captured on " + list + "; compiled for the CPU (--device cpu)");
  return {};
}

}  // namespace


namespace {

// The C library and the loader: every Linux machine has its own, and a
// copy would not match the kernel's loader.
bool system_library(const std::string& name) {
  for (const char* base : {"libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so", "libutil.so",
                           "ld-linux", "linux-vdso", "linux-gate", "libresolv.so"})
    if (name.rfind(base, 0) == 0) return true;
  return false;
}

// The shared libraries a model needs besides the C library: libtorch_cpu
// and libc10 from torch's library directory, and what they need (ldd).
// A native model: what the model.so itself (`library_dir` names it) needs.
Expected<std::vector<std::pair<std::string, fs::path>>> model_libraries(const std::string& library_dir, bool native) {
  std::vector<std::pair<std::string, fs::path>> found;
  auto add = [&found](const std::string& name, const fs::path& path) {
    if (system_library(name)) return;
    for (const auto& [n, p] : found)
      if (n == name) return;
    found.emplace_back(name, path);
  };
  std::vector<std::string> direct_libraries = {"libtorch_cpu.so", "libc10.so"};
  if (native) direct_libraries = {library_dir};
  for (const auto& direct : direct_libraries) {
    fs::path lib = native ? fs::path(direct) : fs::path(library_dir) / direct;
    if (path_kind(lib) != PathKind::file) return Error{"--bundle: " + lib.string() + " is missing"};
    if (!native) add(direct, lib);
    auto listed = run_captured({"ldd", lib.string()}, "", true);
    if (!listed || listed->exit_code != 0)
      return Error{"--bundle: ldd " + lib.string() + " failed" + (listed ? "" : ": " + listed.error().message)};
    std::istringstream lines(listed->output);
    for (std::string line; std::getline(lines, line);) {
      // "\tlibgomp.so.1 => /path/libgomp.so.1 (0x...)"
      size_t arrow = line.find(" => ");
      if (arrow == std::string::npos) continue;
      std::string name(trim(line.substr(0, arrow)));
      std::string rest = line.substr(arrow + 4);
      std::string path(trim(rest.substr(0, rest.rfind(" ("))));
      if (path == "not found" || path.empty())
        return Error{"--bundle: " + std::string(direct) + " needs " + name + ", which is not found"};
      add(name, path);
    }
  }
  return found;
}

// Copies `from` to `to` (a hard link where the file system allows it:
// libtorch is hundreds of MiB).
Status place_copy(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::path real = fs::canonical(from, ec);
  if (ec) return Error{"--bundle: " + from.string() + ": " + ec.message()};
  fs::create_hard_link(real, to, ec);
  if (!ec) return {};
  ec.clear();
  fs::copy_file(real, to, fs::copy_options::overwrite_existing, ec);
  if (ec) return Error{"--bundle: cannot copy " + real.string() + " to " + to.string() + ": " + ec.message()};
  return {};
}

// --bundle: lib/ with every library the model needs but the C library, and
// include/dynx/model.h. `made` collects what was created (removed on failure).
Status fill_bundle(const fs::path& dir, const std::string& library_dir, bool native, const fs::path& runtime_dir,
                   std::vector<fs::path>& made) {
  auto libraries = model_libraries(library_dir, native);
  if (!libraries) return libraries.error();
  if (auto s = make_directories(dir / "lib"); !s) return s.error();
  made.push_back(dir / "lib");
  for (const auto& [name, path] : *libraries) {
    if (auto s = place_copy(path, dir / "lib" / name); !s) return s.error();
    made.push_back(dir / "lib" / name);
  }
  // The headers a C or C++ program needs to call it.
  for (const char* sub : {"dynx", "dlpack"}) {
    if (auto s = make_directories(dir / "include" / sub); !s) return s.error();
    if (std::find(made.begin(), made.end(), dir / "include") == made.end()) made.push_back(dir / "include");
    made.push_back(dir / "include" / sub);
  }
  for (const char* header : {"dynx/model.h", "dynx/model.hpp", "dlpack/dlpack.h"}) {
    if (auto s = place_copy(runtime_dir / "include" / header, dir / "include" / header); !s) return s.error();
    made.push_back(dir / "include" / header);
  }
  return {};
}

}  // namespace

Expected<AotResult> build_model(const AotRequest& r) {
  AotProgress silent;
  AotProgress& progress = r.progress != nullptr ? *r.progress : silent;
  const bool codegen_only = r.stop_after == AotRequest::StopAfter::codegen;
  if (r.backend != "libtorch" && r.backend != "native" && r.backend != "auto")
    return Error{"unknown backend '" + printable(r.backend) + "' (available: libtorch, native, auto)"};

  // ----- the graphs, their weights, their examples -----
  auto source = locate_graph(r);
  if (!source) return source.error();
  std::vector<ir::Graph> graphs;
  std::vector<bool> used_ranges(r.dynamic_ranges.size(), false);
  for (const auto& one : source->graphs) {
    auto graph = ir::read_graph(one.graph.string());
    if (!graph) return graph.error();
    if (source->capture)
      if (auto mixed = source->capture->check_graph(one.graph_id, *graph); !mixed) return mixed.error();
    if (!r.all_outputs) drop_alive_outputs(*graph);
    if (auto plain = refuse_subclasses(*graph); !plain) return plain.error();
    if (auto placed = place_on_cpu(*graph, r.device, progress); !placed) return placed.error();
    // Python numbers made dynamic by the capture: a model's inputs are
    // tensors, so it computes at the recorded values (said, not hidden).
    auto numbers = ir::specialize_numbers(*graph);
    if (!numbers) return numbers.error().with_context("cannot export graph " + graph->id);
    for (const auto& n : *numbers)
      progress.note("graph " + graph->id + " takes the Python number " + n +
                    " as a dynamic value; the model computes with that recorded value");
    // The sizes the user lets each dynamic dimension take (--dynamic); in a
    // model of several entries, in those where the dimension is dynamic.
    std::vector<bool> applied;
    auto ranged = apply_dynamic_ranges(*graph, r.dynamic_ranges, source->graphs.size() > 1 ? &applied : nullptr);
    if (!ranged) return ranged.error();
    for (const auto& n : *ranged) progress.note(n);
    for (size_t i = 0; i < applied.size(); ++i) used_ranges[i] = used_ranges[i] || applied[i];
    graphs.push_back(std::move(*graph));
  }
  for (size_t i = 0; i < used_ranges.size() && graphs.size() > 1; ++i)
    if (!used_ranges[i]) {
      std::string ids;
      for (const auto& g : graphs) ids += (ids.empty() ? "" : ", ") + g.id;
      return Error{"--dynamic " + printable(r.dynamic_ranges[i].text) + ": dimension " +
                   std::to_string(r.dynamic_ranges[i].dim) + " of '" + printable(r.dynamic_ranges[i].input) +
                   "' is dynamic in none of the entries (graphs " + ids + ")"};
    }

  // Output locations: checked before any work.
  fs::path output = r.output;
  fs::path out_dir = output.parent_path().empty() ? fs::path(".") : output.parent_path();
  if (path_kind(output) == PathKind::directory)
    return Error{r.output + " is a directory; give a file name such as " + (output / "model.so").string()};
  // Missing parent directories are made (-o out/v2/model.so); on failure the
  // ones made here are removed again, so a failed build leaves nothing.
  CreatedDirectories made_dirs;
  if (path_kind(out_dir) == PathKind::missing) {
    if (auto made = made_dirs.create(out_dir); !made)
      return Error{"cannot write " + r.output + ": " + made.error().message};
  } else if (path_kind(out_dir) != PathKind::directory) {
    return Error{"cannot write " + r.output + ": " + out_dir.string() + " is not a directory"};
  }
  fs::path json_path = output;
  json_path.replace_extension(".json");
  if (json_path == output) json_path += ".json";
  fs::path external_path = output;
  external_path.replace_extension(".weights.safetensors");
  TempDir work;
  if (auto s = work.create(out_dir, "." + output.filename().string() + ".dynx-"); !s)
    return Error{"cannot write " + r.output + ": " + errno_text(errno)};

  // Weights.
  runtime::MappedFile weights_file;
  runtime::SafetensorsHeader weights_header;
  ir::WeightsIndex index;
  std::string index_path;
  if (std::any_of(graphs.begin(), graphs.end(), [](const ir::Graph& g) { return graph_has_weights(g); })) {
    std::string error;
    const std::string blob_path = source->weights_blob.string();
    if (!weights_file.open(blob_path, &error)) return Error{blob_path + ": " + error};
    if (!runtime::parse_safetensors(weights_file.data(), weights_file.size(), &weights_header, &error))
      return Error{blob_path + ": " + error};
    auto read = ir::read_weights_index(source->weights_index);
    if (!read) return read.error();
    index = std::move(*read);
    index_path = source->weights_index.string();
  }
  auto blob = collect_weights(graphs, index, index_path, weights_file, weights_header);
  if (!blob) return blob.error();

  // Torch (libtorch backend) and the compiler.
  fs::path cache_dir = fs::path(cache_root(r.cache_dir)) / "v1";
  TempDir no_cache;
  if (!r.cache) {
    if (auto s = no_cache.create(fs::temp_directory_path(), "dynx-aot-"); !s) return s.error();
    cache_dir = no_cache.path();
  }
  if (auto s = make_directories(cache_dir); !s)
    return Error{s.error().message + " (see --cache-dir or --no-cache)"};
  std::set<std::string> operators;
  for (const auto& g : graphs)
    for (const auto& op : graph_operators(g)) operators.insert(op);
  for (const auto& g : graphs)
    for (const auto& node : g.nodes)
      if (!node.subgraphs.is_null())
        return Error{"graph " + printable(g.id) + " holds " + printable(node.op) +
                     " (a higher-order operator: torch.cond, torch.while_loop), whose functions dynx-aot cannot "
                     "compile yet; export a graph without it (a Python if on the predicate makes one entry per branch)"};
  // No size expression an operator takes may divide by zero, whichever
  // backend compiles it (the native one reads most sizes from the values'
  // metadata and might never meet it).
  for (const auto& g : graphs)
    for (const auto& node : g.nodes) {
      std::function<Status(const ir::Argument&)> computable = [&](const ir::Argument& a) -> Status {
        // (only what no model can compute: a backend words any other trouble with an expression)
        if (a.kind == ir::Argument::Kind::symint)
          if (auto e = cpp_size_expression(a.text); !e && e.error().message.find("division by zero") != std::string::npos)
            return Error{"cannot export graph " + printable(g.id) + ": operator " + printable(node.op) + " (" +
                         printable(node.name) + "): " + e.error().message};
        for (const auto& item : a.items)
          if (auto s = computable(item); !s) return s;
        return Status::ok();
      };
      for (const auto& a : node.args)
        if (auto s = computable(a); !s) return s.error();
      for (const auto& [k, a] : node.kwargs)
        if (auto s = computable(a); !s) return s.error();
    }
  // The backend: native where it can lower every graph (auto), else libtorch.
  std::string chosen = r.backend, backend_note;  // (the note is the result's: said once the build succeeded)
  if (r.backend != "libtorch") {
    for (const auto& g : graphs) {
      std::string refusal = native_refusal(g);
      if (refusal.empty()) continue;
      if (r.backend == "native")
        return Error{"--backend native cannot compile graph " + printable(g.id) + ": " + refusal +
                     " (--backend libtorch, or auto, compiles it through libtorch)"};
      backend_note = "--backend auto: libtorch, because graph " + printable(g.id) +
                     " has what the native backend cannot compile: " + refusal;
      chosen = "libtorch";
      break;
    }
    if (chosen == "auto") {
      chosen = "native";
      if (std::string missing = onednn_missing(); !missing.empty() && !codegen_only) {
        backend_note = "--backend auto: libtorch, because " + missing;
        chosen = "libtorch";
      }
    }
  }
  auto backend = make_backend(chosen);
  if (!backend) return Error{"unknown backend '" + chosen + "'"};
  const bool native = chosen == "native";
  const std::string& capture_torch = source->capture_torch;
  Expected<TorchInfo> torch = TorchInfo{};
  if (!native) {
    auto python = python_executable(r.python);
    if (!python) return python.error();
    torch = query_torch_environment(*python, {operators.begin(), operators.end()}, cache_dir, r.cache, progress);
    if (!torch) return torch.error();
    if (!capture_torch.empty() && capture_torch != torch->version && r.warn)
      r.warn("the capture was made with torch " + capture_torch + ", building against torch " + torch->version +
             " (operators are checked; --verify to compare outputs)");
    for (const auto& [name, info] : torch->ops)
      if (!info.missing.empty())
        return Error{"operator " + printable(name) + " does not exist in torch " + torch->version +
                     " (captured with torch " + (capture_torch.empty() ? "?" : capture_torch) + ")"};
  }
  Toolchain toolchain;
  if (!codegen_only) {
    auto found = native ? find_native_toolchain(r.cxx) : find_toolchain(r.cxx, *torch);
    if (!found) return found.error();
    toolchain = std::move(*found);
  }

  // Generate: each entry in a namespace of its own, then the table of entries.
  AotResult result;
  result.backend = chosen;
  result.backend_note = backend_note;
  std::string source_text;
  std::vector<std::string> spec_symbols, graph_ids;
  std::vector<std::pair<std::string, const ModelSignature*>> signatures;
  size_t total_operators = 0;
  for (size_t i = 0; i < graphs.size(); ++i) {
    ir::Graph& graph = graphs[i];
    CodegenOptions cg;
    cg.header_lines = {"model.so source generated by dynx-aot " + std::string(kVersion) + " from " + source->label,
                       "graph " + graph.id + ": " + std::to_string(graph.nodes.size()) + " operators, " +
                           std::to_string(graph.inputs.size()) + " inputs (" +
                           std::to_string(blob->layouts[i].size()) + " weights), " +
                           std::to_string(graph.outputs.size()) + " outputs; " +
                           (native ? std::string("native backend") : "torch " + torch->version)};
    if (graphs.size() > 1) cg.header_lines.push_back("entry " + std::to_string(i) + " of " + std::to_string(graphs.size()));
    cg.embedded_weights = r.weights_mode == "embedded";
    cg.weights_file = external_path.filename().string();
    cg.plan_buffers = r.plan;
    if (i > 0) {
      cg.ns += "_" + std::to_string(i);
      cg.spec_symbol += "_" + std::to_string(i);
    }
    auto generated = backend->generate(graph, *torch, blob->layouts[i], cg);
    if (!generated) return Error{"cannot export graph " + graph.id + ": " + generated.error().message};
    source_text += (i ? "\n" : "") + generated->source;
    spec_symbols.push_back(cg.spec_symbol);
    graph_ids.push_back(graph.id);
    total_operators += graph.nodes.size();
    result.entries.push_back({std::move(graph), std::move(*generated), source->graphs[i].examples});
  }
  graphs.clear();  // moved into result.entries
  if (auto same = check_entries_agree(result.entries); !same) return same.error();
  for (const auto& e : result.entries) signatures.emplace_back(e.graph.id, &e.generated.signature);
  const nlohmann::json signature = entries_signature_json(signatures);
  source_text += emit_entries_table(spec_symbols, graph_ids, signature.dump(),
                                    native ? "dynx::native::ModelSpec" : "dynx::model::ModelSpec");
  if (r.emit_source)
    if (auto s = write_file_atomic(*r.emit_source, source_text); !s) return s.error();

  result.output = output;
  result.model_json = json_path;
  result.weights_bytes = blob->data_size;
  if (codegen_only) {
    if (auto s = write_file_atomic(output, source_text); !s) return s.error();
    made_dirs.keep();
    return result;
  }

  auto runtime_dir = runtime_object(toolchain, cache_dir, progress, &result.runtime_compiled);
  if (!runtime_dir) return runtime_dir.error();
  std::vector<std::string> include = {"-I", (*runtime_dir / "include").string()};

  fs::path object = model_object_path(toolchain, cache_dir, *runtime_dir, source_text);
  result.model_cached = path_kind(object) == PathKind::file;
  if (!result.model_cached) {
    if (auto s = make_directories(object.parent_path()); !s) return s.error();
    fs::path model_source = work.path() / "model.cpp";
    if (auto s = write_file_atomic(model_source, source_text); !s) return s.error();
    const std::string what = result.entries.size() == 1 ? "graph " + result.entries[0].graph.id
                                                        : std::to_string(result.entries.size()) + " entries";
    if (auto s = compile(toolchain, toolchain.model_flags, include, model_source, object,
                         what + " (" + std::to_string(total_operators) + " operators)", progress);
        !s) {
      // Keep the source where the user can read it (in the cache: the
      // output directory gets nothing from a failed run).
      fs::path kept = cache_dir / "failed" / (object.stem().string() + ".cpp");
      bool saved = make_directories(kept.parent_path()) && write_file_atomic(kept, source_text);
      return Error{s.error().message +
                   (saved && r.cache ? "\n  (generated source kept at " + kept.string() + ")" : std::string())};
    }
  }

  // Weights: assembled into the .so, or written beside it.
  std::vector<std::string> objects = {object.string(), (*runtime_dir / "runtime.o").string()};
  fs::path blob_path = work.path() / "weights.safetensors";
  if (auto s = write_blob(blob_path, *blob); !s) return s.error();
  if (r.weights_mode == "embedded") {
    uint64_t total = blob->header.size() + blob->data_size;
    fs::path asm_path = work.path() / "weights.S";
    if (auto s = write_file_atomic(asm_path, weights_assembly(real_path(blob_path.string()), total)); !s)
      return s.error();
    fs::path weights_object = work.path() / "weights.o";
    auto assembled = run_step({toolchain.cxx, "-c", asm_path.string(), "-o", weights_object.string()},
                              "embedding " + human_bytes(total) + " of weights", progress);
    if (!assembled || assembled->exit_code != 0)
      return Error{"the assembler failed on the weights (" + human_bytes(total) + "):" +
                   (assembled ? compiler_excerpt(assembled->output) : " " + assembled.error().message)};
    objects.push_back(weights_object.string());
  }

  // Link into the work directory, then move everything into place.
  const std::string linked_for_bundle = output.string();  // where the model is once placed
  fs::path linked = work.path() / "model.so";
  std::vector<std::string> link = {toolchain.cxx, "-shared", "-o", linked.string()};
  link.insert(link.end(), objects.begin(), objects.end());
  const std::string rpath = r.rpath.empty() ? toolchain.library_dir : r.rpath;
  if (native) {
    // oneDNN and libgomp from the system; a run path only when asked for (--rpath, --bundle).
    if (!rpath.empty()) link.push_back("-Wl,-rpath," + rpath);
    link.push_back("-Wl,-z,noexecstack");
    link.insert(link.end(), toolchain.link_flags.begin(), toolchain.link_flags.end());
  } else {
    link.insert(link.end(), {"-L" + toolchain.library_dir, "-Wl,-rpath," + rpath,
                             "-Wl,-z,noexecstack", "-ltorch_cpu", "-lc10"});
  }
  auto linked_result = run_step(link, "linking", progress);
  if (!linked_result) return Error{"cannot run " + toolchain.cxx + ": " + linked_result.error().message};
  if (linked_result->exit_code != 0)
    return Error{"linking the model failed:" + compiler_excerpt(linked_result->output)};

  ModelManifest manifest;
  manifest.backend = backend->name();
  result.device = manifest.device;
  manifest.torch_version = native ? std::string() : torch->version;
  if (native) manifest.libraries.assign(std::begin(kNativeLibraries), std::end(kNativeLibraries));
  manifest.capture_torch_version = capture_torch;
  manifest.compiler = toolchain.identity;
  for (size_t i = 0; i < result.entries.size(); ++i)
    manifest.entries.push_back({result.entries[i].graph.id, real_path(source->graphs[i].graph.string()),
                                result.entries[i].graph.nodes.size(), &result.entries[i].generated});
  manifest.signature = signature;
  manifest.library = output.filename().string();
  manifest.library_dir = rpath;
  manifest.weights_storage = r.weights_mode;
  if (r.weights_mode == "external") manifest.weights_file = external_path.filename().string();
  manifest.weight_count = blob->tensors;
  manifest.weight_bytes = blob->data_size;
  // Everything is rendered before anything is moved into place; then the
  // weights, the library and model.json, undoing the moves if one fails.
  const std::string model_text = render_model_json(manifest);
  std::vector<fs::path> placed;
  auto undo = [&placed] {
    std::error_code ignored;
    for (const auto& p : placed) fs::remove(p, ignored);
  };
  if (r.weights_mode == "external") {
    std::error_code ec;
    fs::rename(blob_path, external_path, ec);
    if (ec) return Error{"cannot write " + external_path.string() + ": " + ec.message()};
    placed.push_back(external_path);
  }
  {
    std::error_code ec;
    fs::rename(linked, output, ec);
    if (ec) {
      undo();
      return Error{"cannot write " + r.output + ": " + ec.message()};
    }
    placed.push_back(output);
  }
  if (auto s = write_file_atomic(json_path, model_text); !s) {
    undo();
    return s.error();
  }
  placed.push_back(json_path);
  if (!r.bundle.empty()) {
    std::vector<fs::path> made;
    if (auto s = fill_bundle(r.bundle, native ? linked_for_bundle : toolchain.library_dir, native, *runtime_dir, made); !s) {
      std::error_code ignored;
      for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove(*it, ignored);
      undo();
      return s.error();
    }
    progress.note("bundled the model with " + std::to_string(std::count_if(made.begin(), made.end(), [](const fs::path& p) {
                    return p.parent_path().filename() == "lib";
                  })) + " shared libraries in " + (fs::path(r.bundle) / "lib").string() +
                  " and the headers (dynx/model.h, dynx/model.hpp) in " + (fs::path(r.bundle) / "include").string());
  }
  made_dirs.keep();
  return result;
}

}  // namespace dynx::exporter
