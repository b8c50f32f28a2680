import { Link } from 'react-router';
import { Alert } from '../../ui/alert';

const linkClass = 'text-foreground underline underline-offset-2';

/** Without an SMTP server (the project's or the platform's), auth emails are kept in the Mailbox instead of sent: say so, and where. */
export function MailNotice({ projectRef }: { projectRef: string }) {
  return (
    <Alert tone="warning" title="Auth emails are kept in the Mailbox" className="mb-4">
      <p>
        Neither this project nor the platform has an SMTP server, so invitation, confirmation and password recovery emails are not
        delivered: they are kept in the{' '}
        <Link to={`/project/${projectRef}/auth/mailbox`} className={linkClass}>
          Mailbox
        </Link>
        , with links that work.{' '}
        <Link to={`/project/${projectRef}/auth/smtp`} className={linkClass}>
          Set up SMTP
        </Link>{' '}
        to send them to your users.
      </p>
    </Alert>
  );
}
