"""A call-heavy pure-Python workload: recursion, method calls, generators.
Prints the seconds the workload itself took (start-up excluded)."""
import time


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y

    def add(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def norm1(self):
        return abs(self.x) + abs(self.y)


def methods(n):
    acc = Vec(0, 0)
    step = Vec(1, -1)
    total = 0
    for _ in range(n):
        acc = acc.add(step)
        total += acc.norm1()
    return total


def numbers(n):
    for i in range(n):
        yield i


def evens(source):
    for value in source:
        if value % 2 == 0:
            yield value


def generators(n):
    return sum(evens(numbers(n)))


start = time.perf_counter()
fib(27)
methods(600_000)
generators(1_200_000)
print(f"{time.perf_counter() - start:.6f}")
