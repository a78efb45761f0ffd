-- A third theme, 'system': follow the device's light/dark setting (issue 32 §4). It is the default
-- for new accounts; existing accounts keep the theme they chose.
alter table users drop constraint if exists users_theme_check;
alter table users add constraint users_theme_check check (theme in ('light', 'dark', 'system'));
alter table users alter column theme set default 'system';
