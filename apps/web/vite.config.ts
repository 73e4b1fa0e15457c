import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const FILTER_TREE_STUB = '\0antd-table-filter-tree';

/**
 * antd's Table imports Tree for one thing: a column filter in tree mode (`filterMode: 'tree'`). No table here sets
 * column filters (lists filter through their search bars), so that import is replaced by a stub that says so if it is
 * ever reached, which keeps Tree (about 14 KB gzip) off every page with a table. `table-filter-tree.test.ts`
 * fails as soon as a page sets `filterMode`.
 */
function tableWithoutFilterTree(): Plugin {
  return {
    name: 'antd-table-without-filter-tree',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../../tree' && importer && /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/.test(importer)) {
        return FILTER_TREE_STUB;
      }
      return null;
    },
    load(id) {
      if (id !== FILTER_TREE_STUB) return null;
      return "export default function Tree() { throw new Error('antd Table: filterMode tree is not built in (see vite.config.ts)'); }";
    },
  };
}

export default defineConfig({
  plugins: [react(), tableWithoutFilterTree()],
  resolve: {
    alias: { '@zhaokao/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's @rc-component/* packages declare no `sideEffects`, so importing one name from a package index
        // (antd's Button takes `FormProvider` from @rc-component/form) would bring the whole package into every
        // page, form validation included. Their modules only define components and helpers.
        // (The contracts declare their own `sideEffects` in their package.json.)
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});
