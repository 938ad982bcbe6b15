// dynx-aot: compile one captured graph into a model.so with a C + DLPack
// interface, plus model.json. See dynx-aot(1).
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/export/cli.hpp"
#include "dynx/export/codegen.hpp"
#include "dynx/export/runner.hpp"
#include "dynx/export/signature.hpp"
#include "dynx/files.hpp"
#include "dynx/ir/capture.hpp"
#include "dynx/ir/graph.hpp"
#include "dynx/model.h"
#include "dynx/runtime/safetensors.hpp"
#include "dynx/sha256.hpp"
#include "dynx/subprocess.hpp"
#include "dynx/version.hpp"

namespace dynx::exporter {

// The runtime sources every model.so is built from (embedded by CMake).
struct EmbeddedFile {
  const char* path;
  const char* text;
};
extern const EmbeddedFile k_runtime_files[];
extern const size_t k_runtime_file_count;
extern const char* const k_aot_probe_source;

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr int kExitOk = 0, kExitVerifyFailed = 1, kExitTrouble = 2;

const char* const kUsage =
    "usage: dynx-aot [OPTIONS] CAPTURE_DIR -o model.so\n"
    "       dynx-aot [OPTIONS] GRAPH.json [--weights-from weights.safetensors] -o model.so\n"
    "\n"
    "Compile one captured graph into a shared library with a C + DLPack interface\n"
    "(dynx/model.h) and its weights, and write model.json (signature, versions)\n"
    "beside it. Needs a C++ compiler and the Python environment's torch (headers\n"
    "and libraries); the model.so needs only libtorch's shared libraries.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE     The model to write (model.json goes beside it)\n"
    "  --graph ID            Which graph of the capture (F/E/G; default: the only graph, or\n"
    "                        the single graph of the most-used cache entry)\n"
    "  --weights MODE        embedded (default): inside the .so; external: FILE.weights.safetensors\n"
    "                        beside it, memory-mapped when the model is created\n"
    "  --weights-from FILE   The weights of a GRAPH.json (default: weights.safetensors of its capture)\n"
    "  --backend NAME        Code generator: libtorch (default)\n"
    "  --verify              Run the new model on the capture's example inputs and compare its\n"
    "                        outputs with the recorded ones (max abs/rel error per output)\n"
    "  --atol X, --rtol X    Tolerances of --verify (default 1e-5 and 1e-4)\n"
    "  --all-outputs         Also return the graph's results that only Python still held\n"
    "                        (\"alive\"), not just what it returned or later code used\n"
    "  --no-plan             Allocate intermediates on every run instead of planning buffers\n"
    "  --python PATH         Python environment whose torch to build against (executable or venv;\n"
    "                        default: $VIRTUAL_ENV, else the one dynx was built with)\n"
    "  --cxx COMPILER        C++ compiler (default: $CXX, else c++)\n"
    "  --cache-dir DIR       Compilation cache (default: $DYNX_CACHE_DIR, else $XDG_CACHE_HOME/dynx,\n"
    "                        else ~/.cache/dynx)\n"
    "  --no-cache            Compile everything afresh and keep nothing\n"
    "  --emit-source FILE    Also write the generated C++ to FILE\n"
    "  -q, --quiet           Print nothing but errors\n"
    "  -h, --help            Print this help and exit\n"
    "  --version             Print dynx's version and exit\n"
    "\n"
    "Exit status: 0 model written (and verified); 1 --verify found outputs outside the\n"
    "tolerances (the model is written); 2 trouble (bad input, compiler failure, ...).\n"
    "See dynx-aot(1).\n";

int fail(const std::string& message) {
  std::cerr << "dynx-aot: error: " << message << "\n";
  return kExitTrouble;
}

void warn(const std::string& message) { std::cerr << "dynx-aot: warning: " << message << "\n"; }

struct Options {
  std::string input, output, graph, weights_mode = "embedded", weights_from, backend = "libtorch";
  bool verify = false, plan = true, cache = true, quiet = false, all_outputs = false;
  double atol = 1e-5, rtol = 1e-4;
  std::optional<std::string> python, cxx, cache_dir, emit_source;
};

std::optional<double> to_double(const std::string& text) {
  try {
    size_t used = 0;
    double v = std::stod(text, &used);
    if (used == text.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// ----- finding things ------------------------------------------------------------------------
std::optional<std::string> find_on_path(const std::string& name) {
  if (name.find('/') != std::string::npos)
    return ::access(name.c_str(), X_OK) == 0 && path_kind(name) == PathKind::file ? std::optional(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0 && path_kind(candidate) == PathKind::file) return candidate;
  }
  return std::nullopt;
}

Expected<std::string> python_executable(const Options& o) {
  std::string python;
  if (o.python) {
    python = *o.python;
    if (path_kind(python) == PathKind::directory) python += "/bin/python";
  } else if (const char* venv = std::getenv("VIRTUAL_ENV"); venv != nullptr && *venv) {
    python = std::string(venv) + "/bin/python";
  } else {
    python = kDefaultPython;
  }
  if (::access(python.c_str(), X_OK) != 0) return Error{"no Python interpreter at " + python + " (use --python)"};
  return python;
}

std::string cache_root(const Options& o) {
  if (o.cache_dir) return *o.cache_dir;
  if (const char* d = std::getenv("DYNX_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return std::string(d) + "/dynx";
  if (const char* d = std::getenv("HOME"); d && *d) return std::string(d) + "/.cache/dynx";
  return (fs::temp_directory_path() / "dynx-cache").string();
}

Status make_directories(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{"cannot create " + dir.string() + ": " + ec.message()};
  return Status::ok();
}

// ----- progress --------------------------------------------------------------------------------
// "dynx-aot: compiling model.cpp (77 operators) 3.1 s" on a terminal, when
// a step takes more than half a second.
class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled && ::isatty(STDERR_FILENO)) {}
  ~Progress() { stop(); }
  void start(const std::string& label) {
    stop();
    if (!enabled_) return;
    label_ = label;
    done_ = false;
    thread_ = std::thread([this] {
      auto begin = std::chrono::steady_clock::now();
      std::unique_lock<std::mutex> lock(mutex_);
      bool shown = false;
      while (!cv_.wait_for(lock, std::chrono::milliseconds(shown ? 200 : 500), [this] { return done_; })) {
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.1f s", s);
        std::cerr << "\r\033[Kdynx-aot: " << label_ << " " << seconds << std::flush;
        shown = true;
      }
      if (shown) std::cerr << "\r\033[K" << std::flush;
    });
  }
  void stop() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

 private:
  bool enabled_;
  std::string label_;
  bool done_ = true;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::thread thread_;
};

// ----- the torch of the Python environment ------------------------------------------------------
Expected<TorchInfo> probe_torch(const std::string& python, const std::vector<std::string>& ops, const fs::path& cache,
                                bool use_cache, Progress& progress) {
  json request = ops;
  std::string key = sha256_hex(real_path(python) + "\n" + request.dump() + "\n" + k_aot_probe_source);
  fs::path cached = cache / "probe" / (key + ".json");
  // A cached answer holds while torch/version.py is the same file.
  auto version_stamp = [](const std::string& torch_dir) {
    struct stat st {};
    if (::stat((torch_dir + "/version.py").c_str(), &st) != 0) return std::string();
    return std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) + ":" +
           std::to_string(st.st_size);
  };
  if (use_cache) {
    if (auto text = read_file(cached)) {
      try {
        json answer = json::parse(*text);
        if (answer.value("stamp", "") == version_stamp(answer.value("torch_dir", "")) && !answer.value("stamp", "").empty())
          return torch_info_from_json(answer);
      } catch (const json::exception&) {
      }
    }
  }
  progress.start("asking " + python + " about torch");
  auto result = run_captured({python, "-c", k_aot_probe_source}, request.dump() + "\n", true);
  progress.stop();
  if (!result) return Error{"cannot run " + python + ": " + result.error().message};
  json answer;
  try {
    answer = json::parse(result->output);
  } catch (const json::exception&) {
    answer = nullptr;
  }
  if (result->exit_code != 0 || !answer.is_object())
    return Error{python + " could not import torch (is this the environment the capture used? see --python)"};
  answer["stamp"] = version_stamp(answer.value("torch_dir", ""));
  if (use_cache && make_directories(cached.parent_path())) (void)write_file_atomic(cached, answer.dump());
  return torch_info_from_json(answer);
}

// ----- weights ---------------------------------------------------------------------------------
struct WeightsBlob {
  std::vector<WeightLayout> layout;
  std::string header;        // safetensors length + header, padded to 64
  std::vector<std::pair<const unsigned char*, uint64_t>> chunks;  // data, in order, each at its offset
  uint64_t data_size = 0;
};

// The weights of `graph` from a capture's weights.json + weights.safetensors.
Expected<WeightsBlob> collect_weights(const ir::Graph& graph, const std::string& weights_json_path,
                                      const runtime::MappedFile& file, const runtime::SafetensorsHeader& header) {
  bool has_weights = false;
  for (const auto& in : graph.inputs)
    if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant") has_weights = true;
  auto text = has_weights ? read_file(weights_json_path) : Expected<std::string>(std::string("{\"tensors\": {}}"));
  if (!text) return Error{weights_json_path + ": " + text.error().message};
  json index;
  try {
    index = json::parse(*text);
  } catch (const json::exception&) {
    return Error{weights_json_path + ": not valid JSON (truncated or corrupt)"};
  }
  if (!index.is_object() || !index.contains("tensors") || !index["tensors"].is_object())
    return Error{weights_json_path + ": not a dynx weights index"};
  // A graph that writes to any tensor (a training step's optimizer update,
  // an in-place op through a view) gets its own copy of every weight:
  // embedded weights are read-only memory, mapped ones are shared.
  bool writes = false;
  for (const auto& n : graph.nodes) writes = writes || !n.mutates.empty();
  WeightsBlob blob;
  std::map<std::string, size_t> by_key;
  for (const auto& in : graph.inputs) {
    if (in.kind != "parameter" && in.kind != "buffer" && in.kind != "constant") continue;
    if (in.weight.empty()) return Error{"graph input '" + in.name + "' is a weight without a key in weights.json"};
    const auto& spec = index["tensors"].value(in.weight, json());
    if (!spec.is_object())
      return Error{weights_json_path + ": no entry for weight '" + in.weight + "' (graph input " + in.name + ")"};
    WeightLayout w;
    w.key = in.weight;
    w.graph_input = in.name;
    try {
      w.dtype = spec.at("dtype").get<std::string>();
      w.sizes = spec.at("shape").get<std::vector<int64_t>>();
      w.strides = spec.at("stride").get<std::vector<int64_t>>();
      std::string storage = spec.at("storage").get<std::string>();
      int64_t offset = spec.at("storage_offset").get<int64_t>();
      const auto* entry = header.find(storage);
      if (entry == nullptr) return Error{"the weights file has no storage '" + storage + "' for weight '" + w.key + "'"};
      size_t element = runtime::safetensors_dtype_size(entry->dtype);
      if (runtime::torch_dtype(entry->dtype) != w.dtype)
        return Error{"weight '" + w.key + "' is " + w.dtype + " but its storage holds " + entry->dtype};
      if (w.sizes.size() != w.strides.size() || offset < 0)
        return Error{weights_json_path + ": weight '" + w.key + "' has a malformed layout"};
      int64_t last = offset;  // highest element index it reads
      bool empty = false;
      for (size_t d = 0; d < w.sizes.size(); ++d) {
        if (w.sizes[d] < 0 || w.strides[d] < 0) return Error{"weight '" + w.key + "' has a negative size or stride"};
        if (w.sizes[d] == 0) empty = true;
        else last += (w.sizes[d] - 1) * w.strides[d];
      }
      uint64_t count = entry->shape.empty() ? 1 : static_cast<uint64_t>(entry->shape[0]);
      if (!empty && static_cast<uint64_t>(last) >= count)
        return Error{"weight '" + w.key + "' reads element " + std::to_string(last) + " of storage '" + storage +
                     "', which has " + std::to_string(count) + " (weights file truncated or not this capture's)"};
      w.nbytes = empty ? 0 : static_cast<uint64_t>(last - offset + 1) * element;
      const unsigned char* data = file.data() + header.data_start + entry->begin + static_cast<uint64_t>(offset) * element;
      w.copy = writes;
      if (auto it = by_key.find(w.key); it != by_key.end()) {
        // One weight feeding two inputs: one copy of the data.
        w.offset = blob.layout[it->second].offset;
        w.key = blob.layout[it->second].key;
        blob.layout.push_back(w);
        continue;
      }
      w.offset = (blob.data_size + 63) / 64 * 64;
      blob.data_size = w.offset + w.nbytes;
      by_key[w.key] = blob.layout.size();
      blob.chunks.emplace_back(data, w.nbytes);
      blob.layout.push_back(w);
    } catch (const json::exception&) {
      return Error{weights_json_path + ": weight '" + in.weight + "' has a malformed entry"};
    }
  }
  // The blob is itself a safetensors file: one 1-D tensor of raw elements per weight.
  json st_header = json::object();
  st_header["__metadata__"] = {{"format", "dynx model weights"}};
  for (size_t i = 0; i < blob.layout.size(); ++i) {
    const auto& w = blob.layout[i];
    if (by_key.at(w.key) != i) continue;
    size_t element = runtime::safetensors_dtype_size(runtime::safetensors_dtype(w.dtype));
    st_header[w.key] = {{"dtype", runtime::safetensors_dtype(w.dtype)},
                        {"shape", {element ? w.nbytes / element : 0}},
                        {"data_offsets", {w.offset, w.offset + w.nbytes}}};
  }
  std::string text_header = st_header.dump();
  size_t padded = (8 + text_header.size() + 63) / 64 * 64 - 8;
  text_header.append(padded - text_header.size(), ' ');
  blob.header.resize(8);
  for (int i = 0; i < 8; ++i) blob.header[static_cast<size_t>(i)] = static_cast<char>((padded >> (8 * i)) & 0xff);
  blob.header += text_header;
  return blob;
}

Status write_blob(const fs::path& path, const WeightsBlob& blob) {
  fs::path temp = path;
  temp += ".tmp" + std::to_string(::getpid());
  FILE* f = std::fopen(temp.c_str(), "wb");
  if (f == nullptr) return Error{"cannot write " + path.string() + ": " + errno_text(errno)};
  bool ok = std::fwrite(blob.header.data(), 1, blob.header.size(), f) == blob.header.size();
  uint64_t written = 0;
  static const char zeros[64] = {};
  size_t chunk = 0;
  for (const auto& w : blob.layout) {
    if (chunk >= blob.chunks.size() || w.offset < written) continue;
    ok = ok && std::fwrite(zeros, 1, w.offset - written, f) == w.offset - written;
    const auto& [data, size] = blob.chunks[chunk++];
    ok = ok && (size == 0 || std::fwrite(data, 1, size, f) == size);
    written = w.offset + size;
  }
  ok = std::fflush(f) == 0 && ok;
  ok = std::fclose(f) == 0 && ok;
  if (!ok) {
    int e = errno;
    std::remove(temp.c_str());
    return Error{"cannot write " + path.string() + ": " + errno_text(e)};
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) {
    std::remove(temp.c_str());
    return Error{"cannot write " + path.string() + ": " + ec.message()};
  }
  return Status::ok();
}

// ----- compiling ----------------------------------------------------------------------------------
struct Toolchain {
  std::string cxx, identity;
  std::string torch_id;  // torch's version and files: objects built against other headers are not reused
  std::vector<std::string> flags;  // compile flags shared by every TU
  std::string library_dir;
};

Expected<Toolchain> find_toolchain(const Options& o, const TorchInfo& torch) {
  std::string name = o.cxx ? *o.cxx : std::getenv("CXX") && *std::getenv("CXX") ? std::getenv("CXX") : "c++";
  auto path = find_on_path(name);
  if (!path) return Error{"no C++ compiler '" + name + "' found (install g++, or set CXX or --cxx)"};
  auto version = run_captured({*path, "--version"}, "", true);
  if (!version || version->exit_code != 0)
    return Error{"the C++ compiler " + *path + " does not run (" +
                 (version ? "exit status " + std::to_string(version->exit_code) : version.error().message) + ")"};
  Toolchain t;
  t.cxx = *path;
  t.identity = version->output.substr(0, version->output.find('\n'));
  t.flags = {"-std=c++20", "-O2", "-fPIC", "-fvisibility=hidden", "-DNDEBUG", "-w",
             std::string("-D_GLIBCXX_USE_CXX11_ABI=") + (torch.cxx11_abi ? "1" : "0")};
  for (const auto& dir : torch.include_dirs) {
    t.flags.push_back("-isystem");
    t.flags.push_back(dir);
  }
  t.library_dir = torch.library_dir;
  t.torch_id = torch.version + " " + torch.stamp + " " + torch.library_dir;
  return t;
}

// The first lines of a compiler's complaint, for the error message.
std::string compiler_excerpt(const std::string& output) {
  std::stringstream in(output);
  std::string line, out;
  int n = 0;
  while (std::getline(in, line) && n < 12) {
    if (line.empty()) continue;
    out += "\n  " + line;
    ++n;
  }
  return out;
}

Status compile(const Toolchain& t, const std::vector<std::string>& extra, const fs::path& source,
               const fs::path& object, const std::string& what, Progress& progress) {
  std::vector<std::string> argv = {t.cxx};
  argv.insert(argv.end(), t.flags.begin(), t.flags.end());
  argv.insert(argv.end(), extra.begin(), extra.end());
  fs::path temp = object;
  temp += ".tmp" + std::to_string(::getpid());
  argv.insert(argv.end(), {"-c", source.string(), "-o", temp.string()});
  progress.start("compiling " + what);
  auto result = run_captured(argv);
  progress.stop();
  if (!result) return Error{"cannot run " + t.cxx + ": " + result.error().message};
  if (result->exit_code != 0) {
    std::remove(temp.c_str());
    return Error{"the C++ compiler failed on " + what + " (" + source.string() + ", exit status " +
                 std::to_string(result->exit_code) + "):" + compiler_excerpt(result->output)};
  }
  std::error_code ec;
  fs::rename(temp, object, ec);
  if (ec) return Error{"cannot write " + object.string() + ": " + ec.message()};
  return Status::ok();
}

// The runtime objects (dynx's runtime compiled against this torch): once per
// toolchain and runtime source, kept in the cache.
Expected<fs::path> runtime_object(const Toolchain& t, const fs::path& cache, Progress& progress, bool* compiled) {
  Sha256 h;
  h.update(t.identity + "\n" + t.cxx + "\n" + t.torch_id + "\n");
  for (const auto& f : t.flags) h.update(f + "\n");
  for (size_t i = 0; i < k_runtime_file_count; ++i) {
    h.update(std::string(k_runtime_files[i].path) + "\n");
    h.update(k_runtime_files[i].text);
  }
  fs::path dir = cache / ("runtime-" + h.hex().substr(0, 24));
  fs::path object = dir / "runtime.o";
  *compiled = false;
  if (path_kind(object) == PathKind::file) return dir;
  if (auto s = make_directories(dir / "include"); !s) return s.error();
  for (size_t i = 0; i < k_runtime_file_count; ++i) {
    fs::path p = dir / "include" / k_runtime_files[i].path;
    if (auto s = make_directories(p.parent_path()); !s) return s.error();
    if (auto s = write_file_atomic(p, k_runtime_files[i].text); !s) return s.error();
  }
  std::string unity =
      "// dynx's model runtime in one translation unit.\n"
      "#include \"model_runtime.cpp\"\n#include \"input_checks.cpp\"\n#include \"safetensors.cpp\"\n";
  if (auto s = write_file_atomic(dir / "include" / "runtime_all.cpp", unity); !s) return s.error();
  if (auto s = compile(t, {"-I", (dir / "include").string()}, dir / "include" / "runtime_all.cpp", object,
                       "dynx's model runtime (once per torch and compiler)", progress);
      !s)
    return s.error();
  *compiled = true;
  return dir;
}

// `path` quoted for a GNU as string.
std::string asm_string(const std::string& path) {
  std::string out = "\"";
  for (unsigned char c : path) {
    if (c == '"' || c == '\\' || c < 0x20 || c >= 0x7f) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\%03o", c);
      out += buffer;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string human_bytes(uint64_t n) {
  char buffer[32];
  if (n >= (1u << 20)) std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(n) / (1 << 20));
  else if (n >= 1024) std::snprintf(buffer, sizeof buffer, "%.1f KB", static_cast<double>(n) / 1024);
  else std::snprintf(buffer, sizeof buffer, "%llu B", static_cast<unsigned long long>(n));
  return buffer;
}

// ----- choosing the graph ----------------------------------------------------------------------------
Expected<std::string> choose_graph(const ir::Capture& capture, const std::string& requested) {
  std::vector<std::string> all;
  const ir::CacheEntryRecord* top = nullptr;
  bool tie = false;
  for (const auto& f : capture.frames)
    for (const auto& e : f.entries) {
      all.insert(all.end(), e.graphs.begin(), e.graphs.end());
      if (top == nullptr || e.hits > top->hits) {
        top = &e;
        tie = false;
      } else if (e.hits == top->hits) {
        tie = true;
      }
    }
  if (!requested.empty()) {
    if (std::find(all.begin(), all.end(), requested) != all.end()) return requested;
    std::string list;
    for (const auto& g : all) list += (list.empty() ? "" : ", ") + g;
    return Error{"no graph " + requested + " in " + capture.directory + " (it has " +
                 (list.empty() ? std::string("none") : list) + ")"};
  }
  if (all.empty()) return Error{capture.directory + " has no graphs (did the program call a torch.compile'd function?)"};
  if (all.size() == 1) return all[0];
  if (top != nullptr && !tie && top->graphs.size() == 1) return top->graphs[0];
  std::string list;
  for (const auto& f : capture.frames)
    for (const auto& e : f.entries)
      for (const auto& g : e.graphs)
        list += "\n  " + g + "  (entry " + e.id + ", " + std::to_string(e.hits) + " hits, " + f.function + ")";
  return Error{capture.directory + " has " + std::to_string(all.size()) +
               " graphs and none is the obvious choice; pick one with --graph:" + list};
}

}  // namespace

int aot_main(int argc, char** argv) {
  using clock = std::chrono::steady_clock;
  const auto started = clock::now();
  std::vector<std::string> args(argv + 1, argv + argc);
  Options o;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i], name = arg, value;
    bool inline_value = false;
    if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
      name = arg.substr(0, arg.find('='));
      value = arg.substr(arg.find('=') + 1);
      inline_value = true;
    }
    auto take = [&]() -> std::optional<std::string> {
      if (inline_value) return value;
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (name == "-h" || name == "--help") {
      std::cout << kUsage;
      return kExitOk;
    }
    if (name == "--version") {
      std::cout << "dynx-aot " << kVersion << "\n";
      return kExitOk;
    }
    static const std::set<std::string> kWithValue = {"-o", "--output", "--graph", "--weights", "--weights-from",
                                                     "--backend", "--atol", "--rtol", "--python", "--cxx",
                                                     "--cache-dir", "--emit-source"};
    if (kWithValue.count(name)) {
      auto v = take();
      if (!v || v->empty()) return fail(name + " needs a value (see --help)");
      if (name == "-o" || name == "--output") o.output = *v;
      else if (name == "--graph") o.graph = *v;
      else if (name == "--weights") {
        if (*v != "embedded" && *v != "external") return fail("--weights takes embedded or external");
        o.weights_mode = *v;
      } else if (name == "--weights-from") o.weights_from = *v;
      else if (name == "--backend") o.backend = *v;
      else if (name == "--atol" || name == "--rtol") {
        auto d = to_double(*v);
        if (!d) return fail(name + " needs a non-negative number");
        (name == "--atol" ? o.atol : o.rtol) = *d;
      } else if (name == "--python") o.python = *v;
      else if (name == "--cxx") o.cxx = *v;
      else if (name == "--cache-dir") o.cache_dir = *v;
      else if (name == "--emit-source") o.emit_source = *v;
    } else if (name == "--verify") {
      o.verify = true;
    } else if (name == "--all-outputs") {
      o.all_outputs = true;
    } else if (name == "--no-plan") {
      o.plan = false;
    } else if (name == "--no-cache") {
      o.cache = false;
    } else if (name == "-q" || name == "--quiet") {
      o.quiet = true;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return fail("unknown option '" + arg + "' (see --help)");
    } else if (o.input.empty()) {
      o.input = arg;
    } else {
      return fail("unexpected argument '" + arg + "' (one capture directory or graph file)");
    }
  }
  if (o.input.empty()) return fail("nothing to compile: give a capture directory or a graph file (see --help)");
  if (o.output.empty()) return fail("no output: give -o model.so");
  auto backend = make_backend(o.backend);
  if (!backend) return fail("unknown backend '" + o.backend + "' (available: libtorch)");

