import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Below an editor that saves as a whole: whether it holds unsaved changes, 还原 (back to what is saved) and the save. */
export function DraftSaveBar({ dirty, saving, onRevert, onSave, children }: {
  dirty: boolean;
  saving: boolean;
  onRevert(): void;
  onSave(): void;
  /** The save button's words. */
  children: ReactNode;
}) {
  return (
    <Space wrap>
      {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
      <Button disabled={!dirty} onClick={onRevert}>
        还原
      </Button>
      <Button type="primary" loading={saving} onClick={onSave}>
        {children}
      </Button>
    </Space>
  );
}
