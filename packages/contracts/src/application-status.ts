/**
 * DESIGN §5: the stages an application goes through and the status codes of each (dictionary
 * candidate_app_status). Every other list of statuses, on the server and in the web app, is derived from these two
 * tables: a new stage is a new row of `EXAM_STAGE_TABLE`.
 */
export const SIGN_UP_STAGE = {
  stage: 1,
  name: '报名资格审核',
  statuses: {
    /** 待审核 */
    pending: 10,
    /** 审核中: some sign-up work items done. */
    inReview: 11,
    /** 审核不通过（可修改）: the candidate may correct and resubmit. */
    rejectedCorrectable: 12,
    /** 审核不通过（不可修改） */
    rejected: 13,
  },
} as const;

/**
 * The exam stages, in the order an application takes them. A stage is entered awaiting its admission ticket,
 * awaits its score once the ticket is issued, and its score then awaits review and publication, which passes or
 * fails it. Passing a stage leads to the next one; passing the last is 拟录用 (proposed for hiring). `passedWord`
 * names a pass in the stage's ranking lists, `publishedWord` in the word of its publication. `rankings` are the
 * ranking kinds (SPEC's `written`, `audition`, `complex`) listed for the stage; `decidingRanking` is the one its
 * publication follows.
 */
export const EXAM_STAGE_TABLE = [
  {
    stage: 2,
    name: '笔试',
    passedWord: '入围面试',
    publishedWord: '笔试通过（入围面试）',
    rankings: ['written'],
    decidingRanking: 'written',
    statuses: { awaitingTicket: 20, awaitingScore: 21, inReview: 22, failed: 23, passed: 24 },
  },
  {
    stage: 3,
    name: '面试',
    passedWord: '拟录用',
    publishedWord: '拟录用',
    rankings: ['audition', 'complex'],
    decidingRanking: 'complex',
    statuses: { awaitingTicket: 30, awaitingScore: 31, inReview: 32, failed: 33, passed: 34 },
  },
] as const;

export type ExamStageRow = (typeof EXAM_STAGE_TABLE)[number];
export type ExamStage = ExamStageRow['stage'];
type ExamStatusRole = keyof ExamStageRow['statuses'];

/** The exam stages' names by stage. */
export const EXAM_STAGES = Object.fromEntries(EXAM_STAGE_TABLE.map((s) => [s.stage, s.name])) as {
  [R in ExamStageRow as R['stage']]: R['name'];
};

/** The row of an exam stage. */
export const examStageRow = (stage: ExamStage): ExamStageRow => EXAM_STAGE_TABLE.find((s) => s.stage === stage)!;

const [WRITTEN, INTERVIEW] = EXAM_STAGE_TABLE;
const LAST_STAGE = EXAM_STAGE_TABLE[EXAM_STAGE_TABLE.length - 1]!;

/** 笔试: the stage code, for the code that speaks of the written stage. */
export const WRITTEN_STAGE = WRITTEN.stage;
/** 面试: the stage code, for the code that speaks of the interview stage. */
export const INTERVIEW_STAGE = INTERVIEW.stage;

/** The status codes by name, for the code that speaks of one status of one stage. */
export const APPLICATION_STATUS = {
  ...SIGN_UP_STAGE.statuses,
  /** 待笔试: written admission ticket not yet issued. */
  awaitingWritten: WRITTEN.statuses.awaitingTicket,
  /** 待录入笔试成绩 */
  awaitingWrittenScore: WRITTEN.statuses.awaitingScore,
  /** 笔试成绩待审核 */
  writtenScoreInReview: WRITTEN.statuses.inReview,
  /** 笔试未通过 */
  writtenFailed: WRITTEN.statuses.failed,
  /** 笔试通过 */
  writtenPassed: WRITTEN.statuses.passed,
  /** 待面试 */
  awaitingInterview: INTERVIEW.statuses.awaitingTicket,
  /** 待录入面试成绩 */
  awaitingInterviewScore: INTERVIEW.statuses.awaitingScore,
  /** 面试成绩待审核 */
  interviewScoreInReview: INTERVIEW.statuses.inReview,
  /** 面试未通过 */
  interviewFailed: INTERVIEW.statuses.failed,
  /** 面试通过（拟录用） */
  interviewPassed: INTERVIEW.statuses.passed,
} as const;

