import coverage

def branchy(n):
    total = 0
    for i in range(n):
        if i % 3 == 0:
            total += i
        else:
            total -= 1
    return total

cov = coverage.Coverage(data_file=None, include=[__file__])
cov.start()
result = branchy(10)
cov.stop()
_, statements, _, missing, _ = cov.analysis2(__file__)
print(result, "missing lines:", missing)
