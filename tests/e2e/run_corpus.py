#!/usr/bin/env python3
"""The capture corpus: small programs with hand-verified expectations in
their header comments, captured with dynx-capture -o, then checked for

  # expect-graphs: N              graphs over all entries
  # expect-ops: A B ...           operators per graph, in graph order
  # expect-breaks: cat@line ...   graph breaks in order (category and the
                                  line of the innermost user frame), or none
  # expect-entries: N             cache entries over all watched frames
  # expect-reason: TEXT           a recompile reason that must appear (repeatable)
  # expect-resume-reason: TEXT    a resume function's recompile reason, up to its
                                  comment, that must appear (repeatable)
  # expect-dynamic: TEXT          an automatic dynamic shape decision that must
                                  appear (repeatable), or "none"
  # expect-hits: N                guard hits over all entries
  # expect-unsound: N             unsound guards --verify reports (default 0)
  # expect-unsound-cause: TEXT    a text one of them must say (repeatable)
  # dynx-args: ...                extra dynx-capture options (optional)

Recompile scenarios (r*.py) and the real models run under --verify: every
guard hit is recorded again and the entry's graphs replayed on it.

and every capture is validated against schemas/ and replayed through the
dispatcher (bitwise). The captures go through dynx-capture --serve (torch
imported once per server, each program in a process forked from it) unless
--no-serve runs each as its own dynx-capture process.
usage: run_corpus.py --dynx-capture BIN [--only NAME] [--keep DIR]
[--no-serve] [PROGRAM.py ...]
"""
import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import replay  # noqa: E402
import validate_capture  # noqa: E402
from capture_server import CaptureServers  # noqa: E402
from report import Report  # noqa: E402

CORPUS = os.path.join(os.path.dirname(HERE), "corpus")

# Replays set torch's global RNG state: two at once in this process would
# race (the captures themselves run in parallel, in their own processes).
REPLAY_LOCK = threading.Lock()


def expectations(path):
    found = {"expect-reason": [], "expect-dynamic": [], "expect-unsound-cause": [], "expect-resume-reason": []}
    with open(path) as f:
        for line in f:
            if line.startswith("# expect-") or line.startswith("# dynx-args:"):
                key, _, value = line[2:].partition(":")
                if key.strip() in ("expect-reason", "expect-dynamic", "expect-unsound-cause", "expect-resume-reason"):
                    found[key.strip()].append(value.strip())
                else:
                    found[key.strip()] = value.strip()
    return found


def recompiles(directory):
    with open(os.path.join(directory, "frames.json")) as f:
        frames = json.load(f)["frames"]
    entries = [e for frame in frames for e in frame["entries"]]
    # The id() in Dynamo's ___check_type_id / ___check_obj_id wording is an
    # address of the capturing process: compared as <id>.
    return len(entries), [re.sub(r", \d+\), type=", ", <id>), type=", r) for e in entries
                          for r in e["recompile_reasons"]], entries


def observed(directory):
    with open(os.path.join(directory, "frames.json")) as f:
        frames = json.load(f)["frames"]
    with open(os.path.join(directory, "breaks.json")) as f:
        breaks = json.load(f)["graph_breaks"]
    graph_ids = []
    for entry in (entry for frame in frames for entry in frame["entries"]):
        for g in entry["graphs"]:
            # A resume entry lists the graphs it shares with an earlier entry; a graph an entry
            # reruns (a called function's piece compiled before, "repeats") is compiled once.
            if g not in graph_ids and g not in entry.get("repeats", {}):
                graph_ids.append(g)
    ops = []
    for gid in graph_ids:
        with open(os.path.join(directory, "graphs", gid.replace("/", "_") + ".json")) as f:
            ops.append(json.load(f)["op_count"])
    sites = [f"{b['category']}@{b['stack'][-1]['line'] if b['stack'] else '?'}" for b in breaks]
    return len(graph_ids), ops, sites


