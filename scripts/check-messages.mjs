#!/usr/bin/env node
// Fails when a Chinese message written in apps/web is also written in packages/contracts or apps/server: a message
// both sides show must be written once, in the contracts, and imported. A message is a string or template literal
// that asks (请…), reports (…成功, 已…) or refuses (须, 不能, 最长…); labels such as '笔试' are not messages. A
// template literal is compared with its `${...}` parts blanked, so `第 ${i} 项` and `第 ${n} 项` are one message.
// Tests are not scanned: they quote messages on purpose.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MESSAGE = /请|成功|失败|须为|需|不能|不正确|错误|最长|至少|最多|只能|重复|还没有|已重置|已修改|已停用|已启用|不一致|不存在/;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The messages among the string and template literals of a TypeScript source, comments skipped; `${...}` in templates becomes `${}`. */
export function literalsOf(source) {
  const found = [];
  let i = 0;
  const readTemplate = () => {
    let text = '';
    i++;
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        let depth = 1;
        i += 2;
        while (i < source.length && depth > 0) {
          if (source[i] === '{') depth++;
          else if (source[i] === '}') depth--;
          else if (source[i] === '`') readTemplate();
          i++;
        }
        text += '${}';
      } else {
        text += source[i++];
      }
    }
    i++;
    return text;
  };
  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i) + 2;
      if (i < 2) break;
    } else if (c === "'" || c === '"') {
      let end = i + 1;
      while (end < source.length && source[end] !== c && source[end] !== '\n') end += source[end] === '\\' ? 2 : 1;
      // A field's placeholder prompts rather than tells, even when it reads like the message for the empty field.
      if (!source.slice(0, i).endsWith('placeholder=')) found.push(source.slice(i + 1, end));
      i = end + 1;
    } else if (c === '`') {
      found.push(readTemplate());
    } else {
      i++;
    }
  }
  return found.filter((text) => MESSAGE.test(text));
}

function literalsIn(dirs) {
  const where = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(join(root, dir)))) {
    for (const text of literalsOf(readFileSync(file, 'utf8'))) {
      if (!where.has(text)) where.set(text, relative(root, file));
    }
  }
  return where;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const shared = literalsIn(['packages/contracts/src', 'apps/server/src']);
  const web = literalsIn(['apps/web/src']);
  const twice = [...web].filter(([text]) => shared.has(text));
  for (const [text, file] of twice) console.error(`${file}: “${text}” is also written in ${shared.get(text)}; import it from the contracts`);
  if (twice.length > 0) {
    console.error(`\n${twice.length} message(s) written both in apps/web and in the contracts or server.`);
    process.exit(1);
  }
  console.log('check-messages: no message is written both in apps/web and in the contracts or server.');
}
