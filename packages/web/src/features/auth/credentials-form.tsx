import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@basin/core';
import { Credentials, SignUpCredentials } from '@basin/core/schemas';
import { isApiError } from '../../data/fetcher';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';

/** Signing in takes any password of the right length; a new password must pass core's rule. */
const resolvers = {
  'current-password': zodResolver(Credentials),
  'new-password': zodResolver(SignUpCredentials),
};

function serverMessage(error: unknown): string {
  if (isApiError(error, 429)) return MESSAGES.tooManyAttempts;
  return error instanceof Error ? error.message : String(error);
}

interface CredentialsFormProps {
  submitLabel: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordHint?: string;
  onSubmit: (credentials: Credentials) => Promise<unknown>;
}

/** Email and password, validated with core's schemas; the server's answer shows above the button. */
export function CredentialsForm({ submitLabel, passwordAutoComplete, passwordHint, onSubmit }: CredentialsFormProps) {
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({
    resolver: resolvers[passwordAutoComplete],
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { email: '', password: '' },
  });

  // Editing either field dismisses the server's answer.
  const clearServerError = { onChange: () => clearErrors('root.server') };
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      setError('root.server', { message: serverMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        control={control}
        name="email"
        rules={clearServerError}
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        placeholder="you@example.com"
      />
      <FormField
        control={control}
        name="password"
        rules={clearServerError}
        id="password"
        label="Password"
        description={passwordHint}
        type="password"
        autoComplete={passwordAutoComplete}
      />
      {errors.root?.server?.message ? <Alert tone="danger" title={errors.root.server.message} /> : null}
      <Button type="submit" variant="primary" loading={isSubmitting} className="w-full justify-center">
        {submitLabel}
      </Button>
    </form>
  );
}
