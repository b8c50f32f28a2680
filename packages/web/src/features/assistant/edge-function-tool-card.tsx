import { useQueryClient } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { useState } from 'react';
import { ASSISTANT_MESSAGES, can } from '@basin/core';
import { FUNCTIONS_MESSAGES } from '@basin/core/schemas';
import { isApiError } from '../../data/fetcher';
import { deployFunction } from '../../data/functions/use-deploy-function-mutation';
import { getFunction } from '../../data/functions/use-function-query';
import { functionKeys } from '../../data/functions/keys';
import { toast } from '../../lib/toast';
import { CopyButton } from '../../ui/copy-button';
import { Spinner } from '../../ui/spinner';
import { functionUrl } from '../functions/invoke-examples';
import { useAssistantProject } from './assistant-context';
import { ConfirmFooter } from './confirm-footer';
import { functionToolInput, functionToolOutput } from './tool-inputs';
import type { ToolPart } from './tool-part';
import { track } from '../../data/telemetry/track';

type Phase = { kind: 'confirm' } | { kind: 'checking' } | { kind: 'replace' } | { kind: 'deploying' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'Unknown error';

/**
 * The deploy_edge_function tool (spec part 2 §2, §4, §8): the code, then Skip or Deploy; a function
 * of that slug already there asks 'Replace function' first. Deploys go through the functions
 * pages' multipart route; the answer to the model is `{ success, url }` or `{ success: false, error }`.
 */
export function EdgeFunctionToolCard({
  part,
  waiting,
  onOutput,
}: {
  part: ToolPart;
  waiting: boolean;
  onOutput: (output: unknown) => void;
}) {
  const { projectRef, role, restUrl } = useAssistantProject();
  const queryClient = useQueryClient();
  const input = functionToolInput(part.input);
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  const mayDeploy = can(role, 'functions:write');

  async function deploy() {
    setPhase({ kind: 'deploying' });
    try {
      await deployFunction({
        ref: projectRef,
        slug: input.slug,
        metadata: { entrypoint_path: 'index.ts', name: input.name, verify_jwt: true },
        files: [{ path: 'index.ts', content: input.code }],
      });
      void queryClient.invalidateQueries({ queryKey: functionKeys.all(projectRef) });
      toast.success(ASSISTANT_MESSAGES.deployed);
      onOutput({ success: true, url: functionUrl(restUrl, input.slug) });
    } catch (error) {
      const message = errorText(error);
      toast.error(ASSISTANT_MESSAGES.deployFailed(message));
      setPhase({ kind: 'confirm' });
      onOutput({ success: false, error: message });
    }
  }

  async function check() {
    track('edge_function_deploy_button_clicked', { projectRef, slug: input.slug });
    setPhase({ kind: 'checking' });
    try {
      await getFunction(projectRef, input.slug);
      setPhase({ kind: 'replace' });
    } catch (error) {
      if (isApiError(error, 404)) await deploy();
      else {
        toast.error(ASSISTANT_MESSAGES.deployFailed(errorText(error)));
        setPhase({ kind: 'confirm' });
      }
    }
  }

  const output = part.state === 'output-available' ? functionToolOutput(part.output) : undefined;
  const downloadCommand = `supabase functions download ${input.slug} --project-ref ${projectRef}`;

  return (
    <div className="flex flex-col overflow-hidden rounded-md border border-border" data-testid="edge-function-tool-card">
      <div className="flex items-center gap-2 border-b border-border bg-surface-muted px-3 py-1.5 text-xs">
        <Zap className="size-3.5 text-accent" aria-hidden="true" />
        <span className="truncate font-medium">{input.label}</span>
        <code className="truncate text-muted">{input.slug}</code>
        {part.state === 'input-streaming' ? (
          <span className="ml-auto flex items-center gap-1.5 text-muted">
            <Spinner className="size-3" />
            {ASSISTANT_MESSAGES.writingFunction}
          </span>
        ) : null}
      </div>
      {input.code ? (
        <pre className="max-h-[300px] overflow-auto px-3 py-2 font-mono text-xs whitespace-pre" data-testid="edge-function-code">
          {input.code}
        </pre>
      ) : null}
      {part.state === 'output-error' ? (
        <p role="alert" className="border-t border-border px-3 py-2 text-xs text-danger">
          {ASSISTANT_MESSAGES.functionFailed} {part.errorText}
        </p>
      ) : null}
      {output?.kind === 'deployed' ? (
        <div className="flex flex-col gap-1.5 border-t border-border px-3 py-2 text-xs">
          <p className="font-medium text-accent">Deployed</p>
          <div className="flex items-center gap-2">
            <span className="text-muted">URL</span>
            <code className="min-w-0 flex-1 truncate" data-testid="function-url">
              {output.url}
            </code>
            <CopyButton value={output.url} />
          </div>
          <div className="flex items-center gap-2">
            <span className="text-muted">Download with the CLI</span>
            <code className="min-w-0 flex-1 truncate" data-testid="function-download">
              {downloadCommand}
            </code>
            <CopyButton value={downloadCommand} />
          </div>
        </div>
      ) : output?.kind === 'failed' ? (
        <p role="alert" className="border-t border-border px-3 py-2 text-xs text-danger">
          {ASSISTANT_MESSAGES.functionFailed} {output.error}
        </p>
      ) : output?.kind === 'skipped' ? (
        <p className="border-t border-border px-3 py-2 text-xs text-muted">Skipped: the function was not deployed.</p>
      ) : null}
      {part.state === 'input-available' && waiting ? (
        phase.kind === 'replace' ? (
          <ConfirmFooter
            message={`A function named ${input.slug} already exists`}
            note="Deploying replaces its code with this version."
            skipLabel="Cancel"
            confirmLabel="Replace function"
            onSkip={() => setPhase({ kind: 'confirm' })}
            onConfirm={() => void deploy()}
          />
        ) : (
          <ConfirmFooter
            message="Assistant wants to deploy this Edge Function"
            confirmLabel="Deploy"
            busy={phase.kind === 'checking' || phase.kind === 'deploying'}
            disabledReason={
              role !== undefined && !mayDeploy ? FUNCTIONS_MESSAGES.noPermission : !input.code ? 'The function has no code' : undefined
            }
            onSkip={() => onOutput({ success: false, error: 'Skipped' })}
            onConfirm={() => void check()}
          />
        )
      ) : null}
    </div>
  );
}
