#!/usr/bin/env bash
# `make demo`: run a bundled sample under dynx-capture and show what was watched.
set -euo pipefail
build=${1:-build}
echo "\$ dynx-capture --list-frames samples/train_compile.py --steps 10"
"$build/bin/dynx-capture" --list-frames samples/train_compile.py --steps 10
echo
echo "\$ dynx-capture --list-frames samples/cnn_auto.py"
"$build/bin/dynx-capture" --list-frames samples/cnn_auto.py
