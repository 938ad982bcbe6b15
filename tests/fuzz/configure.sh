#!/usr/bin/env bash
# Configures the Clang tree shared by build/clang (tests/e2e/clang_build.sh),
# the fuzzing (tests/fuzz/run.sh) and `make asan` (the tests under the
# sanitizers): Clang, -Werror, ASan + UBSan with libFuzzer's coverage on
# every target (DYNX_FUZZ=ON, DYNX_SANITIZE=ON: the sanitizers' selection of
# tests), -O1 with line tables (enough for the sanitizers' stack traces, far
# cheaper to compile than -g). Models its tests build come from the compile
# cache of the main tree beside it (TREE/../aot-cache).
# The log goes to TREE.configure.log.
# usage: configure.sh SOURCE_DIR TREE [PYTHON]
set -uo pipefail
src=$1
tree=$2
python=${3:-$src/.venv/bin/python}
cmake -S "$src" -B "$tree" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
  -DDYNX_FUZZ=ON -DDYNX_SANITIZE=ON -DDYNX_WERROR=ON -DDYNX_TEST_AOT_CACHE="$(dirname "$tree")/aot-cache" \
  -DPython3_EXECUTABLE="$python" > "$tree.configure.log" 2>&1
