"""``mana-planner serve --http``: a real server on 127.0.0.1 (a free port), stopped by the tests' module.

POST /v1/<method> answers what the pipe answers; errors carry JSON-RPC's codes with a fitting status; bodies
over 8 MiB are refused (413) by their Content-Length and when streamed; the OpenAPI document and the board
schema are served; concurrent requests are each answered right, and the server is alive afterwards."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the serve extra (fastapi, uvicorn) is not installed")
pytest.importorskip("uvicorn", reason="the serve extra (fastapi, uvicorn) is not installed")

from planner.service.http import parse_address
from planner.service.schema import board_schema

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
BOARD = json.loads((ROOT / "examples" / "boards" / "ramp.json").read_text(encoding="utf-8"))


class Server:
    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "planner", "serve", "--http", "0", "--workers", "2", *args],
            stderr=subprocess.PIPE,
            env=ENV,
            text=True,
        )
        assert self.process.stderr is not None
        line = self.process.stderr.readline()
        assert "serving on http://127.0.0.1:" in line, line
        self.port = int(line.rsplit(":", 1)[1])

    def post(self, path: str, body: object | bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        connection.request("POST", path, data, {"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        answer = json.loads(response.read())
        connection.close()
        return response.status, answer

    def get(self, path: str) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", path)
        response = connection.getresponse()
        answer = json.loads(response.read())
        connection.close()
        return response.status, answer

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module", params=["process", "thread"])
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    running = Server("--pool", request.param)
    yield running
    running.stop()


def test_pay_answers_the_result(server: Server) -> None:
    status, result = server.post("/v1/pay", {"board": BOARD, "cost": "{2}{G}{G}"})
    assert status == 200 and result["payable"] is True and result["tapped"] == ["forest", "pool", "sol"]


def test_a_no_is_a_result(server: Server) -> None:
    status, result = server.post("/v1/pay", {"board": BOARD, "cost": "{W}{W}{W}{W}{W}{W}{W}"})
    assert status == 200 and result["payable"] is False


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/v1/pay", b"{not json", 400, -32700),
        ("/v1/pay", {"board": BOARD}, 400, -32602),
        ("/v1/pay", {"board": BOARD, "cost": "{Q}"}, 400, -32602),
        ("/v1/pay", {"board": BOARD, "cost": "{G}", "time_limit": 1000}, 400, -32602),
        ("/v1/pay", [1, 2], 400, -32602),
        ("/v1/nope", {}, 404, -32601),
        ("/v1/plan_turn", {}, 400, -32602),
    ],
)
def test_errors_have_their_code_and_status(
    server: Server, path: str, body: Any, status: int, code: int
) -> None:
    got, answer = server.post(path, body)
    assert (got, answer["error"]["code"]) == (status, code), answer


def test_a_bad_board_names_its_path(server: Server) -> None:
    board = {**BOARD, "players": [{"id": "me", "life": "x"}]}
    status, answer = server.post("/v1/could_produce", {"board": board})
    assert status == 400
    assert answer["error"]["message"] == "board: players[0].life: expected an integer, got the string 'x'"
    data = answer["error"]["data"]
    assert (data["path"], data["param"]) == ("players[0].life", "board")
    assert data["errors"] == [{"path": "players[0].life", "message": answer["error"]["message"]}]


def test_a_body_over_8_mib_is_refused_by_its_length(server: Server) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    connection.putrequest("POST", "/v1/pay")
    connection.putheader("Content-Length", str(50_000_000))
    connection.endheaders()  # and no body: the answer comes before it
    response = connection.getresponse()
    assert response.status == 413 and json.loads(response.read())["error"]["code"] == -32600
    connection.close()
    assert server.post("/v1/version", {})[0] == 200


def test_a_streamed_body_over_8_mib_is_refused(server: Server) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    connection.putrequest("POST", "/v1/pay")
    connection.putheader("Transfer-Encoding", "chunked")
    connection.endheaders()
    chunk = b"x" * (1 << 20)
    try:
        for _ in range(50):
            connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        connection.send(b"0\r\n\r\n")
    except OSError:
        pass  # the server answered and closed before the end of the body
    response = connection.getresponse()
    assert response.status == 413
    connection.close()
    assert server.post("/v1/version", {})[0] == 200


def test_openapi_and_the_board_schema_are_served(server: Server) -> None:
    status, document = server.get("/openapi.json")
    assert status == 200
    assert {f"/v1/{m}" for m in ("pay", "max_x", "could_produce", "card", "version")} <= set(
        document["paths"]
    )
    body = document["paths"]["/v1/pay"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["board"]["$ref"] == "#/components/schemas/Board"
    assert {"Board", "player", "permanent"} <= set(document["components"]["schemas"])
    assert server.get("/v1/schema/board") == (200, board_schema())


def test_the_published_schema_takes_every_option_of_the_command(server: Server) -> None:
    """Issue 36 item 4: the OpenAPI document the server publishes has, for each question, a parameter for
    every option of the real command (its long name, as the declaration gives it) and nothing else."""
    from typer.core import TyperOption
    from typer.main import get_command

    from planner.cli import app
    from planner.params import params_of
    from planner.questions import QUESTIONS

    _, document = server.get("/openapi.json")
    commands = get_command(app).commands  # type: ignore[attr-defined]
    for question in QUESTIONS.values():
        post = document["paths"][f"/v1/{question.method}"]["post"]
        body = post["requestBody"]["content"]["application/json"]["schema"]
        published = set(body["properties"])
        declared = params_of(question.record)
        assert published - {"board"} == {p.name for p in declared}, question.method
        if question.command is None or question.command == "cards":
            continue
        by_flag = {p.flag: p.name for p in declared}
        by_attribute = {p.attribute: p.name for p in declared}
        taken = {
            by_flag[max(option.opts, key=len)]
            if isinstance(option, TyperOption)
            else by_attribute.get(option.name, option.name)
            for option in commands[question.command].params
            if option.name not in ("as_json", "store")
        }
        assert taken == published, question.method


def test_concurrent_requests_are_each_answered_right(server: Server) -> None:
    costs = ["{G}", "{2}{G}{G}", "{R}", "{U}{U}", "{W}{W}{W}{W}{W}{W}{W}", "{Q}"]
    expected = {cost: server.post("/v1/pay", {"board": BOARD, "cost": cost}) for cost in costs}
    failures: list[str] = []

    def client(number: int) -> None:
        for k in range(30):
            cost = costs[(number + k) % len(costs)]
            got = server.post("/v1/pay", {"board": BOARD, "cost": cost})
            if got != expected[cost]:
                failures.append(f"{cost}: {got}")

    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert server.post("/v1/version", {})[0] == 200


def test_the_address_is_loopback_unless_told() -> None:
    assert parse_address("8080") == ("127.0.0.1", 8080)
    assert parse_address(":8080") == ("127.0.0.1", 8080)
    with pytest.raises(ValueError, match=r"--http: expected \[HOST:\]PORT"):
        parse_address("localhost:http")


def test_a_worker_process_that_dies_is_replaced() -> None:
    running = Server("--pool", "process")
    try:
        expected = running.post("/v1/pay", {"board": BOARD, "cost": "{2}{G}{G}"})
        children = Path(f"/proc/{running.process.pid}/task/{running.process.pid}/children")
        if not children.exists():
            pytest.skip("needs /proc to find the worker processes")
        workers = [
            int(pid)
            for pid in children.read_text().split()
            if "resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
        ]
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGKILL)
        for _ in range(10):  # each answered, by the other worker or by the one that replaces the dead one
            assert running.post("/v1/pay", {"board": BOARD, "cost": "{2}{G}{G}"}) == expected
        assert running.post("/v1/version", {})[0] == 200
    finally:
        running.stop()


# ---- issue 39: strings that are not text, paths outside the API, clients that go away ----------------------


def test_a_lone_surrogate_is_bad_input_and_the_workers_live_on(server: Server) -> None:
    """A 180-byte body with a lone surrogate (a valid JSON escape) used to kill both worker processes."""
    body = (
        b'{"cost": "{G}", "board": {"version": 1, "players": [{"id": "me"}], "permanents": '
        b'[{"id": "f\\ud800", "card": "Forest", "controller": "me"}]}}'
    )
    for _ in range(3):  # (each worker in turn)
        status, answer = server.post("/v1/pay", body)
        assert status == 400 and answer["error"]["data"]["path"] == "permanents[0].id", answer
    status, answer = server.post("/v1/card", b'{"name": "F\\udcff"}')
    assert status == 400 and answer["error"]["code"] == -32602
    assert server.post("/v1/pay", {"board": BOARD, "cost": "{G}"})[0] == 200


@pytest.mark.parametrize(("method", "path", "status"), [("GET", "/nope", 404), ("GET", "/v1/pay", 405)])
def test_paths_outside_the_api_answer_the_projects_error_shape(
    server: Server, method: str, path: str, status: int
) -> None:
    """Not FastAPI's {"detail": ...}: the error object every other answer uses."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    connection.request(method, path)
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    assert response.status == status and set(answer) == {"error"}, answer
    assert f"{method} {path}: not part of the API" in answer["error"]["message"]


