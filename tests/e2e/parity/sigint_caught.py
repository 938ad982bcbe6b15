import os, signal
try:
    os.kill(os.getpid(), signal.SIGINT)
    import time; time.sleep(5)
except KeyboardInterrupt:
    print("caught KeyboardInterrupt")
