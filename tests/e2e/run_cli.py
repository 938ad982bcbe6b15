#!/usr/bin/env python3
"""End-to-end tests of the dynx-capture command line: exact error lines and
exit statuses, --help/--version, and golden watched-frame reports of real
scripts (tests/e2e/golden/NAME.txt; UPDATE_GOLDEN=1 rewrites them).

usage: run_cli.py --dynx-capture BIN --python PY [--only NAME]
"""
import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

from report import Report

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HOOK = os.path.join(HERE, "hook")
GOLDEN = os.path.join(HERE, "golden")


def make_inputs(tmp):
    """Bad inputs, made fresh for each run."""
    with open(os.path.join(tmp, "syntax_error.py"), "w") as f:
        f.write("def f(:\n    pass\n")
    with open(os.path.join(tmp, "binary.py"), "wb") as f:
        f.write(b"\x7fELF\x02\x01\x01\x00\x00\x00")
    with open(os.path.join(tmp, "latin1.py"), "wb") as f:
        f.write(b"print('caf\xe9')\n")
    os.mkdir(os.path.join(tmp, "plain_dir"))
    os.mkdir(os.path.join(tmp, "app_dir"))
    with open(os.path.join(tmp, "app_dir", "__main__.py"), "w") as f:
        f.write("print('app dir ran')\n")
    os.mkfifo(os.path.join(tmp, "fifo.py"))
    with open(os.path.join(tmp, "ok.py"), "w") as f:
        f.write("print('ok')\n")
    venv312 = os.path.join(tmp, "venv312")
    os.makedirs(os.path.join(venv312, "bin"))
    with open(os.path.join(venv312, "pyvenv.cfg"), "w") as f:
        f.write("home = /usr/bin\nversion = 3.12.4\n")
    exe = os.path.join(venv312, "bin", "python")
    with open(exe, "w") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(exe, 0o755)


# (name, arguments, environment additions, expected exit status, expected stderr)
ERROR_CASES = [
    ("missing_script", ["nope.py"], {}, 127,
     "dynx-capture: error: can't open file 'nope.py': No such file or directory\n"),
    ("directory", ["plain_dir"], {}, 126,
     "dynx-capture: error: plain_dir: is a directory without __main__.py\n"),
    ("not_a_regular_file", ["fifo.py"], {}, 126, "dynx-capture: error: fifo.py: not a regular file\n"),
    ("binary_file", ["binary.py"], {}, 126,
     "dynx-capture: error: binary.py: not a Python script (it contains NUL bytes)\n"),
    ("not_utf8", ["latin1.py"], {}, 126,
     "dynx-capture: error: latin1.py: not a Python script ('utf-8' codec can't decode byte 0xe9 in "
     "position 3: unexpected end of data)\n"),
    ("syntax_error", ["syntax_error.py"], {}, 126,
     "dynx-capture: error: syntax_error.py:1:7: syntax error: invalid syntax\n"),
    ("unknown_module", ["-m", "no_such_module_xyz"], {}, 127,
     "dynx-capture: error: no module named 'no_such_module_xyz'\n"),
    ("unknown_submodule", ["-m", "json.no_such_tool"], {}, 127,
     "dynx-capture: error: no module named 'json.no_such_tool'\n"),
    ("package_without_main", ["-m", "json"], {}, 126,
     "dynx-capture: error: 'json' is a package without a __main__ module\n"),
    ("python_missing", ["--python", "/nonexistent/venv", "ok.py"], {}, 125,
     "dynx-capture: error: --python: /nonexistent/venv: no such file or directory\n"),
    ("python_wrong_version", ["--python", "venv312", "ok.py"], {}, 125,
     "dynx-capture: error: --python: venv312 is Python 3.12.4, but dynx-capture embeds Python 3.11; "
     "use a 3.11 environment or rebuild dynx against that Python\n"),
    ("virtual_env_missing", ["ok.py"], {"VIRTUAL_ENV": "/nonexistent/venv"}, 125,
     "dynx-capture: error: VIRTUAL_ENV: /nonexistent/venv: no such file or directory\n"),
    ("unknown_option", ["--frobnicate", "ok.py"], {}, 125,
     "dynx-capture: error: unknown option '--frobnicate' (see dynx-capture --help)\n"),
    ("serve_with_script", ["--serve", "ok.py"], {}, 125,
     "dynx-capture: error: --serve reads its jobs from stdin: give no script (see dynx-capture --help)\n"),
    ("no_program", [], {}, 125,
     "dynx-capture: error: no script or -m module given (see dynx-capture --help)\n"),
    ("bad_target", ["--target", "nope", "ok.py"], {}, 125,
     "dynx-capture: error: invalid --target 'nope': expected FILE.py:NAME or MODULE:NAME\n"),
    ("target_file_missing", ["--target", "gone.py:f", "ok.py"], {}, 125,
     "dynx-capture: error: invalid --target 'gone.py:f': gone.py: no such file\n"),
    ("directory_with_main_runs", ["app_dir"], {}, 0, ""),
]

