// Fails when src/api/schema.d.ts is stale relative to ../backend/schema.yml (CI guard against drift).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const schema = '../backend/schema.yml';
const committed = 'src/api/schema.d.ts';

if (!existsSync(schema)) {
  console.error(`check:api: ${schema} not found`);
  process.exit(1);
}
if (!existsSync(committed)) {
  console.error(`check:api: ${committed} not found; run npm run gen:api`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'kantyna-api-'));
const fresh = join(dir, 'schema.d.ts');
try {
  execFileSync('npx', ['--no-install', 'openapi-typescript', schema, '-o', fresh], { stdio: 'inherit' });
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error(`check:api: ${committed} differs from ${schema}; run npm run gen:api and commit`);
    process.exit(1);
  }
  console.log('check:api: API types are up to date');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