  // ----- the graph, its weights, its examples -----
  fs::path graph_path, weights_path, weights_index, examples_path;
  std::string capture_torch, source_label;
  if (path_kind(o.input) == PathKind::directory) {
    auto capture = ir::read_capture(o.input);
    if (!capture) return fail(capture.error().message);
    if (!capture->complete())
      warn(o.input + " is an incomplete capture (" + capture->manifest.reason + "); compiling what it recorded");
    auto chosen = choose_graph(*capture, o.graph);
    if (!chosen) return fail(chosen.error().message);
    std::string stem = *chosen;
    std::replace(stem.begin(), stem.end(), '/', '_');
    graph_path = fs::path(o.input) / "graphs" / (stem + ".json");
    weights_path = fs::path(o.input) / "weights.safetensors";
    weights_index = fs::path(o.input) / "weights.json";
    examples_path = fs::path(o.input) / "examples" / (stem + ".safetensors");
    capture_torch = capture->manifest.torch_version;
    source_label = "capture " + real_path(o.input) + ", graph " + *chosen;
  } else if (path_kind(o.input) == PathKind::file) {
    graph_path = o.input;
    fs::path capture_dir = fs::path(real_path(o.input)).parent_path().parent_path();
    weights_path = o.weights_from.empty() ? capture_dir / "weights.safetensors" : fs::path(o.weights_from);
    weights_index = weights_path.parent_path() / "weights.json";
    examples_path = capture_dir / "examples" / fs::path(o.input).filename().replace_extension(".safetensors");
    if (auto text = read_file(capture_dir / "manifest.json")) {
      try {
        if (auto manifest = ir::manifest_from_json(json::parse(*text))) capture_torch = manifest->torch_version;
      } catch (const json::exception&) {
      }
    }
    source_label = "graph file " + real_path(o.input);
  } else {
    return fail(o.input + ": no such file or directory");
  }
  if (!o.graph.empty() && path_kind(o.input) != PathKind::directory) return fail("--graph needs a capture directory");
  auto graph = ir::read_graph(graph_path.string());
  if (!graph) return fail(graph.error().message);
  // The model returns what the graph's code returned or what later code
  // used; tensors the capture saw only because Python still held them
  // ("alive") are left out unless --all-outputs.
  if (!o.all_outputs) {
    std::vector<ir::GraphOutput> kept;
    for (const auto& out : graph->outputs)
      if (std::find(out.reasons.begin(), out.reasons.end(), "alive") == out.reasons.end() || out.reasons.size() > 1)
        kept.push_back(out);
    if (!kept.empty()) graph->outputs = std::move(kept);
  }