# (name, arguments, cwd) whose whole output is compared with a golden file.
GOLDEN_CASES = [
    ("auto_policy", ["--list-frames", "auto_policy.py"]),
    ("auto_policy_off", ["--list-frames", "--no-auto", "auto_policy.py"]),
    ("compile_variants", ["--list-frames", "compile_variants.py"]),
    ("late_registration", ["--list-frames", "late_registration.py"]),
    ("targets", ["--list-frames", "--target", "targets.py:fib", "--target", "targets.py:Counter.tick",
                 "--target", "targets.py:make_closure.<locals>.inner", "--target", "targets.py:countdown",
                 "--target", "target_module:twice", "targets.py"]),
    ("help", ["--help"]),
    ("sample_train_compile", ["--list-frames", "../../../samples/train_compile.py", "--steps", "6"]),
    ("sample_cnn_auto", ["--list-frames", "../../../samples/cnn_auto.py"]),
]


SERVED = """import os, sys, torch
print(sys.argv, __name__, __file__ == os.path.abspath(sys.argv[0]), sys.path[0] == os.path.dirname(os.path.realpath(__file__)))
print(os.getcwd() == os.path.dirname(__file__), os.readlink("/proc/self/fd/0") == "/dev/null")
print(torch.initial_seed())

@torch.compile
def f(x, n):
    y = x.sin()
    if n > 1:
        print("break")  # a graph break
    return y.cos() * n

for n in (1, 2, 3):
    f(torch.ones(3), n)
sys.exit(int(sys.argv[1]))
"""


