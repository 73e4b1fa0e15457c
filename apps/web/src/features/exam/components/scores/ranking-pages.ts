import type { RankingKind } from '@zhaokao/contracts';

/** The three ranking pages (SPEC §4's kinds): where each lives and what it calls a pass. */
export const RANKING_PAGES = {
  written: { title: '笔试排名', path: '/writtenExamination/writtenTestRanking', passedTitle: '是否入围', passedWord: '入围', failedWord: '未入围' },
  audition: { title: '面试排名', path: '/auditionExamination/writtenTestRanking', passedTitle: '是否拟录用', passedWord: '拟录用', failedWord: '未录用' },
  complex: { title: '综合排名', path: '/auditionExamination/complexTestRanking', passedTitle: '是否拟录用', passedWord: '拟录用', failedWord: '未录用' },
} as const satisfies Record<RankingKind, unknown>;
