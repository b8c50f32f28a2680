import { LogOut, Trash2 } from 'lucide-react';
import { useParams } from 'react-router';
import { API_KEYS_MESSAGES, can } from '@basin/core';
import { useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import { projectApiOrigin } from '../../data/projects/project-api-urls';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { SendBroadcastForm } from './broadcast-form';
import type { JoinFormValues } from './inspector-schema';
import { JoinChannelForm } from './join-form';
import { MessageList } from './message-list';
import { type ChannelStatus, type InspectorJoin, useInspectorChannel } from './use-inspector-channel';

const STATUS: Record<ChannelStatus, { label: string; tone: BadgeTone }> = {
  idle: { label: 'Not joined', tone: 'neutral' },
  joining: { label: 'Joining…', tone: 'info' },
  joined: { label: 'Joined', tone: 'success' },
  reconnecting: { label: 'Disconnected', tone: 'warning' },
  error: { label: 'Not joined', tone: 'danger' },
};

const ROLE_LABELS: Record<InspectorJoin['role'], string> = { anon: 'anon', service_role: 'service_role', user: 'a user' };

function listening(join: InspectorJoin): string {
  const parts = [
    join.broadcast ? 'broadcast' : null,
    join.presence ? 'presence' : null,
    join.changes
      ? `${join.changes.event === '*' ? 'all changes' : join.changes.event} on ${join.changes.schema}${join.changes.table ? `.${join.changes.table}` : ''}${join.changes.filter ? ` where ${join.changes.filter}` : ''}`
      : null,
  ];
  return parts.filter(Boolean).join(', ');
}

function ChannelSummary({ join, status, onLeave }: { join: InspectorJoin; status: ChannelStatus; onLeave: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-[13px]">
        <dt className="text-muted">Channel</dt>
        <dd className="truncate font-mono text-xs leading-5">{join.topic}</dd>
        <dt className="text-muted">Joined as</dt>
        <dd>{ROLE_LABELS[join.role]}</dd>
        <dt className="text-muted">Listening to</dt>
        <dd>{listening(join)}</dd>
        {join.isPrivate ? (
          <>
            <dt className="text-muted">Private</dt>
            <dd>Yes</dd>
          </>
        ) : null}
      </dl>
      <Button onClick={onLeave} className="self-start" aria-label={status === 'joining' ? 'Cancel joining' : 'Leave channel'}>
        <LogOut className="size-3.5" aria-hidden="true" />
        {status === 'joining' ? 'Cancel' : 'Leave channel'}
      </Button>
    </div>
  );
}

/** /project/:ref/realtime/inspector — join a channel as an app would and watch what it hears, live. */
export function RealtimeInspectorPage() {
  const { ref = '' } = useParams();
  const role = useProjectRole(ref);
  const project = useProjectQuery(ref);
  const canReadKeys = can(role, 'service_api_keys:read');
  const settings = useProjectSettingsQuery(ref, { enabled: canReadKeys });
  const { state, messages, join, leave, send, clear } = useInspectorChannel();
  const keyOf = (tag: string) => settings.data?.service_api_keys.find((key) => key.tags === tag)?.api_key ?? '';

  const onJoin = (values: JoinFormValues) => {
    const apiKey = values.role === 'service_role' ? keyOf('service_role') : canReadKeys ? keyOf('anon') : values.anonKey;
    void join({
      url: projectApiOrigin(project.data?.restUrl),
      apiKey,
      accessToken: values.role === 'user' ? values.accessToken : undefined,
      role: values.role,
      topic: values.topic,
      isPrivate: values.isPrivate,
      broadcast: values.broadcast ? { self: values.self } : null,
      presence: values.presence,
      changes: values.changes ? { schema: values.schema, table: values.table, event: values.event, filter: values.filter } : null,
    });
  };

  const loading = !role || !project.data || (canReadKeys && settings.isPending);
  const status = STATUS[state.status];
  const open = state.joined && state.status !== 'idle' && state.status !== 'error';

  return (
    <Page wide>
      <PageHeader
        title="Realtime Inspector"
        description="Join a channel as an app would, then watch its broadcasts, presence and database changes as they happen."
      />
      {role && !can(role, 'realtime:read') ? (
        <Alert tone="warning" title="You need additional permissions to use Realtime in this project" />
      ) : loading ? (
        <Skeleton className="h-96 w-full rounded-lg" />
      ) : canReadKeys && settings.isError ? (
        <Alert tone="danger" title="Could not load the project's API keys">
          <p>{settings.error.message}</p>
          <Button size="sm" className="mt-2" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <div className="flex flex-col gap-5">
            <Card>
              <Card.Header>
                <Card.Title>Channel</Card.Title>
                <Badge tone={status.tone}>{status.label}</Badge>
              </Card.Header>
              <Card.Content className="flex flex-col gap-4 py-4">
                {state.status === 'error' && state.error ? <Alert tone="danger" title={state.error} /> : null}
                {state.status === 'reconnecting' && state.error ? <Alert tone="warning" title={state.error} /> : null}
                {open && state.joined ? (
                  <ChannelSummary join={state.joined} status={state.status} onLeave={leave} />
                ) : (
                  <JoinChannelForm
                    canUseServiceRole={canReadKeys}
                    keyRequired={!canReadKeys}
                    keysDeniedReason={API_KEYS_MESSAGES.noPermission}
                    onJoin={onJoin}
                  />
                )}
              </Card.Content>
            </Card>
            {open ? (
              <Card>
                <Card.Header>
                  <Card.Title>Send a broadcast</Card.Title>
                </Card.Header>
                <Card.Content className="py-4">
                  <SendBroadcastForm disabled={state.status !== 'joined'} onSend={send} />
                </Card.Content>
              </Card>
            ) : null}
          </div>
          <Card className="min-h-96 self-start">
            <Card.Header>
              <Card.Title>
                Messages{messages.length ? <span className="ml-1.5 font-normal text-muted">({messages.length})</span> : null}
              </Card.Title>
              <Button size="sm" variant="ghost" onClick={clear} disabled={messages.length === 0}>
                <Trash2 className="size-3.5" aria-hidden="true" />
                Clear
              </Button>
            </Card.Header>
            <MessageList messages={messages} joined={state.status === 'joined'} />
          </Card>
        </div>
      )}
    </Page>
  );
}
