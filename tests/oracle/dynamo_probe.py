#!/usr/bin/env python3
"""Runs one oracle program under the real Dynamo and writes what it did as JSON.

usage: dynamo_probe.py OUT.json PROGRAM.py

torch.compile is patched before the program runs so that every compile uses a
counting backend on top of "eager" (the user's other options -- fullgraph,
dynamic -- are kept; mode/options, which only mean something to Inductor, are
dropped). The facts come from Dynamo's own records: the `graph_breaks` and
`recompiles` logging artifacts, the INFO lines of the `dynamo` logger that
start each trace and say WON'T CONVERT, and torch._dynamo.utils.counters.
Nothing is printed to stderr by the logging (the handlers are replaced), so
the program's own output is what it prints.
"""
import json
import logging
import os
import re
import runpy
import sys
import threading


def main():
    out_path, program = sys.argv[1], os.path.abspath(sys.argv[2])
    import torch
    import torch._dynamo
    import torch._guards
    import torch._logging

    lock = threading.Lock()
    records = []  # (artifact, compile id, message)
    graphs = []  # compile ids of backend calls

    def current_id():
        trace = torch._guards.CompileContext.current_trace_id()
        return str(trace) if trace is not None else None

    class Collect(logging.Handler):
        def emit(self, record):
            try:
                message = record.getMessage()
            except Exception:  # a record we cannot format is not one of ours
                return
            name = record.name
            artifact = "graph_breaks" if name.endswith("__graph_breaks") else \
                "recompiles" if name.endswith("__recompiles") else "dynamo"
            if artifact == "dynamo" and not (
                    message.startswith("Step 1: torchdynamo start tracing") or message.startswith("WON'T CONVERT")):
                return
            with lock:
                records.append((artifact, current_id(), message))

    torch._logging.set_logs(dynamo=logging.INFO, graph_breaks=True, recompiles=True)
    collect = Collect()
    for logger_name in list(logging.root.manager.loggerDict):
        if not logger_name.startswith("torch"):
            continue
        logger = logging.getLogger(logger_name)
        if logger.handlers:
            for h in list(logger.handlers):
                logger.removeHandler(h)
            logger.addHandler(collect)

    def counting_backend(gm, example_inputs):
        with lock:
            graphs.append(current_id())
        return gm.forward  # what backend="eager" does

    original_compile = torch.compile

    def compile_counting(model=None, **kwargs):
        kwargs["backend"] = counting_backend
        kwargs.pop("mode", None)
        kwargs.pop("options", None)
        return original_compile(model, **kwargs)

    compile_counting.__doc__ = original_compile.__doc__
    torch.compile = compile_counting

    exit_code = 0
    sys.argv = [program]
    sys.path.insert(0, os.path.dirname(program))
    os.chdir(os.path.dirname(program))
    try:
        runpy.run_path(program, run_name="__main__")
    except SystemExit as e:
        exit_code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException as e:  # the record says the program failed; the runner decides
        exit_code = 1
        print(f"dynamo_probe: {type(e).__name__}: {e}", file=sys.stderr)
    sys.stdout.flush()

    counters = {k: dict(v) for k, v in torch._dynamo.utils.counters.items()}
    with open(out_path, "w") as f:
        json.dump({"exit_code": exit_code, "records": records, "graphs": graphs,
                   "counters": {k: {str(a): b for a, b in v.items()} for k, v in counters.items()
                                if k in ("stats", "frames", "graph_break", "unimplemented")}},
                  f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
