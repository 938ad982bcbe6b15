#!/bin/sh
# A CI job for a training script, built from dynx's commands:
#   1. capture the script (dynx-capture);
#   2. fail when it breaks into more graphs or recompiles more than allowed
#      (dynx-explain --fail-on-breaks / --fail-on-recompiles; report.json kept);
#   3. say how the guards differ from the last release's capture
#      (dynx-guard-diff; guards.json kept; a difference is reported, not fatal);
#   4. build the model.so from the most-used graph and check it against the
#      capture (dynx-aot --verify), as a relocatable bundle (--bundle);
#   5. smoke-test the bundle on the capture's example inputs (dynx-run).
# Every step's exit status is checked and every JSON output parsed.
#
# usage: ci_pipeline.sh SCRIPT.py OUT_DIR [RELEASE_CAPTURE_DIR] [-- SCRIPT_ARGS...]
# environment: MAX_BREAKS (default 0), MAX_RECOMPILES (default 1), DYNX_BIN
# (where the dynx-* commands are; default: on PATH), PYTHON (for JSON checks).
# exit: 0 all steps passed; 1 a threshold or a check failed; 2 a tool failed.
set -u
[ $# -ge 2 ] || { echo "usage: $0 SCRIPT.py OUT_DIR [RELEASE_CAPTURE_DIR] [-- SCRIPT_ARGS...]" >&2; exit 2; }
script=$1 out=$2
shift 2
release=
if [ $# -gt 0 ] && [ "$1" != "--" ]; then release=$1; shift; fi
[ "${1:-}" = "--" ] && shift
bin=${DYNX_BIN:+$DYNX_BIN/}
python=${PYTHON:-python3}
max_breaks=${MAX_BREAKS:-0}
max_recompiles=${MAX_RECOMPILES:-1}

step() { printf 'ci: %s\n' "$*" >&2; }
check_json() { "$python" -c 'import json, sys; json.load(open(sys.argv[1]))' "$1" || { step "$1 is not JSON"; exit 1; }; }

rm -rf "$out" && mkdir -p "$out" || exit 2

step "1/5 capture $script"
"${bin}dynx-capture" -o "$out/capture" "$script" "$@" > "$out/program.log" 2>&1
status=$?
[ $status -eq 0 ] || { step "dynx-capture failed (exit $status); see $out/program.log"; exit 2; }

step "2/5 graph breaks <= $max_breaks, recompiles <= $max_recompiles"
"${bin}dynx-explain" --json --fail-on-breaks "$max_breaks" --fail-on-recompiles "$max_recompiles" \
  "$out/capture" > "$out/report.json"
status=$?
check_json "$out/report.json"
case $status in
  0) ;;
  1) step "FAILED: more graph breaks or recompiles than allowed:"
     "${bin}dynx-explain" --color never "$out/capture" >&2
     exit 1 ;;
  *) step "dynx-explain failed (exit $status)"; exit 2 ;;
esac

if [ -n "$release" ]; then
  step "3/5 guards against the release capture $release"
  "${bin}dynx-guard-diff" --json "$release" "$out/capture" > "$out/guards.json"
  status=$?
  check_json "$out/guards.json"
  case $status in
    0) step "guards unchanged since the release" ;;
    1) step "guards changed since the release (see $out/guards.json):"
       "${bin}dynx-guard-diff" "$release" "$out/capture" >&2 ;;
    *) step "dynx-guard-diff failed (exit $status)"; exit 2 ;;
  esac
else
  step "3/5 no release capture given: guards not compared"
fi

step "4/5 build and verify the model bundle"
"${bin}dynx-aot" "$out/capture" --verify --bundle "$out/bundle" -o model.so > "$out/aot.log" 2>&1
status=$?
cat "$out/aot.log" >&2
case $status in
  0) ;;
  1) step "FAILED: the model does not compute what the capture recorded"; exit 1 ;;
  *) step "dynx-aot failed (exit $status)"; exit 2 ;;
esac
check_json "$out/bundle/model.json"

step "5/5 smoke-test the bundle"
graph=$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["source"]["graph"].replace("/", "_"))' \
  "$out/bundle/model.json") || exit 2
run=$(command -v "${bin}dynx-run") || { step "no dynx-run"; exit 2; }
# An empty environment: the bundle must need nothing but itself.
env -i "$run" "$out/bundle/model.so" --example "$out/capture/examples/$graph.safetensors" \
  --output-dir "$out/outputs" --json > "$out/run.json"
status=$?
check_json "$out/run.json"
[ $status -eq 0 ] || { step "FAILED: dynx-run on the bundle (exit $status)"; exit 1; }
step "passed: $out/bundle is ready to ship"
