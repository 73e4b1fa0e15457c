import { INTERVIEW_DRAW_PERMISSIONS, type DrawGroupRow } from '@zhaokao/contracts';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useHasPermission } from '../../../lib/session';
import { type DrawSheet, downloadDrawSheet } from '../api/download-sheets';
import { examinersDrawn, orderDrawn } from './draw-words';

/**
 * 打印抽签表 (for the sign-in desk; staff who set up the draws) and 打印评分表 (numbers × seats, signature lines; anyone
 * who may look), each a PDF download, offered once its draws are done.
 */
export function SheetButtons({ group, size }: { group: DrawGroupRow; size?: 'small' | 'middle' }) {
  const canManage = useHasPermission(INTERVIEW_DRAW_PERMISSIONS);
  const [loading, setLoading] = useState<DrawSheet>();
  const download = async (sheet: DrawSheet) => {
    setLoading(sheet);
    await downloadDrawSheet(sheet, group);
    setLoading(undefined);
  };
  const where = `${group.roomName} ${group.date}`;
  /** A sheet's button, disabled with `notYet` (the draw still missing) as its tooltip until that draw is done. */
  const sheetButton = (sheet: DrawSheet, label: string, notYet: string | undefined) => (
    <Tooltip title={notYet}>
      <Button
        size={size}
        icon={<PrinterOutlined aria-hidden />}
        aria-label={`${label}：${where}`}
        disabled={notYet !== undefined}
        loading={loading === sheet}
        onClick={() => download(sheet)}
      >
        {label}
      </Button>
    </Tooltip>
  );
  const orderNotYet = orderDrawn(group) ? undefined : '请先抽取面试顺序';
  const scoreNotYet = orderDrawn(group) && examinersDrawn(group) ? undefined : '请先抽取面试顺序和考官';
  return (
    <Space wrap size={4}>
      {canManage && sheetButton('draw', '打印抽签表', orderNotYet)}
      {sheetButton('score', '打印评分表', scoreNotYet)}
    </Space>
  );
}
