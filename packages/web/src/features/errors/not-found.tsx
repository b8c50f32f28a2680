import { Link } from 'react-router';
import { pageTitle } from '@basin/core';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';

export function NotFound({ title = 'Page not found', detail = 'The page you are looking for does not exist.' }) {
  useDocumentTitle(pageTitle({ page: title }));
  return (
    <div className="flex h-full min-h-80 flex-col items-center justify-center gap-3 px-6 text-center">
      <p className="font-mono text-xs text-subtle">404</p>
      <h1 className="text-lg font-medium">{title}</h1>
      <p className="text-[13px] text-muted">{detail}</p>
      <Button asChild>
        <Link to="/organizations">Go to your organizations</Link>
      </Button>
    </div>
  );
}