export type ExamStageStatus = ExamStageRow['statuses'][ExamStatusRole];

/** The statuses of one exam stage, in the order of its roles (awaiting ticket, awaiting score, in review, failed, passed). */
export const examStageStatuses = (row: ExamStageRow): ExamStageStatus[] => Object.values(row.statuses);

/**
 * DESIGN §5 "After the interview": the gate stages a plan may choose (each optional; a plan runs those it chose, in
 * this order). 资格复审 sits between the written stage and the interview; 体检, 考察 and 公示 follow the interview.
 * At a gate staff decide each candidate: passed, failed or 放弃 (withdrew / did not come). A failure or a withdrawal
 * opens a vacancy that 递补 fills with the next eligible candidate of the post's `ranking` (never reordering it).
 * Passing 公示 (its period over, no objection upheld) is 聘用, final. `noticeTitle` names the list a gate publishes.
 */
export const GATE_STAGE_TABLE = [
  {
    stage: 4,
    gate: 'requalify',
    name: '资格复审',
    after: 2,
    ranking: 'written',
    noticeTitle: '资格复审结果',
    statuses: { pending: 25, passed: 26, failed: 27, withdrew: 28 },
  },
  {
    stage: 5,
    gate: 'medical',
    name: '体检',
    after: 3,
    ranking: 'complex',
    noticeTitle: '体检名单',
    statuses: { pending: 35, passed: 36, failed: 37, withdrew: 38 },
  },
  {
    stage: 6,
    gate: 'inspection',
    name: '考察',
    after: 3,
    ranking: 'complex',
    noticeTitle: '考察名单',
    statuses: { pending: 40, passed: 41, failed: 42, withdrew: 43 },
  },
  {
    stage: 7,
    gate: 'publicity',
    name: '公示',
    after: 3,
    ranking: 'complex',
    noticeTitle: '拟聘用人员公示',
    statuses: { pending: 45, passed: 46, failed: 47, withdrew: 48 },
  },
] as const;

export type GateStageRow = (typeof GATE_STAGE_TABLE)[number];
export type GateStage = GateStageRow['stage'];
export type GateStatus = GateStageRow['statuses'][keyof GateStageRow['statuses']];
export type GateResult = keyof GateStageRow['statuses'];

/** The gates' names by stage. */
export const GATE_STAGES = Object.fromEntries(GATE_STAGE_TABLE.map((g) => [g.stage, g.name])) as {
  [R in GateStageRow as R['stage']]: R['name'];
};

/** The row of a gate stage. */
export const gateStageRow = (stage: GateStage): GateStageRow => GATE_STAGE_TABLE.find((g) => g.stage === stage)!;

/** A gate's four statuses, in the order of its results (pending, passed, failed, withdrew). */
export const gateStatuses = (row: GateStageRow): GateStatus[] => Object.values(row.statuses);

/** The gate a status belongs to. */
export const gateOfStatus = (status: number): GateStageRow | undefined => GATE_STAGE_TABLE.find((g) => (gateStatuses(g) as number[]).includes(status));

/** What a gate's list shows of each candidate's result there. */
export const GATE_RESULTS = { pending: '待定', passed: '合格', failed: '不合格', withdrew: '放弃' } as const satisfies Record<GateResult, string>;
/** 公示's words for its results: passing it is 聘用, failing it an upheld objection. */
export const PUBLICITY_RESULTS = { pending: '公示中', passed: '聘用', failed: '异议成立', withdrew: '放弃' } as const satisfies Record<GateResult, string>;

/** 公示's pass: 聘用, the end of the road. */
export const HIRED_STATUS = GATE_STAGE_TABLE[3].statuses.passed;

