-- Scoring profiles (issue 9 §2): each default profile gains the year of its source and the list of
-- its parts that are assumptions (shown as 'Estimare'); src/shared/scoring-profiles.ts holds the
-- same values (tests/unit/scoring.test.ts checks 005 + 026 = the defaults). Profiles an admin has
-- already edited (updated_by set) are left as the admin saved them.
update scoring_profiles set profile = profile || '{"source_year":"2019–2020","estimated_parts":[]}'::jsonb where slug = 'timisoara' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"","estimated_parts":["ranges","rules","final"]}'::jsonb where slug = 'bucuresti' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"","estimated_parts":["question_count","ranges","rules","final"]}'::jsonb where slug = 'cluj-napoca' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"2022","estimated_parts":["question_count","ranges","rules","final"]}'::jsonb where slug = 'iasi' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"","estimated_parts":["ranges","rules","final"]}'::jsonb where slug = 'targu-mures' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"","estimated_parts":["question_count","ranges","rules","final","subject_variants"]}'::jsonb where slug = 'craiova' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"","estimated_parts":["ranges","rules","final"]}'::jsonb where slug = 'constanta' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"","estimated_parts":["question_count","time_limit","ranges","rules","final","subject_variants"]}'::jsonb where slug = 'sibiu' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"","estimated_parts":["ranges","rules","final"]}'::jsonb where slug = 'galati' and updated_by is null;
update scoring_profiles set profile = profile || '{"source_year":"","estimated_parts":["question_count","time_limit","ranges","rules","final","subject_variants"]}'::jsonb where slug = 'oradea' and updated_by is null;
