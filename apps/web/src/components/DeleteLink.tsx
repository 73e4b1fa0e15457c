import { SUCCESS_MESSAGES } from '@zhaokao/contracts';
import { Popconfirm } from 'antd';
import { announce } from '../lib/api-client';
import { ActionLink } from './ActionLink';

interface Props {
  /** The confirmation question, e.g. 删除部门“人事科”？ */
  title: string;
  /** Rejects when the server refused; its message has already been shown. */
  onDelete(): Promise<unknown>;
}

/** A red 删除 link that asks first and says 删除成功 once the server agreed. */
export function DeleteLink({ title, onDelete }: Props) {
  return (
    <Popconfirm
      title={title}
      okText="删除"
      okButtonProps={{ danger: true }}
      onConfirm={() => announce(onDelete(), SUCCESS_MESSAGES.deleted)}
    >
      <ActionLink type="danger">删除</ActionLink>
    </Popconfirm>
  );
}
