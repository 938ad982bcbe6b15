#!/usr/bin/env bash
# `make demo`: run bundled samples under dynx-capture and show what it found.
set -euo pipefail
build=${1:-build}
out=$(mktemp -d "${TMPDIR:-/tmp}/dynx-demo.XXXXXX")
trap 'rm -rf "$out"' EXIT

echo "\$ dynx-capture --list-frames samples/train_compile.py --steps 10"
"$build/bin/dynx-capture" --list-frames samples/train_compile.py --steps 10
echo
echo "\$ dynx-capture -o $out samples/graph_breaks.py"
"$build/bin/dynx-capture" -o "$out" samples/graph_breaks.py
echo
echo "The capture directory:"
(cd "$out" && find . -type f | sort | sed 's/^\.\//  /')
echo
echo "\$ cat $out/graphs/0_0_0.txt $out/graphs/0_0_3.txt"
cat "$out/graphs/0_0_0.txt" "$out/graphs/0_0_3.txt"
echo
echo "\$ dynx-explain $out"
"$build/bin/dynx-explain" "$out"
echo
echo "\$ dynx-explain samples/recompiles.py   (capture and report in one go)"
"$build/bin/dynx-explain" samples/recompiles.py
echo
block="$out/block"
echo "\$ dynx-capture -o $block samples/transformer_block.py"
"$build/bin/dynx-capture" -o "$block" samples/transformer_block.py
echo
echo "\$ dynx-aot $block -o $out/block.so --verify   (the first run also compiles dynx's runtime, once)"
"$build/bin/dynx-aot" "$block" -o "$out/block.so" --verify
echo
echo "\$ dynx-run $out/block.so --example $block/examples/0_0_0.safetensors --bench 200 --threads 1"
"$build/bin/dynx-run" "$out/block.so" --example "$block/examples/0_0_0.safetensors" --bench 200 --threads 1
