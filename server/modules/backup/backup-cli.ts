/** `npm run backup -- --out FILE` (compiled: `node dist-server/backup.js --out FILE`); see command.ts and service.ts. */
import { runCommand } from './command.js';

await runCommand('backup', process.argv.slice(2));
