// npm runs this when it installs the package from this directory (`npm install
// ./clients/typescript`, `npm ci` here, `npm pack`): it generates the types from the
// contract and compiles. An install from the directory elsewhere brings no
// devDependencies, so the tools are installed here first, as the lock file pins them.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const run = (command) => execSync(command, { stdio: "inherit" });

if (!existsSync("node_modules/.bin/tsc") || !existsSync("node_modules/.bin/openapi-typescript")) {
  run("npm ci --ignore-scripts --no-audit --no-fund --loglevel=error");
}
run("npm run --silent generate");
run("npm run --silent build");
