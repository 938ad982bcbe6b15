import sys
data = sys.stdin.read()
sys.stdout.write(data.upper())
print("lines:", len(data.splitlines()), file=sys.stderr)
