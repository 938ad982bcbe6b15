import warnings
warnings.warn("a user warning")
warnings.warn("deprecated in main", DeprecationWarning)
def f():
    warnings.warn("once per location", RuntimeWarning)
for _ in range(3):
    f()
x = 1
print(x is 1)