  // Output locations: checked before any work.
  fs::path output = o.output;
  fs::path out_dir = output.parent_path().empty() ? fs::path(".") : output.parent_path();
  if (path_kind(output) == PathKind::directory) return fail(o.output + " is a directory; give a file name such as " +
                                                            (output / "model.so").string());
  if (path_kind(out_dir) != PathKind::directory) return fail("cannot write " + o.output + ": no directory " + out_dir.string());
  fs::path json_path = output;
  json_path.replace_extension(".json");
  if (json_path == output) json_path += ".json";
  fs::path external_path = output;
  external_path.replace_extension(".weights.safetensors");
  TempDir work;
  if (auto s = work.create(out_dir, "." + output.filename().string() + ".dynx-"); !s)
    return fail("cannot write " + o.output + ": " + errno_text(errno));

  // Weights.
  bool has_weights = false;
  for (const auto& in : graph->inputs)
    if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant") has_weights = true;
  runtime::MappedFile weights_file;
  runtime::SafetensorsHeader weights_header;
  WeightsBlob blob;
  if (has_weights) {
    std::string error;
    if (!weights_file.open(weights_path.string(), &error)) return fail(weights_path.string() + ": " + error);
    if (!runtime::parse_safetensors(weights_file.data(), weights_file.size(), &weights_header, &error))
      return fail(weights_path.string() + ": " + error);
    auto collected = collect_weights(*graph, weights_index.string(), weights_file, weights_header);
    if (!collected) return fail(collected.error().message);
    blob = std::move(*collected);
  } else {
    auto collected = collect_weights(*graph, "", weights_file, weights_header);
    if (!collected) return fail(collected.error().message);
    blob = std::move(*collected);
  }

