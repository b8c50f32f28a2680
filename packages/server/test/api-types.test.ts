import { describe, expect, it } from 'vitest';
import { apiDocuments, staleApiTypes } from '../scripts/api-types.ts';

// The web's typed client reads packages/web/src/data/api-types/, generated from the server's
// OpenAPI documents. A route or field renamed on the server without `npm run api-types` leaves
// those files describing the old API: this catches it.
describe('generated API types', () => {
  it('builds the three documents without a running platform', async () => {
    const documents = await apiDocuments();
    for (const document of Object.values(documents)) {
      expect(Object.keys((document as { paths: object }).paths).length).toBeGreaterThan(0);
    }
  });

  it('match a fresh generation (run `npm run api-types` when this fails)', async () => {
    expect(await staleApiTypes()).toEqual([]);
  });
});
