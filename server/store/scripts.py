"""The store's Lua scripts, each one atomic on the Redis server, and the store format.

A room transition that writes the room's record is one ``EVALSHA`` of
:data:`COMMIT`: compare, write the record, move the journal on to it,
publish, refresh expiry; at game over it also stores the game's record. A
step of play writes no record: it appends the step to the journal of the
record it follows, one bare ``RPUSHX`` whose reply (the list's length) is the
compare-and-set (or, when it must be published at once, :data:`STEP`).
Every ``server.service.STEPS_PER_RECORD`` steps, and on any other
transition, the whole record is written again.
"""

from __future__ import annotations

STORE_FORMAT = 4
"""How this build keeps rooms in Redis; nodes of different formats must not
serve one Redis at once (one would misread the other's rooms and overwrite
them). 1: the record alone (builds before 2026-11-30 19:30 UTC); 2: the
record and its tail of steps (``krig:{CODE}:tail``) beside a log of events
(``krig:{CODE}:log``); 3: the record and one journal of commits
(``krig:{CODE}:journal``: the tail and the log in one list), the nodes, the
deadlines and the lobby under hash tags (``krig:{nodes}``, ``krig:due:{dN}``,
``krig:lobby:{lN}``); 4: a journal for each record (``krig:{CODE}:j:V``), so
that a step is one append and its reply. A room of format 3 is moved to format
4 by the first script that reads it (``UPGRADE``); one of format 2 is written
whole by its next commit. Raise it with any change a node of the previous
format would misread."""

UPGRADE = """
local function upgrade(room, old, journal, j)
  if redis.call('EXISTS', old) == 1 then redis.call('RENAME', old, journal) end
  redis.call('HSET', room, 'h', j)
  redis.call('HDEL', room, 'j')
  return j
end
"""
"""A room of store format 3 (its hash's ``j`` the journal's length at the record,
and no ``h``) becomes one of format 4: the same journal, renamed to its record's
(``journal``), and ``h`` for ``j``; returns the new ``h``. Run by LOAD and
JOURNAL on what they read (KEYS[1] the room's hash, KEYS[2] its format-3
journal, ARGV[1] the journal prefix). The scripts name the journal of the
version they read from the hash: a key of the room's own slot (its tag), so
one slot still, on a Cluster too."""

COMMIT = """
local n = tonumber(ARGV[12])
if n == 0 then
  if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
  redis.call('DEL', KEYS[3])
elseif n < 0 then
  if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end
  redis.call('DEL', KEYS[3], KEYS[5], KEYS[6])
else
  if redis.call('LLEN', KEYS[2]) ~= n then return 0 end
  if n > tonumber(ARGV[13]) then redis.call('LTRIM', KEYS[2], 0, ARGV[13] - 1) end
  redis.call('RENAME', KEYS[2], KEYS[3])
end
local len = redis.call('RPUSH', KEYS[3], ARGV[6])
local keep = tonumber(ARGV[5])
if len > keep then
  redis.call('LTRIM', KEYS[3], -keep, -1)
  len = keep
end
redis.call('HSET', KEYS[1], 'v', tonumber(ARGV[1]) + 1, 's', ARGV[2], 'b', ARGV[3], 'h', len)
if ARGV[4] ~= '0' then
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  redis.call('EXPIRE', KEYS[3], ARGV[4])
end
if ARGV[7] ~= '' then redis.call('SET', KEYS[4], ARGV[7], 'EX', ARGV[8]) end
if ARGV[9] ~= '' then redis.call(ARGV[11], ARGV[9], ARGV[10]) end
return 1
"""
"""A commit that writes the room's record: KEYS = room hash, the journal of the
record the node read (``krig:{CODE}:j:BASE``), the new record's
(``...:j:VERSION``), the game's record key (and for a room a node of store
format 2 wrote, its old tail and log, deleted). ARGV = [1] the version expected,
[2] the last sequence number, [3] the whole record, [4] the room's time to live
(0: leave the keys' expiry as it is, see ``server.store.store.EXPIRY_SLACK``),
[5] journal entries kept, [6] the journal entry (JournalEntry), [7] the finished
game's record (or empty), [8] its time to live, [9] the channel to publish on
(empty: no other node serves the room), [10] the update to publish, [11]
PUBLISH or SPUBLISH, [12] the journal's length as the node read it (0: a new
room, which must not exist; -1: a room of store format 2, whose hash's ``v`` is
checked), [13] the length of its standing part (the entries after it are
strays, cut off).

The compare is the journal's length: the record's journal exists only while
the record is the room's (a record write renames it), and every step appends
to it. The journal, strays cut, goes on as the new record's with the commit's
entry last, trimmed to ARGV[5] entries: EVALSHA, LLEN, RENAME, RPUSH, LTRIM
and HSET. Expiry is refreshed only when ARGV[4] asks (the node sets it again
once a quarter of it has passed; RENAME keeps a key's expiry). Returns 0 (the
room moved on) or 1."""

