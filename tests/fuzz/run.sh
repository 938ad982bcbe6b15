#!/usr/bin/env bash
# Builds the libFuzzer targets in the Clang tree (tests/fuzz/configure.sh:
# ASan + UBSan, shared with build/clang, which has usually built them) and runs
# each for a bounded time from its seed corpus; any crash, leak, sanitizer
# report or timeout fails. Crashing inputs are left in the work directory and
# named in the output.
# The seed is fixed (DYNX_FUZZ_SEED, default 1) so that a CI run is a
# reproducible regression gate; set another seed, or 0 for a random one, and
# more seconds to search for new bugs (`DYNX_FUZZ_SEED=0 run.sh SRC TREE 600`).
# usage: run.sh SOURCE_DIR FUZZ_BUILD_DIR [SECONDS_PER_TARGET]
set -uo pipefail
src=$1
tree=$2
seconds=${3:-${DYNX_FUZZ_SECONDS:-10}}
seed=${DYNX_FUZZ_SEED:-1}
if ! command -v clang++ > /dev/null; then
  echo "clang++ not found (tools/apt-packages.txt installs clang): cannot build the fuzz targets"
  exit 1
fi
targets="capture graph safetensors npy signature guard_inputs weights"
"$src/tests/fuzz/configure.sh" "$src" "$tree" || { cat "$tree.configure.log"; exit 1; }
ninja -C "$tree" -j2 $(for t in $targets; do echo "fuzz_$t"; done) > "$tree.build.log" 2>&1 ||
  { tail -40 "$tree.build.log"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/dynx-fuzz.XXXXXX")
failed=0
for t in $targets; do
  mkdir -p "$work/$t"
  cp "$src/tests/fuzz/corpus/$t/"* "$work/$t/"
  if (cd "$work" && "$tree/bin/fuzz_$t" -max_total_time="$seconds" -seed="$seed" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/crash-$t-" "$work/$t" > "$work/$t.log" 2>&1); then
    echo "ok   fuzz_$t: $(grep -o 'Done [0-9]* runs' "$work/$t.log" | head -1) in ${seconds} s"
  else
    echo "FAIL fuzz_$t (inputs kept in $work)"
    grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$work/$t.log" | head -10 | sed 's/^/  /'
    failed=$((failed + 1))
  fi
done
[ "$failed" -eq 0 ] && rm -rf "$work"
echo "$(($(echo $targets | wc -w) - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
