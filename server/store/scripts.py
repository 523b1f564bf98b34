"""The store's Lua scripts, each one atomic on the Redis server, and the store format.

Every room transition is one ``EVALSHA`` of :data:`COMMIT`: compare the
version, write the record, append the events to the resync log, publish,
refresh expiry; at game over it also stores the game's record. The update
is published only when another node listens to the room (see COMMIT). A
step of play is the same script with no record: it appends the step's
plays to the tail rather than rewrite the record (encoding and writing the
~2 KiB record cost a third of a step's throughput). Every
``server.service.STEPS_PER_RECORD`` steps, and on any other transition, the
whole record is written again and the tail emptied.
"""

from __future__ import annotations

STORE_FORMAT = 3
"""How this build keeps rooms in Redis; nodes of different formats must not
serve one Redis at once (one would misread the other's rooms and overwrite
them). 1: the record alone (builds before 2026-11-30 19:30 UTC); 2: the
record and its tail of steps (``krig:{CODE}:tail``) beside a log of events
(``krig:{CODE}:log``); 3: the record and one journal of commits
(``krig:{CODE}:journal``: the tail and the log in one list), the nodes, the
deadlines and the lobby under hash tags (``krig:{nodes}``, ``krig:due:{dN}``,
``krig:lobby:{lN}``). Raise it with any change a node of the previous format
would misread."""

COMMIT = """
local h = redis.call('HMGET', KEYS[1], 'v', 'j')
local n = redis.call('RPUSH', KEYS[2], ARGV[6])
local j = tonumber(h[2] or '0')
if not h[2] and h[1] then j = n - 1 end
if tonumber(h[1] or '0') + n - 1 - j ~= tonumber(ARGV[1]) or n <= j then
  redis.call('RPOP', KEYS[2])
  return 0
end
if ARGV[3] ~= '' then
  local keep = tonumber(ARGV[5])
  if n > keep then
    redis.call('LTRIM', KEYS[2], -keep, -1)
    n = keep
  end
  redis.call('HSET', KEYS[1], 'v', tonumber(ARGV[1]) + 1, 's', ARGV[2], 'b', ARGV[3], 'j', n)
  if KEYS[4] then redis.call('DEL', KEYS[4], KEYS[5]) end
  if ARGV[4] ~= '0' then
    redis.call('EXPIRE', KEYS[1], ARGV[4])
    redis.call('EXPIRE', KEYS[2], ARGV[4])
  end
end
if ARGV[7] ~= '' then redis.call('SET', KEYS[3], ARGV[7], 'EX', ARGV[8]) end
if ARGV[9] ~= '' then redis.call(ARGV[11], ARGV[9], ARGV[10]) end
return 1
"""
"""One commit of a room: KEYS = room hash, journal, the game's record key (and
for a room a node of store format 2 wrote, its old tail and log, deleted).
ARGV = [1] the version expected, [2] the last sequence number, [3] the whole
record (empty for a step of play), [4] the room's time to live (0: leave the keys'
expiry as it is, see ``server.store.store.EXPIRY_SLACK``), [5] journal
entries kept, [6] the journal entry (JournalEntry), [7] the finished game's
record (or empty), [8] its time to live, [9] the channel to publish on (empty:
no other node serves the room), [10] the update to publish, [11] PUBLISH or
SPUBLISH.

The journal entry is appended first and the version checked after, against
the room's hash read in the same call (``v`` plus the entries since ``j``):
a step of play is three commands with this call (HMGET, RPUSH), and the
refused commit takes its entry back. Expiry is refreshed only with a record
(at most every ``server.service.STEPS_PER_RECORD`` steps, and on other
transitions) and only when ARGV[4] asks: the node sets it again once a
quarter of it has passed; a step leaves the keys' expiry as it was. Returns
0 (the version moved on) or 1."""

