import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer zones of eslint.config.js fail the lint on an import that runs the wrong way.
// Each case lints a made-up file placed inside a layer, so the imports resolve to real files.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const src = path.join(root, 'packages/server/src');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function zoneErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter(
    (m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === '@typescript-eslint/no-restricted-imports',
  );
}

describe('layer zones', () => {
  it.each([
    [
      'a product area of services importing http',
      'packages/server/src/services/storage/zone-probe.ts',
      "import { createApp } from '../../http/app.ts';\nvoid createApp;\n",
    ],
    ['services importing jobs', 'packages/server/src/services/zone-probe.ts', "import * as queue from '../jobs/queue.ts';\nvoid queue;\n"],
    [
      'store importing services',
      'packages/server/src/store/zone-probe.ts',
      "import * as upgrades from '../services/infrastructure/upgrades.ts';\nvoid upgrades;\n",
    ],
    [
      'instances importing store',
      'packages/server/src/instances/zone-probe.ts',
      "import { createPool } from '../store/db.ts';\nvoid createPool;\n",
    ],
    ['jobs importing http', 'packages/server/src/jobs/zone-probe.ts', "import { createApp } from '../http/app.ts';\nvoid createApp;\n"],
    [
      'http importing the composition root',
      'packages/server/src/http/zone-probe.ts',
      "import { startPlatform } from '../platform.ts';\nvoid startPlatform;\n",
    ],
    [
      'kernel importing a value of the store',
      'packages/server/src/kernel/zone-probe.ts',
      "import { createPool } from '../store/db.ts';\nvoid createPool;\n",
    ],
    [
      'a nested file in instances importing services',
      'packages/server/src/instances/kubernetes/zone-probe.ts',
      "import * as upgrades from '../../services/infrastructure/upgrades.ts';\nvoid upgrades;\n",
    ],
    [
      'core importing the server',
      'packages/core/src/zone-probe.ts',
      "import { startPlatform } from '@basin/server';\nvoid startPlatform;\n",
    ],
    [
      'web importing the server',
      'packages/web/src/zone-probe.ts',
      "import { createApp } from '../../server/src/http/app.ts';\nvoid createApp;\n",
    ],
  ])('fails on %s', async (_name, file, code) => {
    expect(await zoneErrors(file, code)).not.toEqual([]);
  });

  it.each([
    [
      'a product area of services importing store, instances and kernel',
      'packages/server/src/services/storage/zone-probe.ts',
      "import { createPool } from '../../store/db.ts';\nimport { EmbeddedDriver } from '../../instances/index.ts';\nimport { SecretBox } from '../../kernel/secrets.ts';\nvoid [createPool, EmbeddedDriver, SecretBox];\n",
    ],
    [
      'http importing services',
      'packages/server/src/http/zone-probe.ts',
      "import * as upgrades from '../services/infrastructure/upgrades.ts';\nvoid upgrades;\n",
    ],
    [
      'kernel importing a type of the store',
      'packages/server/src/kernel/zone-probe.ts',
      "import type { Db } from '../store/db.ts';\nexport type Probe = Db;\n",
    ],
    [
      'store importing the logger',
      'packages/server/src/store/zone-probe.ts',
      "import type { Logger } from '../logger.ts';\nexport type Probe = Logger;\n",
    ],
    ['web importing core', 'packages/web/src/zone-probe.ts', "import { MESSAGES } from '@basin/core';\nvoid MESSAGES;\n"],
  ])('passes %s', async (_name, file, code) => {
    expect(await zoneErrors(file, code)).toEqual([]);
  });

  it('knows every folder and root file of packages/server/src', async () => {
    const config = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as Record<string, unknown>;
    const layers = config.SERVER_LAYERS as Record<string, string[]>;
    const known = new Set([
      ...Object.values(layers).flat(),
      ...['SERVER_LEAVES', 'SERVER_DOMAIN_FILES', 'SERVER_ROOT'].flatMap((k) => config[k] as string[]),
    ]);
    const entries = readdirSync(src, { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
      .map((e) => e.name);
    expect(entries.filter((name) => !known.has(name))).toEqual([]);
  });
});
