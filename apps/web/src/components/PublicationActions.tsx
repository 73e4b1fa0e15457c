import { PUBLICATION_SUCCESS, type PublicationStatus } from '@zhaokao/contracts';
import { Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import { announce } from '../lib/api-client';
import { ActionLink } from './ActionLink';
import { DeleteLink } from './DeleteLink';

type PublicationRow = { id: number; title: string; status: PublicationStatus; top: boolean };

interface IdMutation {
  mutateAsync(input: { id: number }): Promise<unknown>;
}

interface Props {
  /** The user holds content:publish: everything but 查看 needs it. */
  canWrite: boolean;
  detailPath(id: number): string;
  /** What 撤回's confirmation adds to its question, e.g. what candidates will no longer see. */
  withdrawNote?: string;
  onEdit(id: number): void;
  /** The list's endpoints; `top` offers 置顶 / 取消置顶 when given. */
  mutations: {
    publish: IdMutation;
    withdraw: IdMutation;
    remove: IdMutation;
    top?: { mutateAsync(input: { id: number; top: boolean }): Promise<unknown> };
  };
}

/** A notice list's or news list's 操作 column (PublicationActions); `writerWidth` is its width for a user who may write. */
export const publicationActionsColumn = <Row extends PublicationRow>({ writerWidth, ...props }: Props & { writerWidth: number }) => ({
  title: '操作',
  key: 'actions',
  fixed: 'right' as const,
  width: props.canWrite ? writerWidth : 80,
  render: (_: unknown, row: Row) => <PublicationActions row={row} {...props} />,
});

/** A notice's or news item's row actions: 查看, 编辑, 发布 or 撤回, 置顶, and 删除 while not published. */
function PublicationActions({ row, canWrite, detailPath, withdrawNote = '', onEdit, mutations }: Props & { row: PublicationRow }) {
  const { publish, withdraw, remove, top } = mutations;
  const published = row.status === 'published';
  const id = row.id;
  return (
    <Space size={12}>
      <Link to={detailPath(id)}>查看</Link>
      {canWrite && <ActionLink onClick={() => onEdit(id)}>编辑</ActionLink>}
      {canWrite && !published && (
        <Popconfirm title={`发布“${row.title}”？`} okText="发布" onConfirm={() => announce(publish.mutateAsync({ id }), PUBLICATION_SUCCESS.published)}>
          <ActionLink>发布</ActionLink>
        </Popconfirm>
      )}
      {canWrite && published && (
        <Popconfirm title={`撤回“${row.title}”？${withdrawNote}`} okText="撤回" onConfirm={() => announce(withdraw.mutateAsync({ id }), PUBLICATION_SUCCESS.withdrawn)}>
          <ActionLink>撤回</ActionLink>
        </Popconfirm>
      )}
      {canWrite && top && (
        <ActionLink onClick={() => announce(top.mutateAsync({ id, top: !row.top }), PUBLICATION_SUCCESS.topChanged)}>{row.top ? '取消置顶' : '置顶'}</ActionLink>
      )}
      {canWrite && !published && <DeleteLink title={`删除“${row.title}”？`} onDelete={() => remove.mutateAsync({ id })} />}
    </Space>
  );
}
