import atexit, sys
atexit.register(lambda: print("first registered, runs last"))
atexit.register(lambda: print("second registered, runs first"))
def fails():
    raise RuntimeError("atexit handler failed")
atexit.register(fails)
print("body done")
