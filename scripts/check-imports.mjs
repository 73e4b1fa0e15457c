#!/usr/bin/env node
// Fails on an import that crosses a boundary of the source tree (tests included):
// - feature-entry: a server feature (apps/server/src/features/<name>/…) imports another feature only through that
//   feature's index.ts or tables.ts;
// - route-import: a route file (routes.ts, *-routes.ts) is imported only by app.ts, its feature's index.ts or its
//   feature's routes.ts (which registers the feature's other route files);
// - web-feature: a web feature (apps/web/src/features/<name>/…) does not import another web feature;
// - cycle: no import cycle in apps/server/src, apps/web/src or packages/contracts/src (type-only imports count:
//   they tie the modules together as much as any other).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];
const SERVER_FEATURES = 'apps/server/src/features/';
const WEB_FEATURES = 'apps/web/src/features/';
const ROUTE_REGISTRATION = 'apps/server/src/app.ts';

export const RULES = {
  'feature-entry': '服务端功能只能通过另一功能的 index.ts（或 tables.ts）引用它 — a server feature imports another only through its index.ts or tables.ts',
  'route-import': '路由文件只由 app.ts、本功能的 index.ts 或 routes.ts 引用；共用的函数放进非路由模块 — a route file is imported only where routes are registered; move shared helpers to a non-route module',
  'web-feature': '前端功能之间不互相引用，共用的放进 lib/ 或 components/ — a web feature does not import another feature: share through lib/ or components/',
  cycle: '不允许循环引用 — import cycle',
};

/**
 * The module specifiers a TypeScript source imports or re-exports (`import … from`, `export … from`, `import '…'`,
 * `import('…')`), each with its 1-based line and whether it brings in types only. Comments and the insides of
 * strings are skipped, so code quoted in a string or a comment is not read as an import.
 */
