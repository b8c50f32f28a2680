import { Link } from 'react-router';
import { Alert } from '../../ui/alert';

/** Without an SMTP server (the project's or the platform's), auth emails are not sent: say so, and how to make the links instead. */
export function MailNotice({ projectRef }: { projectRef: string }) {
  return (
    <Alert tone="warning" title="Auth emails are not sent" className="mb-4">
      <p>
        Neither this project nor the platform has an SMTP server, so invitation, confirmation and password recovery emails are not
        delivered.{' '}
        <Link to={`/project/${projectRef}/auth/smtp`} className="text-foreground underline underline-offset-2">
          Set up SMTP
        </Link>
        , or make the links on your server with the admin API:{' '}
        <code className="font-mono text-xs text-foreground">{"supabase.auth.admin.generateLink({ type: 'invite', email })"}</code>.
      </p>
    </Alert>
  );
}
