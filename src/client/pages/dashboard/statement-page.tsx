import { QueryState } from '../../components/query-state';
import { formatDay } from '../../lib/format';
import { statementPdfUrl, useStatement } from '../../features/credit/api/credit';
import { StatementView } from '../../features/credit/components/statement-view';

/** /dashboard/statement: the company's account with the shop, for its members. */
export function StatementPage() {
  const statement = useStatement();
  return (
    <section aria-labelledby="statement-title">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h2 id="statement-title" className="h4 mb-0">
          Statement of account
        </h2>
        <a
          className="btn btn-outline-secondary btn-sm"
          href={statementPdfUrl}
          target="_blank"
          rel="noreferrer"
        >
          Download PDF
        </a>
      </div>
      <QueryState query={statement} what="your statement">
        {(data) => (
          <>
            <p className="text-secondary">
              {data.company}, as of {formatDay(data.asOf)}.
            </p>
            <StatementView statement={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}