  // Torch and the compiler.
  auto python = python_executable(o);
  if (!python) return fail(python.error().message);
  fs::path cache_dir = fs::path(cache_root(o)) / "v1";
  TempDir no_cache;
  if (!o.cache) {
    if (auto s = no_cache.create(fs::temp_directory_path(), "dynx-aot-"); !s) return fail(s.error().message);
    cache_dir = no_cache.path();
  }
  if (auto s = make_directories(cache_dir); !s) return fail(s.error().message + " (see --cache-dir or --no-cache)");
  Progress progress(!o.quiet);
  auto torch = probe_torch(*python, graph_operators(*graph), cache_dir, o.cache, progress);
  if (!torch) return fail(torch.error().message);
  if (!capture_torch.empty() && capture_torch != torch->version)
    warn("the capture was made with torch " + capture_torch + ", building against torch " + torch->version +
         " (operators are checked; --verify to compare outputs)");
  for (const auto& [name, info] : torch->ops)
    if (!info.missing.empty()) return fail("operator " + name + " does not exist in torch " + torch->version +
                                           " (captured with torch " + (capture_torch.empty() ? "?" : capture_torch) + ")");
  auto toolchain = find_toolchain(o, *torch);
  if (!toolchain) return fail(toolchain.error().message);

  // Generate.
  CodegenOptions cg;
  cg.header_lines = {"model.so source generated by dynx-aot " + std::string(kVersion) + " from " + source_label,
                     "graph " + graph->id + ": " + std::to_string(graph->nodes.size()) + " operators, " +
                         std::to_string(graph->inputs.size()) + " inputs (" + std::to_string(blob.layout.size()) +
                         " weights), " + std::to_string(graph->outputs.size()) + " outputs; torch " + torch->version};
  cg.embedded_weights = o.weights_mode == "embedded";
  cg.weights_file = external_path.filename().string();
  cg.plan_buffers = o.plan;
  auto generated = backend->generate(*graph, *torch, blob.layout, cg);
  if (!generated) return fail("cannot export graph " + graph->id + ": " + generated.error().message);
  if (o.emit_source)
    if (auto s = write_file_atomic(*o.emit_source, generated->source); !s) return fail(s.error().message);

