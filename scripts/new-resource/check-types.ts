/**
 * `tsx scripts/new-resource/check-types.ts <file>...`: the type errors of these files in the project of tsconfig.json,
 * as `npm run typecheck` would report them, without checking the project's other files (a generated resource's files
 * in seconds rather than the whole project's minute). Exit code 1 when there is one.
 */
import path from 'node:path';
import ts from 'typescript';

const files = process.argv.slice(2).map((file) => path.resolve(file));
const config = ts.getParsedCommandLineOfConfigFile(
  path.resolve('tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
)!;
const program = ts.createProgram({
  rootNames: [...new Set([...config.fileNames, ...files])],
  options: { ...config.options, noEmit: true, incremental: false },
});
const problems = [
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...files.flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the project of tsconfig.json.`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  }),
];
if (problems.length) {
  console.error(
    ts.formatDiagnostics(problems, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    }),
  );
  process.exit(1);
}
