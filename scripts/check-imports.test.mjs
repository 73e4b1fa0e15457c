import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkImports, importsOf } from './check-imports.mjs';

const roots = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A checkout holding just `files` (path → source). */
function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

const server = 'apps/server/src';
const features = `${server}/features`;
/** Two server features as they should be: `order` offers `helper` through its index.ts and reads `talent`'s table. */
const sound = {
  [`${server}/app.ts`]: "import { orderRoutes } from './features/order/routes.js';\nimport { talentRoutes } from './features/talent/routes.js';\n",
  [`${features}/talent/tables.ts`]: 'export const talent = {};\n',
  [`${features}/talent/helper.ts`]: 'export const helper = 1;\n',
  [`${features}/talent/index.ts`]: "export { helper } from './helper.js';\n",
  [`${features}/talent/routes.ts`]: "import { helper } from './helper.js';\nexport const talentRoutes = helper;\n",
  [`${features}/order/tables.ts`]: "import { talent } from '../talent/tables.js';\nexport const order = talent;\n",
  [`${features}/order/list-routes.ts`]: "import { helper } from '../talent/index.js';\nexport const listRoutes = helper;\n",
  [`${features}/order/routes.ts`]: "import { listRoutes } from './list-routes.js';\nexport const orderRoutes = listRoutes;\n",
  [`${features}/order/order.test.ts`]: "import { helper } from '../talent/index.js';\nimport { order } from './tables.js';\n",
  'apps/web/src/features/talent/TalentPage.tsx': "import { api } from '../../lib/api';\nexport const page = api;\n",
  'apps/web/src/lib/api.ts': 'export const api = 1;\n',
};
const rulesOf = (root) => checkImports(root).map(({ rule, file, line }) => `${rule} ${file}:${line}`);

describe('check-imports', () => {
  it('passes a tree whose features meet only through index.ts and tables.ts', () => {
    assert.deepEqual(rulesOf(tree(sound)), []);
  });

  it("fails a test that imports another feature's internals", () => {
    const root = tree({ ...sound, [`${features}/order/order.test.ts`]: "import { x } from './tables.js';\nimport { helper } from '../talent/helper.js';\n" });
    assert.deepEqual(rulesOf(root), [`feature-entry ${features}/order/order.test.ts:2`]);
  });

  it('fails a route file imported for a helper, within its feature or from another', () => {
    const root = tree({
      ...sound,
      [`${features}/order/export-routes.ts`]: "import { listRoutes } from './list-routes.js';\n",
      [`${features}/talent/other.ts`]: "\n\nexport { orderRoutes } from '../order/routes.js';\n",
    });
    assert.deepEqual(rulesOf(root), [
      `route-import ${features}/order/export-routes.ts:1`,
      `feature-entry ${features}/talent/other.ts:3`,
      `route-import ${features}/talent/other.ts:3`,
    ]);
  });

  it('fails an import cycle, type-only imports included', () => {
    const root = tree({
      ...sound,
      [`${features}/talent/a.ts`]: "import type { B } from './b.js';\nexport type A = B;\n",
      [`${features}/talent/b.ts`]: "import { c } from './c.js';\nexport type B = number;\n",
      [`${features}/talent/c.ts`]: "import type { A } from './a.js';\nexport const c = 1;\n",
    });
    const [cycle, ...others] = checkImports(root);
    assert.deepEqual(others, []);
    assert.equal(cycle.rule, 'cycle');
    assert.deepEqual(
      cycle.loop.map(({ file, line }) => `${file}:${line}`),
      [`${features}/talent/a.ts:1`, `${features}/talent/b.ts:1`, `${features}/talent/c.ts:1`],
    );
  });

  it('fails a web feature that imports another', () => {
    const root = tree({ ...sound, 'apps/web/src/features/order/OrderPage.tsx': "import { page } from '../talent/TalentPage';\n" });
    assert.deepEqual(rulesOf(root), ['web-feature apps/web/src/features/order/OrderPage.tsx:1']);
  });
});

describe('importsOf', () => {
  it('reads imports, re-exports and dynamic imports with their lines, and which bring types only', () => {
    const source = [
      "import {",
      "  a,",
      "  type B,",
      "} from './a.js';",
      "import type { C } from './c.js';",
      "import { type D, type E } from './d.js';",
      "export * from './e.js';",
      "export { f } from './f.js';",
      "import './side-effect.css';",
      "const lazy = () => import('./lazy.js');",
      "export const g = 1;",
    ].join('\n');
    assert.deepEqual(importsOf(source), [
      { specifier: './a.js', line: 1, typeOnly: false },
      { specifier: './c.js', line: 5, typeOnly: true },
      { specifier: './d.js', line: 6, typeOnly: true },
      { specifier: './e.js', line: 7, typeOnly: false },
      { specifier: './f.js', line: 8, typeOnly: false },
      { specifier: './side-effect.css', line: 9, typeOnly: false },
      { specifier: './lazy.js', line: 10, typeOnly: false },
    ]);
  });

  it('skips imports written in comments, strings and regular expressions', () => {
    const source = [
      "// import { a } from './comment.js';",
      "/* export * from './block.js'; */",
      "const text = \"import { b } from './string.js'\";",
      "const code = `import { c } from './template.js' ${`export * from './nested.js'`}`;",
      "const pattern = /import '.\\/regex.js'/;",
      "import { real } from './real.js';",
    ].join('\n');
    assert.deepEqual(importsOf(source), [{ specifier: './real.js', line: 6, typeOnly: false }]);
  });
});
