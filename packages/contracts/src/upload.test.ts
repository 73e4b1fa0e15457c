import { describe, expect, it } from 'vitest';
import { countMessage, joinUrls, sizeMessage, splitUrls, uploadProblem } from './upload.js';
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
