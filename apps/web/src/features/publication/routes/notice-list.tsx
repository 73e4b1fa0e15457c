import { PUBLICATION_STATUS_LIST, type NoticeRow, companyNoticeList } from '@zhaokao/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AddButton } from '../../../components/AddButton';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { PlanFilter } from '../../../components/PlanFilters';
import { publicationActionsColumn } from '../../../components/PublicationActions';
import { PUBLICATION_STATUS_OPTIONS, PublicationStatusTag, publicationTime } from '../../../components/PublicationStatusTag';
import { lazyModal } from '../../../components/lazy-modal';
import { type NoticeDraft, noticeDraftOf } from '../../../lib/notice-draft';
import { useHasPermission } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useDeleteNotice, usePublishNotice, useTopNotice, useWithdrawNotice } from '../api/notice-api';

const NoticeFormModal = lazyModal(() => import('../components/NoticeFormModal').then((m) => m.NoticeFormModal));

const noticeDetailPath = (id: number) => `/manage/newsDetails?id=${id}`;

/** 公示公告: the company's notices in every state; writing them needs content:publish, reading them any staff member. */
export default function NoticeListPage() {
  const { bind, tableProps } = usePagedList(companyNoticeList, {
    label: '公示公告列表',
    filters: { status: PUBLICATION_STATUS_LIST, keyword: 'text', recruitmentId: 'id' },
    showTotal: (total) => `共 ${total} 条公告`,
    refetchOnMount: 'always',
  });
  const canWrite = useHasPermission(['content:publish']);
  const publish = usePublishNotice();
  const withdraw = useWithdrawNotice();
  const top = useTopNotice();
  const remove = useDeleteNotice();
  /** null: adding; a number: editing that notice. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const { draft, draftKey, dropDraft } = useArrivingDraft(() => setEditing(null));

  return (
    <Card title="公示公告">
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchFilter label="搜索公告标题" placeholder="公告标题" width={220} {...bind('keyword')} />
        <SelectFilter label="按状态筛选" placeholder="全部状态" width={140} {...bind('status')} options={PUBLICATION_STATUS_OPTIONS} />
        <PlanFilter width={240} {...bind('recruitmentId')} />
        <AddButton anyOf={['content:publish']} onClick={() => setEditing(null)}>
          新增公告
        </AddButton>
      </Space>
      <DataTable<NoticeRow>
        {...tableProps}
        scroll={{ x: 1180 }}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            fixed: 'left',
            width: 260,
            ellipsis: true,
            render: (title: string, row: NoticeRow) => (
              <>
                {row.top && <Tag color="red">置顶</Tag>}
                <Link to={noticeDetailPath(row.id)}>{title}</Link>
              </>
            ),
          },
          {
            title: '所属计划',
            dataIndex: 'recruitmentName',
            width: 200,
            ellipsis: true,
            render: (name: string, row: NoticeRow) =>
              row.recruitmentId === null ? <Typography.Text type="secondary">全公司</Typography.Text> : name,
          },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: NoticeRow['status']) => <PublicationStatusTag status={s} /> },
          { title: '置顶', dataIndex: 'top', width: 70, render: (t: boolean) => (t ? '是' : '否') },
          { title: '发布时间', dataIndex: 'publishedAt', width: 150, render: publicationTime },
          { title: '附件', dataIndex: 'attachmentCount', width: 70 },
          { title: '发布人', dataIndex: 'createdByName', width: 100, render: (n: string) => n || '—' },
          publicationActionsColumn<NoticeRow>({
            canWrite,
            writerWidth: 290,
            detailPath: noticeDetailPath,
            withdrawNote: '撤回后考生将看不到这条公告。',
            onEdit: setEditing,
            mutations: { publish, withdraw, remove, top },
          }),
        ]}
      />
      {editing !== undefined && (
        <NoticeFormModal
          key={editing === null && draft ? draftKey : 'notice'}
          noticeId={editing ?? undefined}
          draft={editing === null ? draft : undefined}
          onClose={() => {
            setEditing(undefined);
            dropDraft();
          }}
        />
      )}
    </Card>
  );
}

/**
 * A notice draft brought by the navigation that opened this page (a gate's 生成公告, see lib/notice-draft.ts): opens
 * the editor on it once (`open`), then leaves the history entry without it, so that back or a reload does not bring it again.
 */
function useArrivingDraft(open: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrived, setArrived] = useState<{ draft: NoticeDraft; key: string }>();
  const [seen, setSeen] = useState<string>();
  if (seen !== location.key) {
    setSeen(location.key);
    const draft = noticeDraftOf(location.state);
    if (draft) {
      setArrived({ draft, key: location.key });
      open();
    }
  }
  const carriesDraft = noticeDraftOf(location.state) !== undefined;
  useEffect(() => {
    if (carriesDraft) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [carriesDraft, location.pathname, location.search, navigate]);
  return { draft: arrived?.draft, draftKey: arrived?.key, dropDraft: () => setArrived(undefined) };
}
