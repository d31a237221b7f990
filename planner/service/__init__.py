"""``mana-planner serve``: the planner as a long-running service for game clients (contract §8).

- :mod:`planner.service.methods`: the methods, their parameters, and
  :class:`~planner.service.methods.Service`, which answers one call through the shared request
  functions of :mod:`planner.requests`;
- :mod:`planner.service.cache`: boards that repeat, read once;
- :mod:`planner.service.rpc`: JSON-RPC 2.0 over standard input and output, a line each way;
- :mod:`planner.service.http`: the same methods over HTTP (FastAPI and uvicorn, the ``serve`` extra);
- :mod:`planner.service.schema`: the board file's JSON Schema.
"""
