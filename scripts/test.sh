#!/usr/bin/env bash
# The whole suite: typecheck, lint, formatting (Prettier), import cycles, unit, API on PGlite (and PostgreSQL when
# TEST_DATABASE_URL is set), then the browser tests in Debian's Chromium against a built app.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
failed_steps=()
durations=()

step() {
  local name=$1; shift
  echo; echo "=== $name"
  local started=$SECONDS
  if ! "$@"; then failed_steps+=("$name"); fi
  durations+=("$(printf '%-14s %4d s' "$name" $((SECONDS - started)))")
}

vitest_step() {
  local name=$1; shift
  step "$name" npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$name.json"
}

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi

step typecheck npm run --silent typecheck
step lint npm run --silent lint
step format npm run --silent lint:format
step import-cycles npm run --silent lint:deps
step openapi npm run --silent lint:api
vitest_step unit --project unit
TEST_DB=pglite vitest_step api-pglite --project api
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  TEST_DB=postgres vitest_step api-postgres --project api
else
  echo; echo "=== api-postgres skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it"
fi
step build npx vite build --logLevel warn
vitest_step e2e --project e2e

echo; echo "Duration of each step:"; printf '  %s\n' "${durations[@]}"

node -e '
  const fs = require("fs"), path = require("path");
  let passed = 0, failed = 0, skipped = 0;
  const names = [];
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults) {
      for (const t of file.assertionResults) {
        if (t.status !== "failed") continue;
        names.push(`${path.basename(f, ".json")}: ${path.relative(process.cwd(), file.name)} > ${t.fullName}`);
        names.push("  " + (t.failureMessages[0] || "").split("\n").slice(0, 6).join("\n  "));
      }
      if (file.status === "failed" && file.assertionResults.every((t) => t.status !== "failed")) {
        names.push(`${path.basename(f, ".json")}: ${path.relative(process.cwd(), file.name)} failed outside a test: ${(file.message || "").split("\n")[0]}`);
      }
    }
  }
  console.log("\nAll suites:");
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (names.length) console.log("Failed:\n" + names.join("\n"));
' "$results"

if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "FAILED steps: ${failed_steps[*]}"
  exit 1
fi