  bool runtime_compiled = false;
  auto runtime_dir = runtime_object(*toolchain, cache_dir, progress, &runtime_compiled);
  if (!runtime_dir) return fail(runtime_dir.error().message);
  std::vector<std::string> include = {"-I", (*runtime_dir / "include").string()};

  Sha256 key;
  key.update(toolchain->identity + "\n" + toolchain->cxx + "\n" + toolchain->torch_id + "\n" +
             runtime_dir->string() + "\n");
  for (const auto& f : toolchain->flags) key.update(f + "\n");
  key.update(generated->source);
  fs::path object = cache_dir / "objects" / (key.hex().substr(0, 32) + ".o");
  bool model_cached = path_kind(object) == PathKind::file;
  const auto compile_started = clock::now();
  if (!model_cached) {
    if (auto s = make_directories(object.parent_path()); !s) return fail(s.error().message);
    fs::path source = work.path() / "model.cpp";
    if (auto s = write_file_atomic(source, generated->source); !s) return fail(s.error().message);
    if (auto s = compile(*toolchain, include, source, object,
                         "graph " + graph->id + " (" + std::to_string(graph->nodes.size()) + " operators)", progress);
        !s) {
      // Keep the source where the user can read it (in the cache: the
      // output directory gets nothing from a failed run).
      fs::path kept = cache_dir / "failed" / (object.stem().string() + ".cpp");
      bool saved = make_directories(kept.parent_path()) && write_file_atomic(kept, generated->source);
      return fail(s.error().message +
                  (saved && o.cache ? "\n  (generated source kept at " + kept.string() + ")" : std::string()));
    }
  }

