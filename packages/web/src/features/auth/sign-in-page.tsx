import { Link, Navigate, useNavigate } from 'react-router';
import { pageTitle } from '@basin/core';
import { useSessionQuery } from '../../data/auth/use-session-query';
import { useSignInMutation } from '../../data/auth/use-sign-in-mutation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './auth-layout';
import { CredentialsForm } from './credentials-form';

export function SignInPage() {
  useDocumentTitle(pageTitle({ page: 'Sign in' }));
  const navigate = useNavigate();
  const session = useSessionQuery();
  const signIn = useSignInMutation();
  if (session.data) return <Navigate to="/organizations" replace />;

  return (
    <AuthLayout
      title="Sign in to Basin"
      description="Manage your organizations and their Postgres projects."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/sign-up" className="text-foreground underline-offset-2 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <CredentialsForm
        submitLabel="Sign in"
        passwordAutoComplete="current-password"
        onSubmit={async (credentials) => {
          await signIn.mutateAsync(credentials);
          await navigate('/organizations', { replace: true });
        }}
      />
    </AuthLayout>
  );
}
