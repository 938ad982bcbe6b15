import sys
sys.setrecursionlimit(4000)
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(3000))
try:
    depth(10 ** 6)
except RecursionError as e:
    print("RecursionError:", e)
# 30,000 calls deep (issue 14: dynx-capture died with SIGSEGV here while
# python runs it): under a PEP 523 hook each call is a C call of the
# evaluator, so the interpreter needs the large stack dynx-capture gives it.
sys.setrecursionlimit(100000)
print(depth(30000))
try:
    depth(10 ** 6)
except RecursionError as e:
    print("RecursionError:", e)
