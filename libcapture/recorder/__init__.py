"""dynx recorder: turns what a watched frame does into graphs of ATen operators.

Loaded by the bootstrap when torch is imported and dynx-capture writes a
capture directory (-o). While a watched frame runs (eagerly: the program's
behaviour never changes) a TorchDispatchMode records every ATen operator it
performs, a TorchFunctionMode names the torch-level function that caused it
and catches the points where tensor data flows into Python, module hooks
track the nn.Module path, and a profile function catches Python-level side
effects (print, logging, I/O, time and random sources, generators, explicit
breaks). A graph break closes the current graph; the next operator starts a
new one.

The package's modules, one per concern: recorder (the Recorder and its
callbacks), capture (one recorded call: values, graphs, breaks), modes (the
dispatch and function modes), breaks (what breaks a graph), sources (whose
code a frame runs), guards, dynamic (automatic dynamic shapes), verify
(--verify and replay), weights, writer (the capture directory's files) and
dtypes (the dtype table shared with C++). The bootstrap loads them from the
binary as the package dynx_recorder (files "<dynx>/recorder/NAME.py").
"""
from .recorder import Recorder

__all__ = ["Recorder"]
