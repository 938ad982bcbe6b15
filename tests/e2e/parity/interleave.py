import sys
for i in range(5):
    print("out", i, flush=True)
    print("err", i, file=sys.stderr, flush=True)
print("é ü 漢字 🙂")
