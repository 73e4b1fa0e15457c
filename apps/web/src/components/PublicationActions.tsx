import { PUBLICATION_SUCCESS, type PublicationStatus } from '@zhaokao/contracts';
import { Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import { announce } from '../lib/api-client';
import { ActionLink } from './ActionLink';
import { DeleteLink } from './DeleteLink';

interface Props {
  row: { id: number; title: string; status: PublicationStatus; top: boolean };
  detailPath: string;
  /** The user holds content:publish: everything but 查看 needs it. */
  canWrite: boolean;
  /** What 撤回's confirmation adds to its question, e.g. what candidates will no longer see. */
  withdrawNote?: string;
  onEdit(): void;
  publish(id: number): Promise<unknown>;
  withdraw(id: number): Promise<unknown>;
  remove(id: number): Promise<unknown>;
  /** Offers 置顶 / 取消置顶 when given. */
  setTop?(id: number, top: boolean): Promise<unknown>;
}

/** A notice's or news item's row actions: 查看, 编辑, 发布 or 撤回, 置顶, and 删除 while not published. */
export function PublicationActions({ row, detailPath, canWrite, withdrawNote = '', onEdit, publish, withdraw, remove, setTop }: Props) {
  const published = row.status === 'published';
  return (
    <Space size={12}>
      <Link to={detailPath}>查看</Link>
      {canWrite && <ActionLink onClick={onEdit}>编辑</ActionLink>}
      {canWrite && !published && (
        <Popconfirm title={`发布“${row.title}”？`} okText="发布" onConfirm={() => announce(publish(row.id), PUBLICATION_SUCCESS.published)}>
          <ActionLink>发布</ActionLink>
        </Popconfirm>
      )}
      {canWrite && published && (
        <Popconfirm title={`撤回“${row.title}”？${withdrawNote}`} okText="撤回" onConfirm={() => announce(withdraw(row.id), PUBLICATION_SUCCESS.withdrawn)}>
          <ActionLink>撤回</ActionLink>
        </Popconfirm>
      )}
      {canWrite && setTop && (
        <ActionLink onClick={() => announce(setTop(row.id, !row.top), PUBLICATION_SUCCESS.topChanged)}>{row.top ? '取消置顶' : '置顶'}</ActionLink>
      )}
      {canWrite && !published && <DeleteLink title={`删除“${row.title}”？`} onDelete={() => remove(row.id)} />}
    </Space>
  );
}