def check_serve(dynx, tmp):
    """dynx-capture --serve: jobs answered in order (exit statuses, a bad
    line, a missing script, a directory, a timeout), each job's output in
    its files, and a served capture with the facts of a plain one."""
    problems = []
    work = os.path.join(tmp, "serve")
    os.mkdir(work)
    with open(os.path.join(work, "served.py"), "w") as f:
        f.write(SERVED)
    os.mkdir(os.path.join(work, "app"))
    with open(os.path.join(work, "app", "__main__.py"), "w") as f:
        f.write("print('app')\n")
    with open(os.path.join(work, "sleep.py"), "w") as f:
        f.write("import time\ntime.sleep(60)\n")
    jobs = [{"argv": ["served.py", "3"], "output": os.path.join(work, "cap1"), "cwd": work,
             "stdout": os.path.join(work, "1.out"), "stderr": os.path.join(work, "1.err")},
            "not json",
            {"argv": ["served.py", "0"], "output": os.path.join(work, "cap2"), "cwd": work,
             "stdout": os.path.join(work, "2.out"), "stderr": os.path.join(work, "2.err")},
            {"argv": ["gone.py"], "cwd": work, "stderr": os.path.join(work, "3.err")},
            {"argv": ["app"], "cwd": work, "stderr": os.path.join(work, "4.err")},
            {"argv": ["sleep.py"], "cwd": work, "timeout": 2},
            {"argv": ["served.py", "0"], "output": os.path.join(work, "cap3"), "cwd": work,
             "stdout": os.path.join(work, "3.out"), "options": ["--cache-limit", "1", "--verify"]},
            {"argv": ["served.py", "0"], "cwd": work, "options": ["-o", os.path.join(work, "cap4")]},
            {"argv": ["served.py", "0"], "cwd": work, "options": ["--python", sys.executable]}]
    text = "".join((j if isinstance(j, str) else json.dumps(j)) + "\n" for j in jobs)
    proc = subprocess.run([dynx, "--serve"], input=text, capture_output=True, text=True, timeout=300)
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    want = [{"exit": 3}, {"exit": None, "error": "bad job: "}, {"exit": 0}, {"exit": 127}, {"exit": 126},
            {"exit": None, "timeout": True}, {"exit": 0},
            {"exit": None, "error": "bad job: -o cannot be given per job"},
            {"exit": None, "error": "bad job: --python cannot be given per job"}]
    if proc.returncode != 0 or len(replies) != len(want):
        return [f"exit {proc.returncode}, replies {proc.stdout!r}, stderr {proc.stderr!r}"]
    for got, expected in zip(replies, want):
        if "error" in expected and got.get("error", "").startswith(expected["error"]):
            got = dict(got, error=expected["error"])
        if got != expected:
            problems.append(f"reply {got}, expected {expected}")
    read = lambda name: open(os.path.join(work, name)).read()
    out1, out2 = read("1.out").splitlines(), read("2.out").splitlines()
    if out1[:2] != ["['served.py', '3'] __main__ True True", "True True"] or out1[3:] != ["break", "break"]:
        problems.append(f"job output {out1}")
    if out1[2] == out2[2]:
        problems.append(f"two jobs drew the same torch seed {out1[2]}: a new process seeds afresh")
    if read("3.err") != "dynx-capture: error: can't open file 'gone.py': No such file or directory\n":
        problems.append(f"missing script: {read('3.err')!r}")
    if read("4.err") != "dynx-capture: error: app: --serve runs script files, not directories\n":
        problems.append(f"directory: {read('4.err')!r}")
    # The served capture has what a plain dynx-capture of the same run records.
    plain = subprocess.run([dynx, "-o", os.path.join(work, "plain"), "served.py", "3"], cwd=work,
                           capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
    if plain.stdout.splitlines()[3:] != out1[3:] or plain.returncode != 3:
        problems.append(f"plain run: exit {plain.returncode}, {plain.stdout!r}")
    for name in ("frames.json", "breaks.json"):
        served, fresh = (json.load(open(os.path.join(work, d, name))) for d in ("cap1", "plain"))
        if served != fresh:
            problems.append(f"{name} of the served capture differs from a plain capture's:\n{served}\n{fresh}")
    # A job's own options: as `dynx-capture OPTIONS -o DIR script` records it.
    plain = subprocess.run([dynx, "--cache-limit", "1", "--verify", "-o", os.path.join(work, "plain3"), "served.py",
                            "0"], cwd=work, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
    for name in ("frames.json", "breaks.json"):
        served, fresh = (json.load(open(os.path.join(work, d, name))) for d in ("cap3", "plain3"))
        if served != fresh or plain.returncode != 0:
            problems.append(f"{name} of a served capture with options differs from a plain capture's:\n"
                            f"{served}\n{fresh}")
    command = json.load(open(os.path.join(work, "cap3", "manifest.json"))).get("command", [])
    if command[1:5] != ["--cache-limit", "1", "--verify", "-o"]:
        problems.append(f"the served job's manifest names the command {command}")
    if os.path.exists(os.path.join(work, "cap4")):
        problems.append("a job refused for its -o wrote a capture")
    manifest = json.load(open(os.path.join(work, "cap1", "manifest.json")))
    if manifest.get("status") != "complete" or manifest.get("exit_code") != 3:
        problems.append(f"manifest {manifest}")
    return problems


def run(dynx, args, cwd, extra_env=None):
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    env.update(extra_env or {})
    proc = subprocess.run([dynx] + args, cwd=cwd, capture_output=True, text=True, env=env, timeout=300,
                          stdin=subprocess.DEVNULL)
    return proc.returncode, proc.stdout, proc.stderr


def normalise(text):
    text = text.replace(ROOT, "<ROOT>")
    text = re.sub(r"0x[0-9a-f]{6,}", "0xADDR", text)
    # Column widths follow the checkout's path length; alignment itself is
    # pinned by the frame_report unit test.
    return re.sub(r" {2,}", "  ", text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dynx-capture", required=True)
    parser.add_argument("--python", required=True)
    parser.add_argument("--only")
    args = parser.parse_args()
    update = os.environ.get("UPDATE_GOLDEN") == "1"
    results = Report()
    report = results.case

    tmp = tempfile.mkdtemp(prefix="dynx-cli-")
    try:
        make_inputs(tmp)
        for name, argv, env, want_rc, want_err in ERROR_CASES:
            if args.only and args.only != name:
                continue
            rc, out, err = run(args.dynx_capture, argv, tmp, env)
            problems = []
            if rc != want_rc:
                problems.append(f"exit status {rc}, expected {want_rc}")
            if err != want_err:
                problems.append(f"stderr:\n{err}\nexpected:\n{want_err}")
            report(name, problems)

        if not args.only or args.only == "other_environment":
            # A second venv of the same Python, without torch: --python and
            # VIRTUAL_ENV both select it.
            base = subprocess.run([args.python, "-c", "import sys; print(sys._base_executable)"],
                                  capture_output=True, text=True).stdout.strip()
            venv = os.path.join(tmp, "other-venv")
            subprocess.run([base, "-m", "venv", "--without-pip", venv], check=True)
            with open(os.path.join(tmp, "where.py"), "w") as f:
                f.write("import sys, importlib.util\n"
                        "print(sys.prefix, sys.executable, importlib.util.find_spec('torch') is None)\n")
            want = f"{venv} {venv}/bin/python True\n"
            problems = []
            for label, argv, env in (("--python dir", ["--python", venv, "where.py"], {}),
                                     ("--python exe", ["--python", venv + "/bin/python", "where.py"], {}),
                                     ("VIRTUAL_ENV", ["where.py"], {"VIRTUAL_ENV": venv})):
                rc, out, err = run(args.dynx_capture, argv, tmp, env)
                if (rc, out, err) != (0, want, ""):
                    problems.append(f"{label}: exit {rc}, stdout {out!r}, stderr {err!r}, expected {want!r}")
            report("other_environment", problems)

        if not args.only or args.only == "version":
            rc, out, err = run(args.dynx_capture, ["--version"], tmp)
            lines = out.splitlines()
            problems = []
            if rc != 0 or len(lines) != 3:
                problems.append(f"exit {rc}, output:\n{out}{err}")
            else:
                py = subprocess.run([args.python, "-c", "import sys, torch; print(sys.version.split()[0], "
                                     "torch.__version__)"], capture_output=True, text=True).stdout.split()
                if not re.fullmatch(r"dynx-capture \d+\.\d+\.\d+", lines[0]):
                    problems.append(f"first line: {lines[0]}")
                if not lines[1].startswith(f"Python {py[0]} (embedded; environment "):
                    problems.append(f"second line: {lines[1]}, python is {py[0]}")
                if lines[2] != f"torch {py[1]}":
                    problems.append(f"third line: {lines[2]}, torch is {py[1]}")
            report("version", problems)

        if not args.only or args.only == "serve":
            report("serve", check_serve(args.dynx_capture, tmp))

        for name, argv in GOLDEN_CASES:
            if args.only and args.only != name:
                continue
            rc, out, err = run(args.dynx_capture, argv, HOOK)
            actual = normalise(f"exit: {rc}\n--- stdout\n{out}--- stderr\n{err}")
            path = os.path.join(GOLDEN, name + ".txt")
            if update:
                with open(path, "w") as f:
                    f.write(actual)
            expected = open(path).read() if os.path.exists(path) else "(no golden file)"
            report(name, [] if actual == expected else
                    [f"output differs from {os.path.relpath(path, ROOT)}:\n{actual}\n--- expected\n{expected}"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return results.finish()


if __name__ == "__main__":
    sys.exit(main())
