#!/usr/bin/env python3
"""Validates a capture directory: every JSON file against its schema in
schemas/, and the references between files (graph ids, weight keys, value
names). usage: validate_capture.py DIR [DIR...]; prints 'N passed, M failed'."""
import glob
import json
import os
import sys

import jsonschema

from report import Report

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMAS = {
    "manifest.json": "capture-manifest.schema.json",
    "frames.json": "frames.schema.json",
    "breaks.json": "breaks.schema.json",
    "weights.json": "weights.schema.json",
}


def schema(name):
    with open(os.path.join(ROOT, "schemas", name)) as f:
        return json.load(f)


def refs(arg):
    if isinstance(arg, dict):
        if "ref" in arg:
            yield arg["ref"]
    elif isinstance(arg, list):
        for a in arg:
            yield from refs(a)


def problems_of(directory):
    problems = []
    documents = {}
    for filename, schema_name in SCHEMAS.items():
        path = os.path.join(directory, filename)
        if not os.path.exists(path):
            problems.append(f"{filename}: missing")
            continue
        with open(path) as f:
            documents[filename] = json.load(f)
        for error in jsonschema.Draft202012Validator(schema(schema_name)).iter_errors(documents[filename]):
            problems.append(f"{filename}: {error.json_path}: {error.message}")
    graph_schema = jsonschema.Draft202012Validator(schema("graph.schema.json"))
    weights = documents.get("weights.json", {}).get("tensors", {})
    graph_ids = set()
    for path in sorted(glob.glob(os.path.join(directory, "graphs", "*.json"))):
        name = os.path.relpath(path, directory)
        with open(path) as f:
            graph = json.load(f)
        for error in graph_schema.iter_errors(graph):
            problems.append(f"{name}: {error.json_path}: {error.message}")
        graph_ids.add(graph.get("id"))
        if graph.get("id", "").replace("/", "_") + ".json" != os.path.basename(path):
            problems.append(f"{name}: id {graph.get('id')} does not match the file name")
        defined = set()
        for entry in graph.get("inputs", []):
            defined.add(entry["name"])
            if "weight" in entry and entry["weight"] not in weights:
                problems.append(f"{name}: input {entry['name']} names weight {entry['weight']}, not in weights.json")
        for node in graph.get("nodes", []):
            for ref in list(refs(node["args"])) + [r for v in node["kwargs"].values() for r in refs(v)]:
                if ref not in defined:
                    problems.append(f"{name}: node {node['name']} uses {ref} before it is defined")
            defined.update(o["name"] for o in node["outputs"] if o.get("name"))
        for output in graph.get("outputs", []):
            if output["name"] not in defined:
                problems.append(f"{name}: output {output['name']} is not a value of the graph")
        if not os.path.exists(os.path.join(directory, "graphs", os.path.basename(path)[:-5] + ".txt")):
            problems.append(f"{name}: no listing beside it")
        if not os.path.exists(os.path.join(directory, "examples", os.path.basename(path)[:-5] + ".safetensors")):
            problems.append(f"{name}: no example inputs/outputs")
    for frame in documents.get("frames.json", {}).get("frames", []):
        for entry in frame["entries"]:
            for gid in entry["graphs"]:
                if gid not in graph_ids:
                    problems.append(f"frames.json: entry {entry['id']} lists graph {gid}, which has no file")
    return problems


def main(argv):
    report = Report()
    for directory in argv:
        report.case(directory, problems_of(directory))
    return report.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
