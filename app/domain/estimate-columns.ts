/**
 * An estimate's table: its columns' names (read by screen readers) and its total's. English on
 * My day; the homeowner's page passes its request's language (./request-page-words.ts).
 */
export interface EstimateColumns {
  kind: string;
  description: string;
  amount: string;
  total: string;
}

export const englishEstimateColumns: EstimateColumns = {
  kind: "Kind",
  description: "Description",
  amount: "Amount",
  total: "Total",
};
