import atexit, os, sys
atexit.register(lambda: print("never printed"))
print("before os._exit", flush=True)
os._exit(5)