def test_a_streamed_body_over_the_limit_is_read_to_its_end_before_the_413() -> None:
    """Closing a connection whose body is still coming resets it, and the client may never see its 413: the
    rest of the body is read (and dropped) first, so nothing is answered before the body ends."""
    import select
    import socket
    import time

    running = Server("--pool", "thread")
    try:
        client = socket.create_connection(("127.0.0.1", running.port), timeout=60)
        client.sendall(b"POST /v1/pay HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * (1 << 20)
        for _ in range(9):
            client.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        time.sleep(1.0)
        assert select.select([client], [], [], 0)[0] == [], "answered before the body ended"
        client.sendall(b"%x\r\n%s\r\n0\r\n\r\n" % (len(chunk), chunk))
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += client.recv(4096)
        assert answer.startswith(b"HTTP/1.1 413"), answer
        client.close()
    finally:
        running.stop()


def _stderr_after_stop(running: Server) -> str:
    running.stop()
    assert running.process.stderr is not None
    return running.process.stderr.read()


def test_a_client_that_goes_away_mid_body_is_not_a_traceback() -> None:
    """A client gone before its body ended used to log a 60-line traceback each time."""
    import socket

    running = Server("--pool", "thread")
    try:
        for _ in range(3):
            client = socket.create_connection(("127.0.0.1", running.port), timeout=60)
            client.sendall(b'POST /v1/pay HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"board":')
            client.close()
        assert running.post("/v1/version", {})[0] == 200
    finally:
        errors = _stderr_after_stop(running)
    assert "Traceback" not in errors, errors


def test_a_call_whose_client_went_away_frees_its_worker() -> None:
    """A long call whose client goes away: its worker process is stopped (and replaced) soon after, not left
    to run to the time limit. The call: an artifact whose "{X}, {T}, Sacrifice ~: Add X mana in any
    combination of colors" (Wizard's Rockets' ability) beside 150 Wastes and 75 Forests paying
    {W}{U}{B}{R}{G}{3}: X is listed up to all the board's mana, and the model does not settle within 30 s
    (measured: 60 Wastes and 30 Forests take 5 s). The boards this test used before became fast (Squandered
    Resources; then two Krark-Clan Ironworks and eight Selesnya Signets, settled in 0.1 s by issue 41's
    floors), and the worker then finished before its client left. Should the solver settle this one fast
    too, this assertion fails and the board must be replaced by a slower one."""
    import socket
    import time

    rockets = {
        "id": "r",
        "name": "Rockets",
        "type_line": "Artifact",
        "controller": "me",
        "oracle": "{X}, {T}, Sacrifice this artifact: Add X mana in any combination of colors.",
    }
    board = {
        "version": 1,
        "players": [{"id": "me"}],
        "permanents": [rockets]
        + [{"id": f"w{i}", "card": "Wastes", "controller": "me"} for i in range(150)]
        + [{"id": f"f{i}", "card": "Forest", "controller": "me"} for i in range(75)],
    }
    running = Server("--pool", "process", "--workers", "1", "--time-limit", "30")
    try:
        children = Path(f"/proc/{running.process.pid}/task/{running.process.pid}/children")
        if not children.exists():
            pytest.skip("needs /proc to find the worker processes")
        workers = [
            int(pid)
            for pid in children.read_text().split()
            if "resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
        ]
        body = json.dumps({"board": board, "cost": "{W}{U}{B}{R}{G}{3}", "time_limit": 30}).encode()
        client = socket.create_connection(("127.0.0.1", running.port), timeout=60)
        client.sendall(
            b"POST /v1/pay HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
        )
        time.sleep(1.0)
        client.close()
        started = time.monotonic()
        while time.monotonic() - started < 10 and Path(f"/proc/{workers[0]}").exists():
            time.sleep(0.1)
        assert not Path(f"/proc/{workers[0]}").exists(), "the worker still answers a call nobody waits for"
        assert running.post("/v1/version", {})[0] == 200
    finally:
        running.stop()
