#!/usr/bin/env bash
# The whole suite: typecheck, lint, formatting (Prettier), import cycles and the OpenAPI lint side by side (each with
# its cache under .cache/), then unit, API on PGlite, then the browser tests in Debian's Chromium against a built app,
# beside the API on PostgreSQL when TEST_DATABASE_URL is set (every file but vitest.config.ts's PGLITE_ONLY). Ends with
# each step's duration, the test counts, every failed test and the slowest test files.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
failed_steps=()
durations=()

# The machine's busy and total CPU ticks so far (all cores), from /proc/stat: a step's share of the cores it kept busy
# (this suite's and anything else running beside it) tells what running steps side by side could gain.
cpu_ticks() { awk '/^cpu /{ print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8 }' /proc/stat 2>/dev/null || echo "0 0"; }
busy_share() {
  local -a before=($1) after=($(cpu_ticks))
  local total=$((after[1] - before[1]))
  [ "$total" -gt 0 ] && printf '%3d %% of the cores busy' $((100 * (after[0] - before[0]) / total))
}

step() {
  local name=$1; shift
  echo; echo "=== $name"
  local started=$SECONDS ticks
  ticks=$(cpu_ticks)
  if ! "$@"; then failed_steps+=("$name"); fi
  durations+=("$(printf '%-14s %4d s  %s' "$name" $((SECONDS - started)) "$(busy_share "$ticks")")")
}

# Runs steps side by side, each into its own log; prints a step's output whole when it ends, so none interleave.
parallel_steps() {
  local -A name_of=() started_at=()
  local spec pid name
  for spec in "$@"; do
    name=${spec%%=*}
    bash -c "${spec#*=}" >"$results/$name.log" 2>&1 &
    name_of[$!]=$name
    started_at[$!]=$SECONDS
  done
  while [ ${#name_of[@]} -gt 0 ]; do
    local status=0
    wait -n -p pid "${!name_of[@]}" || status=$?
    name=${name_of[$pid]}
    echo; echo "=== $name"
    cat "$results/$name.log"
    rm -f "$results/$name.log"
    if [ "$status" -ne 0 ]; then failed_steps+=("$name"); fi
    durations+=("$(printf '%-14s %4d s (side by side)' "$name" $((SECONDS - started_at[$pid])))")
    unset "name_of[$pid]"
  done
}

vitest_step() {
  local name=$1; shift
  step "$name" npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$name.json"
}

# The browser tests drive Debian's headless shell, else its chromium (scripts/chromium-path.ts).
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium-headless-shell for the browser tests"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium-headless-shell >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium-headless-shell >/dev/null; fi
fi

mkdir -p .cache
static_started=$SECONDS
static_ticks=$(cpu_ticks)
parallel_steps \
  'typecheck=npm run --silent typecheck' \
  'lint=npm run --silent lint' \
  'format=npm run --silent lint:format' \
  'import-cycles=npm run --silent lint:deps' \
  'openapi=npm run --silent lint:api'
durations+=("$(printf '%-14s %4d s  %s' 'static checks' $((SECONDS - static_started)) "$(busy_share "$static_ticks")")")
vitest_step unit --project unit
# The API on PGlite alone: it keeps both cores busy (95 %), and beside the API on PostgreSQL it took 600 s on a quiet
# machine against 403 s in turn. The API on PostgreSQL waits on the database (its files kept the cores 71 % busy) and
# the browser tests on the browser (90 %), so those two run side by side.
# Each API file's statement shapes are recorded (tests/api/sql-coverage.ts): PostgreSQL must send every one PGlite sent.
export SQL_COVERAGE_DIR="$results/sql"
TEST_DB=pglite vitest_step api-pglite --project 'api*'
json_of() { echo "--reporter=default --reporter=json --outputFile.json=$results/$1.json"; }
browser="npx vite build --logLevel warn && npx vitest run --project e2e $(json_of e2e)"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  parallel_steps \
    "api-postgres=TEST_DB=postgres npx vitest run --project 'api*' $(json_of api-postgres)" \
    "build+e2e=$browser"
  step sql-coverage npx tsx scripts/sql-coverage.ts "$SQL_COVERAGE_DIR"
else
  echo; echo "=== api-postgres skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it"
  step build+e2e bash -c "$browser"
fi

echo; echo "Duration of each step:"; printf '  %s\n' "${durations[@]}"

node -e '
  const fs = require("fs"), path = require("path");
  let passed = 0, failed = 0, skipped = 0;
  const names = [];
  const flaky = [];
  const files = [];
  for (const f of fs.readdirSync(process.argv[1]).filter((f) => f.endsWith(".json"))) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults) {
      files.push({ seconds: (file.endTime - file.startTime) / 1000, name: `${path.basename(f, ".json")}: ${path.relative(process.cwd(), file.name)}` });
      for (const t of file.assertionResults) {
        if (t.status === "passed" && t.failureMessages.length) {
          flaky.push(`${path.basename(f, ".json")}: ${path.relative(process.cwd(), file.name)} > ${t.fullName}`);
          flaky.push("  " + (t.failureMessages[0] || "").split("\n").slice(0, 3).join("\n  "));
        }
        if (t.status !== "failed") continue;
        names.push(`${path.basename(f, ".json")}: ${path.relative(process.cwd(), file.name)} > ${t.fullName}`);
        names.push("  " + (t.failureMessages[0] || "").split("\n").slice(0, 6).join("\n  "));
        // What the pages of a failed browser test showed (tests/e2e/browser.ts).
        for (const m of t.failureMessages.filter((m) => m.startsWith("What the browser showed"))) names.push("  " + m.split("\n").join("\n  "));
      }
      if (file.status === "failed" && file.assertionResults.every((t) => t.status !== "failed")) {
        names.push(`${path.basename(f, ".json")}: ${path.relative(process.cwd(), file.name)} failed outside a test: ${(file.message || "").split("\n")[0]}`);
      }
    }
  }
  console.log("\nAll suites:");
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (names.length) console.log("Failed:\n" + names.join("\n"));
  if (flaky.length) console.log("Passed only on a second try (each a defect of the test or the app to fix):\n" + flaky.join("\n"));
  const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  if (slowest.length) console.log("\nSlowest test files (their tests and hooks; imports not counted):\n" + slowest.map((s) => `${s.seconds.toFixed(1).padStart(7)} s  ${s.name}`).join("\n"));
' "$results"

if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "FAILED steps: ${failed_steps[*]}"
  exit 1
fi
