import { useAdminCompanies } from '../../features/credit/api/credit';
import { PunchoutConnections } from '../../features/punchout/components/punchout-connections';

/**
 * /dashboard/punchout (DESIGN §11): the companies that buy from inside their procurement systems (SAP
 * Ariba, Coupa, SAP SRM…): their connections, latest punchouts and orders, and a new one set up.
 */
export function PunchoutPage() {
  const companies = useAdminCompanies();
  return (
    <>
      <h2 className="h4 mb-2">Punchout</h2>
      <p className="text-secondary small mb-3">
        Procurement systems post cXML to <code>/punchout/cxml</code> (setup requests and purchase orders), or
        call <code>/punchout/oci</code> with the OCI user and password; their buyers shop here and transfer
        the cart back.
      </p>
      <PunchoutConnections companies={companies.data ?? []} />
    </>
  );
}
