#!/usr/bin/env bash
# pip install for real (issue 16): the wheel built from the checkout by pip
# and scikit-build-core (pyproject.toml), installed into a fresh virtual
# environment, then used from there as a user would: the commands on the
# venv's PATH run the venv's own Python (no VIRTUAL_ENV set), dynx-explain
# on a script, dynx-capture + dynx-aot --verify + dynx-run, `import dynx` on
# the model.so, the man pages, and pip uninstall taking every command away.
# The fresh venv sees torch through a .pth file naming the development
# venv's site-packages (installing torch again would take minutes).
# The wheel is built with the main tree's compilers, build type and -Werror,
# in a fresh build-wheel-test/ beside build/ (the same depth: ccache, which
# hashes paths relative to the build directory, serves the objects the main
# build made; about 30 s instead of a full build).
# usage: run_wheel.sh SOURCE_DIR PYTHON [MAIN_BUILD_DIR]
set -uo pipefail
src=$1
python=$2
main=${3:-$src/build}
work=$(mktemp -d "${TMPDIR:-/tmp}/dynx-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/check.sh"
finish() {
  [ "$failed" -eq 0 ] && rm -rf "$tree"
  checks_passed
  exit $?
}

# The main tree's compilers (ccache keys on the compiler's name too).
compilers=()
for lang in C CXX; do
  c=$(sed -n "s/^CMAKE_${lang}_COMPILER:[A-Z]*=//p" "$main/CMakeCache.txt" 2>/dev/null)
  [ -n "$c" ] && compilers+=(-C "cmake.define.CMAKE_${lang}_COMPILER=$c")
done
tree=$src/build-wheel-test
rm -rf "$tree"
start=$SECONDS
check "pip wheel . (scikit-build-core)" "$python" -m pip wheel --no-build-isolation --no-deps -q \
  --disable-pip-version-check -w "$work/dist" -C cmake.build-type=RelWithDebInfo -C cmake.define.DYNX_WERROR=ON \
  -C build-dir="$tree" "${compilers[@]}" "$src"
wheel=$(ls "$work"/dist/dynx-*.whl 2>/dev/null | head -1)
[ -n "$wheel" ] || { echo "FAIL no wheel in $work/dist"; failed=$((failed + 1)); finish; }
echo "     built $(basename "$wheel") in $((SECONDS - start)) s"
check "the wheel is tagged for this Python and platform" \
  sh -c "basename '$wheel' | grep -Eq -- '-cp3[0-9]+-cp3[0-9]+-linux_x86_64\.whl$'"

base=$("$python" -c 'import sys; print(sys._base_executable)')
venv=$work/venv
check "a fresh venv" "$base" -m venv "$venv"
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
"$python" -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))' > "$site/dev_torch.pth"
check "pip install the wheel into it" "$venv/bin/python" -m pip install -q --no-index --no-deps \
  --disable-pip-version-check "$wheel"
for c in dynx dynx-capture dynx-explain dynx-guard-diff dynx-aot dynx-run; do
  check "$c --version from the venv's bin" "$venv/bin/$c" --version
done
check "man pages in the venv's share/man" test -f "$venv/share/man/man1/dynx-explain.1" -a -f "$venv/share/man/man5/dynx-capture.5"

# Used as a user would: PATH has the venv's bin, no VIRTUAL_ENV, a directory of their own.
mkdir -p "$work/user"
cd "$work/user"
userenv() { env -u VIRTUAL_ENV PATH="$venv/bin:/usr/bin:/bin" DYNX_CACHE_DIR="${DYNX_CACHE_DIR:-$work/cache}" "$@"; }
check "dynx-explain --json train.py runs the venv's Python" sh -c \
  "$(declare -f userenv); venv='$venv' work='$work'; userenv dynx-explain --json '$src/samples/graph_breaks.py' > report.json &&
   '$venv/bin/python' -c 'import json; r = json.load(open(\"report.json\")); assert r[\"summary\"][\"graph_breaks\"] > 0, r[\"summary\"]'"
check "dynx-capture, dynx-aot --verify and dynx-run from the venv" sh -c \
  "$(declare -f userenv); venv='$venv' work='$work'; userenv dynx-capture -o cap '$src/samples/transformer_block.py' > /dev/null &&
   userenv dynx-aot cap -o model/model.so --verify > aot.txt && grep -q 'verify:' aot.txt &&
   userenv dynx-run model/model.so --example cap/examples/0_0_0.safetensors > /dev/null"
check "import dynx in the venv runs the model.so" userenv "$venv/bin/python" -c "
import dynx, torch
m = dynx.load('model/model.so')
x = [torch.zeros(*[d if isinstance(d, int) and d > 0 else 2 for d in i.shape], dtype=getattr(torch, i.dtype)) for i in m.inputs]
out = m(*x)
outs = out if isinstance(out, tuple) else (out,)  # one output comes back as itself
assert len(outs) == len(m.outputs) and all(isinstance(t, torch.Tensor) for t in outs), [type(t) for t in outs]
assert all(torch.isfinite(t).all() for t in outs if t.is_floating_point())
assert dynx.__file__.startswith('$venv'), dynx.__file__
"
check "pip uninstall dynx removes the commands and the package" sh -c \
  "'$venv/bin/python' -m pip uninstall -q -y dynx && [ ! -e '$venv/bin/dynx-explain' ] && [ ! -e '$venv/bin/dynx-capture' ] &&
   ! '$venv/bin/python' -c 'import dynx' 2>/dev/null"
finish
