/**
 * A catalogue price as the catalogue states it ($0.01344, $0.125, $1.00): at least cents, and
 * every further digit the figure has, so a unit price is never shown rounded.
 */
export const cataloguePrice = (usd: number) => `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;

/** An amount to pay (a sum of prices times quantities), to the cent. */
export const amount = (usd: number) => `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
