import { describe, expect, it } from 'vitest';
import { countMessage, fileNameProblem, joinUrls, sizeMessage, splitUrls, uploadLimitKb, uploadProblem } from './upload.js';
import { holdsAny } from './permissions.js';

describe('upload rules (SPEC §5)', () => {
  it('accepts the four image types up to 5000 KB by default', () => {
    for (const name of ['a.jpeg', 'a.JPG', 'a.gif', 'a.png']) expect(uploadProblem('image', name, 1024)).toBeNull();
    expect(uploadProblem('image', 'a.bmp', 1024)).toBe('上传文件只能是图片格式!');
    expect(uploadProblem('image', 'a.png', 5000 * 1024)).toBeNull();
    expect(uploadProblem('image', 'a.png', 5000 * 1024 + 1)).toBe('上传文件大小不能超过 5000kb');
    expect(uploadProblem('image', 'a.png', 2048, 1)).toBe(sizeMessage(1));
  });

  it('has 10000 KB for video and mp3/mpeg for audio', () => {
    expect(uploadProblem('video', 'a.mp4', 10000 * 1024)).toBeNull();
    expect(uploadProblem('video', 'a.mp4', 10000 * 1024 + 1)).toBe('上传文件大小不能超过 10000kb');
    expect(uploadProblem('audio', 'a.mp3', 10)).toBeNull();
    expect(uploadProblem('audio', 'a.wav', 10)).toBe('上传文件只能是音频格式!');
  });

  it("lets maxKb lower the kind's maximum, never raise it", () => {
    expect(uploadLimitKb('image')).toBe(5000);
    expect(uploadLimitKb('image', 1)).toBe(1);
    expect(uploadLimitKb('image', 6000)).toBe(5000);
    expect(uploadProblem('image', 'a.png', 6000 * 1024, 6000)).toBe(sizeMessage(5000));
    expect(uploadProblem('video', 'a.mp4', 10000 * 1024, 20000)).toBeNull();
  });

  it('refuses file names with control or direction characters, or longer than 200 characters', () => {
    const characters = '文件名含有不允许的字符，请重命名后再上传';
    for (const name of ['a\u0000.png', 'a\u0007.png', 'a\u007f.png', 'a\u202egnp.png', '\u2066a.png', 'a\u200f.png']) {
      expect(fileNameProblem(name)).toBe(characters);
      expect(uploadProblem('image', name, 10)).toBe(characters);
    }
    expect(fileNameProblem(`${'名'.repeat(196)}.png`)).toBeNull();
    expect(fileNameProblem(`${'😀'.repeat(196)}.png`)).toBeNull();
    expect(fileNameProblem(`${'名'.repeat(197)}.png`)).toBe('文件名最长 200 个字符，请重命名后再上传');
    expect(fileNameProblem('证件照 (1).png')).toBeNull();
  });

  it('says the count limit as SPEC words it', () => {
    expect(countMessage(99)).toBe('图片超限，最多可上传99张图片');
  });

  it('keeps image fields as comma-separated urls', () => {
    expect(splitUrls(' /a.png, ,/b.png ')).toEqual(['/a.png', '/b.png']);
    expect(splitUrls(null)).toEqual([]);
    expect(joinUrls(['/a.png', '/b.png'])).toBe('/a.png,/b.png');
  });
});

describe('permissions (SPEC §6)', () => {
  it('needs one of the listed permissions and refuses an empty list', () => {
    expect(holdsAny(['plan:edit'], ['plan:edit', 'staff:manage'])).toBe(true);
    expect(holdsAny(['plan:edit'], ['staff:manage'])).toBe(false);
    expect(() => holdsAny(['plan:edit'], [])).toThrow();
  });
});
