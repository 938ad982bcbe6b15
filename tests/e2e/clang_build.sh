#!/usr/bin/env bash
# The Clang tree of the extra tier: the whole tree (tools, libraries, the
# torch TU, unit tests, the libFuzzer targets) built with Clang and -Werror,
# under AddressSanitizer + UndefinedBehaviorSanitizer with libFuzzer's
# coverage (DYNX_FUZZ=ON), then its unit tests and a capture + report with the
# Clang-built tools. dynx must build cleanly with more than one compiler
# (issue 14: a user's GCC 13 failed on a warning GCC 12 does not give), and
# one tree serves both this check and the bounded fuzzing (tests/fuzz/run.sh
# reuses it): one Clang build in CI instead of two.
# Exit 77 (skipped) if clang++ is not installed.
# usage: clang_build.sh TREE [PYTHON]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/build-clang}
python=${2:-$root/.venv/bin/python}
command -v clang++ >/dev/null || { echo "clang++ not installed: skipped"; exit 77; }
"$root/tests/fuzz/configure.sh" "$root" "$out" "$python" ||
  { cat "$out.configure.log"; exit 1; }
cmake --build "$out" -j 2 > "$out.build.log" 2>&1 || { grep -E "error|warning" "$out.build.log" | head -40; exit 1; }
echo "built with $(clang++ --version | head -1), -Werror, ASan + UBSan + libFuzzer coverage"
# Python and torch allocate for good: leak checking is left off, as in make asan.
export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for t in "$out"/bin/dynx_*_tests; do
  "$t" > "$out.unit.log" 2>&1 || { tail -30 "$out.unit.log"; echo "FAIL $(basename "$t")"; exit 1; }
  echo "ok   $(basename "$t")"
done
work=$(mktemp -d "${TMPDIR:-/tmp}/dynx-clang.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$out/bin/dynx-capture" -o "$work/capture" "$root/samples/graph_breaks.py" > /dev/null
"$out/bin/dynx-explain" --json "$work/capture" | "$python" -c "import json, sys; json.load(sys.stdin)"
echo "ok   dynx-capture and dynx-explain (Clang build) on samples/graph_breaks.py"
