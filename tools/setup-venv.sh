#!/usr/bin/env bash
# Creates the project-local virtual environment .venv from requirements.txt.
# It must use a Python 3.11 with a shared libpython (the one dynx embeds).
# A stamp records the requirements it was built from, so reruns are instant.
set -euo pipefail
venv=${1:-.venv}
base=${DYNX_BASE_PYTHON:-python3}
stamp="$venv/.dynx-requirements"
if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s requirements.txt "$stamp"; then
  exit 0
fi
shared=$("$base" -c 'import sysconfig; print(sysconfig.get_config_var("Py_ENABLE_SHARED") or 0)')
ver=$("$base" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [ "$shared" != "1" ]; then
  echo "setup-venv: error: $base (Python $ver) has no shared libpython; set DYNX_BASE_PYTHON to one that has" >&2
  exit 1
fi
[ -x "$venv/bin/python" ] || "$base" -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r requirements.txt
cp requirements.txt "$stamp"