/** 公示's period when the plan does not say (days). */
export const DEFAULT_PUBLICITY_DAYS = 7;

export type ApplicationStatus = (typeof SIGN_UP_STAGE.statuses)[keyof typeof SIGN_UP_STAGE.statuses] | ExamStageStatus | GateStatus;

/**
 * Every status after the sign-up review, in the order an application meets them: each exam stage's, each followed by
 * the gates that come after it (a plan without gates never holds theirs).
 */
const PIPELINE_STATUSES: readonly ApplicationStatus[] = EXAM_STAGE_TABLE.flatMap((row) => [
  ...examStageStatuses(row),
  ...GATE_STAGE_TABLE.filter((g) => g.after === row.stage).flatMap(gateStatuses),
]);

/** Every exam stage's and gate's statuses: the applications that passed the sign-up review. */
export const SIGN_UP_PASSED_STATUSES: readonly ApplicationStatus[] = PIPELINE_STATUSES;



/** Every status code, in display order. */
export const APPLICATION_STATUSES: readonly ApplicationStatus[] = [...Object.values(SIGN_UP_STAGE.statuses), ...SIGN_UP_PASSED_STATUSES].sort((a, b) => a - b);

/** 待审核 and 审核中: the sign-up review is under way. */
export const SIGN_UP_OPEN_STATUSES: readonly ApplicationStatus[] = [SIGN_UP_STAGE.statuses.pending, SIGN_UP_STAGE.statuses.inReview];
/** The sign-up review's two rejections: the candidate may correct and resubmit, or not. */
export const SIGN_UP_REJECTED_STATUSES = [SIGN_UP_STAGE.statuses.rejectedCorrectable, SIGN_UP_STAGE.statuses.rejected] as const;

/** 拟录用: the last stage passed. */
export const PROPOSED_FOR_HIRING_STATUS = LAST_STAGE.statuses.passed;

/** The statuses of the stage and of every stage after it: the applications that have reached the stage. */
export const statusesFromStage = (stage: ExamStage): ApplicationStatus[] =>
  PIPELINE_STATUSES.slice(PIPELINE_STATUSES.indexOf(examStageRow(stage).statuses.awaitingTicket));

/**
 * The exam statuses after `status` in the table's order: the rest of its stage (a stage's failure and pass both
 * come after its review) and every later stage. Said of the table rather than of the codes' numeric order, so that
 * a stage added between two others is counted where the table puts it.
 */
export const statusesAfter = (status: ExamStageStatus | GateStatus): ApplicationStatus[] =>
  PIPELINE_STATUSES.slice(PIPELINE_STATUSES.indexOf(status) + 1);

/** A stage's statuses before its result: awaiting the ticket, the score or the score's review. */
export const examStageOpenStatuses = (row: ExamStageRow): ApplicationStatus[] => [row.statuses.awaitingTicket, row.statuses.awaitingScore, row.statuses.inReview];

/** The exam stage a status belongs to. */
export const examStageOfStatus = (status: ApplicationStatus): ExamStageRow | undefined =>
  EXAM_STAGE_TABLE.find((s) => (examStageStatuses(s) as ApplicationStatus[]).includes(status));

const S = APPLICATION_STATUS;

/**
 * The outcomes: statuses an application leaves only by a reopening move (REOPENING_MOVES) — the candidate's 改报 out
 * of a rejection, a gate the plan runs after the stage, or 递补 calling a candidate the stage did not pass back.
 */
export const FINAL_APPLICATION_STATUSES: readonly ApplicationStatus[] = [
  SIGN_UP_STAGE.statuses.rejected,
  ...EXAM_STAGE_TABLE.map((s) => s.statuses.failed),
  PROPOSED_FOR_HIRING_STATUS,
  // a gate after the last exam stage ends the road when the plan runs no later gate (公示's pass, 聘用, always)
  ...GATE_STAGE_TABLE.flatMap((g) => [...(g.after === LAST_STAGE.stage ? [g.statuses.passed] : []), g.statuses.failed, g.statuses.withdrew]),
];

