-- Issue 12 §3: indexes of the hot paths, chosen with EXPLAIN ANALYZE on PostgreSQL (docs/MEASUREMENTS.md).
-- The other hot paths already have theirs: tokens by token_hash (unique), the user by id, tests
-- count by tests_user_status, answer saving by the tests and grids keys, test_grids (test_id,
-- grid_id) and answers (test_id, grid_id) and id, the sync by the same plus srs_cards' key.

-- GET /user/layout-counts counts a user's unread notifications newer than their last look. With
-- only notifications_user it read every notification of the user from the table and dropped the
-- read ones (most of them); this index holds only unread ones, with created_at for the comparison,
-- so the count reads the index alone.
create index notifications_unread on notifications (user_id, created_at) where read_at is null;
