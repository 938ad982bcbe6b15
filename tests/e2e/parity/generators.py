import asyncio
def counter(n):
    try:
        for i in range(n):
            received = yield i
            if received:
                print("received", received)
    except ValueError as e:
        print("generator caught", e)
        yield -1
    finally:
        print("generator closed")
def delegate():
    result = yield from counter(3)
    return result
g = counter(5)
print(next(g), g.send("hello"), g.throw(ValueError("boom")))
g.close()
print(list(delegate()))
async def job(i):
    await asyncio.sleep(0)
    return i * 10
async def main():
    return await asyncio.gather(*(job(i) for i in range(4)))
print(asyncio.run(main()))
