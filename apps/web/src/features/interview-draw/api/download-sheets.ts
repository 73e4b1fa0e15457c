import { interviewDrawSheetPdf, interviewScoreSheetPdf } from '@zhaokao/contracts';
import { downloadFile, fileUrl } from '../../../lib/download';

export type DrawSheet = 'draw' | 'score';

/** 打印抽签表 / 打印评分表: the group's PDF, downloaded (a refusal's message shows instead). */
export function downloadDrawSheet(sheet: DrawSheet, group: { id: number; roomName: string; date: string }): Promise<boolean> {
  const ep = sheet === 'draw' ? interviewDrawSheetPdf : interviewScoreSheetPdf;
  const name = sheet === 'draw' ? '面试抽签表' : '面试评分汇总表';
  return downloadFile(fileUrl(ep, { id: group.id }), `${name}-${group.roomName}-${group.date}.pdf`);
}
