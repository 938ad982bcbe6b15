#!/bin/sh
# The generated sources of tests/unit/data/codegen_golden_*.cpp compile
# warning-free (-Wall -Wextra -Werror) against the torch headers of the
# build's Python environment and dynx's runtime headers, as dynx-aot lays
# them out for a model.so (dynx-aot itself compiles with -w, so a warning
# would otherwise go unseen); so does the runtime source that needs torch
# (model_runtime.cpp; dynx's own build compiles the others with -Werror).
# Usage: compile_golden_sources.sh CXX PYTHON SOURCE_DIR DLPACK_INCLUDE
set -eu
cxx=$1 python=$2 source=$3 dlpack=$4
torch_includes=$("$python" -c "import torch.utils.cpp_extension as c; print(' '.join('-isystem ' + p for p in c.include_paths()))") || {
  echo "compile_golden_sources: $python cannot import torch"; exit 1; }
status=0
for golden in "$source"/tests/unit/data/codegen_golden_*.cpp "$source/libexport/runtime/model_runtime.cpp"; do
  # shellcheck disable=SC2086 # torch_includes is a list of flags
  if ! "$cxx" -std=c++20 -Wall -Wextra -Werror -fsyntax-only $torch_includes -idirafter "$dlpack" \
       -I "$source/libexport/runtime" -I "$source/libexport/include" -I "$source/libsupport/include" "$golden"; then
    echo "FAILED: $golden"
    status=1
  else
    echo "ok: $golden"
  fi
done
exit $status
