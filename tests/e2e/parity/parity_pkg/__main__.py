import sys
from . import describe
print("running", __name__, __package__, describe(), sys.argv[1:])
print("argv0 ends with __main__.py:", sys.argv[0].endswith("__main__.py"))