  // Weights: assembled into the .so, or written beside it.
  std::vector<std::string> objects = {object.string(), (*runtime_dir / "runtime.o").string()};
  if (o.weights_mode == "embedded") {
    fs::path blob_path = work.path() / "weights.safetensors";
    if (auto s = write_blob(blob_path, blob); !s) return fail(s.error().message);
    uint64_t total = blob.header.size() + blob.data_size;
    std::string section = total > (1ull << 30) ? ".lrodata.dynx_weights" : ".rodata.dynx_weights";
    std::string assembly =
        "# The model's weights (a safetensors file), embedded by dynx-aot.\n"
        "  .section " + section + ",\"a\",@progbits\n"
        "  .balign 64\n  .globl dynx_weights_data\n  .hidden dynx_weights_data\n"
        "dynx_weights_data:\n  .incbin " + asm_string(real_path(blob_path.string())) + "\n"
        "dynx_weights_end:\n  .balign 8\n  .globl dynx_weights_size\n  .hidden dynx_weights_size\n"
        "dynx_weights_size:\n  .quad dynx_weights_end - dynx_weights_data\n"
        "  .section .note.GNU-stack,\"\",@progbits\n";
    fs::path asm_path = work.path() / "weights.S";
    if (auto s = write_file_atomic(asm_path, assembly); !s) return fail(s.error().message);
    fs::path weights_object = work.path() / "weights.o";
    std::vector<std::string> assemble = {toolchain->cxx, "-c", asm_path.string(), "-o", weights_object.string()};
    progress.start("embedding " + human_bytes(total) + " of weights");
    auto assembled = run_captured(assemble);
    progress.stop();
    if (!assembled || assembled->exit_code != 0)
      return fail("the assembler failed on the weights (" + human_bytes(total) + "):" +
                  (assembled ? compiler_excerpt(assembled->output) : " " + assembled.error().message));
    objects.push_back(weights_object.string());
  } else {
    if (auto s = write_blob(work.path() / "weights.safetensors", blob); !s) return fail(s.error().message);
  }

