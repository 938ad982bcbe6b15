import os, sys
print("path0 is script dir:", sys.path[0] == os.path.dirname(os.path.abspath(__file__)))
for entry in sys.path:
    print("path:", entry)
