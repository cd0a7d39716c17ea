/** What the System screen says: `app.system.*`. */
const en = {
  title: 'System',
  subtitle: 'This server, what it depends on, its background loops and its queues; refreshed every 10 seconds.',
  name: 'Name',
  state: 'Status',
  checked_at: 'Checked %{time}',
  load_failed: 'The system status could not be read: %{error}',
  status: { ok: 'OK', stale: 'Stale', failing: 'Failing', off: 'Off' },
  process: {
    title: 'This process',
    version: 'Version',
    node: 'Node.js',
    engine: 'Database engine',
    workers: 'API processes',
    started: 'Started',
    uptime: 'Uptime',
    memory: 'Memory (RSS)',
    pid: 'Process id',
  },
  engines: { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' },
  dependencies: {
    title: 'Dependencies',
    database: 'Database',
    chain: 'Chain',
    redis: 'Redis',
    smtp: 'SMTP',
    migrations_pending: '%{count} migrations not applied',
    migrations_current: 'Migrations current',
    block: 'Block %{height}',
    off: 'Not configured',
  },
  loops: {
    title: 'Background loops',
    last_success: 'Last good run',
    errors: 'Errors',
    last_error: 'Last error',
    never: 'Never',
    not_running: 'Not running in this process',
    names: {
      mint_worker: 'Mint worker',
      email_outbox: 'Email outbox',
      webhook_delivery: 'Webhook deliveries',
      crypto_watcher: 'Crypto watcher',
      payout_completer: 'Payout completer',
      checkout_sweeper: 'Checkout sweeper',
      holders_indexer: 'Token holders indexer',
    },
  },
  queues: {
    title: 'Queues',
    pending: 'Waiting',
    failed: 'Failed',
    oldest: 'Oldest waiting',
    names: {
      mint_jobs: 'Mint jobs',
      email_outbox: 'Email outbox',
      webhook_deliveries: 'Webhook deliveries',
      crypto_deposits: 'Crypto deposits',
      payouts_awaiting_approval: 'Payouts awaiting approval',
    },
  },
  advice: {
    loop_failing:
      'Its last run failed: read the error, fix what it names (database, chain, SMTP); the loop retries by itself.',
    loop_stale: 'No good run for over 5 minutes: check that the process running it is up, or restart it.',
    queue_failing_mint_jobs: 'Mint jobs have failed: open Mint Queue, read their errors and retry them.',
    queue_failing_email_outbox:
      'Emails have failed: open Settings → Email outbox, check the SMTP setting and resend them.',
    queue_failing_webhook_deliveries:
      'Webhook deliveries have failed: open Settings → Webhooks, check the endpoint and redeliver them.',
    queue_stale_mint_jobs: 'The oldest mint job waits longer than %{limit}: check the mint worker and the chain above.',
    queue_stale_email_outbox:
      'The oldest email waits longer than %{limit}: check the email outbox loop and SMTP above.',
    queue_stale_webhook_deliveries:
      'The oldest delivery waits longer than %{limit}: check the webhook loop and the endpoint.',
    queue_stale_crypto_deposits: 'A deposit waits longer than %{limit}: check the crypto watcher and the chain above.',
    queue_stale_payouts_awaiting_approval:
      'A payout waits for approval longer than %{limit}: ask finance to approve or reject it in Payouts.',
    dependency_failing: 'It does not answer: check that it runs and that this server can reach it.',
  },
  seconds: '%{n} s',
  minutes: '%{n} min',
  hours: '%{n} h',
  days: '%{n} d',
  mib: '%{n} MiB',
};

export default en;