  // Link into the work directory, then move everything into place.
  fs::path linked = work.path() / "model.so";
  std::vector<std::string> link = {toolchain->cxx, "-shared", "-o", linked.string()};
  link.insert(link.end(), objects.begin(), objects.end());
  link.insert(link.end(), {"-L" + toolchain->library_dir, "-Wl,-rpath," + toolchain->library_dir,
                           "-Wl,-z,noexecstack", "-ltorch_cpu", "-lc10"});
  progress.start("linking");
  auto linked_result = run_captured(link);
  progress.stop();
  if (!linked_result) return fail("cannot run " + toolchain->cxx + ": " + linked_result.error().message);
  if (linked_result->exit_code != 0)
    return fail("linking the model failed:" + compiler_excerpt(linked_result->output));
  const double compile_seconds = std::chrono::duration<double>(clock::now() - compile_started).count();

  json model_json = {
      {"schema", "dynx.model"},
      {"version", 1},
      {"abi_version", DYNX_MODEL_ABI_VERSION},
      {"backend", backend->name()},
      {"tool", "dynx-aot"},
      {"dynx_version", kVersion},
      {"torch_version", torch->version},
      {"capture_torch_version", capture_torch.empty() ? json(nullptr) : json(capture_torch)},
      {"compiler", toolchain->identity},
      {"source", {{"graph", graph->id}, {"file", real_path(graph_path.string())}}},
      {"library", output.filename().string()},
      {"dependencies", {{"library_dir", toolchain->library_dir}, {"libraries", {"libtorch_cpu.so", "libc10.so"}}}},
      {"weights",
       {{"storage", o.weights_mode},
        {"file", o.weights_mode == "external" ? json(external_path.filename().string()) : json(nullptr)},
        {"count", blob.layout.size()},
        {"bytes", blob.data_size}}},
      {"operators",
       {{"total", graph->nodes.size()},
        {"typed", generated->typed_calls},
        {"dispatcher", generated->boxed_calls},
        {"planned_buffers", generated->planned_buffers},
        {"planned_bytes", generated->planned_bytes},
        {"unshared_bytes", generated->unshared_bytes}}},
      {"signature", to_json(generated->signature)}};
  // Everything is rendered before anything is moved into place; then the
  // weights, the library and model.json, undoing the moves if one fails.
  const std::string model_text = model_json.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
  std::vector<fs::path> placed;
  auto undo = [&placed] {
    std::error_code ignored;
    for (const auto& p : placed) fs::remove(p, ignored);
  };
  if (o.weights_mode == "external") {
    std::error_code ec;
    fs::rename(work.path() / "weights.safetensors", external_path, ec);
    if (ec) return fail("cannot write " + external_path.string() + ": " + ec.message());
    placed.push_back(external_path);
  }
  {
    std::error_code ec;
    fs::rename(linked, output, ec);
    if (ec) {
      undo();
      return fail("cannot write " + o.output + ": " + ec.message());
    }
    placed.push_back(output);
  }
  if (auto s = write_file_atomic(json_path, model_text); !s) {
    undo();
    return fail(s.error().message);
  }
  const double total_seconds = std::chrono::duration<double>(clock::now() - started).count();
  if (!o.quiet) {
    char line[512];
    std::snprintf(line, sizeof line,
                  "dynx-aot: wrote %s (%s; graph %s: %zu operators, %d typed, %d through the dispatcher, %d planned "
                  "buffers; weights %s %s) in %.1f s%s\n",
                  o.output.c_str(), human_bytes(fs::file_size(output)).c_str(), graph->id.c_str(), graph->nodes.size(),
                  generated->typed_calls, generated->boxed_calls, generated->planned_buffers,
                  o.weights_mode.c_str(), human_bytes(blob.data_size).c_str(), total_seconds,
                  model_cached ? " (compiled code from the cache)"
                  : runtime_compiled ? " (including dynx's runtime, compiled once)" : "");
    (void)compile_seconds;
    std::cout << line;
  }

