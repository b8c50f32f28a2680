-- The AI assistant's chats (spec part 2 §3). A chat belongs to one member on one project and only
-- they see it; it goes with the project or the user.
create table assistant_chats (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" (id) on delete cascade,
  project_ref text not null references projects (ref) on delete cascade on update cascade,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index assistant_chats_owner on assistant_chats (project_ref, user_id, updated_at desc);

-- A chat's messages as the AI SDK's UI messages: their id (made by the dashboard or the server),
-- role and parts; position orders them. Editing a message deletes it and every later one.
create table assistant_messages (
  chat_id uuid not null references assistant_chats (id) on delete cascade,
  message_id text not null,
  position integer not null,
  role text not null check (role in ('user', 'assistant', 'system')),
  parts jsonb not null,
  metadata jsonb,
  created_at timestamptz not null default now(),
  primary key (chat_id, message_id),
  unique (chat_id, position)
);

-- Ratings of assistant messages (positive or negative, an optional reason), with the category the
-- server read from the rated message and, optionally, the conversation as the dashboard sent it.
create table assistant_ratings (
  id bigint generated always as identity primary key,
  user_id text not null references "user" (id) on delete cascade,
  project_ref text not null references projects (ref) on delete cascade on update cascade,
  chat_id uuid references assistant_chats (id) on delete set null,
  message_id text not null,
  rating text not null check (rating in ('positive', 'negative')),
  reason text,
  category text not null,
  messages jsonb,
  created_at timestamptz not null default now(),
  unique (user_id, project_ref, message_id)
);
