import { DownloadOutlined } from '@ant-design/icons';
import { POSTER_HEIGHT, POSTER_WIDTH, type PosterTemplateId, planPoster } from '@zhaokao/contracts';
import { Button, Card, Col, Form, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { ServerImage } from '../../../components/ServerImage';
import { downloadFile, fileUrl } from '../../../lib/download';
import { usePlanOptions } from '../../../lib/options';
import { usePosterPosts } from '../api/poster-api';
import { TemplatePicker } from '../components/TemplatePicker';

/** 推广海报 (SPEC §2): a plan's (or one post's) recruitment poster, drawn by the server, its QR code leading to the candidate site. */
export default function PosterPage() {
  const { data: plans, isLoading: plansLoading } = usePlanOptions();
  const [chosenPlan, setChosenPlan] = useState<number>();
  const [postId, setPostId] = useState<number>();
  const [template, setTemplate] = useState<PosterTemplateId>('blue');
  const [downloading, setDownloading] = useState(false);
  // The newest plan until another is chosen.
  const planId = chosenPlan ?? plans?.[0]?.id;
  const plan = plans?.find((p) => p.id === planId);
  const { data: posts, isLoading: postsLoading } = usePosterPosts(planId);
  const post = posts?.find((p) => p.id === postId);
  const url = planId === undefined ? undefined : fileUrl(planPoster, { planId, postId, template });

  async function download() {
    if (!url || !plan) return;
    setDownloading(true);
    try {
      await downloadFile(url, `${post ? `${plan.name}-${post.jobVacancy}` : plan.name}-推广海报.png`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card className="page-card" title="推广海报">
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={11} xl={10}>
          <Typography.Paragraph type="secondary">
            选择招录计划和模板生成招聘海报，海报上的二维码可直达该计划的报名页面，下载后可分享到微信群、朋友圈或打印张贴。
          </Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label="招录计划" required>
              <Select<number>
                aria-label="招录计划"
                placeholder="选择招录计划"
                showSearch={{ optionFilterProp: 'label' }}
                loading={plansLoading}
                value={planId}
                options={(plans ?? []).map((p) => ({ label: p.name, value: p.id }))}
                notFoundContent="还没有招录计划"
                onChange={(id) => {
                  setChosenPlan(id);
                  setPostId(undefined);
                }}
              />
            </Form.Item>
            <Form.Item label="岗位" extra="不选岗位时，海报列出计划的全部岗位">
              <Select<number>
                aria-label="岗位"
                placeholder="全部岗位"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                disabled={planId === undefined}
                loading={postsLoading}
                value={postId}
                options={(posts ?? []).map((p) => ({ label: p.jobVacancy, value: p.id }))}
                notFoundContent="该计划还没有岗位"
                onChange={(id?: number) => setPostId(id)}
              />
            </Form.Item>
            <Form.Item label="海报模板">
              <TemplatePicker value={template} onChange={setTemplate} />
            </Form.Item>
            <Button type="primary" icon={<DownloadOutlined aria-hidden />} disabled={!url} loading={downloading} onClick={() => void download()}>
              下载海报
            </Button>
          </Form>
        </Col>
        <Col xs={24} lg={13} xl={14}>
          <ServerImage
            url={url}
            alt="海报预览"
            width={POSTER_WIDTH / 2}
            height={POSTER_HEIGHT / 2}
            empty={plansLoading ? '正在加载…' : '还没有招录计划，请先新建招录计划'}
          />
        </Col>
      </Row>
    </Card>
  );
}