  if (!o.verify) return kExitOk;
  // ----- --verify -----
  if (path_kind(examples_path) != PathKind::file)
    return fail("--verify: no example inputs for graph " + graph->id + " (" + examples_path.string() + ")");
  auto inputs = runner::read_safetensors(examples_path.string(), "input.");
  if (!inputs) return fail("--verify: " + inputs.error().message);
  auto expected = runner::read_safetensors(examples_path.string(), "output.");
  if (!expected) return fail("--verify: " + expected.error().message);
  // Random operators (dropout in training mode, randn, ...) draw different
  // numbers than the captured run did: nothing to compare.
  std::string random_op;
  static const char* const kRandom[] = {"dropout", "bernoulli", "rand", "normal", "uniform", "multinomial",
                                        "exponential", "geometric", "cauchy", "log_normal"};
  for (const auto& n : graph->nodes)
    for (const char* r : kRandom)
      if (random_op.empty() && n.op.find(r) != std::string::npos) random_op = n.op;
  auto model = runner::Model::open(output.string());
  if (!model) return fail("--verify: " + model.error().message);
  std::vector<DLTensor> views;
  std::vector<const DLTensor*> pointers;
  views.reserve(generated->signature.inputs.size());
  for (const auto& in : generated->signature.inputs) {
    auto it = std::find_if(inputs->begin(), inputs->end(), [&](const auto& p) { return p.first == in.name; });
    if (it == inputs->end()) return fail("--verify: the examples have no input '" + in.name + "'");
    views.push_back(it->second.view());
  }
  for (auto& v : views) pointers.push_back(&v);
  runner::Model::Outputs outputs;
  if (auto s = (*model)->run(pointers, &outputs); !s) return fail("--verify: the model failed: " + s.error().message);
  if (!random_op.empty()) {
    std::cout << "verify: the model ran on the example inputs; outputs not compared: graph " << graph->id
              << " calls the random operator " << random_op << "\n";
    warn("--verify could not compare outputs: graph " + graph->id + " calls the random operator " + random_op);
    return kExitOk;
  }
  bool all_ok = true;
  for (size_t i = 0; i < generated->signature.outputs.size(); ++i) {
    const auto& name = generated->signature.outputs[i].name;
    auto it = std::find_if(expected->begin(), expected->end(), [&](const auto& p) { return p.first == name; });
    if (it == expected->end()) return fail("--verify: the examples have no output '" + name + "'");
    auto actual = runner::to_host(outputs.tensors[i]->dl_tensor);
    if (!actual) return fail("--verify: output '" + name + "': " + actual.error().message);
    auto c = runner::compare(name, *actual, it->second, o.atol, o.rtol);
    all_ok = all_ok && c.ok();
    char line[512];
    if (!c.shape_ok || !c.dtype_ok) {
      std::snprintf(line, sizeof line, "verify: output '%s': MISMATCH: %s, the capture recorded %s\n",
                    cpp_comment(name).c_str(),
                    (actual->dtype + " " + nlohmann::json(actual->shape).dump()).c_str(),
                    (it->second.dtype + " " + nlohmann::json(it->second.shape).dump()).c_str());
    } else if (c.differing == 0) {
      std::snprintf(line, sizeof line, "verify: output '%s' %s %s: bitwise equal (%lld elements)\n",
                    cpp_comment(name).c_str(), actual->dtype.c_str(), nlohmann::json(actual->shape).dump().c_str(),
                    static_cast<long long>(c.count));
    } else {
      std::snprintf(line, sizeof line,
                    "verify: output '%s' %s %s: max abs error %.3g, max rel error %.3g, %lld of %lld elements "
                    "differ%s\n",
                    cpp_comment(name).c_str(), actual->dtype.c_str(), nlohmann::json(actual->shape).dump().c_str(),
                    c.max_abs, c.max_rel, static_cast<long long>(c.differing), static_cast<long long>(c.count),
                    c.ok() ? " (within tolerance)" : " -- OUTSIDE TOLERANCE");
    }
    if (!o.quiet || !c.ok()) std::cout << line;
  }
  if (!all_ok) {
    std::cerr << "dynx-aot: error: --verify: outputs differ from the capture beyond --atol " << o.atol << " / --rtol "
              << o.rtol << "\n";
    return kExitVerifyFailed;
  }
  return kExitOk;
}

}  // namespace dynx::exporter
