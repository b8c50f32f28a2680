/** Spec part 2 §2: the result widget's chart is 230 px high. */
export const CHART_HEIGHT = 230;
