import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// vite.config.ts builds antd's Table without the Tree of its tree-mode column filter; these keep that true.
const here = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("antd Table without its filter's Tree", () => {
  it('no page sets a tree-mode column filter', () => {
    const users = sourceFiles(path.join(here, 'src')).filter((file) => readFileSync(file, 'utf8').includes('filterMode'));
    expect(users).toEqual([]);
  });

  it('no table column sets filters', () => {
    const users = sourceFiles(path.join(here, 'src')).filter((file) =>
      /\bfilters:\s*\[|\bfilterDropdown\b|\bonFilter\b|\bfilteredValue\b|\bfilterIcon\b/.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
  });

  it('no table is virtual', () => {
    const users = sourceFiles(path.join(here, 'src')).filter((file) => /\bvirtual\b/.test(readFileSync(file, 'utf8')));
    expect(users).toEqual([]);
  });

  it('no Typography is editable in place', () => {
    const users = sourceFiles(path.join(here, 'src')).filter((file) =>
      /<Typography\.\w+[^>]*\beditable\b/.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
  });

  it('no table selects rows by radio', () => {
    const users = sourceFiles(path.join(here, 'src')).filter((file) => /\btype:\s*'radio'/.test(readFileSync(file, 'utf8')));
    expect(users).toEqual([]);
  });

  it('antd still imports the parts the build replaces from where it replaces them', () => {
    const antd = path.dirname(createRequire(import.meta.url).resolve('antd/es/index.js'));
    expect(readFileSync(path.join(antd, 'table/InternalTable.js'), 'utf8')).toMatch(/import RcVirtualTable from '\.\/RcTable\/VirtualTable';/);
    expect(readFileSync(path.join(antd, 'table/hooks/useFilter/index.js'), 'utf8')).toMatch(
      /import FilterDropdown, \{ flattenKeys \} from '\.\/FilterDropdown';/,
    );
    expect(readFileSync(path.join(antd, 'typography/Base/index.js'), 'utf8')).toMatch(/import Editable from '\.\.\/Editable';/);
    expect(readFileSync(path.join(antd, 'table/hooks/useSelection.js'), 'utf8')).toMatch(/import Radio from '\.\.\/\.\.\/radio';/);
  });

  it("antd's filter dropdown still takes Tree from where the build replaces it", () => {
    const antdTable = path.dirname(createRequire(import.meta.url).resolve('antd/es/table/index.js'));
    const dropdown = readFileSync(path.join(antdTable, 'hooks/useFilter/FilterDropdown.js'), 'utf8');
    expect(dropdown).toMatch(/import Tree from '\.\.\/\.\.\/\.\.\/tree';/);
  });
});
