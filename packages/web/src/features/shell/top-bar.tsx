import { Sparkles } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isProjectRef } from '../../data/project-path';
import { useLocalSetting } from '../../lib/local-setting';
import { assistantHotkeySetting } from '../../lib/settings';
import { Button } from '../../ui/button';
import { LogoMark } from '../../ui/logo';
import { Tooltip } from '../../ui/tooltip';
import { ApiDocsButton } from '../api-docs/api-docs-button';
import { useAssistantPanel } from '../assistant/assistant-state';
import { Breadcrumbs } from './breadcrumbs';
import { UserMenu } from './user-menu';

function AssistantToggle() {
  const { open, toggle } = useAssistantPanel();
  const [hotkeyEnabled] = useLocalSetting(assistantHotkeySetting);
  return (
    <Tooltip content={hotkeyEnabled ? 'AI assistant (press i)' : 'AI assistant'} side="bottom">
      <Button variant={open ? 'default' : 'ghost'} size="sm" aria-label="Toggle AI assistant" aria-pressed={open} onClick={toggle}>
        <Sparkles className="size-3.5 text-accent" aria-hidden="true" />
        <span className="hidden sm:inline">Assistant</span>
      </Button>
    </Tooltip>
  );
}

export function TopBar() {
  const { slug, ref: param } = useParams();
  // A ref no project can have (`/project/default`) gets no project crumbs or buttons: its page says Project not found.
  const ref = isProjectRef(param) ? param : undefined;
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-border bg-surface px-3">
      <Link to="/organizations" aria-label="Basin home" className="flex items-center gap-2 rounded px-1 py-1 text-sm font-semibold">
        <LogoMark className="size-5" />
        <span className="hidden sm:inline">Basin</span>
      </Link>
      <Breadcrumbs slug={slug} projectRef={ref} />
      <div className="ml-auto flex items-center gap-2">
        {ref ? <ApiDocsButton projectRef={ref} /> : null}
        {ref ? <AssistantToggle /> : null}
        <UserMenu />
      </div>
    </header>
  );
}
