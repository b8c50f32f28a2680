-- What an organization lets the AI assistant see (spec part 2 §3: opt_in_tags AI_SQL, AI_LOG,
-- AI_DATA; none is the 'disabled' level), and the extra addresses billing mail goes to.
alter table organizations
  add column opt_in_tags text[] not null default '{}'
    check (opt_in_tags <@ array['AI_SQL', 'AI_LOG', 'AI_DATA']),
  add column additional_billing_emails text[] not null default '{}';
