import { Node } from '@tiptap/react';

/**
 * A video or audio player: `<video controls src>` / `<audio controls src>` of a file uploaded through the upload
 * widget (the server keeps players of the company's own files only). A player written with `<source>` children is read
 * with its first source's address.
 */
const player = (name: 'video' | 'audio') =>
  Node.create({
    name,
    group: 'block',
    atom: true,
    draggable: true,
    addAttributes: () => ({
      src: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('src') ?? element.querySelector('source[src]')?.getAttribute('src') ?? null,
      },
    }),
    parseHTML: () => [{ tag: name }],
    renderHTML: ({ HTMLAttributes }) => [name, { ...HTMLAttributes, controls: '' }],
  });

export const Video = player('video');
export const Audio = player('audio');
