import { type ResumeView, isAllowedFileUrl, splitUrls } from '@zhaokao/contracts';
import { Descriptions, Empty, Flex, Image, Space, Typography } from 'antd';
import { DataTable } from '../DataTable';
import { FileLink } from '../FileLink';

/** The first of the photo's urls that may be shown: one of ours, or an `https:` address. */
const photoOf = (urls: string) => splitUrls(urls).find(isAllowedFileUrl);

/** A list cell: uploaded files (the column `image`) as links, anything else as text. */
function cell(key: string, value: string | undefined) {
  if (!value) return '—';
  if (key !== 'image') return value;
  return (
    <Space wrap size={8}>
      {splitUrls(value).map((url, i) => (
        <FileLink key={url} url={url}>
          查看文件{i + 1}
        </FileLink>
      ))}
    </Space>
  );
}

function CertificatePhoto({ urls, name }: { urls: string; name: string }) {
  const photo = photoOf(urls);
  return (
    <div style={{ flex: 'none', width: 120, textAlign: 'center' }}>
      {photo ? (
        <Image src={photo} alt={`${name}的证件照`} width={110} height={140} style={{ objectFit: 'cover' }} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未上传证件照" />
      )}
    </div>
  );
}

/** SPEC dialog 3: the resume as submitted, in the sections and fields of the post's resume template; the photo beside the first. */
export function ResumeSections({ resume, name }: { resume: ResumeView; name: string }) {
  return (
    <Flex vertical gap={16}>
      {resume.sections.map((section, index) => (
        <section key={section.groupName} aria-label={section.groupName}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {section.groupName}
          </Typography.Title>
          {(section.fields.length > 0 || index === 0) && (
            <Flex gap={16} align="start">
              {section.fields.length > 0 && (
                <Descriptions
                  style={{ flex: 1, minWidth: 0 }}
                  size="small"
                  bordered
                  column={{ xs: 1, sm: 2, lg: 3 }}
                  items={section.fields.map((f) => ({ key: f.code, label: f.name, children: f.value || '—' }))}
                />
              )}
              {index === 0 && <CertificatePhoto urls={resume.certificateImage} name={name} />}
            </Flex>
          )}
          {section.lists.map((list) => {
            const titled = list.name !== section.groupName;
            return (
              <div key={list.code} style={{ marginTop: section.fields.length > 0 ? 12 : 0 }}>
                {titled && <Typography.Text strong>{list.name}</Typography.Text>}
                <DataTable<Record<string, string>>
                  label={list.name}
                  size="small"
                  bordered
                  style={{ marginTop: titled ? 8 : 0 }}
                  rowKey={(_, i) => String(i)}
                  pagination={false}
                  scroll={{ x: list.columns.length * 120 }}
                  dataSource={list.rows}
                  locale={{ emptyText: `暂无${list.name}` }}
                  columns={list.columns.map((c) => ({ title: c.title, dataIndex: c.key, render: (v?: string) => cell(c.key, v) }))}
                />
              </div>
            );
          })}
        </section>
      ))}
    </Flex>
  );
}
