import sys
calls = []
def tracer(frame, event, arg):
    if event == "call":
        calls.append(frame.f_code.co_name)
    return None
def leaf(x):
    return x + 1
def work(n):
    return sum(leaf(i) for i in range(n))
sys.settrace(tracer)
print(work(3))
sys.settrace(None)
print(calls)
