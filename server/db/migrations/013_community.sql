-- Community (issue 7 §5): comments under a grid or a chapter with one level of replies, upvotes,
-- reports to the admin queue; feature proposals ('decide the future') with votes and a status.

-- A comment is under exactly one target. A reply (parent_id set) takes its parent's target and
-- its parent is always a top-level comment (the service attaches a reply to a reply to its root).
-- The author's account may go: the comment stays, shown without a name. A deleted comment that
-- has replies keeps its row as a placeholder (deleted_at set, body emptied); one without replies
-- is removed. vote_count and reply_count are kept in the same transaction as their rows, so the
-- list sorts by them without counting.
create table comments (
  id integer generated always as identity primary key,
  grid_id integer references grids(id) on delete cascade,
  chapter_id integer references chapters(id) on delete cascade,
  parent_id integer references comments(id) on delete cascade,
  author_id integer references users(id) on delete set null,
  body text not null,
  is_team boolean not null default false,
  is_hidden boolean not null default false,
  is_pinned boolean not null default false,
  vote_count integer not null default 0,
  reply_count integer not null default 0,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  check ((grid_id is null) <> (chapter_id is null))
);
create index comments_grid on comments(grid_id, is_pinned desc, vote_count desc, created_at desc) where parent_id is null and grid_id is not null;
create index comments_chapter on comments(chapter_id, is_pinned desc, vote_count desc, created_at desc) where parent_id is null and chapter_id is not null;
create index comments_parent on comments(parent_id, created_at) where parent_id is not null;
create index comments_recent on comments(created_at desc) where parent_id is null;
create index comments_author on comments(author_id);

create table comment_votes (
  comment_id integer not null references comments(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (comment_id, user_id)
);
create index comment_votes_user on comment_votes(user_id);

-- One report per user per comment; resolved_at is set when an admin hides the comment or
-- dismisses its reports. The queue lists comments with at least one open report.
create table comment_reports (
  comment_id integer not null references comments(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  reason text not null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  primary key (comment_id, user_id)
);
create index comment_reports_open on comment_reports(comment_id) where resolved_at is null;

create table proposals (
  id integer generated always as identity primary key,
  author_id integer references users(id) on delete set null,
  title text not null,
  description text not null,
  status text not null default 'proposed' check (status in ('proposed', 'planned', 'in_progress', 'done')),
  vote_count integer not null default 0,
  created_at timestamptz not null default now(),
  status_changed_at timestamptz
);
create index proposals_votes on proposals(vote_count desc, created_at desc);
create index proposals_recent on proposals(created_at desc);

create table proposal_votes (
  proposal_id integer not null references proposals(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (proposal_id, user_id)
);
create index proposal_votes_user on proposal_votes(user_id);
