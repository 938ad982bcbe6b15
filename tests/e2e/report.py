"""Pass/fail reporting shared by the end-to-end runners: one line per case,
its problems indented below it, and the closing 'N passed, M failed' line
that CI reads."""


class Report:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def case(self, name, problems):
        if problems:
            self.failed += 1
            print(f"FAIL {name}")
            for problem in problems:
                print("  " + str(problem).replace("\n", "\n  "))
        else:
            self.passed += 1
            print(f"ok   {name}")

    def finish(self):
        """Prints the summary; returns the exit status."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
