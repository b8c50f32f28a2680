-- Sign-in attempts per account (lower-cased email) in the current one-minute window, so that
-- guessing one account's password from many addresses is limited too, on every replica and
-- across restarts. Rows of past windows are removed as new attempts come in.
create table sign_in_attempts (
  email text primary key,
  window_started_at timestamptz not null,
  attempts integer not null
);
create index sign_in_attempts_by_window on sign_in_attempts (window_started_at);
