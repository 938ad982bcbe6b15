# The check helper of the shell-driven end-to-end tests (run_install.sh,
# run_wheel.sh), sourced by them: `check NAME COMMAND...` runs the command,
# prints "ok   NAME" or "FAIL NAME" with the last lines of its output, and
# counts; `checks_passed` prints the counts and returns whether all passed.
passed=0
failed=0
check() {  # check NAME COMMAND...
  local name=$1
  shift
  local out
  if out=$("$@" 2>&1); then
    echo "ok   $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name"
    echo "$out" | sed 's/^/  /' | tail -25
    failed=$((failed + 1))
  fi
}
checks_passed() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
