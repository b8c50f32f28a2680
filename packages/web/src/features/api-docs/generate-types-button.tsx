import { Download } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { generateTypes } from '../../data/pg-meta/generate-types';
import { saveTextFile } from '../../lib/save-text-file';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';

export const TYPES_FILENAME = 'supabase.ts';

/** 'Generate and download types': asks the platform for the types and saves them as supabase.ts. */
export function GenerateTypesButton({ projectRef }: { projectRef: string }) {
  const generate = useMutation({
    mutationFn: () => generateTypes(projectRef),
    onSuccess(types) {
      saveTextFile(TYPES_FILENAME, types, 'text/typescript');
      toast.success('Successfully generated types! File is being downloaded');
    },
    onError(error) {
      toast.error(`Failed to generate types: ${error.message}`);
    },
  });
  return (
    <Button size="sm" onClick={() => generate.mutate()} loading={generate.isPending}>
      <Download className="size-3.5" aria-hidden="true" />
      Generate and download types
    </Button>
  );
}
