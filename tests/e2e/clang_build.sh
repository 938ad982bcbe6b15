#!/usr/bin/env bash
# The whole tree (tools, libraries, the torch TU, unit tests) built with
# Clang and -Werror, then its unit tests and a capture + report with the
# Clang-built tools: dynx must build cleanly with more than one compiler
# (issue 14: a user's GCC 13 failed on a warning GCC 12 does not give).
# Exit 77 (skipped) if clang++ is not installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/build-clang}
python=${2:-$root/.venv/bin/python}
command -v clang++ >/dev/null || { echo "clang++ not installed: skipped"; exit 77; }
cmake -S "$root" -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang \
  -DCMAKE_CXX_COMPILER=clang++ -DDYNX_WERROR=ON -DPython3_EXECUTABLE="$python" > "$out.configure.log" 2>&1 ||
  { cat "$out.configure.log"; exit 1; }
cmake --build "$out" -j 2 > "$out.build.log" 2>&1 || { grep -E "error|warning" "$out.build.log" | head -40; exit 1; }
echo "built with $(clang++ --version | head -1), -Werror"
for t in "$out"/bin/dynx_*_tests; do
  "$t" > "$out.unit.log" 2>&1 || { tail -30 "$out.unit.log"; echo "FAIL $(basename "$t")"; exit 1; }
  echo "ok   $(basename "$t")"
done
work=$(mktemp -d "${TMPDIR:-/tmp}/dynx-clang.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$out/bin/dynx-capture" -o "$work/capture" "$root/samples/graph_breaks.py" > /dev/null
"$out/bin/dynx-explain" --json "$work/capture" | "$python" -c "import json, sys; json.load(sys.stdin)"
echo "ok   dynx-capture and dynx-explain (Clang build) on samples/graph_breaks.py"