STEP = """
local h = redis.call('HMGET', KEYS[1], 'v', 'j')
local n = redis.call('RPUSH', KEYS[2], ARGV[2])
if not h[2] or tonumber(h[1]) + n - 1 - tonumber(h[2]) ~= tonumber(ARGV[1]) then
  redis.call('RPOP', KEYS[2])
  return 0
end
if ARGV[3] then redis.call(ARGV[5], ARGV[3], ARGV[4]) end
return 1
"""
"""A step of play: COMMIT for a commit without a record, with only what it needs.
KEYS = room hash, journal; ARGV = [1] the version expected, [2] the journal
entry, and when another node serves the room [3] the channel, [4] the
update, [5] PUBLISH or SPUBLISH. Fewer arguments than COMMIT's eleven: Redis
builds each script call's argument table, and a step is nearly every call.
Refuses a room whose hash has no journal length (one of store format 2, or
none): such a room's next commit writes its record."""

LOAD = """
local h = redis.call('HMGET', KEYS[1], 'v', 's', 'b', 'j')
if not h[1] or not h[3] then return false end
if not h[4] then
  local out = redis.call('LRANGE', KEYS[3], 0, -1)
  table.insert(out, 1, h[3])
  table.insert(out, 1, h[2])
  table.insert(out, 1, h[1])
  table.insert(out, 1, 'format 2')
  return out
end
local j = tonumber(h[4])
if redis.call('LLEN', KEYS[2]) < j then return false end
local out = redis.call('LRANGE', KEYS[2], j, -1)
table.insert(out, 1, h[3])
table.insert(out, 1, h[2])
table.insert(out, 1, h[1])
return out
"""
"""A room's record and its tail, read at once: ``{v, s, b, entry...}`` (the
journal entries after ``j``), or nil when the room (or its journal) is gone.
A room a node of store format 2 wrote (no ``j``: ``v`` and ``s`` are the
room's, its tail is in KEYS[3], ``krig:{CODE}:tail``): ``{'format 2', v, s, b,
step...}``; its next commit writes it whole (service: ``LoadedRoom.old``)."""

HEARTBEAT = """
local known = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
if known then return 1 end
return 0
"""
"""A node beats (and says its format again, after a reaping removed it); 1 if it was known."""

JOIN = """
local silent = {}
for k = 1, #KEYS, 2 do
  local live = redis.call('ZRANGEBYSCORE', KEYS[k], ARGV[4], '+inf')
  for _, node in ipairs(live) do
    if node ~= ARGV[1] then
      local format = redis.call('HGET', KEYS[k + 1], node)
      if not format then
        table.insert(silent, node)
      elseif format ~= ARGV[2] then
        return {'differs', node, format}
      end
    end
  end
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return {'joined', unpack(silent)}
"""
"""A node joins the nodes sharing this Redis only if every live one (beating
since ARGV[4]) keeps rooms as it does (ARGV[2]); at once, so two nodes of
different formats starting together cannot both pass. KEYS: the nodes and
their formats, then (one Redis, not a cluster) the same of builds before
store format 3 (``krig:nodes``, ``krig:formats``), checked but not joined.
Returns ``{'differs', node, format}``, or ``{'joined', node...}`` with the
live nodes that said no format (builds from before the check)."""

ROTATE = """
local tok, prev, till = unpack(redis.call('HMGET', KEYS[1], 'tok', 'prev', 'prev_till'))
if tok and tok == ARGV[1] then
  redis.call('HSET', KEYS[1], 'tok', ARGV[2], 'prev', ARGV[1], 'prev_till', ARGV[4] + ARGV[5])
elseif prev and prev == ARGV[1] and tonumber(till) >= tonumber(ARGV[4]) then
  redis.call('HSET', KEYS[1], 'tok', ARGV[2])
else
  return 0
end
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""
"""A session's token checked and rotated. KEYS: the player's key. ARGV: the digests
of the token given and of the new one, the session's ttl (s), now (ms), and
RESUME_RETRY_MS. The token given also passes while it is ``prev``, until
``prev_till``: a resume whose welcome never came (answered ``waiting_for_store``,
or lost) is sent again with the same token. A confirmed resume deletes ``prev``
(:meth:`server.store.players.Players.resume`). Returns 1, or 0 (not valid)."""

CLAIM_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for i, code in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], code)
end
return due
"""
