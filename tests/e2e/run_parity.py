#!/usr/bin/env python3
"""Parity test: each program runs under the venv's python and under
dynx-capture; stdout, stderr and the exit status must be identical.

Every case runs twice under dynx-capture: as given (the hook is installed
only if something can be watched) and with a --target that never matches
(the hook is installed from the start and sees every frame).

usage: run_parity.py --dynx-capture BIN --python PY [--only NAME]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from report import Report

HERE = os.path.dirname(os.path.abspath(__file__))
PARITY = os.path.join(HERE, "parity")

# (name, arguments after `python`, arguments after `dynx-capture` (None: same;
#  {out} is a fresh capture directory), stdin text, expected exit status of
#  python itself)
CASES = [
    ("argv", ["argv.py", "a", "--flag", "-x", "two words", ""], None, None, 0),
    ("dashdash", ["argv.py", "--help", "-m", "x"], ["--", "argv.py", "--help", "-m", "x"], None, 0),
    ("path0", ["path0.py"], None, None, 0),
    ("main_guard", ["main_guard.py"], None, None, 0),
    ("stdin", ["stdin_echo.py"], None, "first line\nsecond line\n", 0),
    ("input_prompt", ["input_prompt.py"], None, "Ada\n36\n", 0),
    ("interleave_unicode", ["interleave.py"], None, None, 0),
    ("relative_imports", ["imports.py"], None, None, 0),
    ("module_main", ["-m", "parity_pkg", "x", "--y"], None, None, 0),
    ("module_tool", ["-m", "parity_pkg.tool", "a", "b"], None, None, 2),
    ("warnings", ["warnings_default.py"], None, None, 0),
    # Recording (-o): the warnings raised under the recorder's modes name the program's lines.
    ("torch_warnings", ["torch_warnings.py"], ["-o", "{out}", "torch_warnings.py"], None, 0),
    ("atexit", ["atexit_order.py"], None, None, 0),
    ("exit_zero", ["exit_zero.py"], None, None, 0),
    ("exit_code", ["exit_code.py"], None, None, 7),
    ("exit_message", ["exit_message.py"], None, None, 1),
    ("exit_none", ["exit_none.py"], None, None, 0),
    ("os_exit", ["os_exit.py"], None, None, 5),
    ("uncaught_exception", ["uncaught.py"], None, None, 1),
    ("sigint", ["sigint.py"], None, None, -2),
    ("sigint_caught", ["sigint_caught.py"], None, None, 0),
    ("threads", ["threads.py"], None, None, 0),
    ("multiprocessing_fork", ["mp_fork.py"], None, None, 0),
    ("multiprocessing_spawn", ["mp_spawn.py"], None, None, 0),
    ("dataloader_fork_spawn", ["dataloader_workers.py"], None, None, 0),
    ("torch_training_and_compile", ["torch_model.py"], None, None, 0),
    ("optimized_module", ["optimized_module.py"], None, None, 0),
    # torch.cond's backward needs its branches' results flat, as torch.compile's graphs give them.
    ("torch_cond", ["torch_cond.py"], ["-o", "{out}", "torch_cond.py"], None, 0),
    # NumPy on a tensor's array is traced (numpy_trace): values, types, pickling as python's.
    ("numpy_traced", ["numpy_traced.py"], ["-o", "{out}", "numpy_traced.py"], None, 0),
    ("settrace", ["settrace.py"], None, None, 0),
    ("generators_coroutines", ["generators.py"], None, None, 0),
    ("deep_recursion", ["deep_recursion.py"], None, None, 0),
    ("coverage", ["coverage_api.py"], None, None, 0),
    ("coverage_run", ["-m", "coverage", "run", "--data-file=/dev/null", "settrace.py"], None, None, 0),
    ("watched_generator_throw", ["generators.py"],
     ["--target", "generators.py:counter", "--target", "generators.py:job", "generators.py"], None, 0),
    ("pdb", ["-m", "pdb", "pdb_script.py"], None, "b add\nc\np a, b\nn\nn\np total\nc\n", 0),
]

# Documented differences (README, "Differences from python"): from 3.12 on,
# each Python call made while a PEP 523 hook is installed is a C-level call
# that counts against CPython's fixed C recursion limit, so deep recursion
# fails sooner under the hook whatever sys.setrecursionlimit says.
KNOWN_DIFFERENCES = {("deep_recursion", "hook on"): (3, 12)}

# Programs that need the project venv's packages (torch, coverage).
NEEDS_TORCH = {"dataloader_fork_spawn", "torch_training_and_compile", "optimized_module", "coverage", "coverage_run",
               "torch_warnings", "torch_cond", "numpy_traced"}

# Installs the hook from the start without ever matching a frame.
FORCE_HOOK = ["--target", "helper_mod:never_called"]


def run(command, stdin):
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    env["PYTHONHASHSEED"] = "0"
    with tempfile.TemporaryDirectory(prefix="dynx-parity-inductor-") as cache:
        # The reference run compiles for real (Inductor): its own cache, or
        # another test compiling at the same time can leave it a half-written
        # artifact ("Failed to load artifact" on stderr, seen once under -j 2).
        env["TORCHINDUCTOR_CACHE_DIR"] = cache
        proc = subprocess.run(command, cwd=PARITY, input=stdin, capture_output=True, text=True, env=env,
                              timeout=300)
    # Object addresses ("<function f at 0x7f...>") differ between any two runs,
    # and multiprocessing's resource tracker warns about semaphores whenever
    # a worker's shutdown races its own clean-up: plain python does it too,
    # now and then, under load.
    def scrub(text):
        text = re.sub(r"[^\n]*resource_tracker\.py:\d+: UserWarning: resource_tracker:[^\n]*\n[^\n]*\n", "", text)
        return re.sub(r"0x[0-9a-f]{6,}", "0xADDR", text)
    return proc.returncode, scrub(proc.stdout), scrub(proc.stderr)


def python_version(python):
    out = subprocess.run([python, "-c", "import sys; print(*sys.version_info[:2])"], capture_output=True, text=True)
    return tuple(int(x) for x in out.stdout.split())


def check(case, dynx, python, version):
    name, py_args, dynx_args, stdin, expected_rc = case
    dynx_args = py_args if dynx_args is None else dynx_args
    reference = run([python] + py_args, stdin)
    failures = []
    if reference[0] != expected_rc:
        failures.append(f"python itself exited {reference[0]}, expected {expected_rc}:\n{reference[2]}")
    for label, extra in (("default", []), ("hook on", FORCE_HOOK)):
        since = KNOWN_DIFFERENCES.get((name, label))
        if since is not None and version >= since:
            continue
        with tempfile.TemporaryDirectory(prefix="dynx-parity-capture-") as out:
            got = run([dynx] + extra + [a.replace("{out}", os.path.join(out, "cap")) for a in dynx_args], stdin)
        for what, ref, actual in zip(("exit status", "stdout", "stderr"), reference, got):
            if ref != actual:
                failures.append(f"[{label}] {what} differs\n--- python\n{ref}\n--- dynx-capture\n{actual}")
    return name, failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dynx-capture", required=True)
    parser.add_argument("--python", required=True)
    parser.add_argument("--only")
    parser.add_argument("--no-torch", action="store_true", help="skip the programs that need torch or coverage")
    args = parser.parse_args()
    cases = [c for c in CASES if (not args.only or c[0] == args.only) and not (args.no_torch and c[0] in NEEDS_TORCH)]
    report = Report()
    version = python_version(args.python)
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, failures in pool.map(lambda c: check(c, args.dynx_capture, args.python, version), cases):
            report.case(name, failures)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
