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
  const noOrder = !orderDrawn(group);
  const noScoreSheet = noOrder || !examinersDrawn(group);
  const where = `${group.roomName} ${group.date}`;
  return (
    <Space wrap size={4}>
      {canManage && (
        <Tooltip title={noOrder ? '请先抽取面试顺序' : undefined}>
          <Button
            size={size}
            icon={<PrinterOutlined aria-hidden />}
            aria-label={`打印抽签表：${where}`}
            disabled={noOrder}
            loading={loading === 'draw'}
            onClick={() => download('draw')}
          >
            打印抽签表
          </Button>
        </Tooltip>
      )}
      <Tooltip title={noScoreSheet ? '请先抽取面试顺序和考官' : undefined}>
        <Button
          size={size}
          icon={<PrinterOutlined aria-hidden />}
          aria-label={`打印评分表：${where}`}
          disabled={noScoreSheet}
          loading={loading === 'score'}
          onClick={() => download('score')}
        >
          打印评分表
        </Button>
      </Tooltip>
    </Space>
  );
}
