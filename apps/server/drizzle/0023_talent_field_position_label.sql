-- The resume field `position` holds the candidate's present employer (the contracts' 现工作单位, up to 100 characters);
-- the catalogue called it 职位, so a company name showed under a job-title label.
UPDATE "talent_field" SET "name" = '现工作单位' WHERE "code" = 'position' AND "name" = '职位';
