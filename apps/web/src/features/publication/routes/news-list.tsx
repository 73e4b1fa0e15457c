import { PUBLICATION_STATUS_LIST, type NewsRow, newsList } from '@zhaokao/contracts';
import { Card, Image, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddButton } from '../../../components/AddButton';
import { DataTable } from '../../../components/DataTable';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { publicationActionsColumn } from '../../../components/PublicationActions';
import { PUBLICATION_STATUS_OPTIONS, PublicationStatusTag, publicationTime } from '../../../components/PublicationStatusTag';
import { lazyModal } from '../../../components/lazy-modal';
import { useHasPermission } from '../../../lib/session';
import { usePagedList } from '../../../lib/use-paged-list';
import { useDeleteNews, usePublishNews, useWithdrawNews } from '../api/news-api';

const NewsFormModal = lazyModal(() => import('../components/NewsFormModal').then((m) => m.NewsFormModal));

const detailPath = (id: number) => `/sysManage/introduceCmsdetails?id=${id}`;

/** 新闻发布: the company's news, with their covers; writing them needs content:publish, reading them any staff member. */
export default function NewsListPage() {
  const { bind, tableProps } = usePagedList(newsList, {
    label: '新闻列表',
    filters: { status: PUBLICATION_STATUS_LIST, keyword: 'text' },
    showTotal: (total) => `共 ${total} 条新闻`,
    refetchOnMount: 'always',
  });
  const canWrite = useHasPermission(['content:publish']);
  const publish = usePublishNews();
  const withdraw = useWithdrawNews();
  const remove = useDeleteNews();
  /** null: adding; a number: editing that news item. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  return (
    <Card title="新闻发布">
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchFilter label="搜索新闻标题" placeholder="新闻标题" width={220} {...bind('keyword')} />
        <SelectFilter label="按状态筛选" placeholder="全部状态" width={140} {...bind('status')} options={PUBLICATION_STATUS_OPTIONS} />
        <AddButton anyOf={['content:publish']} onClick={() => setEditing(null)}>
          新增新闻
        </AddButton>
      </Space>
      <DataTable<NewsRow>
        {...tableProps}
        scroll={{ x: 1160 }}
        columns={[
          {
            title: '封面',
            dataIndex: 'cover',
            width: 110,
            render: (cover: NewsRow['cover'], row: NewsRow) =>
              cover ? (
                <Image src={cover.url} alt={`${row.title}的封面`} width={80} height={52} style={{ objectFit: 'cover', borderRadius: 4 }} preview={{ mask: '预览' }} />
              ) : (
                <Typography.Text type="secondary">无封面</Typography.Text>
              ),
          },
          {
            title: '标题',
            key: 'title',
            width: 320,
            render: (_: unknown, row: NewsRow) => (
              <>
                <div>
                  {row.top && <Tag color="red">置顶</Tag>}
                  <Link to={detailPath(row.id)}>{row.title}</Link>
                </div>
                {row.summary && (
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
                    {row.summary}
                  </Typography.Paragraph>
                )}
              </>
            ),
          },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: NewsRow['status']) => <PublicationStatusTag status={s} /> },
          { title: '发布时间', dataIndex: 'publishedAt', width: 150, render: publicationTime },
          { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: publicationTime },
          { title: '发布人', dataIndex: 'createdByName', width: 100, render: (n: string) => n || '—' },
          publicationActionsColumn<NewsRow>({ canWrite, writerWidth: 220, detailPath, onEdit: setEditing, mutations: { publish, withdraw, remove } }),
        ]}
      />
      {editing !== undefined && <NewsFormModal newsId={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
