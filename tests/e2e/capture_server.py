"""A client of `dynx-capture --serve` for the test runners (the oracle
corpus, the capture corpus): servers that have imported torch,
torch._dynamo and the recorder once, each capture run in a process forked
from one, as `dynx-capture [OPTIONS] -o DIR program` would run it (the start
every capture pays, about 3.5 s of 4 on these corpora, is paid once per
server). One server per job slot; a server that dies is started again."""
import json
import queue
import subprocess


class CaptureServers:
    def __init__(self, dynx, slots, cwd=None):
        self.dynx = dynx
        self.cwd = cwd
        self.idle = queue.Queue()
        self.started = []
        for _ in range(slots):
            self.idle.put(None)

    def capture(self, argv, directory, timeout, cwd=None, options=()):
        """(exit status, stderr) of one capture of `argv` (script and its
        arguments) into `directory` with dynx-capture `options`; exit None on
        a timeout, 125 when the server could not run the job. The program's
        output goes to DIRECTORY.stdout and DIRECTORY.stderr."""
        server = self.idle.get()
        try:
            if server is None or server.poll() is not None:
                server = subprocess.Popen([self.dynx, "--serve"], cwd=self.cwd, stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, text=True)
                self.started.append(server)
            job = {"argv": list(argv), "output": directory, "cwd": cwd or self.cwd,
                   "stdout": directory + ".stdout", "stderr": directory + ".stderr", "timeout": timeout,
                   "options": list(options)}
            try:
                server.stdin.write(json.dumps(job) + "\n")
                server.stdin.flush()
                line = server.stdout.readline()
            except OSError:
                line = ""
            if not line:
                server.kill()
                server = None
                return 125, "the capture server ended"
            reply = json.loads(line)
            try:
                with open(directory + ".stderr", errors="replace") as f:
                    stderr = f.read()
            except OSError:
                stderr = ""
            if reply.get("timeout"):
                return None, stderr
            if reply.get("exit") is None:
                return 125, reply.get("error", "the capture server failed")
            return reply["exit"], stderr
        finally:
            self.idle.put(server)

    def close(self):
        for server in self.started:
            if server.poll() is None:
                server.stdin.close()
                server.wait()
