// Browser tests drive Debian's Chromium (Playwright's own download cannot work here).
// Installs it, with the CJK fonts screenshots need, when it is missing and we may use apt.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const fontsPresent = () => {
  try {
    return execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
};

if (existsSync(chromium) && fontsPresent()) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (!isRoot) {
  console.error(`缺少 Chromium 或中文字体，请先执行：sudo apt-get install -y chromium fonts-noto-cjk`);
  process.exit(1);
}
console.log('正在安装 chromium 与 fonts-noto-cjk（apt-get）……');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', {
  stdio: 'inherit',
  shell: '/bin/bash',
});
