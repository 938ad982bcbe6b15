"""Whose code a frame runs: the program's own, third-party (site-packages),
or internal (torch, the standard library, dynx itself)."""
import os


class SourceFilter:
    """Sorts code into the program's own, third-party (site-packages), and
    torch, the standard library and dynx itself. The first two appear in user
    stacks; only the program's own code causes Python-level graph breaks."""

    def __init__(self, stdlib, third_party, torch_dir):
        self.torch = torch_dir.rstrip("/") + "/"
        self.third_party = tuple(p.rstrip("/") + "/" for p in third_party)
        self.stdlib = tuple(p.rstrip("/") + "/" for p in stdlib)
        self.cache = {}
        self.stdlib_cache = {}

    def kind(self, filename):
        known = self.cache.get(filename)
        if known is None:
            if not filename or filename.startswith("<"):
                known = "internal"
            else:
                real = os.path.realpath(filename)
                if real.startswith(self.torch):
                    known = "internal"
                elif real.startswith(self.third_party):
                    known = "third_party"
                elif real.startswith(self.stdlib):
                    known = "internal"
                else:
                    known = "program"
            self.cache[filename] = known
        return known

    # (asked on every profile event and for every frame of each recorded
    # operator's stack: the cached answer without a second call)
    def is_user(self, filename):
        return (self.cache.get(filename) or self.kind(filename)) != "internal"

    def is_program(self, filename):
        return (self.cache.get(filename) or self.kind(filename)) == "program"

    def is_stdlib(self, filename):
        """A module of Python's standard library (not torch, not site-packages)."""
        known = self.stdlib_cache.get(filename)
        if known is None:
            real = os.path.realpath(filename) if filename and not filename.startswith("<") else ""
            known = self.stdlib_cache[filename] = bool(real) and real.startswith(self.stdlib) and \
                not real.startswith(self.torch) and not real.startswith(self.third_party)
        return known
