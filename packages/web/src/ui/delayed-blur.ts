import type { UseFormRegisterReturn } from 'react-hook-form';
import { BLUR_VALIDATION_DELAY_MS } from '@basin/core';

/**
 * Forms revalidate on blur, 100 ms late (spec part 1 §5): a click on the submit button lands before
 * an error message can shift the layout under the pointer.
 */
export function withDelayedBlur<TName extends string>(field: UseFormRegisterReturn<TName>): UseFormRegisterReturn<TName> {
  return {
    ...field,
    onBlur: (event: Parameters<typeof field.onBlur>[0]) =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          void field.onBlur(event);
          resolve();
        }, BLUR_VALIDATION_DELAY_MS);
      }),
  };
}

/** The same delay for controlled fields (Controller's `field.onBlur`). */
export function delayedBlur(onBlur: () => void): () => void {
  return () => {
    setTimeout(onBlur, BLUR_VALIDATION_DELAY_MS);
  };
}
