import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

/**
 * Parts of antd components that no page here uses, each replaced by a stub that says so if it is ever reached:
 * - Table imports Tree for one thing, a column filter in tree mode (`filterMode: 'tree'`); no table sets column
 *   filters (lists filter through their search bars). Keeps Tree (about 14 KB gzip) off every page with a table.
 * - Table imports its virtual-scrolling variant (`virtual`); no table here is virtual.
 * - Typography imports its in-place editor (`editable`), which brings TextArea, onto every page with a Typography.
 * - Table's row selection imports Radio for `rowSelection.type: 'radio'`; tables here select with checkboxes.
 * `table-filter-tree.test.ts` fails as soon as a page sets `filterMode`, `virtual`, an editable Typography or a
 * radio row selection.
 */
const UNUSED_PARTS = [
  {
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    source: '../../../tree',
    message: 'antd Table: filterMode tree is not built in (see vite.config.ts)',
  },
  {
    importer: /antd[\\/]es[\\/]table[\\/]InternalTable\.js$/,
    source: './RcTable/VirtualTable',
    message: 'antd Table: virtual is not built in (see vite.config.ts)',
  },
  {
    importer: /antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    source: '../Editable',
    message: 'antd Typography: editable is not built in (see vite.config.ts)',
  },
  {
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    source: '../../radio',
    message: "antd Table: rowSelection type 'radio' is not built in (see vite.config.ts)",
  },
];

function antdWithoutUnusedParts(): Plugin {
  const prefix = '\0antd-unused-part:';
  return {
    name: 'antd-without-unused-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const index = UNUSED_PARTS.findIndex((part) => part.source === source && importer !== undefined && part.importer.test(importer));
      return index < 0 ? null : `${prefix}${index}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const { message } = UNUSED_PARTS[Number(id.slice(prefix.length))]!;
      return `export default function Unused() { throw new Error(${JSON.stringify(message)}); }`;
    },
  };
}

/**
 * antd modules that import one small helper from a module that also holds a whole component, and a module is bundled
 * whole: Button's and Tag's styles take `isBright` from the colour picker's presets (which bring Collapse), Radio.Group
 * takes `toNamePathStr` from Form's `useForm` (which brings the form store and scroll-into-view), and Table's row
 * selection takes `arrAdd`/`arrDel` from rc-tree's `util` (which brings TreeNode). Each such import is answered by a
 * small module holding just those helpers, their source read from the very file antd would have loaded, so every
 * page stops carrying those components. The build fails if a helper is no longer where it is looked for.
 */
const HELPER_CUTS = [
  {
    importer: /antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/,
    source: '../../color-picker/components/ColorPresets',
    file: 'antd/es/color-picker/components/ColorPresets.js',
    names: ['isBright'],
    prelude: "import { Color as RcColor } from '@rc-component/color-picker';",
  },
  {
    importer: /antd[\\/]es[\\/]radio[\\/]group\.js$/,
    source: '../form/hooks/useForm',
    file: 'antd/es/form/hooks/useForm.js',
    names: ['toNamePathStr'],
    prelude: "import { toArray } from 'antd/es/form/util.js';",
  },
  {
    // No column here has filters (lists filter through their search bars): the filter dropdown itself is left out too,
    // and says so if a column ever asks for it (`table-filter-tree.test.ts` fails first).
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: './FilterDropdown',
    file: 'antd/es/table/hooks/useFilter/FilterDropdown.js',
    names: ['flattenKeys'],
    prelude:
      "import _toConsumableArray from '@babel/runtime/helpers/esm/toConsumableArray';\n" +
      "export default function FilterDropdown() { throw new Error('antd Table: column filters are not built in (see vite.config.ts)'); }",
  },
  {
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    source: '@rc-component/tree',
    file: '@rc-component/tree/es/util.js',
    names: ['arrAdd', 'arrDel'],
    prelude:
      "export { conductCheck } from '@rc-component/tree/es/utils/conductUtil.js';\n" +
      "export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil.js';",
  },
];

/** The source of `export const name = (…) => {…};` or `export function name(…) {…}` in `text`. */
function exportedFunction(text: string, name: string, file: string): string {
  const start = text.search(new RegExp(`export (const ${name} = \\(|function ${name}\\()`));
  if (start < 0) throw new Error(`${file} no longer exports ${name} (see HELPER_CUTS in vite.config.ts)`);
  let depth = 0;
  for (let i = text.indexOf('{', text.indexOf(')', start)); i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(start, text[i + 1] === ';' ? i + 2 : i + 1);
  }
  throw new Error(`${file}: cannot read ${name}`);
}

function antdHelpersWithoutTheirComponents(): Plugin {
  const require = createRequire(import.meta.url);
  const prefix = '\0antd-helpers:';
  return {
    name: 'antd-helpers-without-their-components',
    enforce: 'pre',
    resolveId(source, importer) {
      const index = HELPER_CUTS.findIndex((cut) => cut.source === source && importer !== undefined && cut.importer.test(importer));
      return index < 0 ? null : `${prefix}${index}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const cut = HELPER_CUTS[Number(id.slice(prefix.length))]!;
      const text = readFileSync(require.resolve(cut.file), 'utf8');
      return [cut.prelude, ...cut.names.map((name) => exportedFunction(text, name, cut.file))].join('\n');
    },
  };
}

/**
 * In development, pages under /apply load the candidate site's entry (apply.html), as the server does with the build
 * (app.ts); Vite's own fallback would answer index.html, the back office.
 */
function candidateSiteInDevelopment(): Plugin {
  return {
    name: 'candidate-site-in-development',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '').split('?')[0]!;
        const page = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
        if (page && (pathname === '/apply' || pathname.startsWith('/apply/'))) req.url = '/apply.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), antdWithoutUnusedParts(), antdHelpersWithoutTheirComponents(), candidateSiteInDevelopment()],
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
      // Two entries: the back office (index.html) and the candidate site under /apply (apply.html, src/apply: no antd).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        apply: fileURLToPath(new URL('apply.html', import.meta.url)),
      },
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
