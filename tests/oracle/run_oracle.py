#!/usr/bin/env python3
"""The oracle corpus: dynx's verdicts against torch.compile's own.

Each program in programs/ calls torch.compile on user code. Dynamo's side is
measured once per torch version and stored (expected/dynamo-<version>.json);
dynx's side is rerun every time and compared with it, field by field:

  break_sites       distinct graph-break sites (file:line of the innermost frame)
  graphs            graphs compiled over the whole run
  recompiles        recompilations (cache entries beyond the first of a frame)
  recompile_guards  the failing guards of each recompile (one per earlier
                    entry, wording normalised: frame/compile prefix dropped),
                    as a sorted list
  skipped_frames    frames Dynamo gave up on (they run uncompiled)
  exit              the program's exit status

A disagreement must be listed, with its reason, in known_differences.json;
any other one fails the run (exit 1), and so does a listed one that now agrees
(stale) or whose values changed, so the list stays honest.

usage:
  run_oracle.py --measure-dynamo [--python PY] [-j N] [PROGRAM ...]
  run_oracle.py --bin DIR_OR_DYNX_CAPTURE [-j N] [--json] [--keep DIR | --reuse DIR] [PROGRAM ...]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, OrderedDict
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "e2e"))
from capture_server import CaptureServers  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
EXPECTED = os.path.join(HERE, "expected")
KNOWN = os.path.join(HERE, "known_differences.json")
KNOWN_REPLAY = os.path.join(HERE, "known_replay_failures.json")
PROBE = os.path.join(HERE, "dynamo_probe.py")
FIELDS = ("exit", "break_sites", "graphs", "recompiles", "recompile_guards", "skipped_frames")


def category(name):
    return name.split("_", 1)[0]


def site(path, line):
    """file:line as both sides can spell it: a program's own file by its name,
    a library file from its package directory on (torch/nn/modules/rnn.py)."""
    path = str(path)
    if os.path.dirname(os.path.abspath(path)) == PROGRAMS:
        path = os.path.basename(path)
    elif "site-packages/" in path:
        path = path.split("site-packages/", 1)[1]
    else:
        path = os.path.basename(path)
    return f"{path}:{line}"


def normalise_guard(text):
    """A guard failure as compared: no frame/entry prefix, no trailing
    comment (Dynamo's source line, dynx's explanation of ___stack0)."""
    text = re.sub(r"^\s*-?\s*\d+/\d+:\s*", "", text.strip())
    text = re.sub(r"\s+#.*$", "", text)
    return re.sub(r"\s+", " ", text)


# ---------------------------------------------------------------- Dynamo's side

def dynamo_facts(probe):
    """The comparable facts from dynamo_probe.py's raw records."""
    frames = {}
    breaks, recompiles, skipped = [], [], OrderedDict()
    for artifact, compile_id, message in probe["records"]:
        if artifact == "dynamo" and message.startswith("Step 1: torchdynamo start tracing"):
            m = re.match(r"Step 1: torchdynamo start tracing (\S+) (.+):(\d+)$", message)
            if m and compile_id:
                frames[compile_id.split("/")[0]] = {"function": m.group(1), "site": site(m.group(2), m.group(3))}
        elif artifact == "dynamo" and message.startswith("WON'T CONVERT"):
            m = re.match(r"WON'T CONVERT (\S+) (.+) line (\d+)", message)
            if m:
                skipped[f"{m.group(1)} ({site(m.group(2), m.group(3))})"] = True
        elif artifact == "graph_breaks":
            first, _, rest = message.partition("\n")
            m = re.search(r"in user code at (.+):(\d+)$", first)
            lines = [ln.strip() for ln in rest.splitlines()]
            reason = ""
            for i, ln in enumerate(lines):
                if ln.startswith("Graph Break Reason:"):
                    reason = ln[len("Graph Break Reason:"):].strip()
                    if reason.startswith("Encountered graph break when") or \
                            reason.startswith("Failed to handle graph break gracefully"):
                        reason = next((x for x in lines[i + 1:] if x), reason)
                    break
            ids = re.findall(r"/gb/(gb\d+)\.html", message)
            loop_skip = re.search(r"frame skipped: (\S+) \((.+) line (\d+)\)", message)
            if loop_skip:
                skipped[f"{loop_skip.group(1)} ({site(loop_skip.group(2), loop_skip.group(3))})"] = True
            breaks.append({"compile_id": compile_id, "site": site(m.group(1), m.group(2)) if m else "?",
                           "reason": reason, "gb": ids[0] if ids else None, "gb_all": ids})
        elif artifact == "recompiles":
            m = re.match(r"Recompiling function (\S+) in (.+):(\d+)", message)
            failures = [normalise_guard(x) for x in re.findall(r"^\s*- (\d+/\d+: .*)$", message, re.M)]
            recompiles.append({"compile_id": compile_id, "function": m.group(1) if m else "?",
                               "site": site(m.group(2), m.group(3)) if m else "?", "failures": failures})
    graphs = []
    for cid in probe["graphs"]:
        cid = (cid or "?").split("_")[0]  # 0/0_1 is the restart of 0/0
        frame = frames.get(cid.split("/")[0], {})
        graphs.append({"compile_id": cid, "function": frame.get("function"), "site": frame.get("site")})
    facts = {
        "exit": probe["exit_code"],
        "break_sites": sorted({b["site"] for b in breaks}),
        "graphs": len(graphs),
        "recompiles": len(recompiles),
        # every earlier entry's failing guard, in one string per recompile
        "recompile_guards": sorted(" | ".join(sorted(r["failures"])) for r in recompiles),
        "skipped_frames": sorted(skipped),
    }
    return {"facts": facts, "graphs": graphs, "breaks": breaks, "recompiles": recompiles,
            "frames": frames, "stats": probe.get("counters", {}).get("stats", {})}


