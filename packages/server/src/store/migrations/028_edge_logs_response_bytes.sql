-- Log queries see each answer's size too (edge_logs.response_bytes came with migration 027, after
-- the view was made): a new last column, and the size in the event's metadata.
create or replace view logs.edge_logs with (security_barrier) as
select id, timestamp,
  method || ' ' || path || ' ' || status as event_message,
  jsonb_build_object(
    'request', jsonb_build_object('method', method, 'path', path),
    'response', jsonb_build_object('status_code', status, 'bytes', response_bytes),
    'duration_ms', duration_ms, 'role', role, 'key_role', key_role, 'key_signature_prefix', key_signature_prefix,
    'from_browser', from_browser, 'rotated_out_key', rotated_out_key
  ) as metadata,
  method, path, status, duration_ms, role, key_role, key_signature_prefix, from_browser, rotated_out_key,
  response_bytes
from public.edge_logs
where ref = (select r.ref from public.log_readers r where r.role_name = session_user)
  and timestamp >= coalesce(nullif(current_setting('basin.logs_start', true), '')::timestamptz, '-infinity')
  and timestamp <= coalesce(nullif(current_setting('basin.logs_end', true), '')::timestamptz, 'infinity');
