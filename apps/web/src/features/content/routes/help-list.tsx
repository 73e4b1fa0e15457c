import { Card, Empty, Input, List, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHelpList } from '../api/content-api';

export default function HelpListPage() {
  const [keyword, setKeyword] = useState('');
  const { data, isLoading } = useHelpList(keyword);
  const categories = [...new Set((data ?? []).map((a) => a.category))];
  return (
    <Card
      title="帮助中心"
      extra={
        <Input.Search
          allowClear
          placeholder="搜索帮助文章"
          aria-label="搜索帮助文章"
          maxLength={50}
          onSearch={(value) => setKeyword(value.trim())}
          style={{ width: 260, maxWidth: '50vw' }}
        />
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : categories.length === 0 ? (
        <Empty description={keyword ? `没有找到与“${keyword}”相关的文章` : '暂无帮助文章'} />
      ) : (
        categories.map((category) => (
          <section key={category} style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>{category}</Typography.Title>
            <List
              size="small"
              bordered
              dataSource={data!.filter((a) => a.category === category)}
              renderItem={(a) => (
                <List.Item>
                  <List.Item.Meta title={<Link to={`/help/details?id=${a.id}`}>{a.title}</Link>} description={a.summary} />
                </List.Item>
              )}
            />
          </section>
        ))
      )}
    </Card>
  );
}
