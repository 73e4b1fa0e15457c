-- What a candidate is told: the notices written to them one by one, and, for every post whose exam results are
-- published, one notice read from the publication and their own ranking row (a publication writes no copy per
-- candidate: a post of 100,000 applications would otherwise write 100,000 notices in the publishing transaction).
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
  WHERE s."passed" IS NOT NULL;
