import sys
from .inner import describe
print("tool", __name__, __spec__.name, describe(), sys.argv[1:], sys.argv[0].endswith("tool.py"))
sys.exit(len(sys.argv) - 1)
