// Lua run atomically by Redis, so two processes deciding at once about the same user cannot both
// announce (or both miss) a join or a leave. Keys (P = prefix, N = process id, C = channel):
//   P nodes                  set of process ids
//   P node:N:alive           heartbeat, expires after the TTL unless refreshed
//   P node:N:pc              presence channels where N has members
//   P node:N:subs            hash channel → subscriptions N holds (for the channels API)
//   P pc:C                   processes with members in C
//   P pc:C:N                 hash user id → user_info JSON: N's members of C
// A process counts as present while it is the caller or its heartbeat exists, so the members of
// a dead process stop counting the moment its heartbeat expires, before anyone removes them.

const liveMembers = `
local function is_live(n) return n == me or redis.call('EXISTS', p .. 'node:' .. n .. ':alive') == 1 end
local function collect(skip_uid)
  local out, found = {}, 0
  for _, n in ipairs(redis.call('SMEMBERS', procs)) do
    if is_live(n) then
      local h = redis.call('HGETALL', procs .. ':' .. n)
      for i = 1, #h, 2 do
        if n ~= me and h[i] == skip_uid then found = 1 end
        out[#out + 1] = h[i]
        out[#out + 1] = h[i + 1]
      end
    end
  end
  return out, found
end
`;

/** ARGV: prefix, process, channel, user id, user_info JSON → { first (0/1), flat id/info list }. */
export const JOIN = `
local p, me, ch, uid, info = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local procs = p .. 'pc:' .. ch
${liveMembers}
local had = redis.call('HEXISTS', procs .. ':' .. me, uid)
redis.call('HSET', procs .. ':' .. me, uid, info)
redis.call('SADD', procs, me)
redis.call('SADD', p .. 'node:' .. me .. ':pc', ch)
local out, elsewhere = collect(uid)
local first = 1
if had == 1 or elsewhere == 1 then first = 0 end
return {first, out}
`;

/** ARGV: prefix, process, channel, user id → 1 when the user is gone everywhere. */
export const LEAVE = `
local p, me, ch, uid = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local procs = p .. 'pc:' .. ch
if redis.call('HDEL', procs .. ':' .. me, uid) == 0 then return 0 end
if redis.call('HLEN', procs .. ':' .. me) == 0 then
  redis.call('SREM', procs, me)
  redis.call('SREM', p .. 'node:' .. me .. ':pc', ch)
end
for _, n in ipairs(redis.call('SMEMBERS', procs)) do
  if n ~= me and redis.call('EXISTS', p .. 'node:' .. n .. ':alive') == 1 and redis.call('HEXISTS', procs .. ':' .. n, uid) == 1 then
    return 0
  end
end
return 1
`;

/** ARGV: prefix, process, channel → flat id/info list of the live processes' members. */
export const MEMBERS = `
local p, me, ch = ARGV[1], ARGV[2], ARGV[3]
local procs = p .. 'pc:' .. ch
${liveMembers}
local out = collect(nil)
return out
`;

/**
 * ARGV: prefix, dead process → flat channel/user list of the users now gone everywhere. Does
 * nothing if the process's heartbeat is back (it was only slow); two survivors running it at once
 * find the work done by the first.
 */
export const CLEAR_DEAD = `
local p, dead = ARGV[1], ARGV[2]
if redis.call('EXISTS', p .. 'node:' .. dead .. ':alive') == 1 then return {} end
local gone = {}
for _, ch in ipairs(redis.call('SMEMBERS', p .. 'node:' .. dead .. ':pc')) do
  local procs = p .. 'pc:' .. ch
  local users = redis.call('HKEYS', procs .. ':' .. dead)
  redis.call('DEL', procs .. ':' .. dead)
  redis.call('SREM', procs, dead)
  for _, uid in ipairs(users) do
    local elsewhere = false
    for _, n in ipairs(redis.call('SMEMBERS', procs)) do
      if redis.call('EXISTS', p .. 'node:' .. n .. ':alive') == 1 and redis.call('HEXISTS', procs .. ':' .. n, uid) == 1 then
        elsewhere = true
        break
      end
    end
    if not elsewhere then
      gone[#gone + 1] = ch
      gone[#gone + 1] = uid
    end
  end
end
redis.call('DEL', p .. 'node:' .. dead .. ':pc', p .. 'node:' .. dead .. ':subs')
redis.call('SREM', p .. 'nodes', dead)
return gone
`;
