import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@basin/core';
import { Credentials, SignUpCredentials } from '@basin/core/schemas';
import { isApiError } from '../../data/fetcher';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { withDelayedBlur } from '../../ui/delayed-blur';
import { FormField, describedBy } from '../../ui/form-field';
import { Input } from '../../ui/input';

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
    register,
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

  const clearServerError = () => clearErrors('root.server');
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      setError('root.server', { message: serverMessage(error) });
    }
  });

  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="email" label="Email" error={emailError}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          autoFocus
          placeholder="you@example.com"
          invalid={Boolean(emailError)}
          aria-describedby={describedBy('email', { error: emailError })}
          {...withDelayedBlur(register('email', { onChange: clearServerError }))}
        />
      </FormField>
      <FormField id="password" label="Password" error={passwordError} description={passwordHint}>
        <Input
          id="password"
          type="password"
          autoComplete={passwordAutoComplete}
          invalid={Boolean(passwordError)}
          aria-describedby={describedBy('password', { error: passwordError, description: passwordHint })}
          {...withDelayedBlur(register('password', { onChange: clearServerError }))}
        />
      </FormField>
      {errors.root?.server?.message ? <Alert tone="danger" title={errors.root.server.message} /> : null}
      <Button type="submit" variant="primary" loading={isSubmitting} className="w-full justify-center">
        {submitLabel}
      </Button>
    </form>
  );
}
