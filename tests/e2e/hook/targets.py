# Frames named with --target: functions, methods, closures, generators,
# recursion (inlined), and frames entered from threads.
import threading

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

class Counter:
    def tick(self, n):
        return sum(range(n))

def make_closure():
    def inner(v):
        return v * 2
    return inner

def countdown(n):
    while n > 0:
        yield n
        n -= 1

print(fib(10))
c = Counter()
print([c.tick(i) for i in range(3)])
print(make_closure()(21))
print(list(countdown(3)))
threads = [threading.Thread(target=fib, args=(5,)) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
import target_module
print(target_module.twice(4))
