// The C++ compiler and the compile cache of dynx-aot (see aot_toolchain.hpp).
#include "dynx/export/aot_toolchain.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "dynx/files.hpp"
#include "dynx/sha256.hpp"
#include "dynx/subprocess.hpp"

namespace dynx::exporter {

// The runtime sources every model.so is built from (embedded by CMake).
struct EmbeddedFile {
  const char* path;
  const char* text;
};
extern const EmbeddedFile k_runtime_files[];
extern const size_t k_runtime_file_count;

namespace fs = std::filesystem;

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

Expected<Toolchain> find_toolchain(const std::optional<std::string>& cxx, const TorchInfo& torch) {
  std::string name = cxx ? *cxx : std::getenv("CXX") && *std::getenv("CXX") ? std::getenv("CXX") : "c++";
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
  t.model_flags = t.flags;
  // Only the generated source: dynx's runtime and torch's headers are not
  // what the check is about.
  if (const char* werror = std::getenv("DYNX_AOT_WERROR"); werror != nullptr && std::string(werror) == "1") {
    t.model_flags.clear();
    for (const auto& f : t.flags) {
      if (f == "-w") t.model_flags.insert(t.model_flags.end(), {"-Wall", "-Wextra", "-Werror"});
      else t.model_flags.push_back(f);
    }
  }
  t.library_dir = torch.library_dir;
  t.torch_id = torch.version + " " + torch.stamp + " " + torch.library_dir;
  return t;
}

namespace {

// The prefix oneDNN is installed under, or "" when none has it.
std::string onednn_prefix() {
  std::vector<std::string> prefixes;
  if (const char* root = std::getenv("DYNX_DNNL_ROOT"); root && *root) prefixes.push_back(root);
  else prefixes = {"/usr", "/usr/local"};
  for (const auto& p : prefixes) {
    if (path_kind(p + "/include/dnnl.hpp") != PathKind::file) continue;
    for (const char* lib : {"/lib/x86_64-linux-gnu/libdnnl.so", "/lib/aarch64-linux-gnu/libdnnl.so", "/lib/libdnnl.so",
                            "/lib64/libdnnl.so"})
      if (path_kind(p + lib) == PathKind::file) return p;
  }
  return "";
}

}  // namespace

// oneDNN's major version, from its dnnl_version.h (0 when unreadable).
int onednn_major(const std::string& prefix) {
  for (const char* header : {"/include/oneapi/dnnl/dnnl_version.h", "/include/dnnl_version.h"}) {
    auto text = read_file(prefix + header);
    if (!text) continue;
    auto at = text->find("#define DNNL_VERSION_MAJOR ");
    if (at == std::string::npos) continue;
    return std::atoi(text->c_str() + at + 27);
  }
  return 0;
}

std::string onednn_missing() {
  if (std::string prefix = onednn_prefix(); !prefix.empty()) {
    int major = onednn_major(prefix);
    // The runtime uses oneDNN 2's operation descriptors (matmul::desc); 3 removed them.
    if (major != 2)
      return "the native backend needs oneDNN 2.x; " + prefix + " has " +
             (major ? "oneDNN " + std::to_string(major) + ".x" : std::string("an unknown oneDNN version"));
    return "";
  }
  const char* root = std::getenv("DYNX_DNNL_ROOT");
  if (root && *root) return "no oneDNN (include/dnnl.hpp and lib/libdnnl.so) under DYNX_DNNL_ROOT=" + std::string(root);
  return "the native backend needs oneDNN's headers and library (Debian: apt-get install libdnnl-dev; elsewhere set "
         "DYNX_DNNL_ROOT to where it is installed)";
}

Expected<Toolchain> find_native_toolchain(const std::optional<std::string>& cxx) {
  if (auto missing = onednn_missing(); !missing.empty()) return Error{missing};
  TorchInfo none;
  auto t = find_toolchain(cxx, none);
  if (!t) return t;
  t->flags = {"-std=c++20", "-O3", "-fPIC", "-fvisibility=hidden", "-DNDEBUG", "-w",
              "-fopenmp", "-fno-math-errno", "-fno-trapping-math"};
#if defined(__x86_64__)
  // AVX2 and FMA: the model refuses to load on a CPU without them.
  t->flags.push_back("-march=x86-64-v3");
#endif
  const std::string prefix = onednn_prefix();
  if (prefix != "/usr") {
    t->flags.insert(t->flags.end(), {"-isystem", prefix + "/include"});
    for (const char* lib : {"/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu", "/lib", "/lib64"})
      if (path_kind(prefix + lib + "/libdnnl.so") == PathKind::file) {
        t->link_flags.insert(t->link_flags.end(), {"-L" + prefix + lib, "-Wl,-rpath," + prefix + lib});
        break;
      }
  }
  t->link_flags.insert(t->link_flags.end(), {"-fopenmp", "-ldnnl"});
  t->model_flags = t->flags;
  if (const char* werror = std::getenv("DYNX_AOT_WERROR"); werror != nullptr && std::string(werror) == "1") {
    t->model_flags.clear();
    for (const auto& f : t->flags) {
      if (f == "-w") t->model_flags.insert(t->model_flags.end(), {"-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas"});
      else t->model_flags.push_back(f);
    }
  }
  t->library_dir.clear();
  t->torch_id = "native";
  t->native = true;
  return t;
}

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

Status compile(const Toolchain& t, const std::vector<std::string>& flags, const std::vector<std::string>& extra,
               const fs::path& source, const fs::path& object, const std::string& what, AotProgress& progress) {
  std::vector<std::string> argv = {t.cxx};
  argv.insert(argv.end(), flags.begin(), flags.end());
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

std::string cache_root(const std::optional<std::string>& requested) {
  if (requested) return *requested;
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

Expected<fs::path> runtime_object(const Toolchain& t, const fs::path& cache, AotProgress& progress, bool* compiled) {
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
  std::string unity = std::string("// dynx's model runtime in one translation unit.\n") +
                      (t.native ? "#include \"native_runtime.cpp\"\n" : "#include \"model_runtime.cpp\"\n") +
                      "#include \"input_checks.cpp\"\n#include \"safetensors.cpp\"\n";
  if (auto s = write_file_atomic(dir / "include" / "runtime_all.cpp", unity); !s) return s.error();
  if (auto s = compile(t, t.flags, {"-I", (dir / "include").string()}, dir / "include" / "runtime_all.cpp", object,
                       t.native ? "dynx's native model runtime (once per compiler)"
                                : "dynx's model runtime (once per torch and compiler)",
                       progress);
      !s)
    return s.error();
  *compiled = true;
  return dir;
}

fs::path model_object_path(const Toolchain& t, const fs::path& cache, const fs::path& runtime_dir,
                           const std::string& source) {
  Sha256 key;
  key.update(t.identity + "\n" + t.cxx + "\n" + t.torch_id + "\n" + runtime_dir.string() + "\n");
  for (const auto& f : t.model_flags) key.update(f + "\n");
  key.update(source);
  return cache / "objects" / (key.hex().substr(0, 32) + ".o");
}

}  // namespace dynx::exporter
