-- What Realtime did for each project (realtime/log.ts): sockets opened and closed, channels
-- joined, refused and shut, with the topic and the role. Never a message's payload.
create table realtime_logs (
  id bigint generated always as identity,
  timestamp timestamptz not null,
  ref text not null,
  level text not null,
  event_type text not null,
  topic text,
  role text,
  msg text not null
);
create index realtime_logs_ref_timestamp on realtime_logs (ref, timestamp);

create view logs.realtime_logs with (security_barrier) as
select id, timestamp, msg as event_message,
  jsonb_build_object('level', level, 'event_type', event_type, 'topic', topic, 'role', role, 'msg', msg) as metadata,
  level, event_type, topic, role
from public.realtime_logs
where ref = (select r.ref from public.log_readers r where r.role_name = session_user)
  and timestamp >= coalesce(nullif(current_setting('basin.logs_start', true), '')::timestamptz, '-infinity')
  and timestamp <= coalesce(nullif(current_setting('basin.logs_end', true), '')::timestamptz, 'infinity');
