-- 面试合格线: a plan may set an interview pass mark; those below it are not 拟录用. A publication of the
-- interview stage records the line it used in stage_publication.pass_line (the written line for the written stage),
-- and the candidates' notices of those it failed say so.
ALTER TABLE "recruitment_plan" ADD COLUMN "interview_pass_line" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "recruitment_plan" ADD CONSTRAINT "recruitment_plan_interview_pass_line" CHECK ("recruitment_plan"."interview_pass_line" is null or ("recruitment_plan"."interview_pass_line" >= 0 and "recruitment_plan"."interview_pass_line" <= "recruitment_plan"."audition_full_marks"));--> statement-breakpoint
DROP VIEW "candidate_notice_feed";
--> statement-breakpoint
CREATE VIEW "candidate_notice_feed" AS
  SELECT n."company_id", n."application_id", n."title", n."content", n."created_at", n."read_at"
  FROM "candidate_notice" n
  UNION ALL
  SELECT s."company_id", s."application_id",
    i."job_vacancy" || CASE p."stage" WHEN 2 THEN '笔试' ELSE '面试' END || '成绩已发布',
    s."explanation", p."published_at", NULL::timestamptz
  FROM "stage_publication" p
  JOIN "application_stage" s ON s."company_id" = p."company_id" AND s."recruitment_id" = p."recruitment_id" AND s."stage" = p."stage"
  JOIN "recruitment_info" i ON i."id" = p."recruitment_id" AND i."company_id" = p."company_id"
  WHERE s."passed" IS NOT NULL
  UNION ALL
  SELECT a."company_id", a."id",
    i."job_vacancy" || CASE p."stage" WHEN 2 THEN '笔试' ELSE '面试' END || '成绩已发布',
    CASE
      WHEN p."stage" = 2 AND s."absent" THEN '笔试缺考，不参加排名，未进入面试'
      WHEN p."stage" = 2 THEN format('笔试 %s 分，未进入面试', a."written_grade")
        || CASE WHEN p."cutoff_score" IS NULL THEN '' ELSE format('；本岗位进入面试的最低笔试成绩为 %s 分', p."cutoff_score") END
      WHEN s."absent" THEN '面试缺考，不参加排名，未被拟录用'
      WHEN p."pass_line" IS NOT NULL AND a."audition_grade" < p."pass_line" THEN format('面试 %s 分，低于面试合格线 %s 分，不予拟录用', a."audition_grade", p."pass_line")
      ELSE format('面试 %s 分，未进入拟录用名单', a."audition_grade")
        || CASE WHEN p."cutoff_score" IS NULL THEN '' ELSE format('；本岗位拟录用的最低综合成绩为 %s 分', p."cutoff_score") END
    END,
    p."published_at", NULL::timestamptz
  FROM "stage_publication" p
  JOIN "candidate_application" a ON a."company_id" = p."company_id" AND a."recruitment_id" = p."recruitment_id"
    AND a."status" = CASE p."stage" WHEN 2 THEN 23 ELSE 33 END
  JOIN "recruitment_info" i ON i."id" = p."recruitment_id" AND i."company_id" = p."company_id"
  LEFT JOIN "application_stage" s ON s."application_id" = a."id" AND s."stage" = p."stage" AND s."company_id" = a."company_id"
  UNION ALL
  SELECT h."company_id", h."application_id",
    i."job_vacancy" || CASE
      WHEN h."to_status" IN (20, 30, 34) AND h."from_status" IN (10, 11) THEN '资格审核已通过'
      WHEN h."to_status" = 12 THEN '资格审核未通过，请修改后重新提交'
      WHEN h."to_status" = 13 THEN '资格审核未通过'
      WHEN h."to_status" = 21 THEN '笔试准考证已发放'
      WHEN h."to_status" = 31 THEN '面试准考证已发放'
      ELSE '已进入面试'
    END,
    CASE
      WHEN h."to_status" = 34 THEN '您已通过资格审核，进入拟录用名单。'
      WHEN h."to_status" IN (12, 13) AND h."remarks" <> '' THEN '审核意见：' || h."remarks"
      WHEN h."to_status" = 12 THEN '请按要求修改报名信息后重新提交。'
      WHEN h."to_status" = 13 THEN '很遗憾，您的报名未通过资格审核。'
      WHEN h."to_status" IN (21, 31) THEN '请登录后下载并打印准考证，按时参加考试。'
      WHEN h."to_status" = 30 AND h."from_status" = 24 THEN '您已进入面试名单，请留意面试准考证的发放。'
      ELSE '您已通过资格审核，请留意准考证的发放。'
    END,
    h."created_at", NULL::timestamptz
  FROM "application_history" h
  JOIN "candidate_application" a ON a."id" = h."application_id" AND a."company_id" = h."company_id"
  JOIN "recruitment_info" i ON i."id" = a."recruitment_id" AND i."company_id" = a."company_id"
  WHERE h."to_status" IN (12, 13, 21, 31)
    OR (h."to_status" IN (20, 30, 34) AND h."from_status" IN (10, 11))
    OR (h."to_status" = 30 AND h."from_status" = 24);
