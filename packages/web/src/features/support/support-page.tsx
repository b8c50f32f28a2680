import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { pageTitle } from '@basin/core';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Card } from '../../ui/card';
import { Page, PageHeader } from '../../ui/page';
import { SupportForm } from './support-form';
import { readSupportQuery } from './support-query';

/** /support/new — a support request, prefilled from the query of the link that led here. */
export function SupportPage() {
  useDocumentTitle(pageTitle({ page: 'Support' }));
  const [params] = useSearchParams();
  const prefill = useMemo(() => readSupportQuery(params), [params]);
  return (
    <Page>
      <PageHeader title="Contact support" description="Tell us what went wrong; the request is kept with your account." />
      <Card>
        <Card.Content className="py-5">
          <SupportForm prefill={prefill} />
        </Card.Content>
      </Card>
    </Page>
  );
}
