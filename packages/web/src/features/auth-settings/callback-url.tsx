import { useParams } from 'react-router';
import { useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import { Skeleton } from '../../ui/skeleton';
import { SecretField } from '../api-keys/secret-field';

/** The redirect URI to register at every provider: the project API's `/auth/v1/callback`. */
export function CallbackUrl() {
  const { ref = '' } = useParams();
  const settings = useProjectSettingsQuery(ref);
  if (settings.isError) return <p className="text-xs text-danger">The callback URL could not be loaded.</p>;
  if (!settings.data) return <Skeleton className="h-14" />;
  const { protocol, endpoint } = settings.data.app_config;
  return (
    <SecretField
      label="Callback URL (for OAuth)"
      hint="Register this URL as the redirect URI of your app at the provider."
      value={`${protocol}://${endpoint}/auth/v1/callback`}
    />
  );
}
