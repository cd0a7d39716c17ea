/** `npm run restore -- FILE` (compiled: `node dist-server/restore.js FILE`); see command.ts and service.ts. */
import { runCommand } from './command.js';

await runCommand('restore', process.argv.slice(2));
