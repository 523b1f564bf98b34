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

STORE_FORMAT = 2
"""How this build keeps rooms in Redis; nodes of different formats must not
serve one Redis at once (one would misread the other's rooms and overwrite
them). 1: the record alone (builds before 2026-11-30 19:30 UTC); 2: the
record and its tail of steps (``krig:{CODE}:tail``). Raise it with any change
a node of the previous format would misread."""

COMMIT = """
local cur = redis.call('HGET', KEYS[1], 'v') or '0'
if cur ~= ARGV[1] then return 0 end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3], 'b', ARGV[4])
  redis.call('DEL', KEYS[4])
else
  redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3])
  redis.call('RPUSH', KEYS[4], ARGV[12])
  redis.call('EXPIRE', KEYS[4], ARGV[5])
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
local n = #ARGV - 12
if n > 0 then
  redis.call('RPUSH', KEYS[2], unpack(ARGV, 13, 12 + n))
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[6]), -1)
end
redis.call('EXPIRE', KEYS[2], ARGV[5])
if ARGV[9] ~= '' then redis.call('SET', KEYS[3], ARGV[9], 'EX', ARGV[10]) end
if ARGV[11] ~= '' and redis.call('PUBSUB', 'NUMSUB', ARGV[7])[2] <= 1
    and redis.call('PUBSUB', 'NUMSUB', ARGV[11])[2] >= 1 then
  return 2
end
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 1
"""
"""ARGV[4]: the whole record, written as the room's record; the tail (KEYS[4])
is emptied. Empty for a step of play: the record is left as it is and the
step (ARGV[12], a StepEntry) is appended to the tail instead.

ARGV[11]: the committing node's control channel when the node is subscribed
to the room's channel (Redis confirmed it), else empty. The update is then
published only if someone else listens too: the node delivers its own commits
itself, and if its subscription is gone (control channel without subscriber)
it cannot vouch for who the one subscriber is, so the script publishes.
Returns 0 (version moved on), 1 (published) or 2 (no other listener)."""

JOIN = """
local live = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[4], '+inf')
local silent = {}
for _, node in ipairs(live) do
  if node ~= ARGV[1] then
    local format = redis.call('HGET', KEYS[2], node)
    if not format then
      table.insert(silent, node)
    elseif format ~= ARGV[2] then
      return {'differs', node, format}
    end
  end
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return {'joined', unpack(silent)}
"""
"""A node joins the nodes sharing this Redis only if every live one (beating
since ARGV[4]) keeps rooms as it does (ARGV[2]); at once, so two nodes of
different formats starting together cannot both pass. Returns
``{'differs', node, format}``, or ``{'joined', node...}`` with the live nodes
that said no format (builds from before the check)."""

ROTATE = """
local tok = redis.call('HGET', KEYS[1], 'tok')
if not tok or tok ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'tok', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
"""

CLAIM_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for i, code in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], code)
end
return due
"""
