import sys
sys.setrecursionlimit(4000)
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(3000))
try:
    depth(10 ** 6)
except RecursionError as e:
    print("RecursionError:", e)
