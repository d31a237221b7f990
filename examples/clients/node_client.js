// A tiny Node.js client of `mana-planner serve`: starts the service, asks two questions over its pipes,
// prints the answers, and stops it by closing its input.
// Run it from the repository: `node examples/clients/node_client.js` (set PYTHON to choose the interpreter;
// the service must be importable: installed, or PYTHONPATH pointing at the repository).
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const readline = require("readline");

const board = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "boards", "ramp.json"), "utf8"));
const service = spawn(process.env.PYTHON || "python3", ["-m", "planner", "serve"], {
  stdio: ["pipe", "pipe", "inherit"],
});
const answers = readline.createInterface({ input: service.stdout });
const costs = ["{2}{G}{G}", "{U}{U}{U}{U}"];
const pending = new Map();

answers.on("line", (line) => {
  const answer = JSON.parse(line);
  const cost = pending.get(answer.id);
  pending.delete(answer.id);
  const result = answer.result;
  console.log(`${cost}: payable=${result.payable} tapped=${result.tapped.join(",")}`);
  if (pending.size === 0) service.stdin.end();
});

costs.forEach((cost, index) => {
  pending.set(index + 1, cost);
  const request = { jsonrpc: "2.0", method: "pay", params: { board, cost }, id: index + 1 };
  service.stdin.write(JSON.stringify(request) + "\n");
});
service.on("exit", (code) => process.exit(code === null ? 1 : code));
