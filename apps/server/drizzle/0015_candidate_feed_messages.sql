-- The candidate is also told of the review pipeline's decisions about them (DESIGN §10): sign-up review passed or
-- not (with the reviewer's remarks), an admission ticket issued, the interview list confirmed. Each such move already
-- has its row in application_history, written by the state machine in the move's transaction; the feed reads them
-- from there, so that a move of 100,000 applications (tickets issued for a whole plan) writes no second row each.
-- Results published keep coming from the publication (0007), and its moves (22 → 23/24, 32 → 33/34) are left out here.
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