export type ApplicationActor = 'candidate' | 'reviewer' | 'ticket manager' | 'score entry' | 'score review' | 'plan manager' | 'gate reviewer';

export interface ApplicationTransition {
  /** Null for the application's creation. */
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  by: ApplicationActor;
  when: string;
}

/** 改报 after a rejection: the candidate moves the rejected application to another post of the plan, back to review. */
export const SWITCH_MOVE: ApplicationTransition = { from: S.rejected, to: S.pending, by: 'candidate', when: '改报 after a rejection: another post of the plan' };

const moves = (
  from: readonly (ApplicationStatus | null)[],
  to: readonly ApplicationStatus[],
  by: ApplicationActor,
  when: string,
): ApplicationTransition[] => from.flatMap((f) => to.map((t) => ({ from: f, to: t, by, when })));

/**
 * Where a gate's candidates come from: the pass of the stage it follows, or the pass of an earlier gate after that
 * stage (the plan may have skipped the gates between).
 */
export function gateEntrySources(gate: GateStageRow): ApplicationStatus[] {
  const stage = examStageRow(gate.after as ExamStage);
  const earlier = GATE_STAGE_TABLE.filter((g) => g.after === gate.after && g.stage < gate.stage);
  return [stage.statuses.passed, ...earlier.map((g) => g.statuses.passed)];
}

/** Where 递补 takes a gate's substitute from: those the stage it follows did not pass (in its ranking's order). */
export const gateSubstituteSource = (gate: GateStageRow): ApplicationStatus => examStageRow(gate.after as ExamStage).statuses.failed;

/** The gates a plan runs, in their fixed order, from the stages it chose (unknown stages ignored). */
export const planGates = (chosen: readonly number[]): GateStageRow[] => GATE_STAGE_TABLE.filter((g) => chosen.includes(g.stage));

/** 确认名单: the previous step's passes enter a gate the plan runs. */
const GATE_ENTRY_MOVES: readonly ApplicationTransition[] = GATE_STAGE_TABLE.flatMap((gate) =>
  moves(gateEntrySources(gate), [gate.statuses.pending], 'plan manager', `${gate.name}名单确认`),
);

/** 递补: a candidate the stage did not pass fills a gate's vacancy. */
const SUBSTITUTE_MOVES: readonly ApplicationTransition[] = GATE_STAGE_TABLE.flatMap((gate) =>
  moves([gateSubstituteSource(gate)], [gate.statuses.pending], 'plan manager', `${gate.name}递补`),
);

/** The moves out of an outcome (FINAL_APPLICATION_STATUSES): 改报, a gate's 确认名单 and 递补. */
export const REOPENING_MOVES: readonly ApplicationTransition[] = [SWITCH_MOVE, ...GATE_ENTRY_MOVES, ...SUBSTITUTE_MOVES];

/**
 * DESIGN §5's table: the only moves the state machine makes. The last two rows are the plans without exams
 * (考核招聘), whose candidates skip the missing stages.
 */
