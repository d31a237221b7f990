"""A tiny client of ``mana-planner serve``: starts the service, asks two questions over its pipes, prints
the answers, and stops it by closing its input.

Run it from the repository: ``python examples/clients/python_client.py`` (the service must be importable:
installed, or PYTHONPATH pointing at the repository). It prints one line per answer.
"""

import json
import subprocess
import sys
from pathlib import Path

BOARD = json.loads((Path(__file__).resolve().parents[1] / "boards" / "ramp.json").read_text())


def main() -> None:
    service = subprocess.Popen(
        [sys.executable, "-m", "planner", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    requests = [
        {"jsonrpc": "2.0", "method": "pay", "params": {"board": BOARD, "cost": "{2}{G}{G}"}, "id": 1},
        {"jsonrpc": "2.0", "method": "pay", "params": {"board": BOARD, "cost": "{U}{U}{U}{U}"}, "id": 2},
    ]
    for request in requests:
        service.stdin.write(json.dumps(request) + "\n")
        service.stdin.flush()
        answer = json.loads(service.stdout.readline())
        result = answer["result"]
        print(f"{request['params']['cost']}: payable={result['payable']} tapped={','.join(result['tapped'])}")
    service.stdin.close()
    service.wait()


if __name__ == "__main__":
    main()
