import { Link } from 'react-router';
import { DATABASE_SETTINGS_MESSAGES } from '@basin/core';
import type { InfrastructureResponse } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { Fact, FactList, NOT_RUNNING } from '../infrastructure/fact-list';

/**
 * SSL: Basin cannot enforce it (the instances have no certificates and listen on 127.0.0.1 only);
 * what the running server says of its `ssl` setting, and the advisor that reports it.
 */
export function SslCard({
  projectRef,
  network,
  failed,
}: {
  projectRef: string;
  network: InfrastructureResponse['network'] | undefined;
  failed: boolean;
}) {
  const ssl = network?.ssl;
  const setting =
    network === undefined ? (
      failed ? (
        <span className="text-muted">Could not be read</span>
      ) : (
        <Skeleton className="h-4 w-16" />
      )
    ) : ssl === null || ssl === undefined ? (
      NOT_RUNNING
    ) : (
      <span className="font-mono">{ssl ? 'on' : 'off'}</span>
    );
  return (
    <Card>
      <Card.Header>
        <Card.Title>SSL configuration</Card.Title>
        <Badge tone="warning">Not enforced</Badge>
      </Card.Header>
      <FactList>
        <Fact label="Enforce SSL on incoming connections" value="Off" detail={DATABASE_SETTINGS_MESSAGES.sslNotEnforced} />
        <Fact
          label="Server's ssl setting"
          value={setting}
          detail={ssl === true ? DATABASE_SETTINGS_MESSAGES.sslOn : 'Read from the running database.'}
        />
      </FactList>
      <Card.Content className="border-t border-border text-xs text-muted">
        The{' '}
        <Link to={`/project/${projectRef}/advisors`} className="text-accent hover:underline">
          security advisor
        </Link>{' '}
        reports this as <code className="font-mono">ssl_not_enforced</code>.
      </Card.Content>
    </Card>
  );
}
