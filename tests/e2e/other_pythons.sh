#!/usr/bin/env bash
# Builds dynx-capture against CPython 3.12 and 3.13 (whichever are installed)
# and runs the parity corpus with each (programs that need torch are skipped:
# those Pythons have no torch). Proves the frame hook's version-specific code
# compiles and works beyond the 3.11 baseline. Exit 77 (skipped) if neither
# Python is installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/build-other-pythons}
found=0
status=0
for minor in 12 13; do
  py=""
  for candidate in "$(command -v python3.$minor || true)" /root/.pyenv/versions/3.$minor.*/bin/python3.$minor; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] &&
       [ "$("$candidate" -c 'import sysconfig; print(sysconfig.get_config_var("Py_ENABLE_SHARED") or 0)')" = 1 ]; then
      py=$candidate; break
    fi
  done
  [ -n "$py" ] || { echo "python3.$minor with a shared libpython: not installed, skipped"; continue; }
  found=1
  echo "== CPython 3.$minor: $py"
  # Unoptimised and without debug information: the cheapest build that runs the corpus.
  cmake -S "$root" -B "$out/py3.$minor" -G Ninja -DCMAKE_BUILD_TYPE= -DDYNX_BUILD_TESTS=OFF -DPython3_EXECUTABLE="$py" >/dev/null
  cmake --build "$out/py3.$minor" -j 2 --target dynx-capture >/dev/null
  "$py" "$root/tests/e2e/run_parity.py" --dynx-capture "$out/py3.$minor/bin/dynx-capture" --python "$py" --no-torch ||
    status=1
done
[ $found = 1 ] || exit 77
exit $status