def check(program, dynx, out_root, servers=None):
    name = os.path.basename(program)[:-3]
    expect = expectations(program)
    directory = os.path.join(out_root, name)
    verify = name.startswith("r") or os.path.basename(os.path.dirname(program)) == "models"
    options = (["--verify"] if verify else []) + shlex.split(expect.get("dynx-args", ""))
    if servers is not None:
        returncode, stderr = servers.capture([program], directory, 600, cwd=os.path.dirname(program),
                                             options=options)
        if returncode is None:
            return name, ["timeout after 600 s"]
    else:
        proc = subprocess.run([dynx, "-o", directory] + options + [program], cwd=os.path.dirname(program),
                              capture_output=True, text=True, timeout=600)
        returncode, stderr = proc.returncode, proc.stderr
    problems = []
    if returncode != 0:
        return name, [f"exit {returncode}\n{stderr[-3000:]}"]
    if "recording is off" in stderr or "recorder failed" in stderr:
        problems.append(stderr[-3000:])
    try:
        graphs, ops, sites = observed(directory)
    except (OSError, ValueError, KeyError) as e:
        return name, problems + [f"cannot read the capture: {e}\n{stderr[-3000:]}"]
    if "expect-graphs" in expect and graphs != int(expect["expect-graphs"]):
        problems.append(f"graphs: {graphs}, expected {expect['expect-graphs']}")
    if "expect-ops" in expect and ops != [int(x) for x in expect["expect-ops"].split()]:
        problems.append(f"ops per graph: {ops}, expected {expect['expect-ops']}")
    if "expect-breaks" in expect:
        want = [] if expect["expect-breaks"] == "none" else expect["expect-breaks"].split()
        if sites != want:
            problems.append(f"breaks: {sites}, expected {want}")
    entries, reasons, entry_list = recompiles(directory)
    decisions = [d for e in entry_list for d in e.get("dynamic", {}).get("decisions", [])]
    if expect["expect-dynamic"] == ["none"]:
        if decisions:
            problems.append(f"dynamic decisions {decisions}, expected none")
    else:
        for decision in expect["expect-dynamic"]:
            if decision not in decisions:
                problems.append(f"missing dynamic decision {decision!r}; decisions: {decisions}")
    hits = sum(e["hits"] for e in entry_list)
    if "expect-hits" in expect and hits != int(expect["expect-hits"]):
        problems.append(f"hits: {hits}, expected {expect['expect-hits']}")
    unsound = [u for e in entry_list for u in e.get("verify", {}).get("unsound", [])]
    if len(unsound) != int(expect.get("expect-unsound", 0)):
        problems.append(f"unsound guards: {len(unsound)}, expected {expect.get('expect-unsound', 0)}: {unsound}")
    for cause in expect["expect-unsound-cause"]:
        if not any(cause in u.get("problem", "") for u in unsound):
            problems.append(f"no unsound guard says {cause!r}: {unsound}")
    if "expect-entries" in expect and entries != int(expect["expect-entries"]):
        problems.append(f"entries: {entries}, expected {expect['expect-entries']}; reasons: {reasons}")
    for reason in expect["expect-reason"]:
        if reason not in reasons:
            problems.append(f"missing recompile reason {reason!r}; reasons: {reasons}")
    resume_reasons = [r.split("  # ")[0] for e in entry_list for item in e.get("resume_recompiles", [])
                      for r in item["reasons"]]
    for reason in expect["expect-resume-reason"]:
        if reason not in resume_reasons:
            problems.append(f"missing resume function recompile reason {reason!r}; reasons: {resume_reasons}")
    problems += validate_capture.problems_of(directory)
    with REPLAY_LOCK:
        weights = replay.files.load_weights(directory)
        for path in sorted(glob.glob(os.path.join(directory, "graphs", "*.json"))):
            try:
                gid, _, bad = replay.replay_graph(directory, path, weights)
            except Exception as e:
                gid, bad = path, [f"{type(e).__name__}: {e}"]
            problems += [f"replay {gid}: {p}" for p in bad]
    return name, problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dynx-capture", required=True)
    parser.add_argument("--only")
    parser.add_argument("--keep", help="write the captures here instead of a temporary directory")
    parser.add_argument("--no-serve", action="store_true",
                        help="run each capture as its own dynx-capture process, not through dynx-capture --serve")
    parser.add_argument("programs", nargs="*")
    args = parser.parse_args()
    programs = [os.path.abspath(p) for p in args.programs] or sorted(glob.glob(os.path.join(CORPUS, "*.py")))
    if args.only:
        programs = [p for p in programs if os.path.basename(p)[:-3] == args.only]
    out_root = args.keep or tempfile.mkdtemp(prefix="dynx-corpus-")
    report = Report()
    dynx = os.path.abspath(args.dynx_capture)
    servers = None if args.no_serve else CaptureServers(dynx, 2)
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            for name, problems in pool.map(lambda p: check(p, dynx, out_root, servers), programs):
                report.case(name, problems)
    finally:
        if servers is not None:
            servers.close()
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
