import { ChevronDown, Cpu } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ASSISTANT_MESSAGES } from '@basin/core';
import { ASSISTANT_MODELS, type AssistantModel } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DropdownMenu } from '../../ui/dropdown-menu';
import { Tooltip } from '../../ui/tooltip';
import { assistantModelSetting, modelInUse, modelNeedsPaidPlan, modelUpgradePath, useStoredModel } from './models';

/** The model in use and what changes it: the stored choice, the organization's plan. */
export function useAssistantModel(planId: string | undefined) {
  const stored = useStoredModel();
  return { ...modelInUse(stored, planId), choose: assistantModelSetting.set };
}

/**
 * Spec part 2 §2, §4, §6: gpt-5 and gpt-5-mini; gpt-5 needs a paid plan. A free organization's
 * member choosing it goes to the subscription panel instead; a stored gpt-5 falls back to gpt-5-mini.
 */
export function ModelPicker({ planId, orgSlug }: { planId: string | undefined; orgSlug: string | undefined }) {
  const navigate = useNavigate();
  const { model, fellBack, choose } = useAssistantModel(planId);
  const free = planId === undefined || planId === 'free';

  function pick(value: string) {
    const next = ASSISTANT_MODELS.find((candidate) => candidate === value);
    if (!next) return;
    if (free && modelNeedsPaidPlan(next)) {
      void navigate(modelUpgradePath(orgSlug));
      return;
    }
    choose(next as AssistantModel);
  }

  return (
    <DropdownMenu>
      <Tooltip content={fellBack ? ASSISTANT_MESSAGES.gpt5NeedsPro : undefined}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label={`Model: ${model}`}>
            <Cpu className="size-3.5" aria-hidden="true" />
            {model}
            <ChevronDown className="size-3" aria-hidden="true" />
          </Button>
        </DropdownMenu.Trigger>
      </Tooltip>
      <DropdownMenu.Content align="start" className="min-w-64">
        <DropdownMenu.Label>Model</DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={model} onValueChange={pick}>
          {ASSISTANT_MODELS.map((candidate) => (
            <DropdownMenu.RadioItem key={candidate} value={candidate}>
              <span className="flex flex-col gap-1">
                {candidate}
                {free && modelNeedsPaidPlan(candidate) ? <Badge tone="info">{ASSISTANT_MESSAGES.gpt5NeedsPro}</Badge> : null}
              </span>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu>
  );
}