def measure_one(program, python, timeout):
    name = os.path.basename(program)[:-3]
    with tempfile.TemporaryDirectory(prefix="dynx-oracle-") as tmp:
        out = os.path.join(tmp, "probe.json")
        env = dict(os.environ)
        env.pop("TORCH_LOGS", None)
        env["PYTHONHASHSEED"] = "0"
        t0 = time.monotonic()
        try:
            proc = subprocess.run([python, PROBE, out, program], cwd=PROGRAMS, env=env,
                                  capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return name, {"error": f"timeout after {timeout}s"}
        wall = time.monotonic() - t0
        if not os.path.exists(out):
            return name, {"error": f"probe exit {proc.returncode}: {proc.stderr[-2000:]}"}
        with open(out) as f:
            record = dynamo_facts(json.load(f))
    record["category"] = category(name)
    record["wall_seconds"] = round(wall, 2)
    return name, record


# ---------------------------------------------------------------- dynx's side

def resume_named(frame, breaks):
    """A frame dynx says Dynamo gives up on only after an earlier break:
    what Dynamo skips is the resume function after that break, named
    torch_dynamo_resume_in_<function>_at_<line of the break in the frame>."""
    skip = frame.get("skipped") or {}
    if skip.get("compiled_before"):
        # Compiled up to a checkpoint (the frame, or the resume function after
        # an earlier break), the rest run as that code's own bytecode: no frame skipped.
        return ""
    if skip.get("whole_frame", True) or skip.get("id") in ("no-ops", "no-tensors", "module-backward-hooks"):
        return None
    own = [b for b in breaks if b.get("stack") and b["stack"][0]["function"] == frame["function"]
           and b["stack"][0]["file"] == frame["file"]]
    # The skip is the last break at its line (open() and the file it opens
    # break at one line: the second is the one Dynamo gives up at).
    at = [i for i, b in enumerate(own) if b["stack"][-1]["line"] == skip.get("line")][-1:]
    if not at or at[0] == 0:
        return None
    line = own[at[0] - 1]["stack"][0]["line"]
    return f"torch_dynamo_resume_in_{frame['function'].split('.')[-1]}_at_{line} ({site(frame['file'], line)})"


def dynx_facts(directory, exit_code):
    with open(os.path.join(directory, "frames.json")) as f:
        frames = json.load(f)["frames"]
    with open(os.path.join(directory, "breaks.json")) as f:
        breaks = json.load(f)["graph_breaks"]
    sites = sorted({site(b["stack"][-1]["file"], b["stack"][-1]["line"]) if b.get("stack") else "?"
                    for b in breaks})
    graphs, recompiles, guards, skipped = 0, 0, [], []
    for number, frame in enumerate(frames):
        entries = frame.get("entries", [])
        # A resume entry lists the graphs it shares with an earlier entry: count each graph once.
        # A graph an entry reruns (a called function's piece compiled before) is one compiled graph.
        graphs += len({g for e in entries for g in e.get("graphs", []) if g not in e.get("repeats", {})})
        # An entry for a resume function's first compile (a branch not taken before) is no recompile.
        # So is the first entry after torch._dynamo.reset() (a first compile again).
        recompiles += max(0, len(entries) - 1 - sum(1 for e in entries if e.get("resume", {}).get("first_compile"))
                          - sum(1 for e in entries if e.get("after_reset")))
        # A resume function (the code after a break) compiled again with an entry: Dynamo logs a recompile.
        # Where it stands instead of the frame's (what changed is read only after the break), the
        # frame's entry is no recompile of its own.
        again = [r["reasons"] for e in entries for r in e.get("resume_recompiles", [])]
        reused = [e for e in entries if any(r.get("instead_of_frame") for r in e.get("resume_recompiles", []))]
        recompiles += len(again) - len(reused)
        for reasons in [e.get("recompile_reasons", []) for e in entries if e not in reused] + again + \
                [frame.get("cache_limit_reasons", [])]:
            if reasons:
                guards.append(" | ".join(sorted(normalise_guard(r) for r in reasons)))
        if frame.get("cache_limit_reasons"):
            recompiles += 1  # the recompile the limit refused: Dynamo logs it as one
        for error in frame.get("recompile_errors", []):
            # error_on_recompile, and the recompile limit under fullgraph=True: Dynamo logs the
            # recompile's reasons, then raises (once per call);
            # set_stance("fail_on_recompile") raises before any log record.
            if error["setting"].endswith(("error_on_recompile", "recompile_limit")) and error["reasons"]:
                recompiles += error["calls"]
                guards.extend([" | ".join(sorted(normalise_guard(r) for r in error["reasons"]))] * error["calls"])
        if (frame.get("skipped") or {}).get("id") in ("no-ops", "no-tensors", "module-backward-hooks"):
            # Dynamo's SkipFrame ("No ops traced") and its "no tensor-related objects found in
            # frame" leave no log record at the levels the probe reads (nor does its gb0083 in a
            # hooked module's call: the break is logged, not a skip)
            continue
        # A frame dynx says Dynamo gives up on. (One that compiled no graph
        # without a skip record compiled empty graphs: a break with no
        # operator on either side, or is_compiling() asked in a frame with
        # no operator, which keeps Dynamo from skipping it.)
        if frame.get("skipped"):
            named = resume_named(frame, breaks)
            if named != "":
                skipped.append(named or f"{frame['function']} ({site(frame['file'], frame['line'])})")
    return {"exit": exit_code, "break_sites": sites, "graphs": graphs, "recompiles": recompiles,
            "recompile_guards": sorted(guards), "skipped_frames": sorted(skipped)}


def capture_one(program, dynx, out_root, timeout, reuse=False, servers=None, suffix=""):
    """dynx-capture -o OUT_ROOT/NAME (through `servers` when given); the exit
    status goes to OUT_ROOT/NAME.exit so that --reuse can compare again
    without capturing again."""
    name = os.path.basename(program)[:-3]
    directory = os.path.join(out_root, name + suffix)
    status_file = directory + ".exit"
    t0 = time.monotonic()
    if reuse and os.path.exists(status_file):
        with open(status_file) as f:
            returncode, stderr = int(f.read().strip()), ""
    else:
        if servers is not None:
            returncode, stderr = servers.capture([program], directory, timeout)
            if returncode is None:
                return name, None, f"timeout after {timeout}s", timeout
        else:
            try:
                proc = subprocess.run([dynx, "-o", directory, program], cwd=PROGRAMS,
                                      capture_output=True, text=True, timeout=timeout)
            except subprocess.TimeoutExpired:
                return name, None, f"timeout after {timeout}s", timeout
            returncode, stderr = proc.returncode, proc.stderr
        with open(status_file, "w") as f:
            f.write(f"{returncode}\n")
    wall = time.monotonic() - t0
    try:
        return name, dynx_facts(directory, returncode), None, wall
    except (OSError, ValueError, KeyError) as e:
        return name, None, f"cannot read the capture ({e}); exit {returncode}: {stderr[-1500:]}", wall


# ---------------------------------------------------------------- comparison

def guard_as_compared(part):
    """One failing guard as compared: no trailing comment; the address in
    ___check_type_id / ___check_obj_id (an id() of the run that printed it,
    different in every process) as <id>; Dynamo 2.13's stray quote in its
    tensor-type text (`to be a tensor type, ' but found`) dropped, and the
    recompile hint Dynamo appends to a type check (`(HINT: type Linear)`),
    which follows its source-line comment and goes with it where there is
    one."""
    part = re.sub(r"\s+#\s.*$", "", part)
    part = re.sub(r"\s*\(HINT: [^()]*\)$", "", part)  # Dynamo's hint, after its comment (stripped with it there)
    part = re.sub(r"^(___check_(?:type|obj)_id\(.*), \d+\), type=", r"\1, <id>), type=", part)
    return part.replace("to be a tensor type, ' but found", "to be a tensor type, but found")


def canonical(field, value):
    """What is compared of a stored value. Dynamo's recompile records append
    the source line and file of a non-tensor guard ("n == 2 # return x * n #
    path/prog.py:6 in f"): only the guard is compared. Skipped frames are the
    program's own (Dynamo also gives up on library frames -- inspect, typing,
    tokenize -- that run after a break; dynx never watches those), named as
    Dynamo names them (co_name, where dynx writes co_qualname)."""
    if field == "recompile_guards":
        return sorted(" | ".join(sorted(guard_as_compared(part) for part in g.split(" | "))) for g in value)
    if field == "skipped_frames":
        # Dynamo names a frame by co_name (forward), dynx by co_qualname (RNNModel.forward).
        return sorted(v.split(" (", 1)[0].rsplit(".", 1)[-1] + " (" + v.split(" (", 1)[1] for v in value
                      if os.path.exists(os.path.join(PROGRAMS, v.rsplit("(", 1)[-1].split(":")[0])))
    return value


def load_known():
    if not os.path.exists(KNOWN):
        return {}
    with open(KNOWN) as f:
        entries = json.load(f)["differences"]
    return {(e["program"], e["field"]): e for e in entries}


def compare(expected, observed, known, names):
    """Per program and field: agree, known, changed (listed with other values),
    new (not listed) or stale (listed, now agrees)."""
    rows = []
    for name in names:
        want = expected.get(name)
        got = observed.get(name)
        for field in FIELDS:
            listed = known.get((name, field))
            if want is None or "facts" not in want:
                status, dv, yv = "no-dynamo-record", None, None
            elif got is None:
                status, dv, yv = "dynx-failed", None, canonical(field, want["facts"][field])
            else:
                dv, yv = canonical(field, got[field]), canonical(field, want["facts"][field])
                if dv == yv:
                    status = "stale" if listed else "agree"
                elif listed is None:
                    status = "new"
                elif listed["dynx"] == dv and listed["dynamo"] == yv:
                    status = "known"
                else:
                    status = "changed"
            rows.append({"program": name, "category": category(name), "field": field, "status": status,
                         "dynx": dv, "dynamo": yv})
    return rows


def table(rows):
    """Agree/disagree counts per category (a field of a program is one count)."""
    by_cat = OrderedDict()
    for r in sorted(rows, key=lambda r: r["category"]):
        c = by_cat.setdefault(r["category"], {"programs": set(), "status": Counter()})
        c["programs"].add(r["program"])
        c["status"][r["status"]] += 1
        if r["status"] != "agree":
            c.setdefault("differing", set()).add(r["program"])
    header = (f"{'category':<10} {'programs':>8} {'all-agree':>9} {'fields':>7} {'agree':>6} {'disagree':>8} "
              f"{'known':>6} {'new':>4} {'stale':>5} {'agree%':>7}")
    lines = [header]
    total = Counter()

    def line(label, n):
        return (f"{label:<10} {n['programs']:>8} {n['all_agree']:>9} {n['fields']:>7} {n['agree']:>6} {n['disagree']:>8} "
                f"{n['known']:>6} {n['new']:>4} {n['stale']:>5} {100.0 * n['agree'] / max(n['fields'], 1):>6.1f}%")

    for cat, c in by_cat.items():
        s = c["status"]
        fields = sum(s.values())
        n = {"programs": len(c["programs"]), "all_agree": len(c["programs"] - c.get("differing", set())),
             "fields": fields, "agree": s["agree"],
             "disagree": fields - s["agree"], "known": s["known"],
             "new": s["new"] + s["changed"] + s["dynx-failed"] + s["no-dynamo-record"], "stale": s["stale"]}
        total.update(n)
        lines.append(line(cat, n))
    lines.append(line("total", total))
    return "\n".join(lines), total


def program_list(args):
    programs = []
    for p in args.programs:  # a path, or a program's name in programs/
        if not p.endswith(".py") and not os.path.exists(p):
            p = os.path.join(PROGRAMS, p + ".py")
        if not os.path.isfile(p):
            raise SystemExit(f"run_oracle: error: no such program: {p}")
        programs.append(os.path.abspath(p))
    return programs or sorted(os.path.join(PROGRAMS, p) for p in os.listdir(PROGRAMS) if p.endswith(".py"))


def expected_path(version):
    return os.path.join(EXPECTED, f"dynamo-{version}.json")


def torch_version(python):
    out = subprocess.run([python, "-c", "import torch; print(torch.__version__)"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def measure(args):
    python = args.python or sys.executable
    version = torch_version(python)
    programs = program_list(args)
    path = expected_path(version)
    stored = {}
    if args.programs and os.path.exists(path):  # re-measuring some programs keeps the others
        with open(path) as f:
            stored = json.load(f)["programs"]
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, record in pool.map(lambda p: measure_one(p, python, args.timeout), programs):
            stored[name] = record
            state = record.get("error") or f"{record['facts']['graphs']} graphs"
            print(f"measured {name}: {state}", file=sys.stderr)
    wall = time.monotonic() - t0
    os.makedirs(EXPECTED, exist_ok=True)
    with open(path + ".tmp", "w") as f:
        json.dump({"schema": "dynx.oracle.dynamo", "torch": version,
                   "programs": dict(sorted(stored.items()))}, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(path + ".tmp", path)
    errors = [n for n, r in stored.items() if "error" in r]
    print(f"dynamo side: {len(programs)} programs in {wall:.1f} s -> {os.path.relpath(path)}"
          + (f"; failed: {errors}" if errors else ""))
    return 1 if errors else 0


def run(args):
    dynx = args.bin
    if os.path.isdir(dynx):
        dynx = os.path.join(dynx, "dynx-capture")
    version = torch_version(args.python or sys.executable)
    path = expected_path(version)
    if not os.path.exists(path):
        print(f"run_oracle: no Dynamo record for torch {version} ({path}); run with --measure-dynamo",
              file=sys.stderr)
        return 1
    with open(path) as f:
        expected = json.load(f)["programs"]
    programs = program_list(args)
    names = [os.path.basename(p)[:-3] for p in programs]
    out_root = args.reuse or args.keep or tempfile.mkdtemp(prefix="dynx-oracle-")
    os.makedirs(out_root, exist_ok=True)
    observed, failures = {}, {}
    t0 = time.monotonic()
    dynx = os.path.abspath(dynx)
    servers = None if args.no_serve else CaptureServers(dynx, args.jobs, cwd=PROGRAMS)
    # Every --check-serve'th program is also captured by a plain
    # `dynx-capture -o DIR program` (into NAME.direct): its facts must be the
    # served capture's, or the fast path would be testing something else.
    checked = [p for i, p in enumerate(programs) if servers and args.check_serve and i % args.check_serve == 0]
    direct = {}
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for name, facts, error, _wall in pool.map(
                    lambda p: capture_one(p, dynx, out_root, args.timeout, bool(args.reuse), servers), programs):
                if error:
                    failures[name] = error
                else:
                    observed[name] = facts
            for name, facts, error, _wall in pool.map(
                    lambda p: capture_one(p, dynx, out_root, args.timeout, bool(args.reuse), None, ".direct"),
                    checked):
                direct[name] = error or facts
    finally:
        if servers is not None:
            servers.close()
    wall = time.monotonic() - t0
    def as_compared(facts):
        return facts if isinstance(facts, str) else {f: canonical(f, facts[f]) for f in FIELDS}
    for name, facts in direct.items():
        if name in observed and as_compared(facts) != as_compared(observed[name]):
            failures[name] = (f"dynx-capture --serve and a plain dynx-capture disagree: served {json.dumps(observed[name])}, "
                              f"plain {json.dumps(facts)}")
    known = load_known()
    rows = compare(expected, observed, known, names)
    # A listed difference of a program not run here says nothing either way.
    ran = set(names)
    summary, total = table(rows)
    bad = [r for r in rows if r["status"] in ("new", "changed", "stale", "dynx-failed", "no-dynamo-record")]
    bad.extend({"status": "serve-differs", "program": n, "field": "capture", "dynx": "dynx-capture --serve",
                "dynamo": "dynx-capture"} for n in failures if n in direct)
    if args.json:
        json.dump({"torch": version, "wall_seconds": round(wall, 1), "rows": rows, "failures": failures,
                   "totals": dict(total), "known_listed": len([k for k in known if k[0] in ran])},
                  sys.stdout, indent=1, sort_keys=True)
        print()
    else:
        print(summary)
        for r in bad:
            print(f"{r['status'].upper():>8} {r['program']} {r['field']}: dynx {json.dumps(r['dynx'])} "
                  f"dynamo {json.dumps(r['dynamo'])}")
        for name, error in failures.items():
            print(f"FAILED {name}: {error}")
        print(f"dynx side: {len(programs)} programs in {wall:.1f} s (-j {args.jobs}, "
              f"{'plain dynx-capture' if servers is None else f'dynx-capture --serve, {len(checked)} also plain'}); "
              f"captures in {out_root}")
    if args.replay:
        bad.extend(replay_check(out_root, names, args.json))
    if args.prune_stale:
        prune_stale(rows)
    if not (args.keep or args.reuse) and not bad:
        subprocess.run(["rm", "-rf", out_root])
    return 1 if bad else 0


def replay_check(out_root, names, quiet):
    """--replay: every graph of every capture replayed operator by operator
    against its own recorded examples (tests/e2e/replay.py): a graph that
    does not reproduce its outputs is a wrong entry, whatever the counts.
    Returns the problems (a failing program not listed in
    known_replay_failures.json, a listed one that replays now)."""
    directories = [os.path.join(out_root, n) for n in names
                   if os.path.exists(os.path.join(out_root, n, "frames.json"))]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(HERE, "..", "e2e"), os.path.join(HERE, "..", "..", "python")]))
    done = subprocess.run([sys.executable, os.path.join(HERE, "..", "e2e", "replay.py")] + directories,
                          capture_output=True, text=True, env=env)
    out = done.stdout
    failed = {}
    current = None
    for line in out.splitlines():
        if line.startswith("FAIL "):
            current = os.path.basename(line.split()[1].rstrip("/"))
            failed.setdefault(current, []).append(line[5:])
        elif line.startswith("  ") and current is not None:
            failed[current].append(line.strip())
        else:
            current = None
    with open(KNOWN_REPLAY) as f:
        known = json.load(f)["programs"]
    problems = []
    if done.returncode not in (0, 1) or "Traceback (most recent call last)" in done.stderr:
        # replay.py itself failed (not a graph): every capture after the one
        # it stopped at went unchecked.
        problems.append({"status": "replay-crashed", "program": "(replay.py)",
                         "lines": done.stderr.strip().splitlines()[-3:] or [f"exit status {done.returncode}"]})
    for name, lines in sorted(failed.items()):
        if name not in known:
            problems.append({"status": "replay-failed", "program": name, "lines": lines})
    for name in sorted(set(known) & set(names) - set(failed)):
        problems.append({"status": "replay-stale", "program": name, "lines": ["replays now: delete its entry"]})
    summary = out.strip().splitlines()[-1] if out.strip() else "no graphs"
    if not quiet:
        print(f"replay: {summary} ({len(set(failed) & set(known))} listed in {os.path.basename(KNOWN_REPLAY)})")
        for p in problems:
            print(f"{p['status'].upper():>14} {p['program']}: " + " | ".join(p["lines"][:4]))
    return problems


def prune_stale(rows):
    """--prune-stale: deletes the listed differences that agree now (a fix
    worked). Changed and new ones are left for a person: their reason must
    be written, not guessed."""
    stale = {(r["program"], r["field"]) for r in rows if r["status"] == "stale"}
    with open(KNOWN) as f:
        document = json.load(f)
    kept = [e for e in document["differences"] if (e["program"], e["field"]) not in stale]
    print(f"--prune-stale: {len(document['differences']) - len(kept)} entries deleted from {os.path.relpath(KNOWN)}")
    document["differences"] = kept
    with open(KNOWN + ".tmp", "w") as f:
        json.dump(document, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(KNOWN + ".tmp", KNOWN)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--measure-dynamo", action="store_true",
                        help="run the programs under the real Dynamo and store the record")
    parser.add_argument("--bin", help="dynx-capture, or the directory holding it")
    parser.add_argument("--python", help="the Python whose torch is the rule book (default: this one)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=int, default=180, help="seconds per program")
    parser.add_argument("--json", action="store_true", help="machine-readable result on stdout")
    parser.add_argument("--prune-stale", action="store_true",
                        help="delete the known differences that agree now from known_differences.json")
    parser.add_argument("--keep", help="write the captures here")
    parser.add_argument("--reuse", metavar="DIR",
                        help="compare the captures a --keep run left in DIR (capturing only programs missing there)")
    parser.add_argument("--replay", action="store_true",
                        help="also replay every captured graph against its own examples (tests/e2e/replay.py)")
    parser.add_argument("--no-serve", action="store_true",
                        help="run a plain dynx-capture per program instead of forking each from dynx-capture --serve")
    parser.add_argument("--check-serve", type=int, default=25, metavar="N",
                        help="also capture every Nth program with a plain dynx-capture and require the same facts "
                             "(default 25; 0: never)")
    parser.add_argument("programs", nargs="*")
    args = parser.parse_args()
    if args.measure_dynamo:
        return measure(args)
    if not args.bin:
        parser.error("--bin is required (or --measure-dynamo)")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
