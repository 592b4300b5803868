// `node scripts/on-node.mjs 26 npm run test:jest -w api`: runs a command on another Node line than the one on the
// PATH. The binary is the official build that the npm registry serves as the `node` package (`npx -p node@26`), kept
// in npm's cache after the first run; the command gets it first on its PATH, so npm, jest and every `node` it starts
// run on that line. CI runs the API's tests and builds on Node 26 (the images' LTS) this way, beside the rest on the
// machine's Node 20.
import { execFileSync, spawnSync } from 'node:child_process';
import { delimiter, dirname } from 'node:path';

const [line, ...command] = process.argv.slice(2);
if (!/^\d+$/.test(line ?? '') || command.length === 0) {
  console.error('usage: node scripts/on-node.mjs <major> <command> [args...]');
  process.exit(2);
}

// npx passes what it was asked through npm_config_* variables; a command that runs npm again must not inherit them.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(call|package|yes)$/i.test(k)));
const execPath = execFileSync('npx', ['--yes', '--package', `node@${line}`, '--call', 'node -p process.execPath'], { env, encoding: 'utf8' }).trim();
const version = execFileSync(execPath, ['--version'], { encoding: 'utf8' }).trim();
process.stdout.write(`on-node: ${command.join(' ')} on Node ${version} (${execPath})\n`);
const run = spawnSync(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...env, PATH: `${dirname(execPath)}${delimiter}${env.PATH ?? ''}` },
});
if (run.error) throw run.error;
process.exit(run.status ?? 1);