STEP = """
local n = redis.call('RPUSHX', KEYS[1], ARGV[2])
if n ~= tonumber(ARGV[1]) then
  if n > 0 then redis.call('RPOP', KEYS[1]) end
  return 0
end
redis.call(ARGV[5], ARGV[3], ARGV[4])
return 1
"""
"""A step of play that is published at once (another node serves the room, and
no ``--redis-min-replicas``): the bare append of a step, and the publish only
if it landed where expected. KEYS = the record's journal; ARGV = [1] the
journal's length with the step, [2] the journal entry, [3] the channel, [4]
the update, [5] PUBLISH or SPUBLISH. A refused step takes its entry back."""

LOAD = (
    UPGRADE
    + """
local h = redis.call('HMGET', KEYS[1], 'v', 's', 'b', 'h', 'j')
if not h[1] or not h[3] then return false end
if not h[4] and h[5] then h[4] = upgrade(KEYS[1], KEYS[2], ARGV[1] .. h[1], h[5]) end
if not h[4] then
  local out = redis.call('LRANGE', KEYS[3], 0, -1)
  table.insert(out, 1, h[3])
  table.insert(out, 1, h[2])
  table.insert(out, 1, h[1])
  table.insert(out, 1, 'format 2')
  return out
end
local journal = ARGV[1] .. h[1]
local head = tonumber(h[4])
if redis.call('LLEN', journal) < head then return false end
local out = redis.call('LRANGE', journal, math.max(head - 1, 0), -1)
table.insert(out, 1, h[4])
table.insert(out, 1, h[3])
table.insert(out, 1, h[2])
table.insert(out, 1, h[1])
return out
"""
)
"""A room's record and the entries appended since, read at once: ``{v, s, b, h,
entry...}``, or nil when the room (or its journal) is gone. The entries start
with the record's own (its last event's frame: ``LoadedRoom.last_frame``). KEYS = the room's
hash, its store-format-3 journal, its store-format-2 tail; ARGV[1] the journal
prefix. A room a node of store format 2 wrote (no ``h``: ``v`` and ``s`` are
the room's, its tail is in KEYS[3]): ``{'format 2', v, s, b, step...}``; its
next commit writes it whole (service: ``LoadedRoom.old``)."""

JOURNAL = (
    UPGRADE
    + """
local h = redis.call('HMGET', KEYS[1], 'v', 'h', 'j')
if not h[1] then return false end
if not h[2] and h[3] then h[2] = upgrade(KEYS[1], KEYS[2], ARGV[1] .. h[1], h[3]) end
if not h[2] then return false end
local journal = ARGV[1] .. h[1]
if ARGV[2] == 'last' then
  return {h[1], h[2], redis.call('LLEN', journal), redis.call('LINDEX', journal, -1)}
end
local out = redis.call('LRANGE', journal, 0, -1)
table.insert(out, 1, h[2])
table.insert(out, 1, h[1])
return out
"""
)
"""A room's journal: ``{v, h, entry...}``, every entry (ARGV[2] ``all``); or
``{v, h, length, last entry}`` (``last``: the latest commit, unless strays
follow it, which the length shows); or nil (no room of format 3 or 4). KEYS and
ARGV[1] as LOAD's. A quiet room's read by the reconcile job is ``last``: one
entry, not the dozen since the record (a burst of them once many rooms go quiet
at once held the event loop)."""

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
