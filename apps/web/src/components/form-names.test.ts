import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every open tab's page stays in the document (app/layout/TabPages.tsx) and a form's name prefixes its fields'
 * ids, so every antd Form and FormModal in the app needs a name of its own.
 */
const root = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );

/**
 * The opening tags of <Form> and <FormModal> (with or without a type argument), each with its `name`, and
 * whether the file has named fields (a form without them, such as the theme drawer's, makes no ids).
 */
function formsIn(source: string) {
  const namedFields = /<Form\.Item[^>]*\sname=/s.test(source);
  return [...source.matchAll(/<(Form|FormModal)(<[^>]*>)?(\s[^>]*?)?>/gs)].map((m) => ({
    tag: m[0].split(/\s/)[0],
    name: /\sname="([^"]+)"/.exec(m[3] ?? '')?.[1],
    namedFields,
  }));
}

describe('form names', () => {
  // FormModal itself passes its `name` on: its callers are the forms.
  const forms = files(root)
    .filter((f) => !f.endsWith(join('components', 'FormModal.tsx')))
    .flatMap((file) => formsIn(readFileSync(file, 'utf8')).map((form) => ({ ...form, file: file.slice(root.length + 1) })));

  it('finds the forms', () => {
    expect(forms.length).toBeGreaterThan(10);
  });

  it('gives every form with fields a name', () => {
    expect(forms.filter((f) => f.namedFields && !f.name)).toEqual([]);
  });

  it('never gives two forms one name', () => {
    const named = forms.filter((f) => f.name);
    const names = named.map((f) => f.name);
    expect(named.filter((f, i) => names.indexOf(f.name) !== i)).toEqual([]);
  });
});
