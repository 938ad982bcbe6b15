// dynx-aot's compiler and its compile cache: finding the C++ compiler
// ($CXX or --cxx; any program that takes g++'s options will do, which is
// how the unit tests replace it), the flags every translation unit gets,
// and the objects kept between builds (dynx's runtime once per torch and
// compiler, each model's object by the hash of its source and flags).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dynx/error.hpp"
#include "dynx/export/aot.hpp"
#include "dynx/export/codegen.hpp"

namespace dynx::exporter {

struct Toolchain {
  std::string cxx, identity;  // the compiler's path and the first line of its --version
  std::string torch_id;       // torch's version and files: objects built against other headers are not reused
  std::vector<std::string> flags;        // compile flags of dynx's runtime (and every TU by default)
  std::vector<std::string> model_flags;  // those of the generated model source (see DYNX_AOT_WERROR)
  std::string library_dir;
  bool native = false;  // the native backend's runtime (native_runtime.cpp), no torch
  std::vector<std::string> link_flags;  // native: where oneDNN is, and the libraries
};

// An executable `name`, as given if it has a '/', else found on $PATH.
std::optional<std::string> find_on_path(const std::string& name);

// `cxx` (--cxx), else $CXX, else c++; checked by running its --version.
// With DYNX_AOT_WERROR=1 in the environment the model source is compiled
// with -Wall -Wextra -Werror instead of -w (a developer aid: the generated
// code is meant to be warning-clean).
Expected<Toolchain> find_toolchain(const std::optional<std::string>& cxx, const TorchInfo& torch);
// The compiler for the native backend: no torch; -O3 for x86-64-v3 (AVX2,
// FMA), OpenMP, linked against oneDNN.
Expected<Toolchain> find_native_toolchain(const std::optional<std::string>& cxx);
// Why oneDNN (headers and library) cannot be used: "" when it can. Looked
// for under $DYNX_DNNL_ROOT, else /usr and /usr/local.
std::string onednn_missing();

// The first lines of a compiler's complaint, for an error message.
std::string compiler_excerpt(const std::string& output);

// Compiles `source` into `object` (written under a temporary name, renamed
// when the compiler succeeds); `what` names it in progress and errors.
Status compile(const Toolchain& toolchain, const std::vector<std::string>& flags,
               const std::vector<std::string>& extra, const std::filesystem::path& source,
               const std::filesystem::path& object, const std::string& what, AotProgress& progress);

// The compile cache's root: --cache-dir, $DYNX_CACHE_DIR, $XDG_CACHE_HOME/dynx,
// ~/.cache/dynx, else a directory in /tmp.
std::string cache_root(const std::optional<std::string>& requested);
Status make_directories(const std::filesystem::path& dir);

// dynx's runtime compiled against this torch: CACHE/runtime-<hash>/ holding
// runtime.o and include/ (its headers, for the model's source). Compiled
// once per toolchain and runtime source; `compiled` says whether it was now.
Expected<std::filesystem::path> runtime_object(const Toolchain& toolchain, const std::filesystem::path& cache,
                                               AotProgress& progress, bool* compiled);

// Where the cache keeps the object of `source` built with this toolchain
// against `runtime_dir`: CACHE/objects/<hash>.o.
std::filesystem::path model_object_path(const Toolchain& toolchain, const std::filesystem::path& cache,
                                        const std::filesystem::path& runtime_dir, const std::string& source);

}  // namespace dynx::exporter
