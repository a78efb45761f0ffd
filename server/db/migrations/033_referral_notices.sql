-- Issue 23 §1: the referral reward is told to both people. The reward is given by the trigger of
-- 019_referrals.sql in the statement that marks the first order paid, whoever marks it (checkout,
-- sandbox confirmation, Stripe webhook); the notices follow it here, in the same transaction, so
-- none is missed and a replay (rewarded_at already set) tells nobody twice. They land in the feed
-- (the badge counts them); the live push of notify() is not reachable from SQL.
create function referrals_reward_notices() returns trigger language plpgsql as $$
declare referrer_name text;
declare referred_name text;
begin
  if old.rewarded_at is not null or new.rewarded_at is null then return null; end if;
  select split_part(btrim(name), ' ', 1) into referrer_name from users where id = new.referrer_id;
  select split_part(btrim(name), ' ', 1) into referred_name from users where id = new.referred_id;
  insert into notifications (user_id, title, message, type, link) values
    (new.referred_id, 'Ai primit zile de Premium pentru recomandare',
     'Te-ai înscris prin recomandarea lui ' || coalesce(nullif(referrer_name, ''), 'unui prieten') || ' și ai plătit Premium: primiți amândoi '
       || new.reward_days || ' zile de Premium în plus, adăugate după perioada pe care o ai.', 'info', '/cont/premium'),
    (new.referrer_id, 'Ai primit zile de Premium pentru recomandare',
     coalesce(nullif(referred_name, ''), 'Cineva') || ', care s-a înscris prin linkul tău, a plătit Premium: primiți amândoi '
       || new.reward_days || ' zile de Premium în plus, adăugate după perioada pe care o ai.', 'info', '/setari/referrali');
  return null;
end $$;

create trigger referrals_reward_notices after update of rewarded_at on referrals
  for each row execute function referrals_reward_notices();
