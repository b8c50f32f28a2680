import { Link, Navigate, useNavigate } from 'react-router';
import { pageTitle } from '@basin/core';
import { useSessionQuery } from '../../data/auth/use-session-query';
import { useSignUpMutation } from '../../data/auth/use-sign-up-mutation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './auth-layout';
import { CredentialsForm } from './credentials-form';

export function SignUpPage() {
  useDocumentTitle(pageTitle({ page: 'Sign up' }));
  const navigate = useNavigate();
  const session = useSessionQuery();
  const signUp = useSignUpMutation();
  if (session.data) return <Navigate to="/organizations" replace />;

  return (
    <AuthLayout
      title="Create your account"
      description="One account for all your organizations and projects."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/sign-in" className="text-foreground underline-offset-2 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <CredentialsForm
        submitLabel="Sign up"
        passwordAutoComplete="new-password"
        passwordHint="At least 8 characters besides spaces, not a common password."
        onSubmit={async (credentials) => {
          await signUp.mutateAsync(credentials);
          await navigate('/organizations', { replace: true });
        }}
      />
    </AuthLayout>
  );
}
