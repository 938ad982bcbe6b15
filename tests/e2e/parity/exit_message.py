import sys
sys.exit("fatal: configuration missing")
