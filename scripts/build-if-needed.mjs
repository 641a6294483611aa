// `npm start` builds only what is not built yet, or what changed since it was built:
// a workspace is rebuilt when any file under its sources is newer than its build output.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of the files below `dir` (0 when it does not exist). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(dir, entry)));
  }
  return latest;
}

const contractSources = [path.join(root, 'packages/contract/src')];
const targets = [
  {
    workspace: '@pluk/web',
    output: path.join(root, 'packages/web/dist/index.html'),
    sources: [
      ...contractSources,
      path.join(root, 'packages/web/src'),
      path.join(root, 'packages/web/public'),
      path.join(root, 'packages/web/index.html'),
      path.join(root, 'packages/web/vite.config.ts'),
      // The build's own plugins (build/: the contract's browser tables, chunk lines, early-boot.js).
      path.join(root, 'packages/web/build'),
      // The build's post step (precompressed twins) and the build script itself.
      path.join(root, 'packages/web/scripts'),
      path.join(root, 'packages/web/package.json'),
    ],
  },
  {
    workspace: '@pluk/server',
    output: path.join(root, 'packages/server/dist/server.js'),
    sources: [
      ...contractSources,
      path.join(root, 'packages/server/src'),
      path.join(root, 'packages/server/scripts'),
    ],
  },
];

for (const { workspace, output, sources } of targets) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...sources.map(newest));
  if (built > 0 && built >= changed) {
    console.log(`${workspace}: up to date`);
    continue;
  }
  console.log(`${workspace}: building…`);
  execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit' });
}
