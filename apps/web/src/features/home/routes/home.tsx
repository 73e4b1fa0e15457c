import { BankOutlined, EnvironmentOutlined, MailOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import {
  EXAM_STAGES, type ExamStage, GATE_RESULTS, HOME_EXAM_STEPS, HOME_GATE_STEPS, type HomeExamCard,
  type HomeExamStep, type HomeGateCard, type HomeGateStep, type HomePlan, INTERVIEW_STAGE, PLAN_STATUS_LABELS,
  RIGHT_EXPIRY_WARNING_DAYS, PUBLICITY_RESULTS, WRITTEN_STAGE, formatYuan, gateStageRow,
} from '@zhaokao/contracts';
import { Avatar, Card, Col, Descriptions, Empty, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useHomeOverview } from '../api/home-api';
import { formatTime } from '../../../lib/time';

/** Where a plan stands today, read from its dates. */
function phaseOf(plan: HomePlan, now = dayjs()): { label: string; color: string } {
  if (plan.status === 'draft') return { label: PLAN_STATUS_LABELS.draft, color: 'default' };
  if (now.isBefore(plan.signUpStartDate)) return { label: '报名未开始', color: 'default' };
  if (now.isBefore(plan.signUpEndDate)) return { label: '报名中', color: 'green' };
  if (now.isBefore(plan.auditionStartDate)) return { label: '笔试阶段', color: 'blue' };
  return { label: '面试阶段', color: 'purple' };
}

/** The menu group of each exam stage's pages. */
const STAGE_PAGES: Record<ExamStage, string> = { [WRITTEN_STAGE]: '/writtenExamination', [INTERVIEW_STAGE]: '/auditionExamination' };

/** Each exam step's card: the page it opens, its title and what its number is made of. */
const STEP_CARDS: Record<HomeExamStep, { page: string; title(stage: string): string; detail(card: HomeExamCard): string }> = {
  unseated: {
    page: 'admissionTicket',
    title: (stage) => `${stage}待排座`,
    detail: (c) => (c.signUpClosed ? '尚未排座，排座后发放准考证' : '尚未排座；报名关闭后才能发放准考证'),
  },
  seated: {
    page: 'admissionTicket',
    title: (stage) => `${stage}待发准考证`,
    detail: (c) => (c.signUpClosed ? '已排座，待发放准考证' : '已排座；报名关闭后才能发放准考证'),
  },
  entry: {
    page: 'scoreEntry',
    title: (stage) => `${stage}成绩录入`,
    detail: (c) => `待录入 ${c.total - c.done} 份，已录入待审核 ${c.done} 份`,
  },
  review: {
    page: 'writtenExaminationReview',
    title: (stage) => `${stage}成绩审核`,
    detail: (c) => `待审核 ${c.total - c.done} 份，已审核待发布 ${c.done} 份`,
  },
};

/** A card's link: the page with the plan and the filters the card was counted with, so that the page lists the same. */
const examCardLink = (card: HomeExamCard) =>
  `${STAGE_PAGES[card.stage]}/${STEP_CARDS[card.step].page}?${new URLSearchParams({ planId: String(card.planId), ...HOME_EXAM_STEPS[card.step] })}`;

/**
 * Each gate step's card (资格复审, 体检, 考察, 公示): its title and what its number is. The gate's page sits in its exam
 * stage's menu group under the gate's own name (`/auditionExamination/medical`).
 */
const GATE_STEP_CARDS: Record<HomeGateStep, { title(card: HomeGateCard): string; detail(card: HomeGateCard): string }> = {
  confirm: {
    title: (c) => `${gateStageRow(c.stage).name}确认名单`,
    detail: (c) => `待进入${gateStageRow(c.stage).name} ${c.total} 人，请确认名单`,
  },
  pending: {
    title: (c) => {
      const gate = gateStageRow(c.stage);
      return gate.gate === 'publicity' ? PUBLICITY_RESULTS.pending : `${gate.name}${GATE_RESULTS.pending}`;
    },
    detail: (c) => {
      const gate = gateStageRow(c.stage);
      return gate.gate === 'publicity' ? `${PUBLICITY_RESULTS.pending} ${c.total} 人，公示期满后确认聘用` : `${GATE_RESULTS.pending} ${c.total} 人，请确定${gate.name}结果`;
    },
  },
};

/** A gate card's link: the gate's page with the plan and the filter the card was counted with. */
const gateCardLink = (card: HomeGateCard) => {
  const gate = gateStageRow(card.stage);
  return `${STAGE_PAGES[gate.after]}/${gate.gate}?${new URLSearchParams({ planId: String(card.planId), ...HOME_GATE_STEPS[card.step] })}`;
};

/** A card of work waiting: its number opens the list it counts. */
function WaitingCard({ to, title, value, unit = '份', lines }: { to: string; title: string; value: number; unit?: string; lines: string[] }) {
  return (
    <Col xs={24} sm={12} lg={6}>
      <Card style={{ height: '100%' }}>
        <Link to={to} aria-label={`${title} ${value} ${unit}（${lines.join('，')}）`}>
          <Statistic title={title} value={value} suffix={unit} />
        </Link>
        {lines.map((line) => (
          <Typography.Text key={line} type="secondary" ellipsis={{ tooltip: line }} style={{ display: 'block', fontSize: 12 }}>
            {line}
          </Typography.Text>
        ))}
      </Card>
    </Col>
  );
}

export default function HomePage() {
  const { data, isLoading } = useHomeOverview();
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { company } = data;
  return (
    <>
      <Card className="page-card" title="单位信息">
        <div style={{ display: 'flex', gap: 20, alignItems: 'center', flexWrap: 'wrap' }}>
          {company.logo ? (
            <Avatar shape="square" size={72} src={company.logo} alt={`${company.name}标志`} />
          ) : (
            <Avatar shape="square" size={72} style={{ background: '#1f6fd1', fontSize: 30 }}>
              {company.name.slice(0, 1)}
            </Avatar>
          )}
          <div style={{ flex: 1, minWidth: 240 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {company.name}
            </Typography.Title>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              style={{ marginTop: 8 }}
              items={[
                { key: 'industry', label: <><BankOutlined /> 所属行业</>, children: company.industryName || '未设置' },
                { key: 'address', label: <><EnvironmentOutlined /> 单位地址</>, children: company.address || '未设置' },
              ]}
            />
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {data.waitingForMe.signup !== null && (
          <WaitingCard to="/examine/toBeReviewed" title="待我审核的报名" value={data.waitingForMe.signup} lines={['报名资格审核，全部招录计划']} />
        )}
        {data.waitingForMe.exams.map((card) => {
          const step = STEP_CARDS[card.step];
          return (
            <WaitingCard
              key={`${card.planId}-${card.stage}-${card.step}`}
              to={examCardLink(card)}
              title={step.title(EXAM_STAGES[card.stage])}
              value={card.total}
              lines={[card.planName, step.detail(card)]}
            />
          );
        })}
        {data.waitingForMe.gates.map((card) => {
          const step = GATE_STEP_CARDS[card.step];
          return (
            <WaitingCard
              key={`${card.planId}-gate-${card.stage}-${card.step}`}
              to={gateCardLink(card)}
              title={step.title(card)}
              value={card.total}
              unit="人"
              lines={[card.planName, step.detail(card)]}
            />
          );
        })}
        <Col xs={24} sm={12} lg={6}>
          <Card style={{ height: '100%' }}>
            <Link to="/manage/userMessage" aria-label={`未读站内信 ${data.unreadMessages} 条`}>
              <Statistic title="未读站内信" prefix={<MailOutlined aria-hidden />} value={data.unreadMessages} suffix="条" />
            </Link>
          </Card>
        </Col>
      </Row>
      <Card
        className="page-card"
        title={`进行中的招录计划（${data.openPlanCount}）`}
        extra={<Link to="/recruitmentPlan/recruitmentPlanExpandlist">全部计划</Link>}
        style={{ marginTop: 16 }}
      >
        {data.openPlans.length === 0 ? (
          <Empty description="暂无进行中的招录计划" />
        ) : (
          <List
            dataSource={data.openPlans}
            renderItem={(plan) => {
              const phase = phaseOf(plan);
              return (
                <List.Item extra={<span>报名 {plan.applicationCount} 人</span>}>
                  <List.Item.Meta
                    title={
                      <span>
                        {plan.name} <Tag color={phase.color}>{phase.label}</Tag>
                      </span>
                    }
                    description={`报名时间 ${formatTime(plan.signUpStartDate)} 至 ${formatTime(plan.signUpEndDate)}`}
                  />
                </List.Item>
              );
            }}
          />
        )}
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic
              title="单位钱包余额"
              prefix={<WalletOutlined />}
              value={data.wallet ? formatYuan(data.wallet.totalBalance) : '无查看权限'}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic
              title="工作人员（启用 / 全部）"
              prefix={<TeamOutlined />}
              value={data.enabledStaffCount}
              suffix={`/ ${data.staffCount}`}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title="角色 / 已上传文件" value={data.roleCount} suffix={`/ ${data.fileCount}`} />
          </Card>
        </Col>
      </Row>
      <Card className="page-card" title="已购买权益" style={{ marginTop: 16 }}>
        {data.rights.length === 0 ? (
          <Empty description="暂未购买功能项" />
        ) : (
          data.rights.map((r) => {
            const expiring = dayjs(r.validUntil).diff(dayjs(), 'day', true) <= RIGHT_EXPIRY_WARNING_DAYS;
            return (
              <Tag key={r.functionCode} color={expiring ? 'orange' : 'blue'} style={{ marginBottom: 8 }}>
                {r.name}（有效期至 {formatTime(r.validUntil, 'YYYY-MM-DD')}
                {expiring ? '，即将到期' : ''}）
              </Tag>
            );
          })
        )}
      </Card>
    </>
  );
}
