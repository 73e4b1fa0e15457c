-- Publishing a post moves all of its applications in one write (DESIGN §5, issue 9: a post of 100,000 in 0.5 s).
-- No index holds the status any more: the plan's status index holds status_key, the status with a publication's
-- outcomes folded into the status they were published from (23/24 → 22, 33/34 → 32), and the table keeps half of
-- each page free. The move 22 → 23/24 therefore changes no indexed value and PostgreSQL rewrites each row within its
-- page (a HOT update). Those who fail get no history row, rank or explanation of their own: the publication row
-- stands for them all, and what it says of each is read from it and the locked scores (the history in the detail
-- page, the ranking lists, and here the candidates' notices). Those who pass keep theirs.
-- The scores not yet reviewed, which publishing counts, are found by their own index: none once all are reviewed.
DROP INDEX "candidate_application_plan_status";--> statement-breakpoint
ALTER TABLE "candidate_application" ADD COLUMN "status_key" smallint GENERATED ALWAYS AS (case status when 23 then 22 when 24 then 22 when 33 then 32 when 34 then 32 else status end) STORED;--> statement-breakpoint
CREATE INDEX "application_stage_unconfirmed" ON "application_stage" USING btree ("company_id","recruitment_id","stage") WHERE "application_stage"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "candidate_application_plan_status" ON "candidate_application" USING btree ("company_id","plan_id","status_key","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "candidate_application" SET (fillfactor = 50);--> statement-breakpoint
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
