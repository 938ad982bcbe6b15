import os, signal, time
print("about to interrupt myself", flush=True)
os.kill(os.getpid(), signal.SIGINT)
time.sleep(5)
print("not reached")
