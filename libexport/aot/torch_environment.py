"""dynx-aot's question to the Python environment: where torch's headers and
libraries are, which ABI it was built with, and the schema of each operator a
graph calls (with its C++ entry point and its out= variant, if any).

Reads a JSON list of operator names ("aten::addmm.default") on stdin and
writes one JSON object on stdout. Run by dynx-aot with the environment's
interpreter; the answer is cached by dynx-aot.
"""
import json
import os
import sys


def main():
    names = json.load(sys.stdin)
    import torch
    import torch.utils.cpp_extension as cpp_extension

    torch_dir = os.path.dirname(torch.__file__)
    include = os.path.join(torch_dir, "include")
    answer = {
        "torch_version": torch.__version__,
        "torch_dir": torch_dir,
        "include_dirs": cpp_extension.include_paths(),
        "library_dir": os.path.join(torch_dir, "lib"),
        "cxx11_abi": bool(torch._C._GLIBCXX_USE_CXX11_ABI),
        "ops": {},
    }
    headers = {}

    def header_has(header, struct):
        path = os.path.join(include, header)
        if path not in headers:
            try:
                with open(path, encoding="utf-8") as f:
                    headers[path] = f.read()
            except OSError:
                headers[path] = ""
        return f"struct TORCH_API {struct} {{" in headers[path]

    def describe(op):
        schema = op._schema
        info = {"schema": str(schema)}
        if schema.name.startswith("aten::"):
            # torchgen's names: struct <base>[_<overload>] in ATen/ops/<base without a trailing _>_ops.h
            base = schema.name[len("aten::"):]
            struct = f"{base}_{schema.overload_name}" if schema.overload_name else base
            for root in dict.fromkeys((base[:-1] if base.endswith("_") and not base.endswith("__") else base, base)):
                if header_has(f"ATen/ops/{root}_ops.h", struct):
                    info["struct"] = struct
                    info["header"] = f"ATen/ops/{root}_ops.h"
                    break
        return info

    for name in names:
        qualified, _, overload = name.rpartition(".")
        namespace, _, op_name = qualified.partition("::")
        try:
            packet = getattr(getattr(torch.ops, namespace), op_name)
            op = getattr(packet, overload)
            # A name from the capture that walks other attributes
            # ("aten::__class__.__name__") names no operator.
            if not isinstance(op, torch._ops.OpOverload):
                raise AttributeError(name)
        except Exception:  # noqa: BLE001 - whatever the lookup raises, the name is not an operator
            answer["ops"][name] = {"missing": f"{name} is not an operator of torch {torch.__version__}"}
            continue
        info = describe(op)
        # The out= variant: the same arguments followed by keyword-only
        # Tensor(a!) outputs, one per result.
        schema = op._schema
        for candidate in ("out",) + tuple(o for o in packet.overloads() if o.endswith("_out")):
            if candidate not in packet.overloads() or candidate == overload:
                continue
            out_op = getattr(packet, candidate)
            out_schema = out_op._schema
            n = len(schema.arguments)
            extra = out_schema.arguments[n:]
            if (len(out_schema.arguments) == n + len(schema.returns) and
                    all(str(a.type) == str(b.type) and a.name == b.name
                        for a, b in zip(schema.arguments, out_schema.arguments)) and
                    all(a.kwarg_only and a.is_out and str(a.type) == "Tensor" for a in extra) and
                    all(str(r.type) == "Tensor" for r in schema.returns)):
                out_info = describe(out_op)
                if "struct" in out_info:
                    info["out"] = out_info
                break
        answer["ops"][name] = info
    json.dump(answer, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
