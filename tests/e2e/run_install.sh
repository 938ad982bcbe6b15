#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, then use what was installed:
# the umbrella command, the tools from the prefix (capture, aot, run), a
# consumer project built with find_package(dynx) and one with pkg-config,
# the man pages and the bash completion.
# Then the same into a virtual environment (--prefix "$VIRTUAL_ENV"): its
# commands run the venv's own Python without VIRTUAL_ENV set, and its Python
# imports the dynx package and runs a model.so.
# usage: run_install.sh BUILD_DIR SOURCE_DIR [PYTHON]
set -uo pipefail
build=$1
src=$2
python=${3:-$src/.venv/bin/python}
work=$(mktemp -d "${TMPDIR:-/tmp}/dynx-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
. "$(dirname "$0")/check.sh"

check "cmake --install into a temporary prefix" cmake --install "$build" --prefix "$prefix"
expect_files() {
  for f in bin/dynx bin/dynx-capture bin/dynx-explain bin/dynx-guard-diff bin/dynx-aot bin/dynx-run \
           include/dynx/model.h include/dynx/model.hpp lib/cmake/dynx/dynxConfig.cmake lib/cmake/dynx/dynxConfigVersion.cmake \
           lib/pkgconfig/dynx-model.pc share/dynx/schemas/model.schema.json share/dynx/schemas/frames.schema.json \
           share/man/man1/dynx.1 share/man/man1/dynx-aot.1 share/man/man1/dynx-run.1 share/man/man5/dynx-capture.5 \
           share/bash-completion/completions/dynx share/bash-completion/completions/dynx-aot; do
    [ -e "$prefix/$f" ] || { echo "missing $f"; return 1; }
  done
}
check "the installed files" expect_files

check "dynx --version" bash -c "'$prefix/bin/dynx' --version | grep -qx 'dynx [0-9.]*'"
check "dynx aot --help dispatches to dynx-aot" bash -c "'$prefix/bin/dynx' aot --help | grep -q '^usage: dynx-aot'"
unknown() {
  local err
  err=$("$prefix/bin/dynx" frobnicate 2>&1 >/dev/null)
  [ $? -eq 2 ] && [ "$err" = "dynx: error: 'frobnicate' is not a dynx command (see dynx --help)" ]
}
check "dynx with an unknown command" unknown
check "man -l renders every installed page" bash -c "for p in '$prefix'/share/man/man*/*; do MANWIDTH=80 man -l \"\$p\" > /dev/null 2>&1 || { echo \$p; exit 1; }; done"

pipeline() {
  "$prefix/bin/dynx" capture -o "$work/cap" "$src/samples/transformer_block.py" > /dev/null &&
    "$prefix/bin/dynx" aot "$work/cap" -o "$work/block.so" --verify -q &&
    "$prefix/bin/dynx" run "$work/block.so" --example "$work/cap/examples/0_0_0.safetensors" > /dev/null
}
check "the installed tools: capture, aot --verify, run" pipeline

consumer_cmake() {
  mkdir -p "$work/consumer"
  cp "$src/samples/deploy/run_model.c" "$work/consumer/"
  cat > "$work/consumer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.22)
project(consumer C)
find_package(dynx 0.1 REQUIRED)
add_executable(run_model run_model.c)
target_link_libraries(run_model PRIVATE dynx::model)
CMAKE
  cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" > /dev/null &&
    cmake --build "$work/consumer/build" > /dev/null &&
    "$work/consumer/build/run_model" "$work/block.so" 2 8 32 | grep -q '^output 0: \[2, 8, 32\] sum='
}
check "a CMake project with find_package(dynx) runs a model" consumer_cmake

consumer_pkgconfig() {
  cc -Wall -Werror $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags dynx-model) \
    "$src/samples/deploy/run_model.c" $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --libs dynx-model) \
    -o "$work/run_model_pc" &&
    "$work/run_model_pc" "$work/block.so" 2 8 32 | grep -q '^output 0: \[2, 8, 32\] sum='
}
check "a C program built with pkg-config runs a model" consumer_pkgconfig

completion() {
  bash -c "
    source '$prefix/share/bash-completion/completions/dynx'
    COMP_WORDS=(dynx-aot --weig); COMP_CWORD=1; _dynx
    [[ \" \${COMPREPLY[*]} \" == *' --weights '* && \" \${COMPREPLY[*]} \" == *' --weights-from '* ]] || exit 1
    COMP_WORDS=(dynx-aot --weights e); COMP_CWORD=2; _dynx
    [[ \"\${COMPREPLY[*]}\" == 'embedded external' ]] || exit 2
    COMP_WORDS=(dynx a); COMP_CWORD=1; _dynx
    [[ \"\${COMPREPLY[*]}\" == 'aot' ]] || exit 3
    COMP_WORDS=(dynx run --be); COMP_CWORD=2; _dynx
    [[ \"\${COMPREPLY[*]}\" == '--bench' ]] || exit 4
    COMP_WORDS=(dynx-aot --backend ''); COMP_CWORD=2; _dynx
    [[ \"\${COMPREPLY[*]}\" == 'auto native libtorch' ]] || exit 5"
}
check "bash completion of options, values and commands" completion

# A virtual environment of the same base Python, seeing the test venv's torch
# through a .pth file (no second torch install), with dynx installed into it.
venv_install() {
  local base site
  base=$("$python" -c 'import sys; print(sys._base_executable)') &&
    "$base" -m venv --without-pip "$work/venv" &&
    site=$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])') &&
    "$python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' > "$site/test-torch.pth" &&
    cmake --install "$build" --prefix "$work/venv" > /dev/null &&
    [ -x "$work/venv/bin/dynx-capture" ] && [ -f "$site/dynx/__init__.py" ]
}
check "cmake --install into a virtual environment" venv_install
venv_python() {
  printf 'import sys\nprint(sys.prefix)\n' > "$work/which.py"
  local out
  out=$(env -u VIRTUAL_ENV "$work/venv/bin/dynx-capture" -o "$work/cap-venv" "$work/which.py") &&
    [ "$out" = "$work/venv" ] || { echo "ran under sys.prefix '$out', not $work/venv"; return 1; }
}
check "commands installed in a venv run its Python (no VIRTUAL_ENV)" venv_python
venv_package() {
  env -u VIRTUAL_ENV PYTHONPATH= "$work/venv/bin/python" -c "
import sys, torch, dynx
assert dynx.__file__.startswith('$work/venv/'), dynx.__file__
m = dynx.load('$work/block.so')
(spec,) = m.inputs
x = torch.randn(*[d if isinstance(d, int) else 2 for d in spec.shape])
y = m(x)
assert isinstance(y, torch.Tensor) and list(y.shape) == list(m.outputs[0].shape), (y.shape, m.outputs)
print('ok')" | grep -qx ok
}
check "the venv's Python imports dynx and runs a model.so" venv_package

checks_passed