export function importsOf(source) {
  const { masked, literals } = maskSource(source);
  const found = [];
  const statement =
    /(?<![\w$.])(?:(import)\s*\(\s*|(import|export)\b((?:\s+type\b)?)([^'"`;()]*?\bfrom\s*|\s*))(?=['"])/g;
  for (const match of masked.matchAll(statement)) {
    const at = match.index + match[0].length;
    const specifier = literals.get(at);
    if (specifier === undefined) continue;
    const [, dynamicImport, keyword, typeKeyword, clause] = match;
    if (keyword === 'export' && !/\bfrom\s*$/.test(clause)) continue;
    const named = /\{([^}]*)\}/.exec(clause ?? '');
    const allNamesAreTypes =
      !!named && !/^\s*[\w$]+\s*,/.test(clause) && named[1].split(',').filter((name) => name.trim()).every((name) => /^\s*type\s/.test(name));
    found.push({
      specifier,
      line: lineAt(source, match.index),
      typeOnly: !dynamicImport && (!!typeKeyword || allNamesAreTypes),
    });
  }
  return found;
}

/** The source with comments blanked and every string's inside replaced by `x` (newlines and offsets kept), and the strings by the offset of their opening quote. */
function maskSource(source) {
  const out = source.split('');
  const literals = new Map();
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = k === from || k === to - 1 ? out[k] : 'x';
  };
  const braces = [];
  let i = 0;
  let previous = '';
  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      const to = end < 0 ? source.length : end;
      for (let k = i; k < to; k++) out[k] = ' ';
      i = to;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const to = end < 0 ? source.length : end + 2;
      for (let k = i; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
      i = to;
    } else if (c === "'" || c === '"') {
      let end = i + 1;
      while (end < source.length && source[end] !== c && source[end] !== '\n') end += source[end] === '\\' ? 2 : 1;
      literals.set(i, source.slice(i + 1, end));
      blank(i, end + 1);
      i = end + 1;
      previous = c;
    } else if (c === '`' || (c === '}' && braces.at(-1) === '`')) {
      if (c === '}') braces.pop();
      let end = i + 1;
      while (end < source.length && source[end] !== '`' && !(source[end] === '$' && source[end + 1] === '{')) end += source[end] === '\\' ? 2 : 1;
      if (source[end] === '$') {
        braces.push('`');
        blank(i, end);
        i = end + 2;
      } else {
        blank(i, end + 1);
        i = end + 1;
      }
      previous = '`';
    } else if (c === '/' && /^$|[(,=:[!&|?{};+\-*%<>~^]$/.test(previous)) {
      let end = i + 1;
      let inClass = false;
      while (end < source.length && source[end] !== '\n' && (inClass || source[end] !== '/')) {
        if (source[end] === '[') inClass = true;
        else if (source[end] === ']') inClass = false;
        end += source[end] === '\\' ? 2 : 1;
      }
      blank(i, end + 1);
      i = end + 1;
      previous = 'x';
    } else {
      if (c === '{') braces.push('{');
      else if (c === '}') braces.pop();
      if (!/\s/.test(c)) previous = /[\w$]/.test(c) ? wordEndingAt(source, i) : c;
      i++;
    }
  }
  return { masked: out.join(''), literals };
}

/** A word before `/` starts a regex only if it is a keyword such as `return`; any other word makes it a division. */
function wordEndingAt(source, i) {
  if (/[\w$]/.test(source[i + 1] ?? '')) return 'x';
  const word = /[\w$]+$/.exec(source.slice(Math.max(0, i - 10), i + 1))[0];
  return ['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'void', 'yield', 'await'].includes(word) ? '(' : 'x';
}

function lineAt(source, offset) {
  let line = 1;
  for (let k = 0; k < offset; k++) if (source[k] === '\n') line++;
  return line;
}

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The source file a relative specifier names (`./x.js` is `./x.ts`), or undefined for a package or a non-source file. */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => /\.(ts|tsx|mts)$/.test(path) && existsSync(path) && statSync(path).isFile());
}

const featureOf = (path, prefix) => (path.startsWith(prefix) ? path.slice(prefix.length).split('/')[0] : undefined);
const isRouteFile = (path) => /(^|\/|-)routes\.ts$/.test(path);

/** The rules an import from `file` to `target` (both relative to the repository, `/`-separated) breaks. */
function boundaryRulesBroken(file, target) {
  const broken = [];
  const fromFeature = featureOf(file, SERVER_FEATURES);
  const toFeature = featureOf(target, SERVER_FEATURES);
  if (toFeature && fromFeature && fromFeature !== toFeature) {
    const inside = target.slice(SERVER_FEATURES.length + toFeature.length + 1);
    if (inside !== 'index.ts' && inside !== 'tables.ts') broken.push('feature-entry');
  }
  if (toFeature && isRouteFile(target)) {
    const ownFeature = `${SERVER_FEATURES}${toFeature}/`;
    const registers = file === ROUTE_REGISTRATION || file === `${ownFeature}index.ts` || file === `${ownFeature}routes.ts`;
    if (!registers) broken.push('route-import');
  }
  const fromWeb = featureOf(file, WEB_FEATURES);
  const toWeb = featureOf(target, WEB_FEATURES);
  if (fromWeb && toWeb && fromWeb !== toWeb) broken.push('web-feature');
  return broken;
}

/** Strongly connected components of more than one file (or a file importing itself), by Tarjan's algorithm. */
function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const { target } of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = (graph.get(node) ?? []).some(({ target }) => target === node);
      if (component.length > 1 || selfImport) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** One loop through a component: the imports leading from its first file back to it. */
function loopThrough(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const edge of graph.get(node) ?? []) {
      if (!members.has(edge.target)) continue;
      if (edge.target === start) {
        const loop = [edge];
        for (let step = cameFrom.get(node); step; step = cameFrom.get(step.file)) loop.unshift(step);
        return loop;
      }
      if (!cameFrom.has(edge.target)) {
        cameFrom.set(edge.target, edge);
        queue.push(edge.target);
      }
    }
  }
  return [];
}

/** Every boundary broken under `root` (a repository checkout): `{ rule, file, line, specifier, loop? }`, paths relative to root. */
export function checkImports(root) {
  const toRepo = (path) => relative(root, path).split(sep).join('/');
  const graph = new Map();
  const problems = [];
  for (const sourceRoot of SOURCE_ROOTS) {
    for (const path of sourceFiles(join(root, sourceRoot))) {
      const file = toRepo(path);
      const edges = [];
      for (const { specifier, line } of importsOf(readFileSync(path, 'utf8'))) {
        const resolved = resolveImport(path, specifier);
        if (!resolved) continue;
        const target = toRepo(resolved);
        edges.push({ file, line, specifier, target });
        for (const rule of boundaryRulesBroken(file, target)) problems.push({ rule, file, line, specifier });
      }
      graph.set(file, edges);
    }
  }
  for (const component of cyclesOf(graph)) {
    const loop = loopThrough(graph, component);
    problems.push({ rule: 'cycle', file: loop[0].file, line: loop[0].line, specifier: loop[0].specifier, loop, files: component.length });
  }
  return problems;
}

function report(problems) {
  for (const rule of Object.keys(RULES)) {
    const broken = problems.filter((problem) => problem.rule === rule);
    if (broken.length === 0) continue;
    console.error(`\n${rule} (${broken.length}): ${RULES[rule]}`);
    for (const problem of broken) {
      if (problem.loop) {
        console.error(`  cycle of ${problem.files} files:`);
        for (const step of problem.loop) console.error(`    ${step.file}:${step.line} imports '${step.specifier}'`);
      } else {
        console.error(`  ${problem.file}:${problem.line} imports '${problem.specifier}'`);
      }
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkImports(fileURLToPath(new URL('..', import.meta.url)));
  if (problems.length > 0) {
    report(problems);
    console.error(`\n${problems.length} import boundary problem(s)`);
    process.exit(1);
  }
}
