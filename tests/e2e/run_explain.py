#!/usr/bin/env python3
"""End-to-end tests of dynx-explain and dynx-guard-diff: golden text and JSON
reports of every sample (paths and timings normalised; JSON validated
against schemas/), script mode, --fail-on thresholds, guard diffs, and one
clear error line with a documented exit status for each kind of bad input.
UPDATE_GOLDEN=1 rewrites tests/e2e/golden/explain/*.

usage: run_explain.py --bin BUILD/bin
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import struct
import tempfile
import zlib

import jsonschema

from report import Report

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(HERE, "golden", "explain")
SAMPLES = ["graph_breaks", "recompiles", "transformer_block", "cnn_auto", "train_compile"]
# Test programs reported too, for what the samples do not show: a
# fullgraph=True error, an optimizer in the compiled step (its
# record_function ranges must not stop the reader), and a model with a
# break trained then evaluated under no_grad (the resume function's
# recompile listed beside the frame's), and an int read only after a break
# (the resume function recompiles instead of the frame).
CORPUS_SAMPLES = {"fullgraph_break": "tests/corpus/c53_fullgraph_break.py",
                  "optimizer_step": "tests/oracle/programs/real_optimizer_inside.py",
                  "resume_recompiles": "tests/oracle/programs/recomp_resume_grad_mode.py",
                  "resume_instead_of_frame": "tests/oracle/programs/recomp_resume_int_after.py",
                  "compiled_optimizer_step": "tests/oracle/programs/real_compiled_opt_float_lr_scheduler.py",
                  "nested_recompiles": "tests/oracle/programs/nested_helper_break_sizes.py",
                  "torch_nn_break": "tests/oracle/programs/real_translation_transformer_masks.py",
                  "cond_branch_break": "tests/oracle/programs/branch_cond_branch_break.py"}


def sample_path(sample):
    if sample in CORPUS_SAMPLES:
        return os.path.join(ROOT, CORPUS_SAMPLES[sample])
    return os.path.join(ROOT, "samples", sample + ".py")


def schema(name):
    with open(os.path.join(ROOT, "schemas", name)) as f:
        return json.load(f)


def normalise(text, directory):
    text = text.replace(directory, "<DIR>").replace(ROOT, "<ROOT>")
    text = re.sub(r'"[^"]*/dynx-capture"', '"dynx-capture"', text)  # however the test was started
    text = re.sub(r"capture time +[0-9.]+ s", "capture time      <T> s", text)
    text = re.sub(r'"wall_seconds": [0-9.e+-]+', '"wall_seconds": "<T>"', text)
    text = re.sub(r'"(python|torch)_version": "[^"]*"', r'"\1_version": "<V>"', text)
    return text


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, timeout=600, **kwargs)


def golden(report, name, text):
    path = os.path.join(GOLDEN, name)
    if os.environ.get("UPDATE_GOLDEN"):
        with open(path, "w") as f:
            f.write(text)
        return
    expected = open(path).read() if os.path.exists(path) else "(no golden file)"
    report.case(f"golden {name}", [] if text == expected else [f"differs from {path}:\n{text}"])


def png_pixels(path):
    """(width, height, rows of RGB tuples) of an 8-bit RGB/RGBA PNG, such as
    chromium's screenshots (no third-party decoder needed)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, color = header[:4]
    assert depth == 8 and color in (2, 6), f"unsupported PNG ({depth}, {color})"
    channels = 3 if color == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def browse(page, screenshot):
    """Loads a page in headless chromium; returns (console errors, stderr)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        return ["chromium is not installed (tools/apt-packages.txt lists it)"], ""
    profile = tempfile.mkdtemp(prefix="dynx-chromium-")
    try:
        proc = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                               f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                               "--hide-scrollbars", "--window-size=1400,3000", f"--screenshot={screenshot}",
                               "file://" + page], capture_output=True, text=True, timeout=120)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    errors = [line for line in proc.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    return errors, proc.stderr


def check_page(report, name, page, must_show_diagram=True):
    problems = []
    html = open(page).read()
    for needle in ("<script src", "<link", 'href="http', "src=\"http", "@import"):
        if needle in html:
            problems.append(f"not self-contained: {needle!r}")
    shot = page + ".png"
    errors, stderr = browse(page, shot)
    problems += [f"console: {e}" for e in errors]
    if not os.path.exists(shot):
        problems.append("no screenshot: " + stderr[-1500:])
    elif must_show_diagram:
        width, height, rows = png_pixels(shot)
        # Operator boxes are filled #fff4d6, inputs #e8f0fe: the diagram is on screen.
        ops = sum(1 for row in rows for px in row if px == (255, 244, 214))
        inputs = sum(1 for row in rows for px in row if px == (232, 240, 254))
        if ops < 200 or inputs < 50:
            problems.append(f"the screenshot shows no diagram ({ops} operator-box pixels, {inputs} input pixels)")
    report.case(f"html {name}: loads without console errors, diagram on screen", problems)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    capture = os.path.join(args.bin, "dynx-capture")
    explain = os.path.join(args.bin, "dynx-explain")
    diff = os.path.join(args.bin, "dynx-guard-diff")
    report = Report()
    explain_schema, diff_schema = schema("explain.schema.json"), schema("guard-diff.schema.json")
    work = tempfile.mkdtemp(prefix="dynx-explain-test-")
    try:
        dirs = {}
        for sample in SAMPLES + list(CORPUS_SAMPLES):
            directory = os.path.join(work, sample)
            dirs[sample] = directory
            proc = run([capture, "-o", directory, sample_path(sample)], cwd=ROOT)
            if proc.returncode != 0:
                report.case(f"capture {sample}", [proc.stderr[-2000:]])
                continue
            text = run([explain, "--color", "never", "--width", "100", directory])
            problems = [] if text.returncode == 0 and not text.stderr else [f"exit {text.returncode}: {text.stderr}"]
            report.case(f"explain {sample} (text)", problems)
            golden(report, sample + ".txt", normalise(text.stdout, directory))
            js = run([explain, "--json", directory])
            try:
                document = json.loads(js.stdout)
                jsonschema.validate(document, explain_schema)
                problems = []
            except (ValueError, jsonschema.ValidationError) as e:
                problems = [f"{type(e).__name__}: {str(e)[:2000]}"]
            report.case(f"explain {sample} (json, schema)", problems)
            golden(report, sample + ".json", normalise(js.stdout, directory))

        # Script mode: the program runs (its output first), then the same report.
        proc = run([explain, "--color", "never", "--width", "100", "samples/graph_breaks.py"], cwd=ROOT)
        saved = open(os.path.join(GOLDEN, "graph_breaks.txt")).read() if os.path.exists(
            os.path.join(GOLDEN, "graph_breaks.txt")) else ""
        body = normalise(proc.stdout, "(temporary; keep it with -o DIR)")
        report.case("script mode runs the program and reports",
                    [] if proc.returncode == 0 and saved.split("\n", 1)[1] in body else
                    [f"exit {proc.returncode}\n{proc.stdout[-3000:]}\n{proc.stderr[-2000:]}"])

        # Script mode with --json: stdout is the report alone (the program's
        # prints go to stderr), so a pipeline can parse it.
        proc = run([explain, "--json", "samples/graph_breaks.py"], cwd=ROOT)
        try:
            document = json.loads(proc.stdout)
            jsonschema.validate(document, explain_schema)
            problems = [] if proc.returncode == 0 else [f"exit {proc.returncode}: {proc.stderr[-2000:]}"]
        except (ValueError, jsonschema.ValidationError) as e:
            problems = [f"stdout is not the report: {type(e).__name__}: {str(e)[:500]}\n{proc.stdout[:1500]}"]
        report.case("script mode --json: stdout parses as the report, the program's output goes to stderr", problems)

        # Thresholds for CI jobs.
        cases = [
            ("--fail-on-breaks 0 with breaks", [explain, "--fail-on-breaks", "0", dirs["graph_breaks"]], 1,
             "dynx-explain: 6 graph breaks, more than --fail-on-breaks 0\n"),
            ("--fail-on-breaks 10 passes", [explain, "--fail-on-breaks", "10", dirs["graph_breaks"]], 0, ""),
            ("--fail-on-recompiles 0 with recompiles", [explain, "--fail-on-recompiles", "0", dirs["recompiles"]], 1,
             "dynx-explain: 5 recompiles, more than --fail-on-recompiles 0\n"),
        ]
        # Bad input: one line each, documented status.
        not_capture = os.path.join(work, "empty")
        os.makedirs(not_capture)
        corrupt = os.path.join(work, "corrupt")
        shutil.copytree(dirs["recompiles"], corrupt)
        with open(os.path.join(corrupt, "frames.json"), "w") as f:
            f.write('{"schema": "dynx.frames", "vers')
        newer = os.path.join(work, "newer")
        shutil.copytree(dirs["recompiles"], newer)
        with open(os.path.join(newer, "frames.json")) as f:
            frames = json.load(f)
        frames["version"] = 99
        with open(os.path.join(newer, "frames.json"), "w") as f:
            json.dump(frames, f)
        truncated = os.path.join(work, "truncated")
        shutil.copytree(dirs["graph_breaks"], truncated)
        with open(os.path.join(truncated, "graphs", "0_0_0.json"), "r+") as f:
            f.truncate(100)
        incomplete = os.path.join(work, "incomplete")
        shutil.copytree(dirs["recompiles"], incomplete)
        with open(os.path.join(incomplete, "manifest.json")) as f:
            manifest = json.load(f)
        manifest.update(status="incomplete", reason="interrupted")
        with open(os.path.join(incomplete, "manifest.json"), "w") as f:
            json.dump(manifest, f)
        cases += [
            ("not a capture", [explain, not_capture], 2,
             f"dynx-explain: error: {not_capture}: not a dynx capture directory (no manifest.json)\n"),
            ("no such directory", [explain, os.path.join(work, "nope")], 2, None),
            ("corrupt frames.json", [explain, corrupt], 2,
             f"dynx-explain: error: {corrupt}: frames.json: not valid JSON (truncated or corrupt?)\n"),
            ("newer format", [explain, newer], 2,
             f"dynx-explain: error: {newer}: frames.json: format version 99 is newer than this dynx reads (2)\n"),
            ("truncated graph", [explain, truncated], 2,
             f"dynx-explain: error: while reading graph {truncated}/graphs/0_0_0.json: not valid JSON "
             "(truncated or corrupt?)\n"),
            ("unknown option", [explain, "--frobnicate", dirs["recompiles"]], 2,
             "dynx-explain: error: unknown option '--frobnicate' (see --help)\n"),
            ("bad threshold", [explain, "--fail-on-breaks", "many", dirs["recompiles"]], 2,
             "dynx-explain: error: --fail-on-breaks needs a number, e.g. --fail-on-breaks 0\n"),
            ("nothing to explain", [explain], 2,
             "dynx-explain: error: nothing to explain: give a capture directory or a script (see --help)\n"),
            ("missing script", [explain, "no_such_script.py"], 2,
             "dynx-capture: error: can't open file 'no_such_script.py': No such file or directory\n"),
            ("program fails", [explain, "tests/e2e/parity/exit_code.py"], 3, None),
            # guard-diff
            ("diff: no such entry", [diff, dirs["recompiles"], "0/0", "0/9"], 2,
             f"dynx-guard-diff: error: {dirs['recompiles']} has no entry 0/9 (entries: 0/0, 0/1, 0/2, 0/3, 0/4, "
             "0/5)\n"),
            ("diff: not an entry id", [diff, dirs["recompiles"], "0/0", "first"], 2,
             "dynx-guard-diff: error: 'first' is not an entry id (FRAME/ENTRY, e.g. 0/1)\n"),
            ("diff: not a capture", [diff, not_capture, "0/0", "0/1"], 2,
             f"dynx-guard-diff: error: {not_capture}: not a dynx capture directory (no manifest.json)\n"),
            ("diff: bad input description", [diff, dirs["recompiles"], "0/0", "--inputs", "x"], 2,
             "dynx-guard-diff: error: 'x': expected NAME=VALUE, e.g. x=float32[16,4]\n"),
            ("diff: a size that is not a number", [diff, dirs["recompiles"], "0/0", "--inputs",
                                                   "x=float32[99999999999999999999]"], 2,
             "dynx-guard-diff: error: 'x=float32[99999999999999999999]': '99999999999999999999' is not a size\n"),
            ("diff: same entry", [diff, dirs["recompiles"], "0/0", "0/0"], 0, ""),
            ("diff: same capture twice", [diff, dirs["recompiles"], dirs["recompiles"]], 0, ""),
            ("diff: different entries", [diff, dirs["recompiles"], "0/0", "0/1"], 1, ""),
        ]
        for name, command, status, stderr in cases:
            proc = run(command, cwd=ROOT)
            problems = []
            if proc.returncode != status:
                problems.append(f"exit {proc.returncode}, expected {status}\n{proc.stderr[-2000:]}")
            if stderr is not None and proc.stderr.replace(work, work) != stderr and not proc.stderr.endswith(stderr):
                problems.append(f"stderr {proc.stderr!r}, expected {stderr!r}")
            if "Traceback" in proc.stderr or "terminate called" in proc.stderr:
                problems.append(proc.stderr[-2000:])
            report.case(name, problems)

        # --html: a self-contained page, loaded in a real headless browser.
        for sample in ("graph_breaks", "transformer_block"):
            page = os.path.join(work, sample + ".html")
            proc = run([explain, "--html", page, dirs[sample]])
            if proc.returncode != 0 or not os.path.exists(page):
                report.case(f"html {sample}", [f"exit {proc.returncode}: {proc.stderr}"])
                continue
            check_page(report, sample, page)
        # The harness itself catches a page with a script error.
        broken = os.path.join(work, "broken.html")
        with open(broken, "w") as f:
            f.write("<!DOCTYPE html><html><body><p>x</p><script>undefinedFunction();</script></body></html>")
        errors, _ = browse(broken, broken + ".png")
        report.case("the browser check sees a console error when there is one",
                    [] if errors else ["a page with a script error passed"])
        proc = run([explain, "--html", os.path.join(work, "no-such-dir", "x.html"), dirs["recompiles"]])
        report.case("--html into a missing directory", [] if proc.returncode == 2 and proc.stderr.startswith(
            "dynx-explain: error: ") and proc.stderr.count("\n") == 1 else [f"{proc.returncode}: {proc.stderr}"])

        # Colour: on a terminal only (here stdout is a pipe), never with NO_COLOR, always on request.
        plain = run([explain, dirs["graph_breaks"]])
        forced = run([explain, "--color", "always", dirs["graph_breaks"]])
        no_color = run([explain, "--color", "always", dirs["graph_breaks"]], env=dict(os.environ, NO_COLOR="1"))
        report.case("colour only when asked or on a terminal",
                    [] if "\033[" not in plain.stdout and "\033[1m" in forced.stdout and
                    "\033[1m" in no_color.stdout else ["escape codes where they should not be, or missing"])
        narrow = run([explain, "--color", "never", "--width", "60", dirs["graph_breaks"]])
        # (The first line names the capture directory, a path that is not cut.)
        long_lines = [line for line in narrow.stdout.splitlines()[1:] if len(line) > 60]
        report.case("--width 60 wraps every line", [f"{len(long_lines)} longer lines: {long_lines[:3]}"]
                    if long_lines else [])
        if shutil.which("script"):
            # On a terminal (script(1) gives it one): colour by default, none with NO_COLOR.
            tty = run(["script", "-qec", f"{explain} {dirs['graph_breaks']}", "/dev/null"])
            tty_no = run(["script", "-qec", f"{explain} {dirs['graph_breaks']}", "/dev/null"],
                         env=dict(os.environ, NO_COLOR="1"))
            report.case("a terminal gets colour unless NO_COLOR is set",
                        [] if "\033[1m" in tty.stdout and "\033[1m" not in tty_no.stdout else
                        [f"tty: {tty.stdout[:200]!r}; NO_COLOR: {tty_no.stdout[:200]!r}"])

        proc = run([explain, "--color", "never", incomplete])
        report.case("an incomplete capture is reported as such",
                    [] if proc.returncode == 0 and "(incomplete: interrupted; the report covers what ran)" in
                    proc.stdout else [proc.stdout[:500] + proc.stderr])
        for name, command in [("diff_recompiles_0_0_0_1", [diff, dirs["recompiles"], "0/0", "0/1"]),
                              ("diff_recompiles_0_1_0_2", [diff, dirs["recompiles"], "0/1", "0/2"]),
                              ("diff_inputs", [diff, dirs["recompiles"], "0/0", "--inputs", "x=float32[16,8]"]),
                              ("diff_inputs_ok", [diff, dirs["recompiles"], "0/0", "--inputs", "x=float32[4,16]", "scale=1.0"])]:
            text = run(command)
            js = run(command[:1] + ["--json"] + command[1:])
            try:
                jsonschema.validate(json.loads(js.stdout), diff_schema)
                problems = []
            except (ValueError, jsonschema.ValidationError) as e:
                problems = [f"{type(e).__name__}: {str(e)[:1000]}"]
            report.case(f"{name} (json, schema)", problems)
            golden(report, name + ".txt", normalise(f"exit {text.returncode}\n" + text.stdout, dirs["recompiles"]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