export const APPLICATION_TRANSITIONS: readonly ApplicationTransition[] = [
  ...moves([null], [S.pending], 'candidate', 'applies'),
  ...moves([S.pending], [S.inReview], 'reviewer', 'first sign-up task decided, others pending'),
  ...moves(SIGN_UP_OPEN_STATUSES, [EXAM_STAGE_TABLE[0].statuses.awaitingTicket], 'reviewer', 'the last sign-up task passed'),
  ...moves(SIGN_UP_OPEN_STATUSES, SIGN_UP_REJECTED_STATUSES, 'reviewer', 'a sign-up task failed'),
  ...moves([S.rejectedCorrectable], [S.pending], 'candidate', 'resubmits a corrected resume'),
  SWITCH_MOVE,
  ...EXAM_STAGE_TABLE.flatMap(({ name, statuses: s }, i) => [
    ...(i > 0 ? moves([EXAM_STAGE_TABLE[i - 1]!.statuses.passed], [s.awaitingTicket], 'plan manager', `${name} list confirmed`) : []),
    ...moves([s.awaitingTicket], [s.awaitingScore], 'ticket manager', `${name} admission ticket issued`),
    ...moves([s.awaitingScore], [s.inReview], 'score entry', `${name} score entered`),
    ...moves([s.inReview], [s.awaitingScore], 'score review', `${name} score sent back for correction`),
    ...moves([s.inReview], [s.passed, s.failed], 'score review', `${name} results published for the post`),
  ]),
  ...moves(SIGN_UP_OPEN_STATUSES, [S.awaitingInterview], 'reviewer', 'sign-up passed in an interview-only plan'),
  ...moves(SIGN_UP_OPEN_STATUSES, [PROPOSED_FOR_HIRING_STATUS], 'reviewer', 'sign-up passed in a plan without exams'),
  ...GATE_ENTRY_MOVES,
  ...GATE_STAGE_TABLE.flatMap((gate) =>
    moves([gate.statuses.pending], [gate.statuses.passed, gate.statuses.failed, gate.statuses.withdrew], 'gate reviewer', `${gate.name}结论`),
  ),
  ...SUBSTITUTE_MOVES,
  // With 资格复审, the interview takes those who passed it instead of the written stage's passes.
  ...moves(
    GATE_STAGE_TABLE.filter((g) => g.after === WRITTEN.stage).map((g) => g.statuses.passed),
    [S.awaitingInterview],
    'plan manager',
    '面试名单确认（资格复审之后）',
  ),
];

/** Whether the state machine may move an application from `from` (null: not yet created) to `to`. */
export const canMoveApplication = (from: ApplicationStatus | null, to: ApplicationStatus): boolean =>
  APPLICATION_TRANSITIONS.some((t) => t.from === from && t.to === to);

/**
 * Each stage knows whether it is still open. The sign-up stage (applying, resubmitting a corrected resume,
 * the sign-up review) ends when staff close it (关闭报名, a recorded action); the exams start only after that. A
 * post's written (interview) stage ends when its results are published: no application moves into it afterwards.
 */
export const STAGE_CLOSED_MESSAGES = {
  apply: '该招录计划已关闭报名，不能再报名',
  resubmit: '该招录计划已关闭报名，不能再修改后重新提交',
  review: '该招录计划已关闭报名，报名资格审核已结束',
  alreadyClosed: '该招录计划已关闭报名',
  draft: '草稿状态的计划不能关闭报名，请先发布',
  tickets: '该招录计划尚未关闭报名：请先关闭报名，再发放准考证',
  publish: '该招录计划尚未关闭报名：请先关闭报名，再发布成绩',
} as const;

/** Closing sign-up is refused while applications still wait for their sign-up review (10, 11). */
export const signUpUnreviewedMessage = (n: number) => `还有 ${n} 份报名未完成报名资格审核（待审核或审核中），请审核完毕后再关闭报名`;

/** The exam stage an application enters when it moves to `to`, if `to` is one of the stage's open statuses. */
export function examStageEnteredBy(to: ApplicationStatus): ExamStage | undefined {
  return EXAM_STAGE_TABLE.find((s) => examStageOpenStatuses(s).includes(to))?.stage;
}

const isSignUpStatus = (status: ApplicationStatus) => (Object.values(SIGN_UP_STAGE.statuses) as ApplicationStatus[]).includes(status);

/** Whether a move from `from` to `to` belongs to the sign-up stage (applying, reviewing, resubmitting). */
export const isSignUpMove = (from: ApplicationStatus | null, to: ApplicationStatus): boolean =>
  from === null || isSignUpStatus(from) || isSignUpStatus(to);

/** A move into a stage whose results the post has published (409, nothing written). */
export const stagePublishedMessage = (stage: ExamStage) => {
  const name = EXAM_STAGES[stage];
  return `该岗位的${name}成绩已发布，不能再进入${name}阶段`;
};
