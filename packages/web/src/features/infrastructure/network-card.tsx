import type { InfrastructureResponse } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Fact, FactList, NOT_RUNNING } from './fact-list';

function SslState({ ssl }: { ssl: boolean | null }) {
  if (ssl === null) return NOT_RUNNING;
  return <Badge tone={ssl ? 'success' : 'neutral'}>{ssl ? 'On' : 'Off'}</Badge>;
}

function sslMeaning(ssl: boolean | null): string {
  if (ssl === null) return 'Read from the database once it runs again.';
  return ssl
    ? 'The database accepts encrypted connections; a client that sets sslmode=require refuses to connect without one.'
    : 'The database accepts unencrypted connections only. They never leave this machine, so nothing crosses a network in the clear. If you let other machines in through a proxy or tunnel, encrypt at that hop.';
}

/** Where the database listens, why there are no network restrictions to set, and what its SSL setting means. */
export function NetworkCard({ network }: { network: InfrastructureResponse['network'] }) {
  const address =
    network.listen_addresses === null ? NOT_RUNNING : <span className="font-mono">{`${network.listen_addresses}:${network.port}`}</span>;
  return (
    <Card>
      <Card.Header>
        <Card.Title>Network</Card.Title>
      </Card.Header>
      <FactList>
        <Fact label="Listens on" value={address} detail="The loopback address: only programs on this machine can open a connection." />
        <Fact
          label="Network restrictions"
          value="Not configurable"
          detail="Basin binds every database to 127.0.0.1, so no other machine reaches its port and there is no list of allowed addresses to keep. To connect from elsewhere, go through something you control on this machine, such as an SSH tunnel."
        />
        <Fact label="SSL" value={<SslState ssl={network.ssl} />} detail={sslMeaning(network.ssl)} />
      </FactList>
    </Card>
  );
}
