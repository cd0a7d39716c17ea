/** Runs a command-line entry point: `stop` on SIGINT/SIGTERM then exit 0; a failure prints its sentence and exits 1. */
export function runMain(main: () => Promise<{ stop: (signal: string) => Promise<void> }>) {
  main()
    .then(({ stop }) => {
      const onSignal = (signal: string) => void stop(signal).finally(() => process.exit(0));
      process.once('SIGINT', () => onSignal('SIGINT'));
      process.once('SIGTERM', () => onSignal('SIGTERM'));
    })
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
