import type { TalentClassifyNode } from '@zhaokao/contracts';

export type ClassifyOption = { title: string; value: number; disabled?: boolean; children: ClassifyOption[] };

/** The tree as TreeSelect options; `blockedId` and everything under it cannot be chosen (a move's new parent). */
export function classifyOptions(nodes: TalentClassifyNode[], blockedId?: number, inside = false): ClassifyOption[] {
  return nodes.map((n) => {
    const blocked = inside || n.id === blockedId;
    return { title: n.name, value: n.id, disabled: blocked, children: classifyOptions(n.children, blockedId, blocked) };
  });
}

export const countClassifies = (nodes: TalentClassifyNode[]): number => nodes.reduce((n, node) => n + 1 + countClassifies(node.children), 0);
