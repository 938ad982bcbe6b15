import threading, queue
results = queue.Queue()
def work(n):
    results.put((n, sum(i * i for i in range(n * 1000))))
threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(sorted(results.queue))
def late():
    import time; time.sleep(0.2); print("non-daemon thread finished")
threading.Thread(target=late).start()
print("main done")
