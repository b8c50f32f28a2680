-- A project whose data falls under HIPAA (protected health information): the AI assistant is
-- disallowed for it (spec part 2 §6). Off by default; an Owner turns it on.
alter table projects add column hipaa boolean not null default false;
